"""The settings screen: language, true-size DPI with a ruler, animations, fog of war."""

from __future__ import annotations

from functools import partial

import pygame

from game.ui import theme
from game.ui.app import App
from game.ui.camera import DEFAULT_DPI
from game.ui.locale import LANGUAGES
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.text_input import TextInput
from game.ui.widgets import Button, draw_text, wrap

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
MIN_DPI = 40.0
MAX_DPI = 400.0
MM_PER_INCH = 25.4


class SettingsScene(MenuScene):
    """Language, true-size DPI (with a 25 mm ruler), animations, fog of war."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dpi_field = TextInput(
            pygame.Rect(0, 0, 90, 40),
            _dpi_text(app.settings.dpi),
            max_length=5,
            allowed=lambda ch: ch.isdigit() or ch == ".",
            on_change=self._typed_dpi,
            on_submit=lambda _text: self.dpi_field.blur(),
        )
        self.inputs = [self.dpi_field]

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(900, 760)
        x = self.rect.x + 24
        label_w = 330
        y = self.rect.y + 90
        for i, language in enumerate(LANGUAGES):
            rect = pygame.Rect(x + label_w + i * 160, y, 150, 40)
            made = Button(
                rect,
                LANGUAGE_NAMES.get(language, language),
                partial(self.set_language, language),
                selected=self.app.settings.language == language,
            )
            made.data["key"] = f"language.{language}"
            self.buttons.append(made)
        y += 56
        self.toggle_y = y
        self._toggle(x + label_w, y, "animations", self.app.settings.animations)
        self._toggle(x + label_w, y + 54, "fog", self.app.settings.fog_of_war)
        # the ruler comes last: at a high DPI its 25 mm square needs the room below
        y += 54 + 46 + 44
        minus = pygame.Rect(x + label_w, y, 44, 40)
        self.button(minus, "−", lambda: self.change_dpi(-1))
        self.dpi_field.rect = pygame.Rect(minus.right + 8, y, 90, 40)
        self.button(pygame.Rect(self.dpi_field.rect.right + 8, y, 44, 40), "+", self._plus)
        self.button(
            pygame.Rect(self.dpi_field.rect.right + 64, y, 170, 40),
            "menus.settings.dpi_default",
            lambda: self.set_dpi(DEFAULT_DPI),
        )
        self.dpi_y = y
        self.ruler_top = y + 56
        done = pygame.Rect(0, 0, 170, 44)
        done.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(done, "menus.settings.done", self.back)

    def _plus(self) -> None:
        self.change_dpi(1)

    def _toggle(self, x: int, y: int, name: str, value: bool) -> None:
        key = "menus.common.on" if value else "menus.common.off"
        made = Button(pygame.Rect(x, y, 150, 40), self.t(key), lambda: self.toggle(name))
        made.selected = value
        made.data["key"] = f"toggle.{name}"
        self.buttons.append(made)

    # -------------------------------------------------------------- changes
    def set_language(self, language: str) -> None:
        self.app.set_language(language)
        self.app.save_settings()
        self._language = self.app.t.language
        self.build()

    def change_dpi(self, step: float) -> None:
        mods = pygame.key.get_mods()
        self.set_dpi(self.app.settings.dpi + step * (10 if mods & pygame.KMOD_SHIFT else 1))

    def set_dpi(self, dpi: float) -> None:
        dpi = round(max(MIN_DPI, min(MAX_DPI, dpi)), 1)
        self.app.settings.dpi = dpi
        self.dpi_field.set_text(_dpi_text(dpi))
        self.app.save_settings()

    def _typed_dpi(self, text: str) -> None:
        try:
            dpi = float(text)
        except ValueError:
            return
        if MIN_DPI <= dpi <= MAX_DPI:
            self.app.settings.dpi = dpi
            self.app.save_settings()

    def toggle(self, name: str) -> None:
        settings = self.app.settings
        if name == "animations":
            settings.animations = not settings.animations
            for scene in self.app.scenes:
                animator = getattr(scene, "animator", None)
                if animator is not None:
                    animator.enabled = settings.animations
        else:
            settings.fog_of_war = not settings.fog_of_war
        self.app.save_settings()
        self.build()

    def back(self) -> None:
        if not MIN_DPI <= _float_or(self.dpi_field.text, 0.0) <= MAX_DPI:
            self.dpi_field.set_text(_dpi_text(self.app.settings.dpi))
        self.app.save_settings()
        super().back()

    # ----------------------------------------------------------------- draw
    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.settings.title"))
        fonts = self.app.fonts
        x = self.rect.x + 24

        def label(key: str, y: int) -> None:
            draw_text(surface, fonts, self.t(key), (x, y + 20), anchor="midleft")

        label("menus.settings.language", self.rect.y + 90)
        label("menus.settings.animations", self.toggle_y)
        label("menus.settings.fog", self.toggle_y + 54)
        y = self.toggle_y + 100
        for line in wrap(fonts, self.t("menus.settings.fog_hint"), self.rect.width - 48, 18):
            draw_text(surface, fonts, line, (x, y), size=18, colour=theme.TEXT_DIM)
            y += fonts.get(18).get_linesize()
        label("menus.settings.dpi", self.dpi_y)
        previous = surface.get_clip()
        inside = self.rect.inflate(-4, -4)
        inside.height = self.rect.bottom - 76 - inside.y  # above the Done button
        surface.set_clip(inside.clip(previous))
        self.draw_ruler(surface, x, self.ruler_top)
        surface.set_clip(previous)

    def draw_ruler(self, surface: pygame.Surface, x: int, y: int) -> None:
        """Draw a 25 mm square and a 10 cm scale at the chosen DPI (compare with a ruler)."""
        fonts = self.app.fonts
        px_per_mm = self.app.settings.dpi / MM_PER_INCH
        side = round(25 * px_per_mm)
        square = pygame.Rect(x, y, side, side)
        pygame.draw.rect(surface, theme.FLOOR, square)
        pygame.draw.rect(surface, theme.ACCENT, square, 1)
        draw_text(
            surface,
            fonts,
            self.t("menus.settings.ruler"),
            square.center,
            size=20,
            colour=theme.BACKGROUND,
            anchor="center",
        )
        left = square.right + 30
        length = min(100.0, (self.rect.right - 24 - left) / px_per_mm)
        base = y + side // 2
        pygame.draw.line(
            surface, theme.TEXT, (left, base), (left + round(length * px_per_mm), base)
        )
        for mm in range(int(length) + 1):
            tick = 14 if mm % 10 == 0 else 9 if mm % 5 == 0 else 5
            tx = left + round(mm * px_per_mm)
            pygame.draw.line(surface, theme.TEXT, (tx, base), (tx, base - tick))
            if mm % 10 == 0:
                draw_text(surface, fonts, str(mm // 10), (tx, base + 4), size=16, anchor="midtop")
        hint = pygame.Rect(left, base + 26, self.rect.right - 24 - left, 60)
        ty = hint.y
        for line in wrap(fonts, self.t("menus.settings.ruler_hint"), hint.width, 18):
            draw_text(surface, fonts, line, (left, ty), size=18, colour=theme.TEXT_DIM)
            ty += fonts.get(18).get_linesize()


def _dpi_text(dpi: float) -> str:
    return str(int(dpi)) if float(dpi).is_integer() else f"{dpi:.1f}"


def _float_or(text: str, default: float) -> float:
    try:
        return float(text)
    except ValueError:
        return default
