"""Feedback on the map for what just happened: tracers, damage numbers, misses, sounds.

The battle scene hands over the events the viewer may see (``events``) and calls
``update`` and ``draw`` each frame. Nothing here changes the battle.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.match.events import Event
from game.ui.camera import Camera
from game.ui.host import BattleHost


class Feedback:
    """What the map shows for a moment after a command (and the sounds it plays)."""

    def __init__(self, scene: BattleHost) -> None:
        self.scene = scene

    def events(self, seen: Sequence[Event]) -> None:
        """Start the feedback for the events the viewer may see."""

    def clear(self) -> None:
        """Drop every running effect (an undo took back what they showed)."""

    def update(self, dt: float) -> None:
        """Advance the running effects by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the running effects over the tokens."""
