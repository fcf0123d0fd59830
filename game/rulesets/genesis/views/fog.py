"""What a seat sees under Genesis's fog of war, and what is said over the map.

Genesis has no sight rules of its own; as in WRS the board's line of sight decides
(D-9): a side sees the fields its fighters who still fight see (bewusstlos and tödlich
getroffen see nothing); its own fighters are always shown, another fighter when its
field is seen. A seat of several sides sees what any of them sees.
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
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.plans import FIGHTING

#: Events said over the map as well as in the log: someone falls, the fight ends.
NOTABLE_EVENTS = frozenset({"over", "life"})


@dataclass(frozen=True)
class GenesisFog:
    """What some sides see: the fields (mask [y, x]) and the fighters they are shown."""

    sides: tuple[str, ...]
    visible: NDArray[np.bool_]
    creatures: frozenset[str]


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


def fog_for_sides(game: GenesisGame, sides: Collection[str] | None) -> GenesisFog | None:
    """Return what the players of ``sides`` see together (None: no side given)."""
    wanted = tuple(sides or ())
    if not wanted:
        return None
    grid = game.grid
    visible = np.zeros((grid.height, grid.width), dtype=bool)
    for state in game.fighters.values():
        if state.side in wanted and state.life == FIGHTING:
            visible |= seen_from(grid, state.cell)
    shown = frozenset(
        key
        for key, state in game.fighters.items()
        if state.side in wanted or visible[state.cell[1], state.cell[0]]
    )
    visible.setflags(write=False)
    return GenesisFog(wanted, visible, shown)


def notice(event: Event, t: Texts) -> str:
    """Return the line said over the map of ``event`` ("" for an event only logged)."""
    return event.text(t.language) if event.kind in NOTABLE_EVENTS else ""
