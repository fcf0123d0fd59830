"""Read TOML data files and check them value by value, collecting every problem.

``parse_toml`` turns text into a table or a located syntax problem; ``TableReader``
reads typed values out of one table and records a ``Problem`` (file, line when it can
be found, TOML key path, what was found, what was expected) for each bad one instead
of raising, so a loader can report all mistakes of a file at once.
"""

from __future__ import annotations

import re
import sys
import tomllib
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Generic, TypeVar

from game.match.problems import Problem, describe, suggestion

E = TypeVar("E", bound=Enum)

#: Longest data text a loader reads (characters); larger text is refused, not parsed.
MAX_TEXT_CHARS: Final = 5 * 1024 * 1024


class _Required:
    """Marker for a key without a default."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = _Required()

_AT = re.compile(r"^(?P<message>.*?)\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)\s*$", re.S)
_AT_END = re.compile(r"^(?P<message>.*?)\s*\(at end of document\)\s*$", re.S)


# ------------------------------------------------------------------------------ parsing


def parse_toml(text: str, path: str) -> tuple[dict[str, Any] | None, list[Problem]]:
    """Return the parsed table, or None and the problem that stopped parsing.

    Never raises: syntax errors carry tomllib's line and column, and over-long text,
    too deep nesting or over-long numbers become problems too.
    """
    if len(text) > MAX_TEXT_CHARS:
        message = f"the file has {len(text)} characters; at most {MAX_TEXT_CHARS} are read"
        return None, [Problem(path, message)]
    text = text.removeprefix("\ufeff")  # editors on Windows like to add a byte-order mark
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [_syntax_problem(str(exc), text, path)]
    except RecursionError:
        return None, [Problem(path, "TOML syntax error: arrays or tables nest too deeply")]
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        return None, [_value_problem(str(exc), text, path)]


def _value_problem(error: str, text: str, path: str) -> Problem:
    limit = sys.get_int_max_str_digits()  # Python refuses to read longer integers
    long_number = re.search(rf"[0-9_]{{{limit + 1},}}", text) if limit else None
    if long_number is None:
        return Problem(path, f"TOML syntax error: {error}")
    line = text.count("\n", 0, long_number.start()) + 1
    column = long_number.start() - (text.rfind("\n", 0, long_number.start()) + 1) + 1
    message = (
        f"TOML syntax error: a number of {len(long_number[0])} digits; expected at most "
        f"{limit} digits"
    )
    return Problem(path, message, line=line, column=column)


def _syntax_problem(error: str, text: str, path: str) -> Problem:
    match = _AT.match(error)
    if match:
        line, column = int(match["line"]), int(match["column"])
        message = match["message"]
    else:
        end = _AT_END.match(error)
        message = f"{end['message']} at the end of the file" if end else error
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
    source_lines = text.split("\n")
    shown = source_lines[line - 1].strip() if 0 < line <= len(source_lines) else ""
    if len(shown) > 60:
        shown = shown[:57] + "..."
    suffix = f" (the line reads: {shown})" if shown else ""
    return Problem(path, f"TOML syntax error: {message}{suffix}", line=line, column=column)


# ------------------------------------------------------------------------------ locating

#: Where keys stand in a file: dotted key path -> (line, column), both counted from 1.
Locations = Mapping[str, tuple[int, int]]


@dataclass
class KeyLocations:
    """Where keys and string contents stand in TOML text (1-based line and column).

    ``keys`` are dotted paths like ``map.rows``, ``sides[0].colour``,
    ``legend.M.terrain``; array elements are ``creatures[2].at[0]``; a table's
    parents (``sides``, ``weapons``) stand where they first appear. ``strings``
    give where the content of each string value starts.
    """

    keys: dict[str, tuple[int, int]] = field(default_factory=dict)
    strings: dict[str, tuple[int, int]] = field(default_factory=dict)


def locate_keys(text: str) -> KeyLocations:
    """Return where every key of TOML ``text`` stands.

    Best effort, for messages only: text tomllib rejects gives whatever was found
    before the trouble, and reading never raises.
    """
    scanner = _Scanner(text)
    try:
        return scanner.run()
    except Exception:  # positions are a courtesy: never let them break loading
        return scanner.found


def find_key(locations: Locations, key: str) -> tuple[int, int] | None:
    """Return where ``key`` stands, else where its nearest enclosing key stands, else None."""
    path = key
    while path:
        found = locations.get(path)
        if found is not None:
            return found
        path = _parent(path)
    return None


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


def _join(prefix: str, parts: Iterable[str]) -> str:
    return ".".join([prefix, *parts]) if prefix else ".".join(parts)


def _decode_key(raw: str) -> str:
    try:
        value = tomllib.loads(f"k = {raw}")["k"]
    except (tomllib.TOMLDecodeError, KeyError):
        return raw.strip("\"'")
    return str(value)


class _Scanner:
    """A forgiving reader of TOML structure that records positions only.

    It runs on text tomllib has already accepted, so it can assume valid TOML;
    anything surprising just stops it (positions are a help, not a must).
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)
        self.pos = 0
        self.line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        self.found = KeyLocations()
        self.array_tables: dict[str, int] = {}
        self.last = -1

    def progress(self, pos: int) -> None:
        """Stop on text this reader does not understand rather than loop on it."""
        if pos <= self.last and self.pos < self.n:
            raise ValueError(f"no progress at {pos}")
        self.last = pos

    def where(self, pos: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, pos)
        return line, pos - self.line_starts[line - 1] + 1

    def record(self, path: str, pos: int) -> None:
        """Record ``path`` and the parents not seen yet at ``pos``."""
        at = self.where(pos)
        while path and path not in self.found.keys:
            self.found.keys[path] = at
            path = _parent(path)

    def peek(self, count: int = 1) -> str:
        return self.text[self.pos : self.pos + count]

    def skip_blank(self, *, newlines: bool) -> None:
        space = " \t\r\n" if newlines else " \t"
        while self.pos < self.n:
            char = self.text[self.pos]
            if char in space:
                self.pos += 1
            elif char == "#" and newlines:
                end = self.text.find("\n", self.pos)
                self.pos = self.n if end < 0 else end + 1
            else:
                return

    def run(self) -> KeyLocations:
        table = ""
        while True:
            self.skip_blank(newlines=True)
            if self.pos >= self.n:
                break
            start = self.pos
            self.progress(start)
            if self.peek() == "[":
                double = self.peek(2) == "[["
                self.pos += 2 if double else 1
                parts = self.key()
                self.pos += 2 if double else 1
                table = self.resolve(parts, double)
                self.found.keys[table] = self.where(start)
                self.record(_parent(table), start)
                continue
            parts = self.key()
            self.skip_blank(newlines=False)
            if self.peek() != "=":
                break
            self.pos += 1
            self.skip_blank(newlines=False)
            path = _join(table, parts)
            self.record(path, start)
            self.value(path)
        return self.found

    def resolve(self, parts: list[str], double: bool) -> str:
        path = ""
        for i, part in enumerate(parts):
            path = _join(path, [part])
            if double and i == len(parts) - 1:
                index = self.array_tables.get(path, -1) + 1
                self.array_tables[path] = index
                path = f"{path}[{index}]"
            elif path in self.array_tables:
                path = f"{path}[{self.array_tables[path]}]"
        return path

    def key(self) -> list[str]:
        parts: list[str] = []
        while self.pos < self.n:
            self.skip_blank(newlines=False)
            char = self.peek()
            if char in ('"', "'"):
                start = self.pos
                self.string_end(char)
                parts.append(_decode_key(self.text[start : self.pos]))
            else:
                start = self.pos
                while self.pos < self.n and (self.text[self.pos].isalnum() or self.peek() in "_-"):
                    self.pos += 1
                if self.pos == start:
                    raise ValueError("no key")
                parts.append(self.text[start : self.pos])
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                break
            self.pos += 1
        return parts

    def string_end(self, quote: str) -> int:
        """Move past the string at ``pos``; return where its content starts."""
        if self.peek(3) == quote * 3:
            self.pos += 3
            if self.peek() == "\n":
                self.pos += 1
            elif self.peek(2) == "\r\n":
                self.pos += 2
            content = self.pos
            while self.pos < self.n:
                if quote == '"' and self.text[self.pos] == "\\":
                    self.pos += 2
                elif self.peek(3) == quote * 3:
                    self.pos += 3
                    extra = 0
                    while extra < 2 and self.peek() == quote:
                        self.pos += 1
                        extra += 1
                    return content
                else:
                    self.pos += 1
            return content
        self.pos += 1
        content = self.pos
        while self.pos < self.n and self.text[self.pos] != quote:
            if quote == '"' and self.text[self.pos] == "\\":
                self.pos += 1
            self.pos += 1
        self.pos += 1
        return content

    def value(self, path: str) -> None:
        char = self.peek()
        if char in ('"', "'"):
            content = self.string_end(char)
            self.found.strings[path] = self.where(content)
        elif char == "[":
            self.pos += 1
            index = 0
            while True:
                self.skip_blank(newlines=True)
                self.progress(self.pos)
                if self.pos >= self.n or self.peek() == "]":
                    self.pos += 1
                    return
                element = f"{path}[{index}]"
                self.found.keys.setdefault(element, self.where(self.pos))
                self.value(element)
                self.skip_blank(newlines=True)
                if self.peek() == ",":
                    self.pos += 1
                    index += 1
        elif char == "{":
            self.pos += 1
            while True:
                self.skip_blank(newlines=False)
                self.progress(self.pos)
                if self.pos >= self.n or self.peek() == "}":
                    self.pos += 1
                    return
                start = self.pos
                parts = self.key()
                self.skip_blank(newlines=False)
                self.pos += 1  # '='
                self.skip_blank(newlines=False)
                inner = _join(path, parts)
                self.found.keys.setdefault(inner, self.where(start))
                self.value(inner)
                self.skip_blank(newlines=False)
                if self.peek() == ",":
                    self.pos += 1
        else:
            while self.pos < self.n and self.text[self.pos] not in ",]}\n#":
                self.pos += 1


