"""``UseAction``: an action of the catalogue taken by its name, and who resolves which.

The catalogue's RollSpec, preconditions, durations and ``resolved_by_gm`` drive it
(``game.rulesets.entaria.rules.actions.ACTIONS``). ``RESOLVERS`` names the resolver of
every action with a defined effect: defence and support (``support_actions``), healing
(``healing_actions``), Verbergen (``hiding``), Abwarten (``ready_actions``) and Panzerung
(``armour_actions``); the actions whose outcome the rulebook leaves to the game master
go to ``gm_resolved``. ``COMPLETERS`` finish the longer actions when their time is up
(``turn_timers``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.match.events import Event
from game.rulesets.entaria.action_helpers import _not_busy
from game.rulesets.entaria.armour_actions import (
    complete_doff,
    complete_don,
    resolve_doff,
    resolve_don,
)
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.gm_resolved import resolve_gm_action
from game.rulesets.entaria.healing_actions import (
    complete_first_aid,
    complete_nano,
    complete_revive,
    resolve_first_aid,
    resolve_nano,
    resolve_revive,
    resolve_stabilize,
)
from game.rulesets.entaria.hiding import resolve_hide
from game.rulesets.entaria.ready_actions import resolve_ready
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import ActionType, say
from game.rulesets.entaria.state import CreatureState, Pending
from game.rulesets.entaria.support_actions import (
    resolve_defence,
    resolve_help,
    resolve_irritate,
    resolve_orient,
    resolve_study,
)

Resolver = Callable[[Battle, CreatureState, Action, UseAction], list[Event]]


Completer = Callable[[Battle, CreatureState, Pending], list[Event]]


def _parse_action(name: str) -> Action:
    try:
        return Action[name.upper()]
    except KeyError:
        raise CommandRejected(
            say(f"unknown action {name!r}", f"unbekannte Handlung {name!r}")
        ) from None


def handle_use_action(battle: Battle, command: UseAction) -> list[Event]:
    creature = battle.creature(command.actor)
    action = _parse_action(command.action)
    resolver = RESOLVERS.get(action)
    if resolver is None and ACTIONS[action].resolved_by_gm:
        resolver = resolve_gm_action
    if resolver is None:
        raise CommandRejected(
            say(
                f"{ACTIONS[action].english} is not taken with use_action",
                f"{ACTIONS[action].german} wird nicht mit use_action ausgeführt",
            )
        )
    if ACTIONS[action].action_type is not ActionType.FREE:  # an FH fits beside an LH
        _not_busy(battle, creature)
    if command.rounds < 0:
        raise CommandRejected(say("rounds cannot be negative", "Runden können nicht negativ sein"))
    return resolver(battle, creature, action, command)


RESOLVERS: dict[Action, Resolver] = {
    Action.BLOCKING_STANCE: resolve_defence,
    Action.EVASIVE_MOVE: resolve_defence,
    Action.USE_SHIELD: resolve_defence,
    Action.HELP: resolve_help,
    Action.STABILIZE: resolve_stabilize,
    Action.FIRST_AID: resolve_first_aid,
    Action.REVIVE: resolve_revive,
    Action.NANO_HEALBOT_BOOST: resolve_nano,
    Action.STUDY_ENEMY: resolve_study,
    Action.READY: resolve_ready,
    Action.HIDE: resolve_hide,
    Action.IRRITATE: resolve_irritate,
    Action.ORIENT: resolve_orient,
    Action.DON_ARMOR: resolve_don,
    Action.DOFF_ARMOR: resolve_doff,
}


COMPLETERS: dict[Action, Completer] = {
    Action.FIRST_AID: complete_first_aid,
    Action.NANO_HEALBOT_BOOST: complete_nano,
    Action.REVIVE: complete_revive,
    Action.DON_ARMOR: complete_don,
    Action.DOFF_ARMOR: complete_doff,
}


#: Every action the game master resolves, taken through UseAction.
GM_ACTIONS: frozenset[Action] = frozenset(
    a for a, rule in ACTIONS.items() if rule.resolved_by_gm and a not in RESOLVERS
)
