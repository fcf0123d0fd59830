"""Handlers of Abwarten (and its trigger) and of the longer actions.

``UseAction`` READY starts Abwarten; the game master's ``TriggerReady`` runs the readied
half action. Longer actions start here (``start_long_action``), fill the actor's turns
(``occupied_budget``) and can be broken off (``EndLongAction``); the turn-start hook of
``turn_timers`` carries them on and completes them.

Decisions taken here (reported with the rule IDs they touch):

- Abwarten: ``Pending("ready")`` until the start of the creature's next turn. When the
  stated event occurs the game master sends ``TriggerReady`` with the one HH as a command
  (JSON); it runs at once, out of turn, and the turn of the current creature then
  continues unchanged (E-ACT-VH-ABWARTEN-1/2). The command is first tried on a copy of
  the match: what its handler actually spent must be at most one HH
  (``TurnBudget.spend_readied``), no free action, no bought half action, no Impuls;
  otherwise it is refused and nothing changes.
- Längere Handlungen: ``Pending("long_action")``; Fokussiert only where the catalogue
  gives it (spells, complex items); they complete at the start of the actor's turn in the
  round ``started + rounds`` and the actor then acts normally (E-OPEN-49); losing
  Fokussiert (LP loss) interrupts them (the engine drops the pending).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.match.commands import Command, CommandError
from game.match.events import Event
from game.rulesets.entaria.action_helpers import (
    LONG_ACTION,
    READY,
    _check_budget,
    _event,
    _long_action_of,
    _ready_of,
)
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import DropItem, Shout
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.condition_changes import end_voluntarily
from game.rulesets.entaria.rules.terms import ActionType, Condition, german, say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget
from game.rulesets.entaria.state import CreatureState, Pending


# --------------------------------------------------------------------- commands
@dataclass(frozen=True)
class TriggerReady(Command):
    """The stated event occurred: ``actor`` performs one HH now (E-ACT-VH-ABWARTEN-2).

    ``command`` is the HH as a JSON command object of ``actor``. A game-master command:
    the game master decides that the event occurred, and it runs in anyone's turn.
    """

    kind: ClassVar[str] = "gm_trigger_ready"
    command: str


@dataclass(frozen=True)
class EndLongAction(Command):
    """Break off one's own longer action (E-COND-FOKUSSIERT-3); costs nothing."""

    kind: ClassVar[str] = "end_long_action"


# --------------------------------------------------------------------- Abwarten
def resolve_ready(
    battle: Battle, creature: CreatureState, action: Action, command: UseAction
) -> list[Event]:
    """Abwarten: state the event first, then wait until the next turn (E-ACT-VH-ABWARTEN-1)."""
    trigger = command.note.strip()
    if not trigger:
        raise CommandRejected(
            say(
                "Abwarten needs the event to wait for (note) (E-ACT-VH-ABWARTEN-1)",
                "Abwarten braucht das Ereignis, auf das gewartet wird (note) (E-ACT-VH-ABWARTEN-1)",
            )
        )
    _check_budget(battle, action)
    events = battle.spend(creature, action)
    battle.state.pending = [
        p for p in battle.state.pending if not (p.kind == READY and p.actor == creature.key)
    ]
    battle.state.pending.append(
        Pending(READY, creature.key, {"trigger": trigger, "round": battle.state.round})
    )
    events.append(
        _event(
            "ready",
            f"{creature.name} wartet ab: {trigger}",
            f"{creature.name} readies for: {trigger}",
            creature.key,
            rule="E-ACT-VH-ABWARTEN-1",
            trigger=trigger,
        )
    )
    return events


# --------------------------------------------------------------- longer actions
def start_long_action(
    battle: Battle, creature: CreatureState, action: Action, rounds: int, data: dict[str, Any]
) -> list[Event]:
    """Begin a longer action that completes in round ``now + rounds`` (E-ACT-3, E-OPEN-49)."""
    rule = ACTIONS[action]
    round_ = battle.state.round
    battle.state.pending.append(
        Pending(
            LONG_ACTION,
            creature.key,
            {"action": action.name, "started": round_, "complete": round_ + rounds, **data},
        )
    )
    events = [
        _event(
            "long_action",
            f"{creature.name} beginnt: {rule.german} ({rounds} Runde(n))",
            f"{creature.name} begins: {rule.english} ({rounds} round(s))",
            creature.key,
            rule=rule.rule_ids[0],
            action=action.name,
            rounds=rounds,
        )
    ]
    if Condition.FOCUSED in rule.gives_conditions:
        events += battle.add_condition(creature, Condition.FOCUSED)
    return events


