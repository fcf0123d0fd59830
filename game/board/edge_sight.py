"""Sight across field edges (D-13): does the centre-to-centre line cross an edge wall?

The open segment between two field centres crosses the vertical grid lines
``x = k - 1/2`` and the horizontal ones ``y = j - 1/2`` between them. A crossing
inside an edge (not at its end points) is blocked when that edge blocks (a wall or a
closed door). A centre line never runs along a grid line (centres are integers, grid
lines half-integers), so a crossing at a grid corner takes the line from one field
P into the diagonally opposite field Q. The corner *closes the way* when its blocking
edges separate P from Q among the corner's four fields: both ways round the corner,
P -> R1 -> Q and P -> R2 -> Q, cross a blocking edge. A straight wall through the
corner and an L of two walls around P or Q close it; a single wall ending there does
not. The test reads the same line from either end, so sight stays symmetric (D-9).
All arithmetic is in integers.

For ``sight.visible_cells``: :class:`EdgeSight` holds what the sweep reads of one
state of an edge layer (the blocking edges line by line, the closed corners), built
once per state; :func:`corner_shadows` applies the corner rule to all fields at once.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import cached_property
from math import gcd

import numpy as np
import numpy.typing as npt

from game.board.edges import EdgeLayer
from game.board.shadowcast import EdgeLines

BoolGrid = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]


def _corner_closed(edges: EdgeLayer, k: int, j: int, falling: bool) -> bool:
    """Return whether the corner (k - 1/2, j - 1/2) closes a line through it.

    ``falling``: the line goes from the upper-left to the lower-right field (x and y
    grow together); otherwise from the lower-left to the upper-right one.
    """
    top = edges.blocks_v[j - 1, k]  # between the two upper fields
    bottom = edges.blocks_v[j, k]
    left = edges.blocks_h[j, k - 1]  # between the two left fields
    right = edges.blocks_h[j, k]
    if falling:  # UL -> LR: via UR (top, right) or via LL (left, bottom)
        return bool((top or right) and (left or bottom))
    # LL -> UR: via UL (left, top) or via LR (bottom, right)
    return bool((left or top) and (bottom or right))


def edges_clear(edges: EdgeLayer, ax: int, ay: int, bx: int, by: int) -> bool:
    """Return whether no blocking edge or closed corner interrupts the line A-B."""
    if not edges.any_blocking:
        return True
    if (bx, by) < (ax, ay):  # read every line from the same end: symmetric by construction
        ax, ay, bx, by = bx, by, ax, ay
    dx, dy = bx - ax, by - ay
    blocks_v, blocks_h = edges.blocks_v, edges.blocks_h
    if dx:  # dx > 0: vertical grid lines x = k - 1/2, k = ax+1 .. bx
        two_dx = 2 * dx
        for k in range(ax + 1, bx + 1):
            # 2*dx*y at the crossing, y = ay + dy * (k - 1/2 - ax) / dx
            y2 = two_dx * ay + dy * (2 * (k - ax) - 1)
            shifted = y2 + dx  # 2*dx*(y + 1/2)
            j, rest = divmod(shifted, two_dx)
            if rest == 0:  # through the corner (k - 1/2, j - 1/2)
                if _corner_closed(edges, k, j, dy > 0):
                    return False
            elif blocks_v[j, k]:
                return False
    if dy:
        step = 1 if dy > 0 else -1
        two_dy = 2 * abs(dy)
        # Walk the horizontal grid lines from A to B; corners were handled above.
        for j in range(ay + 1, by + 1) if dy > 0 else range(by + 1, ay + 1):
            # 2*|dy|*x at the crossing, x = ax + dx * (j - 1/2 - ay) / dy
            x2 = two_dy * ax + dx * step * (2 * (j - ay) - 1)
            shifted = x2 + abs(dy)
            k, rest = divmod(shifted, two_dy)
            if rest and blocks_h[j, k]:
                return False
    return True


@dataclass(frozen=True)
class EdgeSight:
    """What ``visible_cells`` reads of one state of an edge layer.

    ``columns`` and ``rows``: the blocking edges (``shadowcast.EdgeLines``) for the
    sweeps whose lines are map columns and map rows, going + and going -.
    ``column_corners`` and ``row_corners``: whether each interior corner
    (k - 1/2, j - 1/2) closes a line with x and y growing together (falling) and one
    with them growing against each other, for the two frames: (falling, rising),
    indexed [k, j] and [j, k]. ``closed``: the same as (k, j, falling) lists sorted by
    k, read only when first asked (the general ``corner_shadows``).
    """

    blocks_h: BoolGrid  # the arrays it was read from: a refresh makes new ones
    blocks_v: BoolGrid
    columns: tuple[EdgeLines, EdgeLines]
    rows: tuple[EdgeLines, EdgeLines]
    column_corners: tuple[BoolGrid, BoolGrid]
    row_corners: tuple[BoolGrid, BoolGrid]

    @cached_property
    def closed(self) -> tuple[IntArray, IntArray, BoolGrid]:
        """Return (k, j, falling) of every closed corner and way, sorted by k (read once)."""
        falls, rises = self.row_corners
        # A corner that closes both ways comes twice.
        flat = np.concatenate((np.flatnonzero(falls.T), np.flatnonzero(rises.T)))
        kind = np.repeat([True, False], [int(falls.sum()), int(rises.sum())])
        order = np.argsort(flat, kind="stable")
        ck, cj = np.divmod(flat[order], falls.shape[0])
        return ck.astype(np.int64), cj.astype(np.int64), kind[order]


# Edges change seldom (a door opens) while sight is asked from many fields, so each
# state of a layer is read once. Weak keys: the cache never keeps a map alive.
_SIGHT: weakref.WeakKeyDictionary[EdgeLayer, EdgeSight] = weakref.WeakKeyDictionary()


def edge_sight(edges: EdgeLayer) -> EdgeSight:
    """Return the :class:`EdgeSight` of the layer's current blocking edges."""
    known = _SIGHT.get(edges)
    if known is not None and known.blocks_h is edges.blocks_h and known.blocks_v is edges.blocks_v:
        return known
    v, h = edges.blocks_v, edges.blocks_h
    # Interior corners j = 1 .. height-1, k = 1 .. width-1 (the ones lines can cross);
    # the corners on the map's border stay open.
    top, bottom = v[:-1, 1:-1], v[1:, 1:-1]
    left, right = h[1:-1, :-1], h[1:-1, 1:]
    falls = np.zeros((edges.height + 1, edges.width + 1), dtype=bool)
    rises = np.zeros_like(falls)
    falls[1:-1, 1:-1] = (top | right) & (left | bottom)  # UL <-> LR, as in _corner_closed
    rises[1:-1, 1:-1] = (left | top) & (bottom | right)  # LL <-> UR
    made = EdgeSight(
        blocks_h=h,
        blocks_v=v,
        # The sweeps along x read map columns: horizontal edges run along them, the
        # vertical ones cross them, on grid line x + 1/2 going +x and x - 1/2 going -x.
        columns=EdgeLines.pair(h.T, v.T),
        rows=EdgeLines.pair(v, h),
        column_corners=(np.ascontiguousarray(falls.T), np.ascontiguousarray(rises.T)),
        row_corners=(falls, rises),
    )
    _SIGHT[edges] = made
    return made


