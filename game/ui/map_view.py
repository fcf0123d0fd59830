"""The map under the tokens: background image, terrain, doors, hazards, grid, coordinates.

How it is drawn: every field gets a *look code* (``field_codes``: wall, glass, door
closed/open and its direction, terrain kind, difficult, cover, smoke, hazard). Each
distinct code is painted once per field size into a small sprite (with its share of
the grid lines); square *tiles* of ``TILE_PX`` map pixels are composed from the floor,
the background image, the grid lines and those sprites, and kept in an LRU cache
keyed by (grid generation, ``grid.version``, field size, tile) whose memory is
bounded (``MAX_TILE_BYTES``). Tiles have one pixel size at every zoom, so a tile
dropped from the cache is reused for the next one. A frame costs one batched blit
(``Surface.fblits``) of the tiles in view; a frame that found them all cached renders
the tiles the next frames are likely to need (a margin round the view and one wheel
step in and out) for at most ``PREFETCH_MS``.

Looks: walls dark (a lit top face, a shadowed foot), glass panes (see-through walls)
pale blue with glare strokes, closed doors a wooden leaf with a handle across the
doorway, open doors a free doorway with the leaf halves pushed into the posts;
terrain kinds have their own colour *and* pattern (water waves, rubble pebbles, mud
smears, climbing rungs, slope chevrons, a narrow ledge, crowd heads, glass shards,
strobe rays); difficult ground is hatched; low obstacles (Teildeckung) are
cross-hatched crates, full-cover objects (Volldeckung) solid blocks; smoke grey puffs;
hazards red with warning stripes and a "!" triangle. Terrain kinds with checks also
carry the letter code of the printed map (``game.export.patterns.MARKS``) when fields
are large. Over a background image the looks are see-through tints.

Coordinates: numbers counted from 0, columns (x) along the top border and rows (y)
along the left border -- the convention of mission files, ``Cell`` and the printed
map (``game.export.pdf.FIRST_COORDINATE``).

``FieldLayer`` draws a per-field RGBA array (an overlay) through cached tiles too.
``background_for(mission)`` loads a mission's background image (a file beside a
native mission, or the image a UVTT file carries); ``MapRenderer.for_mission`` uses it.
"""

from __future__ import annotations

import io
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.board.grid import BattleGrid, Cover, Terrain
from game.export.patterns import MARKS, TERRAIN_MARKS, door_runs_horizontally
from game.ui import theme
from game.ui.camera import BASE_CELL_PX, MAX_ZOOM, MIN_ZOOM, Camera
from game.ui.theme import Colour, Fonts

if TYPE_CHECKING:
    from game.missions.loader import LoadedMission

__all__ = [
    "MAX_TILE_BYTES",
    "FieldLayer",
    "LegendItem",
    "MapRenderer",
    "TileCache",
    "background_for",
    "field_codes",
    "fields_per_tile",
    "legend_items",
    "look_keys",
    "look_name",
]

#: Side of a map tile in pixels, the same at every zoom: a tile dropped from the cache
#: is reused for the next one (allocating fresh memory costs more than drawing).
TILE_PX = 512
TILE_BYTES = TILE_PX * TILE_PX * 4
#: FieldLayer tiles aim at about this many pixels per side.
TILE_TARGET_PX = 512
#: Memory the cached tiles of one renderer may use.
MAX_TILE_BYTES = 96 * 1024 * 1024
#: Time a frame with every tile cached may spend rendering tiles it may need next.
PREFETCH_MS = 1.0
#: How far beyond the view (pixels) tiles are rendered ahead for panning.
PREFETCH_MARGIN_PX = 160
#: The zoom step of the scenes' mouse wheel (1.15): the neighbouring sizes to prefetch.
PREFETCH_STEP = 1.15
#: How many field sprites (one per look code and size) are kept.
MAX_SPRITES = 4096
#: Dropped tiles kept for reuse.
MAX_SPARES = 8
#: Grid lines darken what lies under them (works on plain floor and on images alike).
GRID_MULT = (168, 168, 168)
GRID_MULT_SMALL = (205, 205, 205)
COORD_STRIP = (16, 18, 22, 190)

