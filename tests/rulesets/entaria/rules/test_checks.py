"""Dice and success rolls: E-CORE-*, D-2, D-3."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import DiceExhausted, RandomRoller, Roller, ScriptedRoller, roll_dice
from game.rulesets.entaria.rules.checks import (
    Crit,
    Roll,
    automatic_failure,
    check_against_save,
    impulse_gain,
    net_edge,
    saving_throw,
    success_roll,
)
from game.rulesets.entaria.rules.terms import Attribute


def test_scripted_roller_hands_out_values_in_order_then_is_exhausted() -> None:
    roller = ScriptedRoller([3, 20, 1])
    assert [roller.roll(20), roller.roll(20), roller.roll(6)] == [3, 20, 1]
    with pytest.raises(DiceExhausted):
        roller.roll(6)


def test_scripted_roller_rejects_a_value_that_is_not_a_face() -> None:
    with pytest.raises(ValueError, match="d6"):
        ScriptedRoller([7]).roll(6)


def test_random_roller_is_reproducible_per_seed_and_has_no_shared_state() -> None:
    a, b = RandomRoller(7), RandomRoller(7)
    first = [a.roll(20) for _ in range(50)]
    RandomRoller(8).roll(20)  # another stream does not disturb these
    assert first == [b.roll(20) for _ in range(50)]
    assert all(1 <= v <= 20 for v in first)
    assert isinstance(a, Roller)


def test_roll_dice_counts() -> None:
    assert roll_dice(ScriptedRoller([1, 2, 3]), 3, 6) == (1, 2, 3)


def test_e_core_roll_1_and_2_total_against_target() -> None:
    """E-CORE-ROLL-1, E-CORE-ROLL-2, E-CORE-WM-1, E-CORE-EW-1: d20 + EW + WM >= ZW succeeds."""
    hit = success_roll(4, 15, ScriptedRoller([9]), modifier=2)
    assert hit == Roll(dice=(9,), kept=9, total=15, target=15, success=True, crit=None)
    miss = success_roll(4, 15, ScriptedRoller([9]), modifier=1)
    assert miss.total == 14 and miss.success is False


def test_e_core_wm_negative_modifier_subtracts() -> None:
    """E-CORE-WM-1: a negative WM is subtracted."""
    assert success_roll(5, 10, ScriptedRoller([6]), modifier=-2).total == 9


def test_e_core_dis_1_nachteil_keeps_lowest() -> None:
    """E-CORE-DIS-1, D-2: Nachteil rolls a second d20 and keeps the lowest."""
    roll = success_roll(8, None, ScriptedRoller([11, 18]), edge=-1)
    assert roll.dice == (11, 18) and roll.kept == 11 and roll.total == 19


def test_e_core_adv_1_vorteil_keeps_highest() -> None:
    """E-CORE-ADV-1, D-2: Vorteil rolls a second d20 and keeps the highest."""
    roll = success_roll(0, 10, ScriptedRoller([4, 12]), edge=1)
    assert roll.kept == 12 and roll.success is True


def test_e_core_advdis_1_vorteil_cancels_nachteil() -> None:
    """E-CORE-ADVDIS-1, D-2: one Vorteil and one Nachteil give a normal roll of one d20."""
    edge = net_edge(advantages=1, disadvantages=1)
    assert edge == 0
    roller = ScriptedRoller([7, 19])
    roll = success_roll(0, 10, roller, edge=edge)
    assert roll.dice == (7,) and roller.remaining == 1


def test_d2_twice_nachteil_rolls_three_and_keeps_lowest() -> None:
    """D-2, E-RANGE-EXTREM: "zweimal Nachteil" is edge -2: three d20, the lowest counts."""
    roll = success_roll(0, None, ScriptedRoller([15, 3, 9]), edge=net_edge(0, 2))
    assert roll.dice == (15, 3, 9) and roll.kept == 3


def test_d2_edges_are_counted_not_binary() -> None:
    """D-2: two Vorteile and one Nachteil leave one Vorteil."""
    assert net_edge(2, 1) == 1
    with pytest.raises(ValueError):
        net_edge(-1, 0)


def test_e_core_crit_2_natural_20_always_succeeds() -> None:
    """E-CORE-CRIT-2, D-3: a kept 20 succeeds whatever the total and is a critical success."""
    roll = success_roll(-30, 30, ScriptedRoller([20]))
    assert roll.success is True and roll.crit is Crit.SUCCESS and roll.is_critical_success


def test_e_core_crit_1_natural_1_always_fails() -> None:
    """E-CORE-CRIT-1, D-3: a kept 1 fails whatever the total and is a critical failure."""
    roll = success_roll(40, 5, ScriptedRoller([1]))
    assert roll.success is False and roll.crit is Crit.FAILURE and roll.is_critical_failure


def test_d3_crit_read_from_kept_die_only() -> None:
    """D-2, D-3 (E-OPEN-2 A): a discarded 20 under Nachteil is no crit."""
    roll = success_roll(0, 10, ScriptedRoller([20, 5]), edge=-1)
    assert roll.kept == 5 and roll.crit is None and roll.success is False
    roll = success_roll(0, 10, ScriptedRoller([1, 12]), edge=1)
    assert roll.kept == 12 and roll.crit is None


def test_open_roll_has_no_success_but_crit() -> None:
    """D-3: target None (initiative) gives success None; the crit is still read."""
    roll = success_roll(8, None, ScriptedRoller([20]))
    assert roll.success is None and roll.crit is Crit.SUCCESS


def test_saving_throw_and_check_against_save_are_checks() -> None:
    """E-CORE-SAVE-1: a check against a creature's Rettungswert uses it as the ZW."""
    assert saving_throw(3, 15, ScriptedRoller([12])).success is True
    roll = check_against_save(5, 14, ScriptedRoller([8]))
    assert roll.target == 14 and roll.success is False


