"""The one pop-up menu of the screen and the clickable places of the HUD's panels.

``Popup`` is the HUD's menus and the map tools' choices alike (``MenuItem`` rows); a
``Hotspot`` is a place in a panel or a menu that reacts (a button, a chip, a tooltip).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.text import TextCache
from game.ui.theme import Colour
from game.ui.widgets import draw_button

HOVER_EDGE: Colour = (255, 235, 150)


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


@dataclass
class MenuItem:
    """A row of a pop-up menu: its label, what a click does, greyed with a tooltip."""

    label: str
    on_click: Callable[[], None] | None
    enabled: bool = True
    tooltip: str = ""
    key: str = ""
    plain: bool = False  # a line of text, not a button: drawn as text, no hover outline


class Popup:
    """A pop-up menu of items near ``anchor``; any click outside closes it.

    The one menu of the screen: the HUD's menus and the map tools' choices. The rows are
    drawn once per layout (a scroll or a new place re-draws them), a frame blits the
    picture and the hover outline. A list longer than the screen scrolls: the wheel,
    the arrow keys, Page Up / Page Down, Home and End.
    """

    PAD = 3
    MARGIN = 6  # kept from the window's edges where there is room
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
        col_w = max(24, min(col_w, (bounds.width - 8 - bar) // self.columns))  # never wider
        width = col_w * self.columns + 8 + bar
        height = self.visible_rows * row_h + 2 * pad + title_h
        self.rect = pygame.Rect(self._corner(bounds, width, height), (width, height))
        self._surface = self._render(text, col_w, title_h)
        self._key = key
        self.renders += 1

    def _corner(self, bounds: pygame.Rect, width: int, height: int) -> tuple[int, int]:
        """Return the top left: right of and below the anchor, flipped left or up when
        that side has no room, always inside ``bounds``."""
        ax, ay = self.anchor
        x = ax if ax + width <= bounds.right else ax - width
        y = ay if ay + height <= bounds.bottom else ay - height
        m = self.MARGIN
        x = max(bounds.x + m, min(x, bounds.right - m - width))
        y = max(bounds.y + m, min(y, bounds.bottom - m - height))
        x = max(bounds.x, min(x, bounds.right - width))  # no room for the margin: inside
        y = max(bounds.y, min(y, bounds.bottom - height))
        return x, y

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
            if item.plain:
                cut = _draw_line(surface, text, cell, item.label, size)
                if not cut and not item.tooltip:
                    continue  # nothing to say or do: no hotspot, no hover outline
            else:
                cut = draw_button(surface, text, cell, item.label, size=size, enabled=item.enabled)
            tip = "\n".join(t for t in (item.label if cut else "", item.tooltip) if t)
            self.spots.append(
                Hotspot(
                    cell.move(self.rect.x, self.rect.y),
                    item.key or f"menu:{index}",
                    item.on_click,
                    tip,  # a cut label: its whole text first
                    item.enabled and not item.plain,  # a plain line: a tooltip, no outline
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
        area = target.get_clip() if target.get_clip().width else target.get_rect()
        if text is None and self._text is not None and not area.contains(self.rect):
            text = self._text  # the window shrank since the layout: keep it inside
        if text is not None:
            self.layout(text, area)
        if self._surface is None:
            return
        target.blit(self._surface, self.rect)
        spot = self.spot_at(mouse) if mouse is not None else None
        if spot is not None and spot.enabled:
            pygame.draw.rect(target, HOVER_EDGE, spot.rect, 1, border_radius=4)


def _draw_line(
    surface: pygame.Surface, text: TextCache, cell: pygame.Rect, label: str, size: int
) -> bool:
    """Draw a plain row as text on the menu's background; return whether it was cut."""
    shown = text.fit(label, size, cell.width - 8)
    text.draw(surface, shown, (cell.x + 4, cell.centery), size, theme.TEXT, anchor="midleft")
    return shown != label
