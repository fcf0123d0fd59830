"""The quick rules' views: what the screen draws of a zone fight (``game.match.views``).

One module per part of the screen, as WRS's: the tokens (``pieces``), the card, the turn
order and the end result (``card``), the action bar, the map clicks and the zones over
the map (``actions``), the hit chances (``chances``), the dice log (``log``), the fog of
war and the notices (``fog``), the map's effects (``effects``); the words in German and
English are in ``terms`` (refusals and conditions are ENTARIA's).

The one extra panel shows the group's Impuls (also on the card); there are no map overlays,
no game-master commands, no questions to the game master and no rerolls.
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
    PanelView,
    Piece,
    Result,
    Texts,
    TurnOrder,
    Viewer,
    Views,
    ZoneLayout,
)
from game.rulesets.entaria_schnell.views import (
    actions,
    card,
    chances,
    effects,
    fog,
    log,
    pieces,
)
from game.rulesets.entaria_schnell.views.terms import reason

__all__ = ["VIEWS", "QuickViews"]


class QuickViews(Views):
    """The quick rules' answers to the screen (the ``Views`` protocol)."""

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

    def passes_turn(self, events: Sequence[Event]) -> bool:
        return actions.passes_turn(events)

    def panel_keys(self) -> tuple[str, ...]:
        return (card.IMPULSE_PANEL,)

    def panel(self, game: Any, key: str, viewer: Viewer, t: Texts) -> PanelView:
        if key != card.IMPULSE_PANEL:
            raise KeyError(f"the quick rules have no panel {key!r}")
        return card.impulse_panel(game, t)

    def zone_layout(self, game: Any) -> ZoneLayout | None:
        return actions.zone_layout(game)

    def fog(self, game: Any, sides: Collection[str]) -> Fog | None:
        return fog.fog_for_sides(game, sides)

    def result(self, game: Any, t: Texts) -> Result:
        return card.result(game, t)

    def end_turn(self, game: Any) -> Command | None:
        return actions.end_turn(game)

    def refusal(self, reason_text: str, t: Texts) -> str:
        return reason(reason_text, t)

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
        return chances.attack_odds(game, actor, target, weapon, t)

    def repeat_warning(self, game: Any, action: Hashable, t: Texts) -> str:
        """Return the warning that repeating ``action`` makes Wehrlos (Q-OPEN-16)."""
        return chances.repeat_warning(game, action, t)

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        return log.log_for(game, sides)

    def log_kind(self, event: Event) -> LogKind:
        return log.log_kind(event)

    def log_text(self, event: Event, t: Texts) -> LogText:
        return log.log_text(event, t)

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        return log.log_details(game, index, t)


#: The quick rules' views (typed as the protocol: the checker proves they are one).
VIEWS: Views = QuickViews()
