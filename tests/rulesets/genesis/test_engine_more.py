"""More of the Genesis engine: surplus attacks, reloading, encirclement, the TP layers."""

from __future__ import annotations

from game.rulesets.genesis import commands as c
from game.rulesets.genesis import defence_plans, plans
from tests.rulesets.genesis.engine_fixtures import ARCHER, fighter, game
from tests.rulesets.genesis.test_engine import _with_weapon, duel


def test_surplus_attacks_after_the_felling_one_are_withheld() -> None:
    """G-SURPLUS-1/2/3/4, G-OPEN-20: a's second hit after the one that fells b is withheld;
    a chooses what it becomes (a REACTION decision): a heavy AT gives +4 AD, +20 on one
    action within 2 KR, or +20 % run speed for 10 s."""
    from game.match.decisions import DecisionKind

    for option in ("ad", "bonus", "speed"):
        g = game(
            [("a", fighter("a", ad=30), "A", (5, 5)), ("b", fighter("b", ws=100), "B", (6, 5)),
             ("c", fighter("c"), "B", (12, 5))],
            [10, 50, 70, 20, 20, 64, 99],  # a 40, b 0, c -20; two hits; 61 SP fell b
        )  # fmt: skip
        g.catalogue = _with_weapon(g, "fest", dice=1, sides=64, weight="heavy")
        g.fighters["a"].weapon = "fest"
        g.fighters["a"].ad = 20
        g.apply(c.Declare(actor="c", defences=2))
        g.apply(c.Declare(actor="b", defences=0))
        g.apply(c.Declare(actor="a", attacks=2))
        g.apply(c.Strike(actor="a", target="b"))
        g.apply(c.Strike(actor="a", target="b"))
        assert [e.kind for e in g.log].count("surplus") == 1
        assert g.fighters["b"].le == 60 - 61  # the second hit was withheld
        decision = g.decisions()[0]
        assert decision.kind is DecisionKind.REACTION and decision.creature == "a"
        g.apply(c.Surplus(actor="a", option=option))
        a = g.fighters["a"]
        assert g.kr == 2
        if option == "ad":
            assert a.ad == 24
        elif option == "bonus":
            assert a.bonus_tokens == 1 and a.bonus_until_kr == 3
        else:
            assert a.speed_until_kr == 6
            assert plans.declare_rules(g, "a").budget == int(3.0 * 2 * 1.2)


def test_a_crossbow_reloads_for_a_kr_after_a_shot() -> None:
    """G-RELOAD-1, G-RANGE-DIST-1: a crossbow of reload 1 KR shoots in KR 2, reloads in
    KR 3 (no shot then) and shoots again from KR 4."""
    g = game(
        [("s", ARCHER, "A", (2, 2)), ("b", fighter("b"), "B", (12, 2))],
        [50],  # b 0; s shoots from KR 2 (no INI: timeless in KR 1)
    )
    g.roller._values.extend([10, 3])  # type: ignore[attr-defined]  KR 2: s hits; TP 3 + 3
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 2
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="s", attacks=1, defences=1))
    g.apply(c.Strike(actor="s", target="b"))
    assert g.fighters["s"].reload_left == 1
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    assert g.fighters["b"].le < 60
    assert g.kr == 3 and g.fighters["s"].reload_left == 1  # the reload begins after the shot
    g.apply(c.Declare(actor="s", attacks=1, defences=1))  # B's AKR: A declares first
    assert "lädt nach" in plans.strike_plan(g, "s", "b").refusal
    g.apply(c.Declare(actor="b", defences=2))
    assert g.kr == 4 and g.fighters["s"].reload_left == 0


def test_at_most_six_melee_attackers_on_one_target() -> None:
    """G-SURROUND-1/2, G-OPEN-10: a seventh melee attacker is refused, a reach weapon not."""
    g = duel([])
    g.melee_attackers["b"] = {"x1", "x2", "x3", "x4", "x5", "x6"}
    g.fighters["a"].attacks_left = 1
    g.kr = 3
    assert "sechs" in plans.strike_plan(g, "a", "b").refusal
    g.catalogue = _with_weapon(g, "schwert", reach=2)
    assert not plans.strike_plan(g, "a", "b").refusal


