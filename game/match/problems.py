"""Problems found in user files: where (file, line, column or key), what, what was expected.

Loaders collect every problem they can find and raise them together as one
``MissionError``; the CLI prints them, never a traceback.
"""

from __future__ import annotations

import difflib
import json as _json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, located as precisely as the format allows."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None
    key: str | None = None
    warning: bool = False

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        if self.key:
            where += f" [{self.key}]"
        kind = "warning" if self.warning else "error"
        return f"{where}: {kind}: {self.message}"


class MissionError(Exception):
    """A file could not be loaded; ``problems`` lists every error found (at least one)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        found = list(problems)
        self.problems = [p for p in found if not p.warning] or found
        if not self.problems:
            raise ValueError("a MissionError needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))


#: Most problems one file reports one by one; the rest are only counted.
MAX_PROBLEMS = 200


class ProblemList:
    """The problems of one file, capped: after ``limit`` only a count is kept.

    A hostile file can hold millions of mistakes; keeping them all would cost memory
    and print a wall of text. The last item then says how many were left out.
    """

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.limit = limit
        self.items: list[Problem] = []
        self.total = 0

    def append(self, problem: Problem) -> None:
        """Record ``problem`` (past the limit: count it in the closing summary)."""
        self.total += 1
        if self.total <= self.limit:
            self.items.append(problem)
            return
        summary = Problem(problem.path, f"{self.total - self.limit} more problem(s) not shown")
        if self.total == self.limit + 1:
            self.items.append(summary)
        else:
            self.items[-1] = summary

    def extend(self, problems: Iterable[Problem]) -> None:
        """Record each of ``problems``."""
        for problem in problems:
            self.append(problem)

    def __len__(self) -> int:
        return self.total

    def raise_if_any(self) -> None:
        """Raise MissionError with the recorded problems, if there are any."""
        if self.items:
            raise MissionError(self.items)


def capped(problems: Iterable[Problem], limit: int = MAX_PROBLEMS) -> list[Problem]:
    """Return at most ``limit`` problems and a summary of how many more there were."""
    found = ProblemList(limit)
    found.extend(problems)
    return found.items


def describe(value: object, *, json: bool = False) -> str:
    """Return how a parsed TOML or JSON value reads in a message: its type and a short rendering.

    ``json`` names tables "an object" and knows ``null``, as JSON files say.
    """
    if value is None:
        return "null" if json else "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        if value.bit_length() > 1000:  # str() refuses ints of more than 4300 digits
            return f"a whole number of about {int(value.bit_length() * 0.30103)} digits"
        return f"the whole number {_short(str(value))}"
    if isinstance(value, float):
        return f"the number {_short(repr(value))}"
    if isinstance(value, str):
        return f"the text {_short(value)!r}"
    if isinstance(value, list):
        shown = _json.dumps(value, ensure_ascii=False, default=str)
        if len(shown) <= 40:
            return f"the list {shown}"
        return f"a list of {len(value)} value{'s' * (len(value) != 1)}"
    if isinstance(value, dict):
        return "an object" if json else "a table"
    if isinstance(value, datetime | date | time):
        return f"the date/time {value.isoformat()}"
    return f"a {type(value).__name__}"


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def suggestion(word: str, choices: Iterable[str]) -> str:
    """Return " (did you mean 'x'?)" for a close match among ``choices``, else ""."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
