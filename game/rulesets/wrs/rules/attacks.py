"""The PW modifiers of an attack and a defence, and the hits a won test scores.

Bonus list W-BONUS-*, Zielen W-ACT-AIM, Verteidigungsposition W-ACT-DEF-2, fire modes
W-FIRE-*, two weapons W-BONUS-DUAL-*; readings of W-OPEN-5/6/7.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.rulesets.wrs.rules.terms import FireMode, ShieldCategory, WeaponCategory

W = WeaponCategory

#: Attack bonus of each weapon category (W-BONUS-* table); unlisted -> +0 (W-OPEN-6).
ATTACK_BONUS: Mapping[WeaponCategory, int] = MappingProxyType(
    {
        W.MELEE_SHARP_SMALL: 5,
        W.THROWN_SMALL: 5,
        W.THROWN_LARGE: 5,
        W.MELEE_SHARP_ONE_HANDED: 10,
        W.MELEE_BLUNT_ONE_HANDED: 10,
        W.MELEE_SHARP_TWO_HANDED: 15,
        W.MELEE_BLUNT_TWO_HANDED: 15,
        W.POLE_SHARP: 15,
        W.POLE_BLUNT: 15,
        W.BOW: 10,
        W.CROSSBOW: 10,
        W.SINGLE_LOADER: 15,
        W.REPEATER: 15,
        W.AUTOMATIC: 15,
    }
)

#: Defence bonus of each weapon category: the "A+D" rows only (W-BONUS-* table).
DEFENCE_BONUS: Mapping[WeaponCategory, int] = MappingProxyType(
    {
        W.MELEE_SHARP_SMALL: 5,
        W.MELEE_SHARP_ONE_HANDED: 10,
        W.MELEE_BLUNT_ONE_HANDED: 10,
        W.MELEE_SHARP_TWO_HANDED: 15,
        W.MELEE_BLUNT_TWO_HANDED: 15,
        W.POLE_SHARP: 15,
        W.POLE_BLUNT: 15,
    }
)

#: Defence bonus of each shield (W-BONUS-SHIELD-SMALL/LARGE).
SHIELD_BONUS: Mapping[ShieldCategory, int] = MappingProxyType(
    {ShieldCategory.SMALL: 15, ShieldCategory.LARGE: 20}
)

#: One-handed melee categories: the ones two-weapon fighting allows (W-BONUS-DUAL-1).
ONE_HANDED: frozenset[WeaponCategory] = frozenset(
    {W.MELEE_SHARP_SMALL, W.MELEE_BLUNT_SMALL, W.MELEE_SHARP_ONE_HANDED, W.MELEE_BLUNT_ONE_HANDED}
)

#: Most shots per action of each fire mode (W-FIRE-REP/SEMI/AUTO; W-OPEN-7: single 1).
MAX_SHOTS: Mapping[FireMode, int] = MappingProxyType(
    {FireMode.SINGLE: 1, FireMode.REPEATING: 1, FireMode.SEMI_AUTO: 2, FireMode.FULL_AUTO: 3}
)

#: Malus of each fire mode when more than one shot is fired (W-FIRE-SEMI/AUTO, W-OPEN-7).
FIRE_MALUS: Mapping[FireMode, int] = MappingProxyType(
    {FireMode.SINGLE: 0, FireMode.REPEATING: 0, FireMode.SEMI_AUTO: -15, FireMode.FULL_AUTO: -25}
)

AIM_BONUS = 25  # W-ACT-AIM
DEFENSIVE_STANCE_BONUS = 25  # W-ACT-DEF-2
DUAL_ATTACK_MALUS = -25  # W-BONUS-DUAL-2


@dataclass(frozen=True)
class Attack:
    """What an attacker brings to one attack action."""

    weapon: WeaponCategory
    skills: frozenset[WeaponCategory] = field(default_factory=frozenset)
    aimed: bool = False
    fire_mode: FireMode = FireMode.SINGLE
    shots: int = 1
    #: The second weapon of a simultaneous two-weapon attack (W-BONUS-DUAL-2), if any.
    second_weapon: WeaponCategory | None = None


@dataclass(frozen=True)
class Defence:
    """What a defender brings to one defence test."""

    weapons: tuple[WeaponCategory, ...] = ()
    shield: ShieldCategory | None = None
    weapon_skills: frozenset[WeaponCategory] = field(default_factory=frozenset)
    shield_skills: frozenset[ShieldCategory] = field(default_factory=frozenset)
    defensive_stance: bool = False


def weapon_bonus(
    weapon: WeaponCategory, skills: Collection[WeaponCategory], *, attack: bool
) -> int:
    """Return a weapon's bonus on attack or defence, +0 without its skill (W-BONUS-1)."""
    if weapon not in skills:
        return 0
    table = ATTACK_BONUS if attack else DEFENCE_BONUS
    return table.get(weapon, 0)


def check_shots(mode: FireMode, shots: int) -> None:
    """Raise ValueError unless 1 <= shots <= the mode's maximum (W-FIRE-*)."""
    if not 1 <= shots <= MAX_SHOTS[mode]:
        raise ValueError(f"{mode.name} fires 1 to {MAX_SHOTS[mode]} shots per action, not {shots}")


def attack_modifier(attack: Attack) -> int:
    """Return the attack test's PW modifier (W-BONUS-2, W-ACT-AIM, W-FIRE, W-BONUS-DUAL).

    A two-weapon attack uses the higher skilled bonus of the two (W-BONUS-DUAL-4,
    W-OPEN-6 AI default) and takes -25; the fire malus applies when more than one shot
    is fired (W-OPEN-7)."""
    check_shots(attack.fire_mode, attack.shots)
    bonus = weapon_bonus(attack.weapon, attack.skills, attack=True)
    total = 0
    if attack.second_weapon is not None:
        _check_dual(attack.weapon, attack.second_weapon)
        second = weapon_bonus(attack.second_weapon, attack.skills, attack=True)
        bonus = max(bonus, second)
        total += DUAL_ATTACK_MALUS
    total += bonus
    if attack.shots > 1:
        total += FIRE_MALUS[attack.fire_mode]
    if attack.aimed:
        total += AIM_BONUS
    return total


def _check_dual(first: WeaponCategory, second: WeaponCategory) -> None:
    """Raise ValueError unless both weapons are one-handed (W-BONUS-DUAL-1)."""
    if first not in ONE_HANDED or second not in ONE_HANDED:
        raise ValueError(
            f"a simultaneous attack needs two one-handed weapons, not "
            f"{first.name} and {second.name}"
        )


def defence_modifier(defence: Defence) -> int:
    """Return the defence test's PW modifier (W-BONUS-2, W-ACT-DEF-2).

    Only one weapon's bonus counts, the best (W-BONUS-DUAL-1/4); a shield's bonus
    stacks with it (W-OPEN-6)."""
    weapon = max(
        (weapon_bonus(w, defence.weapon_skills, attack=False) for w in defence.weapons),
        default=0,
    )
    shield = 0
    if defence.shield is not None and defence.shield in defence.shield_skills:
        shield = SHIELD_BONUS[defence.shield]
    stance = DEFENSIVE_STANCE_BONUS if defence.defensive_stance else 0
    return weapon + shield + stance


def hits_on_win(attack: Attack) -> int:
    """Return the hits a won test scores: one per shot, two for a simultaneous
    two-weapon attack, else one (W-HIT-1, W-FIRE-TEST, W-BONUS-DUAL-3)."""
    if attack.second_weapon is not None:
        return 2
    return attack.shots
