"""Walls and doors on field edges (D-13): the grid API, sight (D-9) and movement (D-10).

D-13: "Wherever a rule asks whether a wall lies between two fields [...] an edge wall
answers as a wall field would. A diagonal step is not allowed past a corner that an
edge wall touches. Sight stays symmetric (D-9)."
"""

from __future__ import annotations

import heapq
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.edges import EdgeKind
from game.board.grid import DIRECTIONS_8, BattleGrid, Cell
from game.board.movement import find_path, path_cost, reachable
from game.board.sight import Cover, cover, line_of_sight, visible_cells
from game.board.steps import diagonal_step_blocked, edge_step_blocked, step_problem

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_map(seed: int, width: int = 11, height: int = 9) -> BattleGrid:
    """Return a map with some wall fields and a scatter of edge walls and edge doors."""
    rng = np.random.default_rng(seed)
    grid = BattleGrid(rng.random((height, width)) < 0.08)
    for _ in range(int(rng.integers(1, 30))):
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        b = (x + 1, y) if rng.random() < 0.5 else (x, y + 1)
        if not grid.in_bounds(b):
            continue
        roll = rng.random()
        if roll < 0.7:
            grid.add_edge_wall((x, y), b)
        else:
            grid.set_edge_door((x, y), b, open=roll < 0.8)
    return grid


def corner_touched(grid: BattleGrid, a: Cell, b: Cell) -> bool:
    """Return whether a blocking edge touches the corner a diagonal step a -> b passes."""
    (ax, ay), (bx, by) = a, b
    ring = [(ax, ay), (bx, ay), (bx, by), (ax, by)]
    return any(
        grid.is_edge_blocked(ring[i], ring[(i + 1) % 4])
        for i in range(4)
        if grid.in_bounds(ring[i]) and grid.in_bounds(ring[(i + 1) % 4])
    )


# ---------------------------------------------------------------- grid API
def test_d13_grid_starts_without_edge_walls() -> None:
    """D-13: a map without edge walls has none (every existing map behaves as before)."""
    grid = BattleGrid.from_ascii("...\n.#.\n...")
    assert not grid.has_edge_walls
    assert grid.edge_list() == []
    assert not grid.is_edge_blocked((0, 0), (1, 0))


def test_d13_edge_walls_and_doors_are_stored_listed_and_copied() -> None:
    """D-13: an edge wall or door stands between two orthogonal neighbours."""
    grid = BattleGrid.open(4, 3)
    version = grid.version
    grid.add_edge_wall((1, 1), (2, 1))
    grid.set_edge_door((0, 0), (0, 1))
    assert grid.version > version
    assert grid.is_edge_blocked((2, 1), (1, 1))  # either order
    assert grid.is_edge_blocked((0, 1), (0, 0))
    assert not grid.is_edge_blocked((1, 1), (1, 2))
    grid.set_edge_door((0, 1), (0, 0), open=True)
    assert not grid.is_edge_blocked((0, 0), (0, 1))
    assert grid.edge_kind((0, 0), (0, 1)) is EdgeKind.OPEN_DOOR
    kinds = {(e.a, e.b): e.kind for e in grid.edge_list()}
    assert kinds == {((0, 0), (0, 1)): EdgeKind.OPEN_DOOR, ((1, 1), (2, 1)): EdgeKind.WALL}
    twin = grid.copy()
    twin.clear_edge((1, 1), (2, 1))
    assert grid.is_edge_blocked((1, 1), (2, 1)) and not twin.is_edge_blocked((1, 1), (2, 1))


@pytest.mark.parametrize("a, b", [((0, 0), (1, 1)), ((0, 0), (2, 0)), ((0, 0), (0, 0))])
def test_d13_an_edge_needs_two_orthogonal_neighbours(a: Cell, b: Cell) -> None:
    """D-13: only fields that share a border have an edge between them."""
    with pytest.raises(ValueError, match="do not share an edge"):
        BattleGrid.open(3, 3).add_edge_wall(a, b)


# ------------------------------------------------------------------- sight
def test_d13_sight_is_blocked_by_a_crossed_edge_wall_and_a_closed_door() -> None:
    """D-13: the centre-to-centre line is blocked when it crosses an edge wall."""
    grid = BattleGrid.open(5, 5)
    grid.add_edge_wall((1, 2), (2, 2))
    assert not line_of_sight(grid, (0, 2), (4, 2))
    assert not line_of_sight(grid, (0, 1), (4, 3))  # crosses x = 1.5 at y = 1.75
    assert line_of_sight(grid, (0, 0), (4, 0))
    grid.set_edge_door((2, 0), (3, 0))
    assert not line_of_sight(grid, (0, 0), (4, 0))
    assert cover(grid, (0, 0), (4, 0)) is None
    grid.set_edge_door((2, 0), (3, 0), open=True)
    assert line_of_sight(grid, (0, 0), (4, 0))
    assert cover(grid, (0, 0), (4, 0)) is Cover.NONE


