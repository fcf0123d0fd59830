"""Melee reach as masks: the fields a creature and each acting enemy threaten (E-REACH-2/3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.common import BoolGrid, grid_shape, read_only, side_of
from game.rulesets.entaria.rules.reach import reach_mask
from game.rulesets.entaria.state import CreatureState

__all__ = ["ThreatZones", "threat_zones"]


@dataclass(frozen=True)
class ThreatZones:
    """Melee reach as masks [y, x] (E-REACH-2/3, E-MELEE-2).

    ``own``: the fields the creature reaches with its longest melee reach (its own or a
    held melee weapon's, Distanz). ``enemies``: each enemy that can act, with its reach
    as the engine uses it for leaving reach and Störung (E-OPEN-11, E-OPEN-17: a
    Handlungsunfähig enemy threatens nothing). ``union``: all enemy reaches.
    """

    key: str
    own_reach: int
    own: BoolGrid
    enemies: Mapping[str, BoolGrid]
    union: BoolGrid


def _own_reach(battle: Battle, creature: CreatureState) -> int:
    kind = battle.creature_type(creature)
    weapons = [battle.catalogue.weapons.get(k) for k in creature.held]
    return max([kind.reach, 1] + [w.reach for w in weapons if w is not None and w.melee])


def threat_zones(battle: Battle, key: str) -> ThreatZones:
    """Return the creature's melee reach and each acting enemy's, as masks."""
    creature = battle.creature(key)
    shape = grid_shape(battle)
    reach = _own_reach(battle, creature)
    own = reach_mask(
        shape, creature.cell, side=side_of(battle, creature), reach=reach, grid=battle.grid
    )
    enemies: dict[str, BoolGrid] = {}
    union = np.zeros(shape, dtype=bool)
    for enemy in battle.enemies_of(creature):
        if not battle._can_take_turn(enemy):
            continue
        kind = battle.creature_type(enemy)
        mask = reach_mask(
            shape, enemy.cell, side=kind.size_fields, reach=kind.reach, grid=battle.grid
        )
        union |= mask
        enemies[enemy.key] = read_only(mask)
    return ThreatZones(key, reach, read_only(own), MappingProxyType(enemies), read_only(union))
