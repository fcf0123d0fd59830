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
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.board.edges import EdgeLayer

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


def edges_visible(edges: EdgeLayer, ox: int, oy: int, candidates: BoolGrid) -> BoolGrid:
    """Return, for every field set in ``candidates``, whether the line from (ox, oy) to it
    is clear of edges (:func:`edges_clear`, vectorised over the fields)."""
    ys, xs = np.nonzero(candidates)
    ok = np.ones(xs.shape, dtype=bool)
    blocks_v, blocks_h = edges.blocks_v, edges.blocks_h
    # Normalise every pair like edges_clear does: from the smaller (x, y) to the larger.
    swap = (xs < ox) | ((xs == ox) & (ys < oy))
    ax = np.where(swap, xs, ox).astype(np.int64)
    ay = np.where(swap, ys, oy).astype(np.int64)
    bx = np.where(swap, ox, xs).astype(np.int64)
    by = np.where(swap, oy, ys).astype(np.int64)
    dx, dy = bx - ax, by - ay
    # Walk the grid lines outward from the origin; a field leaves the active set once
    # its line is blocked or ends, so a walled map soon has few lines left to follow.
    columns = blocks_v.any(axis=0) | _corner_columns(edges)
    for side, order in ((xs > ox, range(ox + 1, edges.width)), (xs < ox, range(ox, 0, -1))):
        active = np.flatnonzero(side)
        for k in order:
            if not active.size:
                break
            far = xs[active] >= k if k > ox else xs[active] <= k - 1
            active = active[far]
            if not columns[k] or not active.size:
                continue
            ddx, ddy, aax, aay = dx[active], dy[active], ax[active], ay[active]
            two_dx = 2 * ddx
            shifted = two_dx * aay + ddy * (2 * (k - aax) - 1) + ddx
            rows, rest = np.divmod(shifted, two_dx)
            on_edge = rest != 0
            jj = np.clip(rows, 0, edges.height - 1)
            hit = on_edge & blocks_v[jj, k]
            corner = ~on_edge
            if corner.any():
                cj = np.clip(rows, 1, edges.height - 1)
                top = blocks_v[cj - 1, k]
                bottom = blocks_v[cj, k]
                left = blocks_h[cj, k - 1]
                right = blocks_h[cj, min(k, edges.width - 1)]
                falling = (top | right) & (left | bottom)  # UL -> LR, as in _corner_closed
                rising = (left | top) & (bottom | right)  # LL -> UR
                hit |= corner & np.where(ddy > 0, falling, rising)
            ok[active[hit]] = False
            active = active[~hit]
    lines = np.asarray(blocks_h.any(axis=1), dtype=bool)
    for side, order in ((ys > oy, range(oy + 1, edges.height)), (ys < oy, range(oy, 0, -1))):
        active = np.flatnonzero(side & ok)
        for j in order:
            if not active.size:
                break
            far = ys[active] >= j if j > oy else ys[active] <= j - 1
            active = active[far]
            if not lines[j] or not active.size:
                continue
            ddx, ddy, aax, aay = dx[active], dy[active], ax[active], ay[active]
            abs_dy = np.abs(ddy)
            two_dy = 2 * abs_dy
            shifted = two_dy * aax + ddx * np.sign(ddy) * (2 * (j - aay) - 1) + abs_dy
            cols, rest = np.divmod(shifted, two_dy)
            hit = np.asarray((rest != 0) & blocks_h[j, np.clip(cols, 0, edges.width - 1)])
            ok[active[hit]] = False
            active = active[~hit]
    out = np.zeros(candidates.shape, dtype=bool)
    out[ys[ok], xs[ok]] = True
    return out


def _corner_columns(edges: EdgeLayer) -> BoolGrid:
    """Return the grid-line columns k where a closed corner may lie (horizontal edges meet)."""
    cols = np.zeros(edges.width + 1, dtype=bool)
    rows_any = edges.blocks_h.any(axis=0)
    cols[:-1] |= rows_any
    cols[1:] |= rows_any
    return cols
