"""The content catalogue: weapons, armour, items, creature types and terrain kinds.

Static definitions, OpenXcom style: they come from TOML files shipped in
``game/rulesets/entaria/data/``, are checked on load (every problem at once, each naming
the file, the line, the TOML key, what was found and what was expected) and never
change during a battle. Battle state (LP left, ammunition, conditions) lives elsewhere
and refers to these entries by their snake_case keys. This module holds the entries;
catalogue_readers.py reads one from its table, catalogue_loader.py loads the files.

Values the rulebook gives are listed per entry under ``book``; an entry with
``sample = true`` also carries values the book does not give (invented for play).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

from game.board.grid import DEFAULT_TERRAIN_TARGET, Cover, FieldKind, Terrain
from game.board.templates import AreaShape
from game.match.problems import Problem
from game.match.token_kinds import DEFAULT_TOKEN
from game.rulesets.entaria.rules.areas import Bem
from game.rulesets.entaria.rules.armour import ArmourPiece
from game.rulesets.entaria.rules.hands import DEFAULT_HANDS
from game.rulesets.entaria.rules.objects import ObjectMaterial, weapon_object
from game.rulesets.entaria.rules.optics import Optic, OpticKind, has_scope
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import (
    WEAPON_ATTRIBUTE_ENGLISH,
    ArmorCategory,
    Attribute,
    DamageType,
    MoveType,
    SaveValue,
    WeaponAttribute,
)

__all__ = [
    "ArmourType",
    "Catalogue",
    "CreatureType",
    "FrozenMap",
    "ItemType",
    "TerrainKind",
    "WeaponType",
]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping, so catalogue entries stay hashable values."""

    __slots__ = ("_data", "_hash")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


@dataclass(frozen=True)
class WeaponType:
    """A weapon: SW, damage type, WG, range bands, melee use, area fire and attributes.

    ``range_bands`` are the bands the weapon can fire at, nearest first (E-RANGE-2;
    empty for a pure melee weapon). ``bem_multiplier``/``bem_ammo`` are the BEM "m,a"
    (E-AREAFIRE-2; None without area fire). ``area_shape``/``area_size`` give the
    Flächenschaden of thrown or area weapons in fields (E-AREA-*). ``optic_keys`` are
    the aiming optics the file fits (items.toml keys); ``optics`` the fitted optics as
    the loader resolved them, an old attribute "Bildvergrößerer" included (rules.optics).
    """

    key: str
    name: str  # German
    english: str
    damage_value: int  # SW
    damage_type: DamageType
    weapon_size: int  # WG
    range_bands: tuple[RangeBand, ...]
    melee: bool
    reach: int = 1  # fields; > 1 only with the attribute Distanz (E-REACH-3)
    bem_multiplier: int | None = None
    bem_ammo: int | None = None
    magazine: int | None = None
    attributes: frozenset[WeaponAttribute] = frozenset()
    optic_keys: tuple[str, ...] = ()
    optics: tuple[Optic, ...] = ()
    thrown: bool = False
    area_shape: AreaShape | None = None
    area_size: float | None = None
    improvised: bool = False  # E-IMPROV-1
    sample_values: bool = False
    from_book: frozenset[str] = frozenset()  # the keys whose values the rulebook gives
    source: str = ""
    notes: str = ""

    @property
    def ranged(self) -> bool:
        """Return whether the weapon can be used in ranged combat (E-RANGED-1)."""
        return bool(self.range_bands)

    @property
    def bem(self) -> Bem | None:
        """Return the Bereichsfeuer-Modifikator, or None (E-AREAFIRE-2)."""
        if self.bem_multiplier is None:
            return None
        return Bem(multiplier=self.bem_multiplier, ammo=self.bem_ammo or 0)

    @property
    def is_area(self) -> bool:
        """Return whether it deals Bereichsfeuer or Flächenschaden (E-ACT-VH-GEZIELT-3)."""
        return self.bem_multiplier is not None or self.area_shape is not None

    @property
    def targets_field(self) -> bool:
        """Return whether it is thrown at a field rather than a creature (E-THROW-2)."""
        return self.thrown and self.area_shape is not None

    @property
    def has_magazine(self) -> bool:
        """Return whether a critical failure can shoot its magazine empty (E-CRIT-FAIL-3)."""
        return self.magazine is not None

    def has(self, attribute: WeaponAttribute) -> bool:
        """Return whether the weapon carries ``attribute``."""
        return attribute in self.attributes

    @property
    def has_scope(self) -> bool:
        """Return whether a Bildvergrößerer is fitted (Distanzschuss, E-ACT-VH-DISTANZ-1)."""
        return has_scope(self.optics)

    @property
    def attribute_names(self) -> tuple[str, ...]:
        """Return the attributes and the fitted optics by their rulebook names, for the card."""
        return tuple(sorted(a.value for a in self.attributes)) + tuple(
            optic.name for optic in self.optics
        )

    @property
    def attribute_names_en(self) -> tuple[str, ...]:
        """Return ``attribute_names`` in English, in the same order."""
        names = {a.value: WEAPON_ATTRIBUTE_ENGLISH[a] for a in self.attributes}
        return tuple(names[n] for n in sorted(names)) + tuple(o.english for o in self.optics)

    def fires_at(self, band: RangeBand | None) -> bool:
        """Return whether a target in ``band`` can be hit at all (E-RANGE-2)."""
        return band is not None and band in self.range_bands

    @property
    def object_material(self) -> ObjectMaterial:
        """Return the weapon's own PAK/KEP as an object (E-OBJ-WAFFE-WG0..WG7)."""
        return weapon_object(self.weapon_size)


