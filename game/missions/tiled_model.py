"""What a Tiled map holds once read, whichever file format it came in (TMX or JSON).

The readers (``tiled_tmx``, ``tiled_tmj``) fill these structures; the builders
(``tiled_terrain``, ``tiled_objects``) turn them into a Mission. Every problem is
located by a ``Where`` (file, line/column, XML element or JSON path).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt

from game.match.problem_texts import Texts
from game.match.problems import Problem, ProblemList, problem_of
from game.missions.loader_texts import mission_say
from game.missions.model import loader_warning

#: Most tile layers and tilesets a map may have (each layer is width × height tiles).
MAX_LAYERS = 100
MAX_TILESETS = 100
#: Most objects in all object layers together.
MAX_OBJECTS = 10_000
#: Most points of one polygon or polyline.
MAX_POINTS = 10_000
#: Largest tile size in pixels.
MAX_TILE_PIXELS = 4096
#: Largest object coordinate or size in pixels (far beyond any map; keeps arithmetic sane).
MAX_COORDINATE = 1e9
GID_MASK = 0x0FFFFFFF  # bits 28..31 are flip/rotation flags
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000  # x/y swap, done before the other two
#: Most warnings the object layers give (a file of many stray objects must not flood).
MAX_WARNINGS = 50
#: What an object that uses a template is told (templates are not read).
TEMPLATE_MESSAGE = mission_say("uses_template")


@dataclass(frozen=True)
class Where:
    """Where something stands: file, line/column (XML) and element or JSON path."""

    path: str
    key: str | None = None
    line: int | None = None
    column: int | None = None

    def problem(self, message: str | Texts) -> Problem:
        """Return an error here (an English message, or texts per language)."""
        return problem_of(self.path, message, line=self.line, column=self.column, key=self.key)

    def warning(self, message: str, german: str | None = None) -> Problem:
        """Return a warning here; with ``german`` it carries both texts (LoaderWarning)."""
        if german is not None:
            texts = {"en": message, "de": german}
            return loader_warning(
                self.path, texts, line=self.line, column=self.column, key=self.key
            )
        return Problem(
            self.path, message, line=self.line, column=self.column, key=self.key, warning=True
        )


class Problems(ProblemList):
    """The problems found so far (capped), each located by a Where, and the warnings."""

    def __init__(self) -> None:
        super().__init__()
        self.warnings: list[Problem] = []

    def add(self, where: Where, message: str | Texts) -> None:
        self.append(where.problem(message))

    def warn(self, where: Where, message: str, german: str) -> None:
        """Record a warning in English and German (the file still loads); past
        ``MAX_WARNINGS`` drop it."""
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(where.warning(message, german))

    def warn_outside(self, obj: MapObject, tmap: TiledMap) -> None:
        """Warn that ``obj`` lies wholly outside the map (it marks no field)."""
        self.warn(obj.where, outside_text(obj, tmap, "en"), outside_text(obj, tmap, "de"))


@dataclass(frozen=True)
class TileImage:
    """An image a tileset names: the path relative to the map's folder, as normalised.

    ``rect`` is the part of the image a tile of an image collection uses (x, y, width,
    height; None: all of it); ``trans`` the colour drawn transparent ("rrggbb" or "").
    """

    source: str
    where: Where
    width: int = 0  # as the file declares it; 0: not given
    height: int = 0
    rect: tuple[int, int, int, int] | None = None
    trans: str = ""


@dataclass
class Tileset:
    firstgid: int
    tilecount: int | None
    name: str
    where: Where
    properties: dict[int, dict[str, object]] = field(default_factory=dict)
    types: dict[int, str] = field(default_factory=dict)
    wheres: dict[int, Where] = field(default_factory=dict)
    tile_width: int = 0
    tile_height: int = 0
    spacing: int = 0
    margin: int = 0
    columns: int = 0  # 0: as many as the image holds
    image: TileImage | None = None  # one image cut into tiles
    tile_images: dict[int, TileImage] = field(default_factory=dict)  # an image collection

    @cached_property
    def span(self) -> int | None:
        """Return how many ids from ``firstgid`` on are this tileset's (None: unknown).

        An image collection's tile ids may exceed ``tilecount`` (Tiled keeps the ids of
        removed tiles free): it spans up to its highest tile id, as Tiled counts it.
        Read once the tileset is complete (the value is kept).
        """
        if self.image is None and self.tile_images:
            return max(self.tilecount or 0, max(self.tile_images) + 1)
        return self.tilecount


@dataclass
class TileLayer:
    name: str
    where: Where
    data: npt.NDArray[np.uint32]
    visible: bool = True
    opacity: float = 1.0  # with the opacity of the groups it lies in


@dataclass
class ImageLayer:
    """An image layer: one picture at an offset in pixels."""

    name: str
    where: Where
    image: TileImage
    x: float = 0.0
    y: float = 0.0
    visible: bool = True
    opacity: float = 1.0


@dataclass
class ObjectArt:
    """The objects of one object layer, drawn where the layer stands (tile objects only)."""

    objects: list[MapObject]
    visible: bool = True
    opacity: float = 1.0


@dataclass
class MapObject:
    where: Where
    type: str
    name: str
    x: float
    y: float
    width: float
    height: float
    point: bool
    gid: int | None
    rotation: float
    shape: str  # "rectangle", "point", "ellipse", "polygon", "polyline", "text"
    properties: dict[str, object]
    template: bool
    points: tuple[tuple[float, float], ...] = ()  # polygon/polyline, relative to (x, y)
    flags: int = 0  # a tile object's flip flags (the gid's top bits)


@dataclass
class TiledMap:
    width: int
    height: int
    tile_width: int
    tile_height: int
    properties: dict[str, object]
    where: Where
    tilesets: list[Tileset] = field(default_factory=list)
    layers: list[TileLayer] = field(default_factory=list)
    objects: list[MapObject] = field(default_factory=list)
    background_colour: str = ""  # "rrggbb" or "aarrggbb"; "": none
    #: What is drawn, in drawing order: tile layers, image layers, object layers.
    drawing: list[TileLayer | ImageLayer | ObjectArt] = field(default_factory=list)


class Unusable(Exception):
    """A part of the file is too broken to go on with; its problems are recorded."""


def rect_fields(
    tmap: TiledMap, x: float, y: float, width: float, height: float
) -> tuple[slice, slice] | None:
    """Return the (rows, columns) of the map's fields a pixel rectangle overlaps.

    Only fields overlapped by a positive area count; the box is clipped to the map.
    None when no field is left: both ends are clipped, so a rectangle above or left
    of the map never gives a negative slice end (which numpy counts from the far side).
    """
    tw, th = tmap.tile_width, tmap.tile_height
    x0 = max(0, math.floor(x / tw + 1e-9))
    y0 = max(0, math.floor(y / th + 1e-9))
    x1 = min(tmap.width, math.ceil((x + width) / tw - 1e-9))
    y1 = min(tmap.height, math.ceil((y + height) / th - 1e-9))
    if x0 >= x1 or y0 >= y1:
        return None
    return slice(y0, y1), slice(x0, x1)


def outside_text(obj: MapObject, tmap: TiledMap, language: str = "en") -> str:
    """Return the warning for an object that marks no field: it lies outside the map."""
    size = f"{tmap.width}x{tmap.height}"
    if language == "de":
        kind = f"{obj.type}-Objekt" if obj.type else "Objekt"
        return (
            f"{kind} bei Pixel ({obj.x:g}, {obj.y:g}) liegt außerhalb der {size}-Karte; "
            "es markiert kein Feld"
        )
    kind = obj.type or "object"
    return (
        f"{kind} object at pixel ({obj.x:g}, {obj.y:g}) lies outside the {size} map; "
        "it marks no field"
    )
