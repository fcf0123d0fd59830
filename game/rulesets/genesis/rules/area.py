"""Genesis projectiles and areas: dodge rolls by kind and direction, edge zones, aiming areas."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.rulesets.genesis.rules.checks import round_half_up
from game.rulesets.genesis.rules.ranged import Quadrant

EXACT_PENALTY = 60
DEVIATION_PENALTY = 30


class ProjectileKind(Enum):
    """How an incoming effect is dodged."""

    SINGLE = "single"  # arrow, bolt, stone, energy projectile, projectile-like spell
    SPELL = "spell"  # a spell that is not projectile-like
    AREA = "area"  # fireball, fire-oil shot, firestorm
    PASSIVE_DESTRUCTION = "passive_destruction"  # aura, dust hail, poison cloud


def spell_kind(projectile_like: bool, area: bool = False) -> ProjectileKind:
    """Return how a spell is dodged: projectile-like ones as single or area projectiles."""
    if projectile_like:
        return ProjectileKind.AREA if area else ProjectileKind.SINGLE
    return ProjectileKind.SPELL


def dodgeable(kind: ProjectileKind, in_edge_zone: bool = False) -> bool:
    """Return whether a dodge can avoid the effect: areas only in the edge zone."""
    if kind is ProjectileKind.AREA:
        return in_edge_zone
    return kind is not ProjectileKind.PASSIVE_DESTRUCTION


def dodge_rolls(incoming: Sequence[tuple[ProjectileKind, Quadrant]]) -> int:
    """Return the AW rolls needed in one KR: one per direction for single projectiles.

    Every other dodgeable effect (a spell, an area) needs its own roll.
    """
    single_dirs = {d for kind, d in incoming if kind is ProjectileKind.SINGLE}
    others = sum(1 for kind, _ in incoming if kind in (ProjectileKind.SPELL, ProjectileKind.AREA))
    return len(single_dirs) + others


Field = tuple[int, int]


def edge_zone(fields: Sequence[Field], centre: Field) -> set[Field]:
    """Return the edge zone: the affected fields farthest from the centre (G-OPEN-15)."""
    if not fields:
        return set()
    far = max(math.dist(f, centre) for f in fields)
    return {f for f in fields if math.isclose(math.dist(f, centre), far)}


@dataclass(frozen=True)
class AreaHits:
    """The damage of one KR's area effects: only the highest, plus all side effects."""

    damage: int
    side_effects: tuple[str, ...]


def area_round(hits: Sequence[tuple[int, Sequence[str]]]) -> AreaHits:
    """Return the counted damage (highest only) and every side effect of the KR's area hits."""
    damage = max((d for d, _ in hits), default=0)
    effects = tuple(e for _, side in hits for e in side)
    return AreaHits(damage, effects)


def needs_estimate_test(allies_in_area: int) -> bool:
    """Return whether placing the area needs a Maßeschätzen test: when allies would be hit."""
    return allies_in_area > 0


class AimOutcome(Enum):
    """The result of a Maßeschätzen test for an area effect."""

    EXACT = "exact"
    DEVIATION = "deviation"
    INTENTION = "intention"
    EVERYONE = "everyone"


def aim_outcome(value: int, roll: int) -> AimOutcome:
    """Return the outcome of one Maßeschätzen roll: the best tier its margin reaches (G-OPEN-15)."""
    if roll <= value - EXACT_PENALTY:
        return AimOutcome.EXACT
    if roll <= value - DEVIATION_PENALTY:
        return AimOutcome.DEVIATION
    if roll <= value:
        return AimOutcome.INTENTION
    return AimOutcome.EVERYONE


def enemies_hit(
    outcome: AimOutcome, enemies: int, allies: int, hit_nobody: bool
) -> tuple[int, int]:
    """Return (enemies, allies) hit; ``hit_nobody`` is the intention announced beforehand."""
    if outcome is AimOutcome.EXACT:
        return (enemies, 0)
    if outcome is AimOutcome.DEVIATION:
        return (round_half_up(2 * enemies / 3), 0)
    if outcome is AimOutcome.INTENTION:
        return (0, 0) if hit_nobody else (enemies, allies)
    return (enemies, allies)
