"""Where a creature can hide (Verbergen, E-ACT-VH-VERBERGEN-1/3)."""

from __future__ import annotations

from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, Cover
from game.board.sight import line_of_sight


def suitable_hiding_place(grid: BattleGrid, cell: Cell) -> bool:
    """Return whether a field offers somewhere to hide: cover or a wall on or next to it.

    E-ACT-VH-VERBERGEN-1 ("a dark doorway, bushes"): the field itself or one of its eight
    neighbours has cover (a low obstacle, smoke), or a neighbour is a wall or a closed
    door, or a wall or closed door on a field edge touches the field, a side or a corner
    (D-13: a wall to hide behind, as a wall field next to it). Raises IndexError for a
    field outside the map.
    """
    if not grid.in_bounds(cell):
        raise IndexError(f"field {cell} is outside the map")
    if grid.cover_at(cell) is not Cover.NONE or _edge_wall_touches(grid, cell):
        return True
    x, y = cell
    for dx, dy in DIRECTIONS_8:
        near = (x + dx, y + dy)
        if not grid.in_bounds(near):
            continue
        if grid.is_wall(near) or grid.cover_at(near) is not Cover.NONE:
            return True
    return False


def _edge_wall_touches(grid: BattleGrid, cell: Cell) -> bool:
    """Return whether a blocking edge touches one of the four corners of ``cell`` (D-13)."""
    if not grid.has_edge_walls:
        return False
    x, y = cell
    # Corner [j, k] is touched by vertical edges [j - 1, k], [j, k] and horizontal
    # edges [j, k - 1], [j, k]; the field's corners are j in (y, y + 1), k in (x, x + 1).
    vertical = grid.edges.blocks_v[max(y - 1, 0) : y + 2, x : x + 2]
    horizontal = grid.edges.blocks_h[y : y + 2, max(x - 1, 0) : x + 2]
    return bool(vertical.any() or horizontal.any())


def observers_seeing(grid: BattleGrid, cell: Cell, observers: dict[str, Cell]) -> list[str]:
    """Return the keys of the observers with a line of sight to ``cell``, in the given order.

    Verbergen needs this list empty (E-ACT-VH-VERBERGEN-1); it also applies to the field
    where another creature or an object is hidden (E-ACT-VH-VERBERGEN-3).
    """
    return [key for key, at in observers.items() if line_of_sight(grid, at, cell)]
