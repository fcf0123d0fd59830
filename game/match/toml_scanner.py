"""Where keys and strings stand in TOML text: a forgiving scanner that records positions.

tomllib gives values but no positions; messages want the line of a key. ``Scanner``
walks text tomllib accepted and records the 1-based line and column of every key path
(``map.rows``, ``sides[0].colour``, ``creatures[2].at[0]``) and of every string's
content in a ``KeyLocations``. ``game.match.tomlcheck.locate_keys`` is the entry point
that never raises.
"""

from __future__ import annotations

import tomllib
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["KeyLocations", "Scanner", "parent_key"]


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


def parent_key(path: str) -> str:
    """Return the key path that encloses ``path`` ("" at the top)."""
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


class Scanner:
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
            path = parent_key(path)

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
                self.record(parent_key(table), start)
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
