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
from game.scenarios.wording import Words

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
    """The lines a run printed (in the language of ``words``) and how many held."""

    lines: list[str] = field(default_factory=list)
    ok: int = 0
    failed: int = 0
    unchecked: int = 0
    words: Words = field(default_factory=Words)

    @property
    def exit_code(self) -> int:
        return EXIT_OK if not self.failed and not self.unchecked else EXIT_FAILED

    def passed(self, text: str, note: str = "") -> None:
        self.ok += 1
        self.lines.append(self.words("ok", text=text, note=_note(note)))

    def fail(self, text: str, note: str = "") -> None:
        self.failed += 1
        self.lines.append(self.words("fail", text=text, note=_note(note)))

    def skip(self, text: str, why: str) -> None:
        self.unchecked += 1
        self.lines.append(self.words("not_checked", text=text, why=why))

    def summary(self) -> str:
        words = self.words
        total = words.count(self.ok + self.failed + self.unchecked, "expectation", "expectations")
        text = words("summary", total=total, ok=self.ok, failed=self.failed)
        if self.unchecked:
            text += words("summary_unchecked", count=self.unchecked)
        return text


def run_scenario_file(
    path: Path | str,
    out: TextIO,
    err: TextIO,
    *,
    log: bool = False,
    language: str = "de",
) -> int:
    """Read and run the scenario ``path``; print its lines to ``out`` in ``language``; return
    the exit status."""
    words = Words(language)
    try:
        scenario = read_scenario(path)
    except MissionError as error:
        print(error.render(words.language), file=err)
        print(words("invalid_file", path=path), file=err)
        return EXIT_INVALID
    report = run_scenario(scenario, log_language=language if log else None, language=language)
    print(_header(scenario, words), file=out)
    for line in report.lines:
        print(line, file=out)
    print(report.summary(), file=out)
    return report.exit_code


def run_scenario(
    scenario: Scenario, *, log_language: str | None = None, language: str = "en"
) -> Report:
    """Run ``scenario`` and return its report, its lines in ``language`` (``log_language``:
    also list every event)."""
    return _Run(scenario, log_language, Words(language)).run()


def _header(scenario: Scenario, words: Words) -> str:
    rules = words("rules", ids=", ".join(scenario.rules)) if scenario.rules else ""
    return words(
        "header",
        label=scenario.label,
        title=scenario.title,
        ruleset=scenario.ruleset.key,
        mission=scenario.mission,
        dice=words.count(len(scenario.dice), "die", "dice"),
        commands=words.count(len(scenario.steps), "command_one", "commands"),
        rules=rules,
    )