def long_action_failed(creature: CreatureState, pending: Pending, reason: str) -> list[Event]:
    rule = ACTIONS[Action[pending.data["action"]]]
    return [
        _event(
            "long_action_failed",
            f"{creature.name}: {rule.german} scheitert - {reason}",
            f"{creature.name}: {rule.english} fails - {reason}",
            creature.key,
            action=rule.action.name,
            reason=reason,
        )
    ]


def occupied_budget(battle: Battle, creature: CreatureState, budget: TurnBudget) -> TurnBudget:
    """Return the budget of a turn a longer action fills: only the FH is left (E-OPEN-49)."""
    pending = _long_action_of(battle, creature)
    if pending is None or budget.incapacitated:
        return budget
    try:
        return budget.spend(Action[pending.data["action"]], as_type=ActionType.LONGER)
    except ActionNotAllowed:
        return budget


def handle_end_long_action(battle: Battle, command: EndLongAction) -> list[Event]:
    creature = battle.creature(command.actor)
    pending = _long_action_of(battle, creature)
    if pending is None:
        raise CommandRejected(
            say(
                f"{creature.name} has no longer action in progress",
                f"{creature.name} führt keine Längere Handlung aus",
            )
        )
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    events: list[Event] = []
    if Condition.FOCUSED in creature.conditions:
        events += battle._apply_change(
            creature, end_voluntarily(creature.conditions, Condition.FOCUSED)
        )
    rule = ACTIONS[Action[pending.data["action"]]]
    events.append(
        _event(
            "long_action_ended",
            f"{creature.name} bricht ab: {rule.german}",
            f"{creature.name} breaks off: {rule.english}",
            creature.key,
            rule="E-COND-FOKUSSIERT-3",
        )
    )
    return events


# ----------------------------------------------------------- Abwarten's trigger
_FREE_KINDS = frozenset({DropItem.kind, Shout.kind})
#: The waiting creature's budget for its event: its Abwarten turn plus the one HH; the
#: free action is marked spent so none is taken (E-ACT-VH-ABWARTEN-2).
_READY_BUDGET = TurnBudget(
    spent=((Action.READY, ActionType.FULL),),
    extra_halves=1,
    free_spent=(Action.SHOUT_COMMAND,),
)


def _run_readied(
    battle: Battle, key: str, handler: Callable[[Battle, Any], list[Event]], inner: Command
) -> tuple[list[Event], int, TurnBudget, int]:
    """Run ``inner`` as ``key``'s readied action; return (events, Impuls before, budget
    after, Impuls after). The current turn and its budget are restored afterwards."""
    state = battle.state
    saved = (state.turn_index, state.budget)
    pool = state.impulse_pool
    state.turn_index = state.order.index(key)
    state.budget = _READY_BUDGET
    try:
        events = handler(battle, inner)
        after = state.budget
    finally:
        state.turn_index, state.budget = saved
    return events, pool, after, state.impulse_pool


def _readied_problem(_events: list[Event], pool: int, after: TurnBudget, pool_after: int) -> str:
    """Return why what a readied command spent is more than one HH, or "" (ABWARTEN-2)."""
    start = _READY_BUDGET
    taken = after.spent[len(start.spent) :]
    if after.spent[: len(start.spent)] != start.spent or len(taken) > 1:
        return say(
            f"the event allows one half action, the command took {len(taken)} "
            "(E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, der Befehl brauchte "
            f"{len(taken)} (E-ACT-VH-ABWARTEN-2)",
        )
    if after.free_spent != start.free_spent:
        return say(
            "the event allows one half action, not a free one (E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, keine Freie (E-ACT-VH-ABWARTEN-2)",
        )
    if after.extra_halves != start.extra_halves or pool_after < pool:
        return say(
            "the event allows one half action, not an Impulse purchase (E-ACT-VH-ABWARTEN-2)",
            "das Ereignis erlaubt eine Halbe Handlung, keinen Impuls-Kauf (E-ACT-VH-ABWARTEN-2)",
        )
    for action, kind in taken:
        try:  # the rules module's word on what a trigger allows
            TurnBudget(spent=start.spent).spend_readied(action, as_type=kind)
        except ActionNotAllowed as error:
            return say(
                f"{error.reason} (E-ACT-VH-ABWARTEN-2)",
                f"{german(error.reason)} (E-ACT-VH-ABWARTEN-2)",
            )
    return ""