def test_tp_percentages_compound_passive_enhancement_active() -> None:
    """G-PCT-1/2, G-PCT-E1, G-BONUS-PASSIVE-1, G-BONUS-ENH-1, G-BONUS-ACTIVE-1: TP 50 with a
    +10 % weapon, a +20 % enhancement and a +50 % Megaschlag: 50 -> 55 -> 66 -> 99."""
    g = duel([40, 50], enhancement_tp_percent=20, megaschlag=50, ws=200, le=300)
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=50, tp_percent=10)
    g.fighters["a"].weapon = "fest"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Strike(actor="a", target="b", mega=True))
    assert "Megaschlag" in plans.strike_plan(g, "a", "b", mega=True).refusal  # one per KR
    g.apply(c.EndStrikes(actor="a"))
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="none"))
    damage = next(e for e in g.log if e.kind == "damage")
    assert damage.data["tp"] == 99


def test_the_helmet_is_not_part_of_the_total_rs() -> None:
    """G-ARMOR-HELMET, G-ARMOR-SLOTS, G-DMG-2: the helmet's RS does not count."""
    from game.rulesets.genesis.resolution import total_rs

    g = duel([], armour=("leder", "helm", "schild"))
    assert total_rs(g, "a") == 3 + 1


def test_a_shield_adds_to_the_parry() -> None:
    """G-ARMOR-SHIELD-2: the shield's PA bonus is in the parry value."""
    g = duel([40], armour=("leder", "schild"))
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    options = {o.how: o for o in defence_plans.defence_options(g, g.hits[0])}
    assert options["pa"].value == 50 + 10


def test_strikes_and_defences_go_side_by_side() -> None:
    """G-TIME-SIMUL, G-PHASE-EXEC-1/2: since all ATs of a KR take effect together, they are
    struck one side after the other and each side answers all its hits at once (one
    handover per side at a hot-seat table)."""
    g = game(
        [
            ("a1", fighter("a1"), "A", (1, 1)),
            ("b1", fighter("b1"), "B", (2, 1)),
            ("a2", fighter("a2"), "A", (1, 3)),
            ("b2", fighter("b2"), "B", (2, 3)),
        ],
        [10, 20, 30, 40, 5, 5, 5, 1, 1, 1],
    )
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 2 and g.queue == ["a1", "b1", "a2", "b2"]
    for key in ("a1", "b1", "a2"):
        g.apply(c.Declare(actor=key, attacks=1, defences=1))
    g.apply(c.Declare(actor="b2", defences=2))
    assert g.queue == ["a1", "a2", "b1"]
    g.apply(c.Strike(actor="a1", target="b1"))
    g.apply(c.Strike(actor="a2", target="b2"))
    g.apply(c.Strike(actor="b1", target="a1"))
    sides = []
    while g.kr == 2:
        decision = g.decisions()[0]
        sides.append(decision.side)
        hit = g.open_hits(decision.side)[0]
        g.apply(c.Defend(actor=hit.target, hit=hit.id, how="none"))
    assert sides == ["B", "B", "A"]  # B struck last: its seat defends first


def test_a_thrown_stone_leaves_the_hand() -> None:
    """G-THROW-1/4: the stone thrown is gone; bare hands until a weapon change (G-SWAP)."""
    import pytest

    from game.rulesets.genesis.engine import Rejected

    g = duel([40, 99, 3], weapons=("stein", "schwert"))  # hit; AW 99 fails; TP 3 + 2
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=1, defences=1))
    g.apply(c.Strike(actor="a", target="b"))
    assert g.fighters["a"].weapon == "" and g.fighters["a"].gone == ["stein"]
    g.apply(c.Defend(actor="b", hit=g.hits[0].id, how="aw"))
    assert g.kr == 2
    with pytest.raises(Rejected):
        g.apply(c.Declare(actor="a", defences=2, swap_to="stein"))
    g.apply(c.Declare(actor="a", defences=2, swap_to="schwert"))
    assert g.fighters["a"].swap_to == "schwert"


