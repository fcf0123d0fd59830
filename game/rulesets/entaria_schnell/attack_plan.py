"""What an attack would be before it is rolled: kind, band, cover, V, Panzerung, edge.

The engine resolves the plan, the screen shows its chances and the built-in opponent
weighs it: one place reads the quick rules for "can A attack B with W, and how well".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.board.grid import BattleGrid, Cell, Cover
from game.board.sight import cover, line_of_sight
from game.rulesets.entaria.catalogue import Catalogue, WeaponType
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.armour import effective_armour
from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.scatter import throw_at_field_target
from game.rulesets.entaria.rules.terms import Condition, DamageType, SaveValue, Text, say
from game.rulesets.entaria_schnell.rules.attacks import (
    AttackKind,
    QuickWeapon,
    affinity_for,
    attack_attribute,
    defense_value,
    melee_edge,
    target_armour,
)
from game.rulesets.entaria_schnell.rules.chances import AttackChances, attack_chances
from game.rulesets.entaria_schnell.rules.movement import in_melee_reach
from game.rulesets.entaria_schnell.rules.ranges import (
    ZoneRangeBand,
    band_from_field_band,
    can_fire_at,
    ranged_edge,
    shared_zone_edge,
    zone_band,
)
from game.rulesets.entaria_schnell.rules.zones import ZoneGraph, zone_distance
from game.rulesets.entaria_schnell.state import QuickCreature

#: The action each attack kind is (Q-ATK-1): ENTARIA's catalogue entries.
ATTACK_ACTIONS: Mapping[AttackKind, Action] = {
    AttackKind.MELEE: Action.MELEE_ATTACK,
    AttackKind.RANGED: Action.RANGED_ATTACK,
    AttackKind.THROW: Action.THROW_ATTACK,
    AttackKind.UNARMED: Action.UNARMED_ATTACK,
}

#: Unarmed: SW 0, Wucht (the full rules' unarmed strike).
UNARMED_SW = 0


@dataclass(frozen=True)
class AttackPlan:
    """One possible attack; ``refusal`` is why it cannot be made ("" when it can)."""

    attacker: str
    target: str
    weapon: str
    kind: AttackKind
    quick: QuickWeapon
    band: ZoneRangeBand | None
    cover: Cover
    attack_value: int
    defense: int
    armour: int
    edge: int
    refusal: Text | str = ""
    area: bool = False  # a thrown area weapon: Fernkampf vs ZW 15 at the zone (Q-OPEN-17)

    @property
    def action(self) -> Action:
        return ATTACK_ACTIONS[self.kind]

    @property
    def chances(self) -> AttackChances:
        """Return the exact chances of the d20 (Q-ATK-4, Q-CRIT-HIT-1, Q-CRIT-FAIL-1)."""
        return attack_chances(self.attack_value, self.defense, edge=self.edge)

    @property
    def hit(self) -> Fraction:
        return self.chances.hit


def quick_weapon(weapon: WeaponType | None, *, at_range: bool) -> QuickWeapon:
    """Return how the quick rules read a catalogue weapon used in melee or at range."""
    if weapon is None:
        return QuickWeapon(UNARMED_SW, DamageType.BLUDGEONING, AttackKind.UNARMED, magazine=False)
    if weapon.thrown:
        kind = AttackKind.THROW
    elif at_range or not weapon.melee:
        kind = AttackKind.RANGED
    else:
        kind = AttackKind.MELEE
    return QuickWeapon(
        weapon.damage_value,
        weapon.damage_type,
        kind,
        weapon.attributes,
        magazine=weapon.magazine is not None,
    )


def creature_armour(catalogue: Catalogue, creature: QuickCreature) -> int:
    """Return the creature's Panzerung from its worn armour (E-ARMOR-STACK-1/2)."""
    return effective_armour(catalogue.armour_pieces(creature.equipment))


def in_full_cover(creature: QuickCreature) -> bool:
    """Return whether the creature holds Volldeckung (Schemenhaft and Bewegungslos)."""
    held = creature.held
    return held.count(Condition.OBSCURED) > 0 and held.count(Condition.IMMOBILIZED) > 0


@dataclass(frozen=True)
class Battlefield:
    """What the plan reads of the match: grid, zones' graphs, creatures, catalogue."""

    grid: BattleGrid
    zone_of: Mapping[str, int]
    range_graph: ZoneGraph
    creatures: Mapping[str, QuickCreature]
    catalogue: Catalogue
    zone_metres: float | None