# ----------------------------------------------------------------- look codes
KIND_FLOOR = 0
KIND_WALL = 1
KIND_GLASS = 2
KIND_DOOR_CLOSED = 3
KIND_DOOR_OPEN = 4
_KIND_MASK = 0b111
_HORIZONTAL = 1 << 3
_TERRAIN_SHIFT = 4  # 4 bits
_DIFFICULT = 1 << 8
_COVER_SHIFT = 9  # 2 bits
_SMOKE = 1 << 11
_HAZARD = 1 << 12
_WALL_TOP = 1 << 13  # a wall whose upper neighbour is open: a lit top edge
_WALL_BOTTOM = 1 << 14  # a wall whose lower neighbour is open: a shadowed foot

NO_BACKGROUND: tuple[None, int, tuple[int, int]] = (None, 0, (0, 0))

IntGrid = npt.NDArray[np.int32]


def field_codes(grid: BattleGrid) -> IntGrid:
    """Return the look code of every field ([y, x]); 0 is plain floor.

    A wall or a door shows only itself (as on the printed map); other fields combine
    terrain kind, difficult ground, cover, smoke and hazard.
    """
    shape = grid.shape
    codes = np.zeros(shape, dtype=np.int32)
    ground = ~grid.wall & ~grid.door
    codes |= np.where(ground, grid.terrain.astype(np.int32) << _TERRAIN_SHIFT, 0)
    codes |= np.where(ground & grid.difficult, _DIFFICULT, 0)
    codes |= np.where(ground, grid.cover.astype(np.int32) << _COVER_SHIFT, 0)
    codes |= np.where(ground & grid.smoke, _SMOKE, 0)
    codes |= np.where(ground & grid.hazard, _HAZARD, 0)
    door = grid.door & ~grid.wall
    if door.any():
        horizontal = door_runs_horizontally(grid) & door
        codes[door & ~grid.door_open] = KIND_DOOR_CLOSED
        codes[door & grid.door_open] = KIND_DOOR_OPEN
        codes[horizontal] |= _HORIZONTAL
    solid = np.pad(grid.wall | grid.door, 1, constant_values=True)
    open_above = ~solid[:-2, 1:-1]
    open_below = ~solid[2:, 1:-1]
    wall = grid.wall & ~grid.see_through
    codes[wall] = KIND_WALL
    codes[wall & open_above] |= _WALL_TOP
    codes[wall & open_below] |= _WALL_BOTTOM
    codes[grid.wall & grid.see_through] = KIND_GLASS
    return codes


def fields_per_tile(cell_px: int) -> int:
    """Return the side of a tile in fields for fields of ``cell_px`` pixels."""
    return max(4, min(64, round(TILE_TARGET_PX / max(1, cell_px))))


# ------------------------------------------------------------------- sprites
def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _darker(colour: Colour, t: float = 0.35) -> Colour:
    return _mix(colour, (0, 0, 0), t)


def _lighter(colour: Colour, t: float = 0.35) -> Colour:
    return _mix(colour, (255, 255, 255), t)


def _rgba(colour: Colour, alpha: int) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], alpha)


#: A few fixed spots in a field (fractions) for pebbles, puffs and heads.
_SPOTS = ((0.22, 0.27), (0.62, 0.2), (0.8, 0.58), (0.4, 0.55), (0.18, 0.78), (0.66, 0.84))


