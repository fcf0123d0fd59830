"""A mission becomes what a match of the ruleset it names starts from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.match.mission_ruleset import MissionRuleset
from game.missions.grid import build_grid
from game.missions.model import Mission
from game.missions.ruleset_choice import mission_ruleset


@dataclass(frozen=True)
class PreparedMatch:
    """A mission ready to be played: its ruleset, that ruleset's catalogue, the set-up."""

    mission: Mission
    ruleset: MissionRuleset
    catalogue: Any
    setup: Any


def prepare_match(
    mission: Mission, catalogue: Any | None = None, *, path_label: str = "<mission>"
) -> PreparedMatch:
    """Return the ruleset ``mission`` names and the set-up of a match on it.

    ``catalogue`` is that ruleset's catalogue (None: the one it ships). Raise
    MissionError for what the ruleset cannot start a match with.
    """
    ruleset = mission_ruleset(mission.ruleset, path_label=path_label)
    catalogue = ruleset.load_catalogue() if catalogue is None else catalogue
    grid = build_grid(mission, catalogue, path_label=path_label)
    setup = ruleset.setup_from_mission(mission, grid, catalogue, path_label=path_label)
    return PreparedMatch(mission, ruleset, catalogue, setup)


def match_setup(
    mission: Mission, catalogue: Any | None = None, *, path_label: str = "<mission>"
) -> Any:
    """Return the set-up of a match on ``mission`` for its ruleset; raise MissionError."""
    return prepare_match(mission, catalogue, path_label=path_label).setup
