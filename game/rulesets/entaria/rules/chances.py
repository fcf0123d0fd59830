"""Exact chances of a success roll and the range of its damage (D-2, D-3, D-4, D-6).

The screen shows what a roll is likely to bring before it is made. Every figure here is
exact (``Fraction``), counted from the dice the roll throws: 1 + |edge| d20, the highest
or lowest kept (D-2); a kept natural 20 always succeeds and is a critical success, a kept
natural 1 always fails (D-3). Damage asks ``damage.damage_from_die`` for each face of the
d6 (D-4) and ``areas.area_fire_value`` for area fire (D-6), so no rule is written twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.rulesets.entaria.rules.areas import area_fire_value
from game.rulesets.entaria.rules.checks import D20
from game.rulesets.entaria.rules.damage import D6, Affinity, damage_from_die

__all__ = [
    "DamageRange",
    "area_fire_damage",
    "crit_chance",
    "damage_distribution",
    "fumble_chance",
    "kept_die_chances",
    "success_chance",
]

ZERO = Fraction(0)
ONE = Fraction(1)


@lru_cache(maxsize=64)
def kept_die_chances(edge: int = 0) -> tuple[Fraction, ...]:
    """Return P(kept die = k) for k = 1..20 with edge n: 1+|n| d20, highest or lowest (D-2).

    Highest of m dice is at most k with (k/20)^m; lowest is at least k with ((21-k)/20)^m.
    """
    m = 1 + abs(edge)
    whole = D20**m
    if edge > 0:
        counts = [k**m - (k - 1) ** m for k in range(1, D20 + 1)]
    else:
        counts = [(D20 + 1 - k) ** m - (D20 - k) ** m for k in range(1, D20 + 1)]
    return tuple(Fraction(c, whole) for c in counts)


def _kept_succeeds(kept: int, value: int, target: int, modifier: int) -> bool:
    """Return whether a kept die succeeds: natural 20 yes, natural 1 no, else the sum (D-3)."""
    if kept == D20:
        return True
    if kept == 1:
        return False
    return kept + value + modifier >= target


def success_chance(
    value: int,
    target: int,
    *,
    edge: int = 0,
    modifier: int = 0,
    help_die: int = 0,
    automatic_failure: bool = False,
) -> Fraction:
    """Return the chance that kept d20 + value + modifier >= target succeeds (D-2, D-3).

    ``help_die``: the sides of a die added to the roll (Helfen's w6, E-ACT-VH-HELFEN; 0 for
    none), each face equally likely. ``automatic_failure``: the check fails without a roll
    (E-OPEN-31), so 0.
    """
    if automatic_failure:
        return ZERO
    faces = range(1, help_die + 1) if help_die else (0,)
    kept = kept_die_chances(edge)
    total = ZERO
    for extra in faces:
        for k, p in enumerate(kept, start=1):
            if _kept_succeeds(k, value, target, modifier + extra):
                total += p
    return total / len(faces)


def crit_chance(edge: int = 0) -> Fraction:
    """Return the chance of a critical success: the kept die shows 20 (D-2, D-3)."""
    return kept_die_chances(edge)[D20 - 1]


def fumble_chance(edge: int = 0) -> Fraction:
    """Return the chance of a critical failure: the kept die shows 1 (D-2, D-3)."""
    return kept_die_chances(edge)[0]


@dataclass(frozen=True)
class DamageRange:
    """What a hit takes off: the least, the most and the mean, all outcomes weighed."""

    minimum: int
    maximum: int
    mean: Fraction


def _range_of(outcomes: list[tuple[Fraction, int]]) -> DamageRange:
    """Return min, max (of outcomes that can happen) and the weighed mean."""
    possible = [v for p, v in outcomes if p > 0]
    weight = sum((p for p, _ in outcomes), ZERO)
    mean = sum((p * v for p, v in outcomes), ZERO) / weight
    return DamageRange(min(possible), max(possible), mean)


def damage_distribution(
    sw: int,
    bonus: int,
    armour: int,
    *,
    affinity: Affinity = Affinity.NORMAL,
    crit_chance: Fraction = ZERO,
) -> DamageRange:
    """Return the damage of one hit: SW + d6 + bonus - armour, crit x2, affinity (D-4).

    ``crit_chance`` is the chance that the hit is a critical one (given it hits), which
    doubles the value after armour (E-CRIT-HIT-2). Each d6 face has 1/6.
    """
    if not ZERO <= crit_chance <= ONE:
        raise ValueError(f"a chance lies in 0..1, got {crit_chance}")
    outcomes: list[tuple[Fraction, int]] = []
    for die in range(1, D6 + 1):
        for crit, p in ((False, ONE - crit_chance), (True, crit_chance)):
            damage = damage_from_die(
                sw, die, bonus=bonus, armour=armour, crit=crit, affinity=affinity
            )
            outcomes.append((p / D6, damage.final))
    return _range_of(outcomes)


def area_fire_damage(
    field_value: int,
    armour: int,
    *,
    affinity: Affinity = Affinity.NORMAL,
    save_chance: Fraction = ZERO,
) -> DamageRange:
    """Return what a creature on a field of ``field_value`` takes after its save (D-6).

    Failed: the field's value after armour; passed: half of that, rounded down; then the
    affinity (``areas.area_fire_value``, the hit's own). ``save_chance`` weighs the two.
    """
    if not ZERO <= save_chance <= ONE:
        raise ValueError(f"a chance lies in 0..1, got {save_chance}")
    outcomes: list[tuple[Fraction, int]] = []
    for passed, p in ((False, ONE - save_chance), (True, save_chance)):
        damage = area_fire_value([field_value], armour=armour, affinity=affinity, saved=passed)
        outcomes.append((p, damage))
    return _range_of(outcomes)
