"""Area fire (Bereichsfeuer): section 21, Dauerfeuer/Deckungsfeuer; D-6, E-OPEN-23..25."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.board.grid import Cell
from game.rulesets.entaria.rules.areas import (
    COVERING_FIRE_SHOOTER_CONDITION,
    AreaFireAction,
    AreaFireHit,
    Bem,
    ammo_use,
    area_fire_check,
    area_fire_damage_to_creature,
    area_fire_total,
    can_lay_area_fire,
    covering_fire_damage,
    covering_fire_triggers,
    distribution_errors,
    farthest_field,
    parse_bem,
    suggest_distribution,
)
from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.terms import ActionType, Condition, WeaponAttribute

rule = pytest.mark.rule


def row(values: list[int], y: int = 0) -> dict[Cell, int]:
    """Place values on a horizontal row of fields starting at (0, y)."""
    return {(x, y): v for x, v in enumerate(values)}


# --- The examples ------------------------------------------------------------------------------


@rule("EX-AREAFIRE-1", "E-AREAFIRE-4", "E-AREAFIRE-7", "E-AREAFIRE-8", "D-6")
def test_ex_areafire_1_shotgun() -> None:
    bem = parse_bem("1,1")
    check = area_fire_check(6, ScriptedRoller([12]), auto_fire=False)
    assert check.success and check.dice == (12,)  # a BEM shot has no Nachteil
    assert area_fire_total(3, bem.multiplier, ScriptedRoller([2])) == (2, 5)
    assert distribution_errors({(0, 0): 3, (1, 0): 2}, sw=3, total=5) == []
    assert distribution_errors(row([1, 1, 1, 1, 1]), sw=3, total=5) == []
    four = distribution_errors({(0, 0): 4, (1, 0): 1}, sw=3, total=5)
    assert len(four) == 1 and "[0, 0]" in four[0] and "damage of 3" in four[0]
    zero = distribution_errors({(0, 0): 3, (1, 0): 2, (2, 0): 0}, sw=3, total=5)
    assert len(zero) == 1 and "[2, 0]" in zero[0] and "at least 1" in zero[0]


@rule("EX-AREAFIRE-2", "E-ACT-VH-DAUERFEUER-1", "E-ACT-VH-DAUERFEUER-2", "E-AREAFIRE-3")
def test_ex_areafire_2_submachine_gun_auto_fire() -> None:
    bem = parse_bem("2,10")
    assert bem == Bem(multiplier=2, ammo=10)
    check = area_fire_check(6, ScriptedRoller([17, 5]), auto_fire=True)
    assert check.dice == (17, 5) and check.kept == 5 and not check.success  # Nachteil
    assert area_fire_total(3, bem.multiplier, ScriptedRoller([4])) == (4, 14)
    assert distribution_errors(row([3, 3, 3, 3, 2]), sw=3, total=14) == []
    fourteen = {(x % 7, x // 7): 1 for x in range(14)}  # a 7 x 2 block
    assert distribution_errors(fourteen, sw=3, total=14) == []
    assert distribution_errors(row([1] * 14), sw=3, total=14) == []
    errors = distribution_errors(row([4, 4, 3, 3]), sw=3, total=14)
    assert len(errors) == 2
    assert all("damage of 3" in e for e in errors)
    assert "[0, 0]" in errors[0] and "[1, 0]" in errors[1]


# --- The count rules -----------------------------------------------------------------------------


@rule("E-AREAFIRE-6", "D-6")
def test_fields_must_be_joined_by_edges_not_corners() -> None:
    diagonal = {(0, 0): 3, (1, 1): 2}
    errors = distribution_errors(diagonal, sw=3, total=5)
    assert len(errors) == 1 and "[1, 1]" in errors[0] and "[0, 0]" in errors[0]
    l_shape = {(0, 0): 1, (1, 0): 1, (1, 1): 1, (1, 2): 2}
    assert distribution_errors(l_shape, sw=3, total=5) == []


@rule("E-AREAFIRE-7", "E-AREAFIRE-8")
def test_every_value_between_one_and_sw() -> None:
    assert distribution_errors({(0, 0): -1, (1, 0): 6}, sw=3, total=5) != []
    errors = distribution_errors({(0, 0): -1, (1, 0): 6}, sw=6, total=5)
    assert len(errors) == 1 and "[0, 0]" in errors[0]


@rule("E-AREAFIRE-5", "E-OPEN-24", "D-6")
def test_the_whole_total_is_placed_and_at_least_one_field() -> None:
    short = distribution_errors(row([3, 1]), sw=3, total=5)
    assert len(short) == 1 and "4" in short[0] and "5" in short[0]
    assert distribution_errors(row([3, 3]), sw=3, total=5) != []
    empty = distribution_errors({}, sw=3, total=5)
    assert len(empty) == 1 and "at least one field" in empty[0]


@rule("E-AREAFIRE-5", "E-OPEN-24", "D-6")
def test_optional_checks_shooter_sight_and_range() -> None:
    placement = row([3, 2])
    assert distribution_errors(placement, sw=3, total=5, shooter=(5, 5)) == []
    own = distribution_errors(placement, sw=3, total=5, shooter=(1, 0))
    assert own == ["Field [1, 0] is the shooter's own field."]
    mask = np.ones((3, 3), dtype=bool)
    mask[0, 1] = False  # [y, x]: field (1, 0) is hidden
    hidden = distribution_errors(placement, sw=3, total=5, visible=mask)
    assert len(hidden) == 1 and "[1, 0]" in hidden[0] and "line of sight" in hidden[0]
    assert distribution_errors(placement, sw=3, total=5, visible=lambda c: True) == []
    far = distribution_errors(placement, sw=3, total=5, in_range={(0, 0)})
    assert len(far) == 1 and "[1, 0]" in far[0] and "range" in far[0]
    assert distribution_errors(placement, sw=3, total=5, in_range=lambda c: c[0] < 2) == []
    assert farthest_field((0, 3), placement) == 3  # D-1: Chebyshev


def test_distribution_rejects_non_cells_and_non_integers() -> None:
    assert distribution_errors({"a": 3}, sw=3, total=3) != []  # type: ignore[dict-item]
    assert distribution_errors({(0, 0): 2.5}, sw=3, total=3) != []  # type: ignore[dict-item]


# --- Property tests (D-6) -----------------------------------------------------------------


def independent_ok(allocation: dict[Cell, int], sw: int, total: int) -> bool:
    """Check D-6's count rules by a different route: flood fill over a set."""
    if not allocation:
        return False
    if any(not 1 <= v <= sw for v in allocation.values()):
        return False
    if sum(allocation.values()) != total:
        return False
    cells = set(allocation)
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


