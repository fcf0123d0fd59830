"""Exact hit chance of a Vergleichsprobe (W-ATK-3, D-15) against brute force and dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.board.dice import RandomRoller
from game.rulesets.wrs.rules.chances import hit_chance, hits_expected
from game.rulesets.wrs.rules.comparison import compare


def brute_force(a: int, d: int, require_success: bool = False) -> Fraction:
    wins = 0
    for ra, rd in product(range(1, 101), repeat=2):
        if require_success and ra > a:
            continue
        if a - ra > d - rd:
            wins += 1
    return Fraction(wins, 10000)


@pytest.mark.rule("W-ATK-3", "W-ATK-4", "D-15")
def test_equal_pw_is_below_half_because_ties_go_to_the_defender() -> None:
    # 100 tied pairs of 10000: (1 - 0.01) / 2
    assert hit_chance(50, 50) == Fraction(99, 200)


@pytest.mark.rule("W-ATK-3", "D-15")
def test_extremes() -> None:
    assert hit_chance(200, 0) == 1
    assert hit_chance(0, 200) == 0
    assert hit_chance(40, 40, attacker_modifier=25) > hit_chance(40, 40)


@pytest.mark.rule("W-ATK-3", "D-15")
@pytest.mark.parametrize(
    ("a", "d", "flag"),
    [(50, 50, False), (30, 70, False), (85, 20, False), (-10, 5, False), (45, 60, True)],
)
def test_matches_brute_force_enumeration(a: int, d: int, flag: bool) -> None:
    assert hit_chance(a, d, require_attacker_success=flag) == brute_force(a, d, flag)


@pytest.mark.rule("W-ATK-3", "D-15")
def test_modifiers_add_to_pw_on_each_side() -> None:
    assert hit_chance(40, 50, attacker_modifier=15, defender_modifier=-5) == hit_chance(55, 45)


@pytest.mark.rule("W-ATK-3", "D-15")
def test_property_random_pairs_match_brute_force() -> None:
    rng = RandomRoller(14)
    for _ in range(12):
        a, d = rng.roll(161) - 31, rng.roll(161) - 31  # -30..130
        assert hit_chance(a, d) == brute_force(a, d), (a, d)


@pytest.mark.rule("W-ATK-3", "D-15")
def test_roller_driven_sampling_agrees_with_the_exact_chance() -> None:
    roller = RandomRoller(2026)
    trials = 20000
    for a, d in [(50, 50), (70, 40), (35, 65)]:
        wins = sum(compare(a, d, roller).attacker_wins for _ in range(trials))
        exact = float(hit_chance(a, d))
        # 4.5 standard deviations of a binomial at n=20000 is at most 0.016
        assert abs(wins / trials - exact) < 0.016, (a, d, wins / trials, exact)


@pytest.mark.rule("W-FIRE-TEST", "W-BONUS-DUAL-3")
def test_expected_hits_multiply_by_hits_on_a_win() -> None:
    assert hits_expected(Fraction(1, 2), 3) == Fraction(3, 2)
