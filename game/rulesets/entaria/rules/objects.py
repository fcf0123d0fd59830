"""Damage to objects: PAK and KEP (section 30 of entaria.md, E-LP-5, E-OPEN-33).

Objects take damage like creatures with their Panzerklasse (PAK) in place of armour
(E-OBJ-2) and lose Konstruktionspunkte (KEP). An inanimate object is destroyed at 0 KEP
(E-OBJ-4); a Synt reads its KEP like LP (E-LP-5) -- reading C of E-OPEN-33.

Decisions where the book is silent (issue 10):

- An unattended object (a door, a wall field, a pane) is hit on Nahkampf or Fernkampf
  vs ZW 15, like a throw at a field (E-THROW-2): the book gives objects no Ausweichen.
  A weapon in a creature's hand is hit against its holder's Ausweichen.
- Area fire gives an object the hit field's value minus PAK: an object makes no Reflexe
  save (D-6); a blast deals SW + w6 - PAK to every object field in its template that
  the landing field sees ("jedem Objekt und Wesen in dieser Fläche").
- What a destroyed field leaves: a wall rubble (Geröll, difficult ground), a pane
  glass shards (Glassplitter, E-TERRAIN-SHARDS); a door broken open stands open for good.
  Furniture (a terrain field a map gives a material: low crates) leaves what a wall of
  its material leaves: its cover is gone, the debris is difficult ground.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

import numpy as np

from game.board.dice import Roller
from game.board.grid import BattleGrid, Cell, Cover, FieldKind
from game.board.sight import visible_cells
from game.board.templates import AreaShape, template_mask
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.damage import Damage, LifeState, damage_roll, life_state
from game.rulesets.entaria.rules.impact import flight_angle

__all__ = [
    "MATERIALS",
    "ObjectMaterial",
    "ObjectState",
    "area_damage_to_object",
    "blast_fields",
    "damage_object",
    "door_broken_open",
    "is_destroyed",
    "object_damage",
    "object_target",
    "remains_of",
    "synt_life_state",
    "take_kep",
    "weapon_object",
]


@dataclass(frozen=True)
class ObjectMaterial:
    """One row of the object table: hardness (PAK) and integrity (KEP).

    ``per_field``: the values are for one field of surface (walls, panes; E-OBJ-6).
    ``see_through``: a pane of glass, which stops creatures but not eyes.
    """

    key: str
    german: str
    english: str
    pak: int
    kep: int
    rule_id: str
    per_field: bool = False
    see_through: bool = False

    def field_kind(self) -> FieldKind:
        """Return what a map field of this material is: a wall, or a pane of glass.

        A pane blocks movement, not sight, and whoever stands behind it has
        Volldeckung (E-OBJ-GLASSCHEIBE, E-OBJ-PANZERGLASSCHEIBE).
        Raise ValueError for a material that is no surface (a weapon).
        """
        if not self.per_field:
            raise ValueError(f"{self.english} is no wall material: it cannot fill a map field")
        if self.see_through:
            return FieldKind(wall=True, see_through=True, cover=Cover.FULL)
        return FieldKind(wall=True)


def _weapon(size: int, pak: int, kep: int) -> ObjectMaterial:
    return ObjectMaterial(
        key=f"weapon_wg{size}",
        german=f"Nah- oder Fernkampfwaffe mit Waffengröße {size}",
        english=f"melee or ranged weapon, WG {size}",
        pak=pak,
        kep=kep,
        rule_id=f"E-OBJ-WAFFE-WG{size}",
    )


def _surface(
    key: str, german: str, english: str, pak: int, kep: int, rule: str, *, pane: bool = False
) -> ObjectMaterial:
    return ObjectMaterial(key, german, english, pak, kep, rule, per_field=True, see_through=pane)


_ROWS: tuple[ObjectMaterial, ...] = (
    _weapon(0, 0, 4),
    _weapon(1, 1, 6),
    _weapon(2, 2, 6),
    _weapon(3, 3, 8),
    _weapon(4, 4, 8),
    _weapon(5, 5, 10),
    _weapon(6, 6, 10),
    _weapon(7, 7, 12),
    _surface(
        "thin_wooden_wall", "Dünne Holzwand", "thin wooden wall", 3, 8, "E-OBJ-HOLZWAND-DUENN"
    ),
    _surface(
        "thick_wooden_wall", "Dicke Holzwand", "thick wooden wall", 4, 12, "E-OBJ-HOLZWAND-DICK"
    ),
    _surface("stone_wall", "Steinwand", "stone wall", 5, 20, "E-OBJ-STEINWAND"),
    _surface(
        "massive_stone_wall",
        "Massive Steinwand",
        "massive stone wall",
        6,
        30,
        "E-OBJ-STEINWAND-MASSIV",
    ),
    _surface(
        "thin_duraplast_wall",
        "Dünne Duraplastwand",
        "thin duraplast wall",
        5,
        10,
        "E-OBJ-DURAPLAST-DUENN",
    ),
    _surface(
        "thick_duraplast_wall",
        "Dicke Duraplastwand",
        "thick duraplast wall",
        7,
        20,
        "E-OBJ-DURAPLAST-DICK",
    ),
    _surface(
        "thin_steel_wall", "Dünne Stahlwand", "thin steel wall", 7, 20, "E-OBJ-STAHLWAND-DUENN"
    ),
    _surface(
        "thick_steel_wall", "Dicke Stahlwand", "thick steel wall", 9, 30, "E-OBJ-STAHLWAND-DICK"
    ),
    _surface("duranium_wall", "Duraniumwand", "duranium wall", 11, 35, "E-OBJ-DURANIUMWAND"),
    _surface("glass_pane", "Glasscheibe", "glass pane", 2, 2, "E-OBJ-GLASSCHEIBE", pane=True),
    _surface(
        "armoured_glass_pane",
        "Panzerglasscheibe",
        "armoured glass pane",
        5,
        20,
        "E-OBJ-PANZERGLASSCHEIBE",
        pane=True,
    ),
)

#: The PAK/KEP table of section 30, keyed by an English snake_case id.
MATERIALS: Mapping[str, ObjectMaterial] = MappingProxyType({row.key: row for row in _ROWS})

MAX_WEAPON_SIZE = 7


def weapon_object(weapon_size: int) -> ObjectMaterial:
    """Return the PAK/KEP row of a weapon of size WG 0..7 (E-OBJ-WAFFE-WG0..WG7)."""
    if not 0 <= weapon_size <= MAX_WEAPON_SIZE:
        raise ValueError(f"the object table knows weapon sizes 0..7, got WG {weapon_size}")
    return MATERIALS[f"weapon_wg{weapon_size}"]


@dataclass(frozen=True)
class ObjectState:
    """An object on the map: what it is made of and the KEP it has left."""

    material: ObjectMaterial
    kep: int

    @classmethod
    def fresh(cls, material: ObjectMaterial) -> ObjectState:
        """Return the undamaged object, with the table's full KEP."""
        return cls(material=material, kep=material.kep)


