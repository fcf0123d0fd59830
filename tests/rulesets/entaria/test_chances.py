"""Exact chances against brute-force enumeration of every die (D-2, D-3, D-4, D-6).

Each figure is checked by rolling the engine's own functions (``success_roll``,
``damage_roll``, ``area_fire_hit``) with every possible sequence of dice.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.areas import AREA_FIRE_SAVE_TARGET, area_fire_hit
from game.rulesets.entaria.rules.chances import (
    area_fire_damage,
    crit_chance,
    damage_distribution,
    fumble_chance,
    kept_die_chances,
    success_chance,
)
from game.rulesets.entaria.rules.checks import Crit, success_roll
from game.rulesets.entaria.rules.damage import Affinity, damage_roll

EDGES = st.integers(min_value=-2, max_value=2)
AFFINITIES = st.sampled_from(list(Affinity))


def _all_rolls(value: int, target: int, edge: int, modifier: int):  # type: ignore[no-untyped-def]
    """Yield every roll of 1+|edge| d20, each sequence once, through success_roll."""
    for dice in itertools.product(range(1, 21), repeat=1 + abs(edge)):
        yield success_roll(value, target, ScriptedRoller(dice), edge=edge, modifier=modifier)


def _brute_success(value: int, target: int, edge: int, modifier: int) -> Fraction:
    rolls = list(_all_rolls(value, target, edge, modifier))
    return Fraction(sum(1 for r in rolls if r.success), len(rolls))


@pytest.mark.rule("D-2", "D-3", "E-CORE-ROLL-1", "E-CORE-ADV-1", "E-CORE-DIS-1")
@settings(max_examples=60, deadline=None)
@given(
    value=st.integers(min_value=-5, max_value=15),
    target=st.integers(min_value=0, max_value=40),
    edge=EDGES,
    modifier=st.integers(min_value=-6, max_value=6),
)
def test_d_2_d_3_success_chance_equals_every_die_counted(
    value: int, target: int, edge: int, modifier: int
) -> None:
    assert success_chance(value, target, edge=edge, modifier=modifier) == _brute_success(
        value, target, edge, modifier
    )


@pytest.mark.rule("D-3", "E-CORE-CRIT-1", "E-CORE-CRIT-2")
@pytest.mark.parametrize("edge", [-3, -2, -1, 0, 1, 2, 3])
def test_d_3_crit_and_fumble_chances_are_the_kept_natural_20_and_1(edge: int) -> None:
    rolls = list(_all_rolls(0, 15, edge, 0))
    crits = Fraction(sum(1 for r in rolls if r.crit is Crit.SUCCESS), len(rolls))
    fumbles = Fraction(sum(1 for r in rolls if r.crit is Crit.FAILURE), len(rolls))
    assert crit_chance(edge) == crits
    assert fumble_chance(edge) == fumbles
    assert sum(kept_die_chances(edge)) == 1


@pytest.mark.rule("D-3", "E-CORE-ROLL-2")
def test_d_3_natural_20_and_1_bound_every_chance() -> None:
    # an impossible total still hits on a natural 20; a sure one still misses on a 1
    assert success_chance(0, 99) == Fraction(1, 20)
    assert success_chance(30, 0) == Fraction(19, 20)
    assert success_chance(30, 0, edge=-1) == 1 - Fraction(39, 400)  # a 1 on either die
    assert success_chance(5, 15, automatic_failure=True) == 0


@pytest.mark.rule("D-3", "E-ACT-VH-HELFEN", "E-OPEN-22")
@settings(max_examples=25, deadline=None)
@given(value=st.integers(min_value=0, max_value=10), target=st.integers(5, 30), edge=EDGES)
def test_e_act_vh_helfen_help_die_counted_face_by_face(value: int, target: int, edge: int) -> None:
    brute = Fraction(0)
    for face in range(1, 7):
        brute += _brute_success(value, target, edge, face) / 6
    assert success_chance(value, target, edge=edge, help_die=6) == brute


@pytest.mark.rule("D-3", "E-AREAFIRE-9", "D-6")
@settings(max_examples=25, deadline=None)
@given(value=st.integers(min_value=-2, max_value=10), edge=EDGES)
def test_d_6_save_chance_is_a_check_against_zw_15(value: int, edge: int) -> None:
    got = success_chance(value, AREA_FIRE_SAVE_TARGET, edge=edge)
    assert got == _brute_success(value, 15, edge, 0)


@pytest.mark.rule("D-4", "E-DMG-2", "E-DMG-3", "E-ARMOR-1", "E-CRIT-HIT-2", "E-RES-1", "E-RES-2")
@settings(max_examples=60, deadline=None)
@given(
    sw=st.integers(min_value=0, max_value=10),
    bonus=st.integers(min_value=0, max_value=4),
    armour=st.integers(min_value=0, max_value=14),
    affinity=AFFINITIES,
    edge=EDGES,
    value=st.integers(min_value=0, max_value=10),
    target=st.integers(min_value=5, max_value=25),
)
def test_d_4_damage_range_after_a_hit_equals_every_d20_and_d6_counted(
    sw: int, bonus: int, armour: int, affinity: Affinity, edge: int, value: int, target: int
) -> None:
    # every d20 sequence x every d6: the damage of the hits, crits doubling
    finals: list[int] = []
    for dice in itertools.product(range(1, 21), repeat=1 + abs(edge)):
        roll = success_roll(value, target, ScriptedRoller(dice), edge=edge)
        if not roll.success:
            continue
        for die in range(1, 7):
            damage = damage_roll(
                sw,
                ScriptedRoller([die]),
                bonus=bonus,
                armour=armour,
                crit=roll.crit is Crit.SUCCESS,
                affinity=affinity,
            )
            finals.append(damage.final)
    hit = success_chance(value, target, edge=edge)
    got = damage_distribution(
        sw, bonus, armour, affinity=affinity, crit_chance=crit_chance(edge) / hit
    )
    assert (got.minimum, got.maximum) == (min(finals), max(finals))
    assert got.mean == Fraction(sum(finals), len(finals))


@pytest.mark.rule("D-4", "E-DMG-2")
def test_d_4_the_issue_example_sw3_armour_0_is_4_to_9() -> None:
    got = damage_distribution(3, 0, 0)
    assert (got.minimum, got.maximum, got.mean) == (4, 9, Fraction(13, 2))
    crit = damage_distribution(3, 0, 0, crit_chance=Fraction(1))
    assert (crit.minimum, crit.maximum) == (8, 18)


@pytest.mark.rule("D-6", "E-AREAFIRE-9", "E-RES-1")
@settings(max_examples=40, deadline=None)
@given(
    field=st.integers(min_value=1, max_value=8),
    armour=st.integers(min_value=0, max_value=8),
    affinity=AFFINITIES,
    value=st.integers(min_value=-2, max_value=8),
)
def test_d_6_area_fire_damage_weighs_the_save_over_every_d20(
    field: int, armour: int, affinity: Affinity, value: int
) -> None:
    finals = [
        area_fire_hit([field], roll, armour=armour, affinity=affinity).damage
        for roll in _all_rolls(value, 15, 0, 0)
    ]
    got = area_fire_damage(
        field, armour, affinity=affinity, save_chance=success_chance(value, AREA_FIRE_SAVE_TARGET)
    )
    assert (got.minimum, got.maximum) == (min(finals), max(finals))
    assert got.mean == Fraction(sum(finals), len(finals))
