"""WRS's views: what the screen draws of a WRS fight (``game.match.views``).

One module per part of the screen, as ENTARIA's: the tokens (``pieces``), the card,
the turn order and the end result (``card``), the "Aktion 1 / Aktion 2" bar and the map
clicks (``actions``), the hit chances (``chances``), the dice log (``log``), the fog of
war and the notices (``fog``), the map's effects (``effects``), the engine's refusals in
player words (``refusals``); the words in German and English are in ``terms``, the
queries the engine does not answer itself in ``queries``.

WRS has no extra panels, no map overlays, no game-master commands, no questions to the
game master and no rerolls: those answers are empty.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any

from game.board.grid import Cell
from game.match.commands import Command
from game.match.effects import Effect
from game.match.events import Event
from game.match.views import (
    ActionGroup,
    Card,
    Fog,
    LogKind,
    LogText,
    Odds,
    Offer,
    OfferRow,
    OverlayOffer,
    PanelView,
    Piece,
    Result,
    Texts,
    TurnOrder,
    Viewer,
    Views,
    ZoneLayout,
)
from game.rulesets.wrs.views import (
    actions,
    card,
    chances,
    effects,
    fog,
    log,
    pieces,
    refusals,
)

__all__ = ["VIEWS", "WrsViews"]


class WrsViews:
    """WRS's answers to the screen (the ``Views`` protocol)."""

    def pieces(self, game: Any) -> Mapping[str, Piece]:
        return pieces.pieces(game)

    def on_turn(self, game: Any) -> str | None:
        return pieces.on_turn(game)

    def current_round(self, game: Any) -> int | None:
        return int(game.round)

    def turn_order(self, game: Any, t: Texts) -> TurnOrder:
        return card.turn_order(game, t)

    def card(self, game: Any, key: str, t: Texts) -> Card | None:
        return card.card(game, key, t)

    def action_groups(self, game: Any, t: Texts) -> tuple[ActionGroup, ...]:
        return actions.action_groups(game, t)

    def told_for_viewer(
        self,
        game: Any,
        groups: tuple[ActionGroup, ...],
        visible: Collection[str] | None,
        t: Texts,
    ) -> tuple[ActionGroup, ...]:
        return refusals.told_for_viewer(groups, visible)

    def passes_turn(self, events: Sequence[Event]) -> bool:
        return actions.passes_turn(events)

    def panel_keys(self) -> tuple[str, ...]:
        return ()

    def panel(self, game: Any, key: str, viewer: Viewer, t: Texts) -> PanelView:
        raise KeyError(f"WRS has no panel {key!r}")

    def gm_commands(self, game: Any, subject: str | None, t: Texts) -> tuple[OfferRow, ...]:
        """Return nothing: the WRS engine has no game-master commands."""
        return ()

    def overlays(self, t: Texts) -> tuple[OverlayOffer, ...]:
        """Return nothing: WRS has no map tools that would draw overlays."""
        return ()

    def zone_layout(self, game: Any) -> ZoneLayout | None:
        """Return None: WRS plays on fields, not zones."""
        return None

    def fog(self, game: Any, sides: Collection[str]) -> Fog | None:
        return fog.fog_for_sides(game, sides)

    def result(self, game: Any, t: Texts) -> Result:
        return card.result(game, t)

    def end_turn(self, game: Any) -> Command | None:
        return actions.end_turn(game)

    def refusal(self, reason: str, t: Texts) -> str:
        return refusals.reason(reason, t)

    def notice(self, event: Event, t: Texts) -> str:
        return fog.notice(event, t)

    def effects(self, game: Any, events: Sequence[Event]) -> tuple[Effect, ...]:
        return effects.effects(game, events)

    def offer_odds(self, game: Any, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
        return chances.offer_odds(game, offer, target, t)

    def map_click(self, game: Any, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
        return actions.map_click(game, cell, creature, t)

    def attack_odds(
        self,
        game: Any,
        actor: str,
        target: str,
        weapon: str,
        action: Any,
        option: Any,
        melee: bool | None,
        t: Texts,
    ) -> Odds | None:
        return chances.attack_odds(game, actor, target, weapon, action, t)

    def throw_odds(
        self, game: Any, actor: str, weapon: str, cell: Cell, t: Texts
    ) -> tuple[str, ...]:
        """Return nothing: WRS throws at creatures only (an attack, ``attack_odds``)."""
        return ()

    def blast_odds(self, game: Any, actor: str, weapon: str, creature: str, t: Texts) -> str:
        """Return nothing: WRS has no blasts."""
        return ""

    def area_odds(
        self,
        game: Any,
        actor: str,
        weapon: str,
        mode: Any,
        allocation: Mapping[Cell, int],
        t: Texts,
    ) -> tuple[tuple[str, str], ...]:
        """Return nothing: WRS fire modes shoot one target (W-OPEN-7), no area fire."""
        return ()

    def area_check_odds(
        self, game: Any, actor: str, weapon: str, mode: Any, fields: Sequence[Cell], t: Texts
    ) -> tuple[str, ...]:
        return ()

    def leave_reach_odds(self, game: Any, actor: str, running: bool, t: Texts) -> tuple[str, ...]:
        """Return nothing: leaving a melee reach asks nothing in WRS."""
        return ()

    def repeat_warning(self, game: Any, action: Hashable, t: Texts) -> str:
        """Return nothing: no WRS action costs more when repeated."""
        return ""

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        return log.log_for(game, sides)

    def log_kind(self, event: Event) -> LogKind:
        return log.log_kind(event)

    def log_text(self, event: Event, t: Texts) -> LogText:
        return log.log_text(event, t)

    def open_questions(self, game: Any) -> frozenset[int]:
        """Return nothing: WRS puts no questions to the game master."""
        return frozenset()

    def replaced_rolls(self, game: Any) -> frozenset[int]:
        """Return nothing: WRS has no rerolls."""
        return frozenset()

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        return log.log_details(game, index, t)

    def answer(self, game: Any, index: int) -> Command:
        """Raise: WRS puts no questions, so there is nothing to answer."""
        raise KeyError(f"WRS asks no question at log index {index}")


#: WRS's views (typed as the protocol: the checker proves they are one).
VIEWS: Views = WrsViews()
