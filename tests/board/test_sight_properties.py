"""Properties of sight and cover on random maps (D-9, E-OPEN-15).

The references here are written straight from the definitions in the module
docstring with exact fractions, independent of the fast code paths.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cell, Cover
from game.board.sight import cover, fields_on_line, line_of_sight, visible_cells

PALETTES = (".", "..........#", ".....#", "...#", ".#", "......#+/=%", "##.")


@st.composite
def grids(draw: st.DrawFn, max_side: int = 25) -> BattleGrid:
    """Random maps in the default legend, from empty to mostly wall."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    palette = list(draw(st.sampled_from(PALETTES)))
    chars = draw(
        st.lists(st.sampled_from(palette), min_size=width * height, max_size=width * height)
    )
    rows = ["".join(chars[y * width : (y + 1) * width]) for y in range(height)]
    return BattleGrid.from_ascii("\n".join(rows))


def cells_of(grid: BattleGrid) -> st.SearchStrategy[Cell]:
    return st.tuples(st.integers(0, grid.width - 1), st.integers(0, grid.height - 1))


def reference_sight(blocks: npt.NDArray[np.bool_], a: Cell, b: Cell) -> bool:
    """The rule as written: merged blocking intervals per depth, interior test, fractions."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    if abs(dy) > abs(dx):
        return reference_sight(blocks.T, (ay, ax), (by, bx))
    depth = abs(dx)
    for d in range(1, depth):
        x = ax + (d if dx > 0 else -d)
        line = ay + Fraction(dy * d, depth)
        column = blocks[:, x].tolist()
        y = 0
        while y < len(column):
            if column[y]:
                top = y
                while y + 1 < len(column) and column[y + 1]:
                    y += 1
                if Fraction(2 * top - 1, 2) < line < Fraction(2 * y + 1, 2):
                    return False
            y += 1
    return True


def reference_fields(a: Cell, b: Cell) -> set[Cell]:
    """Fields whose open square meets the open segment between the centres."""
    (ax, ay), (bx, by) = a, b
    found = set()
    for x in range(min(ax, bx), max(ax, bx) + 1):
        for y in range(min(ay, by), max(ay, by) + 1):
            if (x, y) in (a, b):
                continue
            low, high = Fraction(0), Fraction(1)
            for start, delta, centre in ((ax, bx - ax, x), (ay, by - ay, y)):
                edges = (Fraction(2 * centre - 1, 2), Fraction(2 * centre + 1, 2))
                if delta == 0:
                    if not edges[0] < start < edges[1]:
                        high = Fraction(-1)
                    continue
                t1, t2 = ((edge - start) / delta for edge in edges)
                low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
            if low < high:
                found.add((x, y))
    return found


@pytest.mark.rule("D-9")
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_line_of_sight_is_symmetric(data: st.DataObject) -> None:
    grid = data.draw(grids())
    a = data.draw(cells_of(grid))
    b = data.draw(cells_of(grid))
    assert line_of_sight(grid, a, b) == line_of_sight(grid, b, a)


@pytest.mark.rule("D-9")
@settings(max_examples=100, deadline=None)
@given(st.data())
def test_line_of_sight_matches_the_written_rule(data: st.DataObject) -> None:
    grid = data.draw(grids(max_side=16))
    a = data.draw(cells_of(grid))
    for b in grid.cells():
        assert line_of_sight(grid, a, b) == reference_sight(grid.blocks_sight, a, b), b


@pytest.mark.rule("D-9")
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_visible_cells_agrees_with_line_of_sight_everywhere(data: st.DataObject) -> None:
    grid = data.draw(grids())
    origin = data.draw(cells_of(grid))
    mask = visible_cells(grid, origin)
    assert mask.shape == (grid.height, grid.width) and mask.dtype == np.bool_
    assert mask[origin[1], origin[0]]
    for cell in grid.cells():
        assert mask[cell[1], cell[0]] == line_of_sight(grid, origin, cell), cell


@pytest.mark.rule("D-9")
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_visible_cells_never_depends_on_creatures_smoke_or_low_obstacles(
    data: st.DataObject,
) -> None:
    grid = data.draw(grids())
    origin = data.draw(cells_of(grid))
    creatures = data.draw(st.lists(cells_of(grid), max_size=10))
    plain = BattleGrid.from_arrays(grid.blocks_sight)
    assert np.array_equal(
        visible_cells(grid, origin, creatures=creatures), visible_cells(plain, origin)
    )


@pytest.mark.rule("E-OPEN-15")
@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
    st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
)
def test_fields_on_line_match_the_geometry(a: Cell, b: Cell) -> None:
    line = fields_on_line(a, b)
    assert len(line) == len(set(line))
    assert set(line) == reference_fields(a, b)
    assert line == list(reversed(fields_on_line(b, a))) or set(line) == set(fields_on_line(b, a))


@pytest.mark.rule("E-OPEN-15", "E-COVER-1")
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_cover_is_the_best_level_on_the_line_and_symmetric(data: st.DataObject) -> None:
    grid = data.draw(grids())
    a = data.draw(cells_of(grid))
    b = data.draw(cells_of(grid))
    creatures = set(data.draw(st.lists(cells_of(grid), max_size=12)))
    got = cover(grid, a, b, creatures=creatures)
    assert got == cover(grid, b, a, creatures=creatures)
    if not line_of_sight(grid, a, b):
        assert got is None
        return
    expected = Cover.NONE
    for cell in reference_fields(a, b):
        level = grid.cover_at(cell)
        if cell in creatures:
            level = max(level, Cover.PARTIAL)
        expected = max(expected, level)
    assert got is expected
