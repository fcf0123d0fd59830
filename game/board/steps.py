"""Single steps on the grid: the corner rule and whether a step is legal.

D-10: a step goes to one of the 8 neighbours, enters no wall, closed door or enemy
field, and does not squeeze diagonally between two blocking fields. Multi-field
movers are placed by their anchor (the footprint's top-left field); every field of
the footprint counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

import numpy as np
import numpy.typing as npt

from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, footprint_cells


def as_cells(cells: Iterable[Cell]) -> set[Cell]:
    """Return ``cells`` as a set of (x, y) tuples of Python ints."""
    return {(int(x), int(y)) for x, y in cells}


def footprint_walled(grid: BattleGrid, anchor: Cell, side: int = 1) -> bool:
    """Return whether a side × side footprint at ``anchor`` leaves the map or holds a wall."""
    x, y = anchor
    if not (0 <= x <= grid.width - side and 0 <= y <= grid.height - side):
        return True
    return bool(grid.blocks_movement[y : y + side, x : x + side].any())


def diagonal_step_blocked(grid: BattleGrid, cell: Cell, step: Cell, *, side: int = 1) -> bool:
    """Return whether a diagonal ``step`` from ``cell`` squeezes between two blocking fields.

    D-10: blocked only when *both* orthogonal neighbours it passes between
    are walls, closed doors or off the map; creatures never block a corner. A straight
    step is never blocked by this rule. ``side``: the mover's footprint. D-13: also
    blocked when a wall or closed door on a field edge touches the corner it passes.
    """
    dx, dy = step
    if dx == 0 or dy == 0:
        return False
    x, y = cell
    if footprint_walled(grid, (x + dx, y), side) and footprint_walled(grid, (x, y + dy), side):
        return True
    return edge_step_blocked(grid, cell, step, side=side)


def edge_step_blocked(grid: BattleGrid, cell: Cell, step: Cell, *, side: int = 1) -> bool:
    """Return whether a step crosses a wall or closed door on a field edge (D-13).

    A straight step crosses the edges between the fields it leaves and enters; a
    diagonal one passes the corner, and is not allowed when any blocking edge touches
    that corner. For a side × side mover: any blocking edge inside the box that the
    footprints before and after the step cover together.
    """
    if not grid.edges.any_blocking:
        return False
    x, y = cell
    dx, dy = step
    x_lo, x_hi = min(x, x + dx), max(x, x + dx) + side - 1
    y_lo, y_hi = min(y, y + dy), max(y, y + dy) + side - 1
    x_lo, y_lo = max(x_lo, 0), max(y_lo, 0)
    vertical = grid.edges.blocks_v[y_lo : y_hi + 1, x_lo + 1 : x_hi + 1]
    horizontal = grid.edges.blocks_h[y_lo + 1 : y_hi + 1, x_lo : x_hi + 1]
    return bool(vertical.any() or horizontal.any())


def edge_step_masks(
    grid: BattleGrid, x0: int, y0: int, shape: tuple[int, int], side: int
) -> list[npt.NDArray[np.bool_]]:
    """Return, per direction of ``DIRECTIONS_8``, which anchors of a window may step so.

    The window's anchors are (x0 .. x0 + width - 1, y0 .. y0 + height - 1); an entry is
    False where :func:`edge_step_blocked` holds. Box sums over prefix sums of the edges
    near the window, so the cost grows with neither ``side`` nor the map.
    """
    height, width = shape
    if side == 1:  # plain slices: the edge crossed, or the corner passed
        rows, cols = slice(y0, y0 + height), slice(x0, x0 + width)
        down, east = slice(y0 + 1, y0 + height + 1), slice(x0 + 1, x0 + width + 1)
        v, h, c = grid.edges.blocks_v, grid.edges.blocks_h, grid.edges.corners()
        return [
            ~v[rows, east],  # E
            ~h[down, cols],  # S
            ~v[rows, cols],  # W
            ~h[rows, cols],  # N
            ~c[down, east],  # SE
            ~c[down, cols],  # SW
            ~c[rows, cols],  # NW
            ~c[rows, east],  # NE
        ]
    # The edges any step box of the window can touch, with one spare line each side.
    top, left = max(0, y0 - 1), max(0, x0 - 1)
    bottom, right = y0 + height + side + 1, x0 + width + side + 1
    vertical = _prefix(grid.edges.blocks_v[top:bottom, left:right])
    horizontal = _prefix(grid.edges.blocks_h[top:bottom, left:right])
    ys = np.arange(y0 - top, y0 - top + height)[:, None]
    xs = np.arange(x0 - left, x0 - left + width)[None, :]
    out = []
    for dx, dy in DIRECTIONS_8:
        x_lo, x_hi = xs + min(0, dx), xs + max(0, dx) + side - 1
        y_lo, y_hi = ys + min(0, dy), ys + max(0, dy) + side - 1
        blocked = _box_any(vertical, y_lo, y_hi, x_lo + 1, x_hi)
        blocked |= _box_any(horizontal, y_lo + 1, y_hi, x_lo, x_hi)
        out.append(~blocked)
    return out


def _prefix(flags: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """Return the 2-D prefix sums of ``flags``, with a zero first row and column."""
    rows, columns = flags.shape
    table = np.zeros((rows + 1, columns + 1), dtype=np.int32)
    table[1:, 1:] = np.cumsum(np.cumsum(flags, axis=0, dtype=np.int32), axis=1)
    return table


def _box_any(
    table: npt.NDArray[np.int32],
    r0: npt.NDArray[np.int_],
    r1: npt.NDArray[np.int_],
    c0: npt.NDArray[np.int_],
    c1: npt.NDArray[np.int_],
) -> npt.NDArray[np.bool_]:
    """Return whether any flag is set in rows r0..r1, columns c0..c1 (clipped, inclusive)."""
    rows, columns = table.shape[0] - 1, table.shape[1] - 1
    r0 = np.clip(r0, 0, rows)
    r1 = np.maximum(np.clip(r1 + 1, 0, rows), r0)
    c0 = np.clip(c0, 0, columns)
    c1 = np.maximum(np.clip(c1 + 1, 0, columns), c0)
    r0, r1, c0, c1 = np.broadcast_arrays(r0, r1, c0, c1)
    total = table[r1, c1] - table[r0, c1] - table[r1, c0] + table[r0, c0]
    return np.asarray(total > 0)


def check_anchor(grid: BattleGrid, cell: Cell, side: int) -> None:
    """Raise ValueError when a side × side footprint at ``cell`` does not fit on the map."""
    x, y = cell
    if not (0 <= x <= grid.width - side and 0 <= y <= grid.height - side):
        raise ValueError(
            f"a creature of {side}×{side} fields cannot stand at {cell} on the "
            f"{grid.width}×{grid.height} map"
        )


def step_problem(
    grid: BattleGrid, before: Cell, after: Cell, side: int, foes: AbstractSet[Cell]
) -> str | None:
    """Return why one step of a mover's anchor is illegal, or None when it is legal.

    D-10: to one of the 8 neighbours, into no wall, closed door or enemy field, and
    not between two blocking fields; every field of the footprint counts. D-13: across
    no edge wall or closed edge door, and not diagonally past a corner one touches.
    """
    dx, dy = after[0] - before[0], after[1] - before[1]
    if (dx, dy) == (0, 0) or max(abs(dx), abs(dy)) != 1:
        return f"step {before} -> {after} does not go to a neighbouring field"
    if footprint_walled(grid, after, side):
        return f"step {before} -> {after} enters a wall or closed door"
    if not foes.isdisjoint(footprint_cells(after, side)):
        return f"step {before} -> {after} enters a field held by an enemy"
    if edge_step_blocked(grid, before, (dx, dy), side=side):
        return f"step {before} -> {after} crosses a wall on a field edge"
    if diagonal_step_blocked(grid, before, (dx, dy), side=side):
        return f"step {before} -> {after} cuts a corner between two walls"
    return None
