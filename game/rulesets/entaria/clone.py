"""Independent copies of a battle for trying commands (dry runs, previews, checkpoints)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.reroll_ledger import copy_roller

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


def clone_battle(battle: Battle) -> Battle:
    """Return an independent copy of ``battle`` for trying commands.

    The catalogue and the set-up are shared, and so are the immutable condition sets
    (their mapping proxies cannot be deep-copied), the logged events and the recorded
    commands (the copy's log and record are new lists of them: ``GmAnswer`` is checked
    against the log; commands are frozen values).
    """
    # .copy(): a loaded record and log stay lazy (a list copy would read every entry)
    return copy_battle(battle, record=battle.record.copy(), log=battle.log.copy())


def copy_battle(battle: Battle, *, record: list[Command], log: list[Event]) -> Battle:
    """Return an independent copy of ``battle`` whose record and log are the lists given.

    Everything else is copied as ``clone_battle`` says; a checkpoint passes empty lists.
    """
    memo: dict[int, Any] = {
        id(battle.catalogue): battle.catalogue,
        id(battle.setup): battle.setup,
        id(battle.log): log,
        id(battle.record): record,
        id(battle._roller): copy_roller(battle._roller),  # faster than a deep copy
    }
    for creature in battle.state.creatures.values():
        memo[id(creature.conditions)] = creature.conditions
    return copy.deepcopy(battle, memo)
