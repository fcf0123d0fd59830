"""Everything around the map: initiative tracker, creature card, action bar, dice log,
Impuls pool, GM panel, undo/redo and end-turn buttons.

STUB: the HUD helper fills this in. Contract with the scene: ``Hud(scene)``,
``layout(size) -> pygame.Rect`` (returns the map viewport), ``handle(event) -> bool``
(consumed), ``draw(surface)``, ``message(text, bad=False)``, ``events_added(events)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.battle.events import Event

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class Hud:
    def __init__(self, scene: BattleScene) -> None:
        self.scene = scene
        self.notice = ""

    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        width, height = size
        return pygame.Rect(0, 0, width, height)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def message(self, text: str, bad: bool = False) -> None:
        self.notice = text

    def events_added(self, events: Sequence[Event]) -> None:
        pass
