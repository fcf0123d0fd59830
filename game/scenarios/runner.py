"""Run a scenario: start the fight with its dice, apply its commands, check its expectations.

Prints one line per expectation (``ok ...`` or ``FAIL: expected ..., got ...``) and a
summary. Exit status: 0 when every expectation holds, 1 when one fails (or the commands
stopped early), 2 when the file is not a valid scenario.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.board.dice import DiceExhausted, ScriptedRoller
from game.match.commands import Command, CommandRejected
from game.match.decisions import Decision
from game.match.events import Event
from game.match.problems import MissionError
from game.match.ruleset import Game
from game.scenarios.compare import holds, restricted, subset
from game.scenarios.model import (
    DecisionCheck,
    DiceCheck,
    EventCheck,
    Expectation,
    Scenario,
    StateCheck,
    Step,
)
from game.scenarios.reader import read_scenario
from game.scenarios.statepath import PathNotFound

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_INVALID = 2

#: Most turns one ``end_turns_until`` entry ends before it gives up (a loop guard).
MAX_TURNS = 100_000
#: Longest rendering of a value in a line (longer ones are cut).
MAX_SHOWN = 240


class WrongDie(Exception):
    """The next scripted die is not a face of the die the rules roll."""

    def __init__(self, index: int, value: int, sides: int) -> None:
        super().__init__(f"die {index + 1} is {value}, not a face of a d{sides}")
        self.index = index
        self.value = value
        self.sides = sides


class ScenarioDice(ScriptedRoller):
    """The scenario's dice in order; remembers which die was asked for last."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(values)
        self.faces = tuple(values)
        self.asked = 0

    def roll(self, sides: int) -> int:
        """Return the next die; raise WrongDie (not ValueError) for a value off its faces."""
        self.asked = sides
        index = len(self.rolled)
        if index < len(self.faces) and not 1 <= self.faces[index] <= sides:
            raise WrongDie(index, self.faces[index], sides)
        return super().roll(sides)


class _Stop(Exception):
    """The commands cannot go on; the message is the FAIL line's text."""


@dataclass
class Report:
    """The lines a run printed and how many expectations held."""

    lines: list[str] = field(default_factory=list)
    ok: int = 0
    failed: int = 0
    unchecked: int = 0

    @property
    def exit_code(self) -> int:
        return EXIT_OK if not self.failed and not self.unchecked else EXIT_FAILED

    def passed(self, text: str, note: str = "") -> None:
        self.ok += 1
        self.lines.append(f"ok {text}{_note(note)}")

    def fail(self, text: str, note: str = "") -> None:
        self.failed += 1
        self.lines.append(f"FAIL: {text}{_note(note)}")

    def skip(self, text: str, why: str) -> None:
        self.unchecked += 1
        self.lines.append(f"not checked: {text} ({why})")

    def summary(self) -> str:
        total = self.ok + self.failed + self.unchecked
        text = f"summary: {_count(total, 'expectation')}, {self.ok} ok, {self.failed} failed"
        if self.unchecked:
            text += f", {self.unchecked} not checked"
        return text


def run_scenario_file(
    path: Path | str,
    out: TextIO,
    err: TextIO,
    *,
    log: bool = False,
    language: str = "de",
) -> int:
    """Read and run the scenario ``path``; print its lines to ``out``; return the exit status."""
    try:
        scenario = read_scenario(path)
    except MissionError as error:
        print(str(error), file=err)
        print(f"kampfkarte scenario: {path} is not a valid scenario (see above)", file=err)
        return EXIT_INVALID
    report = run_scenario(scenario, log_language=language if log else None)
    print(_header(scenario), file=out)
    for line in report.lines:
        print(line, file=out)
    print(report.summary(), file=out)
    return report.exit_code


def run_scenario(scenario: Scenario, *, log_language: str | None = None) -> Report:
    """Run ``scenario`` and return its report (``log_language``: also list every event)."""
    return _Run(scenario, log_language).run()


