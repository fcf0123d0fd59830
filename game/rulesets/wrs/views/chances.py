"""The hit chance in words: "Trefferchance 63 % · PW 65 gegen 45 · 1 Treffer bei Sieg".

The chance is ``rules.chances.hit_chance``'s (exact over all 100 x 100 pairs of d100
rolls, W-ATK-3, D-15) with the PWs the engine would compare (``queries.pws``); this
module only rounds and writes it. A target that does not defend (bewusstlos) is hit
(W-OPEN-10).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.match.views import Odds, Offer, Texts
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules.chances import hit_chance, hits_expected
from game.rulesets.wrs.views.queries import AttackPlan, pws, target_refusal
from game.rulesets.wrs.views.terms import fighter_name, number, say

SEPARATOR = " · "


def chance_text(chance: Fraction) -> str:
    """Return a chance in whole per cent, "<1 %" / ">99 %" near the ends that it is not."""
    if chance <= 0:
        return "0 %"
    if chance >= 1:
        return "100 %"
    percent = int(chance * 100 + Fraction(1, 2))
    if percent < 1:
        return "<1 %"
    if percent > 99:
        return ">99 %"
    return f"{percent} %"


def attack_chance(game: WrsGame, actor: str, target: str, plan: AttackPlan) -> Fraction | None:
    """Return the exact chance that ``actor``'s attack ``plan`` on ``target`` wins, or
    None when the attack cannot be made (W-ATK-2..4, D-15)."""
    if target_refusal(game, actor, target, plan) is not None:
        return None
    try:
        sides = pws(game, actor, target, plan)
    except ValueError:
        return None
    if not sides.defends:
        return Fraction(1)
    return hit_chance(sides.attacker, sides.defender)


def attack_lines(
    game: WrsGame, actor: str, target: str, plan: AttackPlan, t: Texts
) -> tuple[str, ...]:
    """Return the hover lines of an attack: the chance, the PWs, the hits to expect."""
    refusal = target_refusal(game, actor, target, plan)
    if refusal is not None:
        return (say(t, refusal[0], **refusal[1]),)
    try:
        sides = pws(game, actor, target, plan)
    except ValueError:
        return ()
    chance = attack_chance(game, actor, target, plan) or Fraction(0)
    head = say(t, "odds.chance", chance=chance_text(chance))
    if sides.defends:
        head += SEPARATOR + say(t, "odds.pw", a=sides.attacker, d=sides.defender)
    mean = number(hits_expected(chance, sides.hits_on_win), t)
    hits = "odds.one_hit" if sides.hits_on_win == 1 else "odds.hits"
    lines = [head, say(t, hits, n=sides.hits_on_win, mean=mean)]
    if sides.defends:
        lines.append(say(t, "odds.tie"))
    else:
        lines.append(say(t, "odds.helpless", name=fighter_name(game, target)))
    return tuple(lines)


def offer_odds(game: WrsGame, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
    """Return what an attack offer's tooltip adds: its chance against ``target``."""
    plan = offer.action
    if not isinstance(plan, AttackPlan):
        return ()
    actor = _actor(game)
    if actor is None:
        return ()
    if target is None or target == actor:
        return (say(t, "odds.pick"),)
    return attack_lines(game, actor, target, plan, t)


def attack_odds(
    game: WrsGame, actor: str, target: str, weapon: str, action: Any, t: Texts
) -> Odds | None:
    """Return the chance of ``actor``'s attack on ``target`` with ``weapon`` (``action``:
    an AttackPlan of the views, else a single shot), None where there is none."""
    plan = action if isinstance(action, AttackPlan) else AttackPlan(weapon)
    if actor not in game.fighters or target not in game.fighters:
        return None
    chance = attack_chance(game, actor, target, plan)
    if chance is None:
        return None
    return Odds(chance_text(chance), attack_lines(game, actor, target, plan, t))


def _actor(game: WrsGame) -> str | None:
    decisions = game.decisions()
    return decisions[0].creature if decisions else None
