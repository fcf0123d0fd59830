"""Genesis ranged details: engagements, aimed shots, missile weapons and fight clusters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rulesets.genesis.rules.ranged import defence_halved, range_modifier

COMBAT_RANGE_M = 40.0

Field = tuple[int, int]


@dataclass(frozen=True)
class MissileWeapon:
    """A missile weapon's ranges in metres: a combat range (as a rule 40 m) and a maximum."""

    max_range_m: float
    combat_range_m: float = COMBAT_RANGE_M


def thrown_weapon(range_m: float) -> MissileWeapon:
    """Return a thrown object or throwing weapon as a missile weapon: combat range = maximum."""
    return MissileWeapon(max_range_m=range_m, combat_range_m=range_m)


def shot_possible(distance_m: float, weapon: MissileWeapon) -> bool:
    """Return whether a shot can be fired: never beyond the maximum range (G-OPEN-13)."""
    return distance_m <= weapon.max_range_m


def is_engagement(target_in_fight: bool, target_aware: bool) -> bool:
    """Return whether a shot is part of a ranged engagement: target in the fight or aware."""
    return target_in_fight or target_aware


def aimed_shot_allowed(
    announced: bool, target_aware: bool, target_is_object: bool, in_engagement: bool
) -> bool:
    """Return whether an aimed shot may be made: announced, at an object or an unaware victim.

    In a ranged engagement no such special shot is possible, unless the target is an object.
    """
    if not announced:
        return False
    if target_is_object:
        return True
    return not target_aware and not in_engagement


def aimed_shot_modifier(
    distance_m: float, weapon: MissileWeapon, part_size: str, motion: str
) -> int:
    """Return the AT modifier of an aimed shot: distance, the aimed part's size and motion."""
    return range_modifier(distance_m, weapon.combat_range_m, part_size, motion)


def _adjacent(a: Field, b: Field) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def fight_clusters(positions: Mapping[str, Field], sides: Mapping[str, int]) -> list[set[str]]:
    """Return the fight clusters: combatants linked by adjacency to an enemy (G-OPEN-10).

    A combatant with no adjacent enemy is in no cluster.
    """
    links: dict[str, set[str]] = {name: set() for name in positions}
    for a in positions:
        for b in positions:
            if sides[a] != sides[b] and _adjacent(positions[a], positions[b]):
                links[a].add(b)
    clusters: list[set[str]] = []
    seen: set[str] = set()
    for start in positions:
        if start in seen or not links[start]:
            continue
        group: set[str] = set()
        stack = [start]
        while stack:
            name = stack.pop()
            if name in group:
                continue
            group.add(name)
            stack.extend(links[name])
        seen |= group
        clusters.append(group)
    return clusters


def same_cluster(a: str, b: str, clusters: list[set[str]]) -> bool:
    """Return whether two combatants are in the same fight cluster."""
    return any(a in group and b in group for group in clusters)


def shot_defence_halved(
    shooter: str, target: str, distance_m: float, clusters: list[set[str]]
) -> bool:
    """Return whether the target defends a shot at half value (cluster and 5 m, G-OPEN-12)."""
    return defence_halved(distance_m, same_cluster(shooter, target, clusters))