def _header(scenario: Scenario) -> str:
    rules = f"; rules {', '.join(scenario.rules)}" if scenario.rules else ""
    return (
        f"scenario {scenario.label}: {scenario.title} (ruleset {scenario.ruleset.key}, "
        f"mission {scenario.mission}, {_count(len(scenario.dice), 'die', 'dice')}, "
        f"{_count(len(scenario.steps), 'command')}{rules})"
    )


class _Run:
    """One run of a scenario: the game, what each step produced, and the report."""

    def __init__(self, scenario: Scenario, log_language: str | None) -> None:
        self.scenario = scenario
        self.log_language = log_language
        self.dice = ScenarioDice(scenario.dice)
        self.report = Report()
        self.wanted = {e.step for e in scenario.expectations if e.step is not None}
        self.events: dict[int, list[Event]] = {}
        self.states: dict[int, dict[str, Any]] = {}
        self.decisions: dict[int, tuple[Decision, ...]] = {}
        self.dice_left: dict[int, int] = {}
        self.stopped: int | None = None  # the step the commands stopped at (0: the start)
        self.game: Game | None = None

    # ------------------------------------------------------------------ commands
    def run(self) -> Report:
        if self.start():
            for step in self.scenario.steps:
                if not self.do(step):
                    break
        self.check_all()
        return self.report

    def start(self) -> bool:
        scenario = self.scenario
        where = "the start of the fight (initiative)"
        try:
            self.game = scenario.ruleset.new_game(
                scenario.setup, scenario.catalogue, scenario.seed, roller=self.dice
            )
        except (DiceExhausted, WrongDie) as error:
            self.report.fail(self.dice_problem(where, error))
            self.stopped = 0
            return False
        except Exception as error:  # a program error: said in one line, not a traceback
            self.report.fail(f"{where} stopped the program: {_error_text(error)}")
            self.stopped = 0
            return False
        self.log_events("the start of the fight", list(self.game.log))
        self.keep(0, list(self.game.log))
        return True

    def do(self, step: Step) -> bool:
        """Apply one step; return whether the commands go on."""
        assert self.game is not None
        try:
            events = self.until(step) if step.command is None else self.apply(step, step.command)
        except _Stop as stop:
            self.report.fail(str(stop))
            self.stopped = step.number
            return False
        self.log_events(step.describe(), events)
        self.keep(step.number, events)
        return True

    def apply(self, step: Step, command: Command) -> list[Event]:
        assert self.game is not None
        where = step.describe()
        try:
            events = list(self.game.apply(command))
        except CommandRejected as error:
            reason = _reason(error)
            if step.refused is None:
                raise _Stop(f"expected {where} to be applied, got refused: {reason}") from None
            if _contains_reason(error, step.refused):
                self.report.passed(f"{where} refused ({step.refused!r}): {reason}")
            else:
                self.report.fail(
                    f"expected {where} to be refused with {step.refused!r}, got refused: {reason}"
                )
            return []
        except (DiceExhausted, WrongDie) as error:
            raise _Stop(self.dice_problem(where, error)) from None
        except Exception as error:  # a program error: said in one line, not a traceback
            raise _Stop(f"{where} stopped the program: {_error_text(error)}") from None
        if step.refused is not None:
            raise _Stop(f"expected {where} to be refused ({step.refused!r}), got it applied")
        return events

    def until(self, step: Step) -> list[Event]:
        """End turns until ``step.until_actor``'s turn (in ``step.until_round``)."""
        assert self.game is not None and step.until_actor is not None
        registry = self.scenario.ruleset.commands
        wanted = step.until_actor
        when = f" in round {step.until_round}" if step.until_round is not None else ""
        events: list[Event] = []
        for _ in range(MAX_TURNS):
            open_now = self.game.decisions()
            if not open_now:
                raise _Stop(f"{step.describe()}: the fight ended before {wanted}'s turn{when}")
            current = open_now[0].creature
            round_ = self.round() if step.until_round is not None else None
            if current == wanted and (step.until_round is None or round_ == step.until_round):
                return events
            if step.until_round is not None and round_ is not None and round_ > step.until_round:
                raise _Stop(
                    f"{step.describe()}: {wanted} had no turn in round {step.until_round}; "
                    f"it is round {round_} now"
                )
            if current is None:
                raise _Stop(f"{step.describe()}: the fight waits for the game master, not a turn")
            end = registry.from_dict({"kind": "end_turn", "actor": current})
            events += self.apply(Step(step.number, step.line, end), end)
        raise _Stop(f"{step.describe()}: {MAX_TURNS} turns ended and still not {wanted}'s turn")

    def round(self) -> int:
        assert self.game is not None
        value = self.game.snapshot().get("round")
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Stop(f"the {self.scenario.ruleset.key} state has no round to count")
        return value

    def dice_problem(self, where: str, error: Exception) -> str:
        given = len(self.scenario.dice)
        if isinstance(error, WrongDie):
            return (
                f"{where} rolls a d{error.sides}, but die {error.index + 1} of the scenario is "
                f"{error.value}, not a face of a d{error.sides}"
            )
        return (
            f"{where} needs a d{self.dice.asked}, but the scenario's {given} dice are used up "
            "(the dice ran out: add the next die to [scenario] dice)"
        )

    def keep(self, number: int, events: list[Event]) -> None:
        assert self.game is not None
        self.events[number] = events
        self.dice_left[number] = self.dice.remaining
        if number in self.wanted:
            self.states[number] = self.game.snapshot()
            self.decisions[number] = tuple(self.game.decisions())

    def log_events(self, where: str, events: Iterable[Event]) -> None:
        events = list(events)
        if self.log_language is None or not events:
            return
        self.report.lines.append(f"{where}:")
        for event in events:
            self.report.lines.append(f"    [{event.kind}] {event.text(self.log_language)}")

    # ------------------------------------------------------------------ expectations
    def check_all(self) -> None:
        checks: list[Expectation] = list(self.scenario.expectations)
        if not any(isinstance(e, DiceCheck) for e in checks):
            checks.append(DiceCheck(None, 0, implicit=True))
        for expectation in checks:
            at = expectation.step
            if self.stopped is not None and (at is None or at >= self.stopped):
                where = "the start" if self.stopped == 0 else f"command {self.stopped}"
                text = self.describe(expectation)
                self.report.skip(text, f"the commands stopped at {where}")
                continue
            self.check(expectation)

    def check(self, expectation: Expectation) -> None:
        if isinstance(expectation, StateCheck):
            self.check_state(expectation)
        elif isinstance(expectation, EventCheck):
            self.check_events(expectation)
        elif isinstance(expectation, DecisionCheck):
            self.check_decision(expectation)
        else:
            self.check_dice(expectation)

    def describe(self, expectation: Expectation) -> str:
        labels = {s.number: s.label for s in self.scenario.steps if s.label}
        return _describe(expectation, given=len(self.scenario.dice), labels=labels)

    def state_at(self, step: int | None) -> dict[str, Any]:
        assert self.game is not None
        return self.game.snapshot() if step is None else self.states[step]

    def check_state(self, check: StateCheck) -> None:
        text = self.describe(check)
        try:
            actual = check.path.resolve(self.state_at(check.step))
        except PathNotFound as missing:
            if check.test == "exists" and check.value is False:
                self.report.passed(text, check.note)
            else:
                self.report.fail(f"expected {text}, got nothing: {missing}", check.note)
            return
        if holds(check.test, check.value, actual):
            self.report.passed(text, check.note)
        else:
            self.report.fail(f"expected {text}, got {_show(actual)}", check.note)

    def check_events(self, check: EventCheck) -> None:
        assert self.game is not None
        text = self.describe(check)
        log = list(self.game.log) if check.step is None else self.events[check.step]
        of_kind = [e for e in log if e.kind == check.kind]
        if check.actor is not None:
            of_kind = [e for e in of_kind if e.actor == check.actor]
        matching = [e for e in of_kind if subset(check.data, e.data)]
        if (check.count is None and matching) or len(matching) == check.count:
            self.report.passed(text, check.note)
            return
        if not of_kind:
            seen = ", ".join(dict.fromkeys(e.kind for e in log)) or "none"
            got = f"no {check.kind} event (kinds seen: {seen})"
        elif check.count is not None and matching:
            got = f"{len(matching)} such events"
        else:
            shown = [restricted(e.data, check.data) for e in of_kind[:3]]
            more = f" (and {len(of_kind) - 3} more)" if len(of_kind) > 3 else ""
            got = f"{len(of_kind)} {check.kind} event(s), with {_show(shown)}{more}"
        self.report.fail(f"expected {text}, got {got}", check.note)

    def check_decision(self, check: DecisionCheck) -> None:
        assert self.game is not None
        text = self.describe(check)
        open_now = self.game.decisions() if check.step is None else self.decisions[check.step]
        first = _decision_data(open_now[0]) if open_now else None
        if check.expected is None:
            holds = first is None
        else:
            holds = first is not None and all(first.get(k) == v for k, v in check.expected.items())
        if holds:
            self.report.passed(text, check.note)
        else:
            got = "no open decision (the fight is over)" if first is None else _show(first)
            self.report.fail(f"expected {text}, got {got}", check.note)

    def check_dice(self, check: DiceCheck) -> None:
        left = self.dice.remaining if check.step is None else self.dice_left[check.step]
        text = self.describe(check)
        if left == check.left:
            self.report.passed(text, check.note)
            return
        used = len(self.scenario.dice) - self.dice.remaining
        unused = ", ".join(str(d) for d in self.scenario.dice[used:][:20])
        got = f"{left} left" + (f" ({unused} unrolled)" if left and check.step is None else "")
        self.report.fail(f"expected {text}, got {got}", check.note)


