"""Text from files on screen: what pygame's font cannot draw becomes U+FFFD.

A file can hold what no font can draw: a lone surrogate in a mission's title, or a file
name that is not UTF-8 (``os.fsdecode`` keeps its bytes as surrogates). pygame's font
encodes text as UTF-8 and raises ``UnicodeEncodeError`` on them (and ``ValueError`` on a
NUL character, which a TOML or JSON string may hold as ``\u0000``). Every font the screen
uses is a :class:`ScreenFont` (``theme.Fonts``), so every line drawn or measured, through
the text cache or not, goes through :func:`screen_text` first.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pygame.typing came with pygame-ce 2.5.2; annotations only
    from pygame.typing import ColorLike

#: A surrogate code point (nothing encodes it as UTF-8) or NUL (pygame refuses it).
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def screen_text(text: str) -> str:
    """Return ``text`` with every surrogate and NUL as U+FFFD (``text`` itself if none)."""
    return _UNDRAWABLE.sub(REPLACEMENT, text) if _UNDRAWABLE.search(text) else text


class ScreenFont(pygame.font.Font):
    """A pygame font that draws and measures any text: surrogates and NUL become U+FFFD."""

    def render(
        self,
        text: str | bytes | None,
        antialias: bool,
        color: ColorLike,
        bgcolor: ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        """Render ``text`` as pygame does, after :func:`screen_text`."""
        if isinstance(text, str):
            text = screen_text(text)
        return super().render(text, antialias, color, bgcolor, wraplength)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        """Return the size ``text`` needs, after :func:`screen_text`."""
        return super().size(screen_text(text) if isinstance(text, str) else text)