@dataclass(frozen=True)
class ArmourType:
    """A piece of armour: PAZ, category, Beschwerlich and its side effects (section 17)."""

    key: str
    name: str
    english: str
    armor_value: int  # PAZ
    category: ArmorCategory
    cumbersome: bool = False  # Beschwerlich: Nachteil on initiative (E-INIT-6)
    movement: int = 0  # change to BEW (E-ARMOR-2)
    initiative: int = 0  # WM on initiative (E-ARMOR-2)
    dodge: int = 0  # change to Ausweichen (E-ARMOR-2)
    shield: bool = False  # Schild: usable with Schildeinsatz (E-ACT-HH-SCHILD)
    space_suit: bool = False  # donning takes 2 rounds (E-ACT-LH-PANZERUNG-2)
    sample_values: bool = False
    from_book: frozenset[str] = frozenset()
    source: str = ""
    notes: str = ""

    def piece(self) -> ArmourPiece:
        """Return the armour as the damage rules see it."""
        return ArmourPiece(
            value=self.armor_value,
            category=self.category,
            name=self.name,
            movement=self.movement,
            initiative=self.initiative,
            dodge=self.dodge,
        )


@dataclass(frozen=True)
class ItemType:
    """Equipment that is neither weapon nor armour (Medkit, NanoHeilbots, aiming optics, ...).

    ``optic``: the kind of aiming optic the item is, which a weapon can carry
    (``WeaponType.optics``); ``ranged_wm`` its WM on ranged attack rolls (rules.optics).
    """

    key: str
    name: str
    english: str
    medkit: bool = False  # Stabilisieren, Erste Hilfe, Wiederbeleben need one
    nano_healbots: bool = False  # NanoHeilbot-Boost (E-ACT-LH-NANO)
    optic: OpticKind | None = None
    ranged_wm: int = 0
    sample_values: bool = False
    from_book: frozenset[str] = frozenset()
    source: str = ""
    notes: str = ""

    def as_optic(self) -> Optic | None:
        """Return the item as an optic fitted to a weapon, or None when it is none."""
        if self.optic is None:
            return None
        return Optic(self.optic, self.name, self.english, self.ranged_wm, self.key)


@dataclass(frozen=True)
class CreatureType:
    """A kind of creature: attributes, Rettungswerte, LP, BEW, size, initiative, kit.

    Characters roll initiative from ``base_initiative`` (E-INIT-2); enemies have a fixed
    ``initiative`` (E-INIT-3); a companion ("C", ``companion``) has neither and acts
    next to its controller (E-INIT-7). ``equipment`` names weapon, armour and item keys.
    """

    key: str
    name: str
    attributes: Mapping[Attribute, int]
    saves: Mapping[SaveValue, int]
    life_points: int
    movement: int  # BEW on firm ground
    move_types: Mapping[MoveType, int] = FrozenMap()
    size_fields: int = 1  # side of the square footprint (E-SIZE-1)
    size_category: int = 3  # KG (E-SIZE-2); 3 is the catalogue's human size (sample)
    melee_damage_bonus: int = 0  # NSB (E-DMG-3)
    initiative: int | None = None
    base_initiative: int | None = None
    is_character: bool = False
    simplified: bool = False  # dies at 0 LP (E-LP-ENEMY-1, D-5)
    resistances: frozenset[DamageType] = frozenset()
    immunities: frozenset[DamageType] = frozenset()
    sensitivities: frozenset[DamageType] = frozenset()
    equipment: tuple[str, ...] = ()
    talents: tuple[str, ...] = ()
    sample_values: bool = False
    english: str = ""
    reach: int = 1  # melee reach in fields (E-REACH-2/3)
    companion: bool = False  # initiative "C" (E-INIT-7)
    hands: int = DEFAULT_HANDS  # hands to hold and use things (E-ACT-HH-WAFFENLOS, E-MOUNT-9)
    built_for_passengers: bool = False  # a mount whose BEW passengers do not halve (E-MOUNT-4)
    spells: tuple[str, ...] = ()
    from_book: frozenset[str] = frozenset()
    source: str = ""
    notes: str = ""
    token: str = DEFAULT_TOKEN  # the token art it shows (game.match.token_kinds)

    def attribute(self, attribute: Attribute) -> int:
        """Return the value of one of the eight attributes."""
        return self.attributes[attribute]

    def save(self, save: SaveValue) -> int:
        """Return one of the Rettungswerte."""
        return self.saves[save]

    @property
    def tie_base(self) -> int | None:
        """Return the base initiative for ties: an enemy's bracket value (E-INIT-5, E-OPEN-6)."""
        return self.base_initiative if self.is_character else self.initiative


