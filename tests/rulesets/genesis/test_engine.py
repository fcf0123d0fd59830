"""The Genesis KR state machine: initiative rounds, declarations, strikes, defences, damage.

Every die is scripted (ScriptedRoller); the order of the dice: one d100 of INI per melee
fighter in set-up order, then per KR the shift costs (2W6) as declared, each AT's d100 as
struck, each defence's d100 as answered, then the TP dice and Selbstbeherrschung tests.
"""

from __future__ import annotations

import json

import pytest

from game.match.decisions import DecisionKind
from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans, plans
from game.rulesets.genesis.engine import DECLARE, DEFEND, STRIKE, Rejected
from game.rulesets.genesis.rules.rounds import RoundKind
from tests.rulesets.genesis.engine_fixtures import ARCHER, fighter, game


def duel(dice: list[int], **values: object):  # type: ignore[no-untyped-def]
    """a (side A) next to b (side B); a rolls INI 10 -> 40, b 50 -> 0: a is faster."""
    return game(
        [("a", fighter("a", **values), "A", (5, 5)), ("b", fighter("b", **values), "B", (6, 5))],
        [10, 50, *dice],
    )


def test_kr1_slowest_is_passive_and_declares_first() -> None:
    """G-INI-ROUND-1/2/4/5, G-OPEN-22: in KR 1 the slowest declares first, PA/AW only."""
    g = duel([])
    assert g.kr == 1 and g.round_kind() is RoundKind.INI_1
    assert g.fighters["a"].ini == 40 and g.fighters["b"].ini == 0  # G-OPEN-2: INI - d100
    decision = g.decisions()[0]
    assert decision.kind is DecisionKind.DECLARATION and decision.creature == "b"
    with pytest.raises(Rejected, match="passiv"):
        g.apply(c.Declare(actor="b", attacks=1, defences=1))  # G-STATE-PASSIVE-AT
    g.apply(c.Declare(actor="b", attacks=0, defences=2))
    assert g.decisions()[0].creature == "a"


def test_ties_are_rerolled_between_the_tied() -> None:
    """G-INI-ROUND-3: equal results re-roll until an order stands."""
    g = game([("a", fighter("a"), "A", (1, 1)), ("b", fighter("b"), "B", (5, 5))], [30, 30, 20, 70])
    assert g.ini_order == ["b", "a"]


def test_group_initiative_is_the_side_average() -> None:
    """G-INI-GROUP-1/2/3/5 (G-INI-E2): the side with the higher mean wins the AKR."""
    g = game(
        [
            ("a1", fighter("a1"), "A", (1, 1)),
            ("a2", fighter("a2"), "A", (1, 3)),
            ("a3", fighter("a3"), "A", (1, 5)),
            ("b1", fighter("b1"), "B", (9, 1)),
            ("b2", fighter("b2"), "B", (9, 3)),
        ],
        [38, 32, 41, 35, 40],  # results 12, 18, 9 and 15, 10 (INI 50 - roll)
    )
    assert g.ini_winner == "A"  # 13 against 12.5
    assert g.ini_order == ["a2", "b1", "a1", "b2", "a3"]
    assert g.slowest == "a3"  # G-INI-GROUP-4: the rounds still run by the single INI


def test_kr1_no_attack_on_higher_ini_and_no_shift() -> None:
    """G-INI-ROUND-6/7: in KR 1 only slower enemies may be attacked; nobody shifts."""
    g = game(
        [
            ("a", fighter("a"), "A", (5, 5)),
            ("b", fighter("b"), "B", (6, 5)),
            ("c", fighter("c"), "A", (7, 5)),
        ],
        [10, 20, 60],  # a 40, b 30, c -10 (slowest)
    )
    g.apply(c.Declare(actor="c", defences=2))
    g.apply(c.Declare(actor="b", attacks=2))
    assert g.fighters["b"].ad == 30  # no shift cost in KR 1
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    assert g.phase == STRIKE and g.queue == ["a", "b"]  # side by side, A declared first
    g.apply(c.EndStrikes(actor="a"))
    assert g.decisions()[0].creature == "b"
    refused = plans.strike_plan(g, "b", "a")
    assert "INI" in refused.refusal
    with pytest.raises(Rejected, match="INI"):
        g.apply(c.Strike(actor="b", target="a"))


