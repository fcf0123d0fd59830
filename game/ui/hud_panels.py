"""The ruleset's extra panels of the sidebar (ENTARIA: the Impuls pool).

A panel is rows of offers from the ruleset's views (``Views.panel``): a row with a text
shows it in the accent colour with its offer at the right; a row without one gives its
offers the whole width. Pressing an offer does what it needs (``hud_offers.press``).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.views import PanelView
from game.ui import theme
from game.ui.hud_base import Section
from game.ui.hud_offers import press
from game.ui.popup import Hotspot
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

#: The width of a row's offer beside its text.
OFFER_W = 140


class ExtraSection(Section):
    """One extra panel of the sidebar."""

    max_share = 0.3

    def __init__(self, hud: HudContext, key: str) -> None:
        super().__init__(hud)
        self.key = key
        self.name = key
        self._view: tuple[Hashable, PanelView] | None = None

    def view(self) -> PanelView:
        """Return the panel as the ruleset's views show it to the viewer (cached per change)."""
        hud = self.hud
        key = hud.base_key()
        if self._view is None or self._view[0] != key:
            panel = hud.views.panel(hud.game, self.key, hud.viewer(), hud.app.t)
            self._view = (key, panel)
        return self._view[1]

    def title(self) -> str:
        return self.view().title

    def row_h(self) -> int:
        return 30 if not self.hud.compact else 26

    def body_height(self, width: int) -> int:
        return 8 + len(self.view().rows) * self.row_h()

    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        row = self.row_h()
        y = rect.y + 4
        spots: list[Hotspot] = []
        for line in self.view().rows:
            boxes: list[pygame.Rect] = []
            if line.text:
                text_rect = hud.text.draw(
                    surface,
                    line.text,
                    (10, y + row // 2 - 2),
                    hud.fs,
                    theme.ACCENT,
                    bold=True,
                    anchor="midleft",
                )
                spots.append(Hotspot(text_rect.inflate(4, 4), line.key, None, line.tooltip))
                right = rect.right - 10
                for _ in line.offers:
                    boxes.insert(0, pygame.Rect(right - OFFER_W, y, OFFER_W, row - 4))
                    right -= OFFER_W + 4
            elif line.offers:
                count = len(line.offers)
                width = (rect.width - 20 - 4 * (count - 1)) // count
                boxes = [pygame.Rect(10 + i * (width + 4), y, width, row - 4) for i in range(count)]
            for box, offer in zip(boxes, line.offers, strict=True):
                draw_button(
                    surface,
                    hud.text,
                    box,
                    offer.label,
                    size=hud.fs_small,
                    enabled=offer.enabled,
                    selected=offer.selected,
                )
                spots.append(
                    Hotspot(
                        box,
                        offer.key,
                        partial(press, hud, offer),
                        offer.tooltip,
                        offer.enabled,
                        offer.reason,
                    )
                )
            y += row
        return spots