# ------------------------------------------------------------------------------ problems


@dataclass
class ProblemSink:
    """Collects the problems of one file and locates each key on its line."""

    path: str
    locations: Locations = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def line_of(self, key: str) -> int | None:
        """Return the line of ``key`` or of its nearest enclosing key that was found."""
        found = find_key(self.locations, key)
        return None if found is None else found[0]

    def error(self, key: str, message: str) -> None:
        """Record an error at ``key``."""
        self.problems.append(Problem(self.path, message, line=self.line_of(key), key=key))

    def warning(self, key: str, message: str) -> None:
        """Record a warning at ``key``."""
        self.problems.append(
            Problem(self.path, message, line=self.line_of(key), key=key, warning=True)
        )


# ------------------------------------------------------------------------------ enums


@dataclass(frozen=True)
class EnumSpec(Generic[E]):
    """How an enum is written in a data file: a display name per member, plus aliases.

    A value matches a display name, an alias or the member's Python name, ignoring case.
    """

    what: str
    display: Mapping[E, str]
    aliases: Mapping[str, E] = field(default_factory=dict)

    def lookup(self, text: str) -> E | None:
        """Return the member ``text`` names, or None."""
        wanted = text.strip().casefold()
        for member, name in self.display.items():
            if wanted in (name.casefold(), member.name.casefold()):
                return member
        for alias, member in self.aliases.items():
            if wanted == alias.casefold():
                return member
        return None

    def allowed(self) -> str:
        """Return the display names, for messages."""
        return ", ".join(self.display.values())

    def name_of(self, member: E) -> str:
        """Return the name a data file uses for ``member``."""
        return self.display[member]


