"""Property tests of melee reach with walls on field edges (D-13, E-REACH-2/3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cell
from game.board.steps import diagonal_step_blocked, edge_step_blocked
from game.rulesets.entaria.rules.reach import in_melee_reach, melee_reach_cells, reach_mask

SIZE = 6
WALL = BattleGrid.from_ascii("#").field_kind((0, 0))

cells = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
edges = st.lists(
    st.tuples(cells, st.sampled_from([(1, 0), (0, 1)])).filter(
        lambda e: e[0][0] + e[1][0] < SIZE and e[0][1] + e[1][1] < SIZE
    ),
    max_size=14,
)
walls = st.lists(cells, max_size=6)


def _grid(edge_list: list[tuple[Cell, Cell]], wall_fields: list[Cell]) -> BattleGrid:
    grid = BattleGrid.open(SIZE, SIZE)
    for (x, y), (dx, dy) in edge_list:
        grid.add_edge_wall((x, y), (x + dx, y + dy))
    for cell in wall_fields:
        grid.set_field(cell, WALL)
    return grid


@pytest.mark.rule("D-13", "D-9", "E-REACH-2", "E-REACH-3")
@settings(max_examples=150, deadline=None)
@given(edges, walls, cells, cells, st.integers(1, 2))
def test_melee_reach_past_walls_is_symmetric(
    edge_list: list[tuple[Cell, Cell]], wall_fields: list[Cell], a: Cell, b: Cell, reach: int
) -> None:
    grid = _grid(edge_list, wall_fields)
    forth = in_melee_reach(a, b, reach=reach, grid=grid)
    assert forth == in_melee_reach(b, a, reach=reach, grid=grid)
    if forth:  # walls only take reach away
        assert in_melee_reach(a, b, reach=reach)


@pytest.mark.rule("D-13", "D-10", "E-REACH-2")
@settings(max_examples=150, deadline=None)
@given(edges, walls, cells)
def test_reach_one_is_the_one_step_rule(
    edge_list: list[tuple[Cell, Cell]], wall_fields: list[Cell], a: Cell
) -> None:
    """A neighbour is in reach exactly when a step there crosses no edge wall nor a closed
    corner (D-10/D-13, entering walls aside); the cell set and the mask agree."""
    grid = _grid(edge_list, wall_fields)
    reached = melee_reach_cells(a, grid=grid)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            b = (a[0] + dx, a[1] + dy)
            if (dx, dy) == (0, 0) or not grid.in_bounds(b):
                continue
            step_ok = not edge_step_blocked(grid, a, (dx, dy)) and not diagonal_step_blocked(
                grid, a, (dx, dy)
            )
            assert (b in reached) is step_ok
            assert in_melee_reach(a, b, grid=grid) is step_ok
    mask = reach_mask((SIZE, SIZE), a, grid=grid)
    assert {(int(x), int(y)) for y, x in zip(*mask.nonzero(), strict=True)} == reached


@pytest.mark.rule("D-13", "E-SIZE-1", "E-OPEN-14")
@settings(max_examples=100, deadline=None)
@given(edges, st.tuples(st.integers(0, SIZE - 2), st.integers(0, SIZE - 2)), cells)
def test_a_large_creature_reaches_what_one_of_its_fields_reaches(
    edge_list: list[tuple[Cell, Cell]], anchor: Cell, b: Cell
) -> None:
    grid = _grid(edge_list, [])
    body = [(anchor[0] + dx, anchor[1] + dy) for dx in (0, 1) for dy in (0, 1)]
    if b in body:
        return
    whole = in_melee_reach(anchor, b, attacker_side=2, grid=grid)
    assert whole == any(in_melee_reach(field, b, grid=grid) for field in body)
