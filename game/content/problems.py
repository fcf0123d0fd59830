"""Problems found in user files: where (file, line, column or key), what, what was expected.

Loaders collect every problem they can find and raise them together as one
``MissionError``; the CLI prints them, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


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
