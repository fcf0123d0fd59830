"""Resolvers of Panzerung anziehen and ausziehen (E-ACT-LH-PANZERUNG-*), longer actions.

Decisions taken here (reported with the rule IDs they touch):

- Panzerung: worn armour is armour in ``carried`` (what ``combat.armour_of`` reads).
  Donning takes the piece from the hands or the own field; doffing puts it into a free
  hand, else onto the own field. Only Getragene Panzerung is donned or doffed.
"""

from __future__ import annotations

from game.match.events import Event
from game.rulesets.entaria.action_helpers import _check_budget, _event, not_busy_check
from game.rulesets.entaria.catalogue import ArmourType
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of
from game.rulesets.entaria.interact_actions import _take_from_ground
from game.rulesets.entaria.ready_actions import long_action_failed, start_long_action
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.armour import doff_armor_rounds, don_armor_rounds
from game.rulesets.entaria.rules.terms import ArmorCategory, say
from game.rulesets.entaria.state import CreatureState, Pending


def _worn_armour(battle: Battle, key: str | None) -> ArmourType:
    if key is None or key not in battle.catalogue.armour:
        raise CommandRejected(say(f"{key!r} is no armour", f"{key!r} ist keine Panzerung"))
    armour = battle.catalogue.armour[key]
    if armour.category is not ArmorCategory.WORN:
        raise CommandRejected(
            say(
                f"{armour.english} is {armour.category.value}, not worn armour "
                "(E-ACT-LH-PANZERUNG-1)",
                f"{armour.name} ist {armour.category.value}, keine Getragene Panzerung "
                "(E-ACT-LH-PANZERUNG-1)",
            )
        )
    return armour


def resolve_don(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Panzerung anziehen: PAZ rounds, a space suit 2 (E-ACT-LH-PANZERUNG-1/2)."""
    armour = _worn_armour(battle, command.item)
    if armour.key in creature.held:
        source = "held"
    elif armour.key in battle.state.ground_items.get(creature.cell, []):
        source = "ground"
    else:
        raise CommandRejected(
            say(
                f"{armour.english} is neither in hand nor on {creature.name}'s field",
                f"{armour.name} ist weder in der Hand noch auf dem Feld von {creature.name}",
            )
        )
    _check_budget(battle, action)
    events = battle.spend(creature, action)
    rounds = don_armor_rounds(armour.armor_value, space_suit=armour.space_suit)
    data = {"item": armour.key, "from": source}
    return events + start_long_action(battle, creature, action, rounds, data)


def resolve_doff(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Panzerung ausziehen: half the donning time, at least 1 round (E-ACT-LH-PANZERUNG-3)."""
    armour = _worn_armour(battle, command.item)
    if armour.key not in creature.carried:
        raise CommandRejected(
            say(
                f"{creature.name} does not wear {armour.english}",
                f"{creature.name} trägt {armour.name} nicht",
            )
        )
    _check_budget(battle, action)
    events = battle.spend(creature, action)
    rounds = doff_armor_rounds(armour.armor_value, space_suit=armour.space_suit)
    return events + start_long_action(battle, creature, action, rounds, {"item": armour.key})


def complete_don(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    key = str(pending.data["item"])
    ground = battle.state.ground_items.get(creature.cell, [])
    if pending.data["from"] == "held" and key in creature.held:
        creature.held.remove(key)
    elif pending.data["from"] == "ground" and key in ground:
        _take_from_ground(battle, creature.cell, key)
    else:
        return long_action_failed(creature, pending, f"{key!r} is gone")
    creature.carried.append(key)
    name = battle.catalogue.armour[key].name
    return [
        _event(
            "armour",
            f"{creature.name} trägt jetzt {name}",
            f"{creature.name} now wears {battle.catalogue.armour[key].english}",
            creature.key,
            rule="E-ACT-LH-PANZERUNG-1",
            item=key,
        )
    ]


def complete_doff(battle: Battle, creature: CreatureState, pending: Pending) -> list[Event]:
    key = str(pending.data["item"])
    if key not in creature.carried:
        return long_action_failed(creature, pending, f"{key!r} is gone")
    creature.carried.remove(key)
    if free_hands_of(battle, creature) > 0:
        creature.held.append(key)
        where_de, where_en = "in der Hand", "in hand"
    else:
        battle.state.ground_items.setdefault(creature.cell, []).append(key)
        where_de, where_en = "am Boden", "on the ground"
    armour = battle.catalogue.armour[key]
    return [
        _event(
            "armour",
            f"{creature.name} legt {armour.name} ab ({where_de})",
            f"{creature.name} takes off {armour.english} ({where_en})",
            creature.key,
            rule="E-ACT-LH-PANZERUNG-3",
            item=key,
        )
    ]


def can_don(battle: Battle, c: CreatureState) -> str:
    keys = c.held + battle.state.ground_items.get(c.cell, [])
    worn = [a for a in battle.catalogue.armour_in(keys) if a.category is ArmorCategory.WORN]
    return not_busy_check(battle, c) or (
        ""
        if worn
        else say(
            "no armour in hand or on the field", "keine Panzerung in der Hand oder auf dem Feld"
        )
    )


def can_doff(battle: Battle, c: CreatureState) -> str:
    worn = [a for a in battle.catalogue.armour_in(c.carried) if a.category is ArmorCategory.WORN]
    return not_busy_check(battle, c) or (
        "" if worn else say("no worn armour", "keine Getragene Panzerung")
    )
