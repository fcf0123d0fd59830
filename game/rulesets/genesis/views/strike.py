"""The strikes (TURN decision): each declared AT on a creature, and their chances.

An AT is struck on a creature picked on the map, optionally made harder by X
(G-ATPA-4: the defence against it is harder by the same X), or as a Megaschlag where the
fighter has one (G-BONUS-ACTIVE-3); the targets ``plans.strike_targets`` allows stand as
their own offers, best chance first; "Angriffe beenden" gives up the rest. Every value
and refusal is ``plans.strike_plan``'s (G-ATPA-1, G-GW-6, G-INI-ROUND-6, G-RANGE-*).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.match.commands import Command
from game.match.views import ActionGroup, Needs, Odds, Offer, Texts
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import plans
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.views.refusals import reason
from game.rulesets.genesis.views.texts import (
    TEXTS,
    chance_text,
    fighter_name,
    item_name,
    number,
    say,
)
from game.rulesets.genesis.views.util import const, gate

PENALTIES = (0, 10, 20, 30, 40, 50)
#: How many of the allowed targets stand as offers of their own.
QUICK_TARGETS = 4


@dataclass(frozen=True)
class StrikeAction:
    """What an attack offer strikes with: its Erschwernis and whether a Megaschlag."""

    penalty: int = 0
    mega: bool = False


def make_strike(
    game: GenesisGame, actor: str, action: StrikeAction, target: str | None, t: Texts
) -> Command | str:
    """Return the Strike on ``target``, or why not in player words."""
    if target is None:
        return say(t, "no.creature")
    if target not in game.fighters:
        return reason(f"{target} ist nicht im Kampf", t)
    plan = plans.strike_plan(game, actor, target, action.penalty, action.mega)
    if plan.refusal:
        label = say(t, "offer.attack")
        return say(t, "no.refused", action=label, reason=reason(plan.refusal, t))
    return c.Strike(actor, target=target, penalty=action.penalty, mega=action.mega)


def _attack(
    game: GenesisGame, actor: str, action: StrikeAction, label: str, key: str, t: Texts
) -> Offer:
    weapon = plans.weapon_in_hand(game, actor)
    tip = say(t, "offer.attack_tip", item=item_name(game, weapon.key if weapon else "", t))
    if action.penalty:
        tip += "\n" + say(t, "offer.penalty_tip")
    return Offer(
        key=key,
        label=label,
        tooltip=tip,
        needs=Needs.CREATURE,
        make=lambda pick: make_strike(game, actor, action, pick.creature, t),
        prompts=(say(t, "offer.attack_prompt"),),
        action=action,
    )


def strike_offers(game: GenesisGame, actor: str, t: Texts) -> list[Offer]:
    """Return the strike offers of ``actor``: attack, quick targets, harder, mega, end."""
    me, kind = game.fighters[actor], game.kind(actor)
    out = [_attack(game, actor, StrikeAction(), say(t, "offer.attack"), "strike:attack", t)]
    for plan in plans.strike_targets(game, actor)[:QUICK_TARGETS]:
        label = say(
            t,
            "offer.attack_on",
            name=fighter_name(game, plan.target),
            chance=chance_text(plan.chance),
        )
        out.append(
            Offer(
                key=f"strike:on:{plan.target}",
                label=label,
                tooltip=attack_lines_text(game, actor, plan.target, StrikeAction(), t),
                make=const(c.Strike(actor, target=plan.target)),
                action=StrikeAction(),
            )
        )
    choices = tuple(
        _attack(
            game, actor, StrikeAction(n), say(t, "offer.penalty_n", n=n), f"strike:penalty:{n}", t
        )
        for n in PENALTIES
    )
    out.append(
        Offer(
            key="strike:penalty",
            label=say(t, "offer.penalty"),
            tooltip=say(t, "offer.penalty_tip"),
            needs=Needs.CHOICE,
            choices=choices,
            prompts=(say(t, "offer.penalty_menu"),),
        )
    )
    if kind.megaschlag:
        mega = _attack(game, actor, StrikeAction(0, True), say(t, "offer.mega"), "strike:mega", t)
        tip = mega.tooltip + "\n" + say(t, "offer.mega_tip", n=kind.megaschlag)
        mega = dataclasses.replace(mega, tooltip=tip)
        why = ""
        if actor in game.megas:
            why = reason("nur ein Megaschlag je KR", t)
        weapon = plans.weapon_in_hand(game, actor)
        if weapon is not None and weapon.ranged:
            why = reason("im Schussgefecht keine Spezialaktionen", t)
        out.append(gate(mega, why, t))
    out.append(
        Offer(
            key="strike:end",
            label=say(t, "offer.end_strikes"),
            tooltip=say(t, "offer.end_strikes_tip", n=number(me.attacks_left, t)),
            make=const(c.EndStrikes(actor)),
        )
    )
    return out


def strike_group(game: GenesisGame, actor: str, t: Texts) -> ActionGroup:
    """Return the group of ``actor``'s strikes."""
    me = game.fighters[actor]
    return ActionGroup(
        "strike",
        say(t, "group.strike", n=number(me.attacks_left, t)),
        say(t, "group.strike_tip", name=fighter_name(game, actor)),
        me.attacks_left >= 0.5,
        tuple(strike_offers(game, actor, t)),
    )


