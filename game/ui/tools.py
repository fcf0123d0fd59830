"""What a click on the map means right now: select, move, attack, throw, template, area fire.

STUB: the overlays/tools helper fills this in. Contract with the scene:
``Tool.handle(event) -> bool`` (consumed), ``Tool.draw_under(surface)`` (overlays under the
tokens), ``Tool.draw_over(surface)`` (paths, labels over the tokens), ``Tool.cancel()``;
``begin_action(scene, action) -> Tool | None`` picks the tool for an action of the action
bar (None: the action was sent as a command at once or is not available).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import Action

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class Tool:
    """The default tool: a left click selects the creature on the field."""

    name = "select"

    def __init__(self, scene: BattleScene) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.scene.camera.contains(event.pos):
                return False
            cell = self.scene.camera.screen_to_cell(event.pos)
            creature = self.scene.creature_at(cell)
            self.scene.select(creature.key if creature else None)
            return True
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw overlays that belong under the tokens."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw paths, labels and cursors over the tokens."""

    def cancel(self) -> None:
        """Leave the tool (Esc or another action)."""


def begin_action(scene: BattleScene, action: Action) -> Tool | None:
    """Return the tool for ``action`` (None when it needs none or is not available)."""
    return None
