"""The edge doors (D-13) a match has opened or closed, and a grid put back as they say.

Kept apart from ``edge_doors`` (the commands' side) so that the reroll's shadows can use
it without importing the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, Cell

if TYPE_CHECKING:
    from game.rulesets.entaria.state import BattleState

EdgeKey = tuple[Cell, Cell]


def edge_key(a: Cell, b: Cell) -> EdgeKey:
    """Return the edge between ``a`` and ``b`` with the upper or left field first."""
    a = (int(a[0]), int(a[1]))
    b = (int(b[0]), int(b[1]))
    return (a, b) if (a[1], a[0]) < (b[1], b[0]) else (b, a)


def has_edge_doors(grid: BattleGrid) -> bool:
    """Return whether the map has any door on a field edge."""
    return bool(grid.edges.door_h.any() or grid.edges.door_v.any())


def is_edge_door(grid: BattleGrid, a: Cell, b: Cell) -> bool:
    """Return whether a door (open or closed) stands on the edge between ``a`` and ``b``."""
    try:
        kind = grid.edge_kind(a, b)
    except ValueError:
        return False
    return kind in (EdgeKind.DOOR, EdgeKind.OPEN_DOOR)


def edge_doors_around(grid: BattleGrid, cell: Cell, own: Iterable[Cell] = ()) -> list[Cell]:
    """Return the fields across the edge doors on the border of ``cell`` (top, left, right,
    bottom), leaving out fields of ``own`` (the rest of a footprint)."""
    if not has_edge_doors(grid):
        return []
    skip = set(own)
    x, y = int(cell[0]), int(cell[1])
    found = []
    for far in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
        if far not in skip and grid.in_bounds(far) and is_edge_door(grid, (x, y), far):
            found.append(far)
    return found


def sync_edge_doors(grid: BattleGrid, start: BattleGrid, state: BattleState) -> None:
    """Open and close every edge door of ``grid`` as ``state`` says (else as at ``start``)."""
    if not has_edge_doors(grid):
        return
    for edge in grid.edge_list():
        if edge.kind is EdgeKind.WALL:
            continue
        key = edge_key(edge.a, edge.b)
        wanted = state.edge_doors.get(key)
        if wanted is None:
            wanted = start.edge_kind(edge.a, edge.b) is EdgeKind.OPEN_DOOR
        if (edge.kind is EdgeKind.OPEN_DOOR) != wanted:
            grid.set_edge_door(edge.a, edge.b, open=wanted)


def edge_text(a: Cell, b: Cell) -> tuple[str, str]:
    """Return where an edge door is, German and English: 'zwischen [1, 2] und [2, 2]'."""
    return (f"zwischen {list(a)} und {list(b)}", f"between {list(a)} and {list(b)}")
