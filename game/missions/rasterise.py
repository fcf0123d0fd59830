"""Turn wall polylines (in grid units) into edge walls and wall fields.

Map makers such as Dungeondraft draw walls as thin lines, usually exactly on the
lines between fields. Those become walls on the field borders (rule 4, D-13); the
rest, diagonal or off the lines, become whole wall fields. The rules (used for
Universal VTT ``line_of_sight``, ``objects_line_of_sight`` and portals):

1. **Interior crossing.** A segment marks every field whose interior it passes
   through over a positive length. A segment that only touches a field at a corner
   point does not mark it (supercover without corner-only touches): the diagonal
   from (0, 0) to (3, 3) marks (0, 0), (1, 1) and (2, 2).
2. **Border lines.** A segment lying exactly on a line between fields (horizontal
   at an integer y, or vertical at an integer x) marks only ONE side: the field
   below a horizontal border and the field to the right of a vertical border, i.e.
   the field whose top or left edge the wall is. At the map's far edges (y = height,
   x = width) there is no field below or to the right, so the wall goes to the field
   inside the map. So a wall along a border never swallows the floor on both sides,
   and walls along the map's outline become a ring of one-field walls.
3. **Corners.** Where two wall segments meet at a point (a polyline's corner or the
   shared end of two walls) and do not continue in a straight line, and the fields
   they start in touch only diagonally, the field that connects them is added too:
   the one further right of the two candidates. Without it a room drawn on field
   borders would have a gap at its lower-right corner (its bottom wall lies in the
   row below the room, its right wall in the column to its right), through which
   sight passes (D-9: sight passes between fields that touch only at a corner).

4. **Grid lines become edges (D-13).** A segment whose two ends lie within
   :data:`LINE_TOLERANCE` (0.05 field) of the same grid line stands on that line:
   :func:`line_borders` gives the field borders it runs along (each covered over more
   than the tolerance), and callers make edge walls of them instead of rasterising
   it. A portal (a doorway) becomes edge doors only on the borders it covers by more
   than half a field (:func:`portal_borders`; none such: the one it covers most), so
   a door drawn a little wider than its opening does not replace the walls beside it.
   Borders on the map's outline have a field on one side only; a wall
   there changes nothing (outside the map nobody stands), so they are dropped. Rules
   1-3 are for the segments off the grid lines (:func:`rasterise_walls` still applies
   them to any segment it is given).

Parts of walls outside the map are dropped. Coordinates are exact: callers snap
grid-unit coordinates to integers in units of 1/``SUBDIVISIONS`` of a field
(:func:`snap`), so a wall at 2.9999999 counts as lying on the border at 3, and
every comparison below is done in integer arithmetic.

A consequence of rule 1: a wall at exactly 45° becomes a chain of fields that touch
only at corners. Creatures cannot walk through it (the corner rule of movement,
D-10), but sight passes between its fields, as between any two walls that touch only
at a corner (D-9).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from game.board.grid import Cell

#: Sub-units per field: coordinates are snapped to 1/1024 of a field.
SUBDIVISIONS = 1024

#: A point in sub-units (1/SUBDIVISIONS of a field), x right, y down.
Point = tuple[int, int]

#: How far (in sub-units) a segment's ends may lie off a grid line and still stand on it.
LINE_TOLERANCE = round(0.05 * SUBDIVISIONS)

#: A field border: the upper or left field, then its neighbour below or to the right.
Border = tuple[Cell, Cell]


def snap(value: float) -> int:
    """Return a grid-unit coordinate in sub-units, rounded to the nearest one."""
    return round(value * SUBDIVISIONS)


def _start_index(coord: int, delta: int, size: int) -> int:
    """Return the field index along one axis that a segment starts in.

    ``delta`` is the segment's extent along this axis. Moving forwards (or not at
    all, rule 2) a point on a line belongs to the field after it; moving backwards,
    to the field before it. A segment along the far edge stays inside (rule 2).
    """
    q = SUBDIVISIONS
    if delta < 0:
        return -((-coord) // q) - 1  # ceil(coord / q) - 1
    index = coord // q
    if delta == 0 and coord == size * q:
        index = size - 1
    return index


def start_field(start: Point, end: Point, width: int, height: int) -> Cell:
    """Return the field a segment starts in (it may lie outside the map)."""
    return (
        _start_index(start[0], end[0] - start[0], width),
        _start_index(start[1], end[1] - start[1], height),
    )


def walk_length(start: Point, end: Point) -> int:
    """Return how many fields a segment's walk visits at most (its work, for limits)."""
    q = SUBDIVISIONS
    return abs(end[0] - start[0]) // q + abs(end[1] - start[1]) // q + 2


