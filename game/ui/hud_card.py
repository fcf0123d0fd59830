"""The creature card: what the ruleset's views say of one creature (``Views.card``).

A subtitle with the side's colour, the meter with its text, a warning in red, a summary
line, then sections: a two-column grid of values, entries of lines, or badges that
explain themselves in a tooltip. A line or label cut to fit shows in full on hover. The
card shows the selected creature, else the one
whose turn it is, and never a creature hidden from the viewer.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.match.views import Card, CardPart, Entry, Meter, Value
from game.ui import theme
from game.ui.hud_base import TONE_COLOURS, ScrollSection, badge_colour, draw_badge
from game.ui.hud_initiative import draw_pips, share_colour
from game.ui.popup import Hotspot

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

MAX_CARD_HEIGHT = 1400


class CardSection(ScrollSection):
    """The sidebar's creature card."""

    max_share = 0.55
    name = "card"

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self._card: tuple[Hashable, Card | None] | None = None

    def subject(self) -> str | None:
        """Return the key of the creature the card shows (None: nobody)."""
        hud = self.hud
        key = getattr(hud.scene, "selected", None)
        if key is None:
            key = hud.views.on_turn(hud.game)
        if key is None or key not in hud.pieces() or not hud.sees(key):
            return None
        return key

    def card(self) -> Card | None:
        hud = self.hud
        key = self.subject()
        cache_key = (hud.session.revision, id(hud.game), key, hud.language)
        if self._card is None or self._card[0] != cache_key:
            self._card = (cache_key, hud.views.card(hud.game, key, hud.app.t) if key else None)
        return self._card[1]

    def title(self) -> str:
        card = self.card()
        return card.title if card is not None else self.hud.t("hud.card.title")

    def body_key(self) -> Hashable:
        return self.subject()

    def render_content(self, width: int) -> tuple[pygame.Surface, list[Hotspot]]:
        card = self.card()
        surface = pygame.Surface((width, MAX_CARD_HEIGHT))
        surface.fill(theme.PANEL)
        if card is None:
            self.hud.text.draw(
                surface, self.hud.t("hud.card.none"), (10, 8), self.hud.fs_small, theme.TEXT_DIM
            )
            return surface.subsurface((0, 0, width, 32)).copy(), []
        writer = _CardWriter(self.hud, surface, width)
        writer.write(card)
        height = min(MAX_CARD_HEIGHT, writer.y + 6)
        return surface.subsurface((0, 0, width, height)).copy(), writer.spots


