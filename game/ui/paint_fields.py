"""Paint fields on the map for an offer that needs several (``Needs.FIELDS``; the game
master's fog by hand).

A left press on an unpainted field paints, on a painted one wipes; dragging goes on
doing the same along the way (a quick drag fills the fields between two mouse
positions, so a diagonal stroke stays joined). Enter confirms the painted fields as one
pick; Esc leaves the tool without sending (the scene cancels every tool that is not
"select").
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.host import MapHost
from game.ui.hud_tools import HudTool

#: The painted fields' fill (with alpha) and edge.
PAINT_FILL = (*theme.ACCENT, 90)
PAINT_EDGE = theme.ACCENT


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """Return the fields from ``a`` to ``b`` inclusive, one step (of 8) at a time."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if steps == 0:
        return [a]
    return [
        (
            a[0] + round((b[0] - a[0]) * i / steps),
            a[1] + round((b[1] - a[1]) * i / steps),
        )
        for i in range(steps + 1)
    ]


class PaintFields(HudTool):
    """Paint fields by click or drag; Enter gives them to ``chosen`` in painted order."""

    name = "paint_fields"

    def __init__(
        self, scene: MapHost, prompt: str, chosen: Callable[[tuple[Cell, ...]], None]
    ) -> None:
        super().__init__(scene, prompt)
        self.chosen = chosen
        self.cells: dict[Cell, None] = {}  # painted, in order (a dict keeps it)
        self._stroke: tuple[bool, Cell] | None = None  # (painting, last field) while pressed
        self._picture: tuple[object, pygame.Surface] | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        camera = self.scene.camera
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not camera.contains(event.pos):
                return False
            cell = camera.screen_to_cell(event.pos)
            if not self._on_map(cell):
                return True
            painting = cell not in self.cells
            self._stroke = (painting, cell)
            self._touch(cell, painting)
            return True
        if event.type == pygame.MOUSEMOTION and self._stroke is not None:
            painting, last = self._stroke
            cell = camera.screen_to_cell(event.pos)
            if cell != last:
                for each in line_cells(last, cell)[1:]:
                    self._touch(each, painting)
                self._stroke = (painting, cell)
            return False  # the scene still follows the hovered field
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            done = self._stroke is not None
            self._stroke = None
            return done
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return True
        return False

    def confirm(self) -> None:
        """Hand the painted fields on (the offer says when there are none)."""
        self.chosen(tuple(self.cells))

    def _on_map(self, cell: Cell) -> bool:
        return bool(self.scene.session.battle.grid.in_bounds(cell))

    def _touch(self, cell: Cell, painting: bool) -> None:
        if not self._on_map(cell):
            return
        if painting:
            self.cells.setdefault(cell, None)
        else:
            self.cells.pop(cell, None)

    def draw_over(self, surface: pygame.Surface) -> None:
        camera = self.scene.camera
        size = camera.cell_px
        if self.cells and size > 0:
            key = size
            if self._picture is None or self._picture[0] != key:
                tile = pygame.Surface((size, size), pygame.SRCALPHA)
                tile.fill(PAINT_FILL)
                pygame.draw.rect(tile, PAINT_EDGE, tile.get_rect(), max(1, size // 12))
                self._picture = (key, tile)
            tile = self._picture[1]
            for cell in self.cells:
                surface.blit(tile, camera.cell_to_screen(cell))
        super().draw_over(surface)
