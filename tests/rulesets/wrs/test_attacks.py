"""Attack and defence PW modifiers, hits on a win (W-BONUS-*, W-FIRE-*, W-ACT-AIM, W-ACT-DEF-2)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from game.rulesets.wrs.rules.attacks import (
    Attack,
    Defence,
    attack_modifier,
    defence_modifier,
    hits_on_win,
    weapon_bonus,
)
from game.rulesets.wrs.rules.terms import FireMode, ShieldCategory
from game.rulesets.wrs.rules.terms import WeaponCategory as W

BONUS_ROWS = [
    ("W-BONUS-MELEE-SHARP-SMALL", W.MELEE_SHARP_SMALL, 5, 5),
    ("W-BONUS-THROW-SMALL", W.THROWN_SMALL, 5, 0),
    ("W-BONUS-THROW-LARGE", W.THROWN_LARGE, 5, 0),
    ("W-BONUS-MELEE-SHARP-1H", W.MELEE_SHARP_ONE_HANDED, 10, 10),
    ("W-BONUS-MELEE-BLUNT-1H", W.MELEE_BLUNT_ONE_HANDED, 10, 10),
    ("W-BONUS-MELEE-SHARP-2H", W.MELEE_SHARP_TWO_HANDED, 15, 15),
    ("W-BONUS-MELEE-BLUNT-2H", W.MELEE_BLUNT_TWO_HANDED, 15, 15),
    ("W-BONUS-POLE-SHARP", W.POLE_SHARP, 15, 15),
    ("W-BONUS-POLE-BLUNT", W.POLE_BLUNT, 15, 15),
    ("W-BONUS-BOW", W.BOW, 10, 0),
    ("W-BONUS-CROSSBOW", W.CROSSBOW, 10, 0),
    ("W-BONUS-SINGLE-LOADER", W.SINGLE_LOADER, 15, 0),
    ("W-BONUS-REPEATER", W.REPEATER, 15, 0),
    ("W-BONUS-AUTOMATIC", W.AUTOMATIC, 15, 0),
]


@pytest.mark.parametrize(
    ("rule", "weapon", "attack", "defence"),
    [
        pytest.param(*row, marks=pytest.mark.rule(row[0], "W-BONUS-2"), id=row[0])
        for row in BONUS_ROWS
    ],
)
def test_bonus_table_row(rule: str, weapon: W, attack: int, defence: int) -> None:
    # W-BONUS-2: the row's bonus on attack / defence when the skill is mastered
    skills = frozenset({weapon})
    assert weapon_bonus(weapon, skills, attack=True) == attack, rule
    assert weapon_bonus(weapon, skills, attack=False) == defence, rule


@pytest.mark.rule("W-BONUS-1")
@pytest.mark.parametrize(("rule", "weapon", "attack", "defence"), BONUS_ROWS)
def test_no_bonus_without_the_skill(rule: str, weapon: W, attack: int, defence: int) -> None:
    assert weapon_bonus(weapon, frozenset(), attack=True) == 0, rule
    assert weapon_bonus(weapon, frozenset(), attack=False) == 0, rule


@pytest.mark.rule("W-BONUS-SHIELD-SMALL", "W-BONUS-SHIELD-LARGE", "W-BONUS-1")
def test_shields_count_on_defence_only_with_the_skill() -> None:
    for shield, bonus in [(ShieldCategory.SMALL, 15), (ShieldCategory.LARGE, 20)]:
        assert defence_modifier(Defence(shield=shield, shield_skills=frozenset({shield}))) == bonus
        assert defence_modifier(Defence(shield=shield)) == 0


@pytest.mark.rule("W-BONUS-1", "W-BONUS-2", "W-BONUS-SHIELD-LARGE")
def test_example_w_bonus_e2_shield_and_unskilled_knife() -> None:
    skills = frozenset({ShieldCategory.LARGE})
    assert attack_modifier(Attack(W.MELEE_SHARP_SMALL)) == 0
    defence = Defence(
        weapons=(W.MELEE_SHARP_SMALL,), shield=ShieldCategory.LARGE, shield_skills=skills
    )
    assert defence_modifier(defence) == 20


@pytest.mark.rule("W-BONUS-2", "W-BONUS-SHIELD-SMALL")
def test_weapon_and_shield_stack_on_defence() -> None:
    # W-OPEN-6 (1): the one-bonus limit names weapons only
    defence = Defence(
        weapons=(W.MELEE_SHARP_ONE_HANDED,),
        shield=ShieldCategory.SMALL,
        weapon_skills=frozenset({W.MELEE_SHARP_ONE_HANDED}),
        shield_skills=frozenset({ShieldCategory.SMALL}),
    )
    assert defence_modifier(defence) == 25


@pytest.mark.rule("W-ACT-AIM", "W-ACT-E1")
def test_aim_adds_25_to_the_attack() -> None:
    skills = frozenset({W.BOW})
    assert attack_modifier(Attack(W.BOW, skills, aimed=True)) == 35


@pytest.mark.rule("W-ACT-DEF-2")
def test_defensive_position_adds_25_to_every_defence() -> None:
    assert defence_modifier(Defence(defensive_stance=True)) == 25


@pytest.mark.rule("W-FIRE-AUTO", "W-FIRE-TEST", "W-BONUS-AUTOMATIC")
def test_example_w_fire_e1_full_auto_three_shots() -> None:
    attack = Attack(W.AUTOMATIC, frozenset({W.AUTOMATIC}), fire_mode=FireMode.FULL_AUTO, shots=3)
    assert attack_modifier(attack) == -10
    assert hits_on_win(attack) == 3


@pytest.mark.rule("W-FIRE-SEMI", "W-FIRE-TEST", "W-ACT-AIM")
def test_example_w_fire_e2_semi_auto_two_shots_aimed() -> None:
    attack = Attack(
        W.AUTOMATIC, frozenset({W.AUTOMATIC}), aimed=True, fire_mode=FireMode.SEMI_AUTO, shots=2
    )
    assert attack_modifier(attack) == 25
    assert hits_on_win(attack) == 2


@pytest.mark.rule("W-FIRE-SEMI", "W-FIRE-AUTO", "W-FIRE-REP")
def test_single_shot_in_an_automatic_mode_takes_no_malus() -> None:
    # W-OPEN-7 (1): the malus applies when more than one shot is fired
    skills = frozenset({W.AUTOMATIC})
    for mode in (FireMode.SEMI_AUTO, FireMode.FULL_AUTO):
        assert attack_modifier(Attack(W.AUTOMATIC, skills, fire_mode=mode, shots=1)) == 15
    assert (
        attack_modifier(Attack(W.AUTOMATIC, skills, fire_mode=FireMode.FULL_AUTO, shots=2)) == -10
    )


@pytest.mark.rule("W-FIRE-REP", "W-FIRE-SEMI", "W-FIRE-AUTO")
@pytest.mark.parametrize(
    ("mode", "too_many"),
    [
        (FireMode.REPEATING, 2),
        (FireMode.SEMI_AUTO, 3),
        (FireMode.FULL_AUTO, 4),
        (FireMode.SINGLE, 2),
    ],
)
def test_shots_per_action_are_capped(mode: FireMode, too_many: int) -> None:
    with pytest.raises(ValueError, match="shots per action"):
        attack_modifier(Attack(W.REPEATER, fire_mode=mode, shots=too_many))
    with pytest.raises(ValueError, match="shots per action"):
        attack_modifier(Attack(W.REPEATER, fire_mode=mode, shots=0))


@pytest.mark.rule("W-HIT-1", "W-FIRE-REP")
def test_one_hit_per_won_test_by_default() -> None:
    assert hits_on_win(Attack(W.MELEE_BLUNT_TWO_HANDED)) == 1
    assert hits_on_win(Attack(W.REPEATER, fire_mode=FireMode.REPEATING)) == 1


@pytest.mark.rule("W-BONUS-DUAL-2", "W-BONUS-DUAL-3", "W-BONUS-DUAL-4")
def test_example_w_bonus_e1_simultaneous_attack() -> None:
    skills = frozenset({W.MELEE_SHARP_ONE_HANDED, W.MELEE_BLUNT_ONE_HANDED})
    attack = Attack(W.MELEE_SHARP_ONE_HANDED, skills, second_weapon=W.MELEE_BLUNT_ONE_HANDED)
    assert attack_modifier(attack) == -15
    assert hits_on_win(attack) == 2


@pytest.mark.rule("W-BONUS-DUAL-4")
def test_simultaneous_attack_uses_the_higher_skilled_bonus_only() -> None:
    # W-OPEN-6 (3): AI default = higher; knife +5, sword +10 -> +10 - 25
    skills = frozenset({W.MELEE_SHARP_SMALL, W.MELEE_SHARP_ONE_HANDED})
    attack = Attack(W.MELEE_SHARP_SMALL, skills, second_weapon=W.MELEE_SHARP_ONE_HANDED)
    assert attack_modifier(attack) == -15


@pytest.mark.rule("W-BONUS-DUAL-2")
def test_simultaneous_attack_needs_two_one_handed_weapons() -> None:
    with pytest.raises(ValueError, match="one-handed"):
        attack_modifier(Attack(W.MELEE_SHARP_TWO_HANDED, second_weapon=W.MELEE_SHARP_SMALL))


@pytest.mark.rule("W-BONUS-DUAL-1")
def test_two_weapons_on_defence_count_one_bonus() -> None:
    skills = frozenset({W.MELEE_SHARP_SMALL, W.MELEE_BLUNT_ONE_HANDED})
    defence = Defence(weapons=(W.MELEE_SHARP_SMALL, W.MELEE_BLUNT_ONE_HANDED), weapon_skills=skills)
    assert defence_modifier(defence) == 10


@pytest.mark.rule("W-ACT-AIM-2")
def test_aim_names_no_body_part() -> None:
    # no called shots: an attack carries no target body part, aimed or not
    names = {f.name for f in fields(Attack)}
    assert not any("part" in name or "location" in name for name in names)
