"""Throws at a zone and area effects in zones (Q-OPEN-17, Q-ATK-1 Wurfangriff).

A throw aimed at a zone rolls Fernkampf vs ZW 15 (ENTARIA's E-THROW-2 target). A miss
scatters one zone: the d20 of ENTARIA's scatter diagram, turned along the flight from the
thrower's zone, picks the neighbour zone lying most in that direction; the d6 distance is
not rolled. An area effect hits every creature in the zones it covers.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import D20, Roll, success_roll
from game.rulesets.entaria.rules.scatter import scatter_step, snap_direction, throw_at_field_target
from game.rulesets.entaria_schnell.rules.zones import ZoneGraph, ZoneMap

__all__ = ["ZoneThrow", "creatures_in_zones", "scatter_zone", "throw_at_zone", "zone_centre"]


K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class ZoneThrow:
    """A throw at a zone: the roll, the scatter d20 (None on a hit), the landing zone."""

    roll: Roll
    direction_roll: int | None
    landing: int

    @property
    def hit(self) -> bool:
        return self.direction_roll is None


def zone_centre(zones: ZoneMap, zone: int) -> tuple[float, float]:
    """Return the mean (x, y) of a zone's fields."""
    ys, xs = np.nonzero(zones.ids == zone)
    if len(xs) == 0:
        raise ValueError(f"zone {zone} has no field")
    return float(xs.mean()), float(ys.mean())


def scatter_zone(
    zones: ZoneMap, graph: ZoneGraph, thrower_zone: int, target_zone: int, d20: int
) -> int:
    """Return the zone a missed throw lands in: one zone along the diagram (Q-OPEN-17).

    The diagram is turned along the flight (thrower's zone centre to the target's;
    north when both are the same zone). The neighbour whose centre lies most nearly in
    the scatter direction wins (ties: the lower zone id); with no neighbour within 90°
    of it the object stays in the target zone.
    """
    tx, ty = zone_centre(zones, target_zone)
    sx, sy = zone_centre(zones, thrower_zone)
    heading = snap_direction((round(2 * (tx - sx)), round(2 * (ty - sy))))
    dx, dy = scatter_step(d20, heading)
    best, best_cos = target_zone, 0.0
    for near in sorted(graph.get(target_zone, ())):
        nx, ny = zone_centre(zones, near)
        vx, vy = nx - tx, ny - ty
        length = float(np.hypot(vx, vy)) * float(np.hypot(dx, dy))
        cos = (vx * dx + vy * dy) / length if length else 0.0
        if cos > best_cos + 1e-9:
            best, best_cos = near, cos
    return best


def throw_at_zone(
    zones: ZoneMap,
    graph: ZoneGraph,
    thrower_zone: int,
    target_zone: int,
    ranged_value: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> ZoneThrow:
    """Throw at a zone: Fernkampf vs ZW 15, one zone of scatter on a miss (Q-OPEN-17).

    ``edge`` holds the band's and the shared zone's Nachteile (``ranges.ranged_edge``).
    Dice: the check's d20s, then on a miss the scatter d20.
    """
    roll = success_roll(ranged_value, throw_at_field_target(), roller, edge=edge, modifier=modifier)
    if roll.success:
        return ZoneThrow(roll, None, target_zone)
    d20 = roller.roll(D20)
    return ZoneThrow(roll, d20, scatter_zone(zones, graph, thrower_zone, target_zone, d20))


def creatures_in_zones(zone_of: Mapping[K, int], affected: Collection[int]) -> tuple[K, ...]:
    """Return every creature standing in an affected zone: an area effect hits each (Q-OPEN-17)."""
    return tuple(creature for creature, zone in zone_of.items() if zone in affected)
