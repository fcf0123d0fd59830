"""Genesis scheduling details: each test names its G- rule ID."""

from __future__ import annotations

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import schedule


def test_g_ini_round_7_no_shift_in_kr1() -> None:
    """G-INI-ROUND-7: no shifting in the first INI-KR; possible later."""
    assert not schedule.may_shift(1)
    assert schedule.may_shift(2)


def test_g_ini_open_4_kr1_attackers_shift_in_kr2() -> None:
    """G-INI-OPEN-4: KR 1 attackers must shift in KR 2; the passive ones need not."""
    assert schedule.must_shift_in_ini2(True)
    assert not schedule.must_shift_in_ini2(False)


def test_g_ini_round_3_ties_rerolled() -> None:
    """G-INI-ROUND-3: a tie is re-rolled until the order is fixed (a second tie too)."""
    roller = ScriptedRoller([40, 40, 10, 70])
    assert schedule.break_ties({"A": 20, "B": 20, "C": 30}, roller) == ["C", "B", "A"]
    assert roller.remaining == 0


def test_g_join_5_shift_after_joining_in_parry_round() -> None:
    """G-JOIN-4 / G-JOIN-5 / G-JOIN-6: joining in the PA round costs a shift next AT round."""
    assert schedule.joiner_must_shift(True, True)
    assert not schedule.joiner_must_shift(False, True)
    assert not schedule.joiner_must_shift(True, False)


def test_g_range_engage_3_no_weapon_parry_against_shots() -> None:
    """G-RANGE-ENGAGE-3 / G-RANGE-MELEE-1: dodge or shield parry only, halved or not."""
    assert schedule.ranged_defences(has_shield=False) == {"dodge"}
    assert schedule.ranged_defences(has_shield=True) == {"dodge", "shield_parry"}
