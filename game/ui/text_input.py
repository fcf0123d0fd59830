"""A one-line text entry field: names, save names, seeds, folder paths.

Text arrives as pygame TEXTINPUT events (so umlauts and IME input work); KEYDOWN only
edits: backspace, delete, cursor keys (Shift selects), Home/End, Ctrl+A (select all),
Ctrl+C/X/V (clipboard), enter (submit), escape (cancel). Typing replaces the selection; a
field with ``select_on_focus`` selects its text when it gets the focus, so typing replaces
a default name. While focused the field swallows every key, so typing a name never
triggers a shortcut of the scene.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.theme import Fonts

DIGITS = frozenset("0123456789")
FIELD_BG = (22, 24, 28)
CURSOR = theme.ACCENT
SELECTION = (70, 96, 150)
LABEL_GAP = 8


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
        label: str = "",
        select_on_focus: bool = False,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.max_length = max(1, max_length)
        self.text = printable(text)[: self.max_length]
        self.cursor = len(self.text)
        self.anchor: int | None = None  # the selection's other end (None: nothing selected)
        self.label = label
        self.select_on_focus = select_on_focus
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_submit = on_submit
        self.on_cancel = on_cancel
        self.on_change = on_change
        self.size = size
        self.focused = False
        self._font: pygame.font.Font | None = None
        self._scroll = 0  # pixels of text scrolled out at the left
        self._text_x = self.rect.x + 6  # where the text starts (right of the label)
        if focused:
            self.focus()

    # ----------------------------------------------------------------- state
    def focus(self) -> None:
        if not self.focused and self.select_on_focus:
            self.select_all()
        self.focused = True
        try:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        except pygame.error:  # pragma: no cover - no video system
            pass

    def blur(self) -> None:
        self.focused = False
        self.anchor = None

    def set_text(self, text: str) -> None:
        """Replace the text (filtered and cut to the maximum length); cursor at the end."""
        self.text = self._filter(printable(text))[: self.max_length]
        self.cursor = len(self.text)
        self.anchor = None

    def select_all(self) -> None:
        """Select the whole text, the cursor at its end."""
        self.anchor, self.cursor = 0, len(self.text)

    def selection(self) -> tuple[int, int]:
        """Return the selected range (start, end); empty when start == end."""
        if self.anchor is None:
            return self.cursor, self.cursor
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    @property
    def selected(self) -> str:
        start, end = self.selection()
        return self.text[start:end]

    def _delete_selection(self) -> bool:
        """Remove the selected text; return whether there was any."""
        start, end = self.selection()
        self.anchor = None
        if start == end:
            return False
        self.text = self.text[:start] + self.text[end:]
        self.cursor = start
        return True

    def _filter(self, text: str) -> str:
        if self.allowed is None:
            return text
        return "".join(ch for ch in text if self.allowed(ch))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def insert(self, text: str) -> None:
        """Insert ``text`` at the cursor (over the selection), as far as the length allows."""
        text = self._filter(printable(text))
        if not text:
            return
        removed = self._delete_selection()
        room = self.max_length - len(self.text)
        if room <= 0:
            if removed:
                self._changed()
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
                if self.focused or not self.select_on_focus:
                    self.cursor = self._index_at(event.pos[0])
                    self.anchor = None
                self.focus()  # a first click into a default name selects it
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
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._erase(key == pygame.K_BACKSPACE, ctrl)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._move(key, bool(event.mod & pygame.KMOD_SHIFT))
        elif ctrl and key == pygame.K_a:
            self.select_all()
        elif ctrl and key in (pygame.K_c, pygame.K_x) and self.selected:
            _put_clipboard(self.selected)
            if key == pygame.K_x and self._delete_selection():
                self._changed()
        elif ctrl and key == pygame.K_v:
            self.insert(_clipboard())
        return True  # every other key is typing, not a shortcut

    def _erase(self, backwards: bool, ctrl: bool) -> None:
        """Backspace or Delete: the selection, else the character (Ctrl: word) beside."""
        if self._delete_selection():
            self._changed()
            return
        if backwards and self.cursor > 0:
            start = self._word_start() if ctrl else self.cursor - 1
            self.text = self.text[:start] + self.text[self.cursor :]
            self.cursor = start
            self._changed()
        elif not backwards and self.cursor < len(self.text):
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
            self._changed()

    def _move(self, key: int, extend: bool) -> None:
        """Move the cursor; with Shift the selection grows, without it collapses."""
        start, end = self.selection()
        if extend and self.anchor is None:
            self.anchor = self.cursor
        elif not extend and start != end and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = start if key == pygame.K_LEFT else end
            self.anchor = None
            return
        elif not extend:
            self.anchor = None
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        else:
            self.cursor = 0 if key == pygame.K_HOME else len(self.text)

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
        local = x - self._text_x + self._scroll
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
        if self.label:  # the label sits inside the box, left of the text
            image = font.render(self.label, True, theme.TEXT_DIM)
            surface.blit(
                image, (inner.x, y), area=pygame.Rect(0, 0, inner.width // 2, image.get_height())
            )
            used = min(image.get_width(), inner.width // 2) + LABEL_GAP
            pygame.draw.line(
                surface,
                theme.PANEL_EDGE,
                (inner.x + used - 5, inner.y + 3),
                (inner.x + used - 5, inner.bottom - 4),
            )
            inner.x += used
            inner.width -= used
        self._text_x = inner.x
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
            start, end = self.selection()
            if self.focused and start != end:
                left = font.size(self.text[:start])[0] - self._scroll
                wide = font.size(self.text[start:end])[0]
                box = pygame.Rect(inner.x + left, y, wide, font.get_height())
                pygame.draw.rect(surface, SELECTION, box)
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
    except (pygame.error, AttributeError):  # the dummy driver has no clipboard
        return ""


def _put_clipboard(text: str) -> None:
    """Put ``text`` on the clipboard; without one nothing happens."""
    with contextlib.suppress(pygame.error, AttributeError):  # the dummy driver has none
        pygame.scrap.put_text(text)