def test_declaring_all_gw_as_attacks_leaves_no_defence() -> None:
    """G-INI-ROUND-8: who attacks with all its GW has no PA/AW left in this KR."""
    g = game(
        [
            ("a", fighter("a"), "A", (5, 5)),
            ("b", fighter("b"), "B", (6, 5)),
            ("c", fighter("c"), "A", (7, 5)),
        ],
        [10, 20, 60, 3, 5, 5],  # a strikes b (hits), b strikes c twice (both hit)
    )
    g.apply(c.Declare(actor="c", defences=2))
    g.apply(c.Declare(actor="b", attacks=2))
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.EndStrikes(actor="a"))
    g.apply(c.Strike(actor="b", target="c"))
    g.apply(c.Strike(actor="b", target="c"))
    hit_on_b = next(h for h in g.hits if h.target == "b")
    options = {o.how: o for o in defence_plans.defence_options(g, hit_on_b)}
    assert options["pa"].refusal and options["aw"].refusal


def test_gw_split_over_two_kr_and_the_second_share_is_fixed() -> None:
    """G-GW-1/2/3/ODD-1/ODD-2, G-OPEN-4: GW 5 is 3 + 2 (or 2 + 3), chosen in KR 1."""
    g = duel([], gw=5)
    assert plans.shares_now(g, "b") == (2.0, 3.0)
    g.apply(c.Declare(actor="b", defences=3))
    g.apply(c.Declare(actor="a", defences=2))
    assert g.fighters["b"].shares == (3.0, 2.0) and g.fighters["a"].shares == (2.0, 3.0)
    assert g.kr == 2
    assert plans.shares_now(g, "b") == (2.0,)
    assert "höchstens 2" in plans.declaration_problem(g, "b", 0, 3)


def test_even_gw_has_as_many_attacks_as_parries() -> None:
    """G-GW-4 (G-GW-E2): GW 6 splits 3 + 3."""
    g = duel([], gw=6)
    assert plans.shares_now(g, "a") == (3.0,)


def test_half_action_halves_the_attack_value() -> None:
    """G-GW-5/6, G-GW-E1: AT 85 as a half action is 43 (half rounds up)."""
    g = duel([], gw=7.5, at=85)
    assert plans.shares_now(g, "b") == (3.5, 4.0)
    g.apply(c.Declare(actor="b", defences=3.5))
    g.apply(c.Declare(actor="a", attacks=0.5, defences=3))
    plan = plans.strike_plan(g, "a", "b")
    assert plan.half and plan.value == 43


def test_a_half_action_needs_half_gw() -> None:
    """G-GW-5: with whole GW there is no half action."""
    g = duel([])
    assert "halbe" in plans.declaration_problem(g, "b", 0, 1.5)


def test_attack_defence_and_one_defence_per_attack() -> None:
    """G-ATPA-1/2/3, G-ATPA-ONCE: AT hits on d100 <= AT, a PA <= PA fends it off, once."""
    g = duel([40, 50])  # KR 1: a strikes (40 <= 70 hits); b parries (50 <= 50)
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    assert g.phase == DEFEND
    decision = g.decisions()[0]
    assert decision.kind is DecisionKind.DEFENCE and decision.side == "B"
    hit = g.hits[0].id
    g.apply(c.Defend(actor="b", hit=hit, how="pa"))
    assert g.kr == 2 and g.fighters["b"].le == 60  # fended off: no damage
    assert any(e.kind == "defend" and e.data["success"] for e in g.log)
    with pytest.raises(Rejected):
        g.apply(c.Defend(actor="b", hit=hit, how="aw"))


def test_a_harder_attack_makes_the_defence_harder() -> None:
    """G-ATPA-4 (G-ATPA-E1): AT 70 erschwert um 30 -> 40; PA 50 against it -> 20."""
    g = duel([40])
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    assert plans.strike_plan(g, "a", "b", penalty=30).value == 40
    g.apply(c.Strike(actor="a", target="b", penalty=30))
    options = {o.how: o for o in defence_plans.defence_options(g, g.hits[0])}
    assert options["pa"].value == 20 and options["aw"].value == 10


def test_damage_sp_above_ws_count_twice() -> None:
    """G-DMG-1/2/3/WS (G-DMG-E1): TP 26 - RS 3 = 23 SP against WS 20: 26 LE lost."""
    g = duel([40, 6, 6, 6, 6])  # AT hits; TP 4d6 + 2 = 26 (the axe below)
    g.fighters["a"].weapon = "axt"
    g.catalogue = _with_weapon(g, "axt", dice=4, plus=2)
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    damage = next(e for e in g.log if e.kind == "damage")
    assert (damage.data["tp"], damage.data["sp"], damage.data["loss"]) == (26, 23, 26)
    assert g.fighters["b"].le == 60 - 26


