"""The map under the tokens: background image, the fields' looks, grid, coordinates.

How it is drawn: every field has a look code (``map_looks.field_codes``). Each distinct
code is painted once per field size into a small sprite (with its share of the grid
lines); square *tiles* of ``TILE_PX`` map pixels are composed from the floor, the
background image, the grid lines and those sprites, and kept in an LRU cache
(``map_tiles.TileCache``) keyed by (grid generation, ``grid.version``, field size,
tile) whose memory is bounded (``map_tiles.MAX_TILE_BYTES``). Walls and doors on field
edges (D-13, ``edge_looks``) are painted into the tiles too; changing one bumps
``grid.version``, so a door opened in the match redraws the tiles and nothing else does.
Tokens hide a door's middle, so ``draw_door_marks`` paints the doors next to drawn tokens
again over them (``door_marks``).
Tiles have one pixel size at every zoom, so a tile dropped from the cache is reused for
the next one. A frame costs one batched blit (``Surface.fblits``) of the tiles in view; a frame that
found them all cached renders the tiles the next frames are likely to need (a margin
round the view and one wheel step in and out) for at most ``PREFETCH_MS``.

Coordinates: numbers counted from 0, columns (x) along the top border and rows (y)
along the left border -- the convention of mission files, ``Cell`` and the printed
map (``game.export.sheet.FIRST_COORDINATE``).

``background_for(mission)`` loads a mission's background image (a file beside a
native mission, or the image a UVTT file carries); ``MapRenderer.for_mission`` uses it.
"""

from __future__ import annotations

import io
import math
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.board.grid import BattleGrid
from game.ui import theme
from game.ui.camera import BASE_CELL_PX, MAX_ZOOM, MIN_ZOOM, Camera
from game.ui.door_marks import DoorMarks
from game.ui.edge_looks import draw_edges, has_edges
from game.ui.map_looks import IntGrid, field_codes, render_field
from game.ui.map_tiles import TILE_BYTES, TILE_PX, TileCache, new_opaque, opaque, with_alpha
from game.ui.theme import Colour, Fonts

if TYPE_CHECKING:
    from game.missions.loader import LoadedMission

#: Time a frame with every tile cached may spend rendering tiles it may need next.
PREFETCH_MS = 1.0
#: How far beyond the view (pixels) tiles are rendered ahead for panning.
PREFETCH_MARGIN_PX = 160
#: The zoom step of the scenes' mouse wheel (1.15): the neighbouring sizes to prefetch.
PREFETCH_STEP = 1.15
#: How many field sprites (one per look code and size) are kept.
MAX_SPRITES = 4096
#: Grid lines darken what lies under them (works on plain floor and on images alike).
GRID_MULT = (168, 168, 168)
GRID_MULT_SMALL = (205, 205, 205)
#: The coordinate strips are opaque: nothing of the map, its overlays or tokens shows
#: through them (the battle screen draws them last, over every map layer).
COORD_STRIP: Colour = (16, 18, 22)

NO_BACKGROUND: tuple[None, int, tuple[int, int]] = (None, 0, (0, 0))