def test_d13_sight_through_corners() -> None:
    """D-13: a line through a corner is blocked where edge walls close the way there.

    A single wall ending at the corner leaves it open; a straight wall through it and an
    L around one of the two fields the line joins close it.
    """
    grid = BattleGrid.open(4, 4)
    grid.add_edge_wall((1, 1), (2, 1))  # ends at the corner (1.5, 1.5)
    assert line_of_sight(grid, (0, 0), (3, 3))
    grid.add_edge_wall((1, 2), (2, 2))  # a straight wall through the corner
    assert not line_of_sight(grid, (0, 0), (3, 3))
    assert not line_of_sight(grid, (3, 3), (0, 0))
    assert not line_of_sight(grid, (0, 3), (3, 0))
    ell = BattleGrid.open(4, 4)
    ell.add_edge_wall((1, 1), (2, 1))
    ell.add_edge_wall((1, 1), (1, 2))  # an L around (1, 1)
    assert not line_of_sight(ell, (0, 0), (3, 3))
    assert line_of_sight(ell, (0, 3), (3, 0))  # the other diagonal passes outside the L


def test_d13_a_field_boxed_in_by_edge_walls_sees_only_itself() -> None:
    """D-13: edge walls on all four borders shut a field off like walls around it."""
    grid = BattleGrid.open(5, 5)
    for neighbour in ((3, 2), (1, 2), (2, 3), (2, 1)):
        grid.add_edge_wall((2, 2), neighbour)
    seen = visible_cells(grid, (2, 2))
    assert np.argwhere(seen).tolist() == [[2, 2]]


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_d9_d13_sight_stays_symmetric_and_visible_cells_agrees(seed: int) -> None:
    """D-9/D-13: with edge walls, A sees B exactly when B sees A; the mask agrees."""
    grid = random_map(seed)
    rng = np.random.default_rng(seed + 1)
    origin = (int(rng.integers(0, grid.width)), int(rng.integers(0, grid.height)))
    mask = visible_cells(grid, origin)
    for cell in grid.cells():
        forth = line_of_sight(grid, origin, cell)
        assert forth == line_of_sight(grid, cell, origin), (origin, cell)
        assert forth == bool(mask[cell[1], cell[0]]), (origin, cell)


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_d13_partition_edge_walls_see_as_a_strip_of_wall_fields(seed: int) -> None:
    """D-13: an edge wall answers as a wall field would.

    The equivalence: a wall along a whole grid line (from map border to map border)
    between columns k-1 and k, and one between rows j-1 and j, against the same map with
    column k-1 and row j-1 made wall fields. Between the remaining floor fields both
    maps give the same sight answers: lines inside one quarter meet neither the edge
    line nor the strip, and lines from one quarter to another cross both. (A short edge
    wall and a field wall differ in thickness, so lines past their ends can differ; this
    is the sound comparison.)
    """
    rng = np.random.default_rng(seed)
    width, height = 10, 9
    walls = rng.random((height, width)) < 0.1
    k, j = int(rng.integers(2, width - 1)), int(rng.integers(2, height - 1))
    edged = BattleGrid(walls)
    for y in range(height):
        edged.add_edge_wall((k - 1, y), (k, y))
    for x in range(width):
        edged.add_edge_wall((x, j - 1), (x, j))
    strip = walls.copy()
    strip[:, k - 1] = True
    strip[j - 1, :] = True
    fields = BattleGrid(strip)
    floor = [(int(x), int(y)) for y, x in np.argwhere(~strip)]
    for index, a in enumerate(floor):
        for b in floor[index:]:
            assert line_of_sight(edged, a, b) == line_of_sight(fields, a, b), (k, j, a, b)


