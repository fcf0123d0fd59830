"""Messages over the map (refusals in red, notices) for a few seconds, stacked at the
bottom of the map clear of the column ruler and the range bands' labels, and the pick tools'
prompt. Each is rendered once and kept while it shows (the tooltip is ``game.ui.tooltip``).

A message given as a text key (``add_key``) is shown in the screen's current language; a
plain text made in another language than the current one is dropped (issue 12)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

MESSAGE_SECONDS = 4.0
BAD_MESSAGE_SECONDS = 6.0
MAX_MESSAGES = 4


@dataclass
class Message:
    text: str
    bad: bool
    until: float
    language: str = ""  # the language ``text`` is in ("": any)
    key: str = ""  # a text key: rendered in the current language
    args: tuple[tuple[str, object], ...] = ()


class MessageBoard:
    """The messages and the prompt of the HUD."""

    def __init__(self, hud: HudContext) -> None:
        self.hud = hud
        self.messages: list[Message] = []
        self._message_cache: dict[tuple[str, bool, int, int], pygame.Surface] = {}

    def add(self, text: str, bad: bool) -> None:
        """Show ``text`` (in the current language) for a few seconds."""
        self._add(Message(text, bad, 0.0, self.hud.language))

    def add_key(self, key: str, bad: bool = False, **args: object) -> None:
        """Show the text of ``key`` with ``args``, always in the current language."""
        self._add(Message(self.hud.t(key, **args), bad, 0.0, "", key, tuple(args.items())))

    def _add(self, message: Message) -> None:
        message.until = time.monotonic() + (BAD_MESSAGE_SECONDS if message.bad else MESSAGE_SECONDS)
        self.messages = [m for m in self.messages if m.text != message.text]
        self.messages.append(message)
        del self.messages[:-MAX_MESSAGES]

    def _current(self, message: Message) -> Message | None:
        """Return ``message`` in the current language; None: its text is in another one."""
        language = self.hud.language
        if message.key:
            message.text = self.hud.t(message.key, **dict(message.args))
        elif message.language and message.language != language:
            return None
        return message

    def clear(self) -> None:
        """Drop every message: the next person at the screen starts without the last one's."""
        self.messages.clear()

    def draw_banner(self, surface: pygame.Surface, prompt: str) -> None:
        """Say what the HUD's pick tool waits for, at the bottom of the map."""
        hud = self.hud
        image = hud.text.render(prompt, hud.fs, theme.ACCENT, True)
        rect = image.get_rect(midbottom=(hud.viewport.centerx, hud.viewport.bottom - 8))
        box = rect.inflate(16, 8)
        pygame.draw.rect(surface, (20, 22, 26), box, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=5)
        surface.blit(image, rect)

    def area(self) -> pygame.Rect:
        """Return where messages may go: the map below the column ruler, above the banner.

        They stack up from the bottom of the map: the top is where the ruler is and where
        the range bands put their labels (clamped just below the ruler), both of which a
        message must not cover; the bottom keeps the pick tools' banner row free.
        """
        hud = self.hud
        view = hud.viewport
        scene = hud.scene
        top = scene.map.coordinate_strips(scene.camera)[0].bottom + 4
        banner = hud.app.fonts.get(hud.fs, True).get_linesize() + 8
        bottom = view.bottom - 8 - banner - 4
        return pygame.Rect(view.x, top, view.width, max(0, bottom - top))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the messages that have not run out yet, oldest on top, at the map's bottom."""
        now = time.monotonic()
        current = (self._current(m) for m in self.messages if m.until > now)
        self.messages = [m for m in current if m is not None]
        area = self.area()
        placed: list[tuple[pygame.Surface, int]] = []
        y = area.bottom
        for message in reversed(self.messages):  # newest lowest; the oldest go if no room
            image = self._image(message)
            if placed and y - image.get_height() < area.top:
                break
            y -= image.get_height()
            placed.append((image, y))
            y -= 4
        for image, top in placed:
            surface.blit(image, image.get_rect(midtop=(area.centerx, top)))

    def _image(self, message: Message) -> pygame.Surface:
        key = (message.text, message.bad, self.hud.viewport.width, self.hud.fs)
        image = self._message_cache.get(key)
        if image is None:
            image = self._message_image(message)
            if len(self._message_cache) > 64:
                self._message_cache.clear()
            self._message_cache[key] = image
        return image

    def _message_image(self, message: Message) -> pygame.Surface:
        width = max(200, min(640, self.hud.viewport.width - 40))
        lines = self.hud.text.wrap(message.text, self.hud.fs, width - 20)
        line_h = self.hud.app.fonts.get(self.hud.fs).get_linesize()
        image = pygame.Surface((width, len(lines) * line_h + 12), pygame.SRCALPHA)
        pygame.draw.rect(image, (18, 20, 24, 225), image.get_rect(), border_radius=6)
        edge = theme.TEXT_BAD if message.bad else theme.ACCENT
        pygame.draw.rect(image, edge, image.get_rect(), 1, border_radius=6)
        colour = theme.TEXT_BAD if message.bad else theme.TEXT
        for i, line in enumerate(lines):
            self.hud.text.draw(
                image, line, (width // 2, 6 + i * line_h), self.hud.fs, colour, anchor="midtop"
            )
        return image