@settings(max_examples=200, deadline=None)
@given(
    allocation=st.dictionaries(
        st.tuples(st.integers(0, 3), st.integers(0, 3)), st.integers(-1, 5), max_size=8
    ),
    sw=st.integers(1, 4),
    total_offset=st.integers(-2, 2),
)
def test_accepted_placements_obey_d6(
    allocation: dict[Cell, int], sw: int, total_offset: int
) -> None:
    """D-6, E-AREAFIRE-6/7/8: accepted iff values 1..SW, exact sum, 4-connected."""
    total = sum(allocation.values()) + (total_offset if total_offset % 2 else 0)
    accepted = distribution_errors(allocation, sw=sw, total=total) == []
    assert accepted == independent_ok(allocation, sw, total)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), fields=st.integers(1, 15), sw=st.integers(1, 6))
def test_random_connected_growth_is_accepted(seed: int, fields: int, sw: int) -> None:
    """D-6, E-AREAFIRE-6: every placement grown field by field along edges is valid."""
    rng = random.Random(seed)
    cells = [(rng.randint(-5, 5), rng.randint(-5, 5))]
    while len(cells) < fields:
        x, y = rng.choice(cells)
        dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if (x + dx, y + dy) not in cells:
            cells.append((x + dx, y + dy))
    allocation = {cell: rng.randint(1, sw) for cell in cells}
    total = sum(allocation.values())
    assert distribution_errors(allocation, sw=sw, total=total) == []