# ------------------------------------------------------------------ renderer
class MapRenderer:
    """Draw one BattleGrid; caches are keyed on ``grid.version`` and the field size."""

    def __init__(
        self,
        grid: BattleGrid,
        fonts: Fonts,
        *,
        background: pygame.Surface | None = None,
        background_px_per_field: int = 0,
        background_offset: tuple[int, int] = (0, 0),
    ) -> None:
        self.grid = grid
        self.fonts = fonts
        self.background: pygame.Surface | None = None
        self.background_px_per_field = 0
        self.background_offset = (0, 0)
        self.tiles = TileCache()
        self.prefetch = True  # render likely next tiles in frames that have time left
        self._last_size = 0
        self._last_view: tuple[float, float, int] | None = None
        self._zoom_trend = 1
        self._sprites: OrderedDict[tuple[int, int, bool, bool], pygame.Surface] = OrderedDict()
        self._generation = 0
        self._codes: tuple[tuple[int, int], IntGrid] | None = None
        self._edges: tuple[tuple[int, int], bool] | None = None
        self.door_marks = DoorMarks()
        self._labels: dict[tuple[str, int], pygame.Surface] = {}
        self._rulers: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self.set_background(background, background_px_per_field, background_offset)

    @classmethod
    def for_mission(
        cls, grid: BattleGrid, fonts: Fonts, mission: LoadedMission | Path | str | None
    ) -> MapRenderer:
        """Return a renderer of ``grid`` with the mission's background image, if it has one."""
        image, px_per_field, offset = background_for(mission)
        return cls(
            grid,
            fonts,
            background=image,
            background_px_per_field=px_per_field,
            background_offset=offset,
        )

    # ------------------------------------------------------------- changes
    def set_grid(self, grid: BattleGrid) -> None:
        """Draw another grid from now on (after undo the battle has a new grid object)."""
        if grid is not self.grid:
            self.grid = grid
            self._generation += 1

    def set_background(
        self,
        image: pygame.Surface | None,
        px_per_field: int = 0,
        offset: tuple[int, int] = (0, 0),
    ) -> None:
        """Lay ``image`` under the grid: ``px_per_field`` image pixels per field, the grid's
        top-left corner at image pixel ``offset`` (the mission's ``[map.background]``)."""
        if image is not None and px_per_field < 1:
            image = None
        self.background = image
        self.background_px_per_field = px_per_field if image is not None else 0
        self.background_offset = (int(offset[0]), int(offset[1])) if image is not None else (0, 0)
        self._generation += 1
        self._sprites.clear()
        self.tiles.clear()

    # ------------------------------------------------------------- queries
    def codes(self) -> IntGrid:
        """Return the look codes of the current grid (cached per grid and version)."""
        key = (self._generation, self.grid.version)
        if self._codes is None or self._codes[0] != key:
            self._codes = (key, field_codes(self.grid))
        return self._codes[1]

    def has_edges(self) -> bool:
        """Return whether the grid has walls or doors on field edges (cached per version)."""
        key = (self._generation, self.grid.version)
        if self._edges is None or self._edges[0] != key:
            self._edges = (key, has_edges(self.grid.edges))
        return self._edges[1]

    def draw_door_marks(
        self, surface: pygame.Surface, camera: Camera, tokens: Iterable[pygame.Rect]
    ) -> None:
        """Draw the edge doors on the border of a drawn token again, over the tokens (D-13).

        ``tokens``: the footprints the token renderer drew (``TokenRenderer.drawn``).
        """
        if not self.has_edges():
            return
        marks = self.door_marks
        marks.update(self.grid.edges, (self._generation, self.grid.version))
        marks.draw(surface, camera, marks.near(camera, tokens))

    def sprite(self, code: int, s: int, *, grid_line: bool = True) -> pygame.Surface:
        """Return the cached picture of one field look at ``s`` pixels.

        ``grid_line``: the field's top and left edge darkened like the grid lines, so a
        tile needs no line drawn over its sprites.
        """
        key = (code, s, self.background is not None, grid_line)
        spr = self._sprites.get(key)
        if spr is None:
            spr = render_field(code, s, over_image=self.background is not None, fonts=self.fonts)
            if grid_line:
                line = _grid_mult(s)
                spr.fill(line, (0, 0, s, 1), special_flags=pygame.BLEND_RGB_MULT)
                spr.fill(line, (0, 1, 1, s - 1), special_flags=pygame.BLEND_RGB_MULT)
            spr = with_alpha(spr)
            self._sprites[key] = spr
            if len(self._sprites) > MAX_SPRITES:
                self._sprites.popitem(last=False)
        return spr

    def tile(self, tx: int, ty: int, s: int) -> pygame.Surface:
        """Return the cached tile (``tx``, ``ty``): map pixels from (tx, ty) * ``TILE_PX``
        at fields of ``s`` pixels."""
        key = (self._generation, self.grid.version, s, tx, ty)
        tile = self.tiles.get(key)
        if tile is None:
            tile = self._render_tile(tx, ty, s)
            self.tiles.put(key, tile)
        return tile

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the map into the camera's viewport.

        A frame whose view did not move and found every tile in the cache spends up to
        ``PREFETCH_MS`` on tiles it may need next: a margin round the view and the views
        one wheel step in and out, so panning and zooming rarely wait for a tile.
        """
        s = camera.cell_px
        if s != self._last_size:
            self._zoom_trend = 1 if s > self._last_size else -1
            self._last_size = s
        width, height = self.grid.width, self.grid.height
        x0, y0, x1, y1 = _view_fields(camera)
        misses = self.tiles.misses
        vx, vy = camera.viewport_x, camera.viewport_y
        blits = [
            (
                self.tile(tx, ty, s),
                (round(tx * TILE_PX - camera.x) + vx, round(ty * TILE_PX - camera.y) + vy),
            )
            for tx, ty, _ in _tiles_for(x0, y0, x1, y1, s, width, height)
        ]
        if blits:
            surface.fblits(blits)
        left, top = camera.cell_to_screen((0, 0))
        right, bottom = camera.cell_to_screen((width, height))
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, (left - 1, top - 1, right - left + 2, bottom - top + 2), 1
        )
        # Prefetch only while the view rests: a moving view's frames are busy enough, and
        # the tiles it prepares for a view that keeps moving are mostly never drawn.
        view = (camera.x, camera.y, s)
        resting = view == self._last_view
        self._last_view = view
        if self.prefetch and resting and self.tiles.misses == misses:
            self._prefetch(camera)

    def _prefetch_keys(self, camera: Camera) -> Iterator[tuple[int, int, int]]:
        """Yield (tx, ty, s) of the tiles the next frames may need, most likely first."""
        width, height = self.grid.width, self.grid.height
        x0, y0, x1, y1 = _view_fields(camera)
        s = camera.cell_px
        margin = PREFETCH_MARGIN_PX / s
        yield from _tiles_for(x0 - margin, y0 - margin, x1 + margin, y1 + margin, s, width, height)
        # the way the last zoom went first: people wheel on in one direction
        steps = (PREFETCH_STEP, 1 / PREFETCH_STEP)
        for factor in steps if self._zoom_trend >= 0 else steps[::-1]:
            zoom = min(MAX_ZOOM, max(MIN_ZOOM, camera.zoom * factor))
            other = max(4, round(BASE_CELL_PX * zoom))
            if other == s:
                continue
            # zooming at the cursor keeps a point of the view: the new view lies within
            # the old one grown by the zoom step on every side
            grow = max(0.0, s / other - 1.0)
            gx, gy = (x1 - x0) * grow + 1, (y1 - y0) * grow + 1
            yield from _tiles_for(x0 - gx, y0 - gy, x1 + gx, y1 + gy, other, width, height)

    def _prefetch(self, camera: Camera) -> None:
        deadline = time.perf_counter() + PREFETCH_MS / 1000.0
        generation = (self._generation, self.grid.version)
        # at most half the cache, so what is in view and what comes next both stay in it
        limit = self.tiles.max_bytes // (2 * TILE_BYTES)
        busy = False
        for count, (tx, ty, s) in enumerate(self._prefetch_keys(camera)):
            if count >= limit:
                return
            key = (*generation, s, tx, ty)
            if key in self.tiles:
                self.tiles.touch(key)  # keep the candidates the most recent entries
                continue
            if busy:
                continue
            self.tiles.put(key, self._render_tile(tx, ty, s))
            busy = time.perf_counter() >= deadline

    def _render_tile(self, tx: int, ty: int, s: int) -> pygame.Surface:
        grid = self.grid
        ox, oy = tx * TILE_PX, ty * TILE_PX
        self.tiles.make_room(TILE_BYTES)
        tile = self.tiles.spare((TILE_PX, TILE_PX)) or new_opaque((TILE_PX, TILE_PX))
        # the part of the tile that shows the map (a tile at the map's edge shows less)
        w = max(0, min(TILE_PX, grid.width * s - ox))
        h = max(0, min(TILE_PX, grid.height * s - oy))
        if w < TILE_PX or h < TILE_PX:
            tile.fill(theme.BACKGROUND)
        fx0, fy0 = ox // s, oy // s
        fx1 = min(grid.width, -(-(ox + w) // s))
        fy1 = min(grid.height, -(-(oy + h) // s))
        line = _grid_mult(s)
        xs_line = [f * s - ox for f in range(fx0, fx1) if f * s >= ox]
        ys_line = [f * s - oy for f in range(fy0, fy1) if f * s >= oy]
        if self.background is not None:
            tile.fill(theme.BACKGROUND, (0, 0, w, h))
            self._blit_background(tile, ox, oy, w, h, s)
            for x in xs_line:
                tile.fill(line, (x, 0, 1, h), special_flags=pygame.BLEND_RGB_MULT)
            for y in ys_line:
                tile.fill(line, (0, y, w, 1), special_flags=pygame.BLEND_RGB_MULT)
        else:
            # plain floor: the grid lines in the floor's darkened colour (fast plain fills)
            tile.fill(theme.FLOOR, (0, 0, w, h))
            colour = _multiplied(theme.FLOOR, line)
            for x in xs_line:
                tile.fill(colour, (x, 0, 1, h))
            for y in ys_line:
                tile.fill(colour, (0, y, w, 1))
        block = self.codes()[fy0:fy1, fx0:fx1]
        ys, xs = np.nonzero(block)
        if len(xs):
            values = block[ys, xs].tolist()
            sprites = {code: self.sprite(code, s) for code in set(values)}
            bx, by = fx0 * s - ox, fy0 * s - oy
            tile.fblits(
                [
                    (sprites[code], (bx + x * s, by + y * s))
                    for code, x, y in zip(values, xs.tolist(), ys.tolist(), strict=True)
                ]
            )
        if self.has_edges():  # over the fields and the image, under the tokens (D-13)
            draw_edges(tile, grid.edges, ox, oy, w, h, s)
        return tile

    def _blit_background(
        self, tile: pygame.Surface, ox: int, oy: int, w: int, h: int, s: int
    ) -> None:
        """Draw the image under map pixels (ox, oy, w, h) at fields of ``s`` pixels."""
        image = self.background
        assert image is not None
        ppf = self.background_px_per_field
        offset_x, offset_y = self.background_offset
        per_px = ppf / s  # image pixels per map pixel
        # the image pixels under this part of the map, whole pixels, clipped to the image
        ix0 = math.floor(offset_x + ox * per_px)
        iy0 = math.floor(offset_y + oy * per_px)
        ix1 = math.ceil(offset_x + (ox + w) * per_px)
        iy1 = math.ceil(offset_y + (oy + h) * per_px)
        part = pygame.Rect(ix0, iy0, ix1 - ix0, iy1 - iy0).clip(image.get_rect())
        if part.width <= 0 or part.height <= 0:
            return
        scale = s / ppf
        dest = (
            round((part.x - offset_x) * scale) - ox,
            round((part.y - offset_y) * scale) - oy,
        )
        size = (max(1, round(part.width * scale)), max(1, round(part.height * scale)))
        piece = image.subsurface(part)
        if scale < 1.0 and piece.get_bitsize() in (24, 32):
            scaled = pygame.transform.smoothscale(piece, size)
        else:
            scaled = pygame.transform.scale(piece, size)
        clip = tile.get_clip()
        tile.set_clip(pygame.Rect(0, 0, w, h))
        tile.blit(scaled, dest)
        tile.set_clip(clip)

    # --------------------------------------------------------- coordinates
    def _label(self, text: str, size: int) -> pygame.Surface:
        key = (text, size)
        label = self._labels.get(key)
        if label is None:
            if len(self._labels) > 8000:
                self._labels.clear()
            label = with_alpha(self.fonts.get(size).render(text, True, theme.TEXT))
            self._labels[key] = label
        return label

    def coordinate_strips(self, camera: Camera) -> tuple[pygame.Rect, pygame.Rect]:
        """Return the screen rectangles of the top (x) and left (y) coordinate strips."""
        size = _coordinate_font(camera.cell_px)
        digits = len(str(max(0, max(self.grid.width, self.grid.height) - 1)))
        width = self.fonts.get(size).size("0" * digits)[0] + 8
        height = size + 1
        top = pygame.Rect(camera.viewport_x, camera.viewport_y, camera.viewport_w, height)
        left = pygame.Rect(camera.viewport_x, camera.viewport_y, width, camera.viewport_h)
        return top, left

    def _ruler(self, axis: str, index: int, s: int, thickness: int) -> pygame.Surface:
        """Return a piece ``TILE_PX`` long of the x (top) or y (left) coordinate strip."""
        key = (axis, index, s, thickness, self.grid.width, self.grid.height)
        ruler = self._rulers.get(key)
        if ruler is not None:
            self._rulers.move_to_end(key)
            return ruler
        size = _coordinate_font(s)
        across = axis == "x"
        ruler = new_opaque((TILE_PX, thickness) if across else (thickness, TILE_PX))
        ruler.fill(COORD_STRIP)
        count = self.grid.width if across else self.grid.height
        label_px = (
            self.fonts.get(size).size(str(max(self.grid.width, self.grid.height)))[0] + 6
            if across
            else size + 2
        )
        step = _label_step(s, label_px)
        start = max(0, (index * TILE_PX) // s - 1)
        stop = min(count, -(-((index + 1) * TILE_PX) // s) + 1)
        for f in range(start - start % step, stop, step):
            if f < start:
                continue
            label = self._label(str(f), size)
            middle = f * s + s // 2 - index * TILE_PX
            if across:
                ruler.blit(label, (middle - label.get_width() // 2, 1))
            else:
                ruler.blit(
                    label, (thickness - 4 - label.get_width(), middle - label.get_height() // 2)
                )
        self._rulers[key] = ruler
        if len(self._rulers) > 256:
            self._rulers.popitem(last=False)
        return ruler

    def draw_coordinates(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the field coordinates along the viewport's border (x on top, y on the left,
        counted from 0 like the mission file and the printed map)."""
        s = camera.cell_px
        top, left = self.coordinate_strips(camera)
        previous = surface.get_clip()
        vx, vy = camera.viewport_x, camera.viewport_y
        # the top strip right of the left one, pieces placed like the map's tiles
        surface.set_clip(previous.clip(pygame.Rect(left.right, top.y, top.width, top.height)))
        first, last = math.floor(camera.x / TILE_PX), math.floor((camera.x + top.width) / TILE_PX)
        surface.fblits(
            [
                (self._ruler("x", i, s, top.height), (round(i * TILE_PX - camera.x) + vx, top.y))
                for i in range(first, last + 1)
            ]
        )
        surface.set_clip(previous.clip(pygame.Rect(left.x, top.bottom, left.width, left.height)))
        first, last = math.floor(camera.y / TILE_PX), math.floor((camera.y + left.height) / TILE_PX)
        surface.fblits(
            [
                (self._ruler("y", i, s, left.width), (left.x, round(i * TILE_PX - camera.y) + vy))
                for i in range(first, last + 1)
            ]
        )
        surface.set_clip(previous.clip(pygame.Rect(left.x, top.y, left.width, top.height)))
        surface.fill(COORD_STRIP, (left.x, top.y, left.width, top.height))
        surface.set_clip(previous)