def plan_attack(field: Battlefield, attacker: str, target: str, weapon_key: str) -> AttackPlan:
    """Return the attack of ``attacker`` on ``target`` with ``weapon_key`` ("": unarmed)."""
    me, them = field.creatures[attacker], field.creatures[target]
    weapon = field.catalogue.weapons.get(weapon_key) if weapon_key else None
    my_zone, their_zone = field.zone_of[attacker], field.zone_of[target]
    same_zone = in_melee_reach(my_zone, their_zone)
    at_range = weapon is not None and (not same_zone or not weapon.melee) and weapon.ranged
    quick = quick_weapon(weapon, at_range=at_range)
    kind = quick.kind
    refusal: Text | str = ""
    band: ZoneRangeBand | None = None
    level = Cover.NONE
    if weapon_key and weapon is None:
        refusal = say(f"{weapon_key} is no weapon", f"{weapon_key} ist keine Waffe")
    elif weapon_key and weapon_key not in me.equipment:
        refusal = say(f"{attacker} carries no {weapon_key}", f"{attacker} trägt kein {weapon_key}")
    elif weapon_key in me.thrown:
        refusal = say(f"{weapon_key} is already thrown", f"{weapon_key} ist schon geworfen")
    elif them.side == me.side:
        refusal = say(f"{target} is no enemy", f"{target} ist kein Gegner")
    elif them.defeated or them.lp <= 0:
        refusal = say(f"{target} is out of the fight", f"{target} ist aus dem Kampf")
    if kind in (AttackKind.RANGED, AttackKind.THROW):
        steps = zone_distance(field.range_graph, my_zone, their_zone)
        band = None if steps is None else zone_band(steps, zone_metres=field.zone_metres)
        usable = band_from_field_band(weapon.range_bands) if weapon and weapon.range_bands else None
        if kind is AttackKind.THROW and not weapon_band_known(weapon):
            usable = frozenset({ZoneRangeBand.NEAR, ZoneRangeBand.MEDIUM})
        if not refusal and not can_fire_at(usable or frozenset(), band):
            refusal = say(
                f"{target} is out of the weapon's range", f"{target} ist außer Reichweite der Waffe"
            )
        elif not refusal and not line_of_sight(field.grid, me.cell, them.cell):
            refusal = say(f"no line of sight to {target}", f"keine Sichtlinie zu {target}")
        elif (
            not refusal
            and kind is AttackKind.RANGED
            and quick.magazine
            and not me.loaded.get(weapon_key, True)
        ):
            refusal = say(
                f"the magazine of {weapon_key} is empty", f"das Magazin von {weapon_key} ist leer"
            )
        if not refusal:
            seen = cover(field.grid, me.cell, them.cell)
            level = Cover.FULL if in_full_cover(them) else (seen or Cover.NONE)
    elif not refusal and not same_zone:
        refusal = say(
            f"melee reaches the own zone only; {target} stands in another",
            f"Nahkampf nur in der eigenen Zone; {target} steht in einer anderen",
        )
    attack_value = me.kind.attribute(attack_attribute(kind))
    defense = defense_value(them.kind.save(SaveValue.DODGE), them.held, cover=level, kind=kind)
    armour = target_armour(creature_armour(field.catalogue, them), cover=level, kind=kind)
    area = weapon is not None and weapon.thrown and weapon.area_shape is not None
    if area:
        defense, armour = throw_at_field_target(), 0
    if band is not None and not refusal:
        enemies = [
            field.zone_of[k]
            for k, c in field.creatures.items()
            if c.side != me.side and not c.defeated and c.lp > 0
        ]
        if area:  # aimed at the zone, not the creature: its conditions and cover do not count
            edge = band.edge + shared_zone_edge(my_zone, their_zone, enemies)
        else:
            edge = ranged_edge(
                band, my_zone, their_zone, enemy_zones=enemies, target_held=them.held, cover=level
            )
    else:
        edge = melee_edge(them.held)
    return AttackPlan(
        attacker,
        target,
        weapon_key,
        kind,
        quick,
        band,
        level,
        attack_value,
        defense,
        armour,
        edge,
        refusal,
        area,
    )


def weapon_band_known(weapon: WeaponType | None) -> bool:
    """Return whether the catalogue gives the weapon range bands (thrown ones may not)."""
    return weapon is not None and bool(weapon.range_bands)


def target_affinity(creature: QuickCreature, quick: QuickWeapon) -> Affinity:
    """Return how the target takes the weapon's damage type (Q-DMGTYPE-1, Q-RES-1..3)."""
    kind = creature.kind
    return affinity_for(
        quick.damage_type,
        resistant=kind.resistances,
        sensitive=kind.sensitivities,
        immune=kind.immunities,
    )


def free_fields(fields: list[Cell], taken: set[Cell]) -> list[Cell]:
    """Return the fields of a zone nobody stands on."""
    return [cell for cell in fields if cell not in taken]
