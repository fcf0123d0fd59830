"""The pause menu (Esc during the battle)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.app import App
from game.ui.scenes.help import HelpOverlay
from game.ui.scenes.menu_base import MenuScene, draw_box, stack
from game.ui.scenes.navigate import go_to_title
from game.ui.scenes.saves import LoadDialog, SaveDialog
from game.ui.scenes.settings import SettingsScene


class PauseMenu(MenuScene):
    """Esc during the battle: resume, save, load, settings, help, main menu, quit."""

    ITEMS = ("resume", "save", "load", "settings", "help", "main_menu", "quit")

    def __init__(self, app: App, battle_scene: Any) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(420, 40 + 70 + len(self.ITEMS) * 56 + 50)
        actions: dict[str, Callable[[], None]] = {
            "resume": self.back,
            "save": self.opens(lambda: SaveDialog(self.app, self.battle_scene)),
            "load": self.opens(lambda: LoadDialog(self.app)),
            "settings": self.opens(lambda: SettingsScene(self.app)),
            "help": self.opens(lambda: HelpOverlay(self.app)),
            "main_menu": lambda: go_to_title(self.app),
            "quit": self.app.quit,
        }
        rows = stack(self.rect, self.rect.y + 80, len(self.ITEMS))
        for rect, item in zip(rows, self.ITEMS, strict=True):
            self.button(rect, f"menus.pause.{item}", actions[item])

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.pause.title"))
        area = pygame.Rect(self.rect.x + 24, self.rect.bottom - 40, self.rect.width - 48, 30)
        self.draw_notice(surface, area, 18)
