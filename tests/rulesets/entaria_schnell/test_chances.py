"""Exact hit chances of the d20 roll (Q-ATK-4, Q-CRIT-HIT-1/2, Q-CRIT-FAIL-1, Q-RANGE-WEIT)."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.terms import DamageType
from game.rulesets.entaria_schnell.rules.attacks import AttackKind, QuickWeapon, resolve_attack
from game.rulesets.entaria_schnell.rules.chances import (
    attack_chances,
    hit_chance,
    quick_damage_range,
)
from game.rulesets.entaria_schnell.rules.ranges import ZoneRangeBand

SPEAR = QuickWeapon(sw=3, damage_type=DamageType.PIERCING, kind=AttackKind.MELEE)


def _enumerated(value: int, defense: int, edge: int, modifier: int) -> Fraction:
    """Return the share of all 20^(1+|edge|) dice sequences that resolve_attack calls a hit."""
    hits = 0
    total = 0
    for dice in itertools.product(range(1, 21), repeat=1 + abs(edge)):
        result = resolve_attack(
            value, SPEAR, defense, 0, ScriptedRoller([*dice, 1]), edge=edge, modifier=modifier
        )
        hits += result.hit
        total += 1
    return Fraction(hits, total)


@settings(max_examples=25, deadline=None)
@given(
    value=st.integers(-5, 25),
    defense=st.integers(0, 40),
    edge=st.integers(-2, 2),
    modifier=st.integers(-5, 5),
)
def test_q_atk_4_exact_chance_equals_enumeration(
    value: int, defense: int, edge: int, modifier: int
) -> None:
    """Q-ATK-4, Q-CRIT-HIT-1, Q-CRIT-FAIL-1: the exact chance is the resolver's hit share."""
    assert hit_chance(value, defense, edge=edge, modifier=modifier) == _enumerated(
        value, defense, edge, modifier
    )


def test_q_crit_hit_1_q_crit_fail_1_chances_at_the_limits() -> None:
    """Q-CRIT-HIT-1, Q-CRIT-FAIL-1: V out of reach still 1/20; V 0 still misses on a 1."""
    assert hit_chance(0, 99) == Fraction(1, 20)
    assert hit_chance(30, 0) == Fraction(19, 20)
    assert hit_chance(5, 15) == Fraction(11, 20)


def test_q_range_weit_nachteil_lowers_the_chance() -> None:
    """Q-RANGE-WEIT, Q-RANGE-EXTRA: one and two Nachteile, exact; crit chance too."""
    one = attack_chances(5, 15, edge=ZoneRangeBand.LONG.edge)
    assert one.hit == Fraction(11, 20) ** 2
    assert one.critical == Fraction(1, 400) and one.fumble == 1 - Fraction(19, 20) ** 2
    two = attack_chances(5, 15, edge=ZoneRangeBand.EXTRA.edge)
    assert two.hit == Fraction(11, 20) ** 3


def test_q_crit_hit_2_damage_range_doubles_sw_only() -> None:
    """Q-CRIT-HIT-2, Q-DMG-1: SW 5 vs Panzerung 2: 4..9 plain, crit 9..14."""
    plain = quick_damage_range(5, 2)
    assert (plain.minimum, plain.maximum, plain.mean) == (4, 9, Fraction(13, 2))
    crit = quick_damage_range(5, 2, crit_given_hit=Fraction(1))
    assert (crit.minimum, crit.maximum) == (9, 14)
