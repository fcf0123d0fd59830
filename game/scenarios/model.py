"""A scenario as read from its file: the set-up, the dice, the steps and the expectations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.match.commands import Command
from game.match.ruleset import Ruleset
from game.scenarios.statepath import StatePath
from game.scenarios.wording import Words

#: The state tests a path expectation may make, in the order the README lists them.
STATE_TESTS = ("equals", "contains", "lacks", "at_least", "at_most", "exists")


@dataclass(frozen=True)
class Step:
    """One entry of ``commands``: a command in its save form, or a run of ended turns.

    ``number`` counts the entries from 1 as they stand in the file. ``refused`` (a
    piece of the reason) says the command must be refused. ``until_actor`` marks an
    ``end_turns_until`` entry: turns are ended until that creature's turn (in
    ``until_round``, if given).
    """

    number: int
    line: int | None
    command: Command | None = None
    label: str | None = None
    refused: str | None = None
    until_actor: str | None = None
    until_round: int | None = None

    def describe(self, language: str = "en") -> str:
        """Return how messages name this step: ``command 3 (move by ron)``, in ``language``."""
        words = Words(language)
        name = words("command_number", step=self.number)
        if self.label:
            name = words("command_label", step=self.number, label=self.label)
        if self.command is None:
            when = words("in_round", round=self.until_round) if self.until_round is not None else ""
            return words("step_until", name=name, actor=self.until_actor, when=when)
        actor = self.command.actor
        who = words("the_gm") if actor is None else actor
        return words("step_command", name=name, kind=self.command.kind, who=who)


@dataclass(frozen=True)
class StateCheck:
    """A value at a path of the state: ``test`` is one of STATE_TESTS."""

    line: int | None
    path: StatePath
    test: str
    value: Any
    step: int | None = None  # None: the end state; 0: the start of the fight
    note: str = ""


@dataclass(frozen=True)
class EventCheck:
    """An event of a kind in the log, optionally with these data fields and actor."""

    line: int | None
    kind: str
    data: Mapping[str, Any]
    actor: str | None = None
    count: int | None = None  # None: at least one
    step: int | None = None  # None: the whole log; 0: the start of the fight
    note: str = ""


@dataclass(frozen=True)
class DecisionCheck:
    """The open decision the fight waits for (``expected`` None: none, the fight is over)."""

    line: int | None
    expected: Mapping[str, str] | None
    step: int | None = None
    note: str = ""


@dataclass(frozen=True)
class DiceCheck:
    """How many of the scenario's dice are left unrolled."""

    line: int | None
    left: int
    step: int | None = None
    note: str = ""
    implicit: bool = False  # added by the runner: a scenario uses all the dice it gives


Expectation = StateCheck | EventCheck | DecisionCheck | DiceCheck


@dataclass(frozen=True)
class Scenario:
    """A scenario ready to run: the ruleset, its set-up and catalogue, dice, steps, checks."""

    label: str
    title: str
    rules: tuple[str, ...]
    ruleset: Ruleset
    setup: Any
    catalogue: Any
    seed: int
    dice: tuple[int, ...]
    steps: tuple[Step, ...]
    expectations: tuple[Expectation, ...]
    mission: str  # the mission file, or "inline"
