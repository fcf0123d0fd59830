"""Building blocks of the HUD: cached text, clickable hotspots, cached panels, pop-up menus.

Every panel draws into its own surface, which is kept until its key changes (the
session's revision, the language, the size, the panel's own state such as a scroll
offset). A frame therefore blits a handful of surfaces; hover outlines and the tooltip
are the only things drawn fresh.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.theme import Colour, Fonts

if TYPE_CHECKING:
    from game.ui.hud import Hud

TEXT_CACHE_LIMIT = 3000
BADGE_BG: Colour = (70, 60, 90)
BADGE_BAD: Colour = (120, 50, 50)
QUESTION_BG: Colour = (70, 58, 24)
HOVER_EDGE: Colour = (255, 235, 150)
#: Greyed buttons: clearly apart from the ones that can be pressed.
DISABLED_FILL: Colour = (40, 42, 48)
DISABLED_EDGE: Colour = (52, 56, 64)
DISABLED_TEXT: Colour = (112, 116, 124)


class TextCache:
    """Rendered lines of text, kept by (text, size, bold, colour); the oldest drop out."""

    def __init__(self, fonts: Fonts, limit: int = TEXT_CACHE_LIMIT) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: OrderedDict[tuple[str, int, bool, Colour], pygame.Surface] = OrderedDict()
        self.renders = 0  # how many lines were rendered (tests check the cache works)

    def render(
        self, text: str, size: int, colour: Colour = theme.TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, bold, colour)
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        image = self.fonts.get(size, bold).render(text, True, colour)
        self.renders += 1
        self._cache[key] = image
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return image

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return int(self.fonts.get(size, bold).size(text)[0])

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
        font = self.fonts.get(size)
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


def draw_button(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    label: str,
    *,
    size: int,
    enabled: bool = True,
    selected: bool = False,
    colour: Colour | None = None,
) -> None:
    """Draw a button face (the hover outline comes later, per frame)."""
    fill = colour or (theme.BUTTON if enabled else DISABLED_FILL)
    pygame.draw.rect(surface, fill, rect, border_radius=4)
    edge = theme.ACCENT if selected else theme.PANEL_EDGE if enabled else DISABLED_EDGE
    pygame.draw.rect(surface, edge, rect, 2 if selected else 1, border_radius=4)
    text.draw(
        surface,
        label,
        rect.center,
        size,
        theme.TEXT if enabled else DISABLED_TEXT,
        anchor="center",
        width=rect.width - 8,
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


@dataclass
class Popup:
    """A pop-up menu of items near ``anchor``; any click outside closes it."""

    title: str
    items: Sequence[MenuItem]
    anchor: tuple[int, int]
    columns: int = 1
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    spots: list[Hotspot] = field(default_factory=list)
    _surface: pygame.Surface | None = None

    def layout(self, text: TextCache, bounds: pygame.Rect, size: int) -> None:
        row_h = size + 8
        longest = max([text.width(i.label, size) for i in self.items] + [80])
        col_w = min(320, longest + 20)
        title_w = text.width(self.title, size, True) + 20 if self.title else 0
        col_w = max(col_w, min(440, title_w) // max(1, self.columns) + 1)
        rows = -(-len(self.items) // max(1, self.columns))
        width = col_w * self.columns + 12
        height = rows * row_h + 12 + (size + 6 if self.title else 0)
        x = min(max(bounds.x, self.anchor[0]), bounds.right - width)
        y = self.anchor[1] - height if self.anchor[1] + height > bounds.bottom else self.anchor[1]
        self.rect = pygame.Rect(max(bounds.x, x), max(bounds.y, y), width, height)
        surface = pygame.Surface(self.rect.size)
        surface.fill((28, 30, 36))
        pygame.draw.rect(surface, theme.ACCENT, surface.get_rect(), 1)
        top = 6
        if self.title:
            text.draw(
                surface, self.title, (8, top), size, theme.ACCENT, bold=True, width=width - 16
            )
            top += size + 6
        self.spots = []
        for index, item in enumerate(self.items):
            col, row = index // rows, index % rows
            cell = pygame.Rect(6 + col * col_w, top + row * row_h, col_w - 4, row_h - 2)
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
        self._surface = surface

    def draw(self, target: pygame.Surface) -> None:
        if self._surface is not None:
            target.blit(self._surface, self.rect)
