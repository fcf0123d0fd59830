"""Range bands round a creature for one weapon, and the band of every field (E-RANGE-1, D-1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from game.board.grid import Cell
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.common import BoolGrid, grid_shape, read_only
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.underwater import underwater_attack_edge, underwater_rejection

__all__ = ["BandRing", "RangeRings", "range_rings"]


@dataclass(frozen=True)
class BandRing:
    """One range band of a weapon (E-RANGE-1): its distances, use and edge (D-2)."""

    band: RangeBand
    german: str
    low: int
    high: int
    usable: bool  # the weapon can hit a target in it (E-RANGE-2; under water E-UNDERWATER-3)
    edge: int  # the band's Vorteil (+) / Nachteil (-), under water included (E-UNDERWATER-4)
    reason: str  # why it cannot be used, "" when it can


@dataclass(frozen=True)
class RangeRings:
    """The five bands round a creature for one weapon, and the band of every field.

    ``band_index`` [y, x] holds the RangeBand value (1..5) of each field's distance from
    the creature's field (Chebyshev, D-1), 0 for its own field.
    """

    key: str
    weapon_key: str
    origin: Cell
    bands: tuple[BandRing, ...]
    band_index: npt.NDArray[np.int8]

    def usable_mask(self) -> BoolGrid:
        """Return the fields in a band the weapon can use."""
        usable = np.zeros(len(RangeBand) + 1, dtype=bool)
        for ring in self.bands:
            usable[ring.band] = ring.usable
        return usable[self.band_index]


@lru_cache(maxsize=8)
def _band_table(longest: int) -> npt.NDArray[np.int8]:
    """Return the band value of each distance 0..longest (``ranges.range_band``)."""
    return np.array([int(range_band(d) or 0) for d in range(longest + 1)], dtype=np.int8)


def _distance_grid(shape: tuple[int, int], origin: Cell) -> npt.NDArray[np.intp]:
    height, width = shape
    dx = np.abs(np.arange(width) - origin[0])
    dy = np.abs(np.arange(height) - origin[1])
    return np.maximum(dx[np.newaxis, :], dy[:, np.newaxis])


def bands_by_field(shape: tuple[int, int], origin: Cell) -> npt.NDArray[np.int8]:
    """Return the RangeBand value (1..5) of every field's distance from ``origin``, 0 there."""
    return _band_table(max(shape))[_distance_grid(shape, origin)]


def range_rings(battle: Battle, key: str, weapon_key: str) -> RangeRings:
    """Return the weapon's range bands round the creature, with a band per field."""
    creature = battle.creature(key)
    weapon = battle.weapon(weapon_key)
    rings = []
    for band in RangeBand:
        reason = ""
        if not weapon.fires_at(band):
            reason = say(
                f"{weapon.english} cannot fire at that range (E-RANGE-2)",
                f"{weapon.name} kann auf diese Entfernung nicht schießen (E-RANGE-2)",
            )
        else:
            reason = underwater_rejection(battle, weapon, band)
        edge = band.edge + underwater_attack_edge(battle, weapon, band, False)
        rings.append(BandRing(band, band.german, band.low, band.high, not reason, edge, reason))
    index = read_only(bands_by_field(grid_shape(battle), creature.cell))
    return RangeRings(key, weapon_key, creature.cell, tuple(rings), index)
