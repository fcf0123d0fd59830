"""Fields coloured per layer, drawn as batched runs of pre-made alpha strips.

Per-field overlays (reach, threat zones, fire zones, fog) are drawn as horizontal runs
of pre-made alpha strips in one ``Surface.fblits`` call; the runs are computed once per
answer (``FieldShading``) and the blit list once per camera position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pygame

from game.board.grid import Cell
from game.ui.camera import Camera
from game.ui.theme import ColourA

BoolGrid = npt.NDArray[np.bool_]


class _Strips:
    """Pre-made alpha rectangles ``n`` fields wide, one field high, per colour and size."""

    def __init__(self) -> None:
        self._cell_px = 0
        self._cache: dict[tuple[ColourA, int, str], pygame.Surface] = {}

    def get(
        self, colour: ColourA, fields: int, cell_px: int, style: str = "fill"
    ) -> pygame.Surface:
        if cell_px != self._cell_px:
            self._cache.clear()
            self._cell_px = cell_px
        key = (colour, fields, style)
        strip = self._cache.get(key)
        if strip is None:
            strip = _make_strip(colour, fields, cell_px, style)
            self._cache[key] = strip
        return strip


def _make_strip(colour: ColourA, fields: int, cell_px: int, style: str) -> pygame.Surface:
    strip = pygame.Surface((fields * cell_px, cell_px), pygame.SRCALPHA)
    if style == "fill":
        strip.fill(colour)
    elif style == "edge":  # an inner frame per field
        width = max(1, cell_px // 14)
        for i in range(fields):
            pygame.draw.rect(strip, colour, (i * cell_px, 0, cell_px, cell_px), width)
    elif style == "dots":  # a sparse dot pattern: difficult ground
        step = max(4, cell_px // 4)
        radius = max(1, cell_px // 20)
        for i in range(fields):
            for dy in range(step // 2, cell_px, step):
                for dx in range(step // 2, cell_px, step):
                    pygame.draw.circle(strip, colour, (i * cell_px + dx, dy), radius)
    elif style == "hatch":  # diagonal lines: fire zones
        width = max(1, cell_px // 16)
        step = max(5, cell_px // 3)
        total = fields * cell_px
        for start in range(-cell_px, total, step):
            pygame.draw.line(strip, colour, (start, cell_px), (start + cell_px, 0), width)
    return strip


_STRIPS = _Strips()

# A field's runs: rows, first x, end x (exclusive), colour and style index.
_Runs = tuple[
    npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]
]


def mask_runs(mask: BoolGrid) -> tuple[npt.NDArray[np.intp], ...]:
    """Return (y, x0, x1) of the horizontal runs of True in a [y, x] mask."""
    if mask.size == 0 or not mask.any():
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty, empty
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    change = np.diff(padded, axis=1)
    ys, starts = np.nonzero(change == 1)
    _, ends = np.nonzero(change == -1)
    return ys.astype(np.intp), starts.astype(np.intp), ends.astype(np.intp)


class FieldShading:
    """Fields coloured per layer, drawn as batched runs of alpha strips.

    Build it once per answer (``layers``: a [y, x] mask or an iterable of fields with a
    colour and a style: fill, edge, dots, hatch); ``draw`` recomputes the blit list only
    when the camera moved.
    """

    def __init__(
        self,
        layers: Sequence[tuple[BoolGrid | Iterable[Cell], ColourA, str]],
        shape: tuple[int, int],
    ) -> None:
        self.shape = shape
        self.styles: list[tuple[ColourA, str]] = []
        ys: list[npt.NDArray[np.intp]] = []
        x0s: list[npt.NDArray[np.intp]] = []
        x1s: list[npt.NDArray[np.intp]] = []
        ids: list[npt.NDArray[np.intp]] = []
        for index, (source, colour, style) in enumerate(layers):
            mask = source if isinstance(source, np.ndarray) else cells_mask(source, shape)
            y, a, b = mask_runs(mask)
            ys.append(y)
            x0s.append(a)
            x1s.append(b)
            ids.append(np.full(len(y), index, dtype=np.intp))
            self.styles.append((colour, style))
        if ys:
            self.runs: _Runs = (
                np.concatenate(ys),
                np.concatenate(x0s),
                np.concatenate(x1s),
                np.concatenate(ids),
            )
        else:
            empty = np.zeros(0, dtype=np.intp)
            self.runs = (empty, empty, empty, empty)
        self._blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._view: tuple[Any, ...] | None = None
        # (cut window, strips (object array), map x, map y, map x of the strips' ends)
        self._window: tuple[Any, ...] | None = None
        self._hatched = any(style == "hatch" for _, style in self.styles)

    @property
    def empty(self) -> bool:
        return len(self.runs[0]) == 0

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if self.empty:
            return
        view = camera_state(camera)
        if view != self._view:
            self._blits = self._layout(camera)
            self._view = view
        if self._blits:
            surface.fblits(self._blits)

    def _layout(self, camera: Camera) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Return the blit list of the runs in view, clipped to it.

        The pieces (map pixels) are cut for the fields in view grown by a margin and kept
        while the view stays inside them at the same zoom: a pan only shifts the pieces
        and drops those outside the fields in view.
        """
        height, width = self.shape
        view = camera.visible_cells(width, height)
        size = camera.cell_px
        window = self._window
        if window is None or not _holds(window[0], view, size, exact=self._hatched):
            # The viewport clip hides what the grown cut adds, so a pan recuts the pieces
            # only every few fields. A hatch's lines depend on where its pieces start:
            # hatched shadings are cut at the fields in view exactly, as before.
            margin = 0 if self._hatched else _WINDOW_MARGIN
            x0, y0, x1, y1 = view
            left, top = max(0, x0 - margin), max(0, y0 - margin)
            grown = ((left, top, min(width, x1 + margin), min(height, y1 + margin)), size)
            images, map_x, map_y = self._pieces_in(*grown)
            table = np.empty(len(images), dtype=object)
            table[:] = images
            ends = map_x + np.array([image.get_width() for image in images], dtype=np.intp)
            window = self._window = (grown, table, map_x, map_y, ends)
        _, table, map_x, map_y, ends = window
        if not len(table):
            return []
        x0, y0, x1, y1 = view
        keep = (map_y >= y0 * size) & (map_y < y1 * size) & (ends > x0 * size)
        keep &= map_x < x1 * size
        sxs = np.round(map_x[keep] - camera.x).astype(np.intp) + camera.viewport_x
        sys_ = np.round(map_y[keep] - camera.y).astype(np.intp) + camera.viewport_y
        images = table[keep].tolist()
        return list(zip(images, zip(sxs.tolist(), sys_.tolist(), strict=True), strict=True))

    def _pieces_in(
        self, view: tuple[int, int, int, int], size: int
    ) -> tuple[list[pygame.Surface], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """Return the strips and map-pixel places of the pieces of the runs in ``view``."""
        vx0, vy0, vx1, vy1 = view
        none = np.zeros(0, dtype=np.intp)
        ys, x0s, x1s, ids = self.runs
        keep = (ys >= vy0) & (ys < vy1) & (x1s > vx0) & (x0s < vx1)
        if not keep.any():
            return [], none, none
        ys, ids = ys[keep], ids[keep]
        x0s = np.maximum(x0s[keep], vx0)
        ns = np.minimum(x1s[keep], vx1) - x0s
        # Runs are cut into power-of-two pieces, the longest first: a handful of strip
        # sizes per colour serves every run, so a zoom rebuilds few strips.
        piece_y: list[npt.NDArray[np.intp]] = []
        piece_x: list[npt.NDArray[np.intp]] = []
        piece_kind: list[npt.NDArray[np.intp]] = []
        for bit in range(int(ns.max()).bit_length() - 1, -1, -1):
            has = (ns & (1 << bit)) != 0
            if has.any():
                above = ns[has] >> (bit + 1) << (bit + 1)
                piece_y.append(ys[has])
                piece_x.append(x0s[has] + above)
                piece_kind.append(ids[has] * _PIECE_BITS + bit)
        py, px, kinds = np.concatenate(piece_y), np.concatenate(piece_x), np.concatenate(piece_kind)
        table = np.empty(len(self.styles) * _PIECE_BITS, dtype=object)
        for kind in np.unique(kinds).tolist():
            colour, style = self.styles[kind // _PIECE_BITS]
            table[kind] = _STRIPS.get(colour, 1 << (kind % _PIECE_BITS), size, style)
        return table[kinds].tolist(), px * size, py * size


#: Fields added round the view when pieces are cut (FieldShading._layout).
_WINDOW_MARGIN = 6


def _holds(
    cached: tuple[tuple[int, int, int, int], int],
    view: tuple[int, int, int, int],
    size: int,
    *,
    exact: bool,
) -> bool:
    """Return whether pieces cut for ``cached`` serve ``view`` at ``size`` px a field."""
    (cx0, cy0, cx1, cy1), cached_size = cached
    if cached_size != size:
        return False
    if exact:
        return (cx0, cy0, cx1, cy1) == view
    x0, y0, x1, y1 = view
    return cx0 <= x0 and cy0 <= y0 and x1 <= cx1 and y1 <= cy1


#: Pieces are 1 .. 2**(_PIECE_BITS - 1) fields long; the kind of a piece is
#: ``layer * _PIECE_BITS + log2(length)``.
_PIECE_BITS = 16


def camera_state(camera: Camera) -> tuple[Any, ...]:
    """Return what a drawing at ``camera`` depends on (position, zoom, viewport)."""
    return (
        camera.x,
        camera.y,
        camera.cell_px,
        camera.viewport_x,
        camera.viewport_y,
        camera.viewport_w,
        camera.viewport_h,
    )


def cells_mask(cells: Iterable[Cell], shape: tuple[int, int]) -> BoolGrid:
    """Return a [y, x] mask of ``cells`` (fields off the map are dropped)."""
    height, width = shape
    mask = np.zeros(shape, dtype=bool)
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            mask[y, x] = True
    return mask
