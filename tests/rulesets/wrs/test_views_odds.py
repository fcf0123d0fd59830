"""WRS views: the exact hit chance on hover equals rules/chances.py (D-15)."""

from __future__ import annotations

from game.match.views import Offer
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.rules.chances import hit_chance
from game.rulesets.wrs.state import FighterSetup
from game.rulesets.wrs.views import VIEWS
from game.rulesets.wrs.views.chances import chance_text
from game.rulesets.wrs.views.queries import AttackPlan
from tests.rulesets.wrs.test_views_support import DE, EN, all_offers, build, duel, now


def _attack(game: object, key: str) -> Offer:
    groups = VIEWS.action_groups(game, DE)
    return next(o for o in all_offers(now(groups).offers) if o.key == key)


def test_d15_w_atk_3_hover_chance_equals_the_exact_comparison() -> None:
    """D-15, W-ATK-2/3, W-BONUS-1: Gerold (Körper 55, short sword +10) on Ulf (Körper
    45, dagger +5 with the skill): PW 65 against 50, the chance of rules/chances.py."""
    game = duel()
    offer = _attack(game, "attack:kurzschwert:SINGLE:1")
    lines = VIEWS.offer_odds(game, offer, "u", DE)
    exact = hit_chance(65, 50)
    assert lines[0] == f"Trefferchance {chance_text(exact)} · PW 65 gegen 50"
    assert "Gleichstand" in lines[-1]
    odds = VIEWS.attack_odds(game, "g", "u", "kurzschwert", None, None, True, EN)
    assert odds is not None and odds.short == chance_text(exact)
    assert odds.lines[0].startswith("Hit chance")
    assert not any("W-" in line for line in odds.lines)


def test_w_act_aim_and_w_act_def_2_change_the_shown_chance() -> None:
    """W-ACT-AIM (+25 for the attacker), W-ACT-DEF-2 (+25 for the defender),
    W-BONUS-SHIELD-SMALL (+15 with the skill): the hover follows every modifier."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (2, 1), drawn=("dolch", "rundschild"))
    game = build(a, b)
    game.apply(c.Turn360("g", "N"))
    game.apply(c.Aim("g"))  # aim carries into the next turn (W-OPEN-5)
    game.apply(c.Turn360("u", "N"))
    game.apply(c.DefensivePosition("u"))
    offer = _attack(game, "attack:kurzschwert:SINGLE:1")
    lines = VIEWS.offer_odds(game, offer, "u", DE)
    attacker, defender = 55 + 10 + 25, 45 + 5 + 15 + 25
    chance = chance_text(hit_chance(attacker, defender))
    assert lines[0] == f"Trefferchance {chance} · PW {attacker} gegen {defender}"


def test_w_fire_auto_malus_and_hits_in_the_chance() -> None:
    """W-FIRE-AUTO, W-FIRE-TEST: 3 shots at −25 with the +15 of the skill; a win is 3 hits."""
    a = FighterSetup("m", "mira", "b", (1, 1), drawn=("sturmgewehr",))
    b = FighterSetup("k", "konrad", "a", (6, 1))
    game = build(a, b)
    offer = _attack(game, "attack:sturmgewehr:FULL_AUTO:3")
    lines = VIEWS.offer_odds(game, offer, "k", EN)
    pw = 50 + 15 - 25
    exact = hit_chance(pw, 55)
    assert lines[0] == f"Hit chance {chance_text(exact)} · PW {pw} against 55"
    assert lines[1].startswith("3 hits on a win")
    plan = AttackPlan("sturmgewehr")
    odds = VIEWS.attack_odds(game, "m", "k", "sturmgewehr", plan, None, False, EN)
    assert odds is not None and odds.short == chance_text(hit_chance(65, 55))


def test_w_open_10_unconscious_target_is_hit_for_sure() -> None:
    """W-OPEN-10: an unconscious target makes no defence test: the chance is 100 %."""
    game = duel()
    game.fighters["u"].wounds = 4
    lines = VIEWS.offer_odds(game, _attack(game, "attack:kurzschwert:SINGLE:1"), "u", DE)
    assert lines[0] == "Trefferchance 100 %"
    assert "wehrt sich nicht" in lines[-1]


def test_w_open_8_no_chance_where_the_attack_cannot_be_made() -> None:
    """W-OPEN-8: out of reach there is no chance, only the reason; no target: a hint."""
    a = FighterSetup("g", "gerold", "a", (1, 1), drawn=("kurzschwert",))
    b = FighterSetup("u", "ulf", "b", (5, 5))
    game = build(a, b)
    offer = _attack(game, "attack:kurzschwert:SINGLE:1")
    assert VIEWS.offer_odds(game, offer, "u", DE)[0].startswith("Nahkampf nur gegen")
    assert VIEWS.attack_odds(game, "g", "u", "kurzschwert", None, None, True, DE) is None
    assert VIEWS.offer_odds(game, offer, None, DE) == ("Gegner wählen: die Trefferchance folgt",)
    step = _attack(game, "action:step")
    assert VIEWS.offer_odds(game, step, "u", DE) == ()


def test_w_open_7_the_odds_wrs_has_no_such_thing_for_are_empty() -> None:
    """W-OPEN-7: all shots of an action go to one target: no area fire; no throws at
    fields, blasts, reach saves or repeat costs either."""
    game = duel()
    assert VIEWS.throw_odds(game, "g", "kurzschwert", (3, 3), DE) == ()
    assert VIEWS.blast_odds(game, "g", "kurzschwert", "u", DE) == ""
    assert VIEWS.area_odds(game, "g", "kurzschwert", None, {}, DE) == ()
    assert VIEWS.area_check_odds(game, "g", "kurzschwert", None, (), DE) == ()
    assert VIEWS.leave_reach_odds(game, "g", False, DE) == ()
    assert VIEWS.repeat_warning(game, None, DE) == ""