def segment_fields(start: Point, end: Point, width: int, height: int) -> list[Cell]:
    """Return the map fields a wall segment marks by rules 1 and 2, in walking order.

    A segment of zero length marks nothing.
    """
    x0, y0 = start
    dx = end[0] - x0
    dy = end[1] - y0
    if dx == 0 and dy == 0:
        return []
    q = SUBDIVISIONS
    cx, cy = start_field(start, end, width, height)
    step_x = 1 if dx > 0 else -1
    step_y = 1 if dy > 0 else -1
    adx = abs(dx)
    ady = abs(dy)
    # Distances (in sub-units, along each axis) from the start to the next line crossed;
    # the next crossing's parameter is ax / adx (resp. ay / ady), compared exactly.
    ax = ((cx + 1) * q - x0) if dx > 0 else (x0 - cx * q)
    ay = ((cy + 1) * q - y0) if dy > 0 else (y0 - cy * q)
    fields: list[Cell] = []
    while True:
        if 0 <= cx < width and 0 <= cy < height:
            fields.append((cx, cy))
        x_done = dx == 0 or ax >= adx
        y_done = dy == 0 or ay >= ady
        if x_done and y_done:
            return fields
        if y_done:
            order = -1
        elif x_done:
            order = 1
        else:
            # Compare ax / adx with ay / ady without division.
            lhs = ax * ady
            rhs = ay * adx
            order = (lhs > rhs) - (lhs < rhs)
        if order <= 0:
            cx += step_x
            ax += q
        if order >= 0:
            cy += step_y
            ay += q


def point_field(point: Point, width: int, height: int) -> Cell | None:
    """Return the map field a point lies in (rule 2 for points on lines), or None."""
    cx = _start_index(point[0], 0, width)
    cy = _start_index(point[1], 0, height)
    if 0 <= cx < width and 0 <= cy < height:
        return cx, cy
    return None


def _direction(start: Point, end: Point) -> tuple[int, int]:
    dx = end[0] - start[0]
    dy = end[1] - start[1]
    g = math.gcd(dx, dy) or 1
    return dx // g, dy // g


def rasterise_walls(
    polylines: Iterable[Sequence[Point]], width: int, height: int
) -> npt.NDArray[np.bool_]:
    """Return a boolean wall layer of shape (height, width) for the polylines (rules 1-3).

    Each polyline is a sequence of points in sub-units; consecutive points form a
    segment. A polyline with fewer than two points marks nothing.
    """
    wall = np.zeros((height, width), dtype=bool)
    # For every segment end: the direction away from it, keyed by the field it starts in.
    ends: dict[Point, dict[Cell, set[tuple[int, int]]]] = {}
    for polyline in polylines:
        for start, end in pairwise(polyline):
            if start == end:
                continue
            for x, y in segment_fields(start, end, width, height):
                wall[y, x] = True
            for a, b in ((start, end), (end, start)):
                first = start_field(a, b, width, height)
                ends.setdefault(a, {}).setdefault(first, set()).add(_direction(a, b))
    for cells in ends.values():
        if len(cells) < 2:
            continue
        for extra in _corner_fields(cells):
            x, y = extra
            if 0 <= x < width and 0 <= y < height:
                wall[y, x] = True
    return wall