# ---------------------------------------------------------------- movement
def test_d13_steps_across_edges_and_past_touched_corners() -> None:
    """D-13: no step across an edge wall, no diagonal step past a corner it touches."""
    grid = BattleGrid.open(4, 4)
    grid.add_edge_wall((1, 1), (2, 1))
    assert edge_step_blocked(grid, (1, 1), (1, 0))
    assert step_problem(grid, (1, 1), (2, 1), 1, set()) is not None
    assert diagonal_step_blocked(grid, (1, 1), (1, 1))  # SE past the wall's lower end
    assert diagonal_step_blocked(grid, (2, 0), (-1, 1))  # SW past its upper end
    assert not diagonal_step_blocked(grid, (0, 0), (1, 1))
    assert step_problem(grid, (1, 2), (2, 2), 1, set()) is None
    assert path_cost(grid, [(1, 1), (1, 2), (2, 2), (2, 1)]) == 3
    with pytest.raises(ValueError, match="field edge"):
        path_cost(grid, [(1, 1), (2, 1)])
    assert find_path(grid, (1, 1), (2, 1)) is not None
    assert len(find_path(grid, (1, 1), (2, 1)) or []) == 4  # round the wall's end
    grid.set_edge_door((1, 2), (2, 2))  # closed door: now round the top end
    assert find_path(grid, (1, 1), (2, 1)) == [(1, 1), (1, 0), (2, 0), (2, 1)]


def test_d13_a_big_mover_cannot_straddle_or_cross_an_edge_wall() -> None:
    """D-13 with E-SIZE-1: no blocking edge inside the box a footprint's step covers."""
    grid = BattleGrid.open(6, 6)
    for y in range(6):
        if y != 4:
            grid.add_edge_wall((2, y), (3, y))
    assert edge_step_blocked(grid, (1, 0), (1, 0), side=2)
    assert not edge_step_blocked(grid, (0, 0), (1, 0), side=2)
    costs = reachable(grid, (0, 0), None, footprint=2)
    assert (1, 0) in costs and (3, 0) not in costs  # a one-field gap is too narrow


def reference_costs(grid: BattleGrid, start: Cell, side: int = 1) -> dict[Cell, int]:
    """Return cheapest costs by a plain Dijkstra over ``step_problem`` (the one-step rule).

    With ``side`` > 1 every step costs 1 (the map must have no difficult ground).
    """
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > best[cell]:
            continue
        for dx, dy in DIRECTIONS_8:
            after = (cell[0] + dx, cell[1] + dy)
            x, y = after
            if not (0 <= x <= grid.width - side and 0 <= y <= grid.height - side):
                continue
            if step_problem(grid, cell, after, side, set()):
                continue
            total = cost + (grid.step_cost(after) if side == 1 else 1)
            if total < best.get(after, total + 1):
                best[after] = total
                heapq.heappush(queue, (total, after))
    return best


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_d10_d13_find_path_never_crosses_an_edge_wall_and_agrees_with_reachable(
    seed: int,
) -> None:
    """D-10/D-13: paths cross no blocking edge and pass no touched corner; reachable's
    costs are the cheapest (a plain Dijkstra agrees) and equal find_path's path cost."""
    grid = random_map(seed)
    rng = np.random.default_rng(seed + 2)
    grid.difficult[...] = rng.random(grid.shape) < 0.2
    free = [(int(x), int(y)) for y, x in np.argwhere(~grid.blocks_movement)]
    if not free:
        return
    start = free[int(rng.integers(0, len(free)))]
    costs = reachable(grid, start, None)
    assert costs == reference_costs(grid, start)
    assert reachable(grid, start, 4) == {c: v for c, v in costs.items() if v <= 4}
    for goal in free[:: max(1, len(free) // 12)]:
        path = find_path(grid, start, goal)
        assert (path is None) == (goal not in costs)
        if path is None:
            continue
        for a, b in itertools.pairwise(path):
            if a[0] == b[0] or a[1] == b[1]:
                assert not grid.is_edge_blocked(a, b), (path, a, b)
            else:
                assert not corner_touched(grid, a, b), (path, a, b)
        assert path_cost(grid, path) == costs[goal]


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_d13_e_size_1_big_movers_search_agrees_with_the_step_rule(seed: int) -> None:
    """D-13 with E-SIZE-1: a 2×2 mover's reachable (windowed or not) agrees with a plain
    Dijkstra over ``step_problem``, and its paths cost what reachable says."""
    grid = random_map(seed)
    free = [
        (x, y)
        for y in range(grid.height - 1)
        for x in range(grid.width - 1)
        if not grid.blocks_movement[y : y + 2, x : x + 2].any()
    ]
    if not free:
        return
    start = free[seed % len(free)]
    costs = reachable(grid, start, None, footprint=2)
    assert costs == reference_costs(grid, start, side=2)
    assert reachable(grid, start, 3, footprint=2) == {c: v for c, v in costs.items() if v <= 3}
    for goal in free[:: max(1, len(free) // 8)]:
        path = find_path(grid, start, goal, footprint=2)
        assert (path is None) == (goal not in costs)
        if path is not None:
            assert path_cost(grid, path, footprint=2) == costs[goal]
