"""JSON map files (Universal VTT, Tiled's JSON): strict parsing and typed, located access.

``read_json`` refuses what is no JSON document (``game.match.datafiles`` has the strict
parser) and what nests too deeply; ``JsonChecker`` reads values by JSON path and records
a Problem per mistake, so an importer reports every problem of a file at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.match.datafiles import StrictJsonError, loads_strict_json
from game.match.problem_texts import Texts
from game.match.problems import MissionError, Problem, ProblemList, described, problem_of
from game.missions.loader_texts import mission_say
from game.missions.paths import decode_utf8

#: Deepest JSON nesting accepted (objects and arrays).
MAX_JSON_DEPTH = 64

#: Bytes of JSON text :func:`json_depth` scans at a time (bounds its memory).
JSON_SCAN_CHUNK = 64 * 1024

_BOM = b"\xef\xbb\xbf"
_BACKSLASH, _QUOTE = ord("\\"), ord('"')
_OPEN_ARRAY, _CLOSE_ARRAY, _OPEN_OBJECT, _CLOSE_OBJECT = (ord(c) for c in "[]{}")


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


def json_depth(data: bytes) -> int:
    """Return the deepest nesting of arrays and objects in JSON text (strings skipped).

    One pass over the bytes in pieces of :data:`JSON_SCAN_CHUNK` (work and memory grow
    linearly with the text, whatever it holds): a backslash escapes the next byte, an
    unescaped quote opens or closes a string, brackets count outside strings only. An
    unterminated string runs to the end.
    """
    scan = _DepthScan()
    for start in range(0, len(data), JSON_SCAN_CHUNK):
        scan_chunk(scan, data[start : start + JSON_SCAN_CHUNK])
    return scan.deepest


@dataclass
class _DepthScan:
    """What one piece of JSON text leaves for the next: the state at its end."""

    in_string: bool = False
    escaped: bool = False  # the piece ended in an odd run of backslashes
    depth: int = 0
    deepest: int = 0


def scan_chunk(scan: _DepthScan, chunk: bytes) -> None:
    """Scan one piece of JSON text, continuing ``scan``'s state (vectorised, linear)."""
    raw = np.frombuffer(chunk, dtype=np.uint8)
    if raw.size == 0:
        return
    index = np.arange(raw.size, dtype=np.int64)
    slash = raw == _BACKSLASH
    # the run of backslashes ending at each byte (0 for other bytes), runs carried over
    last_other = np.maximum.accumulate(np.where(slash, -1, index))
    run = index - last_other
    run[last_other < 0] += int(scan.escaped)  # only the parity of the carried run counts
    escaped = np.empty(raw.size, dtype=bool)
    escaped[0] = scan.escaped
    escaped[1:] = (run[:-1] & 1) == 1
    quote = (raw == _QUOTE) & ~escaped
    quotes = np.cumsum(quote, dtype=np.int64)
    inside = ((quotes - quote + int(scan.in_string)) & 1) == 1  # in a string before the byte
    outside = ~inside & ~quote & ~escaped
    steps = (outside & ((raw == _OPEN_ARRAY) | (raw == _OPEN_OBJECT))).astype(np.int64)
    steps -= outside & ((raw == _CLOSE_ARRAY) | (raw == _CLOSE_OBJECT))
    levels = np.cumsum(steps) + scan.depth
    scan.deepest = max(scan.deepest, int(levels.max()))
    scan.depth = int(levels[-1])
    scan.in_string = bool((int(quotes[-1]) + int(scan.in_string)) & 1)
    scan.escaped = bool(run[-1] & 1)


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

    Checks, in this order: UTF-8 (a BOM is allowed), nesting depth (at most
    :data:`MAX_JSON_DEPTH`), then the strict reader of ``game.match.datafiles``: syntax
    (with line and column), no ``NaN``/``Infinity``, no key twice in one object.
    """
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    text = decode_utf8(data, path_label=path_label, what="JSON")
    depth = json_depth(data)
    if depth > MAX_JSON_DEPTH:
        message = mission_say("json_too_deep_levels", depth=depth, limit=MAX_JSON_DEPTH)
        raise MissionError([problem_of(path_label, message)])
    try:
        return loads_strict_json(text)
    except StrictJsonError as exc:
        if exc.syntax:
            message = mission_say("json_invalid", detail=exc.message)
            problem = problem_of(path_label, message, line=exc.line, column=exc.column)
        elif exc.constant is not None:
            problem = problem_of(path_label, mission_say("json_constant", constant=exc.constant))
        elif exc.too_deep:
            problem = problem_of(path_label, mission_say("json_too_deep", limit=MAX_JSON_DEPTH))
        else:  # a key twice, integers with too many digits
            problem = problem_of(path_label, mission_say("json_invalid", detail=exc.message))
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
