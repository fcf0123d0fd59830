"""Zones over a battle map (D-14): a lattice of N×N fields or named rectangles.

A zone map is an int array shaped like the grid (``[y, x]``): the zone id of every
field, -1 for wall fields. Tokens stand on fields; the rules ask which zone a field is in.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.board.grid import BattleGrid, Cell

DEFAULT_ZONE_SIZE = 5  # "[zones] size = N", default 5 (D-14)
NO_ZONE = -1

IntGrid = npt.NDArray[np.int32]
ZoneGraph = Mapping[int, frozenset[int]]


@dataclass(frozen=True)
class Rect:
    """A painted zone: a name and a rectangle of fields (x, y, width, height)."""

    name: str
    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True)
class ZoneMap:
    """The zone id of every field (``ids[y, x]``, -1 none) and the zones' names."""

    ids: IntGrid
    names: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.names)

    def zone_of(self, cell: Cell) -> int:
        """Return the zone id of a field (-1 for a wall field or a field of no zone)."""
        x, y = cell
        return int(self.ids[y, x])

    def fields_of(self, zone: int) -> list[Cell]:
        """Return the fields of a zone, row by row."""
        ys, xs = np.nonzero(self.ids == zone)
        return [(int(x), int(y)) for y, x in zip(ys, xs, strict=True)]


def _floor(grid: BattleGrid) -> npt.NDArray[np.bool_]:
    """Return the floor mask: every field that is not a permanent wall (doors are floor)."""
    return ~grid.wall


def lattice_zones(grid: BattleGrid, size: int = DEFAULT_ZONE_SIZE) -> ZoneMap:
    """Lay a lattice of size×size zones over the map; drop lattice cells with no floor (D-14)."""
    if size < 1:
        raise ValueError(f"a zone is at least 1 field wide, got {size}")
    height, width = grid.shape
    ys, xs = np.indices((height, width))
    cols = -(-width // size)
    raw = (ys // size) * cols + (xs // size)
    floor = _floor(grid)
    raw = np.where(floor, raw, NO_ZONE)
    used = sorted(int(v) for v in np.unique(raw) if v != NO_ZONE)
    renumber = {old: new for new, old in enumerate(used)}
    ids = np.full((height, width), NO_ZONE, dtype=np.int32)
    for old, new in renumber.items():
        ids[raw == old] = new
    names = tuple(f"{chr(ord('A') + (old % cols) % 26)}{old // cols + 1}" for old in used)
    return ZoneMap(ids=ids, names=names)


def rectangle_zones(grid: BattleGrid, rects: Sequence[Rect]) -> tuple[ZoneMap, list[str]]:
    """Paint named rectangles into a zone map; return it and the problems found.

    Walls inside a rectangle belong to no zone; a floor field painted twice is a problem.
    """
    height, width = grid.shape
    ids = np.full((height, width), NO_ZONE, dtype=np.int32)
    painted = np.zeros((height, width), dtype=np.int32)
    problems: list[str] = []
    floor = _floor(grid)
    for index, rect in enumerate(rects):
        if rect.width < 1 or rect.height < 1:
            problems.append(f"zone {rect.name!r}: width and height must be at least 1")
            continue
        x0, y0 = max(rect.x, 0), max(rect.y, 0)
        x1, y1 = min(rect.x + rect.width, width), min(rect.y + rect.height, height)
        if x0 >= x1 or y0 >= y1:
            problems.append(f"zone {rect.name!r} lies outside the {width}×{height} map")
            continue
        area = (slice(y0, y1), slice(x0, x1))
        painted[area] += floor[area]
        ids[area] = np.where(floor[area], index, ids[area])
    if len({r.name for r in rects}) != len(rects):
        problems.append("zone names must be unique")
    doubled = int(np.count_nonzero(painted > 1))
    if doubled:
        problems.append(f"{doubled} floor fields lie in more than one zone")
    return ZoneMap(ids=ids, names=tuple(r.name for r in rects)), problems


def zone_problems(zones: ZoneMap, grid: BattleGrid) -> list[str]:
    """Return what is wrong: floor fields in no zone, zones without floor (D-14)."""
    problems: list[str] = []
    floor = _floor(grid)
    if zones.ids.shape != floor.shape:
        return [f"zone map has shape {zones.ids.shape}, the grid {floor.shape}"]
    loose = np.argwhere(floor & (zones.ids == NO_ZONE))
    if len(loose):
        y, x = (int(v) for v in loose[0])
        problems.append(f"{len(loose)} floor fields lie in no zone, first ({x}, {y})")
    on_wall = int(np.count_nonzero(~floor & (zones.ids != NO_ZONE)))
    if on_wall:
        problems.append(f"{on_wall} wall fields carry a zone id")
    counts = np.bincount(zones.ids[floor & (zones.ids >= 0)], minlength=zones.count)
    for zone, name in enumerate(zones.names):
        if counts[zone] == 0:
            problems.append(f"zone {name!r} has no floor")
    return problems


def zone_neighbours(zones: ZoneMap, grid: BattleGrid, *, through_walls: bool = False) -> ZoneGraph:
    """Return each zone's neighbours: a shared edge not wholly walled (D-14).

    A field pair across the border counts as an opening when neither field is a wall and
    no edge wall stands between them; doors count as openings since they can be opened.
    ``through_walls`` counts every shared border (for counting range, Q-OPEN-6).
    """
    ids = zones.ids
    pairs: set[tuple[int, int]] = set()
    wall_h, wall_v = grid.edges.wall_h, grid.edges.wall_v
    # horizontal neighbours (x, y) | (x + 1, y); the edge is wall_v[y, x + 1]
    left, right = ids[:, :-1], ids[:, 1:]
    open_v = (left != right) & (left >= 0) & (right >= 0)
    if not through_walls:
        open_v &= ~wall_v[:, 1:-1]
    pairs.update(zip(left[open_v].tolist(), right[open_v].tolist(), strict=True))
    top, bottom = ids[:-1, :], ids[1:, :]
    open_h = (top != bottom) & (top >= 0) & (bottom >= 0)
    if not through_walls:
        open_h &= ~wall_h[1:-1, :]
    pairs.update(zip(top[open_h].tolist(), bottom[open_h].tolist(), strict=True))
    graph: dict[int, set[int]] = {zone: set() for zone in range(zones.count)}
    for a, b in pairs:
        graph[a].add(b)
        graph[b].add(a)
    return {zone: frozenset(near) for zone, near in graph.items()}


def zone_distances(graph: ZoneGraph, start: int) -> dict[int, int]:
    """Return the number of orthogonal zone steps from ``start`` to every reachable zone."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        for near in sorted(graph.get(zone, ())):
            if near not in found:
                found[near] = found[zone] + 1
                queue.append(near)
    return found


def zone_distance(graph: ZoneGraph, a: int, b: int) -> int | None:
    """Return the zone steps from a to b (None: not connected) (Q-OPEN-6)."""
    return zone_distances(graph, a).get(b)
