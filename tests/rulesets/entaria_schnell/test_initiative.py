"""Initiative in blocks (Q-INIT-*, Q-OPEN-1..4, D-14)."""

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.entaria_schnell.rules.initiative import (
    INITIATIVE_TARGET,
    InitGroup,
    block_order,
    extra_half_actions,
    initiative_impulse,
    next_round_order,
    roll_block_initiative,
)


def test_q_init_1_roll_is_base_initiative_vs_zw_15() -> None:
    """Q-INIT-1, Q-OPEN-4: d20 + base initiative against ZW 15; 15 succeeds, 14 fails."""
    assert INITIATIVE_TARGET == 15
    hit = roll_block_initiative(5, ScriptedRoller([10]))
    miss = roll_block_initiative(5, ScriptedRoller([9]))
    assert hit.roll.total == 15 and hit.roll.success
    assert miss.roll.total == 14 and not miss.roll.success


def test_q_init_1_natural_1_fails_whatever_the_base() -> None:
    """Q-INIT-1, Q-OPEN-4: a natural 1 is a failure even with a huge base."""
    result = roll_block_initiative(30, ScriptedRoller([1]))
    assert result.failed and result.group is InitGroup.AFTER_ENEMIES


def test_q_init_2_q_init_4_q_init_6_blocks_in_order() -> None:
    """Q-INIT-2, Q-INIT-4, Q-INIT-6: successes, then enemies, then failures."""
    results = {
        "anna": roll_block_initiative(5, ScriptedRoller([3])),  # 8: fails
        "ben": roll_block_initiative(5, ScriptedRoller([12])),  # 17: succeeds
        "cleo": roll_block_initiative(0, ScriptedRoller([15])),  # 15: succeeds
    }
    order = block_order(results, ["orc1", "orc2"])
    assert order.turns == ("ben", "cleo", "orc1", "orc2", "anna")
    assert order.block_of("anna") is InitGroup.AFTER_ENEMIES
    assert order.block_of("ben") is InitGroup.BEFORE_ENEMIES
    assert order.block_of("orc1") is None


def test_q_init_2_successes_choose_their_order() -> None:
    """Q-INIT-2: the successful characters agree their own order; it must name each once."""
    results = {
        "ben": roll_block_initiative(5, ScriptedRoller([12])),
        "cleo": roll_block_initiative(5, ScriptedRoller([12])),
    }
    order = block_order(results, ["orc"], successes_order=["cleo", "ben"])
    assert order.before == ("cleo", "ben")
    with pytest.raises(ValueError):
        block_order(results, ["orc"], successes_order=["cleo"])
    with pytest.raises(ValueError):
        block_order(results, ["orc"], successes_order=["cleo", "cleo"])


def test_q_init_5_enemies_in_gm_order() -> None:
    """Q-INIT-5: the GM sets the enemies' order, whatever it is."""
    results = {"ben": roll_block_initiative(5, ScriptedRoller([12]))}
    order = block_order(results, ["orc3", "orc1", "orc2"])
    assert order.enemies == ("orc3", "orc1", "orc2")


def test_q_init_7_failures_act_after_enemies() -> None:
    """Q-INIT-7: every failed character comes after the last enemy."""
    results = {
        "anna": roll_block_initiative(0, ScriptedRoller([2])),
        "dora": roll_block_initiative(0, ScriptedRoller([4])),
    }
    order = block_order(results, ["orc"], failures_order=["dora", "anna"])
    assert order.turns == ("orc", "dora", "anna")


def test_q_init_3_natural_20_extra_half_in_round_one_only() -> None:
    """Q-INIT-3, Q-OPEN-4: a natural 20 gives one extra HH once, in round 1."""
    crit = roll_block_initiative(0, ScriptedRoller([20]))
    plain = roll_block_initiative(10, ScriptedRoller([19]))
    assert extra_half_actions(crit, 1) == 1
    assert extra_half_actions(crit, 2) == 0
    assert extra_half_actions(plain, 1) == 0
    with pytest.raises(ValueError):
        extra_half_actions(crit, 0)


def test_d14_q_init_9_natural_1_still_feeds_the_pool() -> None:
    """D-14, Q-INIT-9: the natural 1 on initiative gives the group its Impuls."""
    fumble = roll_block_initiative(5, ScriptedRoller([1]))
    assert fumble.failed
    assert initiative_impulse(fumble) == 1
    assert initiative_impulse(roll_block_initiative(5, ScriptedRoller([20]))) == 1
    assert initiative_impulse(roll_block_initiative(5, ScriptedRoller([12]))) == 0


def test_q_init_10_next_round_keeps_the_blocks() -> None:
    """Q-INIT-10, Q-OPEN-1 A: a new round begins without a new roll; nobody changes block."""
    results = {
        "anna": roll_block_initiative(0, ScriptedRoller([2])),
        "ben": roll_block_initiative(5, ScriptedRoller([12])),
        "cleo": roll_block_initiative(5, ScriptedRoller([12])),
    }
    first = block_order(results, ["orc"])
    second = next_round_order(first, successes_order=["cleo", "ben"])
    assert second.before == ("cleo", "ben") and second.after == ("anna",)
    assert next_round_order(first) == first
    with pytest.raises(ValueError):
        next_round_order(first, successes_order=["anna", "ben"])
