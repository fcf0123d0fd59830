"""Paths into a game's state as a save stores it (``Game.snapshot()``, plain JSON data).

The syntax (tests/scenarios/README.md, "State paths")::

    path     := ["$"] step*           the first step may leave out its "."
    step     := "." NAME              a key of an object:      .round  .budget.spent
              | "[" INTEGER "]"       an element of a list:    order[0]  order[-1]
              | "[" NAME "=" VALUE "]"  the one element of a list of objects whose
                                      field NAME reads VALUE: creatures[key=ron]
              | '["' TEXT '"]'        a key that is not a NAME: cover_overrides["ron|p"]

NAME is letters, digits, ``_`` and ``-``. VALUE is a NAME, a whole number, ``true`` or
``false``, or quoted text (``[name="Akuanischer Drogendealer"]``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: Longest path text read (a path is a line of a scenario, not a document).
MAX_PATH_CHARS = 500

_NAME = re.compile(r"[A-Za-z0-9_-]+")
_INDEX = re.compile(r"-?[0-9]+")


class PathSyntaxError(ValueError):
    """A state path is not written as the syntax above allows."""


class PathNotFound(LookupError):
    """A state path leads nowhere in this state; the message says where it stopped."""


@dataclass(frozen=True)
class Key:
    """``.name`` or ``["name"]``: a key of an object."""

    name: str

    def __str__(self) -> str:
        return f".{self.name}" if _NAME.fullmatch(self.name) else f"[{json.dumps(self.name)}]"


@dataclass(frozen=True)
class Index:
    """``[n]``: an element of a list, counted from 0 (negative: from the end)."""

    index: int

    def __str__(self) -> str:
        return f"[{self.index}]"


@dataclass(frozen=True)
class Select:
    """``[field=value]``: the one element of a list of objects whose ``field`` reads ``value``."""

    field: str
    value: str
    quoted: bool = False

    def __str__(self) -> str:
        shown = json.dumps(self.value, ensure_ascii=False) if self.quoted else self.value
        return f"[{self.field}={shown}]"

    def matches(self, element: Any) -> bool:
        """Return whether ``element`` is an object whose field reads this selector's value."""
        if not isinstance(element, Mapping) or self.field not in element:
            return False
        found = element[self.field]
        if isinstance(found, str):
            return found == self.value
        if self.quoted:
            return False
        if isinstance(found, bool):
            return self.value == str(found).lower()
        if isinstance(found, int):
            return _INDEX.fullmatch(self.value) is not None and int(self.value) == found
        return False


Step = Key | Index | Select


@dataclass(frozen=True)
class StatePath:
    """A parsed state path: the steps from the state's root to one value."""

    text: str
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return self.text

    def resolve(self, state: Any) -> Any:
        """Return the value at this path in ``state``; raise PathNotFound saying where it stops."""
        value = state
        where = "$"
        for step in self.steps:
            value = _step(value, step, where)
            where += str(step)
        return value


def parse_path(text: object) -> StatePath:
    """Return the StatePath ``text`` spells; raise PathSyntaxError naming what is wrong."""
    if not isinstance(text, str):
        raise PathSyntaxError(f'a state path is text, like "creatures[key=ron].lp", not {text!r}')
    if len(text) > MAX_PATH_CHARS:
        raise PathSyntaxError(f"the path has {len(text)} characters; at most {MAX_PATH_CHARS}")
    source = text.strip()
    pos = 1 if source.startswith("$") else 0
    steps: list[Step] = []
    while pos < len(source):
        char = source[pos]
        if char == "." or (pos == 0 and _NAME.match(source, pos)):
            start = pos + 1 if char == "." else pos
            match = _NAME.match(source, start)
            if match is None:
                raise PathSyntaxError(_at(source, start, "expected a key name after '.'"))
            steps.append(Key(match.group()))
            pos = match.end()
        elif char == "[":
            step, pos = _bracket(source, pos)
            steps.append(step)
        else:
            raise PathSyntaxError(_at(source, pos, f"unexpected {char!r}; expected '.' or '['"))
    if not steps:
        raise PathSyntaxError('the path is empty; expected e.g. "creatures[key=ron].lp"')
    return StatePath(source, tuple(steps))


def _bracket(source: str, pos: int) -> tuple[Step, int]:
    """Read the ``[...]`` step at ``pos``; return it and the position after it."""
    inner = pos + 1
    if source.startswith('"', inner):
        text, after = _quoted(source, inner)
        return Key(text), _close(source, after)
    index = _INDEX.match(source, inner)
    if index is not None and source.startswith("]", index.end()):
        return Index(int(index.group())), index.end() + 1
    name = _NAME.match(source, inner)
    if name is None or not source.startswith("=", name.end()):
        raise PathSyntaxError(
            _at(source, inner, "expected [number], [field=value] or [\"key\"] after '['")
        )
    value_at = name.end() + 1
    if source.startswith('"', value_at):
        text, after = _quoted(source, value_at)
        return Select(name.group(), text, quoted=True), _close(source, after)
    end = source.find("]", value_at)
    value = source[value_at:end] if end >= 0 else ""
    if end < 0 or not _NAME.fullmatch(value):
        raise PathSyntaxError(
            _at(source, value_at, "expected a value (a name, a number or \"quoted text\") and ']'")
        )
    return Select(name.group(), value), end + 1


def _quoted(source: str, pos: int) -> tuple[str, int]:
    """Read the JSON-style string starting at ``pos``; return its text and the end."""
    try:
        text, end = json.JSONDecoder().raw_decode(source, pos)
    except json.JSONDecodeError:
        raise PathSyntaxError(_at(source, pos, "the quoted text is not closed")) from None
    if not isinstance(text, str):
        raise PathSyntaxError(_at(source, pos, "expected quoted text"))
    return text, end


def _close(source: str, pos: int) -> int:
    if not source.startswith("]", pos):
        raise PathSyntaxError(_at(source, pos, "expected ']'"))
    return pos + 1


def _at(source: str, pos: int, message: str) -> str:
    return f"{message} (at character {pos + 1} of {source!r})"


def _step(value: Any, step: Step, where: str) -> Any:
    if isinstance(step, Key):
        if not isinstance(value, Mapping):
            raise PathNotFound(f"{where} is {_kind(value)}, not an object with keys")
        if step.name not in value:
            keys = ", ".join(sorted(str(k) for k in value)) or "none"
            raise PathNotFound(f"{where} has no key {step.name!r} (keys: {keys})")
        return value[step.name]
    if not isinstance(value, list):
        raise PathNotFound(f"{where} is {_kind(value)}, not a list")
    if isinstance(step, Index):
        if not -len(value) <= step.index < len(value):
            raise PathNotFound(f"{where} has {len(value)} elements; there is no [{step.index}]")
        return value[step.index]
    found = [element for element in value if step.matches(element)]
    if len(found) == 1:
        return found[0]
    if found:
        raise PathNotFound(f"{where} has {len(found)} elements with {step.field} = {step.value}")
    present = [str(e[step.field]) for e in value if isinstance(e, Mapping) and step.field in e]
    shown = ", ".join(present[:20]) + (" ..." if len(present) > 20 else "")
    raise PathNotFound(
        f"{where} has no element with {step.field} = {step.value}"
        + (f" ({step.field} values: {shown})" if present else "")
    )


def _kind(value: Any) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return f"the value {json.dumps(value, ensure_ascii=False, default=str)}"
