"""Put Universal VTT walls and portals on the map: on field borders or on fields (D-13).

A wall segment on a grid line becomes edge walls on the borders it runs along
(:func:`~game.missions.rasterise.line_borders`); one off the grid lines is kept to be
rasterised to wall fields; one on the map's outline or outside it is dropped. A portal
on a grid line becomes edge doors on the borders it covers by more than half a field
(:func:`~game.missions.rasterise.portal_borders`); other portals mark door fields.
:class:`UvttPlacement` counts what became of each, for the summaries of ``import`` and ``check``.

Joins: where a rasterised wall ends on a grid point at which an edge wall or edge door
ends too (a diagonal corner of a room drawn on grid lines), the wall field it starts
in (unless a door field replaced it) gets edge walls on its two borders that meet
there (:func:`close_joins`). Without
them sight would pass between that wall field and the edge through the corner (D-9:
fields that touch only at a corner do not block; D-13: one edge ending at a corner
does not close it), from outside a room into it. The wall field blocks anyway, so the
extra edges change only what passes that corner.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

from game.board.grid import Cell
from game.match.problems import MissionError, problem_of
from game.missions.loader_texts import mission_say
from game.missions.model import MapEdge
from game.missions.rasterise import (
    SUBDIVISIONS,
    Border,
    Point,
    grid_corner,
    line_borders,
    point_field,
    portal_borders,
    segment_fields,
    start_field,
)
from game.missions.toml_schema import MAX_EDGES


@dataclass(frozen=True)
class Portal:
    """A door as the file gives it: its bounds segment, else its position."""

    bounds: tuple[Point, Point] | None
    position: Point | None
    closed: bool


@dataclass(frozen=True)
class UvttPlacement:
    """What became of a Universal VTT file's wall segments and portals."""

    edge_segments: int = 0  # wall segments on grid lines: edge walls
    field_segments: int = 0  # wall segments off the grid lines: rasterised to wall fields
    dropped_segments: int = 0  # on the map's outline, outside the map or too short
    edge_portals: int = 0  # portals on grid lines: edge doors
    field_portals: int = 0  # portals off the grid lines or without bounds: door fields
    dropped_portals: int = 0  # on the outline or outside the map

    def lines(self, language: str = "en") -> list[str]:
        """Return the summary lines: where the walls and the portals went ("de" or "en")."""
        if language == "de":
            return [
                f"Universal-VTT-Wände: {self.edge_segments} Segment(e) auf Gitterlinien wurden "
                f"Wände auf den Feldkanten, {self.field_segments} abseits der Gitterlinien "
                f"wurden zu Wandfeldern gerastert, {self.dropped_segments} fielen weg (auf "
                "dem Kartenrand oder außerhalb der Karte)",
                f"Universal-VTT-Portale: {self.edge_portals} auf Gitterlinien wurden Türen auf "
                "den Feldkanten (eine Tür ersetzt die Wand auf ihrer Kante), "
                f"{self.field_portals} abseits der Gitterlinien wurden Türfelder, "
                f"{self.dropped_portals} fielen weg (auf dem Kartenrand oder außerhalb der "
                "Karte)",
            ]
        segments = "segment" if self.edge_segments == 1 else "segments"
        return [
            f"Universal VTT walls: {self.edge_segments} {segments} on grid lines became edge "
            f"walls, {self.field_segments} off the grid lines were rasterised to wall fields, "
            f"{self.dropped_segments} were dropped (on the map's outline or outside it)",
            f"Universal VTT portals: {self.edge_portals} on grid lines became edge doors "
            f"(a door replaces the wall on its border), {self.field_portals} off the grid "
            f"lines became door fields, {self.dropped_portals} were dropped (on the outline "
            "or outside the map)",
        ]