class _CardWriter:
    """Lays the card out top to bottom."""

    def __init__(self, hud: HudContext, surface: pygame.Surface, width: int) -> None:
        self.hud = hud
        self.surface = surface
        self.width = width
        self.y = 6
        self.spots: list[Hotspot] = []
        self.size = hud.fs_small
        self.line = hud.app.fonts.get(self.size).get_linesize()

    def text(
        self,
        text: str,
        x: int,
        colour: tuple[int, int, int] = theme.TEXT,
        *,
        bold: bool = False,
        width: int | None = None,
    ) -> pygame.Rect:
        """Write one line, cut to the card's width; a cut line shows in full on hover."""
        shown = self.hud.text.fit(text, self.size, width or self.width - x - 8, bold)
        rect = self.hud.text.draw(self.surface, shown, (x, self.y), self.size, colour, bold=bold)
        if shown != text:
            self.spots.append(Hotspot(rect, "card:cut", None, text))
        return rect

    def heading(self, text: str) -> None:
        self.y += 4
        self.text(text, 10, theme.ACCENT, bold=True)
        self.y += self.line

    def write(self, card: Card) -> None:
        colour = self.hud.scene.colours.get(card.side, (128, 128, 128))
        pygame.draw.circle(self.surface, colour, (16, self.y + self.line // 2), 6)
        self.text(card.subtitle, 28, theme.TEXT_DIM)
        self.y += self.line + 2
        if card.meter is not None:
            self._meter(card.meter)
        if card.alert:
            self.text(card.alert, 10, theme.TEXT_BAD, bold=True)
            self.y += self.line
        self._wrapped(card.summary, 10, theme.TEXT)
        for section in card.sections:
            self._section(section)

    def _meter(self, meter: Meter) -> None:
        bar = pygame.Rect(10, self.y + 2, self.width - 110, 10)
        pygame.draw.rect(self.surface, (60, 20, 20), bar)
        if meter.pips:
            draw_pips(self.surface, bar, meter)
        elif meter.maximum > 0 and meter.value > 0:
            share = min(1.0, meter.value / meter.maximum)
            fill = bar.copy()
            fill.width = max(1, int(bar.width * share))
            pygame.draw.rect(self.surface, share_colour(share), fill)
        self.hud.text.draw(
            self.surface, meter.label, (bar.right + 8, self.y), self.size, theme.TEXT, bold=True
        )
        self.y += self.line + 2

    def _section(self, section: CardPart) -> None:
        self.heading(section.heading)
        if section.values:
            self._values(section.values)
        for entry in section.entries:
            self._entry(entry)
        if section.badges:
            self._badges(section)
        elif not section.values and not section.entries and section.empty:
            self.text(section.empty, 10, theme.TEXT_DIM)
            self.y += self.line

    def _values(self, values: tuple[Value, ...]) -> None:
        col = (self.width - 20) // 2
        for i, value in enumerate(values):
            x = 10 + (i % 2) * col
            label = self.hud.text.fit(value.label, self.size, col - 34)
            rect = self.hud.text.draw(self.surface, label, (x, self.y), self.size, theme.TEXT_DIM)
            tooltip = value.tooltip
            if label != value.label:  # a cut label in full, above what the value says
                tooltip = f"{value.label}\n{tooltip}" if tooltip else value.label
            self.hud.text.draw(
                self.surface,
                value.value,
                (x + col - 12, self.y),
                self.size,
                TONE_COLOURS[value.tone],
                anchor="topright",
            )
            if value.key or tooltip:
                box = pygame.Rect(x - 2, self.y, col - 8, self.line)
                self.spots.append(Hotspot(box.union(rect), value.key or "card:cut", None, tooltip))
            if i % 2 == 1:
                self.y += self.line
        if len(values) % 2:
            self.y += self.line

    def _entry(self, entry: Entry) -> None:
        top = self.y
        for line in entry.lines:
            x = 18 if line.indent else 10
            self._wrapped(line.text, x, TONE_COLOURS[line.tone], bold=line.bold)
        if entry.key or entry.tooltip:
            rect = pygame.Rect(6, top, self.width - 12, self.y - top)
            self.spots.append(Hotspot(rect, entry.key, None, entry.tooltip))

    def _wrapped(
        self, text: str, x: int, colour: tuple[int, int, int], *, bold: bool = False
    ) -> None:
        """Write ``text`` on as many lines as it needs, the further ones indented."""
        # wrapped, not cut: an armour's side effects end their lines (E-ARMOR-2)
        wrap = self.hud.text.wrap
        first, *rest = wrap(text, self.size, self.width - x - 8) or [""]
        parts = [first, *(wrap(" ".join(rest), self.size, self.width - x - 16) if rest else [])]
        for i, part in enumerate(parts):
            self.text(part, x if i == 0 else x + 8, colour, bold=bold)
            self.y += self.line

    def _badges(self, section: CardPart) -> None:
        x = 10
        size = self.size
        for badge in section.badges:
            width = self.hud.text.width(badge.label, size) + 6
            if x + width > self.width - 8 and x > 10:
                x = 10
                self.y += self.line + 4
            rect = draw_badge(
                self.surface, self.hud.text, (x, self.y), badge.label, size, badge_colour(badge)
            )
            self.spots.append(Hotspot(rect, badge.key, None, badge.tooltip))
            x = rect.right + 4
        self.y += self.line + 6
