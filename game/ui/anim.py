"""Short animations: a token gliding along its path, a hit flash, a thrown object's flight.

STUB: the render helper fills this in; the scene calls ``from_events``/``update``/
``positions``/``draw``/``busy`` and nothing else. Animations never change the battle:
they only show what the engine already decided (the state is final before they start).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.battle.events import Event
from game.ui.camera import Camera


class Animator:
    """Animations in progress (empty when switched off in the settings)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def from_events(self, events: Sequence[Event]) -> None:
        """Start the animations the events describe (moves, hits, scatter paths)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    @property
    def busy(self) -> bool:
        return False

    def positions(self) -> dict[str, tuple[float, float]]:
        """Return tokens drawn away from their field right now (key -> field coordinates)."""
        return {}

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw flashes and flight paths over the tokens."""
