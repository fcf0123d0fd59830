"""What the mission preview shows of a mission file: its grid, tokens, colours, legend.

``load_preview`` reads a mission as ``kampfkarte check`` does (raising MissionError
with every problem); ``PreviewModel`` is one version of it that loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.match.problems import MissionError, Problem
from game.missions.loader import LoadedMission
from game.missions.model import Mission
from game.rulesets.entaria.rules.held_conditions import closure
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.pieces import condition_marks, life_meter
from game.rulesets.entaria.views.terms import life_of
from game.ui import theme
from game.ui.edge_looks import edge_kinds
from game.ui.map_looks import LegendItem, legend_items
from game.ui.theme import Colour, parse_colour
from game.ui.token_views import short_labels
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
    """Load ``path`` as ``kampfkarte check`` does; raise MissionError with every problem."""
    from game.missions.grid import build_grid
    from game.missions.loader import load_any
    from game.missions.playability import mission_warnings
    from game.rulesets.entaria.catalogue_loader import load_catalogue
    from game.rulesets.entaria.mission_terms import condition_named

    label = str(path)
    if not path.is_file():
        raise MissionError([Problem(label, f"file not found: {path}")])
    catalogue = load_catalogue()
    loaded = load_any(path, catalogue=catalogue)
    mission = loaded.mission
    playability = mission_warnings(
        mission, catalogue, path_label=label, locations=loaded.key_locations
    )
    # the loader's own first (a missing tile image, no terrain), as ``check`` lists them
    warnings = list(loaded.warnings) + [w for w in playability if w.warning]
    grid = build_grid(mission, catalogue, path_label=label)
    colours = side_colours(mission)
    tokens = []
    type_names: dict[str, tuple[str, str]] = {}
    labels = short_labels({p.key: p.name for p in mission.creatures})  # as the battle shows
    for placement in mission.creatures:
        kind = catalogue.creatures.get(placement.type)
        max_lp = kind.life_points if kind is not None else 0
        if kind is not None:
            type_names[placement.type] = (kind.name, kind.english or kind.name)
        conditions = tuple(
            c for c in (condition_named(name) for name in placement.conditions) if c is not None
        )
        held = closure(conditions)  # the implied conditions too, as the rules say
        tokens.append(
            TokenView(
                key=placement.key,
                name=placement.name,
                initials=labels[placement.key],
                colour=colours.get(placement.side, (128, 128, 128)),
                cell=placement.cell,
                size=catalogue.footprint_side(placement.type),
                facing=placement.facing.value,
                meter=life_meter(
                    placement.life_points if placement.life_points is not None else max_lp, max_lp
                ),
                marks=condition_marks(conditions),
                stance="prone" if Condition.PRONE in held else "standing",
                altitude=0,
                life=life_of(held),
                hidden=placement.hidden,
                art=kind.token if kind is not None else "",  # the miniature, as in the match
                image=placement.image,
            )
        )
    return PreviewModel(
        loaded,
        grid,
        tokens,
        colours,
        warnings=warnings,
        legend=legend_items(grid),
        type_names=type_names,
        edge_legend=edge_kinds(grid.edges),
    )
