"""The menus' base: MenuScene (buttons, text fields, notice), MessageScene, panel helpers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.text_input import TextInput
from game.ui.widgets import Button, draw_text, draw_tooltip, wrap

DIM: tuple[int, int, int, int] = (8, 9, 12, 170)


class MenuScene(Scene):
    """A screen of buttons and text fields; rebuilt on resize and on a language switch.

    Subclasses create their text fields once (so typed text survives a rebuild) and
    place them and create their buttons in ``build``.
    """

    transparent = True  # over the battle: dimmed map behind the panel

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.inputs: list[TextInput] = []
        self.notice: list[str] = []
        self.notice_bad = False
        self.size: tuple[int, int] = app.screen.get_size()
        self._language = app.t.language
        self._dim: pygame.Surface | None = None

    def t(self, key: str, **values: Any) -> str:
        return self.app.t(key, **values)

    def build(self) -> None:
        """Place the fields and create the buttons for ``self.size``."""

    def say(self, lines: str | Sequence[str], bad: bool = False) -> None:
        """Show a notice (errors in red) in the scene's notice area."""
        self.notice = [lines] if isinstance(lines, str) else list(lines)
        self.notice_bad = bad

    def back(self) -> None:
        self.app.pop(self)

    # ----------------------------------------------------------- Scene API
    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def update(self, dt: float) -> None:
        if self.app.t.language != self._language:  # switched live in the settings
            self._language = self.app.t.language
            self.build()

    def handle(self, event: pygame.event.Event) -> None:
        for field in self.inputs:
            if field.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in list(self.buttons):
                if button.click(event.pos):
                    return
            self.clicked(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scrolled(event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB and self.inputs:
                self._next_field(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif not self.key(event) and event.key == pygame.K_ESCAPE:
                self.back()

    def key(self, event: pygame.event.Event) -> bool:
        """Handle a key the fields did not take; return whether it was used."""
        return False

    def clicked(self, pos: tuple[int, int]) -> None:
        """A left click that hit no button and no field."""

    def scrolled(self, steps: int) -> None:
        """The mouse wheel turned (positive: up)."""

    def _next_field(self, step: int) -> None:
        focused = [i for i, f in enumerate(self.inputs) if f.focused]
        index = (focused[0] + step) % len(self.inputs) if focused else 0
        for field in self.inputs:
            field.blur()
        self.inputs[index].focus()

    def draw(self, surface: pygame.Surface) -> None:
        if self.transparent:
            if self._dim is None or self._dim.get_size() != surface.get_size():
                self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                self._dim.fill(DIM)
            surface.blit(self._dim, (0, 0))
        self.draw_content(surface)
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            button.draw(surface, self.app.fonts, mouse)
        for field in self.inputs:
            field.draw(surface, self.app.fonts)
        for button in self.buttons:
            if button.tooltip and button.contains(mouse):
                draw_tooltip(surface, self.app.fonts, button.tooltip, mouse, size=18)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw everything but the buttons and fields."""

    # ------------------------------------------------------------- helpers
    def button(
        self,
        rect: pygame.Rect,
        key: str,
        on_click: Callable[[], None] | None,
        **options: Any,
    ) -> Button:
        """Create, register and return a button labelled with the text ``key``."""
        made = Button(pygame.Rect(rect), self.t(key), on_click, **options)
        made.data["key"] = key
        self.buttons.append(made)
        return made

    def find_button(self, key: str) -> Button | None:
        """Return the button labelled with the text ``key`` (tests and hotkeys use it)."""
        for button in self.buttons:
            if button.data.get("key") == key:
                return button
        return None

    def panel(self, width: int, height: int) -> pygame.Rect:
        """Return a centred panel rectangle that fits the window."""
        w = min(width, self.size[0] - 40)
        h = min(height, self.size[1] - 40)
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def draw_notice(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 20) -> int:
        """Draw the notice wrapped into ``rect``; return the height used."""
        if not self.notice:
            return 0
        colour = theme.TEXT_BAD if self.notice_bad else theme.TEXT_GOOD
        y = rect.y
        line_height = self.app.fonts.get(size).get_linesize()
        for paragraph in self.notice:
            for line in wrap(self.app.fonts, paragraph, rect.width, size):
                if y + line_height > rect.bottom:
                    return y - rect.y
                draw_text(surface, self.app.fonts, line, (rect.x, y), size=size, colour=colour)
                y += line_height
        return y - rect.y


def draw_box(surface: pygame.Surface, app: App, rect: pygame.Rect, title: str = "") -> int:
    """Draw a panel with a big title; return the y below the title."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
    if not title:
        return rect.y + 16
    title_rect = draw_text(
        surface, app.fonts, title, (rect.x + 24, rect.y + 18), size=36, colour=theme.ACCENT
    )
    return title_rect.bottom + 14


def stack(
    rect: pygame.Rect, top: int, count: int, height: int = 46, gap: int = 10
) -> list[pygame.Rect]:
    """Return ``count`` full-width rows inside ``rect`` from ``top`` downwards."""
    x, width = rect.x + 24, rect.width - 48
    return [pygame.Rect(x, top + i * (height + gap), width, height) for i in range(count)]


class MessageScene(MenuScene):
    """A panel with a few lines of text and an OK button (warnings after loading)."""

    def __init__(self, app: App, title: str, lines: Sequence[str], bad: bool = True) -> None:
        super().__init__(app)
        self.title = title
        self.say(lines, bad)

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(760, 420)
        ok = pygame.Rect(0, 0, 160, 44)
        ok.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(ok, "menus.common.ok", self.back)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.back()
            return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.title)
        area = pygame.Rect(self.rect.x + 24, top, self.rect.width - 48, 0)
        area.height = self.rect.bottom - 80 - top
        self.draw_notice(surface, area)
