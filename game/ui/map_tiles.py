"""Cached square tiles of the map and of per-field overlays, and the surfaces they use.

Tiles are ``TILE_PX`` screen pixels square at every zoom, kept in a ``TileCache`` (least
recently used dropped beyond a byte budget, a few dropped ones kept for reuse).
``FieldLayer`` draws a per-field RGBA array (an overlay) through such tiles.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator

import numpy as np
import numpy.typing as npt
import pygame

from game.ui.camera import Camera

#: Side of a map tile in pixels, the same at every zoom: a tile dropped from the cache
#: is reused for the next one (allocating fresh memory costs more than drawing).
TILE_PX = 512
TILE_BYTES = TILE_PX * TILE_PX * 4
#: FieldLayer tiles aim at about this many pixels per side.
TILE_TARGET_PX = 512
#: Memory the cached tiles of one renderer may use.
MAX_TILE_BYTES = 96 * 1024 * 1024
#: Dropped tiles kept for reuse.
MAX_SPARES = 8


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


def opaque(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert() if _display_ready() else surface


def new_opaque(size: tuple[int, int]) -> pygame.Surface:
    """Return a new opaque surface in the display's pixel format (no convert copy)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None:
        return pygame.Surface(size, 0, screen)
    return pygame.Surface(size)


def with_alpha(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if _display_ready() else surface


def tile_range(camera: Camera, width: int, height: int, n: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = camera.visible_cells(width, height)
    if x1 <= x0 or y1 <= y0:
        return 0, 0, -1, -1
    return x0 // n, y0 // n, (x1 - 1) // n, (y1 - 1) // n


def fields_per_tile(cell_px: int) -> int:
    """Return the side of a tile in fields for fields of ``cell_px`` pixels."""
    return max(4, min(64, round(TILE_TARGET_PX / max(1, cell_px))))


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
        tile = with_alpha(pygame.transform.scale(small, (cols * s, rows * s)))
        self.tiles.put(key, tile)
        return tile

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Blend the layer over the map in the camera's viewport."""
        s = camera.cell_px
        n = fields_per_tile(s)
        height, width = self.rgba.shape[0], self.rgba.shape[1]
        tx0, ty0, tx1, ty1 = tile_range(camera, width, height, n)
        blits = []
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                tile = self.tile(tx, ty, s)
                if tile is not None:
                    blits.append((tile, camera.cell_to_screen((tx * n, ty * n))))
        if blits:
            surface.fblits(blits)
