"""The Vergleichsprobe and the initiative order (W-ATK-*, W-INIT-*, D-15)."""

from __future__ import annotations

import pytest

from game.board.dice import DiceExhausted, RandomRoller, ScriptedRoller
from game.rulesets.wrs.rules.comparison import (
    Side,
    attacker_wins,
    compare,
    initiative_order,
)


@pytest.mark.rule("W-ATK-2", "W-ATK-3", "D-15")
def test_higher_margin_hits() -> None:
    # attacker PW 50 rolls 20 (margin 30), defender PW 60 rolls 50 (margin 10)
    result = compare(50, 60, ScriptedRoller([20, 50]))
    assert result.attacker.margin == 30
    assert result.defender.margin == 10
    assert result.attacker_wins


@pytest.mark.rule("W-ATK-4", "D-15")
def test_tie_goes_to_the_defender() -> None:
    # margins 50-30=20 and 70-50=20
    assert not compare(50, 70, ScriptedRoller([30, 50])).attacker_wins


@pytest.mark.rule("W-ATK-4", "D-15")
def test_defender_with_higher_margin_dodges_or_blocks() -> None:
    assert not compare(50, 50, ScriptedRoller([40, 10])).attacker_wins


@pytest.mark.rule("W-ATK-3", "D-15")
def test_margins_may_be_negative_and_pw_is_not_clamped() -> None:
    # both fail: attacker 30-90=-60, defender 10-95=-85 -> attacker still wins (reading a)
    assert compare(30, 10, ScriptedRoller([90, 95])).attacker_wins
    # PW above 100: margin 130-100 = 30 > defender's 20-1 = 19
    assert compare(130, 20, ScriptedRoller([100, 1])).attacker_wins


@pytest.mark.rule("W-ATK-3", "D-15")
def test_optional_attacker_success_flag() -> None:
    attacker, defender = Side(30, 90), Side(10, 95)
    assert attacker_wins(attacker, defender)
    assert not attacker_wins(attacker, defender, require_attacker_success=True)


@pytest.mark.rule("W-ATK-2", "D-15")
def test_no_special_faces_on_1_or_100() -> None:
    # a 1 is not an automatic win, a 100 not an automatic loss: only margins count
    assert not compare(10, 90, ScriptedRoller([1, 50])).attacker_wins  # 9 < 40
    assert compare(120, 10, ScriptedRoller([100, 50])).attacker_wins  # 20 > -40


@pytest.mark.rule("W-ATK-1", "W-ATK-2", "D-15")
def test_compare_rolls_exactly_two_d100_attacker_first() -> None:
    roller = ScriptedRoller([5, 6])
    result = compare(40, 30, roller)
    assert roller.rolled == [(100, 5), (100, 6)]
    # the first side is the one carrying out the attack, the second its target
    assert result.attacker == Side(40, 5)
    assert result.defender == Side(30, 6)


@pytest.mark.rule("W-INIT-1", "W-INIT-2", "D-15")
def test_initiative_orders_by_margin_high_first() -> None:
    # margins: a 60-10=50, b 70-60=10, c 40-10=30
    order = initiative_order({"a": 60, "b": 70, "c": 40}, ScriptedRoller([10, 60, 10]))
    assert order == ["a", "c", "b"]


@pytest.mark.rule("W-INIT-2", "D-15")
def test_initiative_ties_reroll_among_the_tied_and_keep_their_place() -> None:
    # margins a 20, b 20, c 30, d 0 -> c first, {a,b} re-roll (a 50-45=5, b 50-5=45), d last
    roller = ScriptedRoller([30, 30, 20, 50, 45, 5])
    order = initiative_order({"a": 50, "b": 50, "c": 50, "d": 50}, roller)
    assert order == ["c", "b", "a", "d"]
    assert roller.remaining == 0


@pytest.mark.rule("W-INIT-2", "D-15")
def test_initiative_refuses_a_roller_that_never_breaks_ties() -> None:
    class Always:
        def roll(self, sides: int) -> int:
            return 50

    with pytest.raises(ValueError, match="ties did not resolve"):
        initiative_order({"a": 40, "b": 40}, Always(), max_rerolls=5)


@pytest.mark.rule("W-INIT-1", "W-INIT-3")
def test_initiative_is_one_fixed_order_of_all_participants() -> None:
    minds = {f"c{i}": 30 + i for i in range(8)}
    order = initiative_order(minds, RandomRoller(7))
    assert sorted(order) == sorted(minds)
    # the same seed gives the same order (injected dice, no global random)
    assert initiative_order(minds, RandomRoller(7)) == order


@pytest.mark.rule("W-INIT-1")
def test_initiative_of_one_or_none_rolls_nothing() -> None:
    assert initiative_order({"solo": 50}, ScriptedRoller([])) == ["solo"]
    assert initiative_order({}, ScriptedRoller([])) == []
    with pytest.raises(DiceExhausted):
        initiative_order({"a": 1, "b": 2}, ScriptedRoller([]))
