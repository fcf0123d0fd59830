"""The map under the tokens: background image, terrain, doors, hazards, grid, coordinates.

STUB: the render helper replaces the drawing with cached tiles; the constructor and
``draw``/``draw_coordinates`` signatures are the contract the scenes use.
"""

from __future__ import annotations

import pygame

from game.rules.grid import BattleGrid
from game.ui import theme
from game.ui.camera import Camera
from game.ui.theme import Fonts


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
        self.background = background
        self.background_px_per_field = background_px_per_field
        self.background_offset = background_offset

    def set_grid(self, grid: BattleGrid) -> None:
        """Draw another grid from now on (after undo the battle has a new grid object)."""
        self.grid = grid

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the map into the camera's viewport."""
        x0, y0, x1, y1 = camera.visible_cells(self.grid.width, self.grid.height)
        size = camera.cell_px
        wall = self.grid.wall
        for y in range(y0, y1):
            for x in range(x0, x1):
                sx, sy = camera.cell_to_screen((x, y))
                colour = theme.WALL if wall[y, x] else theme.FLOOR
                surface.fill(colour, (sx, sy, size - 1, size - 1))

    def draw_coordinates(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the field coordinates along the viewport's border."""
