"""Typed access to parsed TOML that records a Problem (file, line, column, key) per mistake.

Every check returns None after recording a problem, so a reader goes on and reports
every mistake of a file at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.match.problem_texts import Texts
from game.match.problems import Problem, described, problem_of, suggested
from game.match.toml_scanner import KeyLocations
from game.match.tomlcheck import find_key
from game.missions.loader_texts import mission_say
from game.missions.toml_schema import KEY_RE, MAX_LIST, MAX_SHORT_TEXT


def quoted_list(items: Iterable[str]) -> str:
    """Return ``'a', 'b', 'c'`` for the items (how messages list what was expected)."""
    return ", ".join(repr(i) for i in items)


class TomlChecker:
    """Checks values of a parsed TOML file and collects the problems found."""

    def __init__(self, label: str, where: KeyLocations) -> None:
        self.label = label
        self.where = where
        self.problems: list[Problem] = []

    # ------------------------------------------------------------ problems
    def error(
        self,
        key: str,
        message: str | Texts,
        *,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        """Record an error at ``key`` (an English message, or texts per language)."""
        if line is None:
            line, column = self.locate(key)
        self.problems.append(problem_of(self.label, message, line=line, column=column, key=key))

    def locate(self, key: str) -> tuple[int | None, int | None]:
        return find_key(self.where.keys, key) or (None, None)

    # ---------------------------------------------------------- value checks
    def present(
        self, section: Mapping[str, Any], name: str, check: Any, *args: Any, **kw: Any
    ) -> Any:
        """Return ``check(section[name], ...)``, or None when the key is absent.

        A missing required key is reported once by :meth:`table`; checking a
        stand-in value would only repeat the complaint.
        """
        return check(section[name], *args, **kw) if name in section else None

    def table(
        self,
        value: object,
        key: str,
        allowed: Sequence[str],
        required: Sequence[str] = (),
        *,
        shown: str | Texts | None = None,
    ) -> dict[str, Any] | None:
        name: str | Texts = shown or f"[{key}]"
        if not isinstance(value, dict):
            self.error(key, mission_say("table_expected", name=name, found=described(value)))
            return None
        for unknown in value:
            if unknown not in allowed:
                self.error(
                    f"{key}.{unknown}" if key else unknown,
                    mission_say(
                        "unknown_key_in",
                        key=unknown,
                        name=name,
                        hint=suggested(unknown, allowed),
                        allowed=quoted_list(allowed),
                    ),
                )
        for needed in required:
            if needed not in value:
                self.error(key, mission_say("missing_key_in", key=needed, name=name))
        return value

    def string(
        self, value: object, key: str, *, limit: int = MAX_SHORT_TEXT, empty: bool = False
    ) -> str | None:
        if not isinstance(value, str):
            self.error(key, mission_say("string_expected", key=key, found=described(value)))
            return None
        if not empty and not value.strip():
            self.error(key, mission_say("empty_text", key=key))
            return None
        if len(value) > limit:
            self.error(key, mission_say("text_too_long", key=key, count=len(value), limit=limit))
            return None
        return value

    def identifier(self, value: object, key: str) -> str | None:
        text = self.string(value, key, limit=64)
        if text is not None and not KEY_RE.match(text):
            self.error(key, mission_say("bad_identifier", key=key, text=text))
            return None
        return text

    def integer(self, value: object, key: str, low: int, high: int) -> int | None:
        if type(value) is not int:
            self.error(key, mission_say("integer_expected", key=key, found=described(value)))
            return None
        if not low <= value <= high:
            self.error(key, mission_say("integer_range", key=key, value=value, low=low, high=high))
            return None
        return value

    def boolean(self, value: object, key: str) -> bool | None:
        if type(value) is not bool:
            self.error(key, mission_say("boolean_expected", key=key, found=described(value)))
            return None
        return value

    def int_list(
        self, value: object, key: str, sizes: Sequence[int], what: str | Texts
    ) -> list[int] | None:
        if (
            not isinstance(value, list)
            or len(value) not in sizes
            or any(type(v) is not int for v in value)
        ):
            found = described(value)
            self.error(key, mission_say("found_expected", key=key, found=found, expected=what))
            return None
        return list(value)

    def string_list(self, value: object, key: str) -> list[str] | None:
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
            self.error(key, mission_say("strings_expected", key=key, found=described(value)))
            return None
        if len(value) > MAX_LIST:
            self.error(
                key, mission_say("too_many_entries", key=key, count=len(value), limit=MAX_LIST)
            )
            return None
        return list(value)

    def array_of_tables(self, value: object, key: str, limit: int) -> list[object]:
        if not isinstance(value, list):
            self.error(key, mission_say("tables_expected", key=key, found=described(value)))
            return []
        if len(value) > limit:
            self.error(key, mission_say("too_many_entries", key=key, count=len(value), limit=limit))
            return []
        return list(value)