def _corner_fields(cells: dict[Cell, set[tuple[int, int]]]) -> list[Cell]:
    """Return the fields that close diagonal gaps between walls meeting at one point."""
    found: list[Cell] = []
    keys = sorted(cells)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
                continue
            dirs_a = cells[a]
            dirs_b = cells[b]
            straight = (
                len(dirs_a) == 1
                and len(dirs_b) == 1
                and next(iter(dirs_a)) == tuple(-v for v in next(iter(dirs_b)))
            )
            if straight:
                continue  # one straight wall through the point: rule 1 alone applies
            # Of the two fields touching both, take the one further right (rule 3).
            candidates = [(a[0], b[1]), (b[0], a[1])]
            found.append(max(candidates))
    return found


def _line_index(coord: int) -> int | None:
    """Return the grid line a coordinate lies on within LINE_TOLERANCE, or None."""
    index = (coord + SUBDIVISIONS // 2) // SUBDIVISIONS
    return index if abs(coord - index * SUBDIVISIONS) <= LINE_TOLERANCE else None


def grid_corner(point: Point) -> Cell | None:
    """Return the grid point (x, y) a point lies on within LINE_TOLERANCE, or None."""
    x = _line_index(point[0])
    y = _line_index(point[1])
    return (x, y) if x is not None and y is not None else None


def line_borders(start: Point, end: Point, width: int, height: int) -> list[Border] | None:
    """Return the map's field borders a segment on a grid line covers (rule 4), in order.

    Return None when the segment does not stand on a grid line (rules 1-3 apply). A
    segment on a line covers a border when it runs along it for more than
    LINE_TOLERANCE; borders on the map's outline or outside the map are left out, so a
    segment there (or one too short to cover any border) gives an empty list.
    """
    covered = _line_cover(start, end, width, height)
    if covered is None:
        return None
    return [border for border, length in covered if length > LINE_TOLERANCE]


def portal_borders(start: Point, end: Point, width: int, height: int) -> list[Border] | None:
    """Return the borders a portal (a doorway) on a grid line becomes doors on (rule 4).

    As :func:`line_borders`, but a border counts only when the portal covers more than
    half of it: a door drawn a little wider than its field (3.9 to 5.1) is one door,
    and the walls beside the doorway stay. When no border is covered so far, the one
    covered most is kept (ties: the first), as long as it is covered more than
    LINE_TOLERANCE.
    """
    covered = _line_cover(start, end, width, height)
    if covered is None:
        return None
    doors = [border for border, length in covered if length > SUBDIVISIONS // 2]
    if doors:
        return doors
    longest = max(covered, key=lambda item: item[1], default=None)
    if longest is None or longest[1] <= LINE_TOLERANCE:
        return []
    return [longest[0]]


def _line_cover(
    start: Point, end: Point, width: int, height: int
) -> list[tuple[Border, int]] | None:
    """Return each map border a segment on a grid line runs along, with the length (sub-units).

    None: the segment stands on no grid line. Borders on the outline or outside the
    map are left out.
    """
    q = SUBDIVISIONS
    across_x = abs(end[0] - start[0]) >= abs(end[1] - start[1])
    for along in (0, 1) if across_x else (1, 0):  # the axis the line runs along
        line = _line_index(start[1 - along])
        if line is None or _line_index(end[1 - along]) != line:
            continue
        size_along, size_across = (width, height) if along == 0 else (height, width)
        if not 0 < line < size_across:
            return []  # on the outline or outside: a field on one side at most
        low, high = sorted((start[along], end[along]))
        covered: list[tuple[Border, int]] = []
        for i in range(max(0, low // q), min(size_along, high // q + 1)):
            length = min(high, (i + 1) * q) - max(low, i * q)
            if length <= 0:
                continue
            if along == 0:
                covered.append((((i, line - 1), (i, line)), length))
            else:
                covered.append((((line - 1, i), (line, i)), length))
        return covered
    return None
