"""A mission becomes what a quick-rules match starts from: ENTARIA's set-up plus zones.

The sides and creatures are ENTARIA's (``entaria.mission_setup.battle_setup``); the
mission's ``[zones]`` become a ZoneMap (D-14): a lattice of ``size`` fields (default 5)
or painted rectangles, every floor field in exactly one zone, no zone without floor.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.board.grid import BattleGrid
from game.match.problems import MissionError, Problem, problem_of
from game.rulesets.entaria.mission_setup import MissionData, battle_setup
from game.rulesets.entaria_schnell.rules.actions import DEFAULT_MOVES, MoveParams
from game.rulesets.entaria_schnell.rules.zones import (
    DEFAULT_ZONE_SIZE,
    NO_ZONE,
    Rect,
    ZoneMap,
    lattice_zones,
    rectangle_zones,
)
from game.rulesets.entaria_schnell.state import QuickSetup


def quick_setup(mission: MissionData, grid: BattleGrid, *, path_label: str) -> QuickSetup:
    """Return the QuickSetup of ``mission`` on ``grid``; raise MissionError naming ``zones``."""
    battle = battle_setup(mission, grid, path_label=path_label)
    declared: Any = getattr(mission, "zones", None)
    zones, problems = mission_zones(declared, grid, path_label=path_label)
    if problems:
        raise MissionError(problems)
    moves = DEFAULT_MOVES
    metres = None
    if declared is not None:
        walk = declared.walk if declared.walk is not None else DEFAULT_MOVES.walk_zones
        run = declared.run if declared.run is not None else max(walk, DEFAULT_MOVES.run_zones)
        if run < walk:
            message = {
                "en": f"zones.run ({run}) must be at least zones.walk ({walk})",
                "de": f"zones.run ({run}) muss mindestens zones.walk ({walk}) sein",
            }
            raise MissionError([problem_of(path_label, message, key="zones.run")])
        moves = MoveParams(walk_zones=walk, run_zones=run)
        metres = declared.metres
    return QuickSetup(battle, zones, moves, metres)


def mission_zones(
    declared: Any, grid: BattleGrid, *, path_label: str
) -> tuple[ZoneMap, list[Problem]]:
    """Return the zones a mission declares (a default lattice without ``[zones]``) and
    what is wrong with them."""
    areas = tuple(getattr(declared, "areas", ()) or ())
    if not areas:
        size = getattr(declared, "size", None) or DEFAULT_ZONE_SIZE
        zones = lattice_zones(grid, size)
        return zones, []
    rects = [Rect(a.name, a.x, a.y, a.width, a.height) for a in areas]
    zones, _ = rectangle_zones(grid, rects)
    return zones, _area_problems(zones, rects, grid, path_label)


def _area_problems(
    zones: ZoneMap, rects: list[Rect], grid: BattleGrid, path_label: str
) -> list[Problem]:
    floor = ~grid.wall
    problems: list[Problem] = []
    painted = np.zeros(floor.shape, dtype=np.int32)
    height, width = floor.shape
    for rect in rects:
        x0, y0 = max(rect.x, 0), max(rect.y, 0)
        x1, y1 = min(rect.x + rect.width, width), min(rect.y + rect.height, height)
        if x0 < x1 and y0 < y1:
            painted[y0:y1, x0:x1] += floor[y0:y1, x0:x1]
    doubled = np.argwhere(painted > 1)
    if len(doubled):
        y, x = (int(v) for v in doubled[0])
        message = {
            "en": f"{len(doubled)} floor fields lie in two zones, first ({x}, {y})",
            "de": f"{len(doubled)} Bodenfelder liegen in zwei Zonen, zuerst ({x}, {y})",
        }
        problems.append(problem_of(path_label, message, key="zones.areas"))
    loose = np.argwhere(floor & (zones.ids == NO_ZONE))
    if len(loose):
        y, x = (int(v) for v in loose[0])
        message = {
            "en": f"{len(loose)} floor fields lie in no zone, first ({x}, {y})",
            "de": f"{len(loose)} Bodenfelder liegen in keiner Zone, zuerst ({x}, {y})",
        }
        problems.append(problem_of(path_label, message, key="zones.areas"))
    counts = np.bincount(zones.ids[zones.ids >= 0], minlength=zones.count)
    for index, rect in enumerate(rects):
        if counts[index] == 0:
            message = {
                "en": f"zone {rect.name!r} has no floor field",
                "de": f"Zone {rect.name!r} hat kein Bodenfeld",
            }
            problems.append(problem_of(path_label, message, key=f"zones.areas[{index}]"))
    return problems
