"""What the mission preview shows of a mission file: its grid, tokens, colours, legend.

``load_preview`` reads a mission as ``kampfkarte check`` does (raising MissionError
with every problem); ``PreviewModel`` is one version of it that loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.match.mission_ruleset import MissionRuleset
from game.match.problems import MissionError, Problem
from game.match.views import ZoneLayout
from game.missions.loader import LoadedMission
from game.missions.model import Mission
from game.ui import theme
from game.ui.edge_looks import edge_kinds
from game.ui.map_looks import LegendItem, legend_items
from game.ui.theme import Colour, parse_colour
from game.ui.token_views import creature_labels, token_view
from game.ui.tokens import TokenView


@dataclass
class PreviewModel:
    """One version of the mission that loaded: everything the preview draws."""

    loaded: LoadedMission
    grid: BattleGrid
    tokens: list[TokenView]
    colours: dict[str, Colour]
    warnings: list[Problem] = field(default_factory=list)
    legend: list[LegendItem] = field(default_factory=list)
    type_names: dict[str, tuple[str, str]] = field(default_factory=dict)
    edge_legend: list[EdgeKind] = field(default_factory=list)  # walls, doors on edges (D-13)
    zones: ZoneLayout | None = None  # the ruleset's zones over the fields (D-14)

    @property
    def mission(self) -> Mission:
        return self.loaded.mission

    def warning_messages(self, language: str) -> list[str]:
        """Return each warning's message in ``language`` ("de" or "en").

        Each warning carries its German text where the loader or checker gave one.
        """
        return [warning.text(language) for warning in self.warnings]


def side_colours(mission: Mission) -> dict[str, Colour]:
    """Return each side's colour (the theme's when a mission's is missing or repeated)."""
    colours: dict[str, Colour] = {}
    used: set[Colour] = set()
    for index, side in enumerate(mission.sides):
        fallback = theme.SIDE_COLOURS[index % len(theme.SIDE_COLOURS)]
        colour = parse_colour(side.colour, fallback)
        if colour in used:
            colour = fallback
        used.add(colour)
        colours[side.key] = colour
    return colours


def load_preview(path: Path) -> PreviewModel:
    """Load ``path`` as ``kampfkarte check`` does; raise MissionError with every problem.

    The tokens are the mission's ruleset's pieces at the start of a match on it (its
    views'), so the preview shows what the battle screen will.
    """
    from game.missions.grid import build_grid
    from game.missions.loader import load_any
    from game.missions.playability import mission_warnings
    from game.missions.ruleset_choice import mission_ruleset, mission_terms

    label = str(path)
    if not path.is_file():
        raise MissionError([Problem(label, f"file not found: {path}")])
    loaded = load_any(path)
    mission = loaded.mission
    ruleset = mission_ruleset(mission.ruleset, path_label=label)
    catalogue = ruleset.load_catalogue()
    playability = mission_warnings(
        mission, catalogue, path_label=label, locations=loaded.key_locations
    )
    # the loader's own first (a missing tile image, no terrain), as ``check`` lists them
    warnings = list(loaded.warnings) + [w for w in playability if w.warning]
    grid = build_grid(mission, catalogue, path_label=label)
    colours = side_colours(mission)
    terms = mission_terms(mission.ruleset, catalogue, path_label=label)
    type_names = {
        placement.type: (terms.creature_name(placement.type),) * 2
        for placement in mission.creatures
        if terms.creature_problem(placement.type) is None
    }
    tokens, zones = _start_tokens(mission, ruleset, catalogue, grid, colours, label)
    return PreviewModel(
        loaded,
        grid,
        tokens,
        colours,
        warnings=warnings,
        legend=legend_items(grid),
        type_names=type_names,
        edge_legend=edge_kinds(grid.edges),
        zones=zones,
    )


def _start_tokens(
    mission: Mission,
    ruleset: MissionRuleset,
    catalogue: Any,
    grid: BattleGrid,
    colours: dict[str, Colour],
    label: str,
) -> tuple[list[TokenView], ZoneLayout | None]:
    """Return the tokens of a match on ``mission`` as it starts (none without creatures)
    and the zones its ruleset lays over the map (borders and names only: nobody is on turn).
    """
    from game.match.ruleset import PlayableRuleset

    if not mission.creatures or not isinstance(ruleset, PlayableRuleset):
        return [], None
    setup = ruleset.setup_from_mission(mission, grid, catalogue, path_label=label)
    game = ruleset.new_game(setup, catalogue, seed=1)
    pieces = ruleset.views.pieces(game)
    labels = creature_labels(pieces)  # as the battle shows them
    zones = ruleset.views.zone_layout(game)
    if zones is not None:
        zones = replace(zones, reachable=frozenset(), current=None)
    tokens = [
        token_view(
            piece,
            colours.get(piece.side, (128, 128, 128)),
            selected=False,
            current=False,
            label=labels.get(key),
        )
        for key, piece in pieces.items()
    ]
    return tokens, zones
