"""The GM panel: the game master's commands the ruleset's views offer for the creature on
the card (``Views.gm_commands``; ENTARIA: LP, conditions, moving any token, doors, the
cover of the next attack, the GM's Impuls, ending the fight).

Each row is an optional label, then its buttons side by side. Who sees the panel is
decided in hud.py (module doc).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.views import OfferRow
from game.ui import theme
from game.ui.app import App
from game.ui.hud_base import Section
from game.ui.hud_offers import press
from game.ui.popup import Hotspot
from game.ui.scenes.handover import ConfirmScene
from game.ui.widgets import draw_button

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

#: Where the buttons of a row with a label start, and their narrowest width.
LABEL_W = 82
MIN_BUTTON_W = 34
#: The SL-Modus banner over the map.
BANNER_FILL = (110, 28, 28)
BANNER_TEXT = (255, 240, 230)


class GmSection(Section):
    """The sidebar's GM panel."""

    max_share = 0.45
    name = "gm"

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self._rows: tuple[Hashable, tuple[OfferRow, ...]] | None = None
        self._banner: tuple[Hashable, pygame.Surface] | None = None
        self.banner_rect: pygame.Rect | None = None  # where the banner was drawn last (tests)

    @property
    def shown(self) -> bool:
        return self.hud.gm_active or not self.hud.has_gm_seat

    def title(self) -> str:
        return self.hud.t("hud.gm.title")

    def subject(self) -> str | None:
        return self.hud.card_subject()

    def rows(self) -> tuple[OfferRow, ...]:
        """Return the GM's commands for the card's creature (cached per change)."""
        hud = self.hud
        subject = self.subject()
        key = (hud.base_key(), subject)
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, hud.views.gm_commands(hud.game, subject, hud.app.t))
        return self._rows[1]

    def body_key(self) -> Hashable:
        return (self.hud.card_subject(), self.hud.gm_active)

    def row_h(self) -> int:
        return 26 if self.hud.compact else 30

    def body_height(self, width: int) -> int:
        if not self.hud.gm_active:
            return 30
        return 8 + len(self.rows()) * self.row_h()

    def header_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        if hud.has_gm_seat:
            return []
        label = hud.t("hud.gm.mode_button_on" if hud.gm_mode else "hud.gm.mode_button_off")
        width = hud.text.width(label, hud.fs_small) + 16
        button = pygame.Rect(rect.right - width - 6, rect.y + 3, width, rect.height - 6)
        draw_button(surface, hud.text, button, label, size=hud.fs_small, selected=hud.gm_mode)
        return [Hotspot(button, "gm:mode", self.ask_mode, hud.t("hud.gm.mode_tip"))]

    def ask_mode(self) -> None:
        """Switch SL-Modus off at once; on only after a confirmation everybody sees."""
        hud = self.hud
        app = hud.app
        if hud.gm_mode or not isinstance(app, App):
            hud.toggle_gm_mode()
            return
        question, yes = hud.t("hud.gm.confirm"), hud.t("hud.gm.confirm_yes")
        app.push(ConfirmScene(app, question, yes, hud.toggle_gm_mode, colour=theme.TEXT_BAD))

    def banner_height(self) -> int:
        """Return the height of the SL-Modus strip above the map (0 while it is off)."""
        hud = self.hud
        if hud.has_gm_seat or not hud.gm_mode:
            return 0
        return hud.app.fonts.get(hud.fs, True).get_linesize() + 10

    def draw_banner(self, surface: pygame.Surface) -> None:
        """While SL-Modus is on, say so for everybody, in its strip above the map.

        The layout gives the banner its own strip (``banner_height``), so it covers no
        field, the map's top row and the column ruler included (issue 12, point 4).
        """
        hud = self.hud
        height = self.banner_height()
        if not height:
            self.banner_rect = None
            return
        text = hud.t("hud.gm.banner")
        if self._banner is None or self._banner[0] != (text, hud.fs):
            image = hud.text.render(text, hud.fs, BANNER_TEXT, True)
            self._banner = ((text, hud.fs), image)
        image = self._banner[1]
        view = hud.viewport
        box = pygame.Rect(view.x, view.y - height, view.width, height)
        pygame.draw.rect(surface, BANNER_FILL, box)
        pygame.draw.line(surface, theme.TEXT_BAD, box.bottomleft, box.bottomright, 2)
        surface.blit(image, image.get_rect(center=box.center))
        self.banner_rect = box

    # ---------------------------------------------------------------- drawing
    def render_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Hotspot]:
        hud = self.hud
        if not hud.gm_active:
            off = hud.t("hud.gm.off")
            shown = hud.text.fit(off, hud.fs_small, rect.width - 20)
            hud.text.draw(surface, shown, (10, rect.y + 6), hud.fs_small, theme.TEXT_DIM)
            box = pygame.Rect(10, rect.y + 2, rect.width - 20, rect.height - 4)
            return [] if shown == off else [Hotspot(box, "gm:off", None, off)]
        row = self.row_h()
        size = hud.fs_small
        spots: list[Hotspot] = []
        y = rect.y + 4
        for line in self.rows():
            count = max(1, len(line.offers))
            if line.text:
                spots += self._label(surface, line.text, pygame.Rect(10, y, LABEL_W - 12, row))
                x = LABEL_W
                width = max(MIN_BUTTON_W, (rect.width - x - 10) // count - 4)
            else:
                x = 10
                width = (rect.width - 20 - 4 * (count - 1)) // count
            for offer in line.offers:
                box = pygame.Rect(x, y, width, row - 4)
                cut = draw_button(
                    surface,
                    hud.text,
                    box,
                    offer.label,
                    size=size,
                    enabled=offer.enabled,
                    selected=offer.selected,
                )
                spots.append(
                    Hotspot(
                        box,
                        offer.key,
                        partial(press, hud, offer),
                        _whole(offer.label, offer.tooltip) if cut else offer.tooltip,
                        offer.enabled,
                        offer.reason,
                    )
                )
                x += width + 4
            y += row
        return spots

    def _label(self, surface: pygame.Surface, label: str, box: pygame.Rect) -> list[Hotspot]:
        """Draw a row's label in ``box``; a cut one gets a tooltip with its whole text."""
        hud = self.hud
        size = hud.fs_small
        shown = hud.text.fit(label, size, box.width)
        hud.text.draw(surface, shown, (box.x, box.centery - 2), size, theme.TEXT, anchor="midleft")
        if shown == label:
            return []
        return [Hotspot(pygame.Rect(box), f"gm:label:{label}", None, label)]


def _whole(label: str, tooltip: str) -> str:
    """Return the tooltip of a cut label: the whole label first."""
    return label if not tooltip or tooltip.startswith(label) else f"{label}\n{tooltip}"