@settings(max_examples=100, deadline=None)
@given(total=st.integers(1, 40), sw=st.integers(1, 6), seed=st.integers(0, 1000))
def test_suggest_distribution_is_valid_or_short(total: int, sw: int, seed: int) -> None:
    """E-OPEN-24: the greedy placement is valid; with too few fields the rest is lost."""
    rng = random.Random(seed)
    fields = [(rng.randint(0, 4), rng.randint(0, 4)) for _ in range(12)]
    suggestion = suggest_distribution(total, sw, fields)
    placed = sum(suggestion.values())
    assert placed <= total
    assert distribution_errors(suggestion, sw=sw, total=placed) == []


@rule("E-AREAFIRE-8", "E-AREAFIRE-6")
def test_suggest_distribution_fills_sw_per_field_in_order() -> None:
    fields = [(0, 0), (5, 5), (1, 0), (2, 0), (3, 0)]
    assert suggest_distribution(14, 3, fields) == {(0, 0): 3, (1, 0): 3, (2, 0): 3, (3, 0): 3}
    assert suggest_distribution(5, 3, [(0, 0), (0, 1)]) == {(0, 0): 3, (0, 1): 2}


# --- What a creature takes ------------------------------------------------------------------


@rule("E-AREAFIRE-9", "D-6")
def test_failed_save_takes_the_field_in_full_passed_save_half_rounded_down() -> None:
    failed = area_fire_damage_to_creature([3], 2, ScriptedRoller([5]))
    assert isinstance(failed, AreaFireHit)
    assert failed.save.target == 15 and not failed.save.success and failed.damage == 3
    passed = area_fire_damage_to_creature([3], 2, ScriptedRoller([13]))
    assert passed.save.success and passed.damage == 1


@rule("D-6", "E-OPEN-25")
def test_creature_on_several_fields_takes_the_highest_once_not_the_sum() -> None:
    hit = area_fire_damage_to_creature([1, 3, 2], 0, ScriptedRoller([2]))
    assert hit.damage == 3


@rule("E-OPEN-25", "E-OPEN-13")
def test_armour_first_then_halve_then_affinity() -> None:
    # 5 - 1 = 4, halved = 2 (not 5 // 2 - 1 = 1)
    assert area_fire_damage_to_creature([5], 0, ScriptedRoller([20]), armour=1).damage == 2
    # 5 - 2 = 3, passed -> 1, sensitive -> 2
    sensitive = area_fire_damage_to_creature(
        [5], 0, ScriptedRoller([20]), armour=2, affinity=Affinity.SENSITIVE
    )
    assert sensitive.damage == 2
    assert area_fire_damage_to_creature([2], 0, ScriptedRoller([3]), armour=5).damage == 0
    immune = area_fire_damage_to_creature([3], 0, ScriptedRoller([3]), affinity=Affinity.IMMUNE)
    assert immune.damage == 0


@rule("E-OPEN-30")
def test_critical_area_fire_doubles_the_total_and_saf_hits_failed_saves() -> None:
    assert area_fire_total(3, 2, ScriptedRoller([4]), crit=True) == (4, 28)
    failed = area_fire_damage_to_creature([3], 0, ScriptedRoller([2]), critical=True)
    passed = area_fire_damage_to_creature([3], 0, ScriptedRoller([19]), critical=True)
    assert failed.saf and not passed.saf


def test_creature_on_no_hit_field_is_an_error() -> None:
    with pytest.raises(ValueError):
        area_fire_damage_to_creature([], 3, ScriptedRoller([10]))


# --- Actions: BEM shot, Dauerfeuer, Deckungsfeuer --------------------------------------------


@rule("E-AREAFIRE-1", "E-ACT-VH-DECKUNGSFEUER-1", "E-OPEN-24")
def test_which_weapons_and_actions_lay_area_fire() -> None:
    shotgun = {WeaponAttribute.AREA_FIRE}
    smg = {WeaponAttribute.AUTO_FIRE}
    assert can_lay_area_fire(shotgun, AreaFireAction.BEM_SHOT)
    assert not can_lay_area_fire(shotgun, AreaFireAction.AUTO_FIRE)
    assert can_lay_area_fire(smg, AreaFireAction.AUTO_FIRE)
    assert not can_lay_area_fire(set(), AreaFireAction.COVERING_FIRE)
    assert can_lay_area_fire(shotgun, AreaFireAction.COVERING_FIRE)
    assert can_lay_area_fire(smg, AreaFireAction.COVERING_FIRE)
    assert AreaFireAction.BEM_SHOT.action_type is ActionType.HALF
    assert AreaFireAction.AUTO_FIRE.action_type is ActionType.FULL
    assert AreaFireAction.COVERING_FIRE.auto_fire  # resolved like Dauerfeuer, with Nachteil
    assert not AreaFireAction.BEM_SHOT.auto_fire


