"""Single steps on the grid: the corner rule and whether a step is legal.

D-10: a step goes to one of the 8 neighbours, enters no wall, closed door or enemy
field, and does not squeeze diagonally between two blocking fields. Multi-field
movers are placed by their anchor (the footprint's top-left field); every field of
the footprint counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from game.board.grid import BattleGrid, Cell, footprint_cells


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
    step is never blocked by this rule. ``side``: the mover's footprint.
    """
    dx, dy = step
    if dx == 0 or dy == 0:
        return False
    x, y = cell
    return footprint_walled(grid, (x + dx, y), side) and footprint_walled(grid, (x, y + dy), side)


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
    not between two blocking fields; every field of the footprint counts.
    """
    dx, dy = after[0] - before[0], after[1] - before[1]
    if (dx, dy) == (0, 0) or max(abs(dx), abs(dy)) != 1:
        return f"step {before} -> {after} does not go to a neighbouring field"
    if footprint_walled(grid, after, side):
        return f"step {before} -> {after} enters a wall or closed door"
    if not foes.isdisjoint(footprint_cells(after, side)):
        return f"step {before} -> {after} enters a field held by an enemy"
    if diagonal_step_blocked(grid, before, (dx, dy), side=side):
        return f"step {before} -> {after} cuts a corner between two walls"
    return None
