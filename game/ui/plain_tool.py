"""The smallest map tool: it tracks the mouse, says things and draws what always stands.

Tools that know no ruleset derive from it (the HUD's picks, the views-driven default
tool); ENTARIA's own tools (``game.ui.tools``) have their richer base. What stays on the
map under every tool (ranges, threat zones …) is the scene's kit's: ``standing_under``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.host import MapHost
from game.ui.tooltip import draw_tooltip


class PlainTool:
    """A map tool that consumes nothing by itself; subclasses add their clicks."""

    name = "plain"

    def __init__(self, scene: MapHost) -> None:
        self.scene = scene
        self.mouse: tuple[int, int] | None = None

    @property
    def comes_back(self) -> bool:
        """Return whether leaving the tool brings it straight back (here: never)."""
        return False

    @property
    def t(self) -> Any:
        return self.scene.app.t

    def message(self, text: str, bad: bool = False) -> None:
        self.scene.hud.message(text, bad=bad)

    def hover_cell(self) -> Cell | None:
        """Return the field under the mouse (None: off the map)."""
        if self.mouse is None or not self.scene.camera.contains(self.mouse):
            return None
        return self.scene.camera.screen_to_cell(self.mouse)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw what stands on the map under the tokens whatever the tool."""
        self.scene.standing_under(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw the tool's own marks over the tokens (here: nothing)."""

    def tooltip(
        self, surface: pygame.Surface, lines: Sequence[str], border: theme.Colour = theme.ACCENT
    ) -> None:
        """Draw a text box beside the mouse, kept in the viewport."""
        if self.mouse is not None and lines:
            draw_tooltip(surface, self.scene.app.fonts, lines, self.mouse, border=border)

    def cancel(self) -> None:
        """Leave the tool (Esc or another action)."""