def object_damage(
    material: ObjectMaterial, roller: Roller, sw: int, *, bonus: int = 0, crit: bool = False
) -> Damage:
    """Roll damage against an object: SW + w6 (+ bonus) - PAK, doubled on a crit (E-OBJ-2).

    Every attack on an object rolls this: Nahkampf, Fernkampf, a throw, a blast,
    battering a door (E-OBJ-2, E-DMG-2, E-CRIT-HIT-2).
    """
    return damage_roll(sw, roller, bonus=bonus, armour=material.pak, crit=crit)


def take_kep(state: ObjectState, amount: int) -> ObjectState:
    """Return the object after losing ``amount`` KEP; it ends at 0, destroyed (E-OBJ-4)."""
    if amount < 0:
        raise ValueError(f"an object cannot lose negative KEP, got {amount}")
    return replace(state, kep=max(0, state.kep - amount))


def damage_object(
    state: ObjectState, roller: Roller, sw: int, *, bonus: int = 0, crit: bool = False
) -> tuple[Damage, ObjectState]:
    """Roll damage against an object with its PAK as armour and lower its KEP (E-OBJ-2)."""
    damage = object_damage(state.material, roller, sw, bonus=bonus, crit=crit)
    return damage, take_kep(state, damage.final)


def is_destroyed(state: ObjectState) -> bool:
    """Return whether an inanimate object is destroyed: KEP 0 or lower (E-OBJ-4, E-OPEN-33 C)."""
    return state.kep <= 0


def synt_life_state(kep: int) -> LifeState:
    """Return a Synt's state: its KEP behave exactly like LP (E-LP-5, E-OPEN-33 C)."""
    return life_state(kep)


def door_broken_open(kep: int, max_kep: int) -> bool:
    """Return whether a door is shot open: KEP down to a third, 3 * KEP <= max KEP (E-OBJ-5)."""
    if max_kep < 1:
        raise ValueError(f"a door needs a maximum KEP of at least 1, got {max_kep}")
    return 3 * kep <= max_kep


def object_target() -> int:
    """Return the ZW of an attack on an unattended object: 15, as at a field (E-THROW-2)."""
    return STANDARD_TARGET


def area_damage_to_object(value: int, material: ObjectMaterial) -> int:
    """Return what a field of area fire worth ``value`` does to an object: value - PAK.

    An object makes no Reflexe save (D-6); its PAK is its armour (E-OBJ-2).
    """
    return max(0, value - material.pak)


#: The terrain kind (a catalogue key) a destroyed surface leaves on its field.
RUBBLE = "rubble"
SHARDS = "glass_shards"


def remains_of(material: ObjectMaterial) -> str:
    """Return the terrain kind a destroyed wall field or pane leaves (E-OBJ-4, E-OBJ-6).

    A pane leaves glass shards (Glassplitter, E-TERRAIN-SHARDS), a wall rubble (Geröll,
    E-TERRAIN-RUBBLE: difficult ground). Raise ValueError for a material that fills no field.
    """
    if not material.per_field:
        raise ValueError(f"{material.english} fills no map field")
    return SHARDS if material.see_through else RUBBLE


def blast_fields(
    grid: BattleGrid, shape: AreaShape, size: float, thrower: Cell, landing: Cell
) -> list[Cell]:
    """Return every field of a blast's template that the landing field sees, walls too.

    ``rules.impact.area_of_impact`` without leaving out walls and closed doors: the
    objects among these fields are hit ("jedem Objekt und Wesen in dieser Fläche").
    """
    angle = flight_angle(thrower, landing)
    mask = template_mask(AreaShape(shape), (grid.height, grid.width), landing, angle, size)
    mask &= visible_cells(grid, landing)
    ys, xs = np.nonzero(mask)
    return sorted(zip(xs.tolist(), ys.tolist(), strict=True))
