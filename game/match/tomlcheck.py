"""Read TOML data files and check them value by value, collecting every problem.

``parse_toml`` turns text into a table or a located syntax problem; ``TableReader``
reads typed values out of one table and records a ``Problem`` (file, line when it can
be found, TOML key path, what was found, what was expected) for each bad one instead
of raising, so a loader can report all mistakes of a file at once. ``locate_keys``
finds where each key stands (``game.match.toml_scanner`` does the scanning).
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Generic, TypeVar

from game.match.problem_texts import Texts, joined, say, toml_syntax_de
from game.match.problems import Problem, described, problem_of, suggested
from game.match.toml_scanner import KeyLocations, Scanner, parent_key

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
        message = say("file_too_long", count=len(text), limit=MAX_TEXT_CHARS)
        return None, [problem_of(path, message)]
    text = text.removeprefix("\ufeff")  # editors on Windows like to add a byte-order mark
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        return None, [_syntax_problem(str(exc), text, path)]
    except RecursionError:
        return None, [problem_of(path, say("toml_too_deep"))]
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        return None, [_value_problem(str(exc), text, path)]


def _value_problem(error: str, text: str, path: str) -> Problem:
    limit = sys.get_int_max_str_digits()  # Python refuses to read longer integers
    long_number = re.search(rf"[0-9_]{{{limit + 1},}}", text) if limit else None
    if long_number is None:
        return problem_of(path, say("toml_syntax", error=_syntax_texts(error)))
    line = text.count("\n", 0, long_number.start()) + 1
    column = long_number.start() - (text.rfind("\n", 0, long_number.start()) + 1) + 1
    message = say("toml_long_number", digits=len(long_number[0]), limit=limit)
    return problem_of(path, message, line=line, column=column)


def _syntax_problem(error: str, text: str, path: str) -> Problem:
    match = _AT.match(error)
    message: Texts
    if match:
        line, column = int(match["line"]), int(match["column"])
        message = _syntax_texts(match["message"])
    else:
        end = _AT_END.match(error)
        if end:
            message = say("at_end_of_file", message=_syntax_texts(end["message"]))
        else:
            message = _syntax_texts(error)
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
    source_lines = text.split("\n")
    shown = source_lines[line - 1].strip() if 0 < line <= len(source_lines) else ""
    if len(shown) > 60:
        shown = shown[:57] + "..."
    suffix = say("line_reads", shown=shown) if shown else ""
    full = say("toml_syntax", error=joined(message, suffix))
    return problem_of(path, full, line=line, column=column)


def _syntax_texts(error: str) -> dict[str, str]:
    """Return tomllib's message in every language (German where it is known)."""
    return {"en": error, "de": toml_syntax_de(error)}


# ------------------------------------------------------------------------------ locating

#: Where keys stand in a file: dotted key path -> (line, column), both counted from 1.
Locations = Mapping[str, tuple[int, int]]


def locate_keys(text: str) -> KeyLocations:
    """Return where every key of TOML ``text`` stands.

    Best effort, for messages only: text tomllib rejects gives whatever was found
    before the trouble, and reading never raises.
    """
    scanner = Scanner(text)
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
        path = parent_key(path)
    return None


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

    def error(self, key: str, message: str | Texts) -> None:
        """Record an error at ``key`` (an English message, or texts per language)."""
        self.problems.append(problem_of(self.path, message, line=self.line_of(key), key=key))

    def warning(self, key: str, message: str | Texts) -> None:
        """Record a warning at ``key`` (an English message, or texts per language)."""
        self.problems.append(
            problem_of(self.path, message, line=self.line_of(key), key=key, warning=True)
        )


# ------------------------------------------------------------------------------ enums


