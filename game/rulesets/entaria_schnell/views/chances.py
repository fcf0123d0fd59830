"""The hit chance in words: "Treffer 65 % · kritisch 5 % · Patzer 5 %".

The chances are the attack plan's (``AttackPlan.chances``: exact over the d20, with
Vorteil/Nachteil as an edge, Q-ATK-4, Q-CRIT-HIT-1, Q-CRIT-FAIL-1); this module only
writes them, with the band (Q-RANGE-*) and the cover (Q-COVER-1..3) the plan counted.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.board.grid import Cover
from game.match.views import Odds, Offer, Texts
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria_schnell.attack_plan import AttackPlan
from game.rulesets.entaria_schnell.engine import MOVE_ACTIONS, QuickGame
from game.rulesets.entaria_schnell.rules.attacks import AttackKind, attack_attribute
from game.rulesets.entaria_schnell.views.terms import band_name, creature_name, told, tr

SEPARATOR = " · "


def percent(chance: Fraction, t: Texts) -> str:
    """Return an exact chance in per cent: "65 %", "42,25 %" (no rounding: the d20's
    chances are multiples of 1/400)."""
    value = Fraction(chance) * 100
    if value.denominator == 1:
        text = str(value.numerator)
    else:
        text = f"{float(value):.2f}".rstrip("0").rstrip(".")
        if t.language == "de":
            text = text.replace(".", ",")
    return f"{text} %"


def cover_name(level: Cover, t: Texts) -> str:
    """Return Teildeckung, Volldeckung or "" (no cover)."""
    if level is Cover.FULL:
        return tr(t, "Volldeckung", "full cover")
    if level is Cover.PARTIAL:
        return tr(t, "Teildeckung", "partial cover")
    return ""


def plan_lines(game: QuickGame, plan: AttackPlan, t: Texts) -> tuple[str, ...]:
    """Return the hover lines of a possible attack (or its refusal)."""
    if plan.refusal:
        return (told(game, plan.refusal, t),)
    odds = plan.chances
    head = SEPARATOR.join(
        [
            tr(t, f"Treffer {percent(odds.hit, t)}", f"hit {percent(odds.hit, t)}"),
            tr(t, f"kritisch {percent(odds.critical, t)}", f"critical {percent(odds.critical, t)}"),
            tr(t, f"Patzer {percent(odds.fumble, t)}", f"fumble {percent(odds.fumble, t)}"),
        ]
    )
    attribute = attack_attribute(plan.kind)
    melee = attribute is Attribute.MELEE
    value_name = tr(t, "Nahkampf", "melee") if melee else tr(t, "Fernkampf", "ranged")
    area = bool(getattr(plan, "area", False))
    if area:  # a thrown area weapon aims at the zone: ZW 15 (Q-OPEN-17)
        roll = tr(
            t,
            f"W20 + {value_name} {plan.attack_value} gegen ZW {plan.defense} auf die Zone; "
            "trifft jeden, der dort steht",
            f"d20 + {value_name} {plan.attack_value} against TN {plan.defense} at the zone; "
            "hits everyone standing there",
        )
    else:
        roll = tr(
            t,
            f"W20 + {value_name} {plan.attack_value} gegen V {plan.defense}",
            f"d20 + {value_name} {plan.attack_value} against D {plan.defense}",
        )
    lines = [head, roll]
    detail = []
    if plan.kind in (AttackKind.RANGED, AttackKind.THROW):
        detail.append(
            tr(t, f"Reichweite {band_name(plan.band, t)}", f"band {band_name(plan.band, t)}")
        )
    covered = cover_name(plan.cover, t)
    if covered:
        detail.append(covered)
    if plan.edge > 0:
        detail.append(tr(t, "Vorteil", "advantage"))
    elif plan.edge < 0:
        detail.append(tr(t, "Nachteil", "disadvantage"))
    detail.append(f"SW {plan.quick.sw}")
    detail.append(tr(t, f"Panzerung {plan.armour}", f"armour {plan.armour}"))
    lines.append(SEPARATOR.join(detail))
    return tuple(lines)


def attack_odds(game: QuickGame, actor: str, target: str, weapon: str, t: Texts) -> Odds | None:
    """Return the chance of ``actor``'s attack on ``target`` with ``weapon`` (None: none)."""
    if actor not in game.creatures or target not in game.creatures:
        return None
    plan = game.plan(actor, target, weapon)
    if plan.refusal:
        return None
    return Odds(percent(plan.chances.hit, t), plan_lines(game, plan, t))


def offer_odds(game: QuickGame, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
    """Return what an offer's tooltip adds: an attack's chances against ``target``, and
    the warning that repeating an action makes Wehrlos (Q-OPEN-16)."""
    action: Any = offer.action
    actor = game.current
    if actor is None or game.pending is not None:
        return ()
    if isinstance(action, str) and action in MOVE_ACTIONS:
        warning = repeat_warning(game, MOVE_ACTIONS[action], t)
        return (warning,) if warning else ()
    if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "attack"):
        return ()
    if target is None or target == actor or target not in game.creatures:
        return (tr(t, "Gegner wählen, um die Chance zu sehen", "pick an enemy to see the chance"),)
    plan = game.plan(actor, target, str(action[1]))
    lines = plan_lines(game, plan, t)
    warning = "" if plan.refusal else repeat_warning(game, plan.action, t)
    out = (f"{creature_name(game, target)}: {lines[0]}", *lines[1:])
    return (*out, warning) if warning else out


def repeat_warning(game: QuickGame, action: Any, t: Texts) -> str:
    """Return the warning that ``action`` repeated this turn makes the creature on turn
    Wehrlos until its next turn ("": it does not, Q-OPEN-16)."""
    if isinstance(action, str):
        action = MOVE_ACTIONS.get(action)
    elif isinstance(action, tuple) and len(action) == 2 and action[0] == "attack":
        action = None  # the kind of attack depends on the target: asked with the plan
    actor = game.current
    if not isinstance(action, Action) or actor is None:
        return ""
    me = game.creatures[actor]
    if getattr(me, "wehrlos_for_repeat", False):
        return ""
    budget = game.turn.budget
    if not budget.defenceless_after(action):
        return ""
    return tr(
        t,
        "Dieselbe Handlung zum zweiten Mal: wehrlos bis zum nächsten Zug",
        "the same action a second time: defenceless until the next turn",
    )
