"""Area templates (D-8): which fields a circle, cone or beam affects.

The shapes are true geometry in field units laid over the grid (D-1, D-8):
field (x, y) is the square [x - 1/2, x + 1/2] × [y - 1/2, y + 1/2], a template starts at
the centre of its origin field, and a field is affected when the shape overlaps its
square with positive area. A shared edge or a single corner point does not count
(D-8). Angles are in degrees, 0° = +x (east), 90° = +y (the screen's down).

Each test is exact up to a tolerance ``EPSILON``: an overlap thinner than that, such
as the edge of a 45° cone running exactly through the corners of a field, counts as
touching, consistently. All work is vectorised over the shape's bounding box.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import Enum

import numpy as np
import numpy.typing as npt

from game.board.grid import Cell

BoolGrid = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: Float tolerance of every geometric comparison, in fields.
EPSILON = 1e-9
#: The largest radius or length a template may have (1000 fields; ENTARIA's farthest band,
#: Extrem, ends there).
MAX_TEMPLATE_LENGTH = 1000.0

_HALF = 0.5  # half a field: the squares' half-width and the beam's half-width
_SQRT_HALF = math.sqrt(0.5)
_Box = tuple[int, int, int, int]  # (x0, y0, x1, y1) offsets from the origin, inclusive


class AreaShape(Enum):
    """The three template shapes (D-8)."""

    BEAM = "beam"  # Strahl: 1 field wide, E-AREA-BEAM
    CONE = "cone"  # Kegel: 90°, E-AREA-CONE
    ROUND = "round"  # Rund: circle, the radius is the length, E-AREA-ROUND


# ------------------------------------------------------------------ public API
def circle_cells(center: Cell, radius: float) -> set[Cell]:
    """Return the fields a circle of ``radius`` fields round a field's centre covers.

    Radius 1 covers the 3×3 block, 2 covers 21 fields, 3 covers 45 (E-OPEN-26).
    Radius 0 is a point without area and covers nothing (D-8).
    """
    return _cells(AreaShape.ROUND, center, 0.0, radius)


def cone_cells(origin: Cell, angle_deg: float, length: float) -> set[Cell]:
    """Return the fields a 90° cone from the origin field's centre covers (E-AREA-CONE).

    The cone spans ±45° round ``angle_deg`` with radius ``length``; the origin field
    itself is never included (D-8).
    """
    return _cells(AreaShape.CONE, origin, angle_deg, length)


def beam_cells(origin: Cell, angle_deg: float, length: float) -> set[Cell]:
    """Return the fields a 1-field-wide beam from the origin field's centre covers.

    The beam is the rectangle of width 1 centred on the axis, from the origin's centre
    to ``length`` along ``angle_deg`` (E-AREA-BEAM); the origin field is never included.
    """
    return _cells(AreaShape.BEAM, origin, angle_deg, length)


def template_cells(shape: AreaShape, origin: Cell, angle_deg: float, length: float) -> set[Cell]:
    """Return the fields a template of any shape covers (a circle ignores the angle)."""
    return _cells(AreaShape(shape), origin, angle_deg, length)


def circle_mask(grid_shape: tuple[int, int], center: Cell, radius: float) -> BoolGrid:
    """Return a (height, width) mask of the map fields a circle covers."""
    return template_mask(AreaShape.ROUND, grid_shape, center, 0.0, radius)


def cone_mask(
    grid_shape: tuple[int, int], origin: Cell, angle_deg: float, length: float
) -> BoolGrid:
    """Return a (height, width) mask of the map fields a cone covers."""
    return template_mask(AreaShape.CONE, grid_shape, origin, angle_deg, length)


def beam_mask(
    grid_shape: tuple[int, int], origin: Cell, angle_deg: float, length: float
) -> BoolGrid:
    """Return a (height, width) mask of the map fields a beam covers."""
    return template_mask(AreaShape.BEAM, grid_shape, origin, angle_deg, length)


def template_mask(
    shape: AreaShape,
    grid_shape: tuple[int, int],
    origin: Cell,
    angle_deg: float,
    length: float,
) -> BoolGrid:
    """Return a (height, width) mask of the map fields a template covers.

    Only the part of the template on the map is computed; the origin may lie off it.
    """
    height, width = _grid_shape(grid_shape)
    mask = np.zeros((height, width), dtype=bool)
    kind = AreaShape(shape)
    direction = _direction(angle_deg)
    size = _length(length)
    if size == 0.0:
        return mask
    ox, oy = _origin(origin)
    x0, y0, x1, y1 = _box(kind, direction, size)
    # Clip the candidate box to the map before any geometry is done.
    x0, x1 = max(x0, -ox), min(x1, width - 1 - ox)
    y0, y1 = max(y0, -oy), min(y1, height - 1 - oy)
    if x0 > x1 or y0 > y1:
        return mask
    hits = _hits(kind, direction, size, (x0, y0, x1, y1))
    mask[oy + y0 : oy + y1 + 1, ox + x0 : ox + x1 + 1] = hits
    return mask


def cells_to_mask(cells: Iterable[Cell], grid_shape: tuple[int, int]) -> BoolGrid:
    """Return a (height, width) mask of the given fields; fields off the map are dropped."""
    height, width = _grid_shape(grid_shape)
    mask = np.zeros((height, width), dtype=bool)
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            mask[y, x] = True
    return mask


# ------------------------------------------------------------------ checking input
def _length(length: float) -> float:
    value = float(length)
    if not math.isfinite(value) or value < 0.0:
        raise ValueError(f"a template length must be a finite number >= 0, got {length!r}")
    if value > MAX_TEMPLATE_LENGTH:
        raise ValueError(f"a template length may be at most {MAX_TEMPLATE_LENGTH:g}, got {value:g}")
    return value


def _direction(angle_deg: float) -> tuple[float, float]:
    """Return the unit vector of an angle; the 8 grid directions come out exact."""
    angle = float(angle_deg)
    if not math.isfinite(angle):
        raise ValueError(f"an angle must be a finite number of degrees, got {angle_deg!r}")
    angle %= 360.0
    octant, rest = divmod(angle, 45.0)
    if rest == 0.0:
        # Exact values keep the grid directions symmetric: cos 90° is 0, not 6e-17.
        return _EXACT_DIRECTIONS[int(octant) % 8]
    radians = math.radians(angle)
    return (math.cos(radians), math.sin(radians))


_EXACT_DIRECTIONS: tuple[tuple[float, float], ...] = (
    (1.0, 0.0),
    (_SQRT_HALF, _SQRT_HALF),
    (0.0, 1.0),
    (-_SQRT_HALF, _SQRT_HALF),
    (-1.0, 0.0),
    (-_SQRT_HALF, -_SQRT_HALF),
    (0.0, -1.0),
    (_SQRT_HALF, -_SQRT_HALF),
)


def _origin(cell: Cell) -> tuple[int, int]:
    x, y = cell
    return int(x), int(y)


def _grid_shape(grid_shape: tuple[int, int]) -> tuple[int, int]:
    height, width = (int(side) for side in grid_shape)
    if height < 0 or width < 0:
        raise ValueError(f"a grid shape cannot be negative, got {grid_shape}")
    return height, width


# ------------------------------------------------------------------ geometry
def _cells(kind: AreaShape, origin: Cell, angle_deg: float, length: float) -> set[Cell]:
    direction = _direction(angle_deg)
    size = _length(length)
    if size == 0.0:
        return set()
    ox, oy = _origin(origin)
    box = _box(kind, direction, size)
    hits = _hits(kind, direction, size, box)
    ys, xs = np.nonzero(hits)
    xs = xs + (ox + box[0])
    ys = ys + (oy + box[1])
    return set(zip(xs.tolist(), ys.tolist(), strict=True))


def _box(kind: AreaShape, direction: tuple[float, float], length: float) -> _Box:
    """Return a box of cell offsets that holds every field the shape can overlap."""
    ux, uy = direction
    if kind is AreaShape.ROUND:
        xs = ys = [-length, length]
    elif kind is AreaShape.BEAM:
        nx, ny = -uy * _HALF, ux * _HALF
        ex, ey = ux * length, uy * length
        xs = [nx, -nx, ex + nx, ex - nx]
        ys = [ny, -ny, ey + ny, ey - ny]
    else:
        # The sector's box: the apex, both straight edges' ends, and the arc's
        # extreme points on the axes that lie inside the ±45° span.
        e1, e2 = _cone_edges(direction)
        xs = [0.0, e1[0] * length, e2[0] * length]
        ys = [0.0, e1[1] * length, e2[1] * length]
        for ax, ay in ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)):
            if ax * ux + ay * uy >= _SQRT_HALF - EPSILON:
                xs.append(ax * length)
                ys.append(ay * length)
    # Field i spans [i - 1/2, i + 1/2]; one extra field each side absorbs rounding.
    return (
        math.floor(min(xs) - _HALF),
        math.floor(min(ys) - _HALF),
        math.ceil(max(xs) + _HALF),
        math.ceil(max(ys) + _HALF),
    )


def _hits(kind: AreaShape, direction: tuple[float, float], length: float, box: _Box) -> BoolGrid:
    """Return, over the box, which fields the shape overlaps with positive area."""
    x0, y0, x1, y1 = box
    cx = np.arange(x0, x1 + 1, dtype=np.float64)[np.newaxis, :]
    cy = np.arange(y0, y1 + 1, dtype=np.float64)[:, np.newaxis]
    if kind is AreaShape.ROUND:
        return _circle_hits(cx, cy, length)
    if kind is AreaShape.BEAM:
        hits = _beam_hits(cx, cy, direction, length)
    else:
        hits = _cone_hits(cx, cy, direction, length)
    # Strahl and Kegel never hit the field they start from (D-8).
    if x0 <= 0 <= x1 and y0 <= 0 <= y1:
        hits[-y0, -x0] = False
    return hits


def _circle_hits(cx: FloatArray, cy: FloatArray, radius: float) -> BoolGrid:
    # The square's point nearest the centre lies inside the open disc exactly when
    # the disc's interior meets the square's: then they share positive area.
    gap_x = np.maximum(np.abs(cx) - _HALF, 0.0)
    gap_y = np.maximum(np.abs(cy) - _HALF, 0.0)
    limit = radius - EPSILON
    hits: BoolGrid = gap_x * gap_x + gap_y * gap_y < limit * limit
    if limit <= 0.0:
        hits[...] = False
    return hits


def _overlaps(
    lo_a: FloatArray, hi_a: FloatArray, lo_b: float | FloatArray, hi_b: float | FloatArray
) -> BoolGrid:
    """Return where two intervals overlap by more than EPSILON (open projections)."""
    hits: BoolGrid = np.maximum(lo_a, lo_b) < np.minimum(hi_a, hi_b) - EPSILON
    return hits


def _project_squares(
    cx: FloatArray, cy: FloatArray, axis: tuple[float, float]
) -> tuple[FloatArray, FloatArray]:
    """Return the projections [lo, hi] of the field squares onto an axis."""
    ax, ay = axis
    middle = cx * ax + cy * ay
    reach = _HALF * (abs(ax) + abs(ay))
    return middle - reach, middle + reach


def _beam_hits(
    cx: FloatArray, cy: FloatArray, direction: tuple[float, float], length: float
) -> BoolGrid:
    # Separating axes of two rectangles: x, y (the squares' sides) and the beam's
    # own axis and normal. The interiors meet iff no axis separates them.
    ux, uy = direction
    nx, ny = -uy, ux
    corners_x = (nx * _HALF, -nx * _HALF, ux * length + nx * _HALF, ux * length - nx * _HALF)
    corners_y = (ny * _HALF, -ny * _HALF, uy * length + ny * _HALF, uy * length - ny * _HALF)
    hits = _overlaps(cx - _HALF, cx + _HALF, min(corners_x), max(corners_x))
    hits = hits & _overlaps(cy - _HALF, cy + _HALF, min(corners_y), max(corners_y))
    lo, hi = _project_squares(cx, cy, (ux, uy))
    hits = hits & _overlaps(lo, hi, 0.0, length)
    lo, hi = _project_squares(cx, cy, (nx, ny))
    return hits & _overlaps(lo, hi, -_HALF, _HALF)


def _cone_edges(direction: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return the unit directions of the cone's straight edges, at +45° and -45°."""
    ux, uy = direction
    s = _SQRT_HALF
    return ((s * (ux - uy), s * (uy + ux)), (s * (ux + uy), s * (uy - ux)))


