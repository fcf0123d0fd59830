"""The defence panel (DEFENCE decision): the deciding side's open hits and their answers.

Each open hit of the side (``game.open_hits(side)``) is a group: who hit whom with what,
the AT roll against its value; its answers are PA, AW, PA durch <Verbündeter> (−30,
G-ATPA-ALLY-1/2) and keine Abwehr, each with its chance in per cent and allowed or
refused as ``defence_plans.defence_options`` says (G-ATPA-2/3, G-ATPA-4, G-RANGE-ENGAGE-3); a
dodge roll that already counts for this direction says so (G-SHOT-AW-1). The order in
which the player answers the hits is the order of the defence (G-PHASE-EXEC-2/3).
"""

from __future__ import annotations

from game.match.views import ActionGroup, Offer, Texts
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans
from game.rulesets.genesis.defence_plans import DefenceOption
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.plans import Hit
from game.rulesets.genesis.views.refusals import reason
from game.rulesets.genesis.views.texts import chance_text, fighter_name, item_name, say
from game.rulesets.genesis.views.util import const, gate


def option_label(game: GenesisGame, option: DefenceOption, t: Texts) -> str:
    """Return "PA · 55 %", "AW · Wurf 23 gilt: abgewehrt", "PA durch Brunhild · 25 %"."""
    chance = chance_text(option.chance)
    if option.how == "aw" and option.reused_roll:
        verdict = say(t, "verdict.avoided" if option.chance else "verdict.failed")
        return say(t, "offer.reused", roll=option.reused_roll, verdict=verdict)
    if option.how == "ally":
        return say(t, "offer.ally", name=fighter_name(game, option.by), chance=chance)
    if option.how == "none":
        return say(t, "offer.none")
    return say(t, f"offer.{option.how}", chance=chance)


def _option_tip(game: GenesisGame, option: DefenceOption, t: Texts) -> str:
    if option.how == "aw" and option.reused_roll:
        return say(t, "offer.reused_tip")
    if option.how == "ally":
        return say(t, "offer.ally_tip", name=fighter_name(game, option.by), value=option.value)
    if option.how == "none":
        return say(t, "offer.none_tip")
    return say(t, f"offer.{option.how}_tip", value=option.value)


def option_offer(game: GenesisGame, hit: Hit, option: DefenceOption, t: Texts) -> Offer:
    """Return the offer of one answer to ``hit``."""
    actor = option.by if option.how == "ally" else hit.target
    offer = Offer(
        key=f"defend:{hit.id}:{option.how}:{option.by}",
        label=option_label(game, option, t),
        tooltip=_option_tip(game, option, t),
        make=const(c.Defend(actor, hit=hit.id, how=option.how)),
        action=option,
    )
    return gate(offer, reason(option.refusal, t) if option.refusal else "", t)


def hit_tip(game: GenesisGame, hit: Hit, t: Texts) -> str:
    """Return what the group of ``hit`` says: attacker, weapon, the AT roll."""
    lines = [
        say(
            t,
            "group.hit_tip",
            attacker=fighter_name(game, hit.attacker),
            target=fighter_name(game, hit.target),
            item=item_name(game, hit.weapon, t),
            roll=hit.roll,
            value=hit.value,
        )
    ]
    if hit.penalty:
        lines.append(say(t, "group.hit_penalty", n=hit.penalty))
    if hit.ranged:
        lines.append(say(t, "group.hit_ranged"))
    lines.append(say(t, "group.hit_order"))
    return "\n".join(lines)


def defence_groups(game: GenesisGame, side: str, t: Texts) -> list[ActionGroup]:
    """Return a group per open hit of ``side``, in the engine's order."""
    groups = []
    for hit in game.open_hits(side):
        options = defence_plans.defence_options(game, hit)
        label = say(
            t,
            "group.hit",
            attacker=fighter_name(game, hit.attacker),
            target=fighter_name(game, hit.target),
        )
        groups.append(
            ActionGroup(
                f"hit:{hit.id}",
                label,
                hit_tip(game, hit, t),
                True,
                tuple(option_offer(game, hit, o, t) for o in options),
            )
        )
    return groups
