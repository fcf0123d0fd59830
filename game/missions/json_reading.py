"""JSON map files (Universal VTT, Tiled's JSON): strict parsing and typed, located access.

``read_json`` refuses what is no JSON document and what nests too deeply
(``game.match.datafiles`` has the strict parser and the one nesting check);
``JsonChecker`` reads values by JSON path and records a Problem per mistake, so an
importer reports every problem of a file at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.match.datafiles import JSON_SCAN_CHUNK as JSON_SCAN_CHUNK  # the one nesting check
from game.match.datafiles import MAX_JSON_DEPTH, StrictJsonError, loads_strict_json
from game.match.datafiles import json_depth as json_depth
from game.match.problem_texts import Texts
from game.match.problems import MissionError, Problem, ProblemList, described, problem_of
from game.match.save_texts import json_problem
from game.missions.loader_texts import mission_say
from game.missions.paths import decode_utf8

_BOM = b"\xef\xbb\xbf"


def finite_number(value: object) -> float | None:
    """Return a JSON number as a finite float, or None (booleans and huge values too)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def whole_number(value: object) -> int | None:
    """Return a JSON number that is a whole number as an int, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    number = finite_number(value)
    if number is None or not number.is_integer():
        return None
    return int(number)


@dataclass(frozen=True)
class JsonFile:
    """A JSON map file read once: its bytes and the document :func:`read_json` made of them.

    The loader reads a ``.json`` file once to see whose map it is and hands this to
    the reader, which then neither reads nor parses it again.
    """

    data: bytes
    document: object


def read_json(data: bytes, *, path_label: str) -> object:
    """Return the parsed JSON document in ``data``; raise MissionError if it is not one.

    Checks, in this order: UTF-8 (a BOM is allowed), then the strict reader of
    ``game.match.datafiles``: nesting depth (at most :data:`MAX_JSON_DEPTH`, one linear
    pass before parsing), syntax (with line and column), no ``NaN``/``Infinity``, no key
    twice in one object.
    """
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    text = decode_utf8(data, path_label=path_label, what="JSON")
    try:
        return loads_strict_json(text)
    except StrictJsonError as exc:
        # the parser's English detail, in German too (line and column are the problem's)
        detail = json_problem(
            exc.message, syntax=exc.syntax, constant=exc.constant, too_deep=exc.too_deep
        )
        if exc.syntax:
            message = mission_say("json_invalid", detail=detail)
            problem = problem_of(path_label, message, line=exc.line, column=exc.column)
        elif exc.constant is not None:
            problem = problem_of(path_label, mission_say("json_constant", constant=exc.constant))
        elif exc.too_deep and exc.depth is not None:
            message = mission_say("json_too_deep_levels", depth=exc.depth, limit=MAX_JSON_DEPTH)
            problem = problem_of(path_label, message)
        elif exc.too_deep:
            problem = problem_of(path_label, mission_say("json_too_deep", limit=MAX_JSON_DEPTH))
        else:  # a key twice, integers with too many digits
            problem = problem_of(path_label, mission_say("json_invalid", detail=detail))
        raise MissionError([problem]) from None


class _Missing:
    """What :meth:`JsonChecker.member` returns for a missing key (already reported)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()


class JsonChecker:
    """Typed access to parsed JSON that records a Problem (with JSON path) per mistake.

    Every accessor returns None after recording a problem, so a reader can go on and
    report several mistakes at once. Given :data:`MISSING` (a missing key, reported by
    :meth:`member`), they return None without a second problem. ``problems`` may be
    shared with other checkers (one per file a map reads).
    """

    def __init__(self, path_label: str, problems: ProblemList | None = None) -> None:
        self.path_label = path_label
        self.found = problems if problems is not None else ProblemList()

    @property
    def problems(self) -> list[Problem]:
        """Return the problems recorded so far (capped, with a count of the rest)."""
        return self.found.items

    def error(self, key: str, message: str | Texts) -> None:
        """Record one problem at JSON path ``key`` (English, or texts per language)."""
        self.found.append(problem_of(self.path_label, message, key=key or None))

    def _expected(self, key: str, value: object, expected: Texts) -> None:
        """Record "found ...; expected ..." at ``key``."""
        found = described(value, json=True)
        self.error(key, mission_say("json_found_expected", found=found, expected=expected))

    def raise_if_any(self) -> None:
        """Raise MissionError if any problem was recorded."""
        self.found.raise_if_any()

    def obj(self, value: object, key: str) -> dict[str, object] | None:
        """Return ``value`` if it is a JSON object."""
        if value is MISSING:
            return None
        if isinstance(value, dict):
            return value
        self._expected(key, value, mission_say("an_object"))
        return None

    def top(self, value: object, template: str = "not_a_json_mission") -> dict[str, object] | None:
        """Return a file's top level if it is a JSON object; else say the file is none.

        The message shows nothing of the file: it may be any file a user (or a save)
        named, and its content is none of the message's business (issue 13 point 11).
        """
        if isinstance(value, dict):
            return value
        self.error("", mission_say(template))
        return None

    def array(self, value: object, key: str) -> list[object] | None:
        """Return ``value`` if it is a JSON array."""
        if value is MISSING:
            return None
        if isinstance(value, list):
            return value
        self._expected(key, value, mission_say("a_list"))
        return None

    def number(
        self, value: object, key: str, *, low: float = -math.inf, high: float = math.inf
    ) -> float | None:
        """Return ``value`` if it is a finite number (not a boolean) in ``low..high``."""
        if value is MISSING:
            return None
        number = finite_number(value)
        if number is not None and low <= number <= high:
            return number
        expected = mission_say("a_number")
        if math.isfinite(low) or math.isfinite(high):
            expected = mission_say("a_number_from", low=f"{low:g}", high=f"{high:g}")
        self._expected(key, value, expected)
        return None

    def integer(self, value: object, key: str, *, low: int, high: int) -> int | None:
        """Return ``value`` if it is a whole number in ``low..high``."""
        if value is MISSING:
            return None
        whole = whole_number(value)
        if whole is not None and low <= whole <= high:
            return whole
        self._expected(key, value, mission_say("a_whole_number_from", low=low, high=high))
        return None

    def string(self, value: object, key: str) -> str | None:
        """Return ``value`` if it is a string."""
        if value is MISSING:
            return None
        if isinstance(value, str):
            return value
        self._expected(key, value, mission_say("a_string"))
        return None

    def boolean(self, value: object, key: str) -> bool | None:
        """Return ``value`` if it is true or false."""
        if value is MISSING:
            return None
        if isinstance(value, bool):
            return value
        self._expected(key, value, mission_say("true_or_false"))
        return None

    def member(self, parent: dict[str, object], name: str, key: str) -> object:
        """Return ``parent[name]``; record a problem and return MISSING if it is missing."""
        if name in parent:
            return parent[name]
        self.error(key, mission_say("json_missing_key", name=name))
        return MISSING
