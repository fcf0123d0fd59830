"""What a seat sees under WRS's fog of war, and what is said over the map.

WRS has no sight rules of its own; the board's line of sight decides (W-OPEN-8, D-9).
A side sees the fields its fighters who can still act see (unverletzt or am Boden;
bewusstlos and tot see nothing, W-OPEN-10); its own fighters are always shown, another
fighter when its field is seen. A seat of several sides sees what any of them sees.
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
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules import wounds
from game.rulesets.wrs.views.terms import remember

#: Events said over the map as well as in the log: the end of the fight.
NOTABLE_EVENTS = frozenset({"over"})


@dataclass(frozen=True)
class WrsFog:
    """What some sides see: the fields (mask [y, x]) and the fighters they are shown."""

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


def fog_for_sides(game: WrsGame, sides: Collection[str]) -> WrsFog | None:
    """Return what the players of ``sides`` see together (None: no side given)."""
    wanted = tuple(sides)
    if not wanted:
        return None
    remember(game)
    grid = game.grid
    visible = np.zeros((grid.height, grid.width), dtype=bool)
    for key, state in game.fighters.items():
        if state.side in wanted and wounds.can_act(game.state_of(key)):
            visible |= seen_from(grid, state.cell)
    shown = frozenset(
        key
        for key, state in game.fighters.items()
        if state.side in wanted or visible[state.cell[1], state.cell[0]]
    )
    visible.setflags(write=False)
    return WrsFog(wanted, visible, shown)


def notice(event: Event, t: Texts) -> str:
    """Return the line said over the map of ``event`` ("" for an event only logged)."""
    return event.text(t.language) if event.kind in NOTABLE_EVENTS else ""
