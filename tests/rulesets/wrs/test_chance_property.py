"""Property: the exact d100 hit chance equals enumerating both rolls (W-ATK-2..4, D-15).

``chances.hit_chance`` counts all 100 x 100 roll pairs at once (numpy). The references
here walk the same pairs one by one through the comparison rules themselves
(``comparison.attacker_wins`` and ``comparison.compare`` with scripted dice), with PWs
built from random attacks and defences by ``attacks.attack_modifier`` and
``attacks.defence_modifier`` (W-BONUS-*, W-ACT-AIM, W-ACT-DEF-2, W-FIRE-*, W-BONUS-DUAL-*).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.rulesets.wrs.rules.attacks import (
    MAX_SHOTS,
    ONE_HANDED,
    Attack,
    Defence,
    attack_modifier,
    defence_modifier,
)
from game.rulesets.wrs.rules.chances import hit_chance
from game.rulesets.wrs.rules.comparison import DIE_SIDES, Side, attacker_wins, compare
from game.rulesets.wrs.rules.terms import FireMode, ShieldCategory, WeaponCategory

FACES = range(1, DIE_SIDES + 1)
#: Körper on the percentile scale (catalogue_readers.ATTRIBUTE_RANGE, W-OPEN-1 reading a).
ATTRIBUTES = st.integers(1, 100)
#: Any further modifier a situation may add; PWs are not clamped (W-OPEN-1).
EXTRA = st.integers(-80, 80)
FIRE_MODES = {
    WeaponCategory.REPEATER: (FireMode.REPEATING,),
    WeaponCategory.AUTOMATIC: (FireMode.SEMI_AUTO, FireMode.FULL_AUTO),
}


def enumerated(attacker_pw: int, defender_pw: int, *, require_success: bool = False) -> Fraction:
    """Return the attacker's share of all 10,000 roll pairs, each judged by the rules."""
    wins = sum(
        attacker_wins(
            Side(attacker_pw, a), Side(defender_pw, d), require_attacker_success=require_success
        )
        for a, d in product(FACES, FACES)
    )
    return Fraction(wins, DIE_SIDES * DIE_SIDES)


def rolled(attacker_pw: int, defender_pw: int) -> Fraction:
    """Return the attacker's share of all roll pairs, each rolled by ``compare`` itself."""
    wins = 0
    for a, d in product(FACES, FACES):
        roller = ScriptedRoller([a, d])  # attacker's d100 first, then the defender's
        wins += compare(attacker_pw, defender_pw, roller).attacker_wins
        assert roller.remaining == 0
    return Fraction(wins, DIE_SIDES * DIE_SIDES)


@st.composite
def attacks(draw: st.DrawFn) -> Attack:
    """Return a legal attack: any weapon and skills, Zielen, fire mode and shots, or two
    one-handed weapons at once."""
    weapon = draw(st.sampled_from(list(WeaponCategory)))
    skills = frozenset(draw(st.sets(st.sampled_from(list(WeaponCategory)))))
    aimed = draw(st.booleans())
    mode = draw(st.sampled_from((FireMode.SINGLE, *FIRE_MODES.get(weapon, ()))))
    shots = draw(st.integers(1, MAX_SHOTS[mode]))
    second = None
    if weapon in ONE_HANDED and mode is FireMode.SINGLE and draw(st.booleans()):
        second = draw(st.sampled_from(sorted(ONE_HANDED, key=lambda w: w.name)))
    return Attack(weapon, skills, aimed, mode, shots, second)


@st.composite
def defences(draw: st.DrawFn) -> Defence:
    """Return a defence: up to two weapons, perhaps a shield, skills, perhaps the stance."""
    weapons = tuple(draw(st.lists(st.sampled_from(list(WeaponCategory)), max_size=2)))
    shield = draw(st.none() | st.sampled_from(list(ShieldCategory)))
    weapon_skills = frozenset(draw(st.sets(st.sampled_from(list(WeaponCategory)))))
    shield_skills = frozenset(draw(st.sets(st.sampled_from(list(ShieldCategory)))))
    stance = draw(st.booleans())
    return Defence(weapons, shield, weapon_skills, shield_skills, stance)


