"""What a Battle runs: the table of handlers, checks and hooks its ruleset hands in.

Kept apart from the engine so that the table's shape (``command_table`` builds it) and
the engine's workings (``engine``) are read in one place each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.board.grid import Cell
from game.match.commands import Command, CommandRegistry
from game.match.events import Event
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.state import CreatureState

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle

__all__ = [
    "ActionCheck",
    "AfterCommandHook",
    "CommandGuard",
    "EngineTable",
    "EnterHook",
    "Handler",
    "TurnHook",
]

#: What validates and applies one command type.
Handler = Callable[["Battle", Any], list[Event]]
#: An availability check of an action, or a guard of ``legal_actions``: "" or the reason.
ActionCheck = Callable[["Battle", CreatureState], str]
#: A check of every command before its handler runs: "" or why it is refused now.
CommandGuard = Callable[["Battle", Command], str]
#: Run at the start of a turn or as the current creature ends it.
TurnHook = Callable[["Battle", CreatureState], list[Event]]
#: Run after every applied command.
AfterCommandHook = Callable[["Battle"], list[Event]]
#: Told about the fields a creature entered (covering fire, area fire, mounts).
EnterHook = Callable[["Battle", CreatureState, list[Cell]], list[Event]]


@dataclass(frozen=True)
class EngineTable:
    """What a Battle runs, handed in by its ruleset (``command_table.ENGINE_TABLE``).

    Every command kind with its handler, the availability checks beyond the budget, the
    actions some handler resolves, and the guards and hooks in the order they run. The
    engine imports no handler module: the table is built in one place and given to it.
    """

    commands: CommandRegistry
    handlers: Mapping[type[Command], Handler]
    action_checks: Mapping[Action, ActionCheck]
    implemented: frozenset[Action]
    #: Checks of every command before its handler runs (an area fire awaits its placement).
    command_guards: tuple[CommandGuard, ...] = ()
    #: The same for ``legal_actions``: "" or why no action may be taken now.
    action_guards: tuple[ActionCheck, ...] = ()
    #: Run at the start of each turn, after the new budget (pending shots, covering fire).
    turn_start: tuple[TurnHook, ...] = ()
    #: Run after every applied command (riders fall with their mounts, E-MOUNT-7).
    after_command: tuple[AfterCommandHook, ...] = ()
    #: Run when the current creature ends its turn, before the turn passes.
    end_turn: tuple[TurnHook, ...] = ()
    #: Told about the fields any movement entered, in this order.
    enter: tuple[EnterHook, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineTable:
        return self  # immutable and shared by every copy of a match (clone_battle, rerolls)
