"""The start of a fight: the creatures as set up, and initiative (E-INIT-1..7, D-11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.match.events import Event
from game.rulesets.entaria.creature_values import armour_effects, worn_armour
from game.rulesets.entaria.life import lies_down
from game.rulesets.entaria.roll_events import armour_initiative_causes, describe_roll, roll_data
from game.rulesets.entaria.rules.condition_changes import gain
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.initiative import (
    InitiativeEntry,
    initiative_order,
    roll_initiative,
)
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState, Effect, Stance

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


def creature_from_setup(battle: Battle, setup: Any) -> CreatureState:
    """Return the creature as the set-up places it: ``setup.held`` in hand, the rest carried."""
    kind = battle.creature_type_of_key(setup.type)
    equipment = list(kind.equipment if setup.equipment is None else setup.equipment)
    weapons = [key for key in equipment if key in battle.catalogue.weapons]
    held, carried = split_held(equipment, setup.held, who=setup.key)
    magazines = {
        key: int(battle.catalogue.weapons[key].magazine or 0)
        for key in weapons
        if battle.catalogue.weapons[key].magazine
    }
    lp = kind.life_points if setup.life_points is None else setup.life_points
    conditions = ConditionSet()
    effects: list[Effect] = []
    for condition in setup.conditions:
        conditions = gain(conditions, condition).held
        if condition is Condition.SURPRISED:  # lost at its turn in round 2 (E-SURPRISE-2)
            effects.append(
                Effect(
                    condition.name,
                    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND,
                    started_round=1,
                )
            )
    if setup.hidden and Condition.UNDETECTED not in conditions:
        # the mission's hidden placement: Unentdeckt without a per-observer record,
        # i.e. toward every creature of another side (Battle.hidden_from)
        conditions = gain(conditions, Condition.UNDETECTED).held
    return CreatureState(
        key=setup.key,
        type_key=setup.type,
        name=setup.name or kind.name,
        side=setup.side,
        cell=setup.cell,
        facing=setup.facing,
        lp=lp,
        max_lp=kind.life_points,
        conditions=conditions,
        effects=effects,
        held=held,
        carried=carried,
        magazines=magazines,
        # set up Liegend (also through Bewusstlos) lies on the ground, as life.sync_stance keeps it
        stance=Stance.PRONE if lies_down(conditions) else Stance.STANDING,
        companion_of=setup.companion_of,
        hidden=setup.hidden,
        is_character=kind.is_character,
        simplified=kind.simplified,
    )


def split_held(
    equipment: Sequence[str], held: Sequence[str], *, who: str = "?"
) -> tuple[list[str], list[str]]:
    """Return (in hand, carried): ``held`` taken out of ``equipment``, one entry per key listed.

    Nothing else is drawn: what a mission does not put in hand is carried and drawn with
    Interagieren (E-ACT-HH-INTERAGIEREN). The mission reader checks ``held`` with readable
    errors; a set-up built by hand that holds what it does not have is a ValueError.
    """
    carried = list(equipment)
    for key in held:
        if key not in carried:
            raise ValueError(
                f"creature {who!r} holds {key!r}, which is not (or not that often) in its "
                f"equipment {list(equipment)}"
            )
        carried.remove(key)
    return list(held), carried


def roll_combat_initiative(battle: Battle) -> list[Event]:
    """Roll initiative once for the whole combat (E-INIT-1..7, D-11)."""
    events: list[Event] = []
    entries: list[InitiativeEntry] = []
    companions_before = {
        c.key: c.companion_before for c in battle.setup.creatures if c.companion_of
    }
    for index, creature in enumerate(battle.state.creatures.values()):
        kind = battle.creature_type(creature)
        if creature.companion_of is not None or kind.companion:
            controller = creature.companion_of
            entries.append(
                InitiativeEntry(
                    id=creature.key,
                    initiative=None,
                    base=0,
                    is_character=False,
                    roster_index=index,
                    companion_of=controller,
                    companion_before=companions_before.get(creature.key, False),
                )
            )
            continue
        base, event = _initiative_of(battle, creature)
        events.append(event)
        entries.append(
            InitiativeEntry(
                id=creature.key,
                initiative=creature.initiative,
                base=base,
                is_character=kind.is_character,
                roster_index=index,
            )
        )
    battle._initiative_entries = entries
    battle.state.order = [str(key) for key in initiative_order(entries)]
    names = ", ".join(battle.state.creatures[k].name for k in battle.state.order)
    order = {"order": list(battle.state.order)}  # whom it names: the fog-aware log reads it
    events.append(Event("order", f"Reihenfolge: {names}", f"Order: {names}", None, order))
    return events


def _initiative_of(battle: Battle, creature: CreatureState) -> tuple[int, Event]:
    """Set the creature's initiative: rolled for a character, else fixed (E-INIT-1..7).

    Return its base (the tie-breaker, D-11) and the event. Cumbersome armour gives the
    roll Nachteil and armour's initiative modifiers add.
    """
    kind = battle.creature_type(creature)
    if kind.is_character and kind.base_initiative is not None:
        # the worn armour as everywhere else (E-ARMOR-2, ``creature_values``)
        cumbersome = any(a.cumbersome for a in worn_armour(battle, creature))
        modifier = armour_effects(battle, creature).initiative
        roll = roll_initiative(
            kind.base_initiative,
            battle.roller,
            edge=-1 if cumbersome else 0,
            modifier=modifier,
        )
        creature.initiative = roll.total
        de, en = describe_roll(roll, -1 if cumbersome else 0)
        why_de, why_en = armour_initiative_causes(cumbersome=cumbersome, modifier=modifier)
        event = Event(
            "initiative",
            f"{creature.name} würfelt Initiative: {de}{why_de}",
            f"{creature.name} rolls initiative: {en}{why_en}",
            creature.key,
            roll_data(roll, edge=-1 if cumbersome else 0, modifier=modifier),
        )
        return kind.base_initiative, event
    creature.initiative = int(kind.initiative or 0)
    base = creature.initiative
    event = Event(
        "initiative",
        f"{creature.name} hat feste Initiative {base}",
        f"{creature.name} has fixed initiative {base}",
        creature.key,
    )
    return base, event
