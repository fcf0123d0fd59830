"""Where a creature can take Volldeckung: beside something that hides it (Q-COVER-2)."""

from __future__ import annotations

from game.board.grid import BattleGrid, Cell


def wall_beside(grid: BattleGrid, cell: Cell) -> bool:
    """Return whether a wall, closed door, obstacle or walled edge stands next to ``cell``."""
    x, y = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            near = (x + dx, y + dy)
            if not (dx or dy) or not grid.in_bounds(near):
                continue
            if grid.blocks_movement[near[1], near[0]] or int(grid.cover_at(near)):
                return True
            if abs(dx) + abs(dy) == 1 and grid.is_edge_blocked(cell, near):
                return True
    return False
