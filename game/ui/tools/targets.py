"""The generic tools: ask for a creature or a field, or a choice from a short menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.ui import overlays
from game.ui.overlays_rules import (
    creature_at,
    selected_creature,
    token_side,
)
from game.ui.popup import MenuItem
from game.ui.tools.base import PopupMenu, Tool

if TYPE_CHECKING:
    from game.ui.host import MapHost


class TargetTool(Tool):
    """Ask for a creature and/or a field, then send the command the factory builds.

    ``wants``: "creature", "field" or "either"; ``optional``: Enter sends with none.
    """

    name = "target"

    def __init__(
        self,
        scene: MapHost,
        title: str,
        prompt: str,
        build: Callable[[str | None, Cell | None], Command],
        *,
        wants: str = "creature",
        optional: bool = False,
    ) -> None:
        super().__init__(scene)
        self.title = title
        self.prompt_text = prompt
        self.build = build
        self.wants = wants
        self.optional = optional

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        creature = creature_at(self.scene, cell)
        if self.wants in ("creature", "either") and creature is not None:
            self.send(self.build(creature.key, None))
        elif self.wants in ("field", "either") and self.in_map(cell):
            self.send(self.build(None, cell))
        return True

    def key(self, event: pygame.event.Event) -> bool:
        if self.optional and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send(self.build(None, None))
            return True
        return False

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def draw_own_over(self, surface: pygame.Surface) -> None:
        cell = self.hover_cell()
        camera = self.scene.camera
        if cell is not None and self.in_map(cell):
            creature = creature_at(self.scene, cell)
            if creature is not None and self.wants != "field":
                overlays.draw_reticle(
                    surface, camera, creature.cell, (255, 220, 80), token_side(self.scene, creature)
                )
            elif self.wants != "creature":
                overlays.outline_cell(surface, camera, cell, (255, 220, 80), 2)
        lines = [self.title, self.prompt_text]
        if self.optional:
            lines.append(self.t("tools.enter_without_target"))
        self.tooltip(surface, lines)


class MenuTool(Tool):
    """A choice from a short list (stance, item, shout ...) before the command."""

    name = "menu"

    def __init__(self, scene: MapHost, title: str, items: Sequence[MenuItem]) -> None:
        super().__init__(scene)
        actor = selected_creature(scene)
        anchor = (
            scene.camera.cell_centre(actor.cell)
            if actor is not None
            else (scene.camera.viewport_x + 40, scene.camera.viewport_y + 40)
        )
        self.menu = PopupMenu(title, items, (anchor[0] + 20, anchor[1] - 10))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.menu is None:
            return False
        consumed = self.menu.handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.menu is not None and self.menu.closed and self.scene.tool is self:
            self.leave()
        return consumed or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw_controls(self, surface: pygame.Surface) -> None:
        """Draw the menu and, over it, the tooltip of the row under the mouse (why greyed)."""
        super().draw_controls(surface)
        if self.menu is None or self.mouse is None:
            return
        spot = self.menu.spot_at(self.mouse)
        if spot is not None and spot.tooltip:
            self.tooltip(surface, spot.tooltip.split("\n"))
