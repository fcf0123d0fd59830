"""Draw a Tiled map's layers into one background image: one field per tile.

Drawn in the map's order: tile layers, image layers (at their offset) and the tile
objects of object layers (at their size, from their bottom-left corner, turned and
flipped; creatures and deployment zones are left to the game), all scaled by one
factor: pixels per field over the map's tile size.

Every tile is drawn scaled to one field (Tiled anchors a larger tile at its cell's
bottom-left corner; a battle map wants it on its field). Tiles come from a tileset's
one image (cut by tile size, ``margin`` and ``spacing``, ``columns``) or from an image
collection (one image per tile, or the part of it a tile names). Flip flags are
applied as Tiled does: the x/y swap first, then horizontal and vertical. Hidden
layers are not drawn; a layer's opacity (with its groups') is. What no tile covers
shows the map's background colour (white if it has none).

Images are read as the mission's background is: only inside the map's folder (or
its project folder, :mod:`game.missions.map_files`, within the load's budget), at
most ``MAX_IMAGE_BYTES`` and 8192×8192 pixels, PNG, JPEG or WebP, decoded and drawn by
:mod:`game.missions.pictures` (this module imports no pygame). An image that is missing,
damaged, of another format or outside the folder is a warning: the map loads and
those tiles stay undrawn. The image is bounded: at most ``MAX_SIDE`` pixels a side and
``MAX_PIXELS`` in all (pixels per field shrink for large maps), at most ``MAX_TILES``
tiles drawn, at most ``MAX_DECODED`` pixels of images read.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from game.match.problems import MissionError, Problem, problem_of
from game.missions import pictures
from game.missions.loader_texts import mission_say
from game.missions.map_files import MapFiles
from game.missions.paths import MAX_IMAGE_BYTES, check_image
from game.missions.tiled_model import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    GID_MASK,
    ImageLayer,
    ObjectArt,
    TiledMap,
    TileImage,
    TileLayer,
    Tileset,
    Where,
)

if TYPE_CHECKING:
    from game.missions.pictures import Surface

#: Pixels per field: the map's tile width within these bounds.
MIN_PIXELS_PER_FIELD = 16
MAX_PIXELS_PER_FIELD = 128
#: Largest background: pixels a side and in all.
MAX_SIDE = 8192
MAX_PIXELS = 32 * 1024 * 1024
#: Most tiles drawn over all layers (protects against maps of a hundred full layers).
MAX_TILES = 1_000_000
#: Most pixels of all tileset images read together (each is at most 8192x8192 anyway).
MAX_DECODED = 64 * 1024 * 1024

#: Looks a masked global tile id up: its tileset and local id, or None.
TileLookup = Callable[[int], "tuple[Tileset, int] | None"]


@dataclass(frozen=True)
class Art:
    """The rendered background: PNG bytes and pixels per field (None: nothing to draw)."""

    png: bytes | None
    pixels_per_field: int
    warnings: tuple[Problem, ...]


def pixels_per_field(width: int, height: int, tile_width: int) -> int:
    """Return the background's pixels per field for a map of ``width``×``height`` fields."""
    ppf = min(MAX_PIXELS_PER_FIELD, max(MIN_PIXELS_PER_FIELD, tile_width))
    ppf = min(ppf, MAX_SIDE // max(width, height))
    while ppf > 1 and width * height * ppf * ppf > MAX_PIXELS:
        ppf -= 1
    return max(1, ppf)


def render_tiled(tmap: TiledMap, lookup: TileLookup, files: MapFiles | None) -> Art:
    """Return the map's tile layers drawn at the field grid, with the warnings found.

    ``lookup`` finds a (masked) global id's tileset; ``files`` are the files the load
    may read (None: no image can be read). Never raises for a bad image: it becomes
    a warning.
    """
    ppf = pixels_per_field(tmap.width, tmap.height, tmap.tile_width)
    painter = _Painter(tmap, lookup, files, ppf)
    try:
        drawn = painter.draw()
    except pictures.drawing_errors() as exc:  # a picture pygame cannot handle
        painter.warn(
            "failed",
            tmap.where,
            f"the tile images cannot be drawn ({exc}); the map loads without its picture",
            f"die Tile-Bilder lassen sich nicht zeichnen ({exc}); die Karte wird ohne ihr "
            "Bild geladen",
        )
        return Art(None, ppf, tuple(painter.warnings))
    if not drawn:
        return Art(None, ppf, tuple(painter.warnings))
    return Art(pictures.encode_png(painter.canvas), ppf, tuple(painter.warnings))


def _colour(text: str) -> tuple[int, int, int]:
    """Return Tiled's "rrggbb" / "aarrggbb" as RGB; white when absent or unreadable."""
    digits = text[-6:]
    if len(text) in (6, 8) and all(c in "0123456789abcdefABCDEF" for c in text):
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    return 255, 255, 255


class _Painter:
    """Draws the layers onto one canvas, loading and scaling each tile once."""

    def __init__(
        self, tmap: TiledMap, lookup: TileLookup, files: MapFiles | None, ppf: int
    ) -> None:
        self.map = tmap
        self.lookup = lookup
        self.files = files
        self.ppf = ppf
        self.warnings: list[Problem] = []
        self.warned: set[object] = set()
        self.images: dict[str, Surface | None] = {}
        self.tiles: dict[int, Surface | None] = {}
        self.budget = MAX_TILES  # tiles left to draw
        self.area = 4 * MAX_PIXELS  # pixels left for image layers and tile objects
        self.decoded = 0  # pixels of the images read so far
        size = (tmap.width * ppf, tmap.height * ppf)
        self.canvas = pictures.canvas(size, colour=_colour(tmap.background_colour))

    def warn(self, once: object, where: Where, message: str, german: str) -> None:
        """Warn once per ``once`` (English ``message``, its ``german`` text for the UI)."""
        if once in self.warned:
            return
        self.warned.add(once)
        if len(self.warnings) < 50:
            self.warnings.append(where.warning(message, german))

    def draw(self) -> bool:
        """Draw every visible layer in drawing order; return whether anything was drawn."""
        drawn = False
        for item in self.map.drawing or list(self.map.layers):
            if not item.visible or item.opacity <= 0:
                continue
            target = self.canvas
            if item.opacity < 0.999:
                target = pictures.canvas(self.canvas.get_size(), alpha=True)
            if isinstance(item, TileLayer):
                if self.budget < 0:
                    break
                pieces = self.tile_pieces(item)
            elif isinstance(item, ImageLayer):
                pieces = self.image_pieces(item)
            else:
                pieces = self.object_pieces(item)
            if not pieces:
                continue
            target.blits(pieces, doreturn=False)
            drawn = True
            if target is not self.canvas:
                target.set_alpha(round(item.opacity * 255))
                self.canvas.blit(target, (0, 0))
        return drawn

    def tile_pieces(self, layer: TileLayer) -> list[tuple[Surface, tuple[int, int]]]:
        """Return the layer's tiles with their places, within the tile budget."""
        w, ppf = self.map.width, self.ppf
        cells = np.flatnonzero(layer.data & GID_MASK)
        self.budget -= len(cells)
        if self.budget < 0:
            self.warn(
                "budget",
                layer.where,
                f"layer {layer.name[:40]!r} and those above it are not drawn: the map "
                f"has more than {MAX_TILES} tiles; expected fewer",
                f"die Ebene {layer.name[:40]!r} und die darüber werden nicht gezeichnet: "
                f"die Karte hat mehr als {MAX_TILES} Tiles; erwartet sind weniger",
            )
            return []
        unique, inverse = np.unique(layer.data[cells], return_inverse=True)
        pieces = []
        for index, gid in enumerate(unique.tolist()):
            surface = self.tile(int(gid), layer.where)
            if surface is None:
                continue
            for cell in cells[inverse.reshape(-1) == index].tolist():
                y, x = divmod(cell, w)
                pieces.append((surface, (x * ppf, y * ppf)))
        return pieces

    def scaled(self, width: float, height: float) -> tuple[int, int] | None:
        """Return a size in map pixels as canvas pixels; None if empty or far too large."""
        size = (
            round(width * self.ppf / self.map.tile_width),
            round(height * self.ppf / self.map.tile_height),
        )
        if size[0] < 1 or size[1] < 1:
            return None
        if size[0] > MAX_SIDE or size[1] > MAX_SIDE:
            return None
        self.area -= size[0] * size[1]
        return size if self.area >= 0 else None

    def image_pieces(self, layer: ImageLayer) -> list[tuple[Surface, tuple[int, int]]]:
        """Return an image layer's picture, scaled as the tiles are, at its offset."""
        image = self.image(layer.image)
        if image is None:
            return []
        size = self.scaled(image.get_width(), image.get_height())
        if size is None:
            return []
        x, y = self.scaled_point(layer.x, layer.y)
        return [(pictures.fitted(image, size), (x, y))]

    def scaled_point(self, x: float, y: float) -> tuple[int, int]:
        sx, sy = self.ppf / self.map.tile_width, self.ppf / self.map.tile_height
        return round(x * sx), round(y * sy)

    def object_pieces(self, layer: ObjectArt) -> list[tuple[Surface, tuple[int, int]]]:
        """Return the layer's tile objects' pictures (creatures and zones are not drawn)."""
        pieces = []
        for obj in layer.objects:
            found = self.lookup(obj.gid) if obj.gid else None
            if found is None or obj.shape != "rectangle":
                continue
            tileset, local = found
            kind = (obj.type or tileset.types.get(local, "")).strip().lower()
            if kind in _NOT_DRAWN:
                continue  # the game draws its tokens and zones itself
            piece = self.piece(tileset, local, obj.where)
            if piece is None:
                continue
            w = obj.width or piece.get_width()
            h = obj.height or piece.get_height()
            size = self.scaled(w, h)
            if size is None:
                continue
            if obj.flags & (FLIP_H | FLIP_V):
                piece = pictures.flipped(piece, bool(obj.flags & FLIP_H), bool(obj.flags & FLIP_V))
            piece = pictures.fitted(piece, size)
            left, top = 0.0, -h  # the picture hangs from the object's bottom-left corner
            if obj.rotation % 360:
                piece = pictures.turned(piece, obj.rotation)  # Tiled turns clockwise
                left, top = _turned_corner(w, h, obj.rotation)
            pieces.append((piece, self.scaled_point(obj.x + left, obj.y + top)))
        return pieces

    def tile(self, raw: int, where: Where) -> Surface | None:
        """Return the tile of raw global id ``raw`` (flags included) scaled to one field."""
        if raw in self.tiles:
            return self.tiles[raw]
        self.tiles[raw] = None
        found = self.lookup(raw & GID_MASK)
        if found is None:
            return None
        tileset, local = found
        piece = self.piece(tileset, local, where)
        if piece is None:
            return None
        if raw & FLIP_D:  # x/y swap: a quarter turn clockwise, then mirrored left-right
            piece = pictures.flipped(pictures.turned(piece, 90), True, False)
        if raw & (FLIP_H | FLIP_V):
            piece = pictures.flipped(piece, bool(raw & FLIP_H), bool(raw & FLIP_V))
        piece = pictures.fitted(piece, (self.ppf, self.ppf))
        self.tiles[raw] = piece
        return piece

    def piece(self, tileset: Tileset, local: int, where: Where) -> Surface | None:
        """Return the unscaled part of the tileset's image that tile ``local`` shows."""
        own = tileset.tile_images.get(local)
        if own is not None:
            image = self.image(own)
            if image is None:
                return None
            x, y, w, h = own.rect or (0, 0, image.get_width(), image.get_height())
        elif tileset.image is not None:
            image = self.image(tileset.image)
            if image is None:
                return None
            rect = self.cut(tileset, local, image.get_size())
            if rect is None:
                return None
            x, y, w, h = rect
        else:
            self.warn(
                ("no image", id(tileset)),
                tileset.where,
                f"tileset {tileset.name[:40]!r} has no image for tile {local}; its tiles "
                "are not drawn",
                f"das Tileset {tileset.name[:40]!r} hat kein Bild für Tile {local}; seine "
                "Tiles werden nicht gezeichnet",
            )
            return None
        iw, ih = image.get_size()
        if w < 1 or h < 1 or x < 0 or y < 0 or x + w > iw or y + h > ih:
            self.warn(
                ("outside", id(tileset), local),
                tileset.where,
                f"tile {local} of tileset {tileset.name[:40]!r} lies outside its "
                f"{iw}x{ih} image; it is not drawn",
                f"Tile {local} des Tilesets {tileset.name[:40]!r} liegt außerhalb seines "
                f"{iw}x{ih}-Bildes; es wird nicht gezeichnet",
            )
            return None
        return image.subsurface((x, y, w, h))

    def cut(
        self, tileset: Tileset, local: int, size: tuple[int, int]
    ) -> tuple[int, int, int, int] | None:
        """Return the rectangle of tile ``local`` in a tileset's one image."""
        tw = tileset.tile_width or self.map.tile_width
        th = tileset.tile_height or self.map.tile_height
        step_x, step_y = tw + tileset.spacing, th + tileset.spacing
        columns = tileset.columns or (size[0] - 2 * tileset.margin + tileset.spacing) // step_x
        if columns < 1:
            self.warn(
                ("columns", id(tileset)),
                tileset.where,
                f"tileset {tileset.name[:40]!r}: its {size[0]}x{size[1]} image holds no "
                f"{tw}x{th} tile; its tiles are not drawn",
                f"Tileset {tileset.name[:40]!r}: sein {size[0]}x{size[1]}-Bild enthält kein "
                f"{tw}x{th}-Tile; seine Tiles werden nicht gezeichnet",
            )
            return None
        row, column = divmod(local, columns)
        return tileset.margin + column * step_x, tileset.margin + row * step_y, tw, th

    def image(self, source: TileImage) -> Surface | None:
        """Return a tileset image, read once; None (and a warning) if it cannot be used."""
        key = f"{source.source}#{source.trans}"
        if key in self.images:
            return self.images[key]
        self.images[key] = None
        label = source.source
        try:
            if self.files is None:
                message = mission_say("without_folder")
                raise MissionError([problem_of(label, message)])
            path = self.files.resolve(source.source, path_label=source.where.path)
            label = str(Path(source.where.path).parent / source.source)
            data = self.files.read(path, MAX_IMAGE_BYTES, path_label=label)
            width, height = check_image(data, path_label=label)
            self.decoded += width * height
            if self.decoded > MAX_DECODED:
                self.warn(
                    "decoded",
                    source.where,
                    f"tile image {source.source[:80]!r} and further ones are not read: the "
                    f"tilesets' images hold more than {MAX_DECODED} pixels together; "
                    f"{_UNDRAWN}",
                    f"das Tile-Bild {source.source[:80]!r} und weitere werden nicht gelesen: "
                    f"die Bilder der Tilesets haben zusammen mehr als {MAX_DECODED} Pixel; "
                    f"{_UNDRAWN_DE}",
                )
                return None
            image = pictures.decode(data, name=Path(source.source).name, path_label=label)
        except MissionError as exc:
            reason = "; ".join(p.message for p in exc.problems)
            reason_de = "; ".join(p.text("de") for p in exc.problems)
            self.warn(
                key,
                source.where,
                f"tile image {source.source[:80]!r}: {reason}; {_UNDRAWN}",
                f"das Tile-Bild {source.source[:80]!r} ist nicht verwendbar ({reason_de}); "
                f"{_UNDRAWN_DE}",
            )
            return None
        image = pictures.deepened(image)  # palette images cannot be scaled smoothly
        if source.trans:
            image = pictures.keyed(image, _colour(source.trans))
        self.images[key] = image
        return image


_UNDRAWN = "the map loads, its tiles are not drawn"
_UNDRAWN_DE = "die Karte wird geladen, ihre Tiles werden nicht gezeichnet"
#: Object types whose tile pictures are not drawn into the background.
_NOT_DRAWN = frozenset({"creature", "deployment"})


def _turned_corner(width: float, height: float, degrees: float) -> tuple[float, float]:
    """Return the top-left of a picture's bounding box turned about its bottom-left corner."""
    turn = math.radians(degrees)
    cos, sin = math.cos(turn), math.sin(turn)
    corners = [(0.0, -height), (width, -height), (width, 0.0), (0.0, 0.0)]
    turned = [(x * cos - y * sin, x * sin + y * cos) for x, y in corners]
    return min(x for x, _ in turned), min(y for _, y in turned)
