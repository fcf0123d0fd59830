"""The zones a ruleset lays over the map (D-14): borders, names, reachable and current zone.

``ZoneLayer.draw`` takes the views' ``ZoneLayout``. What it draws is kept at two levels:
the geometry in fields (border runs, each zone's name field, the per-zone masks) per
layout — the ids array's identity, then its bytes — and the image per zoom
(``ZoneImage``: border rectangles in map pixels and the name labels). A pan only
recomputes which of them are in view. Borders are runs of field edges where the zone id
changes between two fields that are both in zones, found by comparing the ids with the
ids shifted by one row or column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pygame

from game.match.views import ZoneLayout
from game.ui import theme
from game.ui.camera import Camera
from game.ui.field_shading import FieldShading, camera_state, mask_runs
from game.ui.text import text_cache
from game.ui.theme import Colour, ColourA, Fonts

BORDER: Colour = (250, 214, 96)  # a zone's border: clear on floor and on dark tiles
CURRENT: Colour = (255, 255, 255)  # the outline of the zone of the creature on turn
REACHABLE: ColourA = theme.REACH_FIELD  # as the movement overlay shades its fields
LABEL_BACK: ColourA = (16, 18, 24, 185)
LABEL_TEXT: Colour = (238, 232, 210)

IntArray = npt.NDArray[np.intp]
#: Runs of edges in fields: horizontal (y, x0, x1) above row y; vertical (x, y0, y1).
EdgeRuns = tuple[tuple[IntArray, IntArray, IntArray], tuple[IntArray, IntArray, IntArray]]


def border_masks(ids: npt.NDArray[Any]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Return the edges between two zoned fields of different zones.

    ``horizontal[y, x]`` (h + 1 rows): the edge above field (x, y); ``vertical[y, x]``
    (w + 1 columns): the edge left of field (x, y). Walls and the map's rim have none.
    """
    height, width = ids.shape
    padded = np.full((height + 2, width + 2), -1, dtype=np.int64)
    padded[1:-1, 1:-1] = ids
    inner_cols = padded[:, 1:-1]
    above, below = inner_cols[:-1], inner_cols[1:]
    horizontal = (above != below) & (above >= 0) & (below >= 0)
    inner_rows = padded[1:-1, :]
    left, right = inner_rows[:, :-1], inner_rows[:, 1:]
    vertical = (left != right) & (left >= 0) & (right >= 0)
    return horizontal, vertical


