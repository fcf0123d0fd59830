"""The one text renderer of the screen: rendered lines kept by (text, size, bold, colour).

Every scene, panel and tool draws its words through ``text_cache(fonts)`` (or the
``draw_text`` shortcut): a line is rendered once and blitted from then on, the oldest
lines drop out when the cache is full. Text from a file that no font can draw (a lone
surrogate, NUL) is drawn as U+FFFD (``game.ui.screen_font``; every font of ``Fonts`` does
the same for the few lines drawn past the cache).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict

import pygame

from game.ui import theme
from game.ui.screen_font import screen_text
from game.ui.theme import Colour, Fonts

TEXT_CACHE_LIMIT = 3000


class TextCache:
    """Rendered lines of text, kept by (text, size, bold, colour); the oldest drop out."""

    def __init__(self, fonts: Fonts, limit: int = TEXT_CACHE_LIMIT) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: OrderedDict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = (
            OrderedDict()
        )
        self.renders = 0  # how many lines were rendered (tests check the cache works)

    def render(
        self, text: str, size: int, colour: Colour = theme.TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, bold, tuple(colour))
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        image = self.fonts.get(size, bold).render(screen_text(text), True, colour)
        self.renders += 1
        self._cache[key] = image
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return image

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return int(self.fonts.get(size, bold).size(text)[0])

    def line_height(self, size: int, bold: bool = False) -> int:
        return int(self.fonts.get(size, bold).get_linesize())

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """Return ``text`` shortened with an ellipsis to fit ``width`` pixels."""
        if width <= 0:
            return ""
        font = self.fonts.get(size, bold)
        if font.size(text)[0] <= width:
            return text
        low, high = 0, len(text)
        while low < high:  # the longest prefix that fits with the ellipsis
            mid = (low + high + 1) // 2
            if font.size(text[:mid] + "…")[0] <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low] + "…" if low else ""

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Return ``text`` broken into lines no wider than ``width``."""
        return wrap(self.fonts, text, width, size)

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        colour: Colour = theme.TEXT,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        width: int | None = None,
    ) -> pygame.Rect:
        """Draw one line (shortened to ``width``); return its rectangle."""
        if width is not None:
            text = self.fit(text, size, width, bold)
        if not text:
            return pygame.Rect(pos, (0, 0))
        image = self.render(text, size, colour, bold)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect


_CACHES: weakref.WeakKeyDictionary[Fonts, TextCache] = weakref.WeakKeyDictionary()


def text_cache(fonts: Fonts) -> TextCache:
    """Return the text cache shared by everything that draws with ``fonts``."""
    cache = _CACHES.get(fonts)
    if cache is None:
        cache = TextCache(fonts)
        _CACHES[fonts] = cache
    return cache


def draw_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: tuple[int, int],
    *,
    size: int = 20,
    colour: Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw one line of text (rendered once, then kept); return its rectangle."""
    image = text_cache(fonts).render(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(fonts: Fonts, text: str, width: int, size: int = 18) -> list[str]:
    """Return ``text`` broken into lines no wider than ``width`` pixels."""
    font = fonts.get(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
