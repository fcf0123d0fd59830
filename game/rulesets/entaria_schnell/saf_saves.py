"""The end-of-turn saves that end the conditions of a critical hit (Q-OPEN-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.entaria.rules.condition_changes import lose
from game.rulesets.entaria.rules.terms import Condition, DamageType
from game.rulesets.entaria_schnell.rules.saf import quick_saf_for, roll_saf_save

if TYPE_CHECKING:
    from game.rulesets.entaria_schnell.engine import QuickGame


def end_of_turn_saves(game: QuickGame, key: str) -> None:
    """Roll the saves that end SAF conditions at the end of the turn (Q-OPEN-11)."""
    creature = game.creatures[key]
    for condition_name, damage_type in list(creature.saves.items()):
        condition = Condition(condition_name)
        effect = quick_saf_for(DamageType(damage_type)).effect
        if effect.save_attribute is None:
            del creature.saves[condition_name]
            continue
        value = creature.kind.attribute(effect.save_attribute)
        roll = roll_saf_save(value, game.roller, effect)
        if roll is None:
            continue
        won = bool(roll.success)
        if won and creature.held.count(condition):
            creature.held = lose(creature.held, condition).held
        if won:
            del creature.saves[condition_name]
        game.emit(
            "saf_save",
            key,
            f"{creature.name}: Rettungswurf gegen {condition.value} "
            f"{'geschafft' if won else 'misslungen'} ({roll.total})",
            f"{creature.name}: save against {condition.name.lower()} "
            f"{'made' if won else 'failed'} ({roll.total})",
            {"dice": list(roll.dice), "total": roll.total, "target": roll.target, "won": won},
        )
