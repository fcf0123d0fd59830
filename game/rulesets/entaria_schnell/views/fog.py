"""What a seat sees under the quick rules' fog of war, and what is said over the map.

The quick rules have no sight rules of their own; as in WRS the board's line of sight
decides (D-9): a side sees the fields its standing creatures see, its own creatures are
always shown, another creature when its field is seen.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.board.grid import BattleGrid, Cell
from game.board.sight import visible_cells
from game.match.events import Event
from game.match.views import Texts
from game.rulesets.entaria_schnell.engine import QuickGame

#: Events said over the map as well as in the log.
NOTABLE_EVENTS = frozenset({"over", "defeated", "outcome", "down"})


@dataclass(frozen=True)
class QuickFog:
    """What some sides see: the fields (mask [y, x]) and the creatures they are shown."""

    sides: tuple[str, ...]
    visible: NDArray[np.bool_]
    creatures: frozenset[str]


#: Per grid: each field's visible mask, by the grid's version and the field.
_SIGHT: weakref.WeakKeyDictionary[BattleGrid, dict[tuple[int, Cell], NDArray[np.bool_]]] = (
    weakref.WeakKeyDictionary()
)
_SIGHT_LIMIT = 4096


def seen_from(grid: BattleGrid, cell: Cell) -> NDArray[np.bool_]:
    """Return the fields ``cell`` sees (``sight.visible_cells``), kept per grid version."""
    memo = _SIGHT.setdefault(grid, {})
    key = (grid.version, cell)
    mask = memo.get(key)
    if mask is None:
        if len(memo) >= _SIGHT_LIMIT:
            memo.clear()
        mask = visible_cells(grid, cell)
        mask.setflags(write=False)
        memo[key] = mask
    return mask


def fog_for_sides(game: QuickGame, sides: Collection[str]) -> QuickFog | None:
    """Return what the players of ``sides`` see together (None: no side given)."""
    wanted = tuple(sides)
    if not wanted:
        return None
    grid = game.grid
    visible = np.zeros((grid.height, grid.width), dtype=bool)
    for key, creature in game.creatures.items():
        if creature.side in wanted and game.standing(key):
            visible |= seen_from(grid, creature.cell)
    shown = frozenset(
        key
        for key, creature in game.creatures.items()
        if creature.side in wanted or visible[creature.cell[1], creature.cell[0]]
    )
    visible.setflags(write=False)
    return QuickFog(wanted, visible, shown)


def notice(event: Event, t: Texts) -> str:
    """Return the line said over the map of ``event`` ("" for an event only logged)."""
    return event.text(t.language) if event.kind in NOTABLE_EVENTS else ""