@dataclass(frozen=True)
class TerrainKind:
    """A kind of ground a map legend can name, and what it means for the rules."""

    key: str
    german: str
    english: str
    terrain: Terrain
    difficult: bool
    target: int = DEFAULT_TERRAIN_TARGET  # ZW of the terrain check (E-OPEN-42)
    hazard: bool = False  # lava, abyss: a push into it allows an escape save
    cover: Cover = Cover.NONE
    sample_char: str = ""  # suggested legend character
    smoke: bool = False
    rule_id: str = ""
    sample_values: bool = False
    notes: str = ""

    def field_kind(self, *, difficult: bool | None = None, target: int | None = None) -> FieldKind:
        """Return the grid's view of one field of this kind (a map's overrides win)."""
        return FieldKind(
            difficult=self.difficult if difficult is None else difficult,
            cover=self.cover,
            smoke=self.smoke,
            terrain=self.terrain,
            terrain_target=self.target if target is None else target,
            hazard=self.hazard,
        )


Equipment = WeaponType | ArmourType | ItemType


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every static definition, keyed by snake_case ids."""

    weapons: Mapping[str, WeaponType]
    armour: Mapping[str, ArmourType]
    creatures: Mapping[str, CreatureType]
    items: Mapping[str, ItemType]
    terrain: Mapping[str, TerrainKind]
    warnings: tuple[Problem, ...] = ()

    def equipment(self, key: str) -> Equipment:
        """Return the weapon, armour or item called ``key`` (KeyError if none)."""
        for table in (self.weapons, self.armour, self.items):
            if key in table:
                return table[key]
        raise KeyError(key)

    def weapons_in(self, equipment: Iterable[str]) -> tuple[WeaponType, ...]:
        """Return the weapons among the equipment keys, in order."""
        return tuple(self.weapons[key] for key in equipment if key in self.weapons)

    def armour_in(self, equipment: Iterable[str]) -> tuple[ArmourType, ...]:
        """Return the armour among the equipment keys, in order."""
        return tuple(self.armour[key] for key in equipment if key in self.armour)

    def items_in(self, equipment: Iterable[str]) -> tuple[ItemType, ...]:
        """Return the other items among the equipment keys, in order."""
        return tuple(self.items[key] for key in equipment if key in self.items)

    def armour_pieces(self, equipment: Iterable[str]) -> tuple[ArmourPiece, ...]:
        """Return the worn armour as the damage rules see it (E-ARMOR-STACK-1/2)."""
        return tuple(armour.piece() for armour in self.armour_in(equipment))

    def cumbersome(self, equipment: Iterable[str]) -> bool:
        """Return whether any armour is Beschwerlich: Nachteil on initiative (E-INIT-6)."""
        return any(armour.cumbersome for armour in self.armour_in(equipment))

    def footprint_side(self, type_key: str) -> int:
        """Return the side in fields of a creature type's square footprint (E-SIZE-1).

        An unknown type counts as one field, so callers can ask before a mission is valid.
        """
        kind = self.creatures.get(type_key)
        return 1 if kind is None else max(1, kind.size_fields)

    def terrain_by_char(self) -> Mapping[str, TerrainKind]:
        """Return the terrain kinds by their suggested legend character."""
        return MappingProxyType({kind.sample_char: kind for kind in self.terrain.values()})
