"""Independent copies of a battle for trying commands (dry runs, previews)."""

from __future__ import annotations

import copy
from typing import Any

from game.rulesets.entaria.engine import Battle


def clone_battle(battle: Battle) -> Battle:
    """Return an independent copy of ``battle`` for trying commands.

    The catalogue and the set-up are shared, and so are the immutable condition sets
    (their mapping proxies cannot be deep-copied) and the logged events (the copy's log
    is a new list of them: ``GmAnswer`` is checked against the log).
    """
    memo: dict[int, Any] = {
        id(battle.catalogue): battle.catalogue,
        id(battle.setup): battle.setup,
        id(battle.log): list(battle.log),
    }
    for creature in battle.state.creatures.values():
        memo[id(creature.conditions)] = creature.conditions
    return copy.deepcopy(battle, memo)
