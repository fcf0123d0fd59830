"""Spending the group's Impuls in the quick rules: one more half action for 5 (E-IMP-EFF-HALF).

The quick rules keep ENTARIA's Impuls (Q-CRIT-HIT-4, Q-CRIT-FAIL-3); a character who failed
initiative spends none for himself (Q-INIT-9, Q-OPEN-3 reading C in part: he gains none and
buys no HH).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rulesets.entaria.rules.terms import say

if TYPE_CHECKING:
    from game.rulesets.entaria_schnell.engine import QuickGame

#: What one more half action costs the group's pool (E-IMP-EFF-HALF).
HALF_ACTION_IMPULSE = 5


def half_purchase_refusal(game: QuickGame, key: str) -> str:
    """Return why the creature on turn cannot buy an extra HH now ("" when it can)."""
    creature = game.creatures[key]
    if not creature.is_character:
        return say("only characters spend the group's Impuls", "nur Charaktere setzen Impuls ein")
    if creature.initiative is not None and creature.initiative.failed:
        return say(
            "after a failed initiative no Impuls for oneself",
            "nach misslungener Initiative kein Impuls für sich selbst",
        )
    if game.impulse < HALF_ACTION_IMPULSE:
        return say(
            f"the group has {game.impulse} Impuls, {HALF_ACTION_IMPULSE} are needed",
            f"die Gruppe hat {game.impulse} Impuls, {HALF_ACTION_IMPULSE} sind nötig",
        )
    return ""


def buy_half_action(game: QuickGame, key: str) -> None:
    """Spend 5 Impuls on one more HH of the turn under way (checked before)."""
    game.turn = replace(game.turn, budget=game.turn.budget.with_extra_half())
    game.impulse -= HALF_ACTION_IMPULSE
    name = game.creatures[key].name
    game.emit(
        "impulse",
        key,
        f"{name} setzt {HALF_ACTION_IMPULSE} Impuls für eine zusätzliche HH ein",
        f"{name} spends {HALF_ACTION_IMPULSE} Impulse on an extra half action",
        {"spent": HALF_ACTION_IMPULSE, "left": game.impulse},
    )