def _with_weapon(g, key: str, **values: object):  # type: ignore[no-untyped-def]
    from dataclasses import replace
    from types import MappingProxyType

    weapons = dict(g.catalogue.weapons)
    weapons[key] = replace(weapons[key], **values)
    return replace(g.catalogue, weapons=MappingProxyType(weapons))


def test_sp_over_three_times_ws_knock_out() -> None:
    """G-DMG-WS3, D-16: 61 SP against WS 20 knock out, compared before the doubling."""
    g = duel([40, 64], le=200)  # TP 1d1... the fixed weapon: 64 + 0 - 3 RS = 61 SP
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=64)
    g.fighters["a"].weapon = "fest"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    assert g.fighters["b"].le == 200 - 102  # 61 + 41
    assert g.fighters["b"].life == "unconscious"  # LE 98 is far above 15 % of 200


def test_le_below_15_percent_unconscious_and_self_control() -> None:
    """G-LE-UNC, G-LE-SB-1/2, G-OPEN-7: below 15 % of max LE unconscious unless the
    Selbstbeherrschung X lowers the limit; X also moves the death limit to -X."""
    # b: LE 60 (limit 9), self-control 40: X = 4 on success. Hit: 1d64 = 55 - 3 = 52 SP
    # against WS 60 -> 52 LE lost, LE 8 < 9; the test (roll 30 <= 40) gives X 4 -> limit 5.
    g = duel([40, 55, 30], ws=60)
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=64)
    g.fighters["a"].weapon = "fest"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    b = g.fighters["b"]
    assert b.le == 8 and b.self_control_x == 4 and b.life == "fighting"


def test_le_below_zero_is_fatally_hit() -> None:
    """G-LE-DEATH: LE below the death limit (0, or -X) is fatally hit."""
    g = duel([40, 64, 99], ws=100)  # 61 SP -> LE -1; the self-control test fails (X 0)
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=64)
    g.fighters["a"].weapon = "fest"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    assert g.fighters["b"].le == -1 and g.fighters["b"].life == "fatally_wounded"
    assert g.over and g.winner == "A"


def test_every_hit_of_a_kr_takes_effect_together() -> None:
    """G-TIME-SIMUL (G-TIME-E1): two fighters who fell each other in one KR both go down."""
    g = duel([40, 40, 64, 99, 64, 99], ws=100)  # KR 2: both hit; TP, self-control, TP, ...
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=64)
    g.fighters["a"].weapon = g.fighters["b"].weapon = "fest"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", defences=2))
    assert g.kr == 2 and g.decisions()[0].creature == "a"  # G-INI-OPEN-2: fastest first
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Declare(actor="b", attacks=2))  # passive in KR 1: no shift (G-INI-OPEN-4)
    assert g.fighters["a"].ad == 30 and g.fighters["b"].ad == 30
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.EndStrikes(actor="a"))
    g.apply(c.Strike(actor="b", target="a"))
    g.apply(c.EndStrikes(actor="b"))
    assert g.over and g.winner is None
    assert {f.life for f in g.fighters.values()} == {"fatally_wounded"}


def test_kr2_attackers_of_kr1_must_shift() -> None:
    """G-INI-OPEN-3/4, G-SHIFT-1/2: who attacked in KR 1 pays 2W6 AD to attack in KR 2."""
    g = duel([90, 3, 4])  # KR 1: a misses; KR 2: shift 2W6 = 3 + 4
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.EndStrikes(actor="a"))
    assert g.kr == 2
    assert plans.declare_rules(g, "a").must_shift
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    assert g.fighters["a"].ad == 30 - 7


def test_akr_and_bkr_alternate_and_the_pa_round_side_declares_first() -> None:
    """G-KR-FIRST-1/2, G-KR-ALPHA, G-KR-BETA, G-KR-ADV, G-KR-DISADV, G-KR-AT, G-KR-PA:
    KR 3 is the INI winner's AKR (the loser declares first and must shift to attack),
    KR 4 the loser's BKR."""
    g = duel([])
    for _ in range(2):  # KR 1 and 2: everybody defends
        for key in list(g.queue):
            g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 3 and g.round_kind() is RoundKind.ALPHA and g.ini_winner == "A"
    assert g.decisions()[0].creature == "b"  # the loser declares first in the AKR
    assert plans.declare_rules(g, "b").must_shift
    assert not plans.declare_rules(g, "a").must_shift
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 4 and g.round_kind() is RoundKind.BETA
    assert g.decisions()[0].creature == "a"
    assert plans.declare_rules(g, "a").must_shift and not plans.declare_rules(g, "b").must_shift


