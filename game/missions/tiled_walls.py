"""Objects of type ``wall`` and ``door`` to edge walls, edge doors and wall/door fields (D-13).

What a shape becomes (pixels are divided by the map's tile size: one tile = one field):

- a polyline's segments, a polygon's outline (closed), and a rectangle of zero width or
  height (a line): a segment on a grid line (both ends within 0.05 field of the same
  line) becomes edge walls or edge doors on the field borders it runs along, as
  Universal VTT walls do (:func:`game.missions.rasterise.line_borders`); on the map's
  outline it is dropped, as the map's own edge stops everything already. Any other
  segment (slanted, or between grid lines) is rasterised to fields: walls by
  :func:`game.missions.rasterise.rasterise_walls`, doors by ``segment_fields``.
- a rectangle with a width and a height (or a tile object): every field it overlaps by
  a positive area becomes a wall or door field.
- a point: the field it lies in.

Rotated rectangles, ellipses and texts give an error. A door's custom bool property
``open`` says whether it stands open (default: closed). Doors replace walls on the
same border or field; where doors disagree, closed wins. The segments are placed by
:mod:`game.missions.uvtt_walls` exactly as Universal VTT walls (doors as its portals),
so a rasterised wall that ends on a grid point where an edge wall ends gets the
borders of its field there too (its ``close_joins``: sight does not slip past the
corner). Fields the objects mark override the tile layers' terrain. At most ``MAX_EDGES``
edges (the native format's limit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from game.board.grid import Cell
from game.match.problems import MissionError
from game.missions.loader_texts import mission_say
from game.missions.model import MapEdge
from game.missions.rasterise import Point, point_field, rasterise_walls, snap, walk_length
from game.missions.tiled_model import (
    TEMPLATE_MESSAGE,
    MapObject,
    Problems,
    TiledMap,
    rect_fields,
)
from game.missions.toml_schema import MAX_EDGES
from game.missions.uvtt_walls import (
    Placed,
    Portal,
    close_joins,
    map_edges,
    place_portals,
    place_walls,
)

#: Total field steps wall and door shapes may take (protects against hostile files).
MAX_WALL_WORK = 2_000_000
WALL_KINDS = ("wall", "door")


@dataclass
class _Marks:
    """What the objects of one kind (walls, closed doors, open doors) mark."""

    lines: list[list[Point]] = field(default_factory=list)  # segments: edges or rasterised
    fields: list[tuple[slice, slice]] = field(default_factory=list)
    points: list[Cell] = field(default_factory=list)


@dataclass(frozen=True)
class WallResult:
    """Edges (D-13) and the rows with wall and door fields painted in."""

    edges: tuple[MapEdge, ...]
    rows: tuple[str, ...]
    objects: int  # wall and door objects read


class TiledWalls:
    """Reads wall and door objects; ``kind_of`` gives an object's type and properties."""

    def __init__(self, problems: Problems, tmap: TiledMap) -> None:
        self.problems = problems
        self.map = tmap
        self.work = 0
        self.marks = {key: _Marks() for key in ("wall", "closed", "open")}

    def read(
        self,
        objects: list[tuple[MapObject, str, dict[str, object]]],
        rows: tuple[str, ...],
    ) -> WallResult:
        """Return the edges and ``rows`` with the fields the wall/door objects mark."""
        count = 0
        for obj, kind, props in objects:
            if kind not in WALL_KINDS:
                continue
            count += 1
            if obj.template:
                self.problems.add(obj.where, TEMPLATE_MESSAGE)
                continue
            key = "wall"
            if kind == "door":
                key = "open" if self.door_open(obj, props) else "closed"
            self.shape(obj, self.marks[key])
        try:
            placed, wall = self.place()
        except MissionError:  # more edges than a mission file may hold
            self.problems.add(
                self.map.where,
                mission_say("too_many_edges", limit=MAX_EDGES),
            )
            return WallResult((), rows, count)
        return WallResult(map_edges(placed), self.paint(rows, placed, wall), count)

    def door_open(self, obj: MapObject, props: dict[str, object]) -> bool:
        value = props.get("open", False)
        if isinstance(value, bool):
            return value
        self.problems.add(obj.where, mission_say("open_not_bool", value=value))
        return False

    def shape(self, obj: MapObject, marks: _Marks) -> None:
        tw, th = self.map.tile_width, self.map.tile_height
        if obj.shape in ("polyline", "polygon"):
            turn = math.radians(obj.rotation)
            cos, sin = math.cos(turn), math.sin(turn)
            points = [
                (
                    snap((obj.x + px * cos - py * sin) / tw),
                    snap((obj.y + px * sin + py * cos) / th),
                )
                for px, py in obj.points
            ]
            if obj.shape == "polygon" and len(points) > 2:
                points.append(points[0])
            for start, end in pairwise(points):
                self.segment(obj, start, end, marks)
            return
        if obj.shape in ("ellipse", "text"):
            self.problems.add(
                obj.where,
                mission_say(
                    "wall_shape",
                    kind=obj.type or "wall",
                    article={"en": "an" if obj.shape == "ellipse" else "a", "de": "eine Form"},
                    shape=obj.shape,
                ),
            )
            return
        if obj.point or (obj.width == 0 and obj.height == 0 and not obj.gid):
            cell = point_field(
                (snap(obj.x / tw), snap(obj.y / th)), self.map.width, self.map.height
            )
            if cell is None:
                self.problems.warn_outside(obj, self.map)
            else:
                marks.points.append(cell)
            return
        if obj.rotation % 360 != 0:
            self.problems.add(
                obj.where,
                mission_say("rotated_rectangle", angle=f"{obj.rotation:g}"),
            )
            return
        top = obj.y - obj.height if obj.gid else obj.y  # tile objects hang from bottom-left
        if obj.width == 0 or obj.height == 0:  # a line
            start = (snap(obj.x / tw), snap(top / th))
            end = (snap((obj.x + obj.width) / tw), snap((top + obj.height) / th))
            self.segment(obj, start, end, marks)
            return
        self.area(obj, obj.x, top, marks)

    def area(self, obj: MapObject, x: float, y: float, marks: _Marks) -> None:
        fields = rect_fields(self.map, x, y, obj.width, obj.height)
        if fields is None:
            self.problems.warn_outside(obj, self.map)
        else:
            marks.fields.append(fields)

    def segment(self, obj: MapObject, start: Point, end: Point, marks: _Marks) -> None:
        if start == end:
            return
        self.work += walk_length(start, end)
        if self.work > MAX_WALL_WORK:
            if self.work - walk_length(start, end) <= MAX_WALL_WORK:
                self.problems.add(
                    obj.where,
                    mission_say("wall_work", limit=MAX_WALL_WORK),
                )
            return
        marks.lines.append([start, end])

    def place(self) -> tuple[Placed, npt.NDArray[np.bool_]]:
        """Place the marks as Universal VTT walls are; return them and the wall fields."""
        w, h = self.map.width, self.map.height
        placed = Placed(self.map.where.path, w, h)
        walls, closed, opened = self.marks["wall"], self.marks["closed"], self.marks["open"]
        place_walls(placed, walls.lines)
        portals = [Portal((a, b), None, closed=True) for a, b in closed.lines]
        portals += [Portal((a, b), None, closed=False) for a, b in opened.lines]
        place_portals(placed, portals)
        for marks, is_open in ((closed, False), (opened, True)):
            for cell in _cells(marks, w, h):  # closed wins, as between portals
                placed.door_fields[cell] = placed.door_fields.get(cell, True) and is_open
        close_joins(placed)
        wall = rasterise_walls(placed.off_grid, w, h)
        for x, y in _cells(walls, w, h):
            wall[y, x] = True
        return placed, wall

    def paint(
        self, rows: tuple[str, ...], placed: Placed, wall: npt.NDArray[np.bool_]
    ) -> tuple[str, ...]:
        """Return ``rows`` with the wall fields, then the door fields, painted in."""
        grid = np.array([list(row) for row in rows], dtype="<U1").reshape(
            self.map.height, self.map.width
        )
        grid[wall] = "#"
        for (x, y), is_open in placed.door_fields.items():
            grid[y, x] = "/" if is_open else "+"
        return tuple("".join(row) for row in grid.tolist())


def _cells(marks: _Marks, width: int, height: int) -> list[Cell]:
    """Return the fields a kind's rectangles and points mark."""
    mask = np.zeros((height, width), dtype=bool)
    for area in marks.fields:
        mask[area] = True
    for x, y in marks.points:
        mask[y, x] = True
    return [(int(x), int(y)) for y, x in np.argwhere(mask)]
