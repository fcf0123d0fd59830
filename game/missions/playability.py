"""Warnings about a valid mission: what loads but will hardly play well.

``kampfkarte check`` prints them; they never stop a mission from loading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, Cell, footprint_cells
from game.board.movement import reachable
from game.match.mission_ruleset import MissionTerms
from game.match.problem_texts import Texts
from game.match.problems import Problem, problem_of
from game.match.tomlcheck import Locations, find_key
from game.missions.grid import build_grid
from game.missions.loader_texts import mission_say
from game.missions.model import Mission
from game.missions.ruleset_choice import mission_terms

MAX_FLOODS = 64  # walkable areas labelled when looking for unreachable sides


#: Records one warning: the TOML key it is about and the message.
Warn = Callable[[str, Texts], None]


def mission_warnings(
    mission: Mission,
    catalogue: Any | None = None,
    *,
    path_label: str = "<mission>",
    locations: Locations | None = None,
) -> list[Problem]:
    """Return warnings about a valid mission: things that load but will hardly play well.

    Creatures in walls, closed doors or on hazards; two creatures on one field;
    a creature on another side's deployment zone; a deployment zone without a
    field to stand on (only walls, closed doors, hazards); a side with neither
    creatures nor a deployment zone; sides that cannot reach each other on foot
    (doors count as open); a companion on another side than its controller;
    legend characters the map never uses; a mission without any creature.
    Each names the TOML key (``creatures[2]``, ``sides[0].deployment``) and, with
    ``locations`` (where the keys stand in the file, see ``load_native``), its line
    and column.
    """
    grid = build_grid(mission, catalogue, path_label=path_label)
    terms = mission_terms(mission.ruleset, catalogue, path_label=path_label)
    warnings: list[Problem] = []
    where = locations if locations is not None else {}

    def warn(key: str, message: Texts) -> None:
        line, column = find_key(where, key) or (None, None)
        warnings.append(
            problem_of(path_label, message, line=line, column=column, key=key, warning=True)
        )

    if not mission.creatures:
        warn("creatures", mission_say("no_creature_placed"))
    _creature_warnings(mission, grid, terms, warn)
    _side_warnings(mission, grid, warn)
    _legend_warnings(mission, warn)
    return warnings


def _creature_warnings(mission: Mission, grid: BattleGrid, terms: MissionTerms, warn: Warn) -> None:
    """Warn about creatures in walls or hazards, sharing a field, on foreign zones, companions."""
    zone_owner: dict[Cell, str] = {}
    for side in mission.sides:
        for cell in side.deployment:
            zone_owner.setdefault(cell, side.key)
    occupied: dict[Cell, str] = {}
    creature_index = {c.key: i for i, c in enumerate(mission.creatures)}
    for i, creature in enumerate(mission.creatures):
        key = f"creatures[{i}]"
        size = terms.footprint(creature.type)
        cells = [c for c in footprint_cells(creature.cell, size) if grid.in_bounds(c)]
        label = mission_say("creature_label", key=creature.key, field=list(creature.cell))
        _ground_warnings(grid, cells, f"{key}.at", label, warn)
        for cell in cells:
            other = occupied.get(cell)
            if other is not None and other != creature.key:
                warn(
                    f"{key}.at",
                    mission_say("shares_field", label=label, field=list(cell), other=other),
                )
                break
        for cell in cells:
            occupied.setdefault(cell, creature.key)
        owners = {zone_owner[c] for c in cells if c in zone_owner}
        foreign = sorted(o for o in owners if o != creature.side)
        if foreign:
            message = mission_say(
                "on_foreign_deployment", label=label, side=creature.side, other=foreign[0]
            )
            warn(f"{key}.at", message)
        if creature.companion_of is not None:
            master = creature_index.get(creature.companion_of)
            if master is not None and mission.creatures[master].side != creature.side:
                message = mission_say(
                    "companion_other_side",
                    key=creature.key,
                    side=creature.side,
                    master=creature.companion_of,
                    master_side=mission.creatures[master].side,
                )
                warn(f"{key}.companion_of", message)


def _ground_warnings(
    grid: BattleGrid, cells: list[Cell], key: str, label: Texts, warn: Warn
) -> None:
    """Warn when a creature's fields lie in a wall or closed door, or on a hazard."""
    blocked = [c for c in cells if grid.is_wall(c)]
    if blocked:
        door = all(grid.is_door(c) for c in blocked)
        warn(key, mission_say("stands_in_door" if door else "stands_in_wall", label=label))
    if any(grid.is_hazard(c) for c in cells):
        warn(key, mission_say("stands_on_hazard", label=label))


