"""The help overlay (F1): every shortcut and mouse action."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.app import App
from game.ui.help_sections import HELP_SECTIONS, HelpSections
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.widgets import draw_text, wrap


class HelpOverlay(MenuScene):
    """F1: every shortcut and mouse action; any key or click closes it."""

    def __init__(self, app: App, sections: HelpSections = HELP_SECTIONS) -> None:
        super().__init__(app)
        self.sections = sections

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(1160, 620)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.t("menus.help.title"))
        fonts = self.app.fonts
        size = 20 if self.rect.height >= 640 else 17
        line = fonts.get(size).get_linesize() + 2
        column_w = (self.rect.width - 72) // 2
        # two columns of about equal length: the map and the turn left, the rest right
        half = sum(len(items) + 1 for _, items in self.sections) / 2
        columns: list[list[tuple[str, tuple[str, ...]]]] = [[], []]
        count = 0
        for entry in self.sections:
            columns[0 if count < half else 1].append(entry)
            count += len(entry[1]) + 1
        for number, sections in enumerate(columns):
            x = self.rect.x + 24 + number * (column_w + 24)
            keys = [self.t(f"menus.help.{item}_keys") for _, items in sections for item in items]
            keys_w = min(column_w // 2, max(fonts.get(size, True).size(k)[0] for k in keys) + 16)
            y = top
            for section, items in sections:
                draw_text(
                    surface,
                    fonts,
                    self.t(f"menus.help.{section}"),
                    (x, y),
                    size=size + 2,
                    colour=theme.ACCENT,
                )
                y += line + 2
                for item in items:
                    # wrap measures the regular font; the bold keys are about a tenth wider
                    key_text = self.t(f"menus.help.{item}_keys")
                    key_lines = wrap(fonts, key_text, int((keys_w - 12) * 0.88), size)
                    text_lines = wrap(fonts, self.t(f"menus.help.{item}"), column_w - keys_w, size)
                    for i, part in enumerate(key_lines):
                        draw_text(surface, fonts, part, (x, y + i * line), size=size, bold=True)
                    for i, part in enumerate(text_lines):
                        draw_text(surface, fonts, part, (x + keys_w, y + i * line), size=size)
                    y += line * max(len(key_lines), len(text_lines))
                y += line // 2
        draw_text(
            surface,
            fonts,
            self.t("menus.common.close_hint"),
            (self.rect.centerx, self.rect.bottom - 16),
            size=18,
            colour=theme.TEXT_DIM,
            anchor="midbottom",
        )
