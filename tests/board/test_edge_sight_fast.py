"""The shadowcasting sweep with edge walls agrees with the line test (D-9, D-13).

``visible_cells`` folds blocking edges into the sweep and applies closed corners
afterwards (``shadowcast``, ``edge_sight.corner_shadows``); ``line_of_sight`` tests one
centre-to-centre line at a time (``edge_sight.edges_clear``). On every field of random
maps the two must give the same answer.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cell
from game.board.sight import line_of_sight, visible_cells

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def edged_map(seed: int) -> tuple[BattleGrid, Cell]:
    """Return a random map with wall fields, edge walls, closed doors, rooms, and an origin.

    Densities vary from map to map, so some maps are almost open and some are full of
    corners where walls meet (the cases the corner rule decides).
    """
    rng = np.random.default_rng(seed)
    width, height = int(rng.integers(1, 16)), int(rng.integers(1, 16))
    grid = BattleGrid(rng.random((height, width)) < rng.choice([0.0, 0.05, 0.2]))
    edges = grid.edges
    density = float(rng.choice([0.02, 0.1, 0.3, 0.6]))
    edges.wall_v[:, 1:width] |= rng.random((height, width - 1)) < density
    edges.wall_h[1:height, :] |= rng.random((height - 1, width)) < density
    for _ in range(int(rng.integers(0, 3))):  # rooms: long straight walls meeting
        x0, y0 = int(rng.integers(0, width)), int(rng.integers(0, height))
        x1, y1 = int(rng.integers(x0, width + 1)), int(rng.integers(y0, height + 1))
        edges.wall_h[y0, x0:x1] = edges.wall_h[y1, x0:x1] = True
        edges.wall_v[y0:y1, x0] = edges.wall_v[y0:y1, x1] = True
    doors = rng.random(edges.door_v.shape) < 0.05
    edges.door_v |= doors
    edges.open_v |= doors & (rng.random(doors.shape) < 0.5)
    edges.refresh()
    origin = (int(rng.integers(0, width)), int(rng.integers(0, height)))
    return grid, origin


def assert_mask_agrees(grid: BattleGrid, origin: Cell) -> None:
    """Assert visible_cells(origin) is line_of_sight(origin, f) on every field f."""
    mask = visible_cells(grid, origin)
    assert mask.shape == (grid.height, grid.width)
    for cell in grid.cells():
        expected = line_of_sight(grid, origin, cell)
        assert bool(mask[cell[1], cell[0]]) == expected, (origin, cell, expected)


@pytest.mark.rule("D-13", "D-9")
@settings(max_examples=300, deadline=None)
@given(SEEDS)
def test_d9_d13_fast_visible_cells_equals_the_line_test(seed: int) -> None:
    """D-9/D-13: the sweep sees a field exactly when the centre line to it is clear."""
    grid, origin = edged_map(seed)
    assert_mask_agrees(grid, origin)


@pytest.mark.rule("D-13", "D-9")
@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(0, 40), st.integers(0, 40))
def test_d9_d13_fast_visible_cells_on_a_larger_map(seed: int, ox: int, oy: int) -> None:
    """D-9/D-13: long lines, far corners and shallow slopes on a 41×41 map."""
    rng = np.random.default_rng(seed)
    grid = BattleGrid(rng.random((41, 41)) < 0.03)
    edges = grid.edges
    edges.wall_v[:, 1:41] |= rng.random((41, 40)) < 0.05
    edges.wall_h[1:41, :] |= rng.random((40, 41)) < 0.05
    edges.refresh()
    assert_mask_agrees(grid, (ox, oy))


@pytest.mark.rule("D-13")
def test_d13_straight_wall_through_a_corner_hides_the_diagonal_behind_it() -> None:
    """D-13: a straight edge wall through a corner closes the diagonal through it.

    The wall ends exactly on the diagonal from (0, 0); lines just beside the corner
    cross it, the diagonal passes the closed corner, so neither sees (3, 3) or (4, 4).
    """
    grid = BattleGrid.open(6, 6)
    grid.add_edge_wall((1, 1), (2, 1))
    grid.add_edge_wall((1, 2), (2, 2))
    mask = visible_cells(grid, (0, 0))
    assert not mask[3, 3] and not mask[4, 4] and not mask[5, 5]
    assert mask[1, 1] and mask[0, 5] and mask[5, 0]
    assert_mask_agrees(grid, (0, 0))


@pytest.mark.rule("D-13")
def test_d13_a_wall_ending_on_the_diagonal_leaves_it_open() -> None:
    """D-13: a single edge wall ending at a corner leaves the diagonal through it clear."""
    grid = BattleGrid.open(6, 6)
    grid.add_edge_wall((1, 1), (2, 1))
    mask = visible_cells(grid, (0, 0))
    assert mask[3, 3] and mask[5, 5]
    assert not mask[2, 3]  # (3, 2): its line crosses the wall at x = 1.5, y = 1
    assert_mask_agrees(grid, (0, 0))


@pytest.mark.rule("D-13")
def test_d13_edge_walls_on_an_open_map_leave_sight_as_the_lines_say() -> None:
    """D-13: a map with edge walls but no wall field is swept too (no shortcut to all)."""
    grid = BattleGrid.open(7, 5)
    for y in range(5):
        grid.add_edge_wall((3, y), (4, y))
    mask = visible_cells(grid, (1, 2))
    assert not mask[:, 4:].any()
    assert mask[:, :4].all()


@pytest.mark.rule("D-13")
def test_d13_visible_cells_follows_a_door_that_opens_and_closes() -> None:
    """D-13: the edges sight reads are read again after every change of the map's edges."""
    grid = BattleGrid.open(6, 3)
    for y in range(3):
        grid.add_edge_wall((2, y), (3, y))
    assert not visible_cells(grid, (0, 1))[:, 3:].any()
    grid.set_edge_door((2, 1), (3, 1), open=True)
    assert visible_cells(grid, (0, 1))[1, 3:].all()
    twin = grid.copy()
    grid.set_edge_door((2, 1), (3, 1), open=False)
    assert not visible_cells(grid, (0, 1))[:, 3:].any()
    assert visible_cells(twin, (0, 1))[1, 3:].all()
    assert_mask_agrees(twin, (0, 1))