def _side_warnings(mission: Mission, grid: BattleGrid, warn: Warn) -> None:
    """Warn about empty sides, zones without a usable field, sides that cannot meet."""
    for i, side in enumerate(mission.sides):
        key = f"sides[{i}]"
        has_creatures = any(c.side == side.key for c in mission.creatures)
        if not side.deployment and not has_creatures:
            warn(key, mission_say("side_empty", side=side.key))
        # Walls and hazards inside a zone rectangle are normal (a tent in a camp);
        # only a zone with no field to stand on is a mistake.
        usable = [c for c in side.deployment if not grid.is_wall(c) and not grid.is_hazard(c)]
        if side.deployment and not usable:
            message = mission_say("deployment_unusable", side=side.key, count=len(side.deployment))
            warn(f"{key}.deployment", message)
    if not mission.sides:
        warn("sides", mission_say("no_sides"))
    side_index = {side.key: i for i, side in enumerate(mission.sides)}
    for a, b in _unreachable_sides(mission, grid):
        warn(f"sides[{side_index[a]}].deployment", mission_say("sides_apart", a=a, b=b))


def _legend_warnings(mission: Mission, warn: Warn) -> None:
    """Warn about legend characters the map never uses."""
    used = {char for row in mission.rows for char in row}
    for char in mission.legend:
        if char not in used:
            warn(f"legend.{char}", mission_say("legend_unused", char=char))


def _unreachable_sides(mission: Mission, grid: BattleGrid) -> list[tuple[str, str]]:
    """Return each pair of sides (in side order) that cannot reach each other on foot.

    Doors count as open. Walkable areas are labelled once, one flood per area a
    side touches (at most ``MAX_FLOODS`` in all), so a hostile file costs little.
    """
    open_grid = BattleGrid(
        grid.wall,
        see_through=grid.see_through,
        difficult=grid.difficult,
        door=grid.door,
        door_open=grid.door,
    )
    # Edge walls stay; edge doors count as open like door fields (D-13).
    for edge in grid.edge_list():
        if edge.kind is EdgeKind.WALL:
            open_grid.add_edge_wall(edge.a, edge.b)
        else:
            open_grid.set_edge_door(edge.a, edge.b, open=True)
    labels = np.full(grid.shape, -1, dtype=np.int32)
    floods = 0
    areas: dict[str, set[int]] = {}
    starts: dict[str, list[Cell]] = {side.key: list(side.deployment) for side in mission.sides}
    for creature in mission.creatures:
        starts.setdefault(creature.side, []).append(creature.cell)
    for side_key, cells in starts.items():
        touched: set[int] = set()
        for cell in cells:
            if not open_grid.in_bounds(cell) or open_grid.is_wall(cell):
                continue
            label = int(labels[cell[1], cell[0]])
            if label < 0:
                if floods >= MAX_FLOODS:
                    continue
                reached = reachable(open_grid, cell, None)
                xs = np.fromiter((c[0] for c in reached), dtype=np.int64, count=len(reached))
                ys = np.fromiter((c[1] for c in reached), dtype=np.int64, count=len(reached))
                labels[ys, xs] = floods
                label = floods
                floods += 1
            touched.add(label)
        areas[side_key] = touched
    pairs: list[tuple[str, str]] = []
    keys = [side.key for side in mission.sides]
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if areas.get(a) and areas.get(b) and areas[a].isdisjoint(areas[b]):
                pairs.append((a, b))
    return pairs
