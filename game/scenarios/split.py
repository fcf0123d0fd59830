"""Split a scenario's TOML text into the scenario's own tables and an inline mission.

A scenario may carry its mission inline, in the mission format's own tables
(``[mission]``, ``[map]``, ``[[sides]]``, ``[[creatures]]`` ...), so a game master can
copy them from a mission file. The mission reader refuses keys it does not know, so
it is given the scenario's text with the scenario's own statements blanked out: the
lines keep their numbers, and the mission reader's messages point at the right line.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass


@dataclass(frozen=True)
class Statement:
    """One header or key/value statement: its lines (0-based, inclusive) and top-level key."""

    first: int
    last: int
    owner: str


def statements(text: str) -> list[Statement]:
    """Return the statements of TOML ``text`` (which tomllib has accepted) in order.

    ``owner`` is the top-level key a statement belongs to: a header's first key, or
    for a key/value the table it stands in (at the root: its own first key).
    """
    scanner = _Scanner(text)
    return scanner.run()


def without(text: str, owners: Collection[str]) -> str:
    """Return ``text`` with every statement of the top-level keys ``owners`` blanked out."""
    lines = text.split("\n")
    for statement in statements(text):
        if statement.owner in owners:
            for index in range(statement.first, min(statement.last, len(lines) - 1) + 1):
                lines[index] = ""
    return "\n".join(lines)


def top_level_keys(text: str) -> list[str]:
    """Return the top-level keys of TOML ``text`` in the order they first appear."""
    seen: list[str] = []
    for statement in statements(text):
        if statement.owner not in seen:
            seen.append(statement.owner)
    return seen


_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scanner:
    """A reader of TOML structure for text tomllib accepted: statements and their lines."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)
        self.pos = 0
        self.line = 0
        self.table: str | None = None  # the top-level key of the current header

    def run(self) -> list[Statement]:
        found: list[Statement] = []
        while True:
            self.skip_space_and_comments()
            if self.pos >= self.n:
                return found
            first = self.line
            if self.text[self.pos] == "[":
                owner = self.header()
                self.table = owner
            else:
                key = self.first_key()
                self.value_statement()
                owner = self.table if self.table is not None else key
            found.append(Statement(first, self.line, owner))

    # -------------------------------------------------------------- pieces
    def advance(self, count: int = 1) -> None:
        end = min(self.n, self.pos + count)
        self.line += self.text.count("\n", self.pos, end)
        self.pos = end

    def skip_space_and_comments(self) -> None:
        while self.pos < self.n:
            char = self.text[self.pos]
            if char in " \t\r\n":
                self.advance()
            elif char == "#":
                self.skip_comment()
            else:
                return

    def skip_comment(self) -> None:
        end = self.text.find("\n", self.pos)
        self.pos = self.n if end < 0 else end  # the newline itself is counted by advance

    def header(self) -> str:
        """Read ``[a.b]`` or ``[[a.b]]`` up to its line's end; return its first key."""
        self.advance(2 if self.text.startswith("[[", self.pos) else 1)
        while self.pos < self.n and self.text[self.pos] in " \t":
            self.advance()
        key = self.key_part()
        end = self.text.find("\n", self.pos)
        rest_end = self.n if end < 0 else end
        # the rest of a header line holds only more key parts, brackets and a comment
        while self.pos < rest_end:
            char = self.text[self.pos]
            if char in "\"'":
                self.skip_string()
            elif char == "#":
                self.skip_comment()
                break
            else:
                self.advance()
        return key

    def first_key(self) -> str:
        """Read a key/value line's first key part (the rest of the key is read with the value)."""
        return self.key_part()

    def key_part(self) -> str:
        """Read one bare or quoted key part at the position; return its text."""
        if self.pos < self.n and self.text[self.pos] in "\"'":
            start = self.pos
            self.skip_string()
            raw = self.text[start + 1 : self.pos - 1]
            return raw if self.text[start] == "'" else _unescape(raw)
        start = self.pos
        while self.pos < self.n and self.text[self.pos] in _BARE:
            self.pos += 1
        return self.text[start : self.pos]

    def value_statement(self) -> None:
        """Read the rest of a key/value statement, across lines inside arrays and tables."""
        depth = 0
        while self.pos < self.n:
            char = self.text[self.pos]
            if char == "\n":
                if depth == 0:
                    return
                self.advance()
            elif char == "#":
                self.skip_comment()
            elif char in "\"'":
                self.skip_string()
            elif char in "[{":
                depth += 1
                self.advance()
            elif char in "]}":
                depth -= 1
                self.advance()
            else:
                self.advance()

    def skip_string(self) -> None:
        """Skip the string (basic, literal, or either multi-line) at the position."""
        quote = self.text[self.pos]
        if self.text.startswith(quote * 3, self.pos):
            self.advance(3)
            while self.pos < self.n:
                if self.text.startswith(quote * 3, self.pos):
                    # up to two more quotes belong to the content ('''a'''''')
                    end = self.pos + 3
                    while end < self.n and end - self.pos < 5 and self.text[end] == quote:
                        end += 1
                    self.advance(end - self.pos)
                    return
                if quote == '"' and self.text[self.pos] == "\\":
                    self.advance(2)
                else:
                    self.advance()
            return
        self.advance()
        while self.pos < self.n and self.text[self.pos] != "\n":
            char = self.text[self.pos]
            if quote == '"' and char == "\\":
                self.advance(2)
                continue
            self.advance()
            if char == quote:
                return


def _unescape(raw: str) -> str:
    try:
        value = json.loads(f'"{raw}"')
    except ValueError:
        return raw
    return value if isinstance(value, str) else raw
