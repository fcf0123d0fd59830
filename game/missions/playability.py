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
from game.match.problems import Problem
from game.match.tomlcheck import Locations, find_key
from game.missions.grid import build_grid
from game.missions.model import Mission
from game.missions.ruleset_choice import mission_terms

MAX_FLOODS = 64  # walkable areas labelled when looking for unreachable sides


#: Records one warning: the TOML key it is about and the message.
Warn = Callable[[str, str], None]


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

    def warn(key: str, message: str) -> None:
        line, column = find_key(where, key) or (None, None)
        warnings.append(
            Problem(path_label, message, line=line, column=column, key=key, warning=True)
        )

    if not mission.creatures:
        warn(
            "creatures",
            "the mission places no creature: it previews and prints, but no battle can "
            "begin until [[creatures]] (TOML) or objects of class 'creature' (Tiled) place some",
        )
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
        label = f"creature {creature.key!r} at {list(creature.cell)}"
        _ground_warnings(grid, cells, f"{key}.at", label, warn)
        for cell in cells:
            other = occupied.get(cell)
            if other is not None and other != creature.key:
                warn(
                    f"{key}.at",
                    f"{label} shares field {list(cell)} with creature {other!r}; "
                    "expected one creature per field",
                )
                break
        for cell in cells:
            occupied.setdefault(cell, creature.key)
        owners = {zone_owner[c] for c in cells if c in zone_owner}
        foreign = sorted(o for o in owners if o != creature.side)
        if foreign:
            warn(
                f"{key}.at",
                f"{label} of side {creature.side!r} stands on the deployment zone of side "
                f"{foreign[0]!r}",
            )
        if creature.companion_of is not None:
            master = creature_index.get(creature.companion_of)
            if master is not None and mission.creatures[master].side != creature.side:
                warn(
                    f"{key}.companion_of",
                    f"companion {creature.key!r} is on side {creature.side!r} but its "
                    f"controller {creature.companion_of!r} is on side "
                    f"{mission.creatures[master].side!r}",
                )


def _ground_warnings(grid: BattleGrid, cells: list[Cell], key: str, label: str, warn: Warn) -> None:
    """Warn when a creature's fields lie in a wall or closed door, or on a hazard."""
    blocked = [c for c in cells if grid.is_wall(c)]
    if blocked:
        what = "a closed door" if all(grid.is_door(c) for c in blocked) else "a wall"
        warn(key, f"{label} stands in {what}; it cannot move from there")
    if any(grid.is_hazard(c) for c in cells):
        warn(key, f"{label} stands on a hazard field")


def _side_warnings(mission: Mission, grid: BattleGrid, warn: Warn) -> None:
    """Warn about empty sides, zones without a usable field, sides that cannot meet."""
    for i, side in enumerate(mission.sides):
        key = f"sides[{i}]"
        has_creatures = any(c.side == side.key for c in mission.creatures)
        if not side.deployment and not has_creatures:
            warn(key, f"side {side.key!r} has neither creatures nor a deployment zone")
        # Walls and hazards inside a zone rectangle are normal (a tent in a camp);
        # only a zone with no field to stand on is a mistake.
        usable = [c for c in side.deployment if not grid.is_wall(c) and not grid.is_hazard(c)]
        if side.deployment and not usable:
            warn(
                f"{key}.deployment",
                f"the deployment zone of side {side.key!r} has no usable field: all "
                f"{len(side.deployment)} lie in walls, closed doors or hazards",
            )
    if not mission.sides:
        warn("sides", "the mission declares no sides")
    side_index = {side.key: i for i, side in enumerate(mission.sides)}
    for a, b in _unreachable_sides(mission, grid):
        warn(
            f"sides[{side_index[a]}].deployment",
            f"side {a!r} cannot reach side {b!r} on foot (even with every door "
            "open): their deployment zones and creatures lie in separate areas",
        )


def _legend_warnings(mission: Mission, warn: Warn) -> None:
    """Warn about legend characters the map never uses."""
    used = {char for row in mission.rows for char in row}
    for char in mission.legend:
        if char not in used:
            warn(f"legend.{char}", f"legend character {char!r} is never used on the map")


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