@rule("E-AREAFIRE-2", "E-ACT-VH-DECKUNGSFEUER-2")
def test_bem_and_ammunition_doubled_for_covering_fire() -> None:
    assert parse_bem("1,1") == Bem(1, 1)
    assert parse_bem(" 3 ") == Bem(3, 0)
    for bad in ("", "0,1", "x,2", "1,2,3", "-1,2"):
        with pytest.raises(ValueError):
            parse_bem(bad)
    assert ammo_use(10, covering_fire=False) == 10
    assert ammo_use(10, covering_fire=True) == 20


@rule("E-AREAFIRE-3")
def test_area_fire_check_is_ranged_vs_15_with_edges() -> None:
    roll = area_fire_check(4, ScriptedRoller([11]), auto_fire=False, modifier=-1)
    assert (roll.total, roll.target, roll.success) == (14, 15, False)
    roll = area_fire_check(4, ScriptedRoller([9, 14]), auto_fire=True, edge=1)
    assert roll.dice == (9,) and roll.kept == 9  # Vorteil cancels the Dauerfeuer Nachteil


@rule("E-ACT-VH-DECKUNGSFEUER-3", "E-ACT-VH-DECKUNGSFEUER-5", "E-OPEN-25")
def test_covering_and_auto_fire_persist_and_covering_fire_makes_the_shooter_defenseless() -> None:
    assert AreaFireAction.COVERING_FIRE.persists and AreaFireAction.AUTO_FIRE.persists
    assert not AreaFireAction.BEM_SHOT.persists
    assert AreaFireAction.COVERING_FIRE.shooter_defenseless
    assert not AreaFireAction.AUTO_FIRE.shooter_defenseless
    assert COVERING_FIRE_SHOOTER_CONDITION is Condition.DEFENSELESS


@rule("E-AREAFIRE-1", "E-ACT-VH-DAUERFEUER-1", "E-ACT-VH-DECKUNGSFEUER-5", "E-OPEN-24")
def test_area_fire_actions_read_the_action_catalogue() -> None:
    """The three ways are catalogue actions; their type, Nachteil and Wehrlos come from there."""
    from game.rulesets.entaria.rules.actions import ACTIONS, Action

    assert [a.action for a in AreaFireAction] == [
        Action.RANGED_ATTACK,
        Action.AUTO_FIRE,
        Action.COVERING_FIRE,
    ]
    for way in AreaFireAction:
        rule = ACTIONS[way.action]
        assert way.rule is rule and way.action_type is rule.action_type
        assert way.shooter_defenseless == (Condition.DEFENSELESS in rule.gives_conditions)
    assert AreaFireAction.AUTO_FIRE.check_edge == -1 == AreaFireAction.COVERING_FIRE.check_edge
    assert AreaFireAction.BEM_SHOT.check_edge == 0  # E-OPEN-24 (iii): no Nachteil
    assert ACTIONS[Action.AUTO_FIRE].area_fire and ACTIONS[Action.COVERING_FIRE].area_fire


@rule("E-ACT-VH-DECKUNGSFEUER-4", "E-OPEN-23")
def test_covering_fire_hits_enemies_automatically_once_per_field() -> None:
    assert covering_fire_damage(3, 1) == 2
    assert covering_fire_damage(2, 5) == 0
    assert covering_fire_damage(3, 0, affinity=Affinity.RESISTANT) == 1
    allocation = {(2, 0): 3, (3, 0): 2}
    path = [(1, 0), (2, 0), (3, 0), (2, 0)]
    assert covering_fire_triggers(path, allocation) == [((2, 0), 3), ((3, 0), 2)]
    assert covering_fire_triggers(path, allocation, already_hit={(2, 0)}) == [((3, 0), 2)]


def test_area_fire_total_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        area_fire_total(-1, 1, ScriptedRoller([1]))
    with pytest.raises(ValueError):
        area_fire_total(3, 0, ScriptedRoller([1]))