def outline_masks(
    mask: npt.NDArray[np.bool_],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Return the edges around the fields of ``mask`` (as ``border_masks`` lays them out)."""
    height, width = mask.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = mask
    horizontal = padded[:-1, 1:-1] != padded[1:, 1:-1]
    vertical = padded[1:-1, :-1] != padded[1:-1, 1:]
    return horizontal, vertical


def edge_runs(
    masks: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
) -> EdgeRuns:
    """Return the runs of edges of ``masks`` (horizontal along x, vertical along y)."""
    horizontal, vertical = masks
    hy, hx0, hx1 = mask_runs(horizontal)
    vx, vy0, vy1 = mask_runs(np.ascontiguousarray(vertical.T))
    return (hy, hx0, hx1), (vx, vy0, vy1)


def name_fields(ids: npt.NDArray[Any]) -> dict[int, tuple[int, int]]:
    """Return each zone's top-left field: its first field row by row."""
    flat = ids.ravel()
    zones, first = np.unique(flat, return_index=True)
    width = ids.shape[1]
    return {
        int(zone): (int(index) % width, int(index) // width)
        for zone, index in zip(zones, first, strict=True)
        if zone >= 0
    }


def rects_of(runs: EdgeRuns, cell_px: int, line: int) -> npt.NDArray[np.intp]:
    """Return the rectangles (x, y, w, h in map pixels) of lines ``line`` wide along ``runs``."""
    (hy, hx0, hx1), (vx, vy0, vy1) = runs
    half = line // 2
    horizontal = np.stack(
        [hx0 * cell_px, hy * cell_px - half, (hx1 - hx0) * cell_px, np.full_like(hy, line)],
        axis=1,
    )
    vertical = np.stack(
        [vx * cell_px - half, vy0 * cell_px, np.full_like(vx, line), (vy1 - vy0) * cell_px],
        axis=1,
    )
    return np.concatenate([horizontal, vertical]).astype(np.intp).reshape(-1, 4)


@dataclass
class ZoneGeometry:
    """What a layout draws, in fields (kept while the ids stay the same)."""

    shape: tuple[int, int]
    borders: EdgeRuns
    names: dict[int, tuple[int, int]]
    masks: dict[int, npt.NDArray[np.bool_]]

    @classmethod
    def of(cls, ids: npt.NDArray[Any]) -> ZoneGeometry:
        masks = {zone: ids == zone for zone in name_fields(ids)}
        shape = (int(ids.shape[0]), int(ids.shape[1]))
        return cls(shape, edge_runs(border_masks(ids)), name_fields(ids), masks)


@dataclass
class ZoneLabels:
    """The zones' name labels: images (object array), map-pixel places and sizes (n, 2)."""

    images: npt.NDArray[np.object_]
    places: npt.NDArray[np.intp]
    sizes: npt.NDArray[np.intp]

    def __len__(self) -> int:
        return len(self.images)


@dataclass
class ZoneImage:
    """A layout's borders and names at one zoom, in map pixels (camera-independent)."""

    cell_px: int
    rects: npt.NDArray[np.intp]  # (n, 4): x, y, w, h
    labels: ZoneLabels


def label_size(cell_px: int) -> int:
    """Return the names' font size at ``cell_px`` pixels per field."""
    return max(12, min(24, cell_px // 2))


def line_width(cell_px: int) -> int:
    return max(2, cell_px // 12)


_NO_LABELS = ZoneLabels(
    np.empty(0, dtype=object), np.zeros((0, 2), dtype=np.intp), np.zeros((0, 2), dtype=np.intp)
)


class ZoneLayer:
    """Draws a ``ZoneLayout`` over the map, keeping what it can between frames."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._ids: object = None  # the ids array the geometry was made of
        self._digest: tuple[Any, ...] | None = None
        self.geometry: ZoneGeometry | None = None
        self.image: ZoneImage | None = None
        self._shading: tuple[Any, FieldShading] | None = None
        self._outline: tuple[Any, ZoneImage] | None = None
        self._label_images: tuple[int, dict[int, pygame.Surface]] | None = None
        self._view: tuple[Any, ...] | None = None
        self._rects: list[pygame.Rect] = []
        self._rects_current: list[pygame.Rect] = []
        self._blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.builds = 0  # images built (tests check the cache)

    def geometry_of(self, layout: ZoneLayout) -> ZoneGeometry:
        """Return the geometry of ``layout`` (rebuilt only when its ids changed)."""
        ids = layout.ids
        if ids is not self._ids or self.geometry is None:
            digest = (ids.shape, hash(ids.tobytes()), layout.names)
            if digest != self._digest or self.geometry is None:
                self.geometry = ZoneGeometry.of(ids)
                self.image = None
                self._shading = None
                self._outline = None
                self._label_images = None
                self._digest = digest
            self._ids = ids
        elif self._digest is not None and self._digest[2] != layout.names:
            self._digest = (self._digest[0], self._digest[1], layout.names)
            self.image = None
            self._label_images = None
        return self.geometry

    def image_of(self, layout: ZoneLayout, cell_px: int) -> ZoneImage:
        """Return the borders and names of ``layout`` at ``cell_px`` (kept per zoom)."""
        geometry = self.geometry_of(layout)
        if self.image is None or self.image.cell_px != cell_px:
            rects = rects_of(geometry.borders, cell_px, line_width(cell_px))
            labels = self._labels(layout, geometry, cell_px)
            self.image = ZoneImage(cell_px, rects, labels)
            self._view = None
            self.builds += 1
        return self.image

    def _labels(self, layout: ZoneLayout, geometry: ZoneGeometry, cell_px: int) -> ZoneLabels:
        """Return the name labels at ``cell_px``: the images are kept per font size."""
        size = label_size(cell_px)
        if self._label_images is None or self._label_images[0] != size:
            self._label_images = (size, self._label_images_of(layout, geometry, size))
        images = self._label_images[1]
        inset = line_width(cell_px)
        zones = [zone for zone in sorted(geometry.names) if zone in images]
        table = np.empty(len(zones), dtype=object)
        table[:] = [images[zone] for zone in zones]
        places = np.array([geometry.names[zone] for zone in zones], dtype=np.intp).reshape(-1, 2)
        sizes = np.array([images[zone].get_size() for zone in zones], dtype=np.intp).reshape(-1, 2)
        return ZoneLabels(table, places * cell_px + inset, sizes)

    def _label_images_of(
        self, layout: ZoneLayout, geometry: ZoneGeometry, size: int
    ) -> dict[int, pygame.Surface]:
        cache = text_cache(self.fonts)
        pad = max(1, size // 5)
        images = {}
        for zone in geometry.names:
            if zone >= len(layout.names) or not layout.names[zone]:
                continue
            text = cache.render(layout.names[zone], size, LABEL_TEXT)
            label = pygame.Surface((text.get_width() + 2 * pad, text.get_height()), pygame.SRCALPHA)
            label.fill(LABEL_BACK)
            label.blit(text, (pad, 0))
            images[zone] = label
        return images

    def shading(self, layout: ZoneLayout) -> FieldShading | None:
        """Return the shading of the reachable zones (kept per layout and zones)."""
        if not layout.reachable:
            return None
        geometry = self.geometry_of(layout)
        key = layout.reachable
        if self._shading is None or self._shading[0] != key:
            mask = np.zeros(geometry.shape, dtype=np.bool_)
            for zone in layout.reachable:
                zone_mask = geometry.masks.get(zone)
                if zone_mask is not None:
                    mask |= zone_mask
            self._shading = (key, FieldShading([(mask, REACHABLE, "fill")], geometry.shape))
        return self._shading[1]

    def outline(self, layout: ZoneLayout, cell_px: int) -> ZoneImage | None:
        """Return the outline of the current zone at ``cell_px`` (kept per zone and zoom)."""
        geometry = self.geometry_of(layout)
        if layout.current is None or layout.current not in geometry.masks:
            return None
        key = (layout.current, cell_px)
        if self._outline is None or self._outline[0] != key:
            runs = edge_runs(outline_masks(geometry.masks[layout.current]))
            rects = rects_of(runs, cell_px, line_width(cell_px) + 1)
            self._outline = (key, ZoneImage(cell_px, rects, _NO_LABELS))
        return self._outline[1]

    def draw(self, surface: pygame.Surface, camera: Camera, layout: ZoneLayout | None) -> None:
        """Draw ``layout`` (nothing when None): shading, borders, the current zone, names."""
        if layout is None or layout.ids.size == 0:
            return
        shading = self.shading(layout)
        if shading is not None:
            shading.draw(surface, camera)
        image = self.image_of(layout, camera.cell_px)
        outline = self.outline(layout, camera.cell_px)
        view = (*camera_state(camera), id(image), id(outline))
        if view != self._view:
            self._rects = _in_view(image.rects, camera)
            if outline is not None:
                self._rects_current = _in_view(outline.rects, camera)
            else:
                self._rects_current = []
            self._blits = _labels_in_view(image.labels, camera)
            self._view = view
        fill = surface.fill
        for rect in self._rects:
            fill(BORDER, rect)
        for rect in self._rects_current:
            fill(CURRENT, rect)
        if self._blits:
            surface.fblits(self._blits)


def _in_view(rects: npt.NDArray[np.intp], camera: Camera) -> list[pygame.Rect]:
    """Return ``rects`` (map pixels) moved to the screen, those that touch the viewport."""
    if not len(rects):
        return []
    xs = rects[:, 0] - round(camera.x) + camera.viewport_x
    ys = rects[:, 1] - round(camera.y) + camera.viewport_y
    left, top = camera.viewport_x, camera.viewport_y
    right, bottom = left + camera.viewport_w, top + camera.viewport_h
    keep = (xs < right) & (ys < bottom) & (xs + rects[:, 2] > left) & (ys + rects[:, 3] > top)
    screen = np.stack([xs, ys, rects[:, 2], rects[:, 3]], axis=1)[keep]
    return [pygame.Rect(*row) for row in screen.tolist()]


def _labels_in_view(
    labels: ZoneLabels, camera: Camera
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """Return the blits of the labels that touch the viewport."""
    if not len(labels):
        return []
    xs = labels.places[:, 0] - round(camera.x) + camera.viewport_x
    ys = labels.places[:, 1] - round(camera.y) + camera.viewport_y
    left, top = camera.viewport_x, camera.viewport_y
    right, bottom = left + camera.viewport_w, top + camera.viewport_h
    keep = (xs < right) & (ys < bottom)
    keep &= (xs + labels.sizes[:, 0] > left) & (ys + labels.sizes[:, 1] > top)
    places = zip(xs[keep].tolist(), ys[keep].tolist(), strict=True)
    return list(zip(labels.images[keep].tolist(), places, strict=True))