def enum_spec(
    enum: type[E],
    what: str,
    display: Mapping[E, str] | None = None,
    aliases: Mapping[str, E] | None = None,
) -> EnumSpec[E]:
    """Return an EnumSpec whose display names default to the members' text values."""
    names = dict(display) if display is not None else {}
    for member in enum:
        names.setdefault(member, member.value if isinstance(member.value, str) else member.name)
    return EnumSpec(what, names, dict(aliases or {}))


# ------------------------------------------------------------------------------ reading


class TableReader:
    """Read typed values from one TOML table; every bad value becomes a Problem.

    Each read names its key, so ``finish`` can report keys nobody asked for (typos),
    listing the allowed ones. A failed read returns the default (or a neutral value
    for required keys) and sets ``failed``; callers build nothing from a failed entry.
    """

    def __init__(self, table: Mapping[str, Any], key: str, sink: ProblemSink) -> None:
        self.table = table
        self.key = key
        self.sink = sink
        self.known: list[str] = []
        self.failed = False

    # --------------------------------------------------------------- plumbing
    def path(self, name: str) -> str:
        """Return the dotted key path of ``name`` in this table."""
        return f"{self.key}.{name}" if self.key else name

    def error(self, name: str | None, message: str) -> None:
        """Record an error at ``name`` (None: the table itself) and mark the read failed."""
        self.failed = True
        self.sink.error(self.path(name) if name else self.key, message)

    def _get(self, name: str, default: object, expected: str = "a value") -> tuple[bool, Any]:
        if name not in self.known:
            self.known.append(name)
        if name in self.table:
            return True, self.table[name]
        if default is REQUIRED:
            self.error(name, f"missing key {name!r}: expected {expected}")
        return False, None

    def raw(self, name: str) -> Any:
        """Return the value of ``name`` unchecked (None when absent); the key counts as known."""
        return self._get(name, None)[1]

    def has(self, name: str) -> bool:
        """Return whether the table sets ``name``."""
        return name in self.table

    # --------------------------------------------------------------- scalars
    def string(self, name: str, default: str | _Required = REQUIRED, *, max_len: int = 4000) -> str:
        """Return a non-empty text value."""
        expected = f"a text of 1 to {max_len} characters"
        present, value = self._get(name, default, expected)
        fallback = default if isinstance(default, str) else ""
        if not present:
            return fallback
        if not isinstance(value, str) or not value.strip() or len(value) > max_len:
            self.error(name, f"expected {expected}, found {describe(value)}")
            return fallback
        return value

    def integer(
        self, name: str, default: int | _Required | None = REQUIRED, *, low: int, high: int
    ) -> int | None:
        """Return a whole number in ``low..high`` (None only when the default is None)."""
        expected = f"a whole number from {low} to {high}"
        present, value = self._get(name, default, expected)
        fallback = None if isinstance(default, _Required) else default
        if not present:
            return fallback
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.error(name, f"expected {expected}, found {describe(value)}")
            return fallback
        return value

    def required_integer(self, name: str, *, low: int, high: int) -> int:
        """Return a whole number in ``low..high`` that must be given (``low`` when it failed)."""
        value = self.integer(name, REQUIRED, low=low, high=high)
        return low if value is None else value

    def number(
        self, name: str, default: float | None = None, *, low: float, high: float
    ) -> float | None:
        """Return a number (whole or decimal) in ``low..high``."""
        expected = f"a number from {low:g} to {high:g}"
        present, value = self._get(name, default, expected)
        if not present:
            return default
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            self.error(name, f"expected {expected}, found {describe(value)}")
            return default
        return float(value)

    def boolean(self, name: str, default: bool = False) -> bool:
        """Return true or false."""
        present, value = self._get(name, default)
        if not present:
            return default
        if not isinstance(value, bool):
            self.error(name, f"expected true or false, found {describe(value)}")
            return default
        return value

    def choice(
        self, name: str, spec: EnumSpec[E], default: E | _Required | None = REQUIRED
    ) -> E | None:
        """Return the enum member a text value names."""
        present, value = self._get(name, default, f"a {spec.what} ({spec.allowed()})")
        fallback = None if isinstance(default, _Required) else default
        if not present:
            return fallback
        member = self._member(name, value, spec)
        return fallback if member is None else member

    def _member(self, where: str, value: object, spec: EnumSpec[E]) -> E | None:
        if not isinstance(value, str):
            self.error(where, f"expected a {spec.what} ({spec.allowed()}), found {describe(value)}")
            return None
        member = spec.lookup(value)
        if member is None:
            hint = suggestion(value, spec.display.values())
            self.error(
                where, f"unknown {spec.what} {value!r}{hint}; expected one of: {spec.allowed()}"
            )
        return member

    # --------------------------------------------------------------- lists
    def _list(self, name: str) -> list[Any] | None:
        present, value = self._get(name, ())
        if not present:
            return None
        if not isinstance(value, list):
            self.error(name, f"expected a list [...], found {describe(value)}")
            return None
        return value

    def choices(self, name: str, spec: EnumSpec[E]) -> tuple[E, ...]:
        """Return the members a list of texts names, each once, in file order."""
        values = self._list(name)
        members: list[E] = []
        for index, value in enumerate(values or ()):
            member = self._member(f"{name}[{index}]", value, spec)
            if member is None:
                continue
            if member in members:
                self.error(f"{name}[{index}]", f"{spec.name_of(member)} is listed twice")
                continue
            members.append(member)
        return tuple(members)

    def strings(self, name: str, *, max_len: int = 200) -> tuple[str, ...]:
        """Return a list of non-empty texts."""
        values = self._list(name)
        result: list[str] = []
        for index, value in enumerate(values or ()):
            if not isinstance(value, str) or not value.strip() or len(value) > max_len:
                self.error(
                    f"{name}[{index}]",
                    f"expected a text of 1 to {max_len} characters, found {describe(value)}",
                )
                continue
            result.append(value)
        return tuple(result)

    # --------------------------------------------------------------- tables
    def subtable(
        self, name: str, *, required: bool = False, expected: str = "a table {...}"
    ) -> TableReader | None:
        """Return a reader for a nested table, or None when it is absent or no table."""
        present, value = self._get(name, REQUIRED if required else None, expected)
        if not present:
            return None
        if not isinstance(value, dict):
            self.error(name, f"expected a table {{...}}, found {describe(value)}")
            return None
        return TableReader(value, self.path(name), self.sink)

    def finish(self) -> None:
        """Report every key of the table that no read asked for (usually a typo)."""
        allowed = ", ".join(self.known)
        for name in self.table:
            if name not in self.known:
                hint = suggestion(name, self.known)
                self.error(name, f"unknown key {name!r}{hint}; allowed keys: {allowed}")


def merge_failed(parent: TableReader, *children: TableReader | None) -> None:
    """Mark ``parent`` failed when any nested reader failed."""
    if any(child is not None and child.failed for child in children):
        parent.failed = True