# ---------------------------------------------------------------------- wording
def _describe(
    expectation: Expectation, *, given: int = 0, labels: Mapping[int, str] | None = None
) -> str:
    at = _at(expectation.step, labels or {})
    if isinstance(expectation, StateCheck):
        path, value = expectation.path, _show(expectation.value)
        text = {
            "equals": f"{path} = {value}",
            "contains": f"{path} contains {value}",
            "lacks": f"{path} lacks {value}",
            "at_least": f"{path} >= {value}",
            "at_most": f"{path} <= {value}",
            "exists": f"{path} {'exists' if expectation.value else 'does not exist'}",
        }[expectation.test]
        return f"{at}{text}"
    if isinstance(expectation, EventCheck):
        by = f" by {expectation.actor}" if expectation.actor else ""
        data = f" with {_show(expectation.data)}" if expectation.data else ""
        where = ""
        if expectation.step is not None:
            where = " at the start of the fight" if expectation.step == 0 else ""
            where = where or f" in {_command_name(expectation.step, labels or {})}"
        count = expectation.count
        many = "an event" if count is None else "no event" if count == 0 else f"{count} x event"
        return f"{many} {expectation.kind}{by}{data}{where}"
    if isinstance(expectation, DecisionCheck):
        if expectation.expected is None:
            return f"{at}no open decision (the fight is over)"
        return f"{at}the open decision is {_show(dict(expectation.expected))}"
    if expectation.implicit:
        return f"all {given} dice used"
    return f"{at}{expectation.left} dice left"


def _count(number: int, one: str, many: str = "") -> str:
    return f"{number} {one if number == 1 else many or one + 's'}"


def _at(step: int | None, labels: Mapping[int, str]) -> str:
    if step is None:
        return ""
    if step == 0:
        return "at the start of the fight: "
    return f"after {_command_name(step, labels)}: "


def _command_name(step: int, labels: Mapping[int, str]) -> str:
    label = labels.get(step)
    return f"command {step} {label!r}" if label else f"command {step}"


def _note(note: str) -> str:
    return f"  ({note})" if note else ""


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def _reason(error: CommandRejected) -> str:
    english = str(error.reason)
    german = error.text("de")
    return english if german == english else f"{english} (de: {german})"


def _contains_reason(error: CommandRejected, piece: str) -> bool:
    wanted = piece.casefold()
    return any(wanted in text.casefold() for text in (str(error.reason), error.text("de")))


def _error_text(error: Exception) -> str:
    return f"{type(error).__name__}: {error} (a program error; please report it with this scenario)"


def _decision_data(decision: Decision) -> dict[str, Any]:
    return {
        "kind": decision.kind.value,
        "side": decision.side,
        "creature": decision.creature,
        "note": decision.note,
    }
