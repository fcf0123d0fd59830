"""Melee reach is monotone along a line past edge walls and wall fields (D-13, E-REACH-3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cell
from game.board.sight import line_of_sight
from game.rulesets.entaria.rules.reach import in_melee_reach, reach_unwalled

SIZE = 7
WALL = BattleGrid.from_ascii("#").field_kind((0, 0))

cells = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
edges = st.lists(
    st.tuples(cells, st.sampled_from([(1, 0), (0, 1)])).filter(
        lambda e: e[0][0] + e[1][0] < SIZE and e[0][1] + e[1][1] < SIZE
    ),
    max_size=12,
)
walls = st.lists(cells, max_size=6)
#: Steps of lines that pass field centres on the way: b = a + times * unit, times >= 2.
units = st.sampled_from(
    [
        (sx * x, sy * y)
        for x, y in [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]
        for sx in (1, -1)
        for sy in (1, -1)
    ]
)


def _grid(edge_list: list[tuple[Cell, Cell]], wall_fields: list[Cell]) -> BattleGrid:
    grid = BattleGrid.open(SIZE, SIZE)
    for (x, y), (dx, dy) in edge_list:
        grid.add_edge_wall((x, y), (x + dx, y + dy))
    for cell in wall_fields:
        grid.set_field(cell, WALL)
    return grid


def _fields_through(a: Cell, b: Cell) -> list[Cell]:
    """Return the fields between ``a`` and ``b`` whose centres the centre line passes."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = max(abs(dx), abs(dy))
    out = []
    for k in range(1, steps):
        if (dx * k) % steps == 0 and (dy * k) % steps == 0:
            out.append((a[0] + dx * k // steps, a[1] + dy * k // steps))
    return out


@pytest.mark.rule("D-13", "E-REACH-2", "E-REACH-3")
def test_d13_a_reach_2_weapon_reaches_neither_past_the_corner_near_nor_far() -> None:
    grid = BattleGrid.open(5, 5)
    grid.add_edge_wall((0, 0), (1, 0))
    assert line_of_sight(grid, (0, 0), (2, 2))  # sight refuses only closed corners
    assert not in_melee_reach((0, 0), (1, 1), reach=2, grid=grid)
    assert not in_melee_reach((0, 0), (2, 2), reach=2, grid=grid)
    assert in_melee_reach((0, 0), (0, 2), reach=2, grid=grid)


@pytest.mark.rule("D-13", "D-10", "E-REACH-3")
def test_d13_a_long_reach_does_not_squeeze_between_two_wall_fields() -> None:
    grid = BattleGrid.from_ascii(".#...\n#....\n.....\n.....")
    assert not reach_unwalled(grid, (0, 0), (1, 1))
    assert not reach_unwalled(grid, (0, 0), (2, 2))


@pytest.mark.rule("D-13", "E-REACH-3")
def test_d13_a_corner_off_the_diagonal_is_held_to_the_step_rule() -> None:
    # The line (0,0)-(3,1) passes the corner between (1,0) and (2,1) exactly.
    grid = BattleGrid.open(5, 3)
    assert reach_unwalled(grid, (0, 0), (3, 1))
    grid.add_edge_wall((1, 1), (2, 1))
    assert line_of_sight(grid, (0, 0), (3, 1))
    assert not reach_unwalled(grid, (0, 0), (3, 1))
    assert not reach_unwalled(grid, (3, 1), (0, 0))


@pytest.mark.rule("D-13", "E-REACH-3")
def test_d13_a_corner_no_wall_touches_leaves_the_far_reach_open() -> None:
    grid = BattleGrid.open(5, 5)
    grid.add_edge_wall((2, 0), (3, 0))  # touches no corner of the diagonal
    assert reach_unwalled(grid, (0, 0), (3, 3))


@pytest.mark.rule("D-13", "D-10", "E-REACH-2", "E-REACH-3")
@settings(max_examples=300, deadline=None)
@given(edges, walls, cells, units, st.integers(2, 4), st.integers(0, 1))
def test_d13_reach_is_monotone_along_the_centre_line(
    edge_list: list[tuple[Cell, Cell]],
    wall_fields: list[Cell],
    a: Cell,
    unit: Cell,
    times: int,
    spare: int,
) -> None:
    b = (a[0] + unit[0] * times, a[1] + unit[1] * times)
    reach = max(abs(b[0] - a[0]), abs(b[1] - a[1])) + spare
    if not (0 <= b[0] < SIZE and 0 <= b[1] < SIZE):
        return
    grid = _grid(edge_list, wall_fields)
    if not in_melee_reach(a, b, reach=reach, grid=grid):
        return
    for c in _fields_through(a, b):
        assert in_melee_reach(a, c, reach=reach, grid=grid), (a, c, b)


@pytest.mark.rule("D-13", "E-REACH-3")
@settings(max_examples=150, deadline=None)
@given(edges, walls, cells, cells)
def test_d13_far_reach_stays_symmetric(
    edge_list: list[tuple[Cell, Cell]], wall_fields: list[Cell], a: Cell, b: Cell
) -> None:
    grid = _grid(edge_list, wall_fields)
    if a != b:
        assert reach_unwalled(grid, a, b) == reach_unwalled(grid, b, a)
