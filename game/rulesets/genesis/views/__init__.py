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


class GenesisViews:
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

    def told_for_viewer(
        self,
        game: Any,
        groups: tuple[ActionGroup, ...],
        visible: Collection[str] | None,
        t: Texts,
    ) -> tuple[ActionGroup, ...]:
        """Return the groups as given: they name only the deciding side's fighters, the
        enemies it may strike (in sight) and the attackers whose hits it answers."""
        return groups

    def passes_turn(self, events: Sequence[Event]) -> bool:
        return actions.passes_turn(events)

    def panel_keys(self) -> tuple[str, ...]:
        return ()

    def panel(self, game: Any, key: str, viewer: Viewer, t: Texts) -> PanelView:
        raise KeyError(f"Genesis has no panel {key!r}")

    def gm_commands(self, game: Any, subject: str | None, t: Texts) -> tuple[OfferRow, ...]:
        """Return nothing: the Genesis engine has no game-master commands."""
        return ()

    def overlays(self, t: Texts) -> tuple[OverlayOffer, ...]:
        """Return nothing: Genesis has no map tools that would draw overlays."""
        return ()

    def zone_layout(self, game: Any) -> ZoneLayout | None:
        """Return None: Genesis plays on fields, not zones."""
        return None

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

    def throw_odds(
        self, game: Any, actor: str, weapon: str, cell: Cell, t: Texts
    ) -> tuple[str, ...]:
        """Return nothing: Genesis throws at creatures (an AT, ``attack_odds``)."""
        return ()

    def blast_odds(self, game: Any, actor: str, weapon: str, creature: str, t: Texts) -> str:
        """Return nothing: the views offer no area effects yet."""
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
        """Return nothing: no painted area fire."""
        return ()

    def area_check_odds(
        self, game: Any, actor: str, weapon: str, mode: Any, fields: Sequence[Cell], t: Texts
    ) -> tuple[str, ...]:
        return ()

    def leave_reach_odds(self, game: Any, actor: str, running: bool, t: Texts) -> tuple[str, ...]:
        """Return nothing: leaving a fight is declared (Kampf verlassen), not rolled."""
        return ()

    def repeat_warning(self, game: Any, action: Hashable, t: Texts) -> str:
        """Return nothing: no Genesis action costs more when repeated."""
        return ""

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        return log.log_for(game, sides)

    def log_kind(self, event: Event) -> LogKind:
        return log.log_kind(event)

    def log_text(self, event: Event, t: Texts) -> LogText:
        return log.log_text(event, t)

    def open_questions(self, game: Any) -> frozenset[int]:
        """Return nothing: Genesis puts no questions to the game master."""
        return frozenset()

    def replaced_rolls(self, game: Any) -> frozenset[int]:
        """Return nothing: Genesis has no rerolls."""
        return frozenset()

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        return log.log_details(game, index, t)

    def answer(self, game: Any, index: int) -> Command:
        """Raise: Genesis puts no questions, so there is nothing to answer."""
        raise KeyError(f"Genesis asks no question at log index {index}")


#: Genesis's views (typed as the protocol: the checker proves they are one).
VIEWS: Views = GenesisViews()
