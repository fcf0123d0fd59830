"""The initiative tracker: a strip along the top with the round and every creature in order.

Each chip shows the side colour, the initials, the meter and the badges the ruleset's
views give it (``Views.turn_order``); the creature whose turn it is has a gold frame,
the selected one a white frame. Creatures hidden from the viewer are left out. A click
selects the creature and centres the map on it.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match.views import Chip, Meter, Piece, TurnOrder
from game.ui import theme
from game.ui.hud_base import Panel, badge_colour, draw_badge
from game.ui.popup import Hotspot
from game.ui.token_views import creature_labels

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

MIN_CHIP = 46
MAX_CHIP = 150
TOGGLE_W = 28


class InitiativeStrip(Panel):
    """Round, order and current creature."""

    def __init__(self, hud: HudContext) -> None:
        super().__init__(hud)
        self.shift = 0  # chips scrolled by the wheel, relative to the automatic window

    def turn_order(self) -> TurnOrder:
        hud = self.hud
        return hud.views.turn_order(hud.game, hud.app.t)

    def order(self, turn_order: TurnOrder | None = None) -> list[tuple[Chip, Piece]]:
        """Return the chips in initiative order that the viewer may see, with their pieces."""
        visible = self.hud.visible_keys()
        pieces = self.hud.pieces()
        chips = (turn_order or self.turn_order()).chips
        return [
            (chip, pieces[chip.key])
            for chip in chips
            if chip.key in pieces and (visible is None or chip.key in visible)
        ]

    def state_key(self) -> Hashable:
        visible = self.hud.visible_keys()
        return (
            self.hud.scene.selected,
            None if visible is None else frozenset(visible),
            self.shift,
            self.hud.sidebar_open,
        )

    def scroll_by(self, steps: int) -> None:
        self.shift -= steps

    def render(self, surface: pygame.Surface) -> list[Hotspot]:
        hud = self.hud
        width, height = self.rect.size
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, height - 1), (width, height - 1))
        turn_order = self.turn_order()
        # the slot fits the round's label ("KR 3 · AKR · Ansage"), within limits
        least = 84 if not hud.compact else 70
        wanted = hud.text.width(turn_order.label, hud.fs, bold=True) + 16
        round_w = max(least, min(wanted, width // 4))
        hud.text.draw(
            surface,
            turn_order.label,
            (round_w // 2, height // 2),
            hud.fs,
            theme.ACCENT,
            bold=True,
            anchor="center",
        )
        spots = [self._sidebar_toggle(surface)]
        order = self.order(turn_order)
        if order:
            spots += self._chips(surface, order, round_w)
        return spots

    def _sidebar_toggle(self, surface: pygame.Surface) -> Hotspot:
        """Draw the button at the right end that hides or shows the sidebar."""
        hud = self.hud
        width, height = self.rect.size
        toggle = pygame.Rect(width - TOGGLE_W, 4, TOGGLE_W - 4, height - 8)
        pygame.draw.rect(surface, theme.BUTTON, toggle, border_radius=4)
        hud.text.draw(
            surface,
            ">>" if hud.sidebar_open else "<<",
            toggle.center,
            hud.fs_small,
            anchor="center",
        )
        return Hotspot(
            toggle,
            "initiative:sidebar",
            hud.toggle_sidebar,
            hud.t("hud.sidebar.hide" if hud.sidebar_open else "hud.sidebar.show"),
        )

    def _chips(
        self, surface: pygame.Surface, order: list[tuple[Chip, Piece]], left: int
    ) -> list[Hotspot]:
        """Draw the chips that fit from ``left`` on, round the creature on turn."""
        hud = self.hud
        width, height = self.rect.size
        avail = width - left - TOGGLE_W - 8
        count = len(order)
        chip_w = max(MIN_CHIP, min(MAX_CHIP, avail // count))
        fits = max(1, avail // chip_w)
        current_key = hud.views.on_turn(hud.game)
        index = next((i for i, (c, _) in enumerate(order) if c.key == current_key), 0)
        start = 0
        if fits < count:
            start = max(0, min(count - fits, index - 1 + self.shift))
        spots: list[Hotspot] = []
        x = left
        labels = creature_labels(hud.pieces())  # the tokens' labels (unique)
        for chip, piece in order[start : start + fits]:
            box = pygame.Rect(x, 4, chip_w - 4, height - 8)
            self._chip(surface, box, chip, piece, piece.key == current_key, labels[piece.key])
            tip = chip.tooltip + "\n" + hud.t("hud.initiative.click")
            spots.append(
                Hotspot(box, f"initiative:{piece.key}", partial(self.pick, piece.key), tip)
            )
            x += chip_w
        if start > 0 or start + fits < count:
            more = hud.t("hud.initiative.more", n=count - fits)
            hud.text.draw(
                surface, more, (x + 2, height // 2), hud.fs_small, theme.TEXT_DIM, anchor="midleft"
            )
        return spots

    def _chip(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        chip: Chip,
        piece: Piece,
        current: bool,
        label: str,
    ) -> None:
        hud = self.hud
        text = hud.text
        dead = piece.life == "dead"
        colour = hud.scene.colours.get(piece.side, (128, 128, 128))
        pygame.draw.rect(surface, (30, 33, 39), rect, border_radius=6)
        if current:
            pygame.draw.rect(surface, theme.CURRENT, rect, 3, border_radius=6)
        elif piece.key == hud.scene.selected:
            pygame.draw.rect(surface, theme.SELECTED, rect, 2, border_radius=6)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=6)
        radius = max(8, min(rect.height // 2 - 4, 20))
        centre = (rect.x + 4 + radius, rect.centery)
        face = (90, 90, 90) if dead else colour
        pygame.draw.circle(surface, face, centre, radius)
        pygame.draw.circle(surface, (15, 15, 15), centre, radius, 1)
        text.draw(
            surface,
            label,
            centre,
            max(12, radius),
            theme.TEXT,
            bold=True,
            anchor="center",
        )
        if dead:
            r = radius - 3
            cx, cy = centre
            pygame.draw.line(surface, theme.TEXT_BAD, (cx - r, cy - r), (cx + r, cy + r), 2)
            pygame.draw.line(surface, theme.TEXT_BAD, (cx - r, cy + r), (cx + r, cy - r), 2)
        left = centre[0] + radius + 4
        room = rect.right - left - 4
        shown = chip.badges
        if room < 24:  # a narrow chip: the number of badges on the circle
            if shown:
                draw_badge(surface, text, (rect.right - 16, rect.y + 1), str(len(shown)), 12)
            self._meter(
                surface, pygame.Rect(rect.x + 4, rect.bottom - 5, rect.width - 8, 3), piece.meter
            )
            return
        dim = theme.TEXT_DIM if dead else theme.TEXT
        text.draw(surface, piece.name, (left, rect.y + 3), hud.fs_small, dim, width=room)
        bar = pygame.Rect(left, rect.y + 3 + hud.fs_small - 2, room, 4)
        self._meter(surface, bar, piece.meter)
        if hud.compact:
            return
        x = left
        y = bar.bottom + 3
        for badge in shown:
            width = hud.text.width(badge.label, 12) + 6
            if x + width > rect.right - 4:
                text.draw(surface, "+", (x, y), 13, theme.TEXT_DIM)
                break
            x = draw_badge(surface, text, (x, y), badge.label, 12, badge_colour(badge)).right + 2

    def _meter(self, surface: pygame.Surface, bar: pygame.Rect, meter: Meter | None) -> None:
        pygame.draw.rect(surface, (60, 20, 20), bar)
        if meter is None or meter.maximum <= 0 or meter.value <= 0:
            return
        if meter.pips:
            draw_pips(surface, bar, meter)
            return
        filled = bar.copy()
        filled.width = max(1, bar.width * min(meter.value, meter.maximum) // meter.maximum)
        pygame.draw.rect(surface, share_colour(meter.value / meter.maximum), filled)

    def pick(self, key: str) -> None:
        """Select the creature and centre the map on it."""
        scene = self.hud.scene
        piece = self.hud.pieces().get(key)
        if piece is None:
            return
        scene.select(key)
        side = piece.size
        scene.camera.centre_on(piece.cell[0] + side / 2, piece.cell[1] + side / 2)


def share_colour(share: float) -> tuple[int, int, int]:
    """Return a bar's colour for the part of it filled (green, yellow, red)."""
    return theme.TEXT_GOOD if share > 0.5 else (230, 190, 60) if share > 0.25 else theme.TEXT_BAD


def draw_pips(surface: pygame.Surface, bar: pygame.Rect, meter: Meter) -> None:
    """Draw ``meter`` as pips across ``bar``: the first ``value`` of them filled."""
    count = max(1, meter.maximum)
    step = bar.width / count
    for i in range(count):
        pip = pygame.Rect(round(bar.x + i * step), bar.y, max(1, round(step) - 1), bar.height)
        pygame.draw.rect(surface, theme.TEXT_BAD if i < meter.value else (60, 20, 20), pip)
