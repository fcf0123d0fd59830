"""Building blocks of the HUD: the tones' colours, badges, cached panels and sections.

Every panel draws into its own surface, which is kept until its key changes (the
session's revision, the language, the size, the panel's own state such as a scroll
offset). A frame therefore blits a handful of surfaces; hover outlines and the tooltip
are the only things drawn fresh. A panel's clickable places are ``popup.Hotspot``s; a
panel sees the HUD as a ``hud_context.HudContext``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.match.views import Badge, Tone
from game.ui import theme
from game.ui.popup import Hotspot
from game.ui.text import TextCache
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

BADGE_BG: Colour = (70, 60, 90)
BADGE_BAD: Colour = (120, 50, 50)
BADGE_DIM: Colour = (52, 50, 62)
QUESTION_BG: Colour = (70, 58, 24)
DAMAGE_TEXT: Colour = (240, 175, 130)

#: The colour of a text in each tone of the ruleset's views.
TONE_COLOURS: dict[Tone, Colour] = {
    Tone.NORMAL: theme.TEXT,
    Tone.DIM: theme.TEXT_DIM,
    Tone.GOOD: theme.TEXT_GOOD,
    Tone.BAD: theme.TEXT_BAD,
    Tone.ACCENT: theme.ACCENT,
    Tone.HURT: DAMAGE_TEXT,
}


def badge_colour(badge: Badge) -> Colour:
    """Return the background of a badge: red when bad, darker when implied."""
    if badge.tone is Tone.BAD:
        return BADGE_BAD
    if badge.tone is Tone.DIM:
        return BADGE_DIM
    return BADGE_BG


def draw_badge(
    surface: pygame.Surface,
    text: TextCache,
    pos: tuple[int, int],
    label: str,
    size: int,
    bg: Colour = BADGE_BG,
) -> pygame.Rect:
    """Draw a small pill with ``label``; return its rectangle."""
    image = text.render(label, size, theme.TEXT)
    rect = pygame.Rect(pos[0], pos[1], image.get_width() + 6, image.get_height() + 2)
    pygame.draw.rect(surface, bg, rect, border_radius=5)
    surface.blit(image, (rect.x + 3, rect.y + 1))
    return rect


class Panel:
    """One area of the HUD, drawn into a cached surface and re-drawn only on change."""

    def __init__(self, hud: HudContext) -> None:
        self.hud = hud
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._surface: pygame.Surface | None = None
        self._key: Hashable = None
        self._hotspots: list[Hotspot] = []
        self._screen_spots: tuple[Hashable, list[Hotspot]] | None = None
        self.redraws = 0

    @property
    def visible(self) -> bool:
        return self.rect.width > 0 and self.rect.height > 0

    def state_key(self) -> Hashable:
        """Return what the picture depends on besides revision, language and size."""
        return None

    def render(self, surface: pygame.Surface) -> list[Hotspot]:
        """Draw the panel into ``surface`` (panel coordinates); return its hotspots."""
        return []

    def refresh(self) -> None:
        if not self.visible:
            return
        key = (self.rect.size, self.hud.base_key(), self.state_key())
        if self._surface is not None and key == self._key:
            return
        if self._surface is None or self._surface.get_size() != self.rect.size:
            self._surface = pygame.Surface(self.rect.size)
        self._surface.fill(theme.PANEL)
        self._hotspots = self.render(self._surface)
        self._key = key
        self.redraws += 1

    def invalidate(self) -> None:
        self._key = None

    def draw(self, target: pygame.Surface) -> None:
        if not self.visible:
            return
        self.refresh()
        if self._surface is not None:
            target.blit(self._surface, self.rect)

    def hotspots(self) -> list[Hotspot]:
        """Return the hotspots in screen coordinates."""
        if not self.visible:
            return []
        self.refresh()
        where = (self._key, self.rect.topleft, id(self._hotspots))
        if self._screen_spots is None or self._screen_spots[0] != where:
            moved = [h.moved(self.rect.x, self.rect.y) for h in self._hotspots]
            self._screen_spots = (where, moved)
        return self._screen_spots[1]

    def scroll_by(self, steps: int) -> None:
        """The mouse wheel over the panel (positive: up)."""


class Section(Panel):
    """A part of the sidebar: a header that folds it and a body below."""

    #: The largest share of the sidebar's height the section asks for.
    max_share = 0.5
    name = "section"

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self.collapsed = False
        self.scroll = 0  # pixels scrolled down from the top of the body

    @property
    def shown(self) -> bool:
        return True

    def title(self) -> str:
        return ""

    def body_key(self) -> Hashable:
        return None

    def body_height(self, width: int) -> int:
        """Return the height the body would like at ``width``."""
        return 0

    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        return []

    def header_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        """Draw buttons at the right end of the header; return their hotspots."""
        return []

    def state_key(self) -> Hashable:
        return (self.collapsed, self.scroll, self.body_key())

    def toggle(self) -> None:
        self.collapsed = not self.collapsed
        self.hud.relayout()

    def render(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        width = self.rect.width
        header = pygame.Rect(0, 0, width, hud.header_h)
        pygame.draw.rect(surface, (44, 48, 57), header)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (0, header.bottom - 1), (width, header.bottom - 1)
        )
        extra = self.header_extra(surface, header)
        right = min([spot.rect.x for spot in extra] + [width])
        mark = "+" if self.collapsed else "-"
        text = hud.text
        text.draw(surface, mark, (8, header.centery), hud.fs, theme.TEXT_DIM, anchor="midleft")
        title = self.title()
        shown = text.fit(title, hud.fs, right - 28, bold=True)
        text.draw(
            surface, shown, (22, header.centery), hud.fs, theme.ACCENT, bold=True, anchor="midleft"
        )
        fold = hud.t("hud.unfold" if self.collapsed else "hud.fold")
        toggle = Hotspot(
            pygame.Rect(0, 0, right - 2, header.height),
            f"{self.name}:fold",
            self.toggle,
            fold if shown == title else f"{title}\n{fold}",  # a cut title in full
        )
        spots = [*extra, toggle]
        if not self.collapsed and self.rect.height > header.height:
            body = pygame.Rect(0, header.height, width, self.rect.height - header.height)
            spots += self.render_body(surface, body)
        return spots


class ScrollSection(Section):
    """A section whose body is drawn once at its full height and shown in a window."""

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self._content: tuple[Hashable, pygame.Surface, list[Hotspot]] | None = None

    def render_content(self, width: int) -> tuple[pygame.Surface, list[Hotspot]]:
        """Return the whole body and its hotspots (body coordinates)."""
        return pygame.Surface((width, 1)), []

    def content(self, width: int) -> tuple[pygame.Surface, list[Hotspot]]:
        key = (width, self.hud.base_key(), self.body_key())
        if self._content is None or self._content[0] != key:
            surface, spots = self.render_content(width)
            self._content = (key, surface, spots)
        return self._content[1], self._content[2]

    def body_height(self, width: int) -> int:
        return self.content(width)[0].get_height()

    def state_key(self) -> Hashable:
        return (self.collapsed, self.scroll, self.body_key())

    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        content, spots = self.content(rect.width)
        self.scroll = max(0, min(self.scroll, content.get_height() - rect.height))
        area = pygame.Rect(0, self.scroll, rect.width, rect.height)
        surface.blit(content, rect.topleft, area)
        shown = []
        for spot in spots:
            moved = spot.moved(rect.x, rect.y - self.scroll)
            if rect.contains(moved.rect):
                shown.append(moved)
        if content.get_height() > rect.height:  # a thin bar says there is more
            total = content.get_height()
            bar_h = max(12, rect.height * rect.height // total)
            bar_y = rect.y + (rect.height - bar_h) * self.scroll // max(1, total - rect.height)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (rect.right - 4, bar_y, 3, bar_h))
        return shown

    def scroll_by(self, steps: int) -> None:
        self.scroll = max(0, self.scroll - steps * 30)
