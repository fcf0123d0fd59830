"""The support actions' turn-start hook: time passes for effects and longer actions.

At the start of each turn: dead time is counted (``healing_actions.DEAD_CLOCK``), the
effects of Helfen, Gegner studieren and Irritieren whose time is up end, the creature's
expired Abwarten ends (E-ACT-VH-ABWARTEN-1), and a longer action goes on (filling the
turn) or completes (E-OPEN-49).
"""

from __future__ import annotations

from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event, _long_action_of, _ready_of
from game.rulesets.entaria.engine import HELP_BONUS, STUDIED_ENEMY, Battle
from game.rulesets.entaria.gm_resolved import complete_gm_action
from game.rulesets.entaria.healing_actions import DEAD_CLOCK
from game.rulesets.entaria.ready_actions import long_action_failed, occupied_budget
from game.rulesets.entaria.rules.actions import ACTIONS, ROUNDS_PER_MINUTE, Action
from game.rulesets.entaria.rules.condition_changes import lose
from game.rulesets.entaria.rules.condition_effects import can_act
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import CreatureState, Effect
from game.rulesets.entaria.use_action import COMPLETERS

#: Effects whose end this module's turn-start hook keeps.
_HOOK_EFFECTS = frozenset({HELP_BONUS, STUDIED_ENEMY, "IRRITATED", "DISTRACTED"})


def _end_effect(battle: Battle, holder: CreatureState, effect: Effect) -> list[Event]:
    """Remove a timed effect and the condition instances it gave."""
    holder.effects = [e for e in holder.effects if e is not effect]
    condition = effect.condition
    if condition is None or condition not in holder.conditions:
        return []
    change = lose(holder.conditions, condition, lp=holder.lp, n=effect.value or None)
    events = battle._apply_change(holder, change)
    events.append(
        _event(
            "condition_lost",
            f"{holder.name} verliert {condition.value}",
            f"{holder.name} loses {condition.name.lower()}",
            holder.key,
            condition=condition.name,
        )
    )
    return events


def _drop_focus(creature: CreatureState) -> list[Event]:
    """End Fokussiert because the action is complete: no interruption (E-OPEN-49)."""
    if Condition.FOCUSED not in creature.conditions:
        return []
    creature.conditions = creature.conditions.remove(Condition.FOCUSED)
    return [
        _event(
            "condition_lost",
            f"{creature.name} verliert {Condition.FOCUSED.value}",
            f"{creature.name} loses focused",
            creature.key,
            condition=Condition.FOCUSED.name,
        )
    ]


def _progress_long_action(battle: Battle, creature: CreatureState) -> list[Event]:
    pending = _long_action_of(battle, creature)
    if pending is None:
        return []
    action = Action[pending.data["action"]]
    rule = ACTIONS[action]
    if not can_act(creature.conditions) or Condition.DEAD in creature.conditions:
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        return _drop_focus(creature) + long_action_failed(creature, pending, "the actor cannot act")
    if battle.state.round < int(pending.data["complete"]):
        left = int(pending.data["complete"]) - battle.state.round
        # The hook runs after the engine gave the fresh budget: the LH fills the turn.
        battle.state.budget = occupied_budget(battle, creature, battle.state.budget)
        return [
            _event(
                "long_action_continues",
                f"{creature.name} setzt fort: {rule.german} (noch {left} Runde(n))",
                f"{creature.name} continues: {rule.english} ({left} round(s) left)",
                creature.key,
                action=action.name,
                rounds_left=left,
            )
        ]
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    events = _drop_focus(creature)
    events.append(
        _event(
            "long_action_done",
            f"{creature.name} beendet: {rule.german}",
            f"{creature.name} completes: {rule.english}",
            creature.key,
            rule="E-OPEN-49",
            action=action.name,
        )
    )
    return events + COMPLETERS.get(action, complete_gm_action)(battle, creature, pending)


def _count_dead_time(battle: Battle) -> None:
    """Add the rounds since the last count to every dead creature's minutes_dead."""
    round_ = battle.state.round
    for creature in battle.state.creatures.values():
        clock = next((e for e in creature.effects if e.name == DEAD_CLOCK), None)
        if Condition.DEAD not in creature.conditions:
            if clock is not None:
                creature.effects.remove(clock)
            continue
        if clock is None:
            creature.effects.append(
                Effect(DEAD_CLOCK, DurationKind.REST_OF_COMBAT, started_round=round_)
            )
        elif round_ > clock.started_round:
            rounds = round(creature.minutes_dead * ROUNDS_PER_MINUTE) + round_ - clock.started_round
            creature.minutes_dead = rounds / ROUNDS_PER_MINUTE
            clock.started_round = round_


def _expire(battle: Battle, current: CreatureState) -> list[Event]:
    """End this module's effects whose time is up as ``current``'s turn starts."""
    events: list[Event] = []
    round_ = battle.state.round
    for holder in battle.state.creatures.values():
        for effect in list(holder.effects):
            if effect.name not in _HOOK_EFFECTS:
                continue
            kind = effect.kind
            ends = False
            if kind is DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND:
                ends = effect.source == current.key and effect.started_round < round_
            elif kind is DurationKind.UNTIL_END_OF_NEXT_ROUND:
                ends = effect.until_round is not None and round_ >= effect.until_round
            elif kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN:
                # The holder's next turn arms the effect; the next turn start after it ends it.
                if effect.until_round is None:
                    if holder is current:
                        effect.until_round = round_
                elif holder is not current or effect.until_round < round_:
                    ends = True
            if ends:
                events += _end_effect(battle, holder, effect)
    return events


def support_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """Count dead time, end effects, end an expired Abwarten, carry on longer actions."""
    _count_dead_time(battle)
    events = _expire(battle, creature)
    pending = _ready_of(battle, creature)
    if pending is not None:
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        events.append(
            _event(
                "ready_expired",
                f"{creature.name} wartet nicht länger ab",
                f"{creature.name} stops waiting",
                creature.key,
                rule="E-ACT-VH-ABWARTEN-1",
            )
        )
    return events + _progress_long_action(battle, creature)