# ------------------------------------------------------------------ odds
def _modifier_name(what: str, t: Texts) -> str:
    key = f"mod.{what}"
    return say(t, key) if key in TEXTS else what


def attack_lines(
    game: GenesisGame, actor: str, target: str, action: StrikeAction, t: Texts
) -> tuple[str, ...]:
    """Return the hover lines of an AT: the chance, its value and every modifier."""
    if actor not in game.fighters or target not in game.fighters:
        return ()
    plan = plans.strike_plan(game, actor, target, action.penalty, action.mega)
    if plan.refusal:
        return (reason(plan.refusal, t),)
    head = (
        say(t, "odds.chance", chance=chance_text(plan.chance))
        + " · "
        + say(t, "odds.value", value=plan.value)
    )
    parts = [say(t, "odds.base", n=plan.base)]
    parts += [say(t, "odds.mod", what=_modifier_name(what, t), n=n) for what, n in plan.modifiers]
    if action.penalty:
        parts.append(say(t, "odds.penalty", n=action.penalty))
    if plan.half:
        parts.append(say(t, "odds.half"))
    return (head, " · ".join(parts))


def attack_lines_text(
    game: GenesisGame, actor: str, target: str, action: StrikeAction, t: Texts
) -> str:
    """Return the hover lines of an AT as one text."""
    return "\n".join(attack_lines(game, actor, target, action, t))


def deciding_striker(game: GenesisGame) -> str | None:
    """Return the fighter who strikes now (None: nobody strikes)."""
    decisions = game.decisions()
    if not decisions or game.phase != "strike":
        return None
    return decisions[0].creature


def offer_odds(game: GenesisGame, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
    """Return what an attack offer's tooltip adds: its chance against ``target``."""
    action = offer.action
    actor = deciding_striker(game)
    if not isinstance(action, StrikeAction) or actor is None or offer.needs is not Needs.CREATURE:
        return ()
    if target is None or target == actor:
        return (say(t, "odds.pick"),)
    return attack_lines(game, actor, target, action, t)


def attack_odds(
    game: GenesisGame, actor: str, target: str, action: object, t: Texts
) -> Odds | None:
    """Return the chance of ``actor``'s AT on ``target`` (None where it cannot be struck)."""
    if actor not in game.fighters or target not in game.fighters:
        return None
    strike = action if isinstance(action, StrikeAction) else StrikeAction()
    plan = plans.strike_plan(game, actor, target, strike.penalty, strike.mega)
    if plan.refusal:
        return None
    return Odds(chance_text(plan.chance), attack_lines(game, actor, target, strike, t))


def map_click(game: GenesisGame, creature: str | None, t: Texts) -> Offer | None:
    """Return the AT a click on an enemy makes for the striker (None: nothing)."""
    actor = deciding_striker(game)
    if actor is None or creature is None or creature not in game.fighters:
        return None
    if game.fighters[creature].side == game.fighters[actor].side:
        return None
    offer = _attack(game, actor, StrikeAction(), say(t, "offer.attack"), "strike:click", t)
    plan = plans.strike_plan(game, actor, creature)
    return gate(offer, reason(plan.refusal, t) if plan.refusal else "", t)


__all__ = ["PENALTIES", "StrikeAction", "attack_odds", "map_click", "offer_odds", "strike_group"]
