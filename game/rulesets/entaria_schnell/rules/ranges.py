"""Zone range bands, the shared-zone Nachteil and cover (Q-RANGE-*, Q-RANGED-*, Q-COVER-*).

Range counts orthogonal zone steps (Q-OPEN-6): 0-1 Nah, 2-3 Mittel, 4-10 Weit (Nachteil),
beyond 10 up to 1 km Extra (two Nachteile, counted as an edge, E-OPEN-1). Cover raises V
and Panzerung (ENTARIA's ``cover_bonus`` numbers); full cover gives the target Schemenhaft
and Bewegungslos instead of a direct Nachteil (Q-COVER-2, Q-OPEN-9 A).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import IntEnum

from game.board.grid import Cover
from game.rulesets.entaria.rules.condition_rolls import attacker_modifiers
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.held_conditions import ConditionSet, Held, as_condition_set
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import Condition

__all__ = [
    "EXTRA_MAX_METRES",
    "FULL_COVER_CONDITIONS",
    "CoverEffect",
    "ZoneRangeBand",
    "band_from_field_band",
    "can_fire_at",
    "cover_effect",
    "leave_full_cover",
    "ranged_edge",
    "shared_zone_edge",
    "take_full_cover",
    "zone_band",
]

#: "Extra bis zu 1 km weit" (Q-RANGE-EXTRA).
EXTRA_MAX_METRES = 1000


class ZoneRangeBand(IntEnum):
    """The four zone bands, nearest first (Q-RANGE-NAH..EXTRA)."""

    NEAR = 1
    MEDIUM = 2
    LONG = 3
    EXTRA = 4

    @property
    def low(self) -> int:
        """Return the fewest zone steps in this band."""
        return _BOUNDS[self][0]

    @property
    def high(self) -> int | None:
        """Return the most zone steps in this band; None for Extra (capped by metres)."""
        return _BOUNDS[self][1]

    @property
    def edge(self) -> int:
        """Return the band's edge: Weit -1, Extra -2 (Q-RANGE-WEIT, Q-RANGE-EXTRA)."""
        return _EDGES[self]

    @property
    def german(self) -> str:
        """Return the rulebook name."""
        return ("Nah", "Mittel", "Weit", "Extra")[self - 1]

    @property
    def english(self) -> str:
        """Return the English name."""
        return ("near", "medium", "long", "extra")[self - 1]


_BOUNDS: dict[ZoneRangeBand, tuple[int, int | None]] = {
    ZoneRangeBand.NEAR: (0, 1),  # "Nah = 1 Zone", the own zone included (Q-OPEN-6)
    ZoneRangeBand.MEDIUM: (2, 3),  # "bis zu 3 Zonen"
    ZoneRangeBand.LONG: (4, 10),  # "bis zu 10 Zonen"
    ZoneRangeBand.EXTRA: (11, None),  # "bis zu 1 km"
}
_EDGES: dict[ZoneRangeBand, int] = {
    ZoneRangeBand.NEAR: 0,
    ZoneRangeBand.MEDIUM: 0,
    ZoneRangeBand.LONG: -1,
    ZoneRangeBand.EXTRA: -2,
}


def zone_band(steps: int, *, zone_metres: float | None = None) -> ZoneRangeBand | None:
    """Return the band of a range in zone steps; None beyond 1 km (Q-RANGE-*, Q-OPEN-6).

    ``zone_metres``: a zone's size, a map parameter; without it Extra has no cap.
    """
    if steps < 0:
        raise ValueError(f"a range counts at least 0 zone steps, got {steps}")
    for band in ZoneRangeBand:
        high = band.high
        if high is not None and steps <= high:
            return band
    if zone_metres is not None and steps * zone_metres > EXTRA_MAX_METRES:
        return None
    return ZoneRangeBand.EXTRA


