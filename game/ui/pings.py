"""Pings: a person points at a field (Alt+click) so everybody at the screen sees it.

The battle scene passes events first to ``handle``; ``update`` and ``draw`` run each
frame.
"""

from __future__ import annotations

import pygame

from game.ui.camera import Camera
from game.ui.host import BattleHost


class Pings:
    """The fields pointed at, fading out after a few seconds."""

    def __init__(self, scene: BattleHost) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when ``event`` was a ping (Alt+click on the map)."""
        return False

    def update(self, dt: float) -> None:
        """Let the pings fade by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the pings over the map."""