def test_no_ad_no_shift() -> None:
    """G-OPEN-5: at AD 0 a shift is refused."""
    g = duel([], ad=0)
    for _ in range(2):
        for key in list(g.queue):
            g.apply(c.Declare(actor=key, defences=2))
    assert "AD" in plans.declaration_problem(g, "b", 1, 1)


def test_parry_for_an_ally() -> None:
    """G-ATPA-ALLY-1/2, G-OPEN-10: the ally next to the target parries at -30, not when
    the attacked ally declared an AT."""
    g = game(
        [
            ("a", fighter("a"), "A", (5, 5)),
            ("b", fighter("b"), "B", (6, 5)),
            ("c", fighter("c"), "B", (6, 6)),
        ],
        [10, 60, 50, 40, 10],  # a 40 fastest; c 0; b -10 (slowest); a hits b; c parries
    )
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="c", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    hit = g.hits[0]
    ally = next(o for o in defence_plans.defence_options(g, hit) if o.how == "ally")
    assert ally.by == "c" and ally.value == 50 - 30 and not ally.refusal
    g.apply(c.Defend(actor="c", hit=hit.id, how="ally"))
    assert g.fighters["c"].defences_left == 0 or g.kr == 2
    assert any(e.kind == "defend" and e.data["how"] == "ally" for e in g.log)


def test_auto_defence_answers_for_the_side() -> None:
    """The per-seat switch: the built-in rule answers the side's hits (no DEFENCE stop)."""
    g = duel([40, 20])
    g.apply(c.AutoDefence(actor="b", on=True))
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    assert g.kr == 2 and g.phase == DECLARE
    auto = [e for e in g.log if e.kind == "defend"]
    assert auto and auto[0].data["automatic"] and auto[0].data["how"] == "pa"


def test_projectiles_from_one_quadrant_are_dodged_with_one_roll() -> None:
    """G-SHOT-AW-1, G-SHOT-DIR-1/2/3, G-RANGE-DEF-1/2, G-SHOT-E1: AW 64, one roll 25:
    the hit at 1 m in the fight cluster is dodged at 64, the one from 10 m at AW/2 = 32,
    the one from 12 m erschwert um 20 at (64 - 20) / 2 = 22 gets through."""
    target = fighter("t", aw=64, ini=90, pa=10)
    melee = fighter("m", ini=10, weapons=("stein",))
    far = fighter("f", ini=10, weapons=("stein",), kk=20, wtw=10)
    g = game(
        [
            ("t", target, "A", (10, 10)),
            ("m", melee, "B", (10, 9)),
            ("f", far, "B", (10, 0)),
            ("g", far, "B", (11, 0)),
        ],
        # INI t 89, m -40, f -40, g -50; the tie m/f re-rolled 10/20: f before m
        [
            1,
            50,
            50,
            60,
            10,
            20,
            10,
            10,
            10,  # KR 2: the three stones hit
            25,  # t's one dodge roll
            3,
        ],  # the TP of the stone that got through: 3 + (10 + 20) / 10 = 6
        size=(20, 20),
        facing="N",
    )
    assert g.ini_order == ["t", "f", "m", "g"]
    for key in list(g.queue):  # KR 1: the faster t cannot be attacked (G-INI-ROUND-6)
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 2
    g.apply(c.Declare(actor="t", defences=2))
    for key in ("f", "m", "g"):
        g.apply(c.Declare(actor=key, attacks=1, defences=1))
    g.apply(c.Strike(actor="f", target="t"))
    g.apply(c.Strike(actor="m", target="t"))
    g.apply(c.Strike(actor="g", target="t", penalty=20))
    assert g.phase == DEFEND and len(g.hits) == 3
    by = {h.attacker: h for h in g.hits}
    assert {h.quadrant for h in g.hits} == {"front"}
    assert not by["m"].halved and by["f"].halved and by["g"].halved
    g.apply(c.Defend(actor="t", hit=by["m"].id, how="aw"))
    reused = {o.how: o for o in defence_plans.defence_options(g, by["f"])}["aw"]
    assert reused.reused_roll == 25 and reused.value == 32 and reused.chance == 100
    g.apply(c.Defend(actor="t", hit=by["f"].id, how="aw"))
    third = {o.how: o for o in defence_plans.defence_options(g, by["g"])}["aw"]
    assert third.value == 22 and third.chance == 0
    g.apply(c.Defend(actor="t", hit=by["g"].id, how="aw"))
    assert g.kr == 3
    damage = [e for e in g.log if e.kind == "damage"]
    assert len(damage) == 1 and damage[0].data["tp"] == 6 and damage[0].data["attacker"] == "g"
    assert g.fighters["t"].le == 60 - 3