def test_e_core_zw_range_is_data_only() -> None:
    """E-CORE-ZW-1: ZW between 5 and 30; a roll still works at both ends."""
    assert success_roll(0, 5, ScriptedRoller([5])).success is True
    assert success_roll(10, 30, ScriptedRoller([19])).success is False


def test_automatic_failure_rolls_nothing() -> None:
    """E-COND-BLIND-2 (E-OPEN-31 A): an automatic failure makes no roll and no crit."""
    roll = automatic_failure(15)
    assert roll.success is False and roll.dice == () and roll.crit is None


def test_e_imp_3_crits_of_player_characters_feed_the_pool() -> None:
    """E-IMP-3, D-3 (E-OPEN-3 A): each crit by a player character adds one Impuls."""
    crit = success_roll(0, 15, ScriptedRoller([20]))
    fumble = success_roll(0, 15, ScriptedRoller([1]))
    plain = success_roll(0, 15, ScriptedRoller([10]))
    assert impulse_gain(crit, rolled_by_player_character=True) == 1
    assert impulse_gain(fumble, rolled_by_player_character=True) == 1
    assert impulse_gain(plain, rolled_by_player_character=True) == 0
    assert impulse_gain(crit, rolled_by_player_character=False) == 0


def test_e_core_attr_1_eight_attributes() -> None:
    """E-CORE-ATTR-1, E-CORE-ATTR-2: exactly eight attributes serve as success values."""
    assert len(Attribute) == 8
    assert {a.value for a in Attribute} >= {"Konstitution", "Fernkampf", "Nahkampf"}


@settings(max_examples=200, deadline=None)
@given(
    value=st.integers(-10, 20),
    target=st.integers(5, 30),
    edge=st.integers(-3, 3),
    modifier=st.integers(-5, 5),
    dice=st.lists(st.integers(1, 20), min_size=4, max_size=4),
)
def test_success_roll_properties(
    value: int, target: int, edge: int, modifier: int, dice: list[int]
) -> None:
    """D-2, D-3: 1+|edge| dice, kept is max/min, success follows the total except crits."""
    roll = success_roll(value, target, ScriptedRoller(dice), edge=edge, modifier=modifier)
    used = tuple(dice[: 1 + abs(edge)])
    assert roll.dice == used
    assert roll.kept == (max(used) if edge > 0 else min(used))
    assert roll.total == roll.kept + value + modifier
    if roll.kept == 20:
        assert roll.success is True
    elif roll.kept == 1:
        assert roll.success is False
    else:
        assert roll.success is (roll.total >= target)