def _coordinate_font(cell_px: int) -> int:
    return 15 if cell_px < 30 else 17


def _grid_mult(s: int) -> tuple[int, int, int]:
    return GRID_MULT if s >= 16 else GRID_MULT_SMALL


def _multiplied(colour: Colour, factor: tuple[int, int, int]) -> Colour:
    return (
        colour[0] * factor[0] // 255,
        colour[1] * factor[1] // 255,
        colour[2] * factor[2] // 255,
    )


def _view_fields(camera: Camera) -> tuple[float, float, float, float]:
    """Return the view in field units: (x0, y0, x1, y1), not clipped to the map."""
    s = camera.cell_px
    return (
        camera.x / s,
        camera.y / s,
        (camera.x + camera.viewport_w) / s,
        (camera.y + camera.viewport_h) / s,
    )


def _tiles_for(
    x0: float, y0: float, x1: float, y1: float, s: int, width: int, height: int
) -> Iterator[tuple[int, int, int]]:
    """Yield (tx, ty, s) of the map tiles under fields x0..x1, y0..y1 (clipped to the map)."""
    px0, py0 = max(0.0, x0 * s), max(0.0, y0 * s)
    px1, py1 = min(width * s, x1 * s), min(height * s, y1 * s)
    if px1 <= px0 or py1 <= py0:
        return
    for ty in range(int(py0 // TILE_PX), int((py1 - 1) // TILE_PX) + 1):
        for tx in range(int(px0 // TILE_PX), int((px1 - 1) // TILE_PX) + 1):
            yield tx, ty, s


def _label_step(cell_px: int, label_px: int) -> int:
    """Return every how many fields a coordinate is labelled so labels do not overlap."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if step * cell_px >= label_px:
            return step
    return 1000


# --------------------------------------------------------------- background
def background_for(
    source: LoadedMission | Path | str | None,
) -> tuple[pygame.Surface | None, int, tuple[int, int]]:
    """Return (image, pixels per field, offset) of a mission's background, or (None, 0, (0, 0)).

    ``source`` is a LoadedMission or a mission file. UVTT missions carry the image
    inside (``LoadedMission.images``); native missions name a file in their folder.
    A missing, damaged or oversized image gives no background (the map still draws).
    """
    from game.match.problems import MissionError
    from game.missions.loader import LoadedMission, load_any
    from game.missions.paths import MAX_IMAGE_BYTES, check_image, read_limited, resolve_inside

    if source is None:
        return NO_BACKGROUND
    try:
        loaded = source if isinstance(source, LoadedMission) else load_any(source)
        background = loaded.mission.background
        if background is None or background.pixels_per_field < 1:
            return NO_BACKGROUND
        data = loaded.images.get(background.path) or loaded.images.get(
            background.path.replace("\\", "/")
        )
        if data is None:
            path = resolve_inside(loaded.base_dir, background.path, path_label=background.path)
            data = read_limited(path, MAX_IMAGE_BYTES, path_label=background.path)
        check_image(data, path_label=background.path)
        image = pygame.image.load(io.BytesIO(data), Path(background.path).name)
    except (MissionError, OSError, ValueError, pygame.error):
        return NO_BACKGROUND
    return opaque(image), background.pixels_per_field, background.offset
