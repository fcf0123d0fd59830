"""A one-line text entry field: names, save names, seeds, folder paths.

Text arrives as pygame TEXTINPUT events (so umlauts and IME input work); KEYDOWN only
edits: backspace, delete, cursor keys, enter (submit), escape (cancel). While focused the
field swallows every key, so typing a name never triggers a shortcut of the scene.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.theme import Fonts

DIGITS = frozenset("0123456789")
FIELD_BG = (22, 24, 28)
CURSOR = theme.ACCENT


def printable(text: str) -> str:
    """Return ``text`` without control characters (line breaks, tabs, escape codes)."""
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))


class TextInput:
    """One line of editable text inside ``rect``."""

    def __init__(
        self,
        rect: pygame.Rect,
        text: str = "",
        *,
        max_length: int = 40,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        on_submit: Callable[[str], None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        on_change: Callable[[str], None] | None = None,
        size: int = 22,
        focused: bool = False,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.max_length = max(1, max_length)
        self.text = printable(text)[: self.max_length]
        self.cursor = len(self.text)
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_submit = on_submit
        self.on_cancel = on_cancel
        self.on_change = on_change
        self.size = size
        self.focused = False
        self._font: pygame.font.Font | None = None
        self._scroll = 0  # pixels of text scrolled out at the left
        if focused:
            self.focus()

    # ----------------------------------------------------------------- state
    def focus(self) -> None:
        self.focused = True
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error:  # pragma: no cover - no video system
            pass

    def blur(self) -> None:
        self.focused = False

    def set_text(self, text: str) -> None:
        """Replace the text (filtered and cut to the maximum length); cursor at the end."""
        self.text = self._filter(printable(text))[: self.max_length]
        self.cursor = len(self.text)

    def _filter(self, text: str) -> str:
        if self.allowed is None:
            return text
        return "".join(ch for ch in text if self.allowed(ch))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def insert(self, text: str) -> None:
        """Insert ``text`` at the cursor, as far as the maximum length allows."""
        text = self._filter(printable(text))
        room = self.max_length - len(self.text)
        if room <= 0 or not text:
            return
        text = text[:room]
        self.text = self.text[: self.cursor] + text + self.text[self.cursor :]
        self.cursor += len(text)
        self._changed()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; return whether the field consumed it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.focus()
                self.cursor = self._index_at(event.pos[0])
                return True
            self.blur()
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return event.type == pygame.KEYUP and event.key not in (pygame.K_TAB,)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if key == pygame.K_TAB:
            return False  # the form moves the focus
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        if key == pygame.K_ESCAPE:
            self.blur()
            if self.on_cancel is not None:
                self.on_cancel()
            return True
        if key == pygame.K_BACKSPACE and self.cursor > 0:
            start = self._word_start() if ctrl else self.cursor - 1
            self.text = self.text[:start] + self.text[self.cursor :]
            self.cursor = start
            self._changed()
        elif key == pygame.K_DELETE and self.cursor < len(self.text):
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
            self._changed()
        elif key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        elif key == pygame.K_HOME:
            self.cursor = 0
        elif key == pygame.K_END:
            self.cursor = len(self.text)
        elif ctrl and key == pygame.K_v:
            self.insert(_clipboard())
        elif ctrl and key == pygame.K_a:
            self.cursor = len(self.text)
        return True  # every other key is typing, not a shortcut

    def _word_start(self) -> int:
        index = self.cursor
        while index > 0 and self.text[index - 1] == " ":
            index -= 1
        while index > 0 and self.text[index - 1] != " ":
            index -= 1
        return index

    def _index_at(self, x: int) -> int:
        if self._font is None:
            return len(self.text)
        local = x - (self.rect.x + 6) + self._scroll
        for index in range(len(self.text) + 1):
            if self._font.size(self.text[:index])[0] >= local:
                return index
        return len(self.text)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        font = fonts.get(self.size)
        self._font = font
        pygame.draw.rect(surface, FIELD_BG, self.rect, border_radius=4)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2 if self.focused else 1, border_radius=4)
        inner = self.rect.inflate(-12, -4)
        y = self.rect.centery - font.get_height() // 2
        previous = surface.get_clip()
        surface.set_clip(inner.clip(previous) if previous else inner)
        if not self.text and not self.focused and self.placeholder:
            image = font.render(self.placeholder, True, theme.TEXT_DIM)
            surface.blit(image, (inner.x, y))
        else:
            cursor_x = font.size(self.text[: self.cursor])[0]
            # keep the cursor inside the box when the text is wider than it
            if cursor_x - self._scroll > inner.width - 2:
                self._scroll = cursor_x - inner.width + 2
            elif cursor_x < self._scroll:
                self._scroll = cursor_x
            image = font.render(self.text, True, theme.TEXT)
            surface.blit(image, (inner.x - self._scroll, y))
            if self.focused:
                x = inner.x + cursor_x - self._scroll
                pygame.draw.line(surface, CURSOR, (x, y), (x, y + font.get_height() - 2), 2)
        surface.set_clip(previous)


def _clipboard() -> str:
    """Return the clipboard text ("" when there is none or no clipboard)."""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError):
        return ""