def _quadrant_extent(component_1: float, component_2: float) -> tuple[float, float]:
    """Return the projection of the quadrant spanned by two edges onto an axis."""
    lo = -math.inf if min(component_1, component_2) < 0.0 else 0.0
    hi = math.inf if max(component_1, component_2) > 0.0 else 0.0
    return lo, hi


def _cone_hits(
    cx: FloatArray, cy: FloatArray, direction: tuple[float, float], length: float
) -> BoolGrid:
    # A 90° sector is the quadrant {p·e1 >= 0, p·e2 >= 0} (its edges e1, e2 are
    # perpendicular) cut by the disc |p| <= length. It overlaps a square with
    # positive area iff (a) the open quadrant meets the open square and (b) the
    # nearest point of quadrant ∩ square to the apex lies closer than ``length``.
    e1, e2 = _cone_edges(direction)
    e1, e2 = _snap(e1), _snap(e2)

    # (a) Separating axes: the squares' sides x and y, the quadrant's normals e1, e2
    # (each edge's inward normal is the other edge's direction).
    lo_q, hi_q = _quadrant_extent(e1[0], e2[0])
    hits = _overlaps(cx - _HALF, cx + _HALF, lo_q, hi_q)
    lo_q, hi_q = _quadrant_extent(e1[1], e2[1])
    hits = hits & _overlaps(cy - _HALF, cy + _HALF, lo_q, hi_q)
    for axis in (e1, e2):
        lo, hi = _project_squares(cx, cy, axis)
        hits = hits & _overlaps(lo, hi, 0.0, math.inf)

    # (b) The square's point nearest the apex, if it lies in the closed quadrant, is
    # the nearest point of the intersection; otherwise, by convexity, the nearest
    # point lies on one of the two edge rays, where it is where the ray enters.
    near_x = np.clip(0.0, cx - _HALF, cx + _HALF)
    near_y = np.clip(0.0, cy - _HALF, cy + _HALF)
    inside = (near_x * e1[0] + near_y * e1[1] >= -EPSILON) & (
        near_x * e2[0] + near_y * e2[1] >= -EPSILON
    )
    nearest = np.where(
        inside,
        np.hypot(near_x, near_y),
        np.minimum(_ray_entry(cx, cy, e1), _ray_entry(cx, cy, e2)),
    )
    return hits & (nearest < length - EPSILON)