def test_throwing_weapons_come_in_sets() -> None:
    """G-TWPN-2/3/4/5/6, G-TWPN-E1: GW 2.5 holds a set of three axes, 1.5 thrown in one KR
    and 1 in the other, without shifting; the used-up set is redrawn in one KR (G-OPEN-8 a)."""
    import pytest

    from game.rulesets.genesis.engine import Rejected

    g = duel([99, 99, 99], gw=2.5, weapons=("wurfaxt",))  # every throw misses
    assert g.fighters["a"].set_left == 3
    g.apply(c.Declare(actor="b", defences=1))
    g.apply(c.Declare(actor="a", attacks=1.5))
    g.apply(c.Strike(actor="a", target="b"))
    g.apply(c.Strike(actor="a", target="b"))  # the half action
    assert g.fighters["a"].set_left == 1 and g.kr == 2
    assert not plans.declare_rules(g, "a").must_shift  # attacked in KR 1, yet no shift
    g.apply(c.Declare(actor="a", attacks=1))
    g.apply(c.Declare(actor="b", defences=1.5))
    g.apply(c.Strike(actor="a", target="b"))
    assert g.fighters["a"].set_left == 0 and g.fighters["a"].ad == 30 and g.kr == 3
    g.apply(c.Declare(actor="b", defences=1.5))
    g.fighters["a"].attacks_left = 1
    assert "Satz" in plans.strike_plan(g, "a", "b").refusal
    g.fighters["a"].attacks_left = 0
    g.apply(c.Declare(actor="a", defences=1, swap_to="wurfaxt"))  # one KR, not two
    assert g.kr == 4 and g.fighters["a"].set_left == 3 and g.fighters["a"].swap_left == 0
    g.apply(c.Declare(actor="a", defences=1))
    with pytest.raises(Rejected, match="nicht verbraucht"):
        g.apply(c.Declare(actor="b", defences=1, swap_to="wurfaxt"))


def test_no_attack_in_the_own_attack_round_is_a_verzicht() -> None:
    """G-STATE-WAIVE-1/2: who strikes no AT in its regular AT round waives; it may still
    move (unlike a passive fighter)."""
    g = duel([])
    for _ in range(2):
        for key in list(g.queue):
            g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 3 and g.ini_winner == "A"
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", defences=2))
    declared = [e for e in g.log if e.kind == "declare" and e.data["kr"] == 3]
    assert [e.data["waive"] for e in declared] == [False, True]
    assert "verzichtet" in declared[1].de


def test_a_re_rolled_tie_decides_who_may_attack_in_kr1() -> None:
    """G-INI-ROUND-3/6: after a tie the re-roll's order decides; the faster may attack."""
    g = game([("a", fighter("a"), "A", (5, 5)), ("b", fighter("b"), "B", (5, 6))], [30, 30, 10, 20])
    assert g.ini_order == ["b", "a"] and g.fighters["a"].ini == g.fighters["b"].ini
    g.apply(c.Declare(actor="a", defences=2))
    g.apply(c.Declare(actor="b", attacks=2))
    assert not plans.strike_plan(g, "b", "a").refusal


def test_commands_out_of_their_phase_and_bad_numbers_are_refused() -> None:
    """A Defend while striking, a Surplus with none waiting, NaN counts: Rejected."""
    import pytest

    from game.rulesets.genesis.engine import Rejected

    g = duel([40])
    with pytest.raises(Rejected):
        g.apply(c.Surplus(actor="b", option="ad"))
    with pytest.raises(Rejected):
        g.apply(c.Declare(actor="b", attacks=float("nan")))
    with pytest.raises(Rejected):
        g.apply(c.Declare(actor="b", defences=float("inf")))
    g.apply(c.Declare(actor="b", defences=2))
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Strike(actor="a", target="b"))
    assert g.phase == "strike"
    with pytest.raises(Rejected):
        g.apply(c.Defend(actor="a", hit=1, how="pa"))


def test_the_throwing_specialist_throws_stones_better() -> None:
    """G-THROW-SPEC-1/2, G-OPEN-18: AT bonus 20 instead of 10, +1W6 TP, two per half-KR."""
    g = duel([], weapons=("stein",), throwing_specialist=True, kk=12, wtw=10)
    g.fighters["a"].attacks_left = 1
    g.fighters["b"].cell = (9, 5)
    plan = plans.strike_plan(g, "a", "b")
    assert dict(plan.modifiers)["Waffe"] + dict(plan.modifiers)["Wurfwaffenspezialist"] == 20
    from game.board.dice import ScriptedRoller
    from game.rulesets.genesis.resolution import roll_tp

    g.roller = ScriptedRoller([3, 4])
    tp, dice = roll_tp(g, "a", g.catalogue.weapons["stein"])
    assert (tp, dice) == (3 + 2 + 4, (3, 4))  # 1W + (10 + 12) / 10 + 1W6


