"""Movement and reach in zones (Q-MOVE-*, Q-ATK-4, Q-OPEN-5/7/15).

Moves go from zone to zone across shared edges only, never diagonally (Q-MOVE-2; the
graph is ``zones.zone_neighbours``). Entering a zone that holds an enemy stops the move;
a character who starts in such a zone may leave it (Q-MOVE-3, Q-OPEN-5). Melee needs the
same zone (Q-OPEN-7); Lösen moves one zone out (Q-OPEN-15).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence

from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.condition_effects import (
    halve_movement,
    halving_count,
    reduced_bew,
)
from game.rulesets.entaria.rules.held_conditions import Held
from game.rulesets.entaria_schnell.rules.actions import DEFAULT_MOVES, MoveParams, zones_allowed
from game.rulesets.entaria_schnell.rules.zones import ZoneGraph, zone_distances

__all__ = [
    "disengage_zones",
    "forced_move_zones",
    "in_melee_reach",
    "move_along",
    "reachable_zones",
    "zone_allowance",
]


def zone_allowance(
    action: Action, held: Held = (), *, bew: int = 1, params: MoveParams = DEFAULT_MOVES
) -> int:
    """Return the zones a move may cover after the mover's conditions (Q-MOVE-1, Q-COVER-2).

    Bewegungslos (full cover among others) and BEW brought to 0 give 0 zones; each
    halving condition (Verkrampft, Verwirrt) halves, rounded down, minimum 1 (ENTARIA's
    ``halve_movement``). ``bew`` is the creature's BEW, read only for what takes it to 0.
    """
    zones = zones_allowed(action, params)
    if zones == 0 or reduced_bew(bew, held) == 0:
        return 0
    return halve_movement(zones, halving_count(held, base_bew=bew))


def reachable_zones(
    graph: ZoneGraph, start: int, allowance: int, *, enemy_zones: Collection[int] = ()
) -> dict[int, int]:
    """Return every zone a move can end in, with its zone steps; start has 0 (Q-MOVE-1..3).

    A zone with an enemy can be entered but not passed through (Q-MOVE-3, Q-OPEN-5).
    """
    if allowance < 0:
        raise ValueError(f"a move allows at least 0 zones, got {allowance}")
    found = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        steps = found[zone]
        if steps >= allowance or (zone != start and zone in enemy_zones):
            continue
        for near in sorted(graph.get(zone, ())):
            if near not in found:
                found[near] = steps + 1
                queue.append(near)
    return found


def move_along(
    graph: ZoneGraph, path: Sequence[int], allowance: int, *, enemy_zones: Collection[int] = ()
) -> int:
    """Return the zone a move along ``path`` (start first) ends in (Q-MOVE-2/3).

    Each step must cross to a neighbour; the move stops in the first zone entered that
    holds an enemy, or when the allowance is spent.
    """
    if not path:
        raise ValueError("a path names at least its start zone")
    here = path[0]
    for steps, zone in enumerate(path[1:], start=1):
        if steps > allowance:
            break
        if zone not in graph.get(here, frozenset()):
            raise ValueError(f"zone {zone} is no orthogonal neighbour of zone {here}")
        here = zone
        if zone in enemy_zones:
            break
    return here


def in_melee_reach(attacker_zone: int, target_zone: int) -> bool:
    """Return whether melee reaches: the same zone only (Q-ATK-4, Q-OPEN-7)."""
    return attacker_zone == target_zone


def disengage_zones(graph: ZoneGraph, start: int) -> frozenset[int]:
    """Return the zones Lösen can step into: the neighbours, so it leaves the zone (Q-OPEN-15)."""
    return frozenset(graph.get(start, frozenset()))


def forced_move_zones(graph: ZoneGraph, target_zone: int, attacker_zone: int) -> frozenset[int]:
    """Return the zones a Wucht crit may push its target into (Q-CRIT-SAF-WUCHT-2, Q-OPEN-12).

    The attacker picks an adjacent zone, away from himself if possible: the neighbours
    farthest from the attacker's zone; any neighbour when none lies farther.
    """
    near = graph.get(target_zone, frozenset())
    if not near:
        return frozenset()
    from_attacker = zone_distances(graph, attacker_zone)
    here = from_attacker.get(target_zone, 0)
    scored = {zone: from_attacker.get(zone, here + 1) for zone in near}
    best = max(scored.values())
    if best <= here:
        return frozenset(near)
    return frozenset(zone for zone, d in scored.items() if d == best)