def _snap(vector: tuple[float, float]) -> tuple[float, float]:
    """Return the vector with rounding noise (|c| < 1e-15) set to an exact 0."""
    return (
        0.0 if abs(vector[0]) < 1e-15 else vector[0],
        0.0 if abs(vector[1]) < 1e-15 else vector[1],
    )


def _slab(centre: FloatArray, component: float) -> tuple[FloatArray, FloatArray]:
    """Return the ray parameters at which a ray enters and leaves one slab of the squares."""
    if component == 0.0:
        # Parallel to the slab: inside for every t when the apex lies in it, else never.
        inside = np.abs(centre) <= _HALF
        return np.where(inside, -math.inf, math.inf), np.where(inside, math.inf, -math.inf)
    t_a = (centre - _HALF) / component
    t_b = (centre + _HALF) / component
    return np.minimum(t_a, t_b), np.maximum(t_a, t_b)


def _ray_entry(cx: FloatArray, cy: FloatArray, ray: tuple[float, float]) -> FloatArray:
    """Return the distance from the apex at which a unit ray enters each square (inf: never)."""
    enter_x, leave_x = _slab(cx, ray[0])
    enter_y, leave_y = _slab(cy, ray[1])
    enter = np.maximum(np.maximum(enter_x, enter_y), 0.0)
    leave = np.minimum(leave_x, leave_y)
    return np.where(enter <= leave + EPSILON, enter, math.inf)