@dataclass
class Placed:
    """The walls and doors of a map while they are placed, with their counts."""

    path_label: str
    width: int
    height: int
    wall_borders: set[Border] = field(default_factory=set)
    door_borders: dict[Border, bool] = field(default_factory=dict)  # -> open (closed wins)
    door_fields: dict[Cell, bool] = field(default_factory=dict)  # -> open (closed wins)
    off_grid: list[list[Point]] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)  # by UvttPlacement field name
    line_ends: set[Cell] = field(default_factory=set)  # grid points where edges end

    def count_edges(self, count: int, key: str = "line_of_sight") -> None:
        """Raise MissionError once ``count`` borders exceed what a mission file may hold.

        Checked while placing, so a hostile file stops early instead of building
        hundreds of thousands of edges first. ``key``: the file's key whose entries
        made the count overflow (walls: "line_of_sight", portals: "portals").
        """
        if count > MAX_EDGES:
            message = mission_say("uvtt_too_many_edges", limit=MAX_EDGES)
            raise MissionError([problem_of(self.path_label, message, key=key)])

    def outside(self, a: Point, b: Point) -> bool:
        """Return whether a segment's bounding box misses the map (it marks no field)."""
        q = SUBDIVISIONS
        return (
            max(a[0], b[0]) <= 0
            or min(a[0], b[0]) >= self.width * q
            or max(a[1], b[1]) <= 0
            or min(a[1], b[1]) >= self.height * q
        )


def place_walls(placed: Placed, polylines: list[list[Point]]) -> None:
    """Put every wall segment on the borders of its grid line, or keep it to rasterise."""
    counts = placed.counts
    for polyline in polylines:
        for a, b in pairwise(polyline):
            if a == b:
                continue  # a point is no wall
            borders = line_borders(a, b, placed.width, placed.height)
            if borders is None:
                placed.off_grid.append([a, b])  # rule 3 still joins them at shared ends
                counts["dropped_segments" if placed.outside(a, b) else "field_segments"] += 1
            elif borders:
                placed.wall_borders.update(borders)
                placed.line_ends.update(c for c in (grid_corner(a), grid_corner(b)) if c)
                counts["edge_segments"] += 1
                placed.count_edges(len(placed.wall_borders))
            else:
                counts["dropped_segments"] += 1


def place_portals(placed: Placed, portals: list[Portal]) -> None:
    """Put every portal on the borders of its grid line, else on the fields it marks."""
    counts = placed.counts
    width, height = placed.width, placed.height
    extra_doors = 0
    for portal in portals:
        bounds = portal.bounds if portal.bounds and portal.bounds[0] != portal.bounds[1] else None
        marked: list[Cell] = []
        if bounds is not None:
            borders = portal_borders(*bounds, width, height)
            if borders is not None:
                ends = (grid_corner(bounds[0]), grid_corner(bounds[1]))
                placed.line_ends.update(c for c in ends if c and borders)
                for border in borders:
                    if border not in placed.door_borders and border not in placed.wall_borders:
                        extra_doors += 1  # a door on no wall: one edge more
                    placed.door_borders[border] = (
                        placed.door_borders.get(border, True) and not portal.closed
                    )
                counts["edge_portals" if borders else "dropped_portals"] += 1
                placed.count_edges(len(placed.wall_borders) + extra_doors, "portals")
                continue
            marked = segment_fields(*bounds, width, height)
        if not marked and portal.position is not None:
            cell = point_field(portal.position, width, height)
            marked = [cell] if cell is not None else []
        for cell in marked:
            placed.door_fields[cell] = placed.door_fields.get(cell, True) and not portal.closed
        counts["field_portals" if marked else "dropped_portals"] += 1


def close_joins(placed: Placed) -> None:
    """Wall the borders of a wall field where its wall meets an edge at a grid point."""
    q = SUBDIVISIONS
    width, height = placed.width, placed.height
    for a, b in placed.off_grid:
        for end, other in ((a, b), (b, a)):
            corner = grid_corner(end)
            if corner is None or corner not in placed.line_ends:
                continue
            cx, cy = corner
            fx, fy = start_field((cx * q, cy * q), other, width, height)
            if not (0 <= fx < width and 0 <= fy < height) or (fx, fy) in placed.door_fields:
                continue  # outside, or a door replaced the wall there: keep its way open
            if 0 < cy < height:  # F's top or bottom border, the one that ends at the corner
                placed.wall_borders.add(((fx, cy - 1), (fx, cy)))
            if 0 < cx < width:  # F's left or right border
                placed.wall_borders.add(((cx - 1, fy), (cx, fy)))
    placed.count_edges(len(placed.wall_borders | placed.door_borders.keys()))


def map_edges(placed: Placed) -> tuple[MapEdge, ...]:
    """Return the map's edges, upper or left field first, in reading order; doors win."""
    edges = {border: MapEdge(*border) for border in placed.wall_borders}
    for border, is_open in placed.door_borders.items():
        edges[border] = MapEdge(*border, kind="door", open=is_open)
    return tuple(
        edges[b] for b in sorted(edges, key=lambda b: (b[0][1], b[0][0], b[1][1], b[1][0]))
    )
