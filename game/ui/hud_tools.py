"""The HUD's map tools: pick a creature or a field for an offer of a panel, or a creature
and then a field (the game master moves a token).

They follow the scene's Tool contract (``handle``, ``draw_under``, ``draw_over``,
``cancel``); Esc leaves them (the scene cancels any tool that is not "select"). The
HUD draws their prompt over the map.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.host import MapHost
from game.ui.plain_tool import PlainTool


class HudTool(PlainTool):
    """Wait for one click on the map; ``prompt`` says what for."""

    name = "hud_pick"

    def __init__(self, scene: MapHost, prompt: str) -> None:
        super().__init__(scene)
        self.prompt = prompt

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.scene.camera.contains(event.pos):
                return False
            self.clicked(self.scene.camera.screen_to_cell(event.pos))
            return True
        return False

    def clicked(self, cell: Cell) -> None:
        """A left click on ``cell``."""

    def outline(self) -> tuple[int, int, int]:
        return theme.ACCENT

    def draw_over(self, surface: pygame.Surface) -> None:
        cell = self.scene.hover_cell
        if cell is None or not self.scene.session.battle.grid.in_bounds(cell):
            return
        x, y = self.scene.camera.cell_to_screen(cell)
        size = self.scene.camera.cell_px
        pygame.draw.rect(surface, self.outline(), (x, y, size, size), 2)

    def creature_key_at(self, cell: Cell) -> str | None:
        """Return the key of the creature the viewer sees on ``cell``; say so when none."""
        piece = self.scene.piece_at(cell)
        if piece is None:
            self.scene.hud.message(self.scene.app.t("hud.pick.no_creature"), bad=True)
            return None
        return piece.key


class PickCreature(HudTool):
    """Click a creature the viewer sees; ``chosen`` gets its key."""

    def __init__(self, scene: MapHost, prompt: str, chosen: Callable[[str], None]) -> None:
        super().__init__(scene, prompt)
        self.chosen = chosen

    def clicked(self, cell: Cell) -> None:
        key = self.creature_key_at(cell)
        if key is not None:
            self.chosen(key)


class PickCell(HudTool):
    """Click a field of the map; ``chosen`` gets it."""

    def __init__(self, scene: MapHost, prompt: str, chosen: Callable[[Cell], None]) -> None:
        super().__init__(scene, prompt)
        self.chosen = chosen

    def clicked(self, cell: Cell) -> None:
        if not self.scene.session.battle.grid.in_bounds(cell):
            return
        self.chosen(cell)


class PickCreatureThenCell(HudTool):
    """Click a token, then a field (the game master's move); ``chosen`` gets both.

    The second prompt may name the creature picked first (``{name}``).
    """

    def __init__(
        self,
        scene: MapHost,
        prompts: tuple[str, str],
        chosen: Callable[[str, Cell], None],
    ) -> None:
        super().__init__(scene, prompts[0])
        self.prompts = prompts
        self.chosen = chosen
        self.creature: str | None = None

    def clicked(self, cell: Cell) -> None:
        if self.creature is None:
            key = self.creature_key_at(cell)
            if key is None:
                return
            self.creature = key
            piece = self.scene.pieces()[key]
            self.prompt = self.prompts[1].format(name=piece.name)
            return
        if self.scene.session.battle.grid.in_bounds(cell):
            self.chosen(self.creature, cell)

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if self.creature is None:
            return
        piece = self.scene.pieces().get(self.creature)
        if piece is None:
            return
        x, y = self.scene.camera.cell_to_screen(piece.cell)
        size = self.scene.camera.cell_px
        side = piece.size
        pygame.draw.rect(surface, theme.SELECTED, (x, y, size * side, size * side), 2)
