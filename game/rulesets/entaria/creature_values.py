"""A creature's BEW and Ausweichen with its armour's side effects (E-ARMOR-2).

"Panzerung können auch, oft negativ, die Attribute wie Bewegung, Initiative oder
Ausweichen des Charakters verändern." Every use of BEW (every movement allowance, the
previews, the built-in opponent, the card) and of the Rettungswert Ausweichen (the target
value of attacks and of actions rolled against it, the card) asks this module, so an
armour's side effects count everywhere the value is used. Initiative adds them at the
start of the fight (``battle_start._initiative_of``).

Which armour counts: the armour keys in ``creature.carried``,
which is where worn armour is (``armour_actions`` puts donned armour there); a shield
(Deckungspanzerung with Schild) only while raised, as for its PAZ (``combat.armour_of``):
"Die bei der Deckungspanzerung angegebenen Attribute gelten somit bis zum Anfang der
ersten Handlung in der nächsten Kampfrunde" (Schildeinsatz, E-ACT-HH-SCHILD). Decisions
(the book is silent): armour in hand (about to be donned) or on the ground has no side
effects; Umgehung leaves armour's PAZ out, not its side effects.

The values here come before conditions, halvings, cover and Ausweichbewegung, which stay
where they are (``rules.movement.movement_allowance``, ``condition_rolls.dodge_value``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.entaria.catalogue import ArmourType
from game.rulesets.entaria.rules.armour import (
    ArmourEffects,
    armour_side_effects,
    armoured_bew,
    armoured_dodge,
)
from game.rulesets.entaria.rules.terms import SaveValue
from game.rulesets.entaria.state import CreatureState

if TYPE_CHECKING:  # the engine asks this module (Battle.save_value): no import back
    from game.rulesets.entaria.engine import Battle

__all__ = [
    "armour_effects",
    "base_bew",
    "base_dodge",
    "base_save",
    "base_value",
    "listed_bew",
    "worn_armour",
]


def worn_armour(battle: Battle, creature: CreatureState) -> tuple[ArmourType, ...]:
    """Return the armour whose side effects count: worn armour, a shield while raised."""
    raised = battle.shield_raised(creature)
    return tuple(a for a in battle.catalogue.armour_in(creature.carried) if raised or not a.shield)


def armour_effects(battle: Battle, creature: CreatureState) -> ArmourEffects:
    """Return the summed side effects of the creature's worn armour (E-ARMOR-2)."""
    return armour_side_effects(armour.piece() for armour in worn_armour(battle, creature))


def base_value(battle: Battle, creature: CreatureState, value: int) -> int:
    """Return another movement value (a flying value) with the armour's BEW change.

    Movement types are further BEW values (E-MOVETYPE-1): armour that slows the feet
    slows wings and fins alike (decision).
    """
    return armoured_bew(value, armour_effects(battle, creature))


def listed_bew(battle: Battle, creature: CreatureState) -> int:
    """Return the catalogue's BEW, for texts that show it next to ``base_bew`` (the log)."""
    return battle.creature_type(creature).movement


def base_bew(battle: Battle, creature: CreatureState) -> int:
    """Return the creature's BEW: the catalogue's plus armour's change, not below 0.

    Before conditions and halvings (``rules.movement.movement_allowance``).
    """
    return base_value(battle, creature, battle.creature_type(creature).movement)


def base_dodge(battle: Battle, creature: CreatureState) -> int:
    """Return the Rettungswert Ausweichen plus armour's change, not below 0 (E-ARMOR-2).

    Before conditions, cover and Ausweichbewegung (``condition_rolls.dodge_value``).
    """
    dodge = battle.creature_type(creature).save(SaveValue.DODGE)
    return armoured_dodge(dodge, armour_effects(battle, creature))


def base_save(battle: Battle, creature: CreatureState, which: SaveValue) -> int:
    """Return a Rettungswert before conditions: Ausweichen with armour, the others as listed."""
    if which is SaveValue.DODGE:
        return base_dodge(battle, creature)
    return battle.creature_type(creature).save(which)
