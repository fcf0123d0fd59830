"""Helpers the action handler modules share (support, hiding, interact, ready, impulse).

Events, budget and spending, revealing, targets, effects and conditions, and whether a
creature is busy with a longer action or waiting (Abwarten).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game.match.events import Event
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.condition_changes import gain, reveal
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import ActionType, Condition, german, say
from game.rulesets.entaria.state import CreatureState, Effect, Pending

#: Pending kinds of the action modules (Abwarten, Längere Handlungen).
READY = "ready"
LONG_ACTION = "long_action"


#: What applies a validated effect (an interaction, an Impuls effect).
Perform = Callable[[], list[Event]]


def _event(kind: str, de: str, en: str, actor: str | None, **data: Any) -> Event:
    return Event(kind, de, en, actor, dict(data))


def _check_budget(battle: Battle, action: Action, as_type: ActionType | None = None) -> None:
    allowed, reason = battle.state.budget.can_spend(action, as_type=as_type)
    if not allowed:
        raise CommandRejected(reason)


def _reveal(creature: CreatureState, act: ConspicuousAct) -> list[Event]:
    """End Unentdeckt after a conspicuous act (E-COND-UNENTDECKT-5)."""
    if Condition.UNDETECTED not in creature.conditions:
        return []
    creature.conditions = reveal(creature.conditions, act)
    return [
        _event(
            "revealed",
            f"{creature.name} ist nicht mehr unentdeckt",
            f"{creature.name} is no longer undetected",
            creature.key,
            rule="E-COND-UNENTDECKT-5",
        )
    ]


#: What most actions with a target need (a refusal names it).
_A_TARGET = say("a target creature", "ein Zielwesen")


def _target(battle: Battle, key: str | None, what: str = _A_TARGET) -> CreatureState:
    if key is None:
        raise CommandRejected(
            say(f"this action needs {what}", f"diese Handlung braucht {german(what)}")
        )
    return battle.creature(key)


def _within_reach(battle: Battle, actor: CreatureState, other: CreatureState) -> bool:
    kind = battle.creature_type(actor)
    return in_melee_reach(
        actor.cell,
        other.cell,
        attacker_side=kind.size_fields,
        target_side=battle.creature_type(other).size_fields,
        reach=kind.reach,
        grid=battle.grid,
    )


def _talent_names(battle: Battle, creature: CreatureState) -> set[str]:
    """Return the creature's talents without their levels ("Kampftaktik 2" -> name)."""
    return {re.sub(r"\s*\d+$", "", t) for t in battle.creature_type(creature).talents}


def _long_action_of(battle: Battle, creature: CreatureState) -> Pending | None:
    for pending in battle.state.pending:
        if pending.kind == LONG_ACTION and pending.actor == creature.key:
            return pending
    return None


def _ready_of(battle: Battle, creature: CreatureState) -> Pending | None:
    for pending in battle.state.pending:
        if pending.kind == READY and pending.actor == creature.key:
            return pending
    return None


def _not_busy(battle: Battle, creature: CreatureState) -> None:
    pending = _long_action_of(battle, creature)
    if pending is not None:
        name = ACTIONS[Action[pending.data["action"]]].english
        name_de = ACTIONS[Action[pending.data["action"]]].german
        raise CommandRejected(
            say(
                f"{creature.name} is busy with a longer action ({name}); end it first (E-OPEN-49)",
                f"{creature.name} ist mit einer Längeren Handlung beschäftigt ({name_de}); "
                "erst beenden (E-OPEN-49)",
            )
        )


def _busy_reason(battle: Battle, creature: CreatureState) -> str:
    return (
        say("a longer action is in progress", "eine Längere Handlung läuft")
        if _long_action_of(battle, creature)
        else ""
    )


def _set_effect(holder: CreatureState, effect: Effect, *, same_source: bool = False) -> None:
    """Give ``effect``, replacing an older one of the same name (and source)."""
    holder.effects = [
        e
        for e in holder.effects
        if not (e.name == effect.name and (not same_source or e.source == effect.source))
    ]
    holder.effects.append(effect)


def _give_condition(
    battle: Battle, holder: CreatureState, condition: Condition, n: int, effect: Effect
) -> list[Event]:
    events = battle._apply_change(holder, gain(holder.conditions, condition, n, lp=holder.lp))
    holder.effects.append(effect)
    times = f" x{n}" if n > 1 else ""
    events.append(
        _event(
            "condition",
            f"{holder.name} erhält {condition.value}{times}",
            f"{holder.name} gains {condition.name.lower()}{times}",
            holder.key,
            condition=condition.name,
            count=n,
        )
    )
    return events


def not_busy_check(battle: Battle, c: CreatureState) -> str:
    """No action beside a longer one in progress (E-OPEN-49)."""
    return _busy_reason(battle, c)
