"""Read a scenario file (tests/scenarios/README.md) into a Scenario, or every problem in it.

A scenario is data, never code: its size is bounded, its mission file must lie inside
the scenario's folder, and every mistake is reported with the file, the line and key,
and what was expected (``MissionError``, as the mission reader reports its own).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.match.commands import Command, CommandError, CommandRegistry
from game.match.problem_texts import Texts, say
from game.match.problems import MissionError, described, suggested
from game.match.ruleset import Ruleset
from game.match.tomlcheck import ProblemSink, TableReader, locate_keys, parse_toml
from game.missions.bundled import bundled_mission
from game.missions.loader import load_any
from game.missions.model import Mission
from game.missions.paths import decode_utf8, read_limited, resolve_inside
from game.missions.setup import PreparedMatch, prepare_match
from game.missions.toml_format import loads_mission
from game.rulesets import DEFAULT_RULESET, UnknownRuleset, ruleset
from game.scenarios import split
from game.scenarios.model import (
    STATE_TESTS,
    DecisionCheck,
    DiceCheck,
    EventCheck,
    Expectation,
    Scenario,
    StateCheck,
    Step,
)
from game.scenarios.reader_texts import reader_say
from game.scenarios.statepath import PathSyntaxError, parse_path

#: Largest scenario file read (bytes): a map and a few hundred commands fit many times.
MAX_SCENARIO_BYTES = 1024 * 1024
MAX_DICE = 100_000
MAX_STEPS = 10_000
MAX_EXPECTATIONS = 5_000
MAX_NESTING = 20  # of an expected value (lists and tables inside each other)

#: The top-level keys that are the scenario's own; every other one belongs to the mission.
OWN_KEYS = ("scenario", "commands", "expect")
#: Keys of a ``commands`` entry that the runner reads (never passed to the command).
STEP_KEYS = ("label", "refused", "end_turns_until")
DECISION_KEYS = ("kind", "side", "creature", "note")


def read_scenario(path: Path | str) -> Scenario:
    """Return the scenario in the TOML file ``path``; raise MissionError listing its problems."""
    file = Path(path)
    label = str(path)
    data = read_limited(file, MAX_SCENARIO_BYTES, path_label=label)
    text = decode_utf8(data, path_label=label, what="TOML").removeprefix("\ufeff")
    return _Reader(text, label, file.resolve().parent).scenario()


class _Reader:
    """Checks the parsed TOML and builds the Scenario, collecting every problem."""

    def __init__(self, text: str, label: str, base_dir: Path) -> None:
        self.text = text
        self.label = label
        self.base_dir = base_dir
        self.sink = ProblemSink(label)
        self.labels: dict[str, int] = {}

    def error(self, key: str, message: str | Texts) -> None:
        self.sink.error(key, message)

    # ------------------------------------------------------------------ whole file
    def scenario(self) -> Scenario:
        data, syntax = parse_toml(self.text, self.label)
        if data is None:
            raise MissionError(syntax)
        self.sink.locations = locate_keys(self.text).keys
        head = data.get("scenario")
        if not isinstance(head, dict):
            found = (
                reader_say("file_has_none")
                if head is None
                else reader_say("found", found=described(head))
            )
            self.error("scenario", reader_say("a_scenario_table", found=found))
            raise MissionError(self.sink.problems)
        table = TableReader(head, "scenario", self.sink)
        title = table.string("title", Path(self.label).stem, max_len=300)
        table.string("description", "", max_len=20_000)
        rules = table.strings("rules", max_len=100)
        named = table.string("ruleset", "", max_len=100) or None
        seed = table.integer("seed", 1, low=0, high=2**63 - 1)
        dice = self.dice(table)
        mission_file = table.raw("mission")
        table.finish()
        prepared, source = self.mission(data, mission_file)
        chosen = self.ruleset(named, prepared)
        steps = self.steps(data.get("commands"), chosen.commands)
        expectations = self.expectations(data.get("expect"), len(steps))
        if self.sink.problems:
            raise MissionError(self.sink.problems)
        return Scenario(
            label=self.label,
            title=title,
            rules=rules,
            ruleset=chosen,
            setup=None if prepared is None else prepared.setup,
            catalogue=None if prepared is None else prepared.catalogue,
            seed=1 if seed is None else seed,
            dice=dice,
            steps=steps,
            expectations=expectations,
            mission=source,
        )

    def dice(self, table: TableReader) -> tuple[int, ...]:
        raw = table.raw("dice")
        if raw is None:
            return ()
        if not isinstance(raw, list):
            table.error("dice", _expected("die_faces", raw))
            return ()
        if len(raw) > MAX_DICE:
            table.error("dice", _too_many(len(raw), "dice", MAX_DICE))
            return ()
        faces: list[int] = []
        for index, value in enumerate(raw):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                table.error(f"dice[{index}]", _expected("a_die_face", value))
                continue
            faces.append(value)
        return tuple(faces)

    # ------------------------------------------------------------------ the mission
    def mission(
        self, data: Mapping[str, Any], mission_file: object
    ) -> tuple[PreparedMatch | None, str]:
        """Return the match set up on the scenario's mission (a file or inline), its source."""
        inline = [key for key in data if key not in OWN_KEYS]
        if mission_file is not None and inline:
            self.error(
                "scenario.mission",
                reader_say("file_and_tables", tables=", ".join(inline)),
            )
            return None, ""
        if mission_file is None and not inline:
            self.error(
                "scenario",
                reader_say("no_mission"),
            )
            return None, ""
        try:
            if mission_file is not None:
                mission, label = self.mission_file(mission_file)
                source = str(mission_file)
            else:  # the mission reader reads its own tables, the scenario's blanked out
                mission_text = split.without(self.text, OWN_KEYS)
                mission = loads_mission(mission_text, self.label, base_dir=self.base_dir)
                label, source = self.label, "inline"
            if mission is None:
                return None, ""
            return prepare_match(mission, path_label=label), source
        except MissionError as error:
            self.sink.problems.extend(error.problems)
            return None, ""

    def mission_file(self, relative: object) -> tuple[Mission | None, str]:
        """Return the mission in the file ``relative`` names (inside the scenario's folder,
        else a bundled mission by name) and its path."""
        if not isinstance(relative, str):
            self.error("scenario.mission", _expected("a_file_name", relative))
            return None, ""
        try:
            path = resolve_inside(self.base_dir, relative, path_label=self.label)
        except MissionError as error:  # said again at the key, with its line
            for problem in error.problems:
                self.error("scenario.mission", problem.texts or problem.message)
            return None, ""
        if not path.exists():  # a file wins over a bundled mission of the same name
            path = bundled_mission(relative) or path
        return load_any(path).mission, str(path)

    def ruleset(self, named: str | None, prepared: PreparedMatch | None) -> Ruleset:
        """Return the ruleset the mission plays; ``[scenario] ruleset`` must agree with it.

        Without a mission (it has problems) the commands are read by the ruleset the
        scenario names, or the default one, so that their problems are reported too.
        """
        played = None if prepared is None else prepared.ruleset.key
        if named is not None and played is not None and named != played:
            self.error(
                "scenario.ruleset",
                reader_say("ruleset_differs", named=named, played=played, default=DEFAULT_RULESET),
            )
        key = played or named or DEFAULT_RULESET
        try:
            return ruleset(key)
        except UnknownRuleset as error:
            self.error("scenario.ruleset", str(error))
            raise MissionError(self.sink.problems) from None

    # ------------------------------------------------------------------ commands
    def steps(self, raw: object, registry: CommandRegistry) -> tuple[Step, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.error("commands", _expected("command_tables", raw))
            return ()
        if len(raw) > MAX_STEPS:
            self.error("commands", _too_many(len(raw), "commands", MAX_STEPS))
            return ()
        steps: list[Step] = []
        for index, entry in enumerate(raw):
            step = self.step(index, entry, registry)
            if step is not None:
                steps.append(step)
            else:  # keep the numbering of the file for the expectations' references
                steps.append(Step(index + 1, None))
        return tuple(steps)

    def step(self, index: int, entry: object, registry: CommandRegistry) -> Step | None:
        key = f"commands[{index}]"
        line = self.sink.line_of(key)
        if not isinstance(entry, dict):
            self.error(key, _expected("a_command_table", entry))
            return None
        label = self.step_label(key, entry.get("label"), index + 1)
        until = entry.get("end_turns_until")
        if until is not None:
            return self.until_step(key, index, entry, until, registry, label)
        refused = entry.get("refused")
        if refused is not None and (not isinstance(refused, str) or not refused.strip()):
            self.error(f"{key}.refused", _expected("a_reason_piece", refused))
            return None
        command = self.command(
            key, {k: v for k, v in entry.items() if k not in STEP_KEYS}, registry
        )
        if command is None:
            return None
        return Step(index + 1, line, command, label=label, refused=refused)

    def step_label(self, key: str, label: object, number: int) -> str | None:
        if label is None:
            return None
        if not isinstance(label, str) or not label.strip() or len(label) > 100:
            self.error(f"{key}.label", _expected("a_short_name", label))
            return None
        if label in self.labels:
            message = reader_say("label_taken", label=label, number=self.labels[label])
            self.error(f"{key}.label", message)
            return None
        self.labels[label] = number
        return label

    def until_step(
        self,
        key: str,
        index: int,
        entry: Mapping[str, Any],
        until: object,
        registry: CommandRegistry,
        label: str | None,
    ) -> Step | None:
        others = [k for k in entry if k not in ("end_turns_until", "label")]
        if others:
            self.error(
                key,
                reader_say("until_alone", others=", ".join(others)),
            )
            return None
        if "end_turn" not in registry:
            self.error(f"{key}.end_turns_until", reader_say("no_end_turn"))
            return None
        if not isinstance(until, dict):
            self.error(f"{key}.end_turns_until", _expected("an_until_table", until))
            return None
        table = TableReader(until, f"{key}.end_turns_until", self.sink)
        actor = table.string("actor", max_len=100)
        round_ = table.integer("round", None, low=1, high=1_000_000)
        table.finish()
        if table.failed:
            return None
        return Step(
            index + 1,
            self.sink.line_of(key),
            label=label,
            until_actor=actor,
            until_round=round_,
        )

    def command(self, key: str, entry: dict[str, Any], registry: CommandRegistry) -> Command | None:
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in registry:
            shown = reader_say("no_kind") if kind is None else reader_say("unknown_kind", kind=kind)
            hint = suggested(kind, registry) if isinstance(kind, str) else ""
            message = reader_say("bad_kind", shown=shown, hint=hint, count=len(registry))
            self.error(f"{key}.kind", message)
            return None
        try:
            return registry.from_dict(_with_nulls(entry, registry[kind]))
        except CommandError as error:
            self.error(key, error.texts)
            return None

    # ------------------------------------------------------------------ expectations
    def expectations(self, raw: object, steps: int) -> tuple[Expectation, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.error("expect", _expected("expect_tables", raw))
            return ()
        if len(raw) > MAX_EXPECTATIONS:
            self.error("expect", _too_many(len(raw), "expectations", MAX_EXPECTATIONS))
            return ()
        found: list[Expectation] = []
        for index, entry in enumerate(raw):
            expectation = self.expectation(index, entry, steps)
            if expectation is not None:
                found.append(expectation)
        return tuple(found)

    def expectation(self, index: int, entry: object, steps: int) -> Expectation | None:
        key = f"expect[{index}]"
        if not isinstance(entry, dict):
            self.error(key, _expected("an_expect_table", entry))
            return None
        kinds = [k for k in ("path", "event", "decision", "dice_left") if k in entry]
        if len(kinds) != 1:
            found = ", ".join(kinds) if kinds else reader_say("none_of_them")
            self.error(key, reader_say("one_expectation_kind", found=found))
            return None
        table = TableReader(entry, key, self.sink)
        line = self.sink.line_of(key)
        note = table.string("note", "", max_len=500)
        step = self.step_ref(table, steps)
        result: Expectation | None
        if kinds[0] == "path":
            result = self.state_check(table, line, step, note)
        elif kinds[0] == "event":
            result = self.event_check(table, line, step, note)
        elif kinds[0] == "decision":
            result = self.decision_check(table, line, step, note)
        else:
            left = table.integer("dice_left", low=0, high=MAX_DICE)
            result = DiceCheck(line, left or 0, step, note)
        table.finish()
        return None if table.failed else result

    def step_ref(self, table: TableReader, steps: int) -> int | None:
        raw = table.raw("command")
        if raw is None:
            return None
        if isinstance(raw, str):
            if raw in self.labels:
                return self.labels[raw]
            known = ", ".join(self.labels) or reader_say("none")
            hint = suggested(raw, self.labels)
            table.error("command", reader_say("no_such_label", label=raw, hint=hint, known=known))
            return None
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= steps:
            table.error("command", _expected("a_step_ref", raw, steps=steps))
            return None
        return raw

    def state_check(
        self, table: TableReader, line: int | None, step: int | None, note: str
    ) -> StateCheck | None:
        raw_path = table.raw("path")
        tests = [t for t in STATE_TESTS if table.has(t)]
        for name in STATE_TESTS:
            table.raw(name)  # each test key is known; only one may be given
        try:
            path = parse_path(raw_path)
        except PathSyntaxError as error:
            table.error("path", str(error))
            return None
        if len(tests) != 1:
            found = ", ".join(tests) or reader_say("none")
            table.error(None, reader_say("one_test", tests=", ".join(STATE_TESTS), found=found))
            return None
        test = tests[0]
        value = table.raw(test)
        if test in ("at_least", "at_most") and (
            isinstance(value, bool) or not isinstance(value, int | float)
        ):
            table.error(test, _expected("a_number", value))
            return None
        if test == "exists" and not isinstance(value, bool):
            table.error(test, _expected("true_or_false", value))
            return None
        problem = _json_problem(value)
        if problem:
            table.error(test, problem)
            return None
        return StateCheck(line, path, test, value, step, note)

    def event_check(
        self, table: TableReader, line: int | None, step: int | None, note: str
    ) -> EventCheck | None:
        kind = table.string("event", max_len=100)
        data = table.raw("data")
        actor = table.raw("actor")
        count = table.integer("count", None, low=0, high=1_000_000)
        if data is not None and not isinstance(data, dict):
            table.error("data", _expected("event_fields", data))
        elif data is not None and _json_problem(data):
            table.error("data", _json_problem(data))
        if actor is not None and not isinstance(actor, str):
            table.error("actor", _expected("a_creature_key", actor))
        if table.failed:
            return None
        return EventCheck(line, kind, dict(data or {}), actor, count, step, note)

    def decision_check(
        self, table: TableReader, line: int | None, step: int | None, note: str
    ) -> DecisionCheck | None:
        raw = table.raw("decision")
        if raw == "none":
            return DecisionCheck(line, None, step, note)
        if not isinstance(raw, dict) or not raw:
            table.error("decision", _expected("a_decision", raw))
            return None
        sub = TableReader(raw, f"{table.key}.decision", self.sink)
        expected = {
            name: sub.string(name, "", max_len=200) for name in DECISION_KEYS if name in raw
        }
        for name in DECISION_KEYS:
            sub.raw(name)
        sub.finish()
        if sub.failed:
            table.failed = True
            return None
        return DecisionCheck(line, expected, step, note)


def _with_nulls(entry: Mapping[str, Any], cls: type[Command]) -> dict[str, Any]:
    """Return ``entry`` with null for each absent field that may be null and has no default.

    TOML has no null: a game master's command leaves ``actor`` out where a save's JSON
    writes ``"actor": null``.
    """
    filled = dict(entry)
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        if field.name in filled or field.default is not dataclasses.MISSING:
            continue
        hint = hints.get(field.name)
        if typing.get_origin(hint) in (types.UnionType, typing.Union) and type(
            None
        ) in typing.get_args(hint):
            filled[field.name] = None
    return filled


def _expected(what: str, value: object, **values: object) -> Texts:
    """Return "expected <what>, found <value>" in every language."""
    return say("expected_found", expected=reader_say(what, **values), found=described(value))


def _too_many(count: int, what: str, limit: int) -> Texts:
    """Return "<count> <what>; expected at most <limit>" in every language."""
    return reader_say("too_many", count=count, what=reader_say(what), limit=limit)


def _json_problem(value: object, depth: int = 0) -> Texts | str:
    """Return what makes ``value`` unlike a value of a saved state ("" when it is fine)."""
    if depth > MAX_NESTING:
        return reader_say("nests_too_deep", limit=MAX_NESTING)
    if isinstance(value, str | int | float | bool):
        return ""
    if isinstance(value, list):
        return next((p for p in (_json_problem(v, depth + 1) for v in value) if p), "")
    if isinstance(value, dict):
        return next((p for p in (_json_problem(v, depth + 1) for v in value.values()) if p), "")
    return _expected("a_state_value", value)
