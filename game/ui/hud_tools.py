"""The HUD's map tools: pick a creature or a field for an Impuls effect or a GM command.

They follow the scene's Tool contract (``handle``, ``draw_under``, ``draw_over``,
``cancel``); Esc leaves them (the scene cancels any tool that is not "select"). The
HUD draws their prompt over the map.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.rulesets.entaria.state import CreatureState
from game.ui import theme
from game.ui.tools import Tool

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class HudTool(Tool):
    """Wait for one click on the map; ``prompt`` says what for."""

    name = "hud_pick"

    def __init__(self, scene: BattleScene, prompt: str) -> None:
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


class PickCreature(HudTool):
    """Click a creature the viewer sees; ``chosen`` gets it."""

    def __init__(
        self, scene: BattleScene, prompt: str, chosen: Callable[[CreatureState], None]
    ) -> None:
        super().__init__(scene, prompt)
        self.chosen = chosen

    def clicked(self, cell: Cell) -> None:
        creature = self.scene.creature_at(cell)
        if creature is None:
            self.scene.hud.message(self.scene.app.t("hud.pick.no_creature"), bad=True)
            return
        self.chosen(creature)


class PickCell(HudTool):
    """Click a field of the map; ``chosen`` gets it."""

    def __init__(self, scene: BattleScene, prompt: str, chosen: Callable[[Cell], None]) -> None:
        super().__init__(scene, prompt)
        self.chosen = chosen

    def clicked(self, cell: Cell) -> None:
        if not self.scene.session.battle.grid.in_bounds(cell):
            return
        self.chosen(cell)


class MoveToken(HudTool):
    """The GM's move: click a token, then the field it goes to."""

    def __init__(
        self,
        scene: BattleScene,
        prompts: tuple[str, str],
        moved: Callable[[CreatureState, Cell], None],
    ) -> None:
        super().__init__(scene, prompts[0])
        self.prompts = prompts
        self.moved = moved
        self.creature: CreatureState | None = None

    def clicked(self, cell: Cell) -> None:
        if self.creature is None:
            creature = self.scene.creature_at(cell)
            if creature is None:
                self.scene.hud.message(self.scene.app.t("hud.pick.no_creature"), bad=True)
                return
            self.creature = creature
            self.prompt = self.prompts[1].format(name=creature.name)
            return
        if self.scene.session.battle.grid.in_bounds(cell):
            self.moved(self.creature, cell)

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if self.creature is not None:
            x, y = self.scene.camera.cell_to_screen(self.creature.cell)
            size = self.scene.camera.cell_px
            side = self.scene.session.battle.creature_type(self.creature).size_fields
            pygame.draw.rect(surface, theme.SELECTED, (x, y, size * side, size * side), 2)
