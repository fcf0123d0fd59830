"""Genesis's views: what the screen draws of a Genesis fight (``game.match.views``).

One module per part of the screen, as WRS's: the tokens (``pieces``), the card
(``card``), the initiative strip and the end result (``order``), the action bar
(``actions``: the Ansage in ``declare``, the strikes and their chances in ``strike``, the
defence panel in ``defence``), the dice log (``log``), the fog of war and the notices
(``fog``), the map's effects (``effects``), the refusals in player words (``refusals``),
which declarations a side may see (``disclosure``); the words in German and English are
in ``texts``. The views only ask ``plans`` and the engine; they compute no rule.

Genesis has no extra panels, no map overlays, no game-master commands, no questions to
the game master and no rerolls: those answers are empty.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
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
    Piece,
    Result,
    Texts,
    TurnOrder,
    Views,
)
from game.rulesets.genesis.views import (
    actions,
    card,
    effects,
    fog,
    log,
    order,
    pieces,
    refusals,
    strike,
)

__all__ = ["VIEWS", "GenesisViews"]


class GenesisViews(Views):
    """Genesis's answers to the screen (the ``Views`` protocol)."""

    def pieces(self, game: Any) -> Mapping[str, Piece]:
        return pieces.pieces(game)

    def on_turn(self, game: Any) -> str | None:
        return pieces.on_turn(game)

    def current_round(self, game: Any) -> int | None:
        return int(game.kr)

    def turn_order(self, game: Any, t: Texts) -> TurnOrder:
        return order.turn_order(game, t)

    def card(self, game: Any, key: str, t: Texts) -> Card | None:
        return card.card(game, key, t)

    def action_groups(self, game: Any, t: Texts) -> tuple[ActionGroup, ...]:
        return actions.action_groups(game, t)

    def passes_turn(self, events: Sequence[Event]) -> bool:
        return actions.passes_turn(events)

    def fog(self, game: Any, sides: Collection[str]) -> Fog | None:
        return fog.fog_for_sides(game, sides)

    def result(self, game: Any, t: Texts) -> Result:
        return order.result(game, t)

    def end_turn(self, game: Any) -> Command | None:
        return actions.end_turn(game)

    def refusal(self, reason: str, t: Texts) -> str:
        return refusals.reason(reason, t)

    def notice(self, event: Event, t: Texts) -> str:
        return fog.notice(event, t)

    def effects(self, game: Any, events: Sequence[Event]) -> tuple[Effect, ...]:
        return effects.effects(game, events)

    def offer_odds(self, game: Any, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
        return strike.offer_odds(game, offer, target, t)

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
        return strike.attack_odds(game, actor, target, action, t)

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        return log.log_for(game, sides)

    def log_kind(self, event: Event) -> LogKind:
        return log.log_kind(event)

    def log_text(self, event: Event, t: Texts) -> LogText:
        return log.log_text(event, t)

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        return log.log_details(game, index, t)


#: Genesis's views (typed as the protocol: the checker proves they are one).
VIEWS: Views = GenesisViews()
