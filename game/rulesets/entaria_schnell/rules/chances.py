"""Exact chances of a quick attack (Q-ATK-4, Q-CRIT-HIT-1/2, Q-CRIT-FAIL-1).

The hit chance is ENTARIA's exact ``success_chance`` of the d20 roll against V, with
Vorteil/Nachteil counted as an edge; damage enumerates the six d6 faces with the quick
rules' crit (only the SW doubled).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rulesets.entaria.rules.chances import (
    DamageRange,
    crit_chance,
    fumble_chance,
    success_chance,
)
from game.rulesets.entaria.rules.damage import D6, Affinity
from game.rulesets.entaria_schnell.rules.attacks import quick_damage_from_die

__all__ = ["AttackChances", "attack_chances", "hit_chance", "quick_damage_range"]

ZERO = Fraction(0)
ONE = Fraction(1)


def hit_chance(attack_value: int, defense: int, *, edge: int = 0, modifier: int = 0) -> Fraction:
    """Return P(hit): kept d20 + value + WM >= V, 20 always hits, 1 always misses (Q-ATK-4)."""
    return success_chance(attack_value, defense, edge=edge, modifier=modifier)


@dataclass(frozen=True)
class AttackChances:
    """The exact chances of one attack roll: hit, critical hit, critical failure."""

    hit: Fraction
    critical: Fraction
    fumble: Fraction


def attack_chances(
    attack_value: int, defense: int, *, edge: int = 0, modifier: int = 0
) -> AttackChances:
    """Return hit, natural-20 and natural-1 chances (Q-CRIT-HIT-1, Q-CRIT-FAIL-1)."""
    return AttackChances(
        hit=hit_chance(attack_value, defense, edge=edge, modifier=modifier),
        critical=crit_chance(edge),
        fumble=fumble_chance(edge),
    )


def quick_damage_range(
    sw: int, armour: int, *, affinity: Affinity = Affinity.NORMAL, crit_given_hit: Fraction = ZERO
) -> DamageRange:
    """Return the least, most and mean damage of a hit (Q-DMG-1/3, Q-CRIT-HIT-2).

    ``crit_given_hit`` weighs the critical (2·SW) outcomes; each d6 face has 1/6.
    """
    if not ZERO <= crit_given_hit <= ONE:
        raise ValueError(f"a chance lies in 0..1, got {crit_given_hit}")
    outcomes: list[tuple[Fraction, int]] = []
    for die in range(1, D6 + 1):
        for crit, p in ((False, ONE - crit_given_hit), (True, crit_given_hit)):
            value = quick_damage_from_die(sw, die, armour=armour, crit=crit, affinity=affinity)
            outcomes.append((p / D6, value.final))
    possible = [v for p, v in outcomes if p > 0]
    mean = sum((p * v for p, v in outcomes), ZERO)
    return DamageRange(min(possible), max(possible), mean)
