"""The pause menu (Esc during the battle)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.app import App
from game.ui.host import BattleHost
from game.ui.scenes.menu_base import MenuScene, draw_box, stack


class PauseMenu(MenuScene):
    """Esc during the battle: resume, save, load, settings, help, main menu, quit."""

    ITEMS = ("resume", "save", "load", "settings", "help", "main_menu", "quit")

    def __init__(self, app: App, battle_scene: BattleHost) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(420, 40 + 70 + len(self.ITEMS) * 56 + 50)
        actions: dict[str, Callable[[], None]] = {
            "resume": self.back,
            "save": lambda: self.app.nav.save(self.battle_scene),
            "load": lambda: self.app.nav.load(),
            "settings": lambda: self.app.nav.settings(),
            "help": lambda: self.app.nav.help(self.battle_scene.help_sections),
            "main_menu": lambda: self.app.nav.to_title(),
            "quit": self.app.quit,
        }
        rows = stack(self.rect, self.rect.y + 80, len(self.ITEMS))
        for rect, item in zip(rows, self.ITEMS, strict=True):
            self.button(rect, f"menus.pause.{item}", actions[item])

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.pause.title"))
        area = pygame.Rect(self.rect.x + 24, self.rect.bottom - 40, self.rect.width - 48, 30)
        self.draw_notice(surface, area, 18)
