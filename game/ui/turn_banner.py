"""Banners over the map: a large one ("Runde 3", "Anna übernimmt") and a small one below
it (whose turn begins). Each slides in, stays a moment and fades, about 1.2 s in all.

A banner never takes input. Its clock starts when it is first drawn, so a banner posted
while the hot-seat handover screen covers the map is seen in full once the map shows.
Its picture is rendered once; a frame only blits it with the fading alpha.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.text import text_cache
from game.ui.theme import Colour, Fonts

BANNER_SECONDS = 1.2
SLIDE_SECONDS = 0.2
FADE_SECONDS = 0.35
SLIDE_PIXELS = 14
BIG_SIZE, SMALL_SIZE = 30, 18
PILL: tuple[int, int, int, int] = (16, 18, 22, 215)
#: Where the large banner's top sits, as a share of the map's height below the ruler:
#: clear of the top row, high enough to leave the middle of the map free.
TOP_SHARE = 0.12


@dataclass
class Banner:
    """One banner: its text, look and age."""

    text: str
    colour: Colour
    big: bool
    seconds: float = BANNER_SECONDS
    age: float = 0.0
    seen: bool = False  # drawn at least once: the clock runs
    _image: tuple[int, pygame.Surface] | None = field(default=None, repr=False)

    @property
    def done(self) -> bool:
        return self.age >= self.seconds

    def alpha(self) -> int:
        """Return the opacity now: fading in while it slides, out at the end."""
        fade_in = min(1.0, self.age / SLIDE_SECONDS) if SLIDE_SECONDS > 0 else 1.0
        fade_out = min(1.0, max(0.0, (self.seconds - self.age) / FADE_SECONDS))
        return round(255 * min(fade_in, fade_out))

    def offset(self) -> int:
        """Return how far above its place the banner still is (it slides down)."""
        t = min(1.0, self.age / SLIDE_SECONDS) if SLIDE_SECONDS > 0 else 1.0
        return round(SLIDE_PIXELS * (1.0 - t) ** 2)

    def image(self, fonts: Fonts, width: int) -> pygame.Surface:
        """Return the banner's picture no wider than ``width`` (rendered once per width)."""
        if self._image is not None and self._image[0] == width:
            return self._image[1]
        size = BIG_SIZE if self.big else SMALL_SIZE
        pad_x, pad_y = (26, 8) if self.big else (14, 4)
        cache = text_cache(fonts)
        words = cache.fit(self.text, size, max(1, width - 2 * pad_x), True) or self.text[:1]
        text = cache.render(words, size, self.colour, True)
        image = pygame.Surface(
            (text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA
        )
        rect = image.get_rect()
        pygame.draw.rect(image, PILL, rect, border_radius=8)
        pygame.draw.rect(image, (*self.colour, 255), rect, 2, border_radius=8)
        if self.big:  # a coloured stripe under the words, like the handover screen's
            stripe = pygame.Rect(pad_x, rect.bottom - 6, rect.width - 2 * pad_x, 2)
            pygame.draw.rect(image, (*self.colour, 255), stripe)
        image.blit(text, (pad_x, pad_y))
        self._image = (width, image)
        return image


class BannerStrip:
    """The large and the small banner; a new one replaces the old one of its kind."""

    def __init__(self) -> None:
        self.big: Banner | None = None
        self.small: Banner | None = None
        self.drawn: list[pygame.Rect] = []  # where the banners were drawn last (tests)

    def show(self, text: str, colour: Colour, *, big: bool) -> None:
        banner = Banner(text, colour, big)
        if big:
            self.big = banner
        else:
            self.small = banner

    def clear(self) -> None:
        self.big = self.small = None

    @property
    def showing(self) -> bool:
        return self.big is not None or self.small is not None

    def update(self, dt: float) -> None:
        """Age the banners that were seen; drop the finished ones."""
        for name in ("big", "small"):
            banner: Banner | None = getattr(self, name)
            if banner is None or not banner.seen:
                continue
            banner.age += max(0.0, dt)
            if banner.done:
                setattr(self, name, None)

    def draw(self, surface: pygame.Surface, fonts: Fonts, area: pygame.Rect) -> None:
        """Draw the banners centred in ``area`` (the map below its ruler)."""
        self.drawn = []
        y = area.top + round(area.height * TOP_SHARE)
        for banner in (self.big, self.small):
            if banner is None:
                continue
            banner.seen = True
            image = banner.image(fonts, area.width - 16)
            image.set_alpha(banner.alpha())
            rect = image.get_rect(midtop=(area.centerx, y - banner.offset()))
            surface.blit(image, rect)
            self.drawn.append(rect)
            y = rect.bottom + 6
