"""The flow of turns on screen: round and handover banners, the camera following the turn.

The battle scene calls ``after_change`` after every change, ``handover`` when the
screen passes to another person, and ``handle``/``update``/``draw`` each frame.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.match.events import Event
from game.ui.host import BattleHost


class TurnFlow:
    """Banners at a new round and a handover; the camera that follows the turn."""

    def __init__(self, scene: BattleHost) -> None:
        self.scene = scene

    def after_change(self, events: Sequence[Event], passed_turn: bool) -> None:
        """React to a change of the match (a new turn, a new round)."""

    def handover(self) -> None:
        """The screen passes to another person."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when ``event`` was this part's (a key that skips the opponent's turn)."""
        return False

    def update(self, dt: float) -> None:
        """Advance banners and the camera by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the banner over everything."""
