"""The settings screen: language, animations, fog of war, sounds and their volume, the
camera following the turn, and the true-size DPI with a ruler."""

from __future__ import annotations

from functools import partial

import pygame

from game.ui import theme
from game.ui.app import App
from game.ui.camera import DEFAULT_DPI
from game.ui.locale import LANGUAGES
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.settings import MAX_VOLUME, MIN_VOLUME
from game.ui.sounds import Sounds
from game.ui.text_input import TextInput
from game.ui.widgets import Button, draw_text, wrap

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
MIN_DPI = 40.0
MAX_DPI = 400.0
MM_PER_INCH = 25.4
VOLUME_STEP = 10  # per cent
ROW = 54
#: The switches: their names and the settings they flip.
TOGGLES = {
    "animations": "animations",
    "fog": "fog_of_war",
    "sounds": "sounds",
    "camera_follow": "camera_follow",
}


class SettingsScene(MenuScene):
    """Language, animations, fog, sounds, volume, camera, true-size DPI (with a 25 mm ruler)."""

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
        self.sounds = Sounds(app.settings)  # a sample when switched on or made louder

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
        settings = self.app.settings
        self._toggle(x + label_w, y, "animations", settings.animations)
        self._toggle(x + label_w, y + ROW, "fog", settings.fog_of_war)
        y += ROW + 46 + 44
        self.sound_y = y
        self._toggle(x + label_w, y, "sounds", settings.sounds)
        self._volume_row(x + label_w, y + ROW)
        self._toggle(x + label_w, y + 2 * ROW, "camera_follow", settings.camera_follow)
        # the ruler comes last: at a high DPI its 25 mm square needs the room below
        y += 3 * ROW
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

    def _volume_row(self, x: int, y: int) -> None:
        """Add the volume's − and + (the value is drawn between them)."""
        for key, rect, step in (
            ("volume.minus", pygame.Rect(x, y, 44, 40), -VOLUME_STEP),
            ("volume.plus", pygame.Rect(x + 44 + 8 + 90 + 8, y, 44, 40), VOLUME_STEP),
        ):
            made = Button(rect, "−" if step < 0 else "+", partial(self.change_volume, step))
            made.data["key"] = key
            self.buttons.append(made)
        self.volume_rect = pygame.Rect(x + 52, y, 90, 40)

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
        field = TOGGLES[name]
        setattr(settings, field, not getattr(settings, field))
        if name == "animations":
            for scene in self.app.scenes:
                animator = getattr(scene, "animator", None)
                if animator is not None:
                    animator.enabled = settings.animations
        if name == "sounds":
            self.sounds.play("turn")  # nothing when just switched off
        self.app.save_settings()
        self.build()

    def change_volume(self, step: int) -> None:
        """Make the sounds louder or softer by ``step`` per cent; a sample tells how loud."""
        settings = self.app.settings
        settings.volume = max(MIN_VOLUME, min(MAX_VOLUME, int(settings.volume) + step))
        self.app.save_settings()
        self.sounds.play("hit")

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
        label("menus.settings.fog", self.toggle_y + ROW)
        self._draw_sound_rows(surface, x)
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

    def _draw_sound_rows(self, surface: pygame.Surface, x: int) -> None:
        """Label the sounds, volume and camera rows; the volume's value and the hint."""
        fonts = self.app.fonts
        y = self.sound_y
        for row, key in enumerate(("sounds", "volume", "camera_follow")):
            text = self.t(f"feedback.settings.{key}")
            draw_text(surface, fonts, text, (x, y + row * ROW + 20), anchor="midleft")
        volume = self.t("feedback.settings.volume_value", volume=self.app.settings.volume)
        box = self.volume_rect
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, box, border_radius=4)
        draw_text(surface, fonts, volume, box.center, anchor="center")
        hint_x = self.volume_rect.right + 8 + 44 + 24
        hint = wrap(
            fonts, self.t("feedback.settings.sounds_hint"), self.rect.right - 24 - hint_x, 18
        )
        ty = y + 20 - len(hint) * fonts.get(18).get_linesize() // 2
        for line in hint:
            draw_text(surface, fonts, line, (hint_x, ty), size=18, colour=theme.TEXT_DIM)
            ty += fonts.get(18).get_linesize()

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
