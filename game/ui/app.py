"""The window, the main loop and the stack of scenes (title, battle, menus, overlays).

A scene gets every input event, updates, and draws. Scenes pushed over another one
(menus, help, handover) can let the one below draw first (``transparent``). Scenes go
from screen to screen through the App's navigator (``app.nav``, ``game.ui.navigation``);
``game.ui.scenes.navigate.open_app`` makes an App with the one that builds every scene.
Tests and benchmarks drive the same App headless: ``app.step()`` runs exactly one frame.
"""

from __future__ import annotations

import contextlib
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.match.places import UserFolders, user_folders
from game.ui import theme
from game.ui.error_log import write_error
from game.ui.locale import Translator
from game.ui.session import clean_interrupted_writes
from game.ui.settings import Settings, SettingsDamage, home_dir, load_settings
from game.ui.theme import Fonts
from game.ui.tooltip import muted

if TYPE_CHECKING:
    from game.ui.navigation import Navigator

MIN_WINDOW = (800, 560)
FPS = 60
#: How long the red "something went wrong" strip stays on screen (seconds).
ERROR_SHOWN_S = 6.0


class Scene:
    """One screen of the program. Subclasses override what they need."""

    #: Draw the scene below first (menus and overlays over the battle map).
    transparent = False
    #: The scene paints every pixel of the screen itself (the App skips clearing it).
    covers_screen = False

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def resized(self, size: tuple[int, int]) -> None:
        """Lay out again for a new window size."""

    def closing(self) -> None:
        """The scene leaves the stack."""

    def revealed(self) -> None:
        """The scene is the top one again: the one above it was popped."""


class App:
    """The program: window, settings, texts, fonts and the scene stack."""

    def __init__(
        self,
        *,
        home: Path | None = None,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        headless: bool = False,
        navigator: Callable[[App], Navigator] | None = None,
    ) -> None:
        #: The player's folders; a given ``home`` holds all of them (as $KAMPFKARTE_HOME).
        self.folders = UserFolders.all_in(home) if home is not None else user_folders()
        self.home = home or home_dir()  # saves and autosaves
        # what writes interrupted at an earlier run left (a session start does it too)
        clean_interrupted_writes(self.home, also=(self.folders.config,))
        #: A settings file that did not load (kept aside); the title screen says so.
        self.settings_damage: SettingsDamage | None = None
        if settings is None:
            settings, self.settings_damage = load_settings(self.folders.config)
        self.settings = settings
        self.t = Translator(self.settings.language)
        self.headless = headless
        pygame.display.init()  # no mixer: the game has no sound, and no audio device is needed
        pygame.font.init()
        pygame.key.set_repeat(300, 40)
        width, height = size or (self.settings.window_w, self.settings.window_h)
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(
            (max(MIN_WINDOW[0], width), max(MIN_WINDOW[1], height)), flags
        )
        pygame.display.set_caption("Kampfkarte")
        self.fonts = Fonts()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_ms: float = 0.0
        self.exit_code = 0
        #: A bug in one handler or draw must not close the window with the battle in it:
        #: the window logs it and goes on. Headless (tests, bench) lets it raise.
        self.catch_errors = not headless
        self.errors: list[str] = []
        self._error_until = 0.0
        self._nav = navigator(self) if navigator is not None else None

    @property
    def nav(self) -> Navigator:
        """Return the navigator: the one way to another screen."""
        if self._nav is None:
            raise RuntimeError("this App has no navigator: make it with scenes.navigate.open_app")
        return self._nav

    # ------------------------------------------------------------- scene stack
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        scene.resized(self.screen.get_size())
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or ``scene`` wherever it is)."""
        if not self.scenes:
            return
        target = scene or self.scenes[-1]
        if target in self.scenes:
            was_top = target is self.scenes[-1]
            self.scenes.remove(target)
            target.closing()
            if was_top and self.scenes:
                self.scenes[-1].revealed()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        """Replace the whole stack with ``scene``."""
        for old in reversed(self.scenes):
            old.closing()
        self.scenes = []
        return self.push(scene)

    def find(self, kind: type[Any]) -> Any:
        """Return the topmost scene of ``kind`` or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def set_language(self, language: str) -> None:
        self.settings.language = language
        self.t = Translator(language)

    def save_settings(self) -> None:
        # Settings are a comfort: a read-only home must not stop the game.
        with contextlib.suppress(OSError):
            self.settings.save(self.folders.config)
            self.settings_damage = None  # the settings file is whole again

    def quit(self) -> None:
        self.running = False

    # ---------------------------------------------------------------- the loop
    def step(self, dt: float | None = None) -> None:
        """Run one frame: events, update, draw, flip."""
        started = time.perf_counter()
        for event in pygame.event.get():
            self.guarded(self.dispatch, event)
        if not self.running or not self.scenes:
            return
        if dt is None:
            dt = 1.0 / FPS
        for scene in list(self.scenes):
            self.guarded(scene.update, dt)
        self.draw()
        pygame.display.flip()
        self.frame_ms = (time.perf_counter() - started) * 1000.0

    def dispatch(self, event: pygame.event.Event) -> None:
        """Hand one event to the top scene (window events are handled here)."""
        if event.type == pygame.QUIT:
            scene = self.top
            closer = getattr(scene, "request_close", None) if scene else None
            if callable(closer) and closer():
                return
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            width = max(MIN_WINDOW[0], event.w)
            height = max(MIN_WINDOW[1], event.h)
            self.settings.window_w, self.settings.window_h = width, height
            for scene in self.scenes:
                scene.resized((width, height))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            for scene in self.scenes:
                scene.resized(self.screen.get_size())
            return
        scene = self.top
        if scene is not None:
            scene.handle(event)

    def draw(self) -> None:
        """Draw the scenes from the lowest one that covers the screen upwards."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        if not self.scenes[start].covers_screen:
            self.screen.fill(theme.BACKGROUND)
        top = len(self.scenes) - 1
        for index in range(start, top + 1):
            if index == top:
                self.guarded(self.scenes[index].draw, self.screen)
                continue
            with muted():  # a scene under a dialog shows no hover tooltip over it
                self.guarded(self.scenes[index].draw, self.screen)
        if time.monotonic() < self._error_until:
            self._draw_error()

    # ---------------------------------------------------------------- errors
    def guarded(self, call: Callable[..., object], *args: Any) -> None:
        """Run ``call(*args)``; with ``catch_errors`` log an exception instead of raising."""
        if not self.catch_errors:
            call(*args)
            return
        try:
            call(*args)
        except Exception:  # any bug: keep the window and the battle alive
            self.report_error(traceback.format_exc())

    def report_error(self, text: str) -> None:
        """Log an error once (stderr and the rotating errors.log) and show the strip."""
        self._error_until = time.monotonic() + ERROR_SHOWN_S
        if text in self.errors:
            return  # a draw that fails every frame is logged once
        self.errors.append(text)
        print(text, file=sys.stderr)
        with contextlib.suppress(OSError):
            write_error(self.folders.error_log, text)

    def _draw_error(self) -> None:
        width = self.screen.get_width()
        font = self.fonts.get(14, True)
        label = font.render(self.t("menus.common.error"), True, (255, 255, 255))
        strip = pygame.Rect(0, 0, width, label.get_height() + 8)
        pygame.draw.rect(self.screen, (150, 30, 30), strip)
        self.screen.blit(label, label.get_rect(center=strip.center))

    def run(self) -> int:
        """Run until the window closes; return the exit code."""
        while self.running and self.scenes:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
        self.save_settings()
        pygame.display.quit()
        return self.exit_code