def corner_shadows(
    sight: EdgeSight, ox: int, oy: int, out: BoolGrid, singles: IntArray | None = None
) -> None:
    """Clear in ``out`` every field whose line from (ox, oy) passes a closed corner.

    The corner rule of :func:`edges_clear` for all fields at once: a closed corner at
    (k - 1/2, j - 1/2) lies ``(U, V) / 2`` from the origin (U, V odd). With ``g`` their
    greatest common divisor, the lines through it end on the fields
    ``origin + n * (U, V) / g``, and the corner lies strictly between the centres for
    ``n >= (g + 1) / 2``. Whether it closes depends on the line's direction only.

    ``singles``: when given, the flat indices of the fields the sweep lit by single
    slopes off the diagonals (``shadowcast.paint``); then only they and the diagonals
    are tested (:func:`_single_shadows`).
    """
    if singles is not None:
        _single_shadows(sight, ox, oy, out, singles)
        return
    height, width = out.shape
    lit = out
    # Only corners inside the box of the origin and the lit fields can lie on a line to
    # a lit field: the box is convex and holds both ends.
    columns, rows = np.flatnonzero(lit.any(axis=0)), np.flatnonzero(lit.any(axis=1))
    if not columns.size:
        return
    x0, x1 = min(ox, int(columns[0])) + 1, max(ox, int(columns[-1]))
    y0, y1 = min(oy, int(rows[0])) + 1, max(oy, int(rows[-1]))
    ck, cj, falling = sight.closed
    i, j = np.searchsorted(ck, (x0, x1 + 1))
    kk, jj, falling = ck[i:j], cj[i:j], falling[i:j]
    # x and y grow together along the line (falling) when both lie on the same side.
    pick = (((kk > ox) == (jj > oy)) == falling) & (jj >= y0) & (jj <= y1)
    kk, jj = kk[pick], jj[pick]
    if not kk.size:
        return
    us = 2 * (kk - ox) - 1
    vs = 2 * (jj - oy) - 1
    g = np.gcd(us, vs)
    sx, sy = us // g, vs // g
    first = (g + 1) // 2
    # Only rays still lit right behind the corner matter: a line already blocked on
    # the way to that field is blocked on the way to every field further out. Test
    # that field first (most rays fail here) and size the rest only for the others.
    bx, by = ox + first * sx, oy + first * sy
    near = np.flatnonzero((bx >= 0) & (bx < width) & (by >= 0) & (by < height))
    lit_rays = near[lit[by[near], bx[near]]]
    if not lit_rays.size:
        return
    first, sx, sy = first[lit_rays], sx[lit_rays], sy[lit_rays]
    last_x = np.where(sx > 0, (width - 1 - ox) // sx, ox // -sx)
    last_y = np.where(sy > 0, (height - 1 - oy) // sy, oy // -sy)
    counts = np.minimum(last_x, last_y) - first + 1  # >= 1: the first field is on the map
    total = int(counts.sum())
    owner = np.repeat(np.arange(counts.size), counts)
    n = first[owner] + np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    out[oy + n * sy[owner], ox + n * sx[owner]] = False


def _single_shadows(sight: EdgeSight, ox: int, oy: int, out: BoolGrid, singles: IntArray) -> None:
    """Clear the single-slope fields ``singles`` and the diagonal fields behind closed corners.

    The sweep takes every closed corner out of a wider slope interval itself (its edges
    cut it on both sides; the single slope left is dropped at its corner,
    ``shadowcast._cut_visible``). Two kinds of lit field remain: a field on a slope that
    was already single when it reached a closed corner, and a diagonal field just behind
    a corner whose last edge the sweep reads one depth later. Both are tested here,
    corner by corner on their lines.
    """
    height, width = out.shape
    falls, rises = sight.row_corners  # [j, k]: closing lines with x, y growing together / not
    flat = out.reshape(-1)
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        n = min(width - 1 - ox if sx > 0 else ox, height - 1 - oy if sy > 0 else oy)
        if not n:
            continue
        # Corner t = 0 .. n-1 lies between the diagonal fields t and t + 1, at
        # k = ox + (sx > 0) + sx * t, j = oy + (sy > 0) + sy * t; a stop below 0 is "to 0".
        step = sy * (width + 1) + sx
        start = (oy + (sy > 0)) * (width + 1) + ox + (sx > 0)
        stop = start + n * step
        closed = (falls if sx == sy else rises).reshape(-1)[
            start : stop if stop >= 0 else None : step
        ]
        if closed.any():  # the fields behind the first closed corner
            step = sy * width + sx
            start = oy * width + ox + (int(closed.argmax()) + 1) * step
            stop = oy * width + ox + (n + 1) * step
            flat[start : stop if stop >= 0 else None : step] = False
    if not singles.size:
        return
    if singles.size <= _FEW:
        _few_single_shadows(falls, rises, ox, oy, out, singles.tolist())
        return
    dx, dy = singles % width - ox, singles // width - oy
    g = np.gcd(dx, dy)
    g[g == 0] = 1  # the origin itself
    px, py = dx // g, dy // g
    # The line passes grid corners only when both steps are odd: at m * (px, py) / 2
    # for odd m < 2g (strictly between the centres); diagonals were done above.
    odd = ((px & py & 1) == 1) & (np.abs(px) != np.abs(py))
    counts = np.where(odd, g, 0)
    total = int(counts.sum())
    if not total:
        return
    owner = np.repeat(np.arange(counts.size), counts)
    m = 2 * (np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)) + 1
    k = ox + (m * px[owner] + 1) // 2
    j = oy + (m * py[owner] + 1) // 2
    px, py = px[owner], py[owner]
    falling = (px > 0) == (py > 0)
    closed = np.where(falling, falls[j, k], rises[j, k])
    flat[singles[owner[closed]]] = False  # a field with several closed corners comes twice


#: Up to this many single-slope fields are tested one by one (numpy's cost per call
#: is higher than the loop's for so few).
_FEW = 24


def _few_single_shadows(
    falls: BoolGrid, rises: BoolGrid, ox: int, oy: int, out: BoolGrid, singles: list[int]
) -> None:
    """Clear the fields ``singles`` (flat) whose line passes a closed corner, one by one."""
    width = out.shape[1]
    for index in singles:
        y, x = divmod(index, width)
        dx, dy = x - ox, y - oy
        g = gcd(dx, dy)
        if not g:  # the origin
            continue
        px, py = dx // g, dy // g
        if not (px & py & 1):  # the line passes no grid corner
            continue
        flags = falls if (px > 0) == (py > 0) else rises
        for m in range(1, 2 * g, 2):  # the corners m * (px, py) / 2 between the centres
            if flags.item(oy + (m * py + 1) // 2, ox + (m * px + 1) // 2):
                out[y, x] = False
                break
