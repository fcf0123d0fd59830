"""The turn cycle: a turn's start and end, new rounds, expiring effects, the fight's end.

A turn starts with its effects expiring, the LP its conditions cost, a fresh budget
and the table's turn-start hooks; it ends with the saves that end conditions
(E-OPEN-32). A creature that cannot act still has its turn's start and end. Orientieren
and Unterkühlt re-sort the order only between rounds (E-OPEN-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.events import Event
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.condition_changes import lose
from game.rulesets.entaria.rules.condition_effects import lp_loss_at_turn_start
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.initiative import InitiativeEntry, initiative_order
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.state import CreatureState, Effect

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


def end_turn(battle: Battle) -> list[Event]:
    """End the current turn, then start the next creature's (new round as needed)."""
    creature = battle.current
    events = end_of_turn_saves(battle, creature)
    events += advance(battle)
    return events


def end_of_turn_saves(battle: Battle, creature: CreatureState) -> list[Event]:
    """Roll the saves that end conditions at the end of the creature's turn (E-OPEN-32)."""
    events: list[Event] = []
    for effect in list(creature.effects):
        if effect.kind is not DurationKind.SAVE_AT_END_OF_OWN_TURN or effect.save is None:
            continue
        condition = effect.condition
        if condition is None or Condition.DEAD in creature.conditions:
            continue
        if effect not in creature.effects or condition not in creature.conditions:
            continue  # already ended this turn
        roll, event = battle.check(
            creature,
            effect.save,
            effect.target,
            what_de=f"Rettungswurf gegen {condition.value}",
            what_en=f"save against {condition.name.lower()}",
        )
        events.append(event)
        if roll.success:
            events += battle.remove_condition(creature, condition)
    return events


def advance(battle: Battle) -> list[Event]:
    events: list[Event] = []
    for _ in range(len(battle.state.order) * 2 + 2):
        battle.state.turn_index += 1
        if battle.state.turn_index >= len(battle.state.order):
            events += new_round(battle)
        if Condition.DEAD in battle.current.conditions:
            continue  # the dead take no turns (a revival's clock runs on others' turns)
        events += start_turn(battle)
        if battle.state.over or battle._can_take_turn(battle.current):
            return events
        # a creature that cannot act still has turn-start and turn-end effects
        events += end_of_turn_saves(battle, battle.current)
        events += check_fight_over(battle)
        if battle.state.over:
            return events
    return events


def new_round(battle: Battle) -> list[Event]:
    battle.state.round += 1
    battle.state.turn_index = 0
    # Orientieren and Unterkühlt re-sort only between rounds (E-OPEN-8).
    entries = []
    for entry in battle._initiative_entries:
        creature = battle.state.creatures[str(entry.id)]
        if entry.initiative is None:
            entries.append(entry)
            continue
        hypothermic = Condition.HYPOTHERMIC in creature.conditions
        entries.append(
            InitiativeEntry(
                id=entry.id,
                initiative=entry.initiative,
                base=entry.base,
                is_character=entry.is_character,
                roster_index=entry.roster_index,
                oriented=creature.oriented,
                hypothermic=hypothermic,
            )
        )
    battle.state.order = [str(key) for key in initiative_order(entries)]
    round_event = Event(
        "round",
        f"Runde {battle.state.round}",
        f"Round {battle.state.round}",
        data={"round": battle.state.round},
    )
    return [round_event, *expire_orphaned_effects(battle)]


def expire_orphaned_effects(battle: Battle) -> list[Event]:
    """End effects timed to a source's turn when that source takes no more turns."""
    events: list[Event] = []
    for creature in battle.state.creatures.values():
        for effect in list(creature.effects):
            if effect.kind is not DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND:
                continue
            source = battle.state.creatures.get(effect.source or "")
            if source is not None and Condition.DEAD not in source.conditions:
                continue
            creature.effects.remove(effect)
            condition = effect.condition
            if condition is not None and condition in creature.conditions:
                events += battle.remove_condition(creature, condition)
    return events


def start_turn(battle: Battle) -> list[Event]:
    creature = battle.current
    events = [
        Event(
            "turn",
            f"{creature.name} ist am Zug",
            f"{creature.name}'s turn",
            creature.key,
            {"round": battle.state.round},
        )
    ]
    events += expire_effects(battle, creature)
    loss = lp_loss_at_turn_start(creature.conditions)
    if loss and Condition.DEAD not in creature.conditions:
        events += battle.lose_life_points(
            creature, loss, why_de=" durch Zustände", why_en=" from conditions"
        )
    battle.state.budget = TurnBudget.for_creature(incapacitated=not battle._can_take_turn(creature))
    for hook in battle.table.turn_start:  # after the budget: a hook may forfeit the new turn
        events += hook(battle, creature)
    incapacitated = not battle._can_take_turn(creature)
    if incapacitated:
        battle.state.budget = TurnBudget.for_creature(incapacitated=True)
        events.append(
            Event(
                "cannot_act",
                f"{creature.name} kann nicht handeln",
                f"{creature.name} cannot act",
                creature.key,
            )
        )
    return events


def expire_effects(battle: Battle, creature: CreatureState) -> list[Event]:
    events: list[Event] = []
    keep: list[Effect] = []
    for effect in creature.effects:
        ends = False
        if effect.kind in _START_OF_TURN_KINDS:
            ends = (
                effect.started_round < battle.state.round
                or effect.kind is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN
            )
        elif effect.kind in (DurationKind.ROUNDS, DurationKind.DICE_ROUNDS):
            ends = effect.until_round is not None and battle.state.round >= effect.until_round
        if not ends:
            keep.append(effect)
            continue
        condition = effect.condition
        if condition is None and effect.name == "DEFENSELESS_REPEAT":
            condition = Condition.DEFENSELESS
        if condition is not None and condition in creature.conditions:
            change = lose(creature.conditions, condition, lp=creature.lp)
            events += battle._apply_change(creature, change)
            events.append(
                Event(
                    "condition_lost",
                    f"{creature.name} verliert {condition.value}",
                    f"{creature.name} loses {condition.name.lower()}",
                    creature.key,
                    {"condition": condition.name},
                )
            )
    creature.effects = keep
    if events:  # an ended effect may uncover what the LP say (Bewusstlos at 0 LP)
        events += battle.update_life_state(creature)
    return events


def check_fight_over(battle: Battle) -> list[Event]:
    if battle.state.over:
        return []
    standing = {c.side for c in battle.state.creatures.values() if not c.out_of_fight}
    if len(standing) > 1:
        return []
    battle.state.over = True
    battle.state.winner = next(iter(standing), None)
    name = (
        battle.sides[battle.state.winner].name if battle.state.winner in battle.sides else "niemand"
    )
    name_en = name if battle.state.winner else "nobody"
    return [
        Event(
            "fight_over",
            f"Der Kampf ist vorbei. Sieger: {name}",
            f"The fight is over. Winner: {name_en}",
            data={"winner": battle.state.winner},
        )
    ]


_START_OF_TURN_KINDS = {
    DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND,
}


def handle_end_turn(battle: Battle, command: EndTurn) -> list[Event]:
    """End the current creature's turn: the end-turn hooks, then the next turn."""
    if command.actor != battle.state.current_key:
        raise CommandRejected(
            say(
                "only the creature whose turn it is can end it",
                "nur das Wesen, das am Zug ist, kann den Zug beenden",
            )
        )
    events: list[Event] = []
    for hook in battle.table.end_turn:
        events += hook(battle, battle.current)
    if events:
        events += battle._check_fight_over()
        if battle.state.over:
            return events
    return events + battle.end_turn()