class _Run:
    """One run of a scenario: the game, what each step produced, and the report."""

    def __init__(self, scenario: Scenario, log_language: str | None, words: Words) -> None:
        self.scenario = scenario
        self.log_language = log_language
        self.words = words
        self.dice = ScenarioDice(scenario.dice)
        self.report = Report(words=words)
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
        where = self.words("start_initiative")
        try:
            self.game = scenario.ruleset.new_game(
                scenario.setup, scenario.catalogue, scenario.seed, roller=self.dice
            )
        except (DiceExhausted, WrongDie) as error:
            self.report.fail(self.dice_problem(where, error))
            self.stopped = 0
            return False
        except Exception as error:  # a program error: said in one line, not a traceback
            self.report.fail(self.stopped_program(where, error))
            self.stopped = 0
            return False
        self.log_events(self.words("start"), list(self.game.log))
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
        self.log_events(step.describe(self.words.language), events)
        self.keep(step.number, events)
        return True

    def apply(self, step: Step, command: Command) -> list[Event]:
        assert self.game is not None
        words = self.words
        where = step.describe(words.language)
        try:
            events = list(self.game.apply(command))
        except CommandRejected as error:
            reason = error.text(words.language)
            if step.refused is None:
                raise _Stop(words("expected_applied", where=where, reason=reason)) from None
            wanted = step.refused
            if _contains_reason(error, wanted):
                self.report.passed(words("refused_ok", where=where, wanted=wanted, reason=reason))
            else:
                message = words("refused_otherwise", where=where, wanted=wanted, reason=reason)
                self.report.fail(message)
            return []
        except (DiceExhausted, WrongDie) as error:
            raise _Stop(self.dice_problem(where, error)) from None
        except Exception as error:  # a program error: said in one line, not a traceback
            raise _Stop(self.stopped_program(where, error)) from None
        if step.refused is not None:
            raise _Stop(words("expected_refused", where=where, wanted=step.refused))
        return events

    def stopped_program(self, where: str, error: Exception) -> str:
        """Return "<where> stopped the program: <error>" in the run's language."""
        text = self.words("program_error", kind=type(error).__name__, error=error)
        return self.words("stopped_program", where=where, error=text)

    def until(self, step: Step) -> list[Event]:
        """End turns until ``step.until_actor``'s turn (in ``step.until_round``)."""
        assert self.game is not None and step.until_actor is not None
        registry = self.scenario.ruleset.commands
        words = self.words
        wanted, where = step.until_actor, step.describe(words.language)
        when = words("in_round", round=step.until_round) if step.until_round is not None else ""
        events: list[Event] = []
        for _ in range(MAX_TURNS):
            open_now = self.game.decisions()
            if not open_now:
                raise _Stop(words("ended_before", where=where, actor=wanted, when=when))
            current = open_now[0].creature
            round_ = self.round() if step.until_round is not None else None
            if current == wanted and (step.until_round is None or round_ == step.until_round):
                return events
            if step.until_round is not None and round_ is not None and round_ > step.until_round:
                raise _Stop(
                    words(
                        "no_turn_in_round",
                        where=where,
                        actor=wanted,
                        wanted=step.until_round,
                        now=round_,
                    )
                )
            if current is None:
                raise _Stop(words("waits_for_gm", where=where))
            end = registry.from_dict({"kind": "end_turn", "actor": current})
            events += self.apply(Step(step.number, step.line, end), end)
        raise _Stop(words("turns_ran_out", where=where, count=MAX_TURNS, actor=wanted))

    def round(self) -> int:
        assert self.game is not None
        value = self.game.snapshot().get("round")
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Stop(self.words("no_round", ruleset=self.scenario.ruleset.key))
        return value

    def dice_problem(self, where: str, error: Exception) -> str:
        given = len(self.scenario.dice)
        if isinstance(error, WrongDie):
            index, value = error.index + 1, error.value
            return self.words("wrong_die", where=where, sides=error.sides, index=index, value=value)
        return self.words("dice_ran_out", where=where, sides=self.dice.asked, given=given)

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
                why = (
                    self.words("stopped_at_start")
                    if self.stopped == 0
                    else self.words("stopped_at", step=self.stopped)
                )
                self.report.skip(self.describe(expectation), why)
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
        return _describe(expectation, self.words, given=len(self.scenario.dice), labels=labels)

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
                self.report.fail(
                    self.words("expected_nothing", text=text, missing=missing), check.note
                )
            return
        if holds(check.test, check.value, actual):
            self.report.passed(text, check.note)
        else:
            self.report.fail(self.words("expected_got", text=text, got=_show(actual)), check.note)

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
        words = self.words
        if not of_kind:
            seen = ", ".join(dict.fromkeys(e.kind for e in log)) or words("none")
            got = words("no_event_of_kind", kind=check.kind, seen=seen)
        elif check.count is not None and matching:
            got = words("such_events", count=len(matching))
        else:
            shown = [restricted(e.data, check.data) for e in of_kind[:3]]
            more = words("and_more", count=len(of_kind) - 3) if len(of_kind) > 3 else ""
            got = words(
                "events_with", count=len(of_kind), kind=check.kind, shown=_show(shown), more=more
            )
        self.report.fail(words("expected_got", text=text, got=got), check.note)

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
            got = self.words("no_decision") if first is None else _show(first)
            self.report.fail(self.words("expected_got", text=text, got=got), check.note)

    def check_dice(self, check: DiceCheck) -> None:
        left = self.dice.remaining if check.step is None else self.dice_left[check.step]
        text = self.describe(check)
        if left == check.left:
            self.report.passed(text, check.note)
            return
        used = len(self.scenario.dice) - self.dice.remaining
        unused = ", ".join(str(d) for d in self.scenario.dice[used:][:20])
        got = self.words("dice_left_got", count=left)
        if left and check.step is None:
            got += self.words("unrolled", dice=unused)
        self.report.fail(self.words("expected_got", text=text, got=got), check.note)


# ---------------------------------------------------------------------- wording
def _describe(
    expectation: Expectation,
    words: Words,
    *,
    given: int = 0,
    labels: Mapping[int, str] | None = None,
) -> str:
    at = _at(expectation.step, labels or {}, words)
    if isinstance(expectation, StateCheck):
        path, value = expectation.path, _show(expectation.value)
        test = expectation.test
        if test == "exists" and not expectation.value:
            test = "does_not_exist"
        return at + words(test, path=path, value=value)
    if isinstance(expectation, EventCheck):
        by = words("by_actor", actor=expectation.actor) if expectation.actor else ""
        data = words("with_data", data=_show(expectation.data)) if expectation.data else ""
        where = ""
        if expectation.step == 0:
            where = words("at_start_suffix")
        elif expectation.step is not None:
            where = words("in_command", command=_command_name(expectation.step, labels, words))
        count, kind = expectation.count, expectation.kind
        many = (
            words("an_event", kind=kind)
            if count is None
            else words("no_event", kind=kind)
            if count == 0
            else words("count_events", count=count, kind=kind)
        )
        return f"{many}{by}{data}{where}"
    if isinstance(expectation, DecisionCheck):
        if expectation.expected is None:
            return at + words("no_decision")
        return at + words("open_decision_is", decision=_show(dict(expectation.expected)))
    if expectation.implicit:
        return words("all_dice_used", count=given)
    return at + words("dice_left", count=expectation.left)


def _at(step: int | None, labels: Mapping[int, str], words: Words) -> str:
    if step is None:
        return ""
    if step == 0:
        return words("at_start_prefix")
    return words("after_command", command=_command_name(step, labels, words))


def _command_name(step: int, labels: Mapping[int, str] | None, words: Words) -> str:
    label = (labels or {}).get(step)
    if label:
        return words("command_label", step=step, label=label)
    return words("command_number", step=step)


def _note(note: str) -> str:
    return f"  ({note})" if note else ""


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def _contains_reason(error: CommandRejected, piece: str) -> bool:
    wanted = piece.casefold()
    return any(wanted in text.casefold() for text in (str(error.reason), error.text("de")))


def _decision_data(decision: Decision) -> dict[str, Any]:
    return {
        "kind": decision.kind.value,
        "side": decision.side,
        "creature": decision.creature,
        "note": decision.note,
    }
