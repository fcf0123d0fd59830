"""Wall polylines to wall fields: the rasterisation rule of game.missions.rasterise."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid, Cell
from game.board.movement import reachable
from game.board.sight import line_of_sight
from game.missions.rasterise import (
    SUBDIVISIONS,
    Point,
    point_field,
    rasterise_walls,
    segment_fields,
    snap,
    walk_length,
)

Q = SUBDIVISIONS


def p(x: float, y: float) -> Point:
    return snap(x), snap(y)


def rows_of(wall: np.ndarray) -> list[str]:
    return ["".join("#" if v else "." for v in row) for row in wall]


# ------------------------------------------------------------------ rule 1: interiors
def test_diagonal_marks_only_fields_it_passes_through() -> None:
    """A 45° wall marks the fields along it, not the ones it touches at a corner."""
    assert segment_fields(p(0, 0), p(3, 3), 5, 5) == [(0, 0), (1, 1), (2, 2)]
    assert segment_fields(p(0, 3), p(3, 0), 5, 5) == [(0, 2), (1, 1), (2, 0)]


def test_shallow_wall_through_a_grid_corner() -> None:
    """y = 0.5 + x/4 passes the corner (2, 1) exactly: neither (1, 1) nor (2, 0) is marked."""
    assert segment_fields(p(0, 0.5), p(6, 2), 6, 4) == [
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
    ]


def test_segment_inside_one_field() -> None:
    assert segment_fields(p(1.2, 1.3), p(1.8, 1.4), 3, 3) == [(1, 1)]


def test_segment_ending_on_a_line_does_not_enter_the_next_field() -> None:
    assert segment_fields(p(0.5, 0.5), p(2, 0.5), 4, 4) == [(0, 0), (1, 0)]
    assert segment_fields(p(2, 0.5), p(0.5, 0.5), 4, 4) == [(1, 0), (0, 0)]


def test_zero_length_segment_marks_nothing() -> None:
    assert segment_fields(p(1, 1), p(1, 1), 3, 3) == []


def test_parts_outside_the_map_are_dropped() -> None:
    assert segment_fields(p(-2, 1.5), p(5, 1.5), 3, 3) == [(0, 1), (1, 1), (2, 1)]
    assert segment_fields(p(-2, -2), p(-1, -1), 3, 3) == []


def test_snap_counts_nearly_integer_coordinates_as_on_the_line() -> None:
    assert snap(2.9999999) == 3 * Q
    assert segment_fields((snap(0), snap(2.9999999)), (snap(3), snap(3.0000001)), 4, 4) == [
        (0, 3),
        (1, 3),
        (2, 3),
    ]


# --------------------------------------------------------------- rule 2: border lines
def test_horizontal_border_wall_goes_to_the_field_below() -> None:
    assert segment_fields(p(1, 2), p(3, 2), 4, 4) == [(1, 2), (2, 2)]
    assert segment_fields(p(3, 2), p(1, 2), 4, 4) == [(2, 2), (1, 2)]


def test_vertical_border_wall_goes_to_the_field_right() -> None:
    assert segment_fields(p(2, 0), p(2, 2), 4, 4) == [(2, 0), (2, 1)]
    assert segment_fields(p(2, 2), p(2, 0), 4, 4) == [(2, 1), (2, 0)]


def test_wall_on_the_far_edge_goes_inside() -> None:
    """At x = width and y = height there is no field beyond: the wall stays inside."""
    assert segment_fields(p(4, 0), p(4, 2), 4, 3) == [(3, 0), (3, 1)]
    assert segment_fields(p(0, 3), p(2, 3), 4, 3) == [(0, 2), (1, 2)]


def test_wall_on_the_near_edge_is_inside_already() -> None:
    assert segment_fields(p(0, 0), p(0, 2), 3, 3) == [(0, 0), (0, 1)]
    assert segment_fields(p(0, 0), p(2, 0), 3, 3) == [(0, 0), (1, 0)]


def test_axis_wall_between_lines_marks_the_row_it_lies_in() -> None:
    assert segment_fields(p(0, 1.5), p(2, 1.5), 3, 3) == [(0, 1), (1, 1)]


def test_point_field_follows_the_border_rule() -> None:
    assert point_field(p(2.5, 3), 6, 4) == (2, 3)
    assert point_field(p(6, 4), 6, 4) == (5, 3)
    assert point_field(p(2, 1), 6, 4) == (2, 1)
    assert point_field(p(7, 1), 6, 4) is None
    assert point_field(p(-0.5, 1), 6, 4) is None


# ----------------------------------------------------------------------- the test map
def test_room_on_field_borders_keeps_its_floor() -> None:
    """The 8x6 map outlined by walls on field borders: a ring of one-field walls
    around a 6x4 floor, all of it connected (rule 2 at the far edges)."""
    outline = [p(0, 0), p(8, 0), p(8, 6), p(0, 6), p(0, 0)]
    wall = rasterise_walls([outline], 8, 6)
    assert rows_of(wall) == [
        "########",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "########",
    ]
    grid = BattleGrid.from_ascii("\n".join(rows_of(wall)))
    floor = {(x, y) for y in range(6) for x in range(8) if not wall[y, x]}
    assert len(floor) == 6 * 4
    assert set(reachable(grid, (1, 1), None)) == floor


def test_partition_on_a_border_swallows_only_one_column() -> None:
    """A wall along x = 3 inside the room takes column 3 only, not columns 2 and 3."""
    outline = [p(0, 0), p(8, 0), p(8, 6), p(0, 6), p(0, 0)]
    partition = [p(3, 0), p(3, 4)]
    wall = rasterise_walls([outline, partition], 8, 6)
    assert rows_of(wall) == [
        "########",
        "#..#...#",
        "#..#...#",
        "#..#...#",
        "#......#",
        "########",
    ]
    grid = BattleGrid.from_ascii("\n".join(rows_of(wall)))
    assert (6, 1) in reachable(grid, (1, 1), None)


# ---------------------------------------------------------------------- rule 3: corners
@pytest.mark.rule("D-9", "D-10")
def test_room_inside_the_map_gets_closed_corners() -> None:
    """A room on borders inside a larger map: its walls lie on its top/left rows and
    outside its bottom/right; the lower-right corner is closed (rule 3)."""
    room = [p(1, 1), p(7, 1), p(7, 5), p(1, 5), p(1, 1)]
    wall = rasterise_walls([room], 9, 7)
    assert rows_of(wall) == [
        ".........",
        ".#######.",
        ".#.....#.",
        ".#.....#.",
        ".#.....#.",
        ".#######.",
        ".........",
    ]
    grid = BattleGrid.from_ascii("\n".join(rows_of(wall)))
    inside = set(reachable(grid, (2, 2), None))
    assert inside == {(x, y) for y in range(2, 5) for x in range(2, 7)}
    assert not line_of_sight(grid, (6, 4), (8, 6))


def test_corner_from_separate_walls_is_closed_too() -> None:
    """Two polylines meeting at (4, 3): one from the left, one from above."""
    wall = rasterise_walls([[p(1, 3), p(4, 3)], [p(4, 0), p(4, 3)]], 6, 5)
    assert rows_of(wall) == [
        "....#.",
        "....#.",
        "....#.",
        ".####.",
        "......",
    ]


def test_without_rule_3_the_corner_would_be_open() -> None:
    """The same two walls rasterised separately leave a diagonal gap at (4, 3)."""
    left = rasterise_walls([[p(1, 3), p(4, 3)]], 6, 5)
    top = rasterise_walls([[p(4, 0), p(4, 3)]], 6, 5)
    both = left | top
    assert not both[3, 4]
    assert both[3, 3] and both[2, 4]


def test_straight_diagonal_split_at_a_corner_gets_no_extra_field() -> None:
    whole = rasterise_walls([[p(0, 0), p(4, 4)]], 5, 5)
    split = rasterise_walls([[p(0, 0), p(2, 2), p(4, 4)]], 5, 5)
    assert np.array_equal(whole, split)


def test_bent_diagonals_touching_along_an_edge_get_nothing_extra() -> None:
    """A V of two diagonals meeting at (2, 2) from the upper left and the upper right:
    their fields (1, 1) and (2, 1) share an edge, so rule 3 adds nothing."""
    wall = rasterise_walls([[p(0, 0), p(2, 2), p(4, 0)]], 5, 3)
    assert {(x, y) for y in range(3) for x in range(5) if wall[y, x]} == {
        (0, 0),
        (1, 1),
        (2, 1),
        (3, 0),
    }


def test_diagonal_meeting_a_border_wall_is_closed() -> None:
    """A diagonal from the upper left ends at (2, 2) where a border wall goes right:
    fields (1, 1) and (2, 2) touch at a corner only, so (2, 1) is added."""
    wall = rasterise_walls([[p(0, 0), p(2, 2), p(4, 2)]], 5, 4)
    assert {(x, y) for y in range(4) for x in range(5) if wall[y, x]} == {
        (0, 0),
        (1, 1),
        (2, 1),
        (2, 2),
        (3, 2),
    }


def test_polyline_with_one_point_marks_nothing() -> None:
    assert not rasterise_walls([[p(1, 1)], []], 3, 3).any()


def test_walk_length_bounds_the_work() -> None:
    assert walk_length(p(0, 0), p(3, 4)) == 3 + 4 + 2


# ------------------------------------------------------------------ properties
def _reference(
    a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction], w: int, h: int
) -> set[Cell]:
    """Fields by the documented rule, computed the slow way with exact fractions."""
    (ax, ay), (bx, by) = a, b
    found: set[Cell] = set()
    if a == b:
        return found
    if ay == by and ay.denominator == 1:  # on a horizontal line: the row below
        row = h - 1 if ay == h else int(ay)
        lo, hi = min(ax, bx), max(ax, bx)
        for x in range(w):
            if 0 <= row < h and min(hi, Fraction(x + 1)) - max(lo, Fraction(x)) > 0:
                found.add((x, row))
        return found
    if ax == bx and ax.denominator == 1:  # on a vertical line: the column right
        col = w - 1 if ax == w else int(ax)
        lo, hi = min(ay, by), max(ay, by)
        for y in range(h):
            if 0 <= col < w and min(hi, Fraction(y + 1)) - max(lo, Fraction(y)) > 0:
                found.add((col, y))
        return found
    for y in range(h):
        for x in range(w):
            # Clip the segment to the closed square; positive length = marked.
            t0, t1 = Fraction(0), Fraction(1)
            ok = True
            for start, delta, low, high in ((ax, bx - ax, x, x + 1), (ay, by - ay, y, y + 1)):
                if delta == 0:
                    if not low <= start <= high:
                        ok = False
                    continue
                ta = (low - start) / delta
                tb = (high - start) / delta
                t0 = max(t0, min(ta, tb))
                t1 = min(t1, max(ta, tb))
            if ok and t1 > t0:
                found.add((x, y))
    return found


quarter = st.integers(min_value=-4, max_value=28).map(lambda v: Fraction(v, 4))


@settings(max_examples=150, deadline=None)
@given(quarter, quarter, quarter, quarter)
def test_segment_fields_match_the_documented_rule(
    ax: Fraction, ay: Fraction, bx: Fraction, by: Fraction
) -> None:
    """Exact check against a slow reference on quarter-field coordinates (many corner hits)."""
    w, h = 6, 5
    a = (int(ax * Q), int(ay * Q))
    b = (int(bx * Q), int(by * Q))
    fields = segment_fields(a, b, w, h)
    assert len(fields) == len(set(fields))
    assert set(fields) == _reference((ax, ay), (bx, by), w, h)
    assert set(segment_fields(b, a, w, h)) == set(fields)