@pytest.mark.rule("W-ATK-2", "W-ATK-3", "W-ATK-4", "W-OPEN-1", "D-15")
@settings(max_examples=60, deadline=None)
@given(attacker=st.integers(-150, 250), defender=st.integers(-150, 250), flag=st.booleans())
def test_any_pw_pair_matches_enumeration(attacker: int, defender: int, flag: bool) -> None:
    """The exact chance of any two PWs, also far outside 1..100, is the enumerated one;
    with reading (b)'s flag the attacker's roll must also be at most its PW."""
    expected = enumerated(attacker, defender, require_success=flag)
    assert hit_chance(attacker, defender, require_attacker_success=flag) == expected


@pytest.mark.rule(
    "W-ATK-2", "W-ATK-3", "W-ATK-4", "W-BONUS-1", "W-BONUS-2", "W-ACT-AIM", "W-ACT-DEF-2",
    "W-FIRE-SEMI", "W-FIRE-AUTO", "W-FIRE-TEST", "W-BONUS-DUAL-2", "W-BONUS-DUAL-4", "D-15",
)  # fmt: skip
@settings(max_examples=60, deadline=None)
@given(
    koerper=ATTRIBUTES,
    other=ATTRIBUTES,
    attack=attacks(),
    defence=defences(),
    extra_attack=EXTRA,
    extra_defence=EXTRA,
)
def test_pws_from_attacks_and_defences_match_enumeration(
    koerper: int,
    other: int,
    attack: Attack,
    defence: Defence,
    extra_attack: int,
    extra_defence: int,
) -> None:
    """Körper plus the attack's and the defence's modifiers (and any further ones, passed
    as ``*_modifier``) give the chance that enumerating both d100 rolls gives."""
    attacker_pw = koerper + attack_modifier(attack) + extra_attack
    defender_pw = other + defence_modifier(defence) + extra_defence
    chance = hit_chance(
        koerper + attack_modifier(attack),
        other + defence_modifier(defence),
        attacker_modifier=extra_attack,
        defender_modifier=extra_defence,
    )
    assert chance == enumerated(attacker_pw, defender_pw)


@pytest.mark.rule("W-ATK-2", "W-ATK-3", "W-ATK-4", "D-15")
@settings(max_examples=25, deadline=None)
@given(attacker=st.integers(-20, 140), defender=st.integers(-20, 140))
def test_rolling_every_pair_through_compare_gives_the_chance(attacker: int, defender: int) -> None:
    """``compare`` rolls the attacker's die, then the defender's; every scripted pair of
    faces, counted, is the exact chance."""
    assert hit_chance(attacker, defender) == rolled(attacker, defender)


@pytest.mark.rule("W-ATK-3", "W-ATK-4", "W-OPEN-1", "D-15")
def test_seeded_grid_of_pw_differences() -> None:
    """Without the flag only PW minus PW counts: every difference -101..101 on a grid of
    base PWs gives the enumerated chance (every third difference enumerated), 0 below -98,
    1 from 100 on (ties lose)."""
    for difference in range(-101, 102):
        exact = {hit_chance(base + difference, base) for base in (-40, 1, 37, 100, 160)}
        assert len(exact) == 1, difference
        if difference % 3 == 0 or abs(difference) >= 98:
            assert exact.pop() == enumerated(50 + difference, 50), difference
    assert hit_chance(1, 100) == 0  # margins -99 .. 0 against 0 .. 99: never greater
    assert hit_chance(2, 100) == Fraction(1, 10000)  # 1 vs 100: margin 1 > 0
    assert hit_chance(100, 1) == Fraction(9999, 10000)  # only 100 vs 1 ties
    assert hit_chance(101, 1) == 1
