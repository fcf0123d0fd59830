"""The rules grid of a mission: its rows and legend as walls, doors and terrain fields."""

from __future__ import annotations

from typing import Any

from game.board.grid import DEFAULT_LEGEND, BattleGrid, FieldKind
from game.match.mission_ruleset import MissionTerms
from game.match.problems import MissionError, Problem, problem_of
from game.missions.loader_texts import mission_say
from game.missions.model import LegendEntry, Mission
from game.missions.ruleset_choice import mission_terms


def build_grid(
    mission: Mission, catalogue: Any | None = None, *, path_label: str = "<mission>"
) -> BattleGrid:
    """Return the rules grid of the mission's rows and legend.

    Default characters as in DESIGN.md. What a legend's terrain kind and wall material
    make of a field the mission's ruleset says (``catalogue``: that ruleset's, None:
    the one it ships): terrain with the entry's overrides, walls, see-through panes;
    doors become doors (open or closed). A terrain entry with a material (furniture)
    is its terrain on the grid: that it is also an object of the material is the
    ruleset's set-up. A default character's entry only adds a material, so its field is
    the default one. The mission's edges become edge walls and edge doors (D-13). Raise
    MissionError for a character or key it cannot place (a mission from
    ``loads_mission`` never does).
    """
    if len(mission.rows) != mission.height or any(len(r) != mission.width for r in mission.rows):
        raise MissionError([problem_of(path_label, mission_say("rows_mismatch"), key="map")])
    terms = mission_terms(mission.ruleset, catalogue, path_label=path_label)
    problems: list[Problem] = []
    legend: dict[str, FieldKind] = {}
    for char, entry in mission.legend.items():
        if char in DEFAULT_LEGEND or len(char) != 1:
            continue  # a default character keeps its field; its material is an object's
        field = _legend_field(entry, f"legend.{char}", terms, path_label)
        if isinstance(field, Problem):
            problems.append(field)
        else:
            legend[char] = field
    stray = _stray_character(mission, path_label)
    if stray is not None:
        problems.append(stray)
    if problems:
        raise MissionError(problems)
    grid = BattleGrid.from_ascii("\n".join(mission.rows), legend)
    for edge in mission.edges:  # walls and doors on field borders (D-13)
        if edge.kind == "door":
            grid.set_edge_door(edge.a, edge.b, open=edge.open)
        else:
            grid.add_edge_wall(edge.a, edge.b)
    return grid


def _legend_field(
    entry: LegendEntry, key: str, terms: MissionTerms, path_label: str
) -> FieldKind | Problem:
    """Return the field a legend entry stands for, or the problem with its terrain or material.

    Terrain first: furniture (terrain and material) keeps its terrain's cover and ground.
    """
    if entry.material is not None and terms.wall_field(entry.material) is None:
        message = mission_say("unknown_material", name=entry.material)
        return problem_of(path_label, message, key=f"{key}.material")
    if entry.terrain is not None:
        field = terms.terrain_field(entry.terrain, difficult=entry.difficult, target=entry.target)
        if field is None:
            message = mission_say("unknown_terrain", name=entry.terrain)
            return problem_of(path_label, message, key=f"{key}.terrain")
        return field
    if entry.door is not None:
        return FieldKind(door=True, door_open=entry.door == "open")
    if entry.material is not None:
        return terms.wall_field(entry.material) or FieldKind()  # known: checked above
    return FieldKind()


def _stray_character(mission: Mission, path_label: str) -> Problem | None:
    """Return the first map character neither the default legend nor the mission's names."""
    for y, row in enumerate(mission.rows):
        # A broken legend entry was reported above: its character is not unknown too.
        stray = set(row).difference(DEFAULT_LEGEND, mission.legend)
        if stray:
            x = min(row.index(char) for char in stray)
            message = mission_say("unknown_character", char=row[x], x=x, y=y)
            return problem_of(path_label, message, key="map.rows")
    return None
