"""Line of sight and the proposed cover on the grid (D-9).

The sight model ("Ford shadowcasting", symmetric and exact)
-----------------------------------------------------------
Fields are unit squares around integer centres. For two fields A and B take the
*primary* axis, the one with the larger ``|delta|`` (for ``|dx| == |dy|`` both give
the same answer), and let ``D`` be that delta and ``c`` the delta on the other,
*secondary* axis. At every intermediate depth ``d = 1 .. D-1`` along the primary axis
the centre-to-centre line sits at the secondary offset ``x_d = c*d/D``.

A sight-blocking field (``grid.blocks_sight``: a wall or a closed door) at depth ``d``
covers the closed interval ``[k - 1/2, k + 1/2]`` of secondary offsets; blocking
fields side by side at the same depth merge into one interval. The line is
**blocked** exactly when some ``x_d`` lies in the *interior* of such a merged interval.
So:

- a line through the tip between a blocking field and an open field is clear;
- a line through the seam between two blocking fields side by side is blocked;
- a line may pass diagonally between two blocking fields that touch only at a
  corner: A=(0,0), walls (1,0) and (0,1), B=(1,1) see each other. That is the
  shadowcasting convention and it is kept on purpose;
- the end fields never block: a wall field is "seen" when the line to it is clear,
  and a creature standing in a wall-like field still sees out. A field sees itself.

The rule is symmetric by construction (A->B and B->A test the same line at the same
depths), which is what D-9 asks for one-field creatures. Ties are decided exactly:
the pairwise test uses integer arithmetic, the sweep keeps its slopes as integer
fractions; where floats are used, they only compare rationals with denominators
``<= 2 * 2000`` (exactly ordered by IEEE division; equal rationals give equal doubles).

Walls and closed doors on field edges (D-13) block too: the line is blocked when it
crosses such an edge or passes through a grid corner that edge walls close
(``edge_sight``, exact and symmetric as well). Maps without edge walls skip the test.
``visible_cells`` answers the same for all fields at once: the sweep (``shadowcast``)
treats a blocking edge as a thin obstacle that hides an open interval of slopes, as a
run of blocking fields does, and the closed corners hide the rays through them
afterwards (``edge_sight.corner_shadows``).

Creatures, low obstacles (``=``) and smoke (``%``) never block sight (D-9); they give
cover instead. ``creatures`` arguments are accepted by the sight functions so that
callers can pass the same arguments everywhere, and are ignored there.

Cover (Deckung)
---------------
Cover is the best level among the fields whose *interior* the open segment between
the two field centres crosses, leaving out the attacker's and the target's own fields
(D-9): the field's own cover (``grid.cover``: low obstacle = Teildeckung, smoke =
Volldeckung) and Teildeckung for every field a creature occupies. Several things in
the line do not add up: the best one counts. The level is a proposal: which attacks
get cover and what it does are the ruleset's rules, and the game master may override
the level for an attack, which the ruleset records (D-9).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

import numpy as np
import numpy.typing as npt

from game.board.edge_sight import corner_shadows, edge_sight, edges_clear
from game.board.grid import BattleGrid, Cell, Cover
from game.board.shadowcast import Lines, Quadrant, Span, paint, sweep_quadrant

__all__ = [
    "Cover",
    "best_cover",
    "cover",
    "fields_on_line",
    "line_of_sight",
    "line_of_sight_footprints",
    "visible_cells",
]

BoolGrid = npt.NDArray[np.bool_]


# ------------------------------------------------------------------ helpers
def _field(grid: BattleGrid, cell: Cell, role: str) -> tuple[int, int]:
    """Return the cell as two ints, or raise IndexError naming the role."""
    x, y = int(cell[0]), int(cell[1])
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise IndexError(f"{role} field {cell} is outside the {grid.width}×{grid.height} map")
    return x, y


def _as_cell_set(creatures: Iterable[Cell]) -> AbstractSet[Cell]:
    """Return ``creatures`` as a set (sets and frozensets are used as they are)."""
    if isinstance(creatures, set | frozenset):
        return creatures
    return {(int(x), int(y)) for x, y in creatures}


#: Depths a line checks in a Python loop before numpy takes over the rest: most lines
#: on a walled map end early, and numpy only pays for itself on long open lines.
_LOOP_DEPTHS = 128


def _clear(blocks: npt.NDArray[np.bool_], ax: int, ay: int, bx: int, by: int) -> bool:
    """Return whether no blocking field interrupts the line A-B (the module rule)."""
    dx, dy = bx - ax, by - ay
    if abs(dx) >= abs(dy):
        return _clear_along(blocks, ax, ay, dx, dy)
    # Same test with the axes swapped: blocks.T[x, y] is blocks[y, x].
    return _clear_along(blocks.T, ay, ax, dy, dx)


def _clear_along(blocks: npt.NDArray[np.bool_], ax: int, ay: int, dx: int, dy: int) -> bool:
    """Return :func:`_clear` for ``|dx| >= |dy|`` (primary axis x, index ``[y, x]``)."""
    depth = abs(dx)
    step = 1 if dx > 0 else -1
    two_depth = 2 * depth
    # Walk the depths with integers only: at depth d, e = (2*dy*d + depth) mod 2*depth
    # and y = ay + (2*dy*d + depth) // (2*depth) is the field nearest to the line
    # (on a seam, e == 0, the upper of the two fields).
    item = blocks.item
    x, y, e, rise = ax, ay, depth, 2 * dy
    for _ in range(1, min(depth, _LOOP_DEPTHS + 1)):
        x += step
        e += rise
        if e >= two_depth:
            e -= two_depth
            y += 1
        elif e < 0:
            e += two_depth
            y -= 1
        # On a seam the line is blocked only when both sides block (merged interval).
        if item(y, x) and (e or item(y - 1, x)):
            return False
    if depth <= _LOOP_DEPTHS + 1:
        return True
    d_rest = np.arange(_LOOP_DEPTHS + 1, depth, dtype=np.int64)
    xs = ax + step * d_rest
    twice_rest = (2 * dy) * d_rest
    q_rest, r_rest = np.divmod(twice_rest, depth)
    near = ay + (twice_rest + depth) // two_depth  # on a seam: the upper side
    seam = (r_rest == 0) & ((q_rest & 1) == 1)
    hit = blocks[near, xs]
    if seam.any():
        hit &= ~seam | blocks[np.where(seam, near - 1, near), xs]
    return not bool(hit.any())


def _sight_clear(grid: BattleGrid, ax: int, ay: int, bx: int, by: int) -> bool:
    """Return whether neither a blocking field nor a blocking edge (D-13) cuts A-B."""
    if not _clear(grid.blocks_sight, ax, ay, bx, by):
        return False
    return not grid.edges.any_blocking or edges_clear(grid.edges, ax, ay, bx, by)


# ------------------------------------------------------------------ sight
def line_of_sight(grid: BattleGrid, a: Cell, b: Cell, *, creatures: Iterable[Cell] = ()) -> bool:
    """Return whether fields ``a`` and ``b`` see each other (D-9; module docstring).

    Walls and closed doors block; creatures, low obstacles and smoke do not, so
    ``creatures`` is ignored here. The answer is symmetric, so whether a target can
    see its attacker is this same question. Raises IndexError for a
    field outside the map.
    """
    ax, ay = _field(grid, a, "first")
    bx, by = _field(grid, b, "second")
    return _sight_clear(grid, ax, ay, bx, by)


def line_of_sight_footprints(
    grid: BattleGrid,
    a_cells: Iterable[Cell],
    b_cells: Iterable[Cell],
    *,
    creatures: Iterable[Cell] = (),
) -> bool:
    """Return whether two creatures of several fields see each other.

    They do when any field of one sees any field of the other (the pairwise rule of
    :func:`line_of_sight`); a shared field counts as seen.
    """
    first = [_field(grid, cell, "first") for cell in a_cells]
    second = [_field(grid, cell, "second") for cell in b_cells]
    if not first or not second:
        raise ValueError("each footprint needs at least one field")
    return any(_sight_clear(grid, ax, ay, bx, by) for ax, ay in first for bx, by in second)


def visible_cells(grid: BattleGrid, origin: Cell, *, creatures: Iterable[Cell] = ()) -> BoolGrid:
    """Return the fields ``origin`` sees, as a bool array of shape (height, width).

    The mask agrees with ``line_of_sight(grid, origin, cell)`` on every field. It is
    computed by an exact shadowcasting sweep over the four quadrants (``shadowcast``)
    that reads blocking fields and, on maps with them, blocking edges (D-13);
    ``creatures`` never block sight and are ignored.
    """
    ox, oy = _field(grid, origin, "origin")
    blocks = grid.blocks_sight
    # D-13: only maps with edge walls pay for them.
    edges = edge_sight(grid.edges) if grid.edges.any_blocking else None
    out = np.zeros(blocks.shape, dtype=bool)
    if edges is None and not blocks.any():
        out[:] = True
        return out
    # Per orientation, "lines" are map columns for the two x quadrants (offsets along
    # y) and map rows for the two y quadrants; edges run across or along the lines.
    frames = ((blocks.T, ox, oy, edges, True), (blocks, oy, ox, edges, False))
    swept: list[tuple[Quadrant, bool, list[Span]]] = []
    for cells, centre_line, centre, sight, columns in frames:
        fields = Lines.of(np.ascontiguousarray(cells))
        plus = minus = None
        corners: tuple[BoolGrid, BoolGrid] | None = None
        if sight is not None:
            plus, minus = sight.columns if columns else sight.rows
            falling, rising = sight.column_corners if columns else sight.row_corners
        for sign, max_depth in ((1, cells.shape[0] - 1 - centre_line), (-1, centre_line)):
            if sight is not None:  # a line of positive slope falls when the sweep goes +
                corners = (falling, rising) if sign > 0 else (rising, falling)
            edge_lines = plus if sign > 0 else minus
            quadrant = Quadrant(fields, edge_lines, centre_line, sign, centre, corners)
            swept.append((quadrant, columns, sweep_quadrant(quadrant, max_depth)))
    # D-13: closed corners can hide only the fields of single slopes (and diagonals).
    singles = paint(out, swept, singles=edges is not None)
    if edges is not None:
        corner_shadows(edges, ox, oy, out, singles)
    out[oy, ox] = True
    return out


# ------------------------------------------------------------------ cover
def fields_on_line(a: Cell, b: Cell) -> list[Cell]:
    """Return the fields whose interior the open segment between the centres crosses.

    The ends ``a`` and ``b`` are left out; touching only an edge or a corner point
    does not count. Ordered from ``a`` to ``b``. Works on an unbounded grid.
    """
    ax, ay = int(a[0]), int(a[1])
    bx, by = int(b[0]), int(b[1])
    if max(abs(bx - ax), abs(by - ay)) > _LOOP_DEPTHS:
        xs, ys = _crossed_arrays(ax, ay, bx, by)
        return list(zip(xs.tolist(), ys.tolist(), strict=True))
    return _crossed_list(ax, ay, bx, by)


def _crossed_list(ax: int, ay: int, bx: int, by: int) -> list[Cell]:
    """Return :func:`fields_on_line` with a Python loop (short lines)."""
    dx, dy = bx - ax, by - ay
    swap = abs(dy) > abs(dx)
    if swap:  # work with the primary axis as x
        ax, ay, dx, dy = ay, ax, dy, dx
    depth = abs(dx)
    step = 1 if dx > 0 else -1
    cells: list[Cell] = []
    for i in range(1, depth):
        x = ax + step * i
        if dy == 0:
            ys: Iterable[int] = (ay,)
        else:
            # The segment crosses this column for secondary values in the open range
            # between ay + dy*(2i-1)/2D and ay + dy*(2i+1)/2D (units of 1/2D below).
            y1 = 2 * depth * ay + dy * (2 * i - 1)
            y2 = 2 * depth * ay + dy * (2 * i + 1)
            low, high = min(y1, y2), max(y1, y2)
            first = (low - depth) // (2 * depth) + 1
            last = -((-(high + depth)) // (2 * depth)) - 1
            ys = range(first, last + 1) if dy > 0 else range(last, first - 1, -1)
        for y in ys:
            cells.append((y, x) if swap else (x, y))
    return cells


def _crosses(ax: int, ay: int, dx: int, dy: int, px: int, py: int) -> bool:
    """Return whether the open segment A -> A+(dx, dy) crosses the interior of field P.

    The end fields never count (the same ranges as :func:`_crossed_list`).
    """
    if abs(dy) > abs(dx):
        ax, ay, dx, dy, px, py = ay, ax, dy, dx, py, px
    depth = abs(dx)
    i = px - ax if dx > 0 else ax - px
    if not 0 < i < depth:
        return False
    if dy == 0:
        return py == ay
    base = 2 * depth * ay
    span = abs(dy)
    if dy > 0:
        low, high = base + span * (2 * i - 1), base + span * (2 * i + 1)
    else:
        low, high = base - span * (2 * i + 1), base - span * (2 * i - 1)
    first = (low - depth) // (2 * depth) + 1
    last = -((-(high + depth)) // (2 * depth)) - 1
    return first <= py <= last


def _crossed_arrays(
    ax: int, ay: int, bx: int, by: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Return :func:`fields_on_line` as (xs, ys) arrays, vectorised (long lines)."""
    dx, dy = bx - ax, by - ay
    swap = abs(dy) > abs(dx)
    if swap:
        ax, ay, dx, dy = ay, ax, dy, dx
    depth = abs(dx)
    i = np.arange(1, max(depth, 1), dtype=np.int64)
    xs = ax + i if dx > 0 else ax - i
    if dy == 0:
        ys = np.full_like(xs, ay)
    else:
        # Same ranges as in _crossed_list; a column holds one or two crossed fields.
        span = np.abs(dy) * (2 * i - 1), np.abs(dy) * (2 * i + 1)
        base = 2 * depth * ay
        low = base + (span[0] if dy > 0 else -span[1])
        high = base + (span[1] if dy > 0 else -span[0])
        first = (low - depth) // (2 * depth) + 1
        last = -((-(high + depth)) // (2 * depth)) - 1
        two = last > first
        near, far = (first, last) if dy > 0 else (last, first)
        ys = np.stack([near, far], axis=1)[np.stack([np.ones_like(two), two], axis=1)]
        xs = np.repeat(xs, 1 + two)
    return (ys, xs) if swap else (xs, ys)


def best_cover(*levels: Cover) -> Cover:
    """Return the best of several cover levels (none when given none)."""
    return max(levels, default=Cover.NONE)


def cover(
    grid: BattleGrid,
    attacker: Cell,
    target: Cell,
    *,
    creatures: Iterable[Cell] = (),
    granted: Cover = Cover.NONE,
) -> Cover | None:
    """Return the cover ``target`` has against a ranged attack from ``attacker``.

    None when there is no line of sight. Otherwise the best level among the fields
    the line crosses (:func:`fields_on_line`, both end fields excluded): the field's own
    cover, and Teildeckung for every field in ``creatures`` (the occupied fields of
    other creatures). ``granted`` is cover the target has whatever the map says, cover
    a ruleset grants (ENTARIA's Teildeckung bought with Impuls). Which attacks the
    level counts for is the ruleset's rule; the game master may override the result
    (D-9), which the ruleset records.
    """
    ax, ay = _field(grid, attacker, "attacker")
    bx, by = _field(grid, target, "target")
    if not _sight_clear(grid, ax, ay, bx, by):
        return None
    occupied = _as_cell_set(creatures)
    best = int(granted)
    dx, dy = bx - ax, by - ay
    length = max(abs(dx), abs(dy))
    x0, x1 = min(ax, bx), max(ax, bx)
    y0, y1 = min(ay, by), max(ay, by)
    # Only fields inside the bounding box can be crossed: test the few cover fields
    # and creatures there one by one instead of walking the whole line.
    box = grid.cover[y0 : y1 + 1, x0 : x1 + 1]
    if best < Cover.FULL and box.any():
        ys, xs = np.nonzero(box)
        if ys.size <= length:
            for x, y, level in zip(xs.tolist(), ys.tolist(), box[ys, xs].tolist(), strict=True):
                if level > best and _crosses(ax, ay, dx, dy, x + x0, y + y0):
                    best = level
        else:
            line_xs, line_ys = _crossed_arrays(ax, ay, bx, by)
            if line_xs.size:
                best = max(best, int(grid.cover[line_ys, line_xs].max()))
    if best < Cover.PARTIAL and occupied:
        if len(occupied) <= 8 * length:
            crossed = any(
                x0 <= x <= x1 and y0 <= y <= y1 and _crosses(ax, ay, dx, dy, x, y)
                for x, y in occupied
            )
        else:
            crossed = not occupied.isdisjoint(fields_on_line((ax, ay), (bx, by)))
        if crossed:
            best = Cover.PARTIAL
    return Cover(best)