def _waiting(battle: Battle, command: TriggerReady) -> tuple[CreatureState, Pending]:
    """Return the creature whose Abwarten the event triggers, and its Pending."""
    if battle.state.over:
        raise CommandRejected(say("the fight is over", "der Kampf ist vorbei"))
    waiting = battle.creature(command.actor)
    pending = _ready_of(battle, waiting)
    if pending is None:
        raise CommandRejected(
            say(
                f"{waiting.name} is not waiting (Abwarten) (E-ACT-VH-ABWARTEN-2)",
                f"{waiting.name} wartet nicht ab (Abwarten) (E-ACT-VH-ABWARTEN-2)",
            )
        )
    if waiting.key == battle.state.current_key:
        raise CommandRejected(
            say(f"it is {waiting.name}'s own turn", f"{waiting.name} ist selbst am Zug")
        )
    if not battle._can_take_turn(waiting):
        raise CommandRejected(
            say(f"{waiting.name} cannot act", f"{waiting.name} kann nicht handeln")
        )
    return waiting, pending


def _readied_command(
    battle: Battle, waiting: CreatureState, command: TriggerReady
) -> tuple[Command, Callable[[Battle, Any], list[Event]]]:
    """Return the readied command and its handler; reject anything but one HH of it."""
    try:
        inner = battle.table.commands.from_dict(json.loads(command.command))
    except (CommandError, json.JSONDecodeError, TypeError) as error:
        raise CommandRejected(
            say(
                f"the readied action is no valid command: {error}",
                f"die abgewartete Handlung ist kein gültiger Befehl: {error}",
            )
        ) from None
    if inner.actor != waiting.key:
        raise CommandRejected(
            say(
                "the readied action must be the waiting creature's",
                "die abgewartete Handlung muss die des wartenden Wesens sein",
            )
        )
    if inner.kind.startswith("gm_") or inner.kind == "end_turn":
        raise CommandRejected(
            say(
                "the readied action must be one half action (E-ACT-VH-ABWARTEN-2)",
                "die abgewartete Handlung muss eine Halbe Handlung sein (E-ACT-VH-ABWARTEN-2)",
            )
        )
    if inner.kind in _FREE_KINDS:
        raise CommandRejected(
            say(
                "the event allows one half action, not a free one",
                "das Ereignis erlaubt eine Halbe Handlung, keine Freie",
            )
        )
    if inner.kind in ("spend_impulse", "end_long_action"):  # no half action (E-IMP-4)
        raise CommandRejected(
            say(
                "the event allows one half action, not an Impulse or a break-off",
                "das Ereignis erlaubt eine Halbe Handlung, keinen Impuls und keinen Abbruch",
            )
        )
    handler = battle.table.handlers.get(type(inner))
    if handler is None:
        raise CommandRejected(
            say(
                f"no handler for command {inner.kind!r}",
                f"für den Befehl {inner.kind!r} gibt es keine Verarbeitung",
            )
        )
    return inner, handler


def handle_trigger_ready(battle: Battle, command: TriggerReady) -> list[Event]:
    """Run the readied HH now, out of turn, then go on with the current turn."""
    waiting, pending = _waiting(battle, command)
    inner, handler = _readied_command(battle, waiting, command)
    # Try the command on a copy first (same dice): what its handler actually spends must
    # be at most one HH; only then run it on the match (validate first, then mutate).
    problem = _readied_problem(*_run_readied(clone_battle(battle), waiting.key, handler, inner))
    if problem:
        raise CommandRejected(problem)
    state = battle.state
    inner_events, _, after, _ = _run_readied(battle, waiting.key, handler, inner)
    state.pending = [p for p in state.pending if p is not pending]
    taken = after.spent[len(_READY_BUDGET.spent) :]
    action = taken[0][0] if taken else None
    events = [
        _event(
            "ready_trigger",
            f"{waiting.name} reagiert: {pending.data['trigger']}",
            f"{waiting.name} reacts: {pending.data['trigger']}",
            waiting.key,
            rule="E-ACT-VH-ABWARTEN-2",
            action=action.name if action else None,
        )
    ]
    current = battle.current
    if not battle._can_take_turn(current):
        state.budget = TurnBudget.for_creature(incapacitated=True)
    return events + inner_events
