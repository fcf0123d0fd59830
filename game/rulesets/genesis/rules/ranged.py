"""Genesis ranged combat: halved defence, distance and size modifiers, quadrants."""

from __future__ import annotations

import math
from enum import Enum

from game.rulesets.genesis.rules.checks import round_half_up

MELEE_DISTANCE_M = 5.0
SIZE_MODIFIER = {
    "elephant": 40, "horse": 20, "human": 0, "dog": -20,
    "head": -40, "cup": -50, "egg": -60, "nut": -80,
}  # fmt: skip
MOTION_MODIFIER = {"still": 20, "moving": 0, "running": -20, "hare": -50, "lightning": -80}


class Quadrant(Enum):
    """An attack direction relative to the defender's facing."""

    FRONT = "front"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"


def defence_halved(distance_m: float, same_cluster: bool) -> bool:
    """Return whether a ranged attack is only defended at half value."""
    return not (same_cluster and distance_m <= MELEE_DISTANCE_M)


def ranged_defence_value(value: int, modifiers: int, halved: bool) -> int:
    """Apply active modifiers first, then halve (G-RANGE-DEF-2)."""
    total = value + modifiers
    return round_half_up(total / 2) if halved else total


def range_modifier(distance_m: float, combat_range_m: float, size: str, motion: str) -> int:
    """Return the AT modifier; distance and motion count only beyond combat range."""
    mod = SIZE_MODIFIER[size]
    if distance_m > combat_range_m:
        mod += MOTION_MODIFIER[motion] - round_half_up(distance_m - combat_range_m)
    return mod


def quadrant(facing_deg: float, to_attacker_deg: float) -> Quadrant:
    """Classify the direction to the attacker (angles counter-clockwise, G-OPEN-11)."""
    diff = (to_attacker_deg - facing_deg) % 360.0
    off = min(diff, 360.0 - diff)
    if off <= 45.0:
        return Quadrant.FRONT
    if off >= 135.0:
        return Quadrant.BACK
    return Quadrant.LEFT if diff < 180.0 else Quadrant.RIGHT


def dodge_rolls_needed(directions: list[Quadrant]) -> int:
    """Return how many dodge rolls the single projectiles of one KR need."""
    return len(set(directions))


def distance_m(a: tuple[int, int], b: tuple[int, int]) -> float:
    """Return the Euclidean distance between field centres in metres (D-16)."""
    return math.dist(a, b)
