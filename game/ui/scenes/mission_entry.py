"""The missions a new game offers: a file's facts for the list, or why it does not load."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.match.problems import MissionError, Problem
from game.match.sides import SideSetup
from game.missions.loader import load_any

#: The most files a mission list or a folder listing shows.
MAX_LISTED = 1000


@dataclass
class MissionEntry:
    """A mission file as the list shows it: its facts or why it does not load."""

    path: Path
    title: str = ""
    width: int = 0
    height: int = 0
    players: tuple[int, int] | None = None
    description: dict[str, str] = field(default_factory=dict)
    sides: tuple[SideSetup, ...] = ()
    creatures: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, language: str) -> str:
        """Return the description in ``language`` (German, then any, when missing)."""
        for key in (language, "de", "en", *self.description):
            text = self.description.get(key)
            if text:
                return " ".join(text.split())
        return ""


def read_mission(path: Path) -> MissionEntry:
    """Return the list entry of a mission file (its problems when it does not load)."""
    from game.missions.setup import match_setup

    entry = MissionEntry(Path(path))
    try:
        loaded = load_any(path)
        setup = match_setup(loaded.mission, path_label=str(path))
    except MissionError as error:
        entry.problems = list(error.problems)
        return entry
    except Exception as error:  # any other failure is still shown, never a traceback
        entry.problems = [Problem(str(path), f"{type(error).__name__}: {error}")]
        return entry
    mission = loaded.mission
    entry.title = mission.title or Path(path).stem
    entry.width, entry.height = mission.width, mission.height
    entry.players = mission.players
    entry.description = dict(mission.description)
    entry.sides = tuple(setup.sides)
    entry.creatures = len(mission.creatures)
    return entry


def problem_where(problem: Problem) -> str:
    """Return "file, line 3" style text for a problem's location."""
    where = Path(problem.path).name or problem.path
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.column is not None:
            where += f":{problem.column}"
    if problem.key:
        where += f" [{problem.key}]"
    return where