def test_no_weapon_parry_against_shots() -> None:
    """G-RANGE-ENGAGE-3: a shot is not parried with a weapon, only with a shield."""
    g = game(
        [
            ("t", fighter("t", ini=90), "A", (10, 10)),
            ("f", fighter("f", weapons=("stein",)), "B", (10, 2)),
        ],
        [1, 50, 40],
        size=(20, 20),
    )
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    g.apply(c.Declare(actor="t", defences=2))
    g.apply(c.Declare(actor="f", attacks=1, defences=1))
    g.apply(c.Strike(actor="f", target="t"))
    options = {o.how: o for o in defence_plans.defence_options(g, g.hits[0])}
    assert "Schild" in options["pa"].refusal and not options["aw"].refusal


def test_leaving_a_fight_is_declared_and_passive() -> None:
    """G-LEAVE-1/2, G-OPEN-9, G-STATE-PASSIVE-MOVE: walking away from an adjacent enemy
    needs the declared leave; that KR the leaver is passive (no AT, no move), the next it
    walks free. (b, the slowest, is passive in KR 1 and may not move at all.)"""
    g = duel([])
    with pytest.raises(Rejected, match="Fortbewegung"):
        g.apply(c.Declare(actor="b", defences=2, path=((7, 5),)))
    g.apply(c.Declare(actor="b", defences=2))
    with pytest.raises(Rejected, match="Kampfausstieg"):
        g.apply(c.Declare(actor="a", defences=2, path=((4, 5),)))
    with pytest.raises(Rejected, match="passiv"):
        g.apply(c.Declare(actor="a", defences=2, leave=True, path=((4, 5),)))
    g.apply(c.Declare(actor="a", defences=2, leave=True))
    assert g.kr == 2 and g.fighters["a"].released
    g.apply(c.Declare(actor="a", defences=2, path=((4, 5), (3, 5))))
    g.apply(c.Declare(actor="b", defences=2))
    assert g.fighters["a"].cell == (3, 5)


def test_weapon_change_takes_two_kr() -> None:
    """G-SWAP, G-OPEN-9: a weapon change takes 2 KR, with PA/AW but no AT meanwhile."""
    g = duel([], weapons=("schwert", "axt"))
    g.apply(c.Declare(actor="b", defences=2, swap_to="axt"))
    g.apply(c.Declare(actor="a", defences=2))
    assert g.fighters["b"].weapon == "schwert" and g.fighters["b"].swap_left == 1
    assert "Waffenwechsel" in plans.declaration_problem(g, "b", 1, 1)
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.fighters["b"].weapon == "axt"


def test_checkpoint_and_snapshot() -> None:
    """A checkpoint resumes to the same state; the snapshot is plain JSON."""
    g = duel([40, 50, 1, 1, 1, 1])
    g.apply(c.Declare(actor="b", defences=2))
    point = g.checkpoint()
    copy = g.resume(point)
    assert copy.snapshot() == g.snapshot()
    json.dumps(g.snapshot())
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    assert copy.snapshot() != g.snapshot()


def test_timeless_shooters_skip_kr1_and_take_the_malus() -> None:
    """G-INI-RANGED-1/2, G-INI-MALUS-1, G-OPEN-14: a shooter not in melee rolls no INI
    and does not act in KR 1; the first INI-KR does not count for it."""
    g = game(
        [
            ("a", fighter("a"), "A", (2, 2)),
            ("s", ARCHER, "A", (2, 8)),
            ("b", fighter("b"), "B", (15, 2)),
        ],
        [10, 50],
    )
    assert g.timeless == frozenset({"s"}) and "s" not in g.ini_order
    assert "s" not in g.queue
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 2 and "s" in g.queue
