"""Fighting under water (E-UNDERWATER-*, E-OPEN-45 A): what the water refuses and its edge.

Melee has Nachteil except Stich (unarmed counts as Wucht); ranged weapons keep only the
bands ``ranges.underwater_bands`` leaves, with Nachteil at Mittel unless built for water
(Unterwasser); weapons with Flächenschaden or Bereichsfeuer and every area fire are
refused. Under water every field is water, "Wasser stellt schwieriges Gelände dar"
(E-UNDERWATER-1): the one cost model every move, preview and the built-in opponent use
prices it (``rules.movement.MovementProfile.underwater``, set by
``moving.movement_profile``): 2 per field, 1 for a swimmer (E-MOVETYPE-S); nobody flies.
"""

from __future__ import annotations

from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.ranges import (
    RangeBand,
    underwater_bands,
    underwater_edge,
    weapon_usable_underwater,
)
from game.rulesets.entaria.rules.situations import underwater_melee_edge
from game.rulesets.entaria.rules.terms import DamageType, WeaponAttribute, say


def underwater_allows(weapon: WeaponType | None) -> bool:
    """Return whether a weapon may be used underwater: no Flächenschaden, no Bereichsfeuer.

    E-UNDERWATER-5; bare hands always may.
    """
    if weapon is None:
        return True
    return weapon_usable_underwater(weapon.attributes, area_damage=weapon.area_shape is not None)


def underwater_rejection(
    battle: Battle,
    weapon: WeaponType | None,
    band: RangeBand | None = None,
    *,
    area_fire: bool = False,
) -> str:
    """Return why this weapon (at ``band``, or as area fire) cannot be used here, or "".

    Only under water: area weapons and area fire are refused (E-UNDERWATER-5), and a
    ranged weapon keeps only the bands ``ranges.underwater_bands`` leaves
    (E-UNDERWATER-3, E-OPEN-45 A).
    """
    if not battle.setup.environment.underwater:
        return ""
    if area_fire:
        return say(
            "no area fire under water (E-UNDERWATER-5)",
            "kein Bereichsfeuer unter Wasser (E-UNDERWATER-5)",
        )
    if weapon is None:
        return ""
    if not underwater_allows(weapon):
        return say(
            f"{weapon.english} cannot be used under water (E-UNDERWATER-5)",
            f"{weapon.name} kann unter Wasser nicht benutzt werden (E-UNDERWATER-5)",
        )
    if band is not None and band not in underwater_bands(weapon.range_bands):
        return say(
            f"{weapon.english} does not reach that far under water (E-UNDERWATER-3)",
            f"{weapon.name} reicht unter Wasser nicht so weit (E-UNDERWATER-3)",
        )
    return ""


def underwater_attack_edge(
    battle: Battle, weapon: WeaponType | None, band: RangeBand | None, melee: bool
) -> int:
    """Return the edge water gives an attack (E-UNDERWATER-2, -4, -6); 0 on dry land."""
    if not battle.setup.environment.underwater:
        return 0
    if melee:
        return underwater_melee_edge(weapon.damage_type if weapon else DamageType.BLUDGEONING)
    if band is None:
        return 0
    built = weapon is not None and weapon.has(WeaponAttribute.UNDERWATER)
    return underwater_edge(band, built)
