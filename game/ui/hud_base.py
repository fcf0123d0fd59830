"""Building blocks of the HUD: cached text, clickable hotspots, cached panels, pop-up menus.

Every panel draws into its own surface, which is kept until its key changes (the
session's revision, the language, the size, the panel's own state such as a scroll
offset). A frame therefore blits a handful of surfaces; hover outlines and the tooltip
are the only things drawn fresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.match.views import Badge, Tone
from game.ui import theme
from game.ui.text import TextCache
from game.ui.theme import Colour
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud import Hud

BADGE_BG: Colour = (70, 60, 90)
BADGE_BAD: Colour = (120, 50, 50)
BADGE_DIM: Colour = (52, 50, 62)
QUESTION_BG: Colour = (70, 58, 24)
HOVER_EDGE: Colour = (255, 235, 150)
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


@dataclass
class Hotspot:
    """A place in a panel that reacts: a button, a chip, or just a tooltip."""

    rect: pygame.Rect
    key: str
    on_click: Callable[[], None] | None = None
    tooltip: str = ""
    enabled: bool = True
    refusal: str = ""  # told when a disabled hotspot is clicked

    def moved(self, dx: int, dy: int) -> Hotspot:
        return Hotspot(
            self.rect.move(dx, dy),
            self.key,
            self.on_click,
            self.tooltip,
            self.enabled,
            self.refusal,
        )


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

    def __init__(self, hud: Hud) -> None:
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

    def __init__(self, hud: Hud) -> None:
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
        text.draw(
            surface,
            self.title(),
            (22, header.centery),
            hud.fs,
            theme.ACCENT,
            bold=True,
            anchor="midleft",
            width=right - 28,
        )
        toggle = Hotspot(
            pygame.Rect(0, 0, right - 2, header.height),
            f"{self.name}:fold",
            self.toggle,
            hud.t("hud.unfold" if self.collapsed else "hud.fold"),
        )
        spots = [*extra, toggle]
        if not self.collapsed and self.rect.height > header.height:
            body = pygame.Rect(0, header.height, width, self.rect.height - header.height)
            spots += self.render_body(surface, body)
        return spots


class ScrollSection(Section):
    """A section whose body is drawn once at its full height and shown in a window."""

    def __init__(self, hud: Hud) -> None:
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


@dataclass
class MenuItem:
    label: str
    on_click: Callable[[], None] | None
    enabled: bool = True
    tooltip: str = ""
    key: str = ""


class Popup:
    """A pop-up menu of items near ``anchor``; any click outside closes it.

    The one menu of the screen: the HUD's menus and the map tools' choices. The rows are
    drawn once per layout (a scroll or a new place re-draws them), a frame blits the
    picture and the hover outline. A list longer than the screen scrolls: the wheel,
    the arrow keys, Page Up / Page Down, Home and End.
    """

    PAD = 3
    BACKGROUND: Colour = (28, 30, 36)

    def __init__(
        self,
        title: str,
        items: Sequence[MenuItem],
        anchor: tuple[int, int],
        columns: int = 1,
        *,
        size: int = 18,
    ) -> None:
        self.title = title
        self.items = list(items)
        self.anchor = anchor
        self.columns = max(1, columns)
        self.size = size
        self.rect = pygame.Rect(anchor[0], anchor[1], 0, 0)
        self.spots: list[Hotspot] = []
        self.scroll = 0  # the first row shown
        self.visible_rows = 0
        self.closed = False
        self.renders = 0  # how often the rows were drawn (tests check the cache works)
        self._text: TextCache | None = None
        self._area: pygame.Rect | None = None
        self._surface: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None

    # ------------------------------------------------------------- geometry
    @property
    def ROW(self) -> int:
        return self.size + 8

    @property
    def rows(self) -> int:
        """Return the rows of the whole list (items per column)."""
        return -(-len(self.items) // self.columns)

    @property
    def scrollable(self) -> bool:
        return self.rows > self.visible_rows

    def layout(self, text: TextCache, bounds: pygame.Rect, size: int | None = None) -> None:
        """Place the menu inside ``bounds`` and draw its rows (only when something changed)."""
        if size is not None:
            self.size = size
        key = (id(text), tuple(bounds), self.size, self.scroll)
        if key == self._key and self._surface is not None:
            return
        self._text = text
        self._area = pygame.Rect(bounds)
        size, row_h, pad = self.size, self.ROW, self.PAD
        longest = max([text.width(i.label, size) for i in self.items] + [80])
        col_w = min(320, longest + 20)
        title_w = text.width(self.title, size, True) + 20 if self.title else 0
        col_w = max(col_w, min(440, title_w) // self.columns + 1)
        title_h = row_h if self.title else 0
        fit = max(1, (bounds.height - 2 * pad - title_h) // row_h)
        self.visible_rows = min(self.rows, fit)
        self.scroll = max(0, min(self.scroll, self.rows - self.visible_rows))
        bar = 6 if self.scrollable else 0
        width = col_w * self.columns + 8 + bar
        height = self.visible_rows * row_h + 2 * pad + title_h
        x = min(max(bounds.x, self.anchor[0]), bounds.right - width)
        y = self.anchor[1] - height if self.anchor[1] + height > bounds.bottom else self.anchor[1]
        y = min(max(bounds.y, y), bounds.bottom - height)
        self.rect = pygame.Rect(max(bounds.x, x), max(bounds.y, y), width, height)
        self._surface = self._render(text, col_w, title_h)
        self._key = key
        self.renders += 1

    def _render(self, text: TextCache, col_w: int, title_h: int) -> pygame.Surface:
        size, row_h, pad = self.size, self.ROW, self.PAD
        surface = pygame.Surface(self.rect.size)
        surface.fill(self.BACKGROUND)
        pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), 1)
        if self.title:
            text.draw(
                surface,
                self.title,
                (8, pad + row_h // 2),
                size,
                theme.ACCENT,
                bold=True,
                anchor="midleft",
                width=self.rect.width - 16,
            )
        top = pad + title_h
        self.spots = []
        rows = self.rows
        for index, item in enumerate(self.items):
            col, row = index // rows, index % rows - self.scroll
            if not 0 <= row < self.visible_rows:
                continue
            cell = pygame.Rect(4 + col * col_w, top + row * row_h + 1, col_w - 4, row_h - 2)
            draw_button(surface, text, cell, item.label, size=size, enabled=item.enabled)
            self.spots.append(
                Hotspot(
                    cell.move(self.rect.x, self.rect.y),
                    item.key or f"menu:{index}",
                    item.on_click,
                    item.tooltip,
                    item.enabled,
                    item.tooltip,
                )
            )
        if self.scrollable:  # a thin bar says where in the list the rows are
            track = self.visible_rows * row_h
            bar_h = max(10, track * self.visible_rows // rows)
            bar_y = top + (track - bar_h) * self.scroll // max(1, rows - self.visible_rows)
            pygame.draw.rect(surface, theme.PANEL_EDGE, (self.rect.width - 6, bar_y, 3, bar_h))
        return surface

    # --------------------------------------------------------------- events
    def scroll_by(self, steps: int) -> bool:
        """Scroll ``steps`` rows up (positive) or down; return whether the list moved."""
        before = self.scroll
        self.scroll = max(0, min(self.scroll - steps, self.rows - self.visible_rows))
        if self.scroll != before and self._text is not None and self._area is not None:
            self.layout(self._text, self._area)  # the key holds the scroll: re-drawn
        return self.scroll != before

    def key(self, event: pygame.event.Event) -> bool:
        """Take a key: Esc closes, arrows and Page keys scroll; return whether it was used."""
        page = max(1, self.visible_rows - 1)
        steps = {
            pygame.K_UP: 1,
            pygame.K_DOWN: -1,
            pygame.K_PAGEUP: page,
            pygame.K_PAGEDOWN: -page,
            pygame.K_HOME: self.rows,
            pygame.K_END: -self.rows,
        }
        if event.key == pygame.K_ESCAPE:
            self.closed = True
            return True
        if event.key in steps:
            self.scroll_by(steps[event.key])
            return True
        return False

    def spot_at(self, pos: tuple[int, int]) -> Hotspot | None:
        for spot in self.spots:
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Take an event: run the item clicked or close; return whether it was consumed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.rect.collidepoint(event.pos):
                spot = self.spot_at(event.pos)
                if event.button == 1 and spot is not None and spot.enabled:
                    self.closed = True
                    if spot.on_click is not None:
                        spot.on_click()
                return True
            self.closed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            return bool(self.rect.collidepoint(event.pos))
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_by(event.y) or self.scrollable
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    # -------------------------------------------------------------- drawing
    def draw(
        self,
        target: pygame.Surface,
        mouse: tuple[int, int] | None = None,
        text: TextCache | None = None,
    ) -> None:
        """Blit the menu; with ``mouse``, outline the row under it; with ``text``, lay out
        in the target's clip area first (a no-op while nothing changed)."""
        if text is not None:
            clip = target.get_clip()
            self.layout(text, clip if clip.width else target.get_rect())
        if self._surface is None:
            return
        target.blit(self._surface, self.rect)
        spot = self.spot_at(mouse) if mouse is not None else None
        if spot is not None and spot.enabled:
            pygame.draw.rect(target, HOVER_EDGE, spot.rect, 1, border_radius=4)
