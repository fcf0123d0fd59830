"""The rules grid of a mission: its rows and legend as walls, doors and terrain fields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.board.grid import DEFAULT_LEGEND, BattleGrid, FieldKind
from game.match.problems import MissionError, Problem
from game.missions.model import Mission
from game.rulesets.entaria.rules.objects import MATERIALS

if TYPE_CHECKING:
    from game.rulesets.entaria.catalogue import Catalogue


def build_grid(
    mission: Mission, catalogue: Catalogue, *, path_label: str = "<mission>"
) -> BattleGrid:
    """Return the rules grid of the mission's rows, legend and catalogue terrain kinds.

    Default characters as in DESIGN.md. Legend terrain takes the kind's terrain
    code, difficulty, ZW, hazard, cover and smoke (with the entry's overrides);
    wall materials become walls, glass panes see-through walls; doors become
    doors (open or closed). Raise MissionError for a character or key it cannot
    place (a mission from ``loads_mission`` never does).
    """
    if len(mission.rows) != mission.height or any(len(r) != mission.width for r in mission.rows):
        raise MissionError(
            [Problem(path_label, "the rows do not match the map's width and height", key="map")]
        )
    problems: list[Problem] = []
    legend: dict[str, FieldKind] = {}
    for char, entry in mission.legend.items():
        if char in DEFAULT_LEGEND or len(char) != 1:
            continue
        key = f"legend.{char}"
        if entry.terrain is not None:
            terrain = catalogue.terrain.get(entry.terrain)
            if terrain is None:
                problems.append(
                    Problem(
                        path_label, f"unknown terrain kind {entry.terrain!r}", key=f"{key}.terrain"
                    )
                )
                continue
            legend[char] = terrain.field_kind(difficult=entry.difficult, target=entry.target)
        elif entry.door is not None:
            legend[char] = FieldKind(door=True, door_open=entry.door == "open")
        elif entry.material is not None:
            material = MATERIALS.get(entry.material)
            if material is None or not material.per_field:
                problems.append(
                    Problem(
                        path_label,
                        f"unknown wall material {entry.material!r}",
                        key=f"{key}.material",
                    )
                )
                continue
            legend[char] = material.field_kind()
        else:
            legend[char] = FieldKind()
    for y, row in enumerate(mission.rows):
        # A broken legend entry was reported above: its character is not unknown too.
        stray = set(row).difference(DEFAULT_LEGEND, mission.legend)
        if stray:
            x = min(row.index(char) for char in stray)
            problems.append(
                Problem(
                    path_label, f"unknown map character {row[x]!r} at x={x}, y={y}", key="map.rows"
                )
            )
            break
    if problems:
        raise MissionError(problems)
    return BattleGrid.from_ascii("\n".join(mission.rows), legend)
