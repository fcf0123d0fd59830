"""Damage-type effects of a critical hit in the quick rules (Q-SAF-1, Q-CRIT-SAF-*).

The four "typical SAFs" differ from the full rules and carry a rider for a loss of 10 or
more LP from this hit (Q-SAF-1). The other seven types use ENTARIA's table (Q-OPEN-13 B).
Saves: at the end of each of the target's turns until one succeeds (Q-OPEN-11), rolled
with ENTARIA's ``resolve_saf_save``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import TypeVar

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll
from game.rulesets.entaria.rules.criticals import SafEffect, resolve_saf_save, saf_for
from game.rulesets.entaria.rules.damage import (
    Affinity,
    BodyZone,
    apply_affinity,
    random_body_zone,
)
from game.rulesets.entaria.rules.terms import Condition, DamageType

__all__ = [
    "RIDER_THRESHOLD",
    "QuickSaf",
    "SafRider",
    "disfigured_body_part",
    "quick_saf_for",
    "rider_applies",
    "roll_saf_save",
    "saf_result",
    "second_target_candidates",
    "second_target_damage",
]

#: "Bei Verlust von 10 oder mehr Lebenspunkten" (Q-SAF-1).
RIDER_THRESHOLD = 10


class SafRider(Enum):
    """What a loss of 10 or more LP adds to a typical SAF (Q-CRIT-SAF-*-2, Q-OPEN-12)."""

    SECOND_TARGET = "second_target"  # Stich: another target in the zone is hit
    UNCONSCIOUS = "unconscious"  # Hieb: Bewusstlos replaces Betäubt
    FORCED_MOVEMENT = "forced_movement"  # Wucht: pushed into an adjacent zone
    DISFIGURED = "disfigured"  # Feuer: a body part is disfigured (no game effect)


K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class QuickSaf:
    """A quick-rules SAF: ENTARIA's effect record plus the 10-LP rider (None: no rider)."""

    effect: SafEffect
    rider: SafRider | None = None

    @property
    def condition(self) -> Condition | None:
        return self.effect.condition


_TYPICAL: Mapping[DamageType, QuickSaf] = MappingProxyType(
    {
        # Q-CRIT-SAF-STICH-1/2: Verletzt (not Blutend), Reflexe save kept from ENTARIA.
        DamageType.PIERCING: QuickSaf(
            replace(saf_for(DamageType.PIERCING), condition=Condition.WOUNDED),
            SafRider.SECOND_TARGET,
        ),
        # Q-CRIT-SAF-HIEB-1/2: Betäubt, Konstitution save.
        DamageType.SLASHING: QuickSaf(saf_for(DamageType.SLASHING), SafRider.UNCONSCIOUS),
        # Q-CRIT-SAF-WUCHT-1/2: Liegend, no save.
        DamageType.BLUDGEONING: QuickSaf(saf_for(DamageType.BLUDGEONING), SafRider.FORCED_MOVEMENT),
        # Q-CRIT-SAF-FEUER-1/2: Verletzt (not Brennend), Geschick save kept.
        DamageType.FIRE: QuickSaf(
            replace(saf_for(DamageType.FIRE), condition=Condition.WOUNDED), SafRider.DISFIGURED
        ),
    }
)


def quick_saf_for(damage_type: DamageType) -> QuickSaf:
    """Return the SAF of a damage type: the typical four, else ENTARIA's (Q-SAF-1, Q-OPEN-13 B)."""
    typical = _TYPICAL.get(damage_type)
    return typical if typical is not None else QuickSaf(saf_for(damage_type))


def rider_applies(saf: QuickSaf, lp_lost: int) -> bool:
    """Return whether the rider fires: this hit took 10 or more LP (Q-SAF-1)."""
    return saf.rider is not None and lp_lost >= RIDER_THRESHOLD


def saf_result(damage_type: DamageType, lp_lost: int) -> tuple[SafEffect, SafRider | None]:
    """Return the effect the target gets and the rider that fires (Q-CRIT-HIT-3, Q-SAF-1).

    Hieb with 10+ LP: Bewusstlos replaces Betäubt, ended by the same Kon save
    (Q-CRIT-SAF-HIEB-2, Q-OPEN-12 (ii)).
    """
    saf = quick_saf_for(damage_type)
    if not rider_applies(saf, lp_lost):
        return saf.effect, None
    if saf.rider is SafRider.UNCONSCIOUS:
        return replace(saf.effect, condition=Condition.UNCONSCIOUS), saf.rider
    return saf.effect, saf.rider


def roll_saf_save(
    attribute_value: int, roller: Roller, effect: SafEffect, *, edge: int = 0, modifier: int = 0
) -> Roll | None:
    """Roll the end-of-turn save vs ZW 15 that ends the SAF condition (Q-CRIT-SAF-*-1).

    None when the effect allows none (Wucht). Success removes the condition.
    """
    return resolve_saf_save(attribute_value, roller, effect, edge=edge, modifier=modifier)


def second_target_damage(rolled: int, armour: int, affinity: Affinity = Affinity.NORMAL) -> int:
    """Return what the Stich rider's second target loses (Q-CRIT-SAF-STICH-2, Q-OPEN-12 (i)).

    The same rolled damage (2·SW + d6, before armour) minus its own armour, never below
    0, then its affinity; no SAF of its own.
    """
    if armour < 0:
        raise ValueError(f"armour cannot be negative, got {armour}")
    return apply_affinity(max(0, rolled - armour), affinity)


def second_target_candidates(zone_of: Mapping[K, int], target: K, attacker: K) -> tuple[K, ...]:
    """Return who the Stich rider may hit: others in the target's zone (Q-CRIT-SAF-STICH-2).

    The attacker picks one (Q-OPEN-12 (i)); neither the target nor the attacker himself.
    """
    zone = zone_of[target]
    return tuple(c for c, z in zone_of.items() if z == zone and c not in (target, attacker))


def disfigured_body_part(roller: Roller) -> BodyZone:
    """Roll the body part the Feuer rider disfigures: 1w20 on the table (Q-CRIT-SAF-FEUER-2).

    A narrative flag without game effect (Q-OPEN-12 (iv)); the part is ENTARIA's
    ``random_body_zone``, since the quick rules roll no hit location.
    """
    return random_body_zone(roller)