def test_a_shooter_in_melee_whose_side_lost_the_ini_does_not_shoot() -> None:
    """G-INI-RANGED-4, G-OPEN-14: drawn into melee and not the INI winner: no shot, no
    reloading."""
    g = game(
        [("f", fighter("f"), "A", (5, 5)), ("s", ARCHER, "B", (6, 5))],
        [10, 60],  # f 40, s (shooter, engaged: rolls INI with -10) -15: A wins the INI
    )
    assert "s" not in g.timeless and g.ini_winner == "A"
    g.fighters["s"].attacks_left = 1
    g.kr = 2
    assert "Initiative verloren" in plans.strike_plan(g, "s", "f").refusal
    assert not plans.may_reload(g, "s")


def test_a_hit_is_surplus_only_when_the_target_really_falls() -> None:
    """G-OPEN-20, G-LE-SB-1: the Selbstbeherrschung test comes when the LE first falls below
    15 %; its X keeps the target fighting, so the next hit is not surplus but lands."""
    g = game(
        [("a", fighter("a"), "A", (5, 5)), ("t", fighter("t"), "B", (6, 5))],
        [10, 60, 5, 5, 9, 10, 9],  # a hits twice; TP 9 - RS 3 = 6; SB 10 <= 40: X = 4
    )
    g.catalogue = _with_weapon(g, "fest", dice=1, sides=9)
    g.fighters["a"].weapon = "fest"
    g.fighters["t"].le = 13
    g.apply(c.Declare(actor="t", defences=0))
    g.apply(c.Declare(actor="a", attacks=2))
    g.apply(c.Strike(actor="a", target="t"))
    g.apply(c.Strike(actor="a", target="t"))
    kinds = [e.kind for e in g.log]
    assert "surplus" not in kinds and kinds.count("damage") == 2
    assert g.fighters["t"].self_control_x == 4 and g.fighters["t"].le == 1
    assert g.fighters["t"].life == "unconscious"  # 1 < 9 - 4


def test_a_fighter_joins_the_fight_later() -> None:
    """G-JOIN-1/2/3/4/5: a fighter of side A joins in KR 4 (A's PA round: A won the INI):
    it rolled no INI, is no target and declares nothing before; in KR 4 it declares in
    its side's schedule with the whole KR's share and attacks without shifting; in its
    next AT round (KR 5) attacking costs a shift."""
    late = fighter("late", joins_kr=4)
    g = game(
        [("a", fighter("a"), "A", (5, 5)), ("b", fighter("b"), "B", (6, 5)),
         ("late", late, "A", (7, 6))],
        [10, 60],  # a 40, b -10 (the slowest): A wins the INI; late rolls none
    )  # fmt: skip
    assert "late" not in g.ini_order and g.ini_winner == "A"
    for _ in range(3):  # KR 1-3: late is no part of it
        assert "late" not in g.queue
        g.fighters["b"].attacks_left = 1
        assert "nicht im Kampf" in plans.strike_plan(g, "b", "late").refusal
        g.fighters["b"].attacks_left = 0
        for key in list(g.queue):
            g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 4 and "late" in g.queue  # KR 4: B's BKR, A's PA round
    assert plans.shares_now(g, "late") == (2.0,)  # the whole KR's share (GW 4: 2 + 2)
    rules = plans.declare_rules(g, "late")
    assert rules.may_attack and not rules.must_shift  # G-JOIN-4
    assert plans.declare_rules(g, "a").must_shift  # a is in its PA round as usual
    for key in list(g.queue):
        g.apply(c.Declare(actor=key, defences=2))
    assert g.kr == 5  # A's AKR: the joiner pays the shift in its first AT round (G-JOIN-5)
    assert plans.declare_rules(g, "late").must_shift
    assert not plans.declare_rules(g, "a").must_shift
