"""Attacks in the quick rules (Q-ATK-*, Q-DMG-*, Q-CRIT-*, Q-DMGTYPE-1, Q-RES-*).

d20 + Nahkampf/Fernkampf against the target's Verteidigung (V = Ausweichen, D-14), no
defender roll (Q-ATK-2..4). Damage 1d6 + SW - Panzerung, no melee bonus (Q-DMG-1/3); a
natural 20 hits and doubles only the weapon's SW (Q-CRIT-HIT-1/2, Q-OPEN-10), brings the
SAF and an Impuls; a natural 1 misses, empties a ranged weapon's magazine and brings an
Impuls, without a lost turn (Q-CRIT-FAIL-*). Rolls and damage are ENTARIA's functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller
from game.board.grid import Cover
from game.rulesets.entaria.rules.attacks import resolve_attack_roll
from game.rulesets.entaria.rules.checks import Roll, impulse_gain
from game.rulesets.entaria.rules.condition_rolls import attacker_modifiers, dodge_value
from game.rulesets.entaria.rules.criticals import SafEffect, saf_applies
from game.rulesets.entaria.rules.damage import (
    D6,
    Affinity,
    Damage,
    combine_affinities,
    damage_from_die,
)
from game.rulesets.entaria.rules.held_conditions import Held
from game.rulesets.entaria.rules.terms import Attribute, DamageType, WeaponAttribute
from game.rulesets.entaria_schnell.rules.ranges import cover_effect
from game.rulesets.entaria_schnell.rules.saf import SafRider, saf_result

__all__ = [
    "AttackKind",
    "AttackResult",
    "QuickWeapon",
    "affinity_for",
    "attack_attribute",
    "attack_impulse",
    "defense_value",
    "melee_edge",
    "quick_damage",
    "quick_damage_from_die",
    "resolve_attack",
    "target_armour",
    "uses_range_and_cover",
]


class AttackKind(Enum):
    """The four attack actions (Q-ATK-1)."""

    MELEE = "Nahkampf"
    RANGED = "Fernkampf"
    THROW = "Wurfangriff"
    UNARMED = "waffenloser Kampf"


def attack_attribute(kind: AttackKind) -> Attribute:
    """Return the attribute rolled: Nahkampf for melee/unarmed, Fernkampf else (Q-ATK-3)."""
    if kind in (AttackKind.MELEE, AttackKind.UNARMED):
        return Attribute.MELEE
    return Attribute.RANGED


def uses_range_and_cover(kind: AttackKind) -> bool:
    """Return whether range and cover count: Fernkampf and Wurfangriff (Q-RANGED-1, Q-OPEN-8)."""
    return kind in (AttackKind.RANGED, AttackKind.THROW)


@dataclass(frozen=True)
class QuickWeapon:
    """A weapon as the quick rules read it: SW, damage type, attributes, magazine.

    ``attributes`` are the equipment attributes (input data, Q-EQUIP-1); ``magazine``
    False for weapons without one (bows, thrown weapons).
    """

    sw: int
    damage_type: DamageType
    kind: AttackKind
    attributes: frozenset[WeaponAttribute] = frozenset()
    magazine: bool = True


def affinity_for(
    damage_type: DamageType,
    *,
    resistant: frozenset[DamageType] = frozenset(),
    sensitive: frozenset[DamageType] = frozenset(),
    immune: frozenset[DamageType] = frozenset(),
) -> Affinity:
    """Return how the target takes the weapon's damage type (Q-DMGTYPE-1, Q-RES-1..3).

    Immunity wins; resistance and sensitivity together cancel (ENTARIA's rule).
    """
    return combine_affinities(
        damage_type in resistant, damage_type in sensitive, damage_type in immune
    )


def defense_value(
    ausweichen: int,
    held: Held = (),
    *,
    cover: Cover = Cover.NONE,
    kind: AttackKind = AttackKind.MELEE,
) -> int:
    """Return the target's V: Ausweichen with its conditions, + cover vs ranged (D-14, Q-ATK-2).

    Teildeckung +2, Volldeckung +5, only for Fernkampf and Wurfangriff (Q-COVER-1/3).
    """
    bonus = cover_effect(cover).defense if uses_range_and_cover(kind) else 0
    return dodge_value(ausweichen, held, cover_bonus=bonus)


def melee_edge(target_held: Held = ()) -> int:
    """Return the edge the target's conditions give a melee or unarmed attack (Q-ATK-2).

    Wehrlos (Betäubt, Liegend, ...) Vorteil, Schemenhaft Nachteil: ENTARIA's conditions.
    Range and cover do not apply to melee (Q-RANGED-1).
    """
    return attacker_modifiers(target_held).edge


def target_armour(
    panzerung: int, *, cover: Cover = Cover.NONE, kind: AttackKind = AttackKind.MELEE
) -> int:
    """Return the Panzerung that counts: + cover against ranged (Q-COVER-1/3, Q-DMG-3)."""
    bonus = cover_effect(cover).armour if uses_range_and_cover(kind) else 0
    return panzerung + bonus


def quick_damage_from_die(
    sw: int, die: int, *, armour: int = 0, crit: bool = False, affinity: Affinity = Affinity.NORMAL
) -> Damage:
    """Return the damage for a known d6: (2·)SW + d6 - Panzerung, then affinity (Q-DMG-1/3).

    A crit doubles only the weapon's SW (Q-CRIT-HIT-2, Q-OPEN-10); armour above the roll
    gives 0; resistance halves (rounded down), sensitivity doubles, immunity ignores
    (Q-RES-1..3). No melee bonus. ENTARIA's ``damage_from_die`` does the arithmetic.
    """
    return damage_from_die(2 * sw if crit else sw, die, armour=armour, affinity=affinity)


def quick_damage(
    sw: int,
    roller: Roller,
    *,
    armour: int = 0,
    crit: bool = False,
    affinity: Affinity = Affinity.NORMAL,
) -> Damage:
    """Roll 1d6 and return the quick damage (Q-DMG-1, Q-DMG-3, Q-CRIT-HIT-2)."""
    return quick_damage_from_die(sw, roller.roll(D6), armour=armour, crit=crit, affinity=affinity)


def attack_impulse(
    roll: Roll, *, player_character: bool = True, failed_initiative: bool = False
) -> int:
    """Return the Impuls a roll adds to the group (Q-CRIT-HIT-4, Q-CRIT-FAIL-3, Q-INIT-9).

    A natural 20 or 1 adds one for a player character (ENTARIA's rule); a character who
    failed initiative gains none (Q-INIT-9, Q-OPEN-3 A).
    """
    if failed_initiative:
        return 0
    return impulse_gain(roll, rolled_by_player_character=player_character)


@dataclass(frozen=True)
class AttackResult:
    """Everything one attack decided (Q-ATK-4, Q-CRIT-*).

    ``damage`` None on a miss; ``saf``/``rider`` only after a natural 20;
    ``magazine_empty`` after a natural 1 with a magazine weapon (Q-CRIT-FAIL-2).
    """

    roll: Roll
    hit: bool
    damage: Damage | None
    rolled: int
    saf: SafEffect | None
    rider: SafRider | None
    magazine_empty: bool
    impulse: int

    @property
    def critical(self) -> bool:
        return self.roll.is_critical_success


def resolve_attack(
    attack_value: int,
    weapon: QuickWeapon,
    defense: int,
    armour: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
    affinity: Affinity = Affinity.NORMAL,
    player_character: bool = True,
    failed_initiative: bool = False,
) -> AttackResult:
    """Roll an attack and its damage (Q-ATK-2/4, Q-DMG-*, Q-CRIT-HIT-*, Q-CRIT-FAIL-*).

    ``defense`` and ``armour`` already hold cover (``defense_value``, ``target_armour``);
    ``edge`` holds band, shared zone and conditions (``ranges.ranged_edge``). The d20
    comes first, then the d6 on a hit. ``rolled`` is (2·)SW + d6 before armour (for the
    Stich rider); the rider is judged on the LP this hit takes.
    """
    roll = resolve_attack_roll(attack_value, defense, roller, edge=edge, modifier=modifier)
    impulse = attack_impulse(
        roll, player_character=player_character, failed_initiative=failed_initiative
    )
    if not roll.success:
        empty = roll.is_critical_failure and weapon.kind is AttackKind.RANGED and weapon.magazine
        return AttackResult(roll, False, None, 0, None, None, empty, impulse)
    crit = roll.is_critical_success
    damage = quick_damage(weapon.sw, roller, armour=armour, crit=crit, affinity=affinity)
    rolled = (2 * weapon.sw if crit else weapon.sw) + damage.die
    saf: SafEffect | None = None
    rider: SafRider | None = None
    if crit and saf_applies(immune_to_type=affinity is Affinity.IMMUNE, immune_to_condition=False):
        saf, rider = saf_result(weapon.damage_type, damage.final)
    return AttackResult(roll, True, damage, rolled, saf, rider, False, impulse)
