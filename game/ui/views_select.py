"""The default map tool of a ruleset without tools of its own: it asks only the views.

- a left click asks ``Views.map_click`` what it means for the creature on turn (step
  there, attack the enemy clicked …) and sends that command when the viewer gives that
  creature orders; otherwise, or with Shift, it selects the creature clicked;
- a right click puts the selection back on the creature on turn (or clears it);
- hovering shows the creature's name and, where the click would act, what it does and
  the chance the views count (``Views.offer_odds``), or why it cannot.

Everything else is the action bar's (``hud_offers.press``). The answers are kept per
change of the match and per field, so a hover asks the views once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game.board.grid import Cell
from game.match.decisions import DecisionKind
from game.match.views import Offer, Pick
from game.ui import theme
from game.ui.help_sections import VIEWS_HELP_SECTIONS
from game.ui.host import MapHost, MapTool
from game.ui.map_kit import MapKit
from game.ui.plain_tool import PlainTool

if TYPE_CHECKING:
    from game.ui.hud_context import HudContext

#: A hover's answer: the offer (None: none) and the lines of its tooltip.
Answer = tuple[Offer | None, tuple[str, ...]]


class ViewsSelectTool(PlainTool):
    """Select creatures; a click the views give a meaning acts."""

    name = "select"

    def __init__(self, scene: MapHost) -> None:
        super().__init__(scene)
        self._answers: dict[tuple[Cell, str | None], Answer] = {}
        self._answers_of: object = None

    @property
    def game(self) -> Any:
        return self.scene.session.battle

    def actor(self) -> str | None:
        """Return the creature on turn when the viewer gives it orders now."""
        session = self.scene.session
        if session.over:
            return None
        key = session.views.on_turn(self.game)
        return key if key is not None and self.scene.controls(key) else None

    def answer(self, cell: Cell) -> Answer:
        """Return what a click on ``cell`` would do and its tooltip lines (kept per change)."""
        session = self.scene.session
        stamp = (session.revision, id(self.game), self.scene.viewer)
        if stamp != self._answers_of:
            self._answers, self._answers_of = {}, stamp
        piece = self.scene.piece_at(cell)
        creature = piece.key if piece is not None else None
        kept = self._answers.get((cell, creature))
        if kept is not None:
            return kept
        lines: list[str] = [piece.name] if piece is not None else []
        offer = None
        decision = session.match.decision()
        choosing = decision is not None and decision.kind is DecisionKind.ORDER
        # while a side picks who acts next, the creature shown on turn is a candidate too
        if self.actor() is not None and (choosing or creature != self.actor()):
            views, t = session.views, self.t
            offer = views.map_click(self.game, cell, creature, t)
            if offer is not None:
                lines.append(offer.label)
                if not offer.enabled:
                    lines.append(offer.reason)
                else:
                    lines += views.offer_odds(self.game, offer, creature, t)
        answer: Answer = (offer, tuple(line for line in lines if line))
        self._answers[(cell, creature)] = answer
        return answer

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        camera = self.scene.camera
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if not camera.contains(event.pos):
                return False
            cell = camera.screen_to_cell(event.pos)
            shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
            if not shift and self.act(cell):
                return True
            piece = self.scene.piece_at(cell)
            if piece is not None:
                self.scene.select(piece.key)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if not camera.contains(event.pos):
                return False
            actor = self.actor()
            selected = self.scene.selected
            self.scene.select(actor if actor is not None and selected != actor else None)
            return True
        return False

    def act(self, cell: Cell) -> bool:
        """Send what a click on ``cell`` means; return whether the click meant something."""
        offer, _ = self.answer(cell)
        if offer is None or offer.make is None:
            return False
        if not offer.enabled:
            self.message(offer.reason, bad=True)
            return True
        piece = self.scene.piece_at(cell)
        made = offer.make(Pick(creature=piece.key if piece is not None else None, cell=cell))
        if isinstance(made, str):
            self.message(made, bad=True)
            return True
        self.scene.send(made)
        return True

    def draw_over(self, surface: pygame.Surface) -> None:
        cell = self.hover_cell()
        if cell is None or not self.game.grid.in_bounds(cell):
            return
        offer, lines = self.answer(cell)
        x, y = self.scene.camera.cell_to_screen(cell)
        size = self.scene.camera.cell_px
        colour = theme.ACCENT
        if offer is not None and not offer.enabled:
            colour = theme.TEXT_BAD
        pygame.draw.rect(surface, colour, (x, y, size, size), 2)
        if getattr(self.scene.hud, "popup", None) is None:  # an open menu is read, not covered
            self.tooltip(surface, lines, border=colour)


def press_offer(scene: MapHost, offer: Offer) -> None:
    """Press ``offer`` as the action bar would (for the kit's ``begin``)."""
    from game.ui.hud_offers import press

    press(cast("HudContext", scene.hud), offer)


def _begin(scene: MapHost, action: object) -> MapTool | None:
    """Open no tool: a ruleset without tools of its own asks for its picks itself."""
    return None


def _standing_under(scene: MapHost, surface: pygame.Surface) -> None:
    """Draw nothing: the views' overlays are the ruleset's (none without tools)."""


VIEWS_KIT = MapKit(
    select=ViewsSelectTool,
    begin=_begin,
    standing_under=_standing_under,
    help_sections=VIEWS_HELP_SECTIONS,
)
