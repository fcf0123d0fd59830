"""Genesis's action bar: the open decision's groups, the auto-defence switch, the turn.

A DECLARATION asks for the Ansage (``declare``), a TURN for the strikes (``strike``), a
DEFENCE for the answers to the side's open hits (``defence``). Every group of a side's
decision ends with the switch "Automatisch verteidigen" of that side (``AutoDefence``;
``selected`` while ``game.auto`` holds the side).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.board.grid import Cell
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.match.views import ActionGroup, Offer, Texts
from game.rulesets.genesis import commands as c
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.rules.gear import SURPLUS_AD
from game.rulesets.genesis.views import strike
from game.rulesets.genesis.views.declare import declaration_groups
from game.rulesets.genesis.views.defence import defence_groups
from game.rulesets.genesis.views.texts import say
from game.rulesets.genesis.views.util import const, numbered


def auto_offer(game: GenesisGame, actor: str, t: Texts) -> Offer:
    """Return the switch "Automatisch verteidigen" of ``actor``'s side."""
    on = game.fighters[actor].side in game.auto
    return Offer(
        key="auto_defence",
        label=say(t, "offer.auto"),
        tooltip=say(t, "offer.auto_tip"),
        selected=on,
        make=const(c.AutoDefence(actor, on=not on)),
    )


def surplus_group(game: GenesisGame, actor: str, t: Texts) -> ActionGroup:
    """Return what ``actor``'s withheld surplus AT may become (G-SURPLUS-2/3/4)."""
    weight = game.surplus[0][1] if game.surplus else "light"
    ad = SURPLUS_AD.get(weight, 1)
    offers = tuple(
        Offer(
            key=f"surplus:{option}",
            label=say(t, f"offer.surplus_{option}", ad=ad),
            tooltip=say(t, f"offer.surplus_{option}_tip", ad=ad),
            make=const(c.Surplus(actor, option=option)),
        )
        for option in ("bonus", "speed", "ad")
    )
    return ActionGroup(
        "surplus", say(t, "group.surplus"), say(t, "group.surplus_tip"), True, offers
    )


def action_groups(game: GenesisGame, t: Texts) -> tuple[ActionGroup, ...]:
    """Return the groups of the open decision (nothing when the fight is over)."""
    decisions = game.decisions()
    if not decisions or decisions[0].creature is None:
        return ()
    decision = decisions[0]
    actor = decision.creature
    assert actor is not None
    if decision.kind is DecisionKind.DECLARATION:
        groups = declaration_groups(game, actor, t)
    elif decision.kind is DecisionKind.TURN:
        groups = [strike.strike_group(game, actor, t)]
    elif decision.kind is DecisionKind.REACTION:
        groups = [surplus_group(game, actor, t)]
    else:
        groups = defence_groups(game, decision.side or "", t)
    switch = auto_offer(game, actor, t)
    return tuple(
        dataclasses.replace(group, offers=numbered((*group.offers, switch))) for group in groups
    )


def end_turn(game: GenesisGame) -> Command | None:
    """Return "Angriffe beenden" for the striker (None outside the strikes)."""
    actor = strike.deciding_striker(game)
    return c.EndStrikes(actor) if actor is not None else None


def map_click(game: GenesisGame, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
    """Return the AT a click on an enemy makes while striking (else None: it selects)."""
    return strike.map_click(game, creature, t)


#: The events after which another fighter decides or another KR begins.
TURN_EVENTS = frozenset({"declare", "end_strikes", "no_target", "surplus_choice", "kr", "over"})


def passes_turn(events: Sequence[Event]) -> bool:
    """Return whether ``events`` start another fighter's decision or another KR."""
    return any(event.kind in TURN_EVENTS for event in events)