_FROM_FIELDS: dict[RangeBand, ZoneRangeBand] = {
    RangeBand.POINT_BLANK: ZoneRangeBand.NEAR,
    RangeBand.NEAR: ZoneRangeBand.NEAR,
    RangeBand.MEDIUM: ZoneRangeBand.MEDIUM,
    RangeBand.LONG: ZoneRangeBand.LONG,
    RangeBand.EXTREME: ZoneRangeBand.EXTRA,
}


def band_from_field_band(bands: Iterable[RangeBand]) -> frozenset[ZoneRangeBand]:
    """Return the zone bands of a catalogue weapon's field bands (Q-RANGE-1).

    Kernschuss and Nah become Nah, Mittel Mittel, Weit Weit, Extrem Extra.
    """
    return frozenset(_FROM_FIELDS[band] for band in bands)


def can_fire_at(usable: Collection[ZoneRangeBand], band: ZoneRangeBand | None) -> bool:
    """Return whether the range suits the weapon: its band is usable (Q-RANGE-1)."""
    return band is not None and band in usable


def shared_zone_edge(shooter_zone: int, target_zone: int, enemy_zones: Iterable[int] = ()) -> int:
    """Return -1 if the target or any enemy shares the shooter's zone, else 0 (Q-RANGED-2).

    One Nachteil however many (Q-OPEN-8); only the shooter's enemies count.
    """
    if target_zone == shooter_zone or shooter_zone in set(enemy_zones):
        return -1
    return 0


def ranged_edge(
    band: ZoneRangeBand,
    shooter_zone: int,
    target_zone: int,
    *,
    enemy_zones: Iterable[int] = (),
    target_held: Held = (),
    cover: Cover = Cover.NONE,
) -> int:
    """Return the edge of a ranged or throw attack: band, shared zone, target (Q-RANGED-1).

    Adds the band's Nachteil (Q-RANGE-WEIT/EXTRA), the shared-zone Nachteil (Q-RANGED-2)
    and what the target's conditions give attackers. Full ``cover`` gives the target
    Schemenhaft (Q-COVER-2), which counts once even if ``target_held`` has it already.
    """
    held = as_condition_set(target_held)
    if Cover(cover) is Cover.FULL:
        held = take_full_cover(held)
    conditions = attacker_modifiers(held).edge
    return band.edge + shared_zone_edge(shooter_zone, target_zone, enemy_zones) + conditions


@dataclass(frozen=True)
class CoverEffect:
    """What the target's cover does to a ranged attack (Q-COVER-1..3)."""

    defense: int
    armour: int
    conditions: frozenset[Condition]


#: Volldeckung gives Schemenhaft and Bewegungslos (Q-COVER-2).
FULL_COVER_CONDITIONS = frozenset({Condition.OBSCURED, Condition.IMMOBILIZED})


def cover_effect(level: Cover) -> CoverEffect:
    """Return V/Panzerung bonus and conditions: +2/+2, or +5/+5 with two conditions.

    Q-COVER-1 (Teildeckung), Q-COVER-2/3 (Volldeckung). The numbers are ENTARIA's cover
    bonus; its direct Nachteil is left out, Schemenhaft brings the Nachteil instead.
    """
    bonus = cover_bonus(level)
    conditions = FULL_COVER_CONDITIONS if Cover(level) is Cover.FULL else frozenset()
    return CoverEffect(defense=bonus.dodge, armour=bonus.armour, conditions=conditions)


def take_full_cover(held: Held) -> ConditionSet:
    """Return the conditions in full cover: + Schemenhaft and Bewegungslos (Q-COVER-2)."""
    result = as_condition_set(held)
    for condition in sorted(FULL_COVER_CONDITIONS, key=lambda c: c.value):
        if result.count(condition) == 0:
            result = result.add(condition)
    return result


def leave_full_cover(held: Held) -> ConditionSet:
    """Return the conditions after giving up full cover: both end (Q-COVER-2, Q-OPEN-9 A)."""
    result = as_condition_set(held)
    for condition in FULL_COVER_CONDITIONS:
        if result.count(condition):
            result = result.remove(condition)
    return result