@dataclass(frozen=True)
class EnumSpec(Generic[E]):
    """How an enum is written in a data file: a display name per member, plus aliases.

    A value matches a display name, an alias or the member's Python name, ignoring case.
    ``what_de`` names the kind of value in German messages (capitalised, a noun).
    """

    what: str
    display: Mapping[E, str]
    aliases: Mapping[str, E] = field(default_factory=dict)
    what_de: str = ""

    def what_texts(self) -> dict[str, str]:
        """Return the kind of value in every language (German: "Wert" when not given)."""
        return {"en": self.what, "de": self.what_de or "Wert"}

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
    *,
    what_de: str = "",
) -> EnumSpec[E]:
    """Return an EnumSpec whose display names default to the members' text values."""
    names = dict(display) if display is not None else {}
    for member in enum:
        names.setdefault(member, member.value if isinstance(member.value, str) else member.name)
    return EnumSpec(what, names, dict(aliases or {}), what_de)


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

    def error(self, name: str | None, message: str | Texts) -> None:
        """Record an error at ``name`` (None: the table itself) and mark the read failed."""
        self.failed = True
        self.sink.error(self.path(name) if name else self.key, message)

    def _get(self, name: str, default: object, expected: Texts | None = None) -> tuple[bool, Any]:
        if name not in self.known:
            self.known.append(name)
        if name in self.table:
            return True, self.table[name]
        if default is REQUIRED:
            self.error(name, say("missing_key", name=name, expected=expected or say("a_value")))
        return False, None

    def _expected(self, name: str, expected: Texts, value: object) -> None:
        """Record "expected ..., found ..." at ``name``."""
        self.error(name, say("expected_found", expected=expected, found=described(value)))

    def raw(self, name: str) -> Any:
        """Return the value of ``name`` unchecked (None when absent); the key counts as known."""
        return self._get(name, None)[1]

    def has(self, name: str) -> bool:
        """Return whether the table sets ``name``."""
        return name in self.table

    # --------------------------------------------------------------- scalars
    def string(self, name: str, default: str | _Required = REQUIRED, *, max_len: int = 4000) -> str:
        """Return a non-empty text value."""
        expected = say("a_text", max_len=max_len)
        present, value = self._get(name, default, expected)
        fallback = default if isinstance(default, str) else ""
        if not present:
            return fallback
        if not isinstance(value, str) or not value.strip() or len(value) > max_len:
            self._expected(name, expected, value)
            return fallback
        return value

    def integer(
        self, name: str, default: int | _Required | None = REQUIRED, *, low: int, high: int
    ) -> int | None:
        """Return a whole number in ``low..high`` (None only when the default is None)."""
        expected = say("a_whole_number", low=low, high=high)
        present, value = self._get(name, default, expected)
        fallback = None if isinstance(default, _Required) else default
        if not present:
            return fallback
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self._expected(name, expected, value)
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
        expected = say("a_number", low=f"{low:g}", high=f"{high:g}")
        present, value = self._get(name, default, expected)
        if not present:
            return default
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not low <= value <= high
        ):
            self._expected(name, expected, value)
            return default
        return float(value)

    def boolean(self, name: str, default: bool = False) -> bool:
        """Return true or false."""
        present, value = self._get(name, default)
        if not present:
            return default
        if not isinstance(value, bool):
            self._expected(name, say("true_or_false"), value)
            return default
        return value

    def choice(
        self, name: str, spec: EnumSpec[E], default: E | _Required | None = REQUIRED
    ) -> E | None:
        """Return the enum member a text value names."""
        present, value = self._get(name, default, _a_choice(spec))
        fallback = None if isinstance(default, _Required) else default
        if not present:
            return fallback
        member = self._member(name, value, spec)
        return fallback if member is None else member

    def _member(self, where: str, value: object, spec: EnumSpec[E]) -> E | None:
        if not isinstance(value, str):
            self._expected(where, _a_choice(spec), value)
            return None
        member = spec.lookup(value)
        if member is None:
            hint = suggested(value, spec.display.values())
            what, allowed = spec.what_texts(), spec.allowed()
            self.error(
                where, say("unknown_choice", what=what, value=value, hint=hint, allowed=allowed)
            )
        return member

    # --------------------------------------------------------------- lists
    def _list(self, name: str) -> list[Any] | None:
        present, value = self._get(name, ())
        if not present:
            return None
        if not isinstance(value, list):
            self._expected(name, say("a_list"), value)
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
                self.error(f"{name}[{index}]", say("listed_twice", name=spec.name_of(member)))
                continue
            members.append(member)
        return tuple(members)

    def strings(self, name: str, *, max_len: int = 200) -> tuple[str, ...]:
        """Return a list of non-empty texts."""
        values = self._list(name)
        result: list[str] = []
        for index, value in enumerate(values or ()):
            if not isinstance(value, str) or not value.strip() or len(value) > max_len:
                self._expected(f"{name}[{index}]", say("a_text", max_len=max_len), value)
                continue
            result.append(value)
        return tuple(result)

    # --------------------------------------------------------------- tables
    def subtable(
        self, name: str, *, required: bool = False, expected: Texts | None = None
    ) -> TableReader | None:
        """Return a reader for a nested table, or None when it is absent or no table.

        ``expected``: what a missing table should be, per language (default "a table").
        """
        present, value = self._get(name, REQUIRED if required else None, expected or say("a_table"))
        if not present:
            return None
        if not isinstance(value, dict):
            self._expected(name, say("a_table"), value)
            return None
        return TableReader(value, self.path(name), self.sink)

    def finish(self) -> None:
        """Report every key of the table that no read asked for (usually a typo)."""
        allowed = ", ".join(self.known)
        for name in self.table:
            if name not in self.known:
                hint = suggested(name, self.known)
                self.error(name, say("unknown_key", name=name, hint=hint, allowed=allowed))


def _a_choice(spec: EnumSpec[E]) -> dict[str, str]:
    """Return "a <kind> (<allowed names>)" in every language."""
    return say("a_choice", what=spec.what_texts(), allowed=spec.allowed())


def merge_failed(parent: TableReader, *children: TableReader | None) -> None:
    """Mark ``parent`` failed when any nested reader failed."""
    if any(child is not None and child.failed for child in children):
        parent.failed = True