def _pattern_water(spr: pygame.Surface, s: int, colour: Colour) -> None:
    wave = _lighter(colour, 0.45)
    width = max(1, s // 22)
    amp = max(1.0, s * 0.06)
    for row in (0.3, 0.62, 0.92):
        y0 = s * row - amp
        points = [(x, y0 + amp * math.sin(x / s * 4 * math.pi)) for x in range(0, s + 1, 2)]
        if len(points) > 1:
            pygame.draw.lines(spr, wave, False, points, width)


def _pattern_rubble(spr: pygame.Surface, s: int, colour: Colour) -> None:
    stone = _darker(colour, 0.4)
    radius = max(1, round(s * 0.07))
    for fx, fy in _SPOTS:
        pygame.draw.circle(spr, stone, (round(s * fx), round(s * fy)), radius)


def _pattern_mud(spr: pygame.Surface, s: int, colour: Colour) -> None:
    smear = _darker(colour, 0.3)
    h = max(2, s // 8)
    for fx, fy, fw in ((0.1, 0.2, 0.45), (0.5, 0.45, 0.4), (0.15, 0.7, 0.5)):
        pygame.draw.ellipse(spr, smear, (round(s * fx), round(s * fy), round(s * fw), h))


def _pattern_climb(spr: pygame.Surface, s: int, colour: Colour) -> None:
    rung = _darker(colour, 0.45)
    width = max(1, s // 16)
    left, right = round(s * 0.3), round(s * 0.7)
    pygame.draw.line(spr, rung, (left, 0), (left, s), width)
    pygame.draw.line(spr, rung, (right, 0), (right, s), width)
    for fy in (0.2, 0.5, 0.8):
        pygame.draw.line(spr, rung, (left, round(s * fy)), (right, round(s * fy)), width)


def _pattern_slope(spr: pygame.Surface, s: int, colour: Colour) -> None:
    mark = _darker(colour, 0.4)
    width = max(1, s // 16)
    for fy in (0.35, 0.7):
        y = s * fy
        pygame.draw.lines(
            spr,
            mark,
            False,
            [(s * 0.2, y + s * 0.15), (s * 0.5, y - s * 0.1), (s * 0.8, y + s * 0.15)],
            width,
        )


def _pattern_narrow(spr: pygame.Surface, s: int, colour: Colour) -> None:
    drop = _darker(colour, 0.55)
    band = round(s * 0.3)
    spr.fill(_rgba(drop, 255), (0, 0, s, band))
    spr.fill(_rgba(drop, 255), (0, s - band, s, band))


def _pattern_crowd(spr: pygame.Surface, s: int, colour: Colour) -> None:
    head = _darker(colour, 0.45)
    radius = max(1, round(s * 0.09))
    width = max(1, s // 24)
    for fx, fy in _SPOTS[:5]:
        pygame.draw.circle(spr, head, (round(s * fx), round(s * fy)), radius, width)


def _pattern_shards(spr: pygame.Surface, s: int, colour: Colour) -> None:
    shard = _darker(colour, 0.5)
    for fx, fy in _SPOTS[:5]:
        cx, cy = s * fx, s * fy
        d = s * 0.08
        pygame.draw.polygon(
            spr, shard, [(cx - d, cy + d), (cx + d * 0.3, cy - d * 1.4), (cx + d, cy + d * 0.6)]
        )


def _pattern_strobe(spr: pygame.Surface, s: int, colour: Colour) -> None:
    ray = _lighter(colour, 0.6)
    width = max(1, s // 20)
    c = s / 2
    for angle in range(0, 360, 45):
        rad = math.radians(angle)
        inner, outer = s * 0.12, s * 0.38
        pygame.draw.line(
            spr,
            ray,
            (c + inner * math.cos(rad), c + inner * math.sin(rad)),
            (c + outer * math.cos(rad), c + outer * math.sin(rad)),
            width,
        )


_TERRAIN_PATTERNS: dict[Terrain, Callable[[pygame.Surface, int, Colour], None]] = {
    Terrain.WATER: _pattern_water,
    Terrain.RUBBLE: _pattern_rubble,
    Terrain.MUD: _pattern_mud,
    Terrain.CLIMB: _pattern_climb,
    Terrain.SLOPE: _pattern_slope,
    Terrain.NARROW: _pattern_narrow,
    Terrain.CROWD: _pattern_crowd,
    Terrain.SHARDS: _pattern_shards,
    Terrain.STROBE: _pattern_strobe,
}


def _hatch(spr: pygame.Surface, s: int, colour: tuple[int, int, int, int], step: int) -> None:
    """Draw diagonal lines (top-right to bottom-left) every ``step`` pixels."""
    width = max(1, s // 28)
    for offset in range(-s, s, max(3, step)):
        pygame.draw.line(spr, colour, (offset, s), (offset + s, 0), width)


def _cross_hatch(spr: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int) -> None:
    width = max(1, rect.width // 22)
    clip = spr.get_clip()
    spr.set_clip(rect)
    size = rect.width + rect.height
    for offset in range(-size, size, max(3, step)):
        x = rect.x + offset
        pygame.draw.line(spr, colour, (x, rect.bottom), (x + size, rect.bottom - size), width)
        pygame.draw.line(spr, colour, (x, rect.top), (x + size, rect.top + size), width)
    spr.set_clip(clip)


def _draw_door(spr: pygame.Surface, s: int, *, closed: bool, horizontal: bool) -> None:
    """Draw a doorway: frame posts at both ends, the leaf across it or pushed aside.

    Drawn for a door in a wall running left-right; a door in an up-down wall is the
    same picture turned by 90 degrees.
    """
    pic = pygame.Surface((s, s), pygame.SRCALPHA)
    post = max(2, round(s * 0.14))
    thick = max(3, round(s * 0.34))
    mid = (s - thick) // 2
    wall = _rgba(theme.WALL, 255)
    pic.fill(wall, (0, mid - 2, post, thick + 4))
    pic.fill(wall, (s - post, mid - 2, post, thick + 4))
    edge = _darker(theme.DOOR_CLOSED, 0.5)
    length = s - 2 * post
    if closed:
        leaf = pygame.Rect(post, mid, length, thick)
        pic.fill(_rgba(theme.DOOR_CLOSED, 255), leaf)
        pygame.draw.rect(pic, edge, leaf, max(1, s // 24))
        # a handle, so a closed door never reads as a plain wall
        knob = max(1, s // 14)
        pygame.draw.circle(pic, theme.ACCENT, (s - post - knob * 3, s // 2), knob)
    else:
        # a sliding door, open: the leaf halves pushed into the posts, the doorway free
        stub = max(2, round(s * 0.12))
        thin = max(2, round(thick * 0.6))
        y = (s - thin) // 2
        for x in (post, s - post - stub):
            pic.fill(_rgba(theme.DOOR_OPEN, 255), (x, y, stub, thin))
            pygame.draw.rect(pic, edge, (x, y, stub, thin), 1)
        dash = max(2, s // 12)
        for x in range(post + stub + dash // 2, s - post - stub - dash // 2, 2 * dash):
            pic.fill(_rgba(theme.DOOR_CLOSED, 200), (x, s // 2 - 1, dash, max(1, s // 30)))
    if not horizontal:
        pic = pygame.transform.rotate(pic, -90)
    spr.blit(pic, (0, 0))


def _draw_smoke(spr: pygame.Surface, s: int) -> None:
    puff = pygame.Surface((s, s), pygame.SRCALPHA)
    for (fx, fy), fr in zip(_SPOTS[:4], (0.26, 0.24, 0.22, 0.3), strict=True):
        pygame.draw.circle(
            puff, _rgba(theme.SMOKE, 150), (round(s * fx), round(s * fy)), round(s * fr)
        )
    pygame.draw.circle(
        puff, _rgba(_lighter(theme.SMOKE, 0.3), 120), (s // 2, s // 2), round(s * 0.2)
    )
    spr.blit(puff, (0, 0))


def _draw_hazard(spr: pygame.Surface, s: int, over_image: bool) -> None:
    spr.fill(_rgba(theme.HAZARD, 150 if over_image else 255))
    stripe = _rgba(_darker(theme.HAZARD, 0.45), 220)
    _hatch(spr, s, stripe, max(4, s // 4))
    if s >= 14:  # a warning triangle with "!" in the top-right corner (as the print)
        d = max(5, round(s * 0.3))
        x0, y0 = s - d - max(1, s // 16), max(1, s // 16)
        pygame.draw.polygon(spr, (250, 210, 60), [(x0, y0 + d), (x0 + d, y0 + d), (x0 + d / 2, y0)])
        bar = max(1, d // 7)
        spr.fill((30, 20, 10, 255), (x0 + d // 2 - bar // 2, y0 + d * 0.35, bar, d * 0.35))
        spr.fill((30, 20, 10, 255), (x0 + d // 2 - bar // 2, y0 + d * 0.78, bar, bar))


def render_field(
    code: int, s: int, *, over_image: bool = False, fonts: Fonts | None = None
) -> pygame.Surface:
    """Return the picture of one field of look ``code`` at ``s`` pixels (per-pixel alpha)."""
    spr = pygame.Surface((s, s), pygame.SRCALPHA)
    kind = code & _KIND_MASK
    if kind == KIND_WALL:
        alpha = 170 if over_image else 255
        spr.fill(_rgba(theme.WALL, alpha))
        if s >= 12:  # a lit top face and a shadowed foot give walls a little depth
            edge = max(1, s // 10)
            if code & _WALL_TOP:
                spr.fill(_rgba(_lighter(theme.WALL, 0.22), alpha), (0, 0, s, edge))
            if code & _WALL_BOTTOM:
                spr.fill(_rgba(_darker(theme.WALL, 0.35), alpha), (0, s - edge, s, edge))
        return spr
    if kind == KIND_GLASS:
        spr.fill(_rgba(theme.GLASS, 200 if over_image else 255))
        pygame.draw.rect(spr, _darker(theme.GLASS, 0.35), (0, 0, s, s), max(1, s // 14))
        width = max(1, s // 14)
        pygame.draw.line(spr, (245, 250, 255), (s * 0.2, s * 0.55), (s * 0.55, s * 0.2), width)
        pygame.draw.line(spr, (245, 250, 255), (s * 0.45, s * 0.8), (s * 0.8, s * 0.45), width)
        return spr
    if kind in (KIND_DOOR_CLOSED, KIND_DOOR_OPEN):
        if not over_image:
            spr.fill(_rgba(theme.FLOOR, 255))
        _draw_door(spr, s, closed=kind == KIND_DOOR_CLOSED, horizontal=bool(code & _HORIZONTAL))
        return spr
    terrain = Terrain((code >> _TERRAIN_SHIFT) & 0xF)
    ground = theme.TERRAIN_COLOURS.get(terrain, theme.FLOOR)
    difficult = bool(code & _DIFFICULT)
    if terrain is Terrain.NONE and difficult:
        ground = _mix(theme.FLOOR, (120, 104, 80), 0.35)
    if terrain is not Terrain.NONE or difficult:
        spr.fill(_rgba(ground, 110 if over_image else 255))
    pattern = _TERRAIN_PATTERNS.get(terrain)
    if pattern is not None:
        pattern(spr, s, ground)
    if difficult:  # hatching: every difficult field costs 2 (D-10), whatever its kind
        _hatch(spr, s, _rgba(_darker(ground, 0.45), 150), max(4, s // 5))
    if code & _HAZARD:
        _draw_hazard(spr, s, over_image)
    cover = (code >> _COVER_SHIFT) & 0b11
    if cover == Cover.PARTIAL:  # a low obstacle, crate-like
        inset = max(1, round(s * 0.14))
        box = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
        spr.fill(_rgba(theme.COVER_PARTIAL, 255), box)
        _cross_hatch(spr, box, _lighter(theme.COVER_PARTIAL, 0.3), max(4, s // 5))
        pygame.draw.rect(spr, _darker(theme.COVER_PARTIAL, 0.4), box, max(1, s // 20))
    elif cover == Cover.FULL and not code & _SMOKE:  # a tall block
        inset = max(1, round(s * 0.08))
        box = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
        spr.fill(_rgba(theme.COVER_FULL, 255), box)
        pygame.draw.rect(spr, _lighter(theme.COVER_FULL, 0.3), box, max(1, s // 12))
        third = box.width / 3
        for i in (1, 2):
            x = round(box.x + third * i)
            y = round(box.y + third * i)
            pygame.draw.line(spr, _darker(theme.COVER_FULL, 0.4), (x, box.top), (x, box.bottom - 1))
            pygame.draw.line(spr, _darker(theme.COVER_FULL, 0.4), (box.left, y), (box.right - 1, y))
    if code & _SMOKE:
        _draw_smoke(spr, s)
    mark = TERRAIN_MARKS.get(terrain)
    if fonts is not None and mark is not None and s >= 40 and terrain is not Terrain.WATER:
        code_text = MARKS[mark].code
        label = fonts.get(max(10, s // 4), True).render(code_text, True, (20, 20, 24))
        box = label.get_rect(topleft=(2, 2)).inflate(4, 0)
        spr.fill((255, 255, 255, 200), box)
        spr.blit(label, (box.x + 2, box.y))
    return spr


# ---------------------------------------------------------------- tile cache
class TileCache:
    """Surfaces by key, the least recently used dropped beyond ``max_bytes``."""

    def __init__(self, max_bytes: int = MAX_TILE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._spares: list[pygame.Surface] = []
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return surface

    def touch(self, key: Hashable) -> None:
        """Mark ``key`` as just used (without counting a hit)."""
        if key in self._items:
            self._items.move_to_end(key)

    def put(self, key: Hashable, surface: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _surface_bytes(old)
        self._items[key] = surface
        self.bytes += _surface_bytes(surface)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= _surface_bytes(dropped)
            self._keep_spare(dropped)

    def make_room(self, nbytes: int) -> None:
        """Drop the least recently used surfaces until ``nbytes`` more fit (kept as spares)."""
        while self._items and self.bytes + nbytes > self.max_bytes:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= _surface_bytes(dropped)
            self._keep_spare(dropped)

    def _keep_spare(self, surface: pygame.Surface) -> None:
        """Keep a few dropped surfaces for reuse (allocating a tile costs more than filling)."""
        if len(self._spares) >= MAX_SPARES:
            self._spares.pop(0)
        self._spares.append(surface)

    def spare(self, size: tuple[int, int]) -> pygame.Surface | None:
        """Return a dropped surface of ``size`` to draw a new tile on, if one is kept."""
        for index, surface in enumerate(self._spares):
            if surface.get_size() == size:
                return self._spares.pop(index)
        return None

    def clear(self) -> None:
        self._items.clear()
        self._spares.clear()
        self.bytes = 0

    def keys(self) -> Iterator[Hashable]:
        return iter(self._items)


def _surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _opaque(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert() if _display_ready() else surface


def _new_opaque(size: tuple[int, int]) -> pygame.Surface:
    """Return a new opaque surface in the display's pixel format (no convert copy)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None:
        return pygame.Surface(size, 0, screen)
    return pygame.Surface(size)


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if _display_ready() else surface


def _tile_range(camera: Camera, width: int, height: int, n: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = camera.visible_cells(width, height)
    if x1 <= x0 or y1 <= y0:
        return 0, 0, -1, -1
    return x0 // n, y0 // n, (x1 - 1) // n, (y1 - 1) // n


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
            spr = _with_alpha(spr)
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
        tile = self.tiles.spare((TILE_PX, TILE_PX)) or _new_opaque((TILE_PX, TILE_PX))
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
            label = _with_alpha(self.fonts.get(size).render(text, True, theme.TEXT))
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
        ruler = pygame.Surface(
            (TILE_PX, thickness) if across else (thickness, TILE_PX), pygame.SRCALPHA
        )
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
        ruler = _with_alpha(ruler)
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
        surface.fill(COORD_STRIP[:3], (left.x, top.y, left.width, top.height))
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


# ----------------------------------------------------------------- overlays
class FieldLayer:
    """A per-field RGBA overlay (``rgba[y, x] = (r, g, b, a)``) drawn through cached tiles.

    Build one per change of what it shows (key it on the session's revision, the
    selection, the tool); ``draw`` then costs one alpha blit per tile in view. Fields
    with alpha 0 are left untouched.
    """

    def __init__(self, rgba: npt.NDArray[np.uint8]) -> None:
        array = np.asarray(rgba, dtype=np.uint8)
        if array.ndim != 3 or array.shape[2] != 4:
            raise ValueError(f"a field layer needs an array of shape (h, w, 4), got {array.shape}")
        self.rgba = array
        self.tiles = TileCache(MAX_TILE_BYTES // 2)
        self._empty: set[tuple[int, int, int]] = set()

    @classmethod
    def from_cells(
        cls,
        shape: tuple[int, int],
        cells: dict[tuple[int, int], tuple[int, int, int, int]],
    ) -> FieldLayer:
        """Return a layer of ``shape`` (height, width) with a colour per field (x, y)."""
        rgba = np.zeros((shape[0], shape[1], 4), dtype=np.uint8)
        for (x, y), colour in cells.items():
            if 0 <= x < shape[1] and 0 <= y < shape[0]:
                rgba[y, x] = colour
        return cls(rgba)

    def tile(self, tx: int, ty: int, s: int) -> pygame.Surface | None:
        """Return the tile's overlay picture (None when it shows nothing)."""
        if (tx, ty, s) in self._empty:
            return None
        key = (tx, ty, s)
        cached = self.tiles.get(key)
        if cached is not None:
            return cached
        n = fields_per_tile(s)
        block = self.rgba[ty * n : ty * n + n, tx * n : tx * n + n]
        if block.size == 0 or not block[:, :, 3].any():
            self._empty.add(key)
            return None
        rows, cols = block.shape[0], block.shape[1]
        small = pygame.Surface((cols, rows), pygame.SRCALPHA)
        pygame.surfarray.pixels3d(small)[:] = block[:, :, :3].transpose(1, 0, 2)
        pygame.surfarray.pixels_alpha(small)[:] = block[:, :, 3].T
        tile = _with_alpha(pygame.transform.scale(small, (cols * s, rows * s)))
        self.tiles.put(key, tile)
        return tile

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blend the layer over the map in the camera's viewport."""
        s = camera.cell_px
        n = fields_per_tile(s)
        height, width = self.rgba.shape[0], self.rgba.shape[1]
        tx0, ty0, tx1, ty1 = _tile_range(camera, width, height, n)
        blits = []
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                tile = self.tile(tx, ty, s)
                if tile is not None:
                    blits.append((tile, camera.cell_to_screen((tx * n, ty * n))))
        if blits:
            surface.fblits(blits)


# ------------------------------------------------------------------- legend
@dataclass(frozen=True)
class LegendItem:
    """One line of a terrain legend: the look code to show and its names."""

    key: str
    code: int
    german: str
    english: str

    def name(self, language: str) -> str:
        return self.english if language == "en" else self.german


def legend_items(grid: BattleGrid) -> list[LegendItem]:
    """Return the legend of the looks present on ``grid`` (for the preview)."""
    codes = field_codes(grid)
    items: list[LegendItem] = []

    def add(key: str, code: int, present: bool) -> None:
        if present:
            mark = MARKS.get(key)
            german, english = (mark.german, mark.english) if mark else _EXTRA_NAMES[key]
            items.append(LegendItem(key, code, german, english))

    kinds = codes & _KIND_MASK
    ground = kinds == KIND_FLOOR
    add("floor", 0, bool((codes == 0).any()))
    add("wall", KIND_WALL, bool((kinds == KIND_WALL).any()))
    add("glass", KIND_GLASS, bool((kinds == KIND_GLASS).any()))
    add("door_closed", KIND_DOOR_CLOSED | _HORIZONTAL, bool((kinds == KIND_DOOR_CLOSED).any()))
    add("door_open", KIND_DOOR_OPEN | _HORIZONTAL, bool((kinds == KIND_DOOR_OPEN).any()))
    add("hazard", _HAZARD, bool((ground & (codes & _HAZARD > 0)).any()))
    add(
        "full_cover",
        int(Cover.FULL) << _COVER_SHIFT,
        bool((ground & (grid.cover == Cover.FULL) & ~grid.smoke).any()),
    )
    add(
        "low_obstacle",
        int(Cover.PARTIAL) << _COVER_SHIFT | _DIFFICULT,
        bool((ground & (grid.cover == Cover.PARTIAL)).any()),
    )
    add("smoke", _SMOKE | int(Cover.FULL) << _COVER_SHIFT, bool((ground & grid.smoke).any()))
    plain_difficult = ground & grid.difficult & (grid.terrain == 0) & (grid.cover == 0)
    add("difficult", _DIFFICULT, bool(plain_difficult.any()))
    for terrain, key in TERRAIN_MARKS.items():
        present = ground & (grid.terrain == int(terrain))
        if present.any():
            difficult = bool((present & grid.difficult).sum() * 2 > present.sum())
            add(key, int(terrain) << _TERRAIN_SHIFT | (_DIFFICULT if difficult else 0), True)
    return items


def look_keys(code: int) -> list[str]:
    """Return the legend keys (``MARKS`` keys, "floor", "glass") a look code shows."""
    kind = code & _KIND_MASK
    if kind == KIND_WALL:
        return ["wall"]
    if kind == KIND_GLASS:
        return ["glass"]
    if kind == KIND_DOOR_CLOSED:
        return ["door_closed"]
    if kind == KIND_DOOR_OPEN:
        return ["door_open"]
    keys: list[str] = []
    terrain = Terrain((code >> _TERRAIN_SHIFT) & 0xF)
    if terrain in TERRAIN_MARKS:
        keys.append(TERRAIN_MARKS[terrain])
    cover = (code >> _COVER_SHIFT) & 0b11
    if code & _SMOKE:
        keys.append("smoke")
    elif cover == Cover.FULL:
        keys.append("full_cover")
    elif cover == Cover.PARTIAL:
        keys.append("low_obstacle")
    if code & _HAZARD:
        keys.append("hazard")
    if code & _DIFFICULT:
        keys.append("difficult")
    return keys or ["floor"]


def look_name(key: str, language: str) -> str:
    """Return the name of a legend key in ``language`` ("de" or "en")."""
    mark = MARKS.get(key)
    german, english = (mark.german, mark.english) if mark else _EXTRA_NAMES.get(key, (key, key))
    return english if language == "en" else german


_EXTRA_NAMES: dict[str, tuple[str, str]] = {
    "floor": ("Boden", "floor"),
    "glass": ("Glasscheibe (durchsichtige Wand)", "glass pane (see-through wall)"),
}


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
    return _opaque(image), background.pixels_per_field, background.offset
