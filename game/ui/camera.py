"""The camera: which part of the map is on screen and how large one field is."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.board.grid import Cell
from game.ui.numbered_fields import NumberedFields

#: Pixels of one field at 100 % zoom.
BASE_CELL_PX = 40
MIN_ZOOM = 0.25
MAX_ZOOM = 4.0
#: A field of the rulebook's grid is 25 mm (true size, E-ROUND-1).
FIELD_MM = 25.0
MM_PER_INCH = 25.4
DEFAULT_DPI = 96.0


def true_size_zoom(dpi: float) -> float:
    """Return the zoom at which one field is 25 mm on a monitor of ``dpi``."""
    dpi = dpi if dpi > 0 else DEFAULT_DPI
    return (dpi * FIELD_MM / MM_PER_INCH) / BASE_CELL_PX


@dataclass
class Camera:
    """Map pixels (at the current zoom) shown in a viewport; ``x``/``y`` is the top-left."""

    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0
    viewport_w: int = 800
    viewport_h: int = 600
    viewport_x: int = 0
    viewport_y: int = 0
    #: The fields whose number covers a token in this view (overlays mark, tokens read).
    numbered: NumberedFields = field(default_factory=NumberedFields, compare=False, repr=False)

    @property
    def cell_px(self) -> int:
        """Return the size of one field in whole pixels (tiles are cached per size)."""
        return max(4, round(BASE_CELL_PX * self.zoom))

    def set_viewport(self, x: int, y: int, w: int, h: int) -> None:
        self.viewport_x, self.viewport_y = x, y
        self.viewport_w, self.viewport_h = max(1, w), max(1, h)

    def contains(self, pos: tuple[int, int]) -> bool:
        """Return whether a screen position lies inside the map viewport."""
        px, py = pos
        return (
            self.viewport_x <= px < self.viewport_x + self.viewport_w
            and self.viewport_y <= py < self.viewport_y + self.viewport_h
        )

    def cell_to_screen(self, cell: Cell) -> tuple[int, int]:
        """Return the screen position of a field's top-left corner."""
        size = self.cell_px
        return (
            round(cell[0] * size - self.x) + self.viewport_x,
            round(cell[1] * size - self.y) + self.viewport_y,
        )

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        """Return the screen position of a field's centre."""
        x, y = self.cell_to_screen(cell)
        half = self.cell_px // 2
        return x + half, y + half

    def point_to_screen(self, fx: float, fy: float) -> tuple[int, int]:
        """Return the screen position of a point in field units (0,0 = map corner)."""
        size = self.cell_px
        return (
            round(fx * size - self.x) + self.viewport_x,
            round(fy * size - self.y) + self.viewport_y,
        )

    def screen_to_point(self, pos: tuple[int, int]) -> tuple[float, float]:
        """Return the point in field units under a screen position."""
        size = self.cell_px
        return (
            (pos[0] - self.viewport_x + self.x) / size,
            (pos[1] - self.viewport_y + self.y) / size,
        )

    def screen_to_cell(self, pos: tuple[int, int]) -> Cell:
        """Return the field under a screen position (may be outside the map)."""
        fx, fy = self.screen_to_point(pos)
        return math.floor(fx), math.floor(fy)

    def visible_cells(self, width: int, height: int) -> tuple[int, int, int, int]:
        """Return (x0, y0, x1, y1), the clipped range of fields in view (end exclusive)."""
        size = self.cell_px
        x0 = max(0, math.floor(self.x / size))
        y0 = max(0, math.floor(self.y / size))
        x1 = min(width, math.floor((self.x + self.viewport_w) / size) + 1)
        y1 = min(height, math.floor((self.y + self.viewport_h) / size) + 1)
        return x0, y0, max(x0, x1), max(y0, y1)

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels."""
        self.x += dx
        self.y += dy

    def zoom_at(self, pos: tuple[int, int], factor: float) -> None:
        """Zoom by ``factor`` keeping the map point under ``pos`` where it is."""
        self.set_zoom(self.zoom * factor, pos)

    def set_zoom(self, zoom: float, pos: tuple[int, int] | None = None) -> None:
        """Set the zoom (clamped to 25 %-400 %) around ``pos`` (default: viewport centre)."""
        if pos is None:
            pos = (
                self.viewport_x + self.viewport_w // 2,
                self.viewport_y + self.viewport_h // 2,
            )
        fx, fy = self.screen_to_point(pos)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        size = self.cell_px
        self.x = fx * size - (pos[0] - self.viewport_x)
        self.y = fy * size - (pos[1] - self.viewport_y)

    def fit(
        self, width: int, height: int, margin: float = 0.5, inset: tuple[int, int] = (0, 0)
    ) -> None:
        """Zoom and pan so the whole map of ``width`` x ``height`` fields is in view.

        ``inset`` is (left, top): pixels at the viewport's left and top edges that something
        covers (the coordinate rulers); the map is fitted into the rest of the viewport.
        """
        left, top = max(0, inset[0]), max(0, inset[1])
        free_w = max(1, self.viewport_w - left)
        free_h = max(1, self.viewport_h - top)
        span_w = (width + 2 * margin) * BASE_CELL_PX
        span_h = (height + 2 * margin) * BASE_CELL_PX
        zoom = min(free_w / span_w, free_h / span_h)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        self.centre_on(width / 2, height / 2)
        # centred in the free part: shift by half the covered strips
        self.x -= left / 2
        self.y -= top / 2

    def centre_on(self, fx: float, fy: float) -> None:
        """Put the point (in field units) in the middle of the viewport."""
        size = self.cell_px
        self.x = fx * size - self.viewport_w / 2
        self.y = fy * size - self.viewport_h / 2

    def true_size(self, dpi: float) -> None:
        """Zoom so one field is 25 mm on the monitor, keeping the centre."""
        self.set_zoom(true_size_zoom(dpi))
