"""Genesis surplus attacks: each test names its G- rule ID."""

from __future__ import annotations

from game.rulesets.genesis.rules import damage, surplus
from game.rulesets.genesis.rules.surplus import SurplusOption

BOUNDS = damage.limits(60)  # unconscious below 9, fatally hit below 0


def test_g_surplus_1_hits_after_the_felling_one_are_surplus() -> None:
    """G-SURPLUS-1 (G-OPEN-20): LE 30, four hits of 12: the second fells (LE 6 < 9)."""
    losses = [12, 12, 12, 12]
    assert surplus.felling_hit(30, losses, BOUNDS) == 1
    assert surplus.surplus_count(30, losses, BOUNDS) == 2
    assert surplus.surplus_count(30, [12, 9, 12], BOUNDS) == 0  # LE 18, 9, -3: the last fells


def test_g_surplus_1_no_surplus_without_felling() -> None:
    """G-SURPLUS-1: a target still fighting after every hit leaves no surplus AT."""
    assert surplus.felling_hit(60, [10, 10], BOUNDS) is None
    assert surplus.surplus_count(60, [10, 10], BOUNDS) == 0
    assert surplus.surplus_count(10, [5, 5, 5], BOUNDS) == 2


def test_g_surplus_2_bonus_tokens_for_two_kr() -> None:
    """G-SURPLUS-2: per withheld AT +20 for one action within the next 2 KR."""
    tokens = surplus.bonus_tokens(2, kr=5)
    assert [t.bonus for t in tokens] == [20, 20]
    assert surplus.token_usable(tokens[0], 7)
    assert not surplus.token_usable(tokens[0], 8)


def test_g_surplus_3_run_speed_plus_20_percent_for_10_s() -> None:
    """G-SURPLUS-3: +20 % run GS for the next 10 seconds."""
    until = surplus.run_speed_until(9)
    assert until == 19
    assert surplus.boosted_run_speed(5.0, 19, until) == 6.0
    assert surplus.boosted_run_speed(5.0, 20, until) == 5.0


def test_g_surplus_4_ad_only_for_option_3() -> None:
    """G-SURPLUS-4: option chosen per AT; only the AD ones count (heavy 4 + light 1)."""
    options = [
        (SurplusOption.AD, "heavy"),
        (SurplusOption.BONUS, "medium"),
        (SurplusOption.AD, "light"),
    ]
    assert surplus.surplus_reward_ad(options) == 5
