"""ENTARIA's views: what the screen draws of the full grid rules (``game.match.views``).

One module per part of the screen: the tokens (``pieces``), the card and the turn order
(``card``), the HH/VH/LH/FH action groups (``actions``), the Impuls panel (``impulse``),
the game master's commands (``gm``), the dice log (``log``) and the fog of war with the
events said over the map (``fog``); the rules' words in German and English are in
``terms``.
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
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.unarmed import UnarmedOption
from game.rulesets.entaria.views import (
    actions,
    card,
    chances,
    effects,
    fog,
    gm,
    impulse,
    log,
    pieces,
    refusals,
    result,
    terms,
)

#: The map's overlays, by the keys the screen and ENTARIA's map tools know them by:
#: threat zones (R), range bands (B), sight and cover marks (L, on when the screen opens).
THREATS, RANGES, SIGHT = "threats", "ranges", "sight"
OVERLAYS = ((THREATS, False), (RANGES, False), (SIGHT, True))


class EntariaViews:
    """ENTARIA's answers to the screen (the ``Views`` protocol)."""

    def pieces(self, game: Any) -> Mapping[str, Piece]:
        return pieces.pieces(game)

    def on_turn(self, game: Any) -> str | None:
        return pieces.on_turn(game)

    def current_round(self, game: Any) -> int | None:
        return int(game.state.round) if game.state.order else None

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
        """Return the action groups with the refusals told for a viewer seeing ``visible``."""
        return refusals.told_for_viewer(game, groups, visible, t)

    def passes_turn(self, events: Sequence[Event]) -> bool:
        return actions.passes_turn(events)

    def panel_keys(self) -> tuple[str, ...]:
        return (impulse.PANEL,)

    def panel(self, game: Any, key: str, viewer: Viewer, t: Texts) -> PanelView:
        if key != impulse.PANEL:
            raise KeyError(f"ENTARIA has no panel {key!r}")
        return impulse.impulse_panel(game, viewer, t)

    def gm_commands(self, game: Any, subject: str | None, t: Texts) -> tuple[OfferRow, ...]:
        return gm.gm_commands(game, subject, t)

    def overlays(self, t: Texts) -> tuple[OverlayOffer, ...]:
        return tuple(
            OverlayOffer(key, t(f"menus.help.{key}"), t(f"menus.help.{key}_keys"), shown)
            for key, shown in OVERLAYS
        )

    def zone_layout(self, game: Any) -> ZoneLayout | None:
        """Return None: ENTARIA plays on fields, not zones."""
        return None

    def fog(self, game: Any, sides: Collection[str]) -> Fog | None:
        return fog.fog_for_sides(game, sides)

    def result(self, game: Any, t: Texts) -> Result:
        return result.result(game, t)

    def end_turn(self, game: Any) -> Command | None:
        return EndTurn(game.current.key) if game.state.order else None

    def refusal(self, reason: str, t: Texts) -> str:
        return terms.reason(reason, t)

    def notice(self, event: Event, t: Texts) -> str:
        return fog.notice(event, t)

    def effects(self, game: Any, events: Sequence[Event]) -> tuple[Effect, ...]:
        return effects.effects(game, events)

    def offer_odds(self, game: Any, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
        if not isinstance(offer.action, Action):
            return ()
        return tuple(chances.offer_chance(game, offer.action, target, t))

    def map_click(self, game: Any, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
        """Return None: ENTARIA's map clicks are its map tools' (``game.ui.tools``)."""
        return None

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
        if not isinstance(action, Action):
            return None
        unarmed = option if isinstance(option, UnarmedOption) else None
        return chances.attack_odds(game, actor, target, weapon, action, unarmed, melee, t)

    def throw_odds(
        self, game: Any, actor: str, weapon: str, cell: Cell, t: Texts
    ) -> tuple[str, ...]:
        return chances.throw_odds(game, actor, weapon, cell, t)

    def blast_odds(self, game: Any, actor: str, weapon: str, creature: str, t: Texts) -> str:
        return chances.blast_text(game, actor, weapon, creature, t)

    def area_odds(
        self,
        game: Any,
        actor: str,
        weapon: str,
        mode: Any,
        allocation: Mapping[Cell, int],
        t: Texts,
    ) -> tuple[tuple[str, str], ...]:
        if not isinstance(mode, AreaFireAction):
            return ()
        return chances.area_fire_odds(game, actor, weapon, mode, allocation, t)

    def area_check_odds(
        self, game: Any, actor: str, weapon: str, mode: Any, fields: Sequence[Cell], t: Texts
    ) -> tuple[str, ...]:
        if not isinstance(mode, AreaFireAction):
            return ()
        return chances.area_check_odds(game, actor, weapon, mode, fields, t)

    def leave_reach_odds(self, game: Any, actor: str, running: bool, t: Texts) -> tuple[str, ...]:
        return chances.leave_reach_odds(game, actor, running=running, t=t)

    def repeat_warning(self, game: Any, action: Hashable, t: Texts) -> str:
        if not isinstance(action, Action) or not game.state.budget.defenceless_after(action):
            return ""
        return t("hud.actions.repeat_warning")  # E-ACT-6, asked of the budget

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        return log.log_for(game, sides)

    def log_kind(self, event: Event) -> LogKind:
        return log.log_kind(event)

    def log_text(self, event: Event, t: Texts) -> LogText:
        return log.log_text(event, t)

    def open_questions(self, game: Any) -> frozenset[int]:
        return log.open_questions(game)

    def replaced_rolls(self, game: Any) -> frozenset[int]:
        return log.replaced_rolls(game)

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        return log.log_details(game, index, t)

    def answer(self, game: Any, index: int) -> Command:
        return log.answer(index)


#: ENTARIA's views (typed as the protocol: the checker proves they are one).
VIEWS: Views = EntariaViews()
