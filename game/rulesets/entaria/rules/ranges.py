"""Range bands (Reichweitenkategorien) and the edges they give a ranged attack.

Ranges are counted in fields, Chebyshev (D-1, E-OPEN-14). Every weapon used at
range, thrown weapons included (E-THROW-1, E-OPEN-16), falls into the same five
bands (E-RANGE-1). Edges are counted: each Vorteil +1, each Nachteil -1 (D-2,
E-OPEN-1). Cover and conditions (Abgelenkt, Volldeckung) add their own edges
elsewhere; this module knows only distance, water and the Distanzschuss.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from enum import IntEnum
from typing import SupportsIndex

from game.board.grid import Cell, distance
from game.rulesets.entaria.rules.terms import WeaponAttribute


class RangeBand(IntEnum):
    """The five range bands, nearest first (E-RANGE-1).

    The values order the bands, so "one step down" (E-UNDERWATER-3) is ``value - 1``.
    """

    POINT_BLANK = 1  # Kernschuss, 1 field
    NEAR = 2  # Nah, 2-4 fields
    MEDIUM = 3  # Mittel, 5-20 fields
    LONG = 4  # Weit, 21-100 fields
    EXTREME = 5  # Extrem, 101-1000 fields

    @property
    def low(self) -> int:
        """Return the nearest distance in fields that falls into this band."""
        return _BOUNDS[self][0]

    @property
    def high(self) -> int:
        """Return the farthest distance in fields that falls into this band."""
        return _BOUNDS[self][1]

    @property
    def edge(self) -> int:
        """Return the band's edge: Kernschuss and Weit -1, Extrem -2, else 0 (E-RANGE-*)."""
        return _EDGES[self]

    @property
    def german(self) -> str:
        """Return the band's name in the rulebook."""
        return _GERMAN[self]


_BOUNDS: dict[RangeBand, tuple[int, int]] = {
    RangeBand.POINT_BLANK: (1, 1),  # E-RANGE-KERN
    RangeBand.NEAR: (2, 4),  # E-RANGE-NAH
    RangeBand.MEDIUM: (5, 20),  # E-RANGE-MITTEL
    RangeBand.LONG: (21, 100),  # E-RANGE-WEIT
    RangeBand.EXTREME: (101, 1000),  # E-RANGE-EXTREM
}
_EDGES: dict[RangeBand, int] = {
    RangeBand.POINT_BLANK: -1,  # Nachteil
    RangeBand.NEAR: 0,
    RangeBand.MEDIUM: 0,
    RangeBand.LONG: -1,  # Nachteil
    RangeBand.EXTREME: -2,  # "zweimal Nachteil", counted (D-2, E-OPEN-1)
}
_GERMAN: dict[RangeBand, str] = {
    RangeBand.POINT_BLANK: "Kernschuss",
    RangeBand.NEAR: "Nah",
    RangeBand.MEDIUM: "Mittel",
    RangeBand.LONG: "Weit",
    RangeBand.EXTREME: "Extrem",
}

#: The farthest distance any band reaches (E-RANGE-EXTREM).
MAX_RANGE = RangeBand.EXTREME.high


def range_band(fields: SupportsIndex) -> RangeBand | None:
    """Return the band a distance in fields falls into (E-RANGE-1).

    0 (the shooter's own field) and anything beyond 1000 fields lie in no band.
    """
    count = operator.index(fields)
    if count < 0:
        raise ValueError(f"a distance cannot be negative, got {count}")
    for band in RangeBand:
        if band.low <= count <= band.high:
            return band
    return None


def band_for_cells(a: Cell, b: Cell) -> RangeBand | None:
    """Return the band between two fields, measured Chebyshev (D-1, E-OPEN-14)."""
    return range_band(distance(a, b))


def can_fire_at(usable_bands: Iterable[RangeBand], band: RangeBand | None) -> bool:
    """Return whether a weapon with these bands can hit a target in ``band`` (E-RANGE-2).

    ``band=None`` (no band: own field or beyond Extrem) can never be hit.
    """
    return band is not None and band in frozenset(usable_bands)


def underwater_bands(usable_bands: Iterable[RangeBand]) -> frozenset[RangeBand]:
    """Return the bands a weapon keeps underwater (E-UNDERWATER-3, E-OPEN-45 reading A).

    The weapon's farthest band drops one step and the result is capped at Mittel;
    every band beyond that new limit is lost, the nearer ones stay. A weapon whose
    farthest band is Kernschuss has no band left: it cannot be fired underwater.
    """
    bands = frozenset(usable_bands)
    if not bands:
        return frozenset()
    limit = min(max(bands) - 1, RangeBand.MEDIUM)
    return frozenset(band for band in bands if band <= limit)


def underwater_edge(band: RangeBand, built_for_underwater: bool) -> int:
    """Return the extra edge underwater: Nachteil at Mittel (E-UNDERWATER-4).

    A weapon built for use underwater loses that Nachteil (E-UNDERWATER-6, E-OPEN-45).
    """
    if band is RangeBand.MEDIUM and not built_for_underwater:
        return -1
    return 0


def weapon_usable_underwater(
    attributes: Iterable[WeaponAttribute] = (), *, area_damage: bool = False
) -> bool:
    """Return whether a weapon may be used underwater (E-UNDERWATER-5).

    Weapons with Flächenschaden (``area_damage``) or Bereichsfeuer cannot be used.
    """
    return not area_damage and WeaponAttribute.AREA_FIRE not in frozenset(attributes)


def area_weapon_usable_underwater() -> bool:
    """Return whether Flächenschaden or Bereichsfeuer works underwater: never (E-UNDERWATER-5)."""
    return weapon_usable_underwater(area_damage=True)


#: The bands in which a Distanzschuss has Vorteil (E-ACT-VH-DISTANZ-3).
LONG_SHOT_ADVANTAGE_BANDS: frozenset[RangeBand] = frozenset({RangeBand.LONG, RangeBand.EXTREME})


def long_shot_edge(band: RangeBand | None) -> int:
    """Return the Distanzschuss edge: Vorteil at Weit and Extrem (E-ACT-VH-DISTANZ-3).

    The band's own Nachteil is added separately (``ranged_attack_edge``); no band
    (``None``: own field or beyond Extrem) gives no Vorteil.
    """
    return 1 if band in LONG_SHOT_ADVANTAGE_BANDS else 0


def ranged_attack_edge(
    band: RangeBand,
    *,
    underwater: bool = False,
    built_for_underwater: bool = False,
    long_shot: bool = False,
) -> int:
    """Return the counted edge that range, water and a Distanzschuss give an attack (D-2).

    Thrown weapons use it too, also when aimed at a field (E-THROW-1, E-OPEN-16).
    Whether the weapon may fire at ``band`` at all is ``can_fire_at``'s question.
    """
    edge = band.edge
    if underwater:
        edge += underwater_edge(band, built_for_underwater)
    if long_shot:
        edge += long_shot_edge(band)
    return edge
