"""The title screen: new game, continue the last game, load, settings, help, quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.match.saves import AUTOSAVE_NAMES, SaveError
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menu_base import MenuScene
from game.ui.scenes.save_files import SaveInfo, format_when, save_info
from game.ui.session import GameSession, autosave_dir, has_autosave
from game.ui.text import text_cache
from game.ui.widgets import draw_text

ITEMS = ("demo", "new_game", "continue", "load", "settings", "help", "quit")
GRID_STEP = 48
SETTINGS_LINE_SIZE = 18


class TitleScene(MenuScene):
    """The first screen of ``kampfkarte play``."""

    transparent = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._backdrop: pygame.Surface | None = None
        # What the autosaves say is read from the disk on build (and when the title
        # shows again), never per frame.
        self._can_continue = has_autosave(app.home)
        self.last_game: SaveInfo | None = self._last_game()

    def refresh(self) -> None:
        """Read the autosaves again (a game was played or loaded since)."""
        self._can_continue = has_autosave(self.app.home)
        self.last_game = self._last_game()

    def revealed(self) -> None:
        self.refresh()
        self.build()

    def _last_game(self) -> SaveInfo | None:
        if not has_autosave(self.app.home):
            return None
        for name in AUTOSAVE_NAMES:
            path = autosave_dir(self.app.home) / name
            if path.exists():
                info = save_info(path)
                if not info.problem:
                    return info
        return None

    @property
    def can_continue(self) -> bool:
        return self._can_continue

    def build(self) -> None:
        self.refresh()
        self.buttons = []
        width, height = self.size
        button_w, gap = 340, 12
        top = max(190, int(height * 0.34))
        # the buttons shrink on a small window so that all of them and a notice fit
        button_h = max(34, min(52, (height - top - 90) // len(ITEMS) - gap))
        x = (width - button_w) // 2
        actions: dict[str, Callable[[], None]] = {
            "demo": self.demo,
            "new_game": self.new_game,
            "continue": self.resume,
            "load": lambda: self.app.nav.load(),
            "settings": lambda: self.app.nav.settings(),
            "help": lambda: self.app.nav.help(),
            "quit": self.app.quit,
        }
        for i, item in enumerate(ITEMS):
            rect = pygame.Rect(x, top + i * (button_h + gap), button_w, button_h)
            options: dict[str, object] = {"size": 24}
            if item == "continue":
                options["enabled"] = self.can_continue
                options["tooltip"] = self._continue_text()
            self.button(rect, f"menus.title.{item}", actions[item], **options)
        self.notice_rect = pygame.Rect(
            max(20, (width - 760) // 2), top + len(ITEMS) * (button_h + gap) + 16, 760, 0
        )
        self.notice_rect.width = min(760, width - 40)
        self.notice_rect.height = max(40, height - self.notice_rect.y - 20)

    def _continue_text(self) -> str:
        info = self.last_game
        if info is None:
            return "" if self.can_continue else self.t("menus.title.no_autosave")
        when = format_when(info.when)
        if info.round is None:  # a ruleset that counts no rounds
            return self.t("menus.title.continue_info_no_round", mission=info.mission, when=when)
        mission, round_now = info.mission, info.round
        return self.t("menus.title.continue_info", mission=mission, round=round_now, when=when)

    # ------------------------------------------------------------- actions
    def new_game(self) -> None:
        self.app.nav.new_game()

    def demo(self) -> None:
        """Start the bundled demo mission at once: the heroes human, the enemies the AI."""
        import random

        from game.missions.loader import demo_mission_path

        try:
            session = GameSession.new(
                demo_mission_path(), home=self.app.home, seed=random.randrange(1, 2**31)
            )
        except Exception as error:  # a broken install must show, not crash
            self.say([self.t("menus.title.demo_failed"), str(error)], bad=True)
            return
        self.app.nav.to_battle(session)

    def resume(self) -> None:
        """Continue the newest autosave that loads (older ones stand in for a broken one)."""
        try:
            session = GameSession.resume(self.app.home)
        except SaveError as error:
            why = error.text(self.app.t.language)
            self.say([self.t("menus.title.resume_failed"), why], bad=True)
            return
        except Exception as error:  # a damaged autosave must never end the program
            self.say([self.t("menus.title.resume_failed"), str(error)], bad=True)
            return
        self.app.nav.to_battle(session)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.resume if self.can_continue else self.new_game)()
            return True
        if event.key == pygame.K_F1:
            self.app.nav.help()
            return True
        return False

    def back(self) -> None:
        self.app.quit()

    # ---------------------------------------------------------------- draw
    def draw_content(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        if self._backdrop is None or self._backdrop.get_size() != (width, height):
            self._backdrop = _backdrop((width, height))
        surface.blit(self._backdrop, (0, 0))
        fonts = self.app.fonts
        title_y = max(64, int(height * 0.16))
        draw_text(
            surface,
            fonts,
            "Kampfkarte",
            (width // 2, title_y),
            size=96,
            colour=theme.ACCENT,
            bold=True,
            anchor="center",
        )
        draw_text(
            surface,
            fonts,
            self.t("menus.title.subtitle"),
            (width // 2, title_y + 62),
            size=28,
            colour=theme.TEXT_DIM,
            anchor="center",
        )
        rect = self.notice_rect
        if not self.notice and self.can_continue:
            text = self._continue_text()
            if text:
                draw_text(
                    surface,
                    fonts,
                    text,
                    (width // 2, rect.y),
                    size=20,
                    colour=theme.TEXT_DIM,
                    anchor="midtop",
                )
        self.draw_notice(surface, rect, 20)
        self._draw_settings_damage(surface)

    def settings_damage_text(self) -> str:
        """Return the line about a settings file that did not load ("" when it did)."""
        damage = self.app.settings_damage
        if damage is None:
            return ""
        why = self.t(f"menus.settings_file.why.{damage.reason}", line=damage.line)
        if damage.kept is None:
            return self.t("menus.settings_file.damaged_left", file=damage.path, why=why)
        return self.t(
            "menus.settings_file.damaged", file=damage.path, why=why, kept=damage.kept.name
        )

    def _draw_settings_damage(self, surface: pygame.Surface) -> None:
        """Draw the settings line at the bottom, wrapped to the window (usually one line)."""
        text = self.settings_damage_text()
        if not text:
            return
        width, height = surface.get_size()
        cache = text_cache(self.app.fonts)
        lines = cache.wrap(text, SETTINGS_LINE_SIZE, width - 40)
        step = cache.line_height(SETTINGS_LINE_SIZE)
        top = height - 12 - step * len(lines)
        for index, line in enumerate(lines):
            cache.draw(
                surface,
                line,
                (width // 2, top + index * step),
                SETTINGS_LINE_SIZE,
                theme.TEXT_BAD,
                anchor="midtop",
            )


def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Return the title's background: a faint battle grid with a darker border."""
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    width, height = size
    line = (34, 37, 43)
    for x in range(0, width, GRID_STEP):
        pygame.draw.line(surface, line, (x, 0), (x, height))
    for y in range(0, height, GRID_STEP):
        pygame.draw.line(surface, line, (0, y), (width, y))
    pygame.draw.rect(surface, theme.PANEL_EDGE, surface.get_rect(), 3)
    return surface
