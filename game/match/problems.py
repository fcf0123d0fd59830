"""Problems found in user files: where (file, line, column or key), what, what was expected.

Loaders collect every problem they can find and raise them together as one
``MissionError``; the CLI prints them, never a traceback.
"""

from __future__ import annotations

import difflib
import json as _json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from types import MappingProxyType

from game.match.problem_texts import Texts, say

#: The word a problem line names its kind with, per language.
_KIND_WORDS: Mapping[str, tuple[str, str]] = {
    "de": ("Fehler", "Warnung"),
    "en": ("error", "warning"),
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, located as precisely as the format allows.

    ``message`` is English (scripts and ``str()`` read it); ``texts`` may carry the
    message in other languages ("de"), for :meth:`text`. Texts do not count when
    problems are compared.
    """

    path: str
    message: str
    line: int | None = None
    column: int | None = None
    key: str | None = None
    warning: bool = False
    texts: Texts = field(default_factory=dict, compare=False, repr=False)

    def where(self) -> str:
        """Return "file:line:column [key]", as far as the problem is located."""
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        if self.key:
            where += f" [{self.key}]"
        return where

    def text(self, language: str) -> str:
        """Return the message in ``language``: German where given, else English."""
        if language == "en":
            return self.message
        return self.texts.get(language) or self.message

    def render(self, language: str) -> str:
        """Return the whole line in ``language``: where, "Fehler"/"Warnung", the message."""
        error, warning = _KIND_WORDS.get(language, _KIND_WORDS["en"])
        kind = warning if self.warning else error
        return f"{self.where()}: {kind}: {self.text(language)}"

    def __str__(self) -> str:
        return self.render("en")


def problem_of(
    path: str,
    message: str | Texts,
    *,
    line: int | None = None,
    column: int | None = None,
    key: str | None = None,
    warning: bool = False,
) -> Problem:
    """Return a Problem from an English text or from texts per language ("en" required)."""
    if isinstance(message, str):
        return Problem(path, message, line=line, column=column, key=key, warning=warning)
    return Problem(
        path,
        message["en"],
        line=line,
        column=column,
        key=key,
        warning=warning,
        texts=MappingProxyType(dict(message)),
    )


class MissionError(Exception):
    """A file could not be loaded; ``problems`` lists every error found (at least one)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        found = list(problems)
        self.problems = [p for p in found if not p.warning] or found
        if not self.problems:
            raise ValueError("a MissionError needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))

    def render(self, language: str) -> str:
        """Return every problem's line in ``language``, one per line."""
        return "\n".join(p.render(language) for p in self.problems)


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
        summary = problem_of(problem.path, say("more_not_shown", count=self.total - self.limit))
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
    """Return how a parsed TOML or JSON value reads in an English message: type and value.

    ``json`` names tables "an object" and knows ``null``, as JSON files say.
    """
    return described(value, json=json)["en"]


def described(value: object, *, json: bool = False) -> dict[str, str]:
    """Return how a parsed TOML or JSON value reads in a message, in every language."""
    if value is None:
        return say("found_null" if json else "found_nothing")
    if isinstance(value, bool):
        return say("found_boolean", value=str(value).lower())
    if isinstance(value, int):
        if value.bit_length() > 1000:  # str() refuses ints of more than 4300 digits
            return say("found_long_integer", digits=int(value.bit_length() * 0.30103))
        return say("found_integer", value=_short(str(value)))
    if isinstance(value, float):
        return say("found_number", value=_short(repr(value)))
    if isinstance(value, str):
        return say("found_text", value=_short(value))
    if isinstance(value, list):
        shown = _json.dumps(value, ensure_ascii=False, default=str)
        if len(shown) <= 40:
            return say("found_list", value=shown)
        if len(value) == 1:
            return say("found_one_list")
        return say("found_long_list", count=len(value))
    if isinstance(value, dict):
        return say("found_object" if json else "found_table")
    if isinstance(value, datetime | date | time):
        return say("found_date", value=value.isoformat())
    return say("found_other", value=type(value).__name__)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def suggestion(word: str, choices: Iterable[str]) -> str:
    """Return " (did you mean 'x'?)" for a close match among ``choices``, else ""."""
    return suggested(word, choices)["en"]


def suggested(word: str, choices: Iterable[str]) -> dict[str, str]:
    """Return " (did you mean 'x'?)" in every language for a close match, else empty texts."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return say("did_you_mean", word=close[0]) if close else {"en": "", "de": ""}
