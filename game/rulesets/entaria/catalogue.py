"""The content catalogue: weapons, armour, items, creature types and terrain kinds.

Static definitions, OpenXcom style: they come from TOML files shipped in
``game/content/data/``, are checked on load (every problem at once, each naming the
file, the line, the TOML key, what was found and what was expected) and never change
during a battle. Battle state (LP left, ammunition, conditions) lives elsewhere and
refers to these entries by their snake_case keys.

Values the rulebook gives are listed per entry under ``book``; an entry with
``sample = true`` also carries values the book does not give (invented for play).
"""

from __future__ import annotations

import functools
import importlib.resources
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, TypeVar

from game.board.grid import (
    DEFAULT_LEGEND,
    DEFAULT_TERRAIN_TARGET,
    DIFFICULT_BY_DEFAULT,
    Cover,
    FieldKind,
    Terrain,
)
from game.board.templates import AreaShape
from game.match.problems import MissionError, Problem, describe, suggestion
from game.match.tomlcheck import (
    ProblemSink,
    TableReader,
    enum_spec,
    locate_keys,
    merge_failed,
    parse_toml,
)
from game.rulesets.entaria.rules.areas import Bem, parse_bem
from game.rulesets.entaria.rules.armour import ArmourPiece
from game.rulesets.entaria.rules.hands import DEFAULT_HANDS
from game.rulesets.entaria.rules.objects import MAX_WEAPON_SIZE, ObjectMaterial, weapon_object
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import (
    ArmorCategory,
    Attribute,
    DamageType,
    MoveType,
    SaveValue,
    WeaponAttribute,
)

__all__ = [
    "CATALOGUE_FILES",
    "DATA_LABEL",
    "DATA_PACKAGE",
    "ArmourType",
    "Catalogue",
    "CreatureType",
    "FrozenMap",
    "ItemType",
    "TerrainKind",
    "WeaponType",
    "load_catalogue",
    "load_catalogue_from",
]

K = TypeVar("K")
V = TypeVar("V")

#: The catalogue files in load order (creatures refer to weapons, armour and items).
CATALOGUE_FILES: Final = (
    "weapons.toml",
    "armour.toml",
    "items.toml",
    "creatures.toml",
    "terrain.toml",
)
#: Where the files live in the package, and how messages name them.
DATA_PACKAGE: Final = "game.rulesets.entaria.data"
DATA_LABEL: Final = "game/content/data"

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


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


# ================================================================================ entries


@dataclass(frozen=True)
class WeaponType:
    """A weapon: SW, damage type, WG, range bands, melee use, area fire and attributes.

    ``range_bands`` are the bands the weapon can fire at, nearest first (E-RANGE-2;
    empty for a pure melee weapon). ``bem_multiplier``/``bem_ammo`` are the BEM "m,a"
    (E-AREAFIRE-2; None without area fire). ``area_shape``/``area_size`` give the
    Flächenschaden of thrown or area weapons in fields (E-AREA-*).
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
    """Equipment that is neither weapon nor armour (Medkit, NanoHeilbots, ...)."""

    key: str
    name: str
    english: str
    medkit: bool = False  # Stabilisieren, Erste Hilfe, Wiederbeleben need one
    nano_healbots: bool = False  # NanoHeilbot-Boost (E-ACT-LH-NANO)
    sample_values: bool = False
    from_book: frozenset[str] = frozenset()
    source: str = ""
    notes: str = ""


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


# ================================================================================ file syntax

_RANGE_BANDS = enum_spec(RangeBand, "range band", {band: band.german for band in RangeBand})
_DAMAGE_TYPES = enum_spec(
    DamageType,
    "damage type",
    aliases={
        **{f"{t.value}schaden": t for t in DamageType},
        "Stahlungsschaden": DamageType.RADIATION,  # the source's typo (glossary 32.6)
    },
)
_WEAPON_ATTRIBUTES = enum_spec(
    WeaponAttribute, "weapon attribute", aliases={"Zielfernrohr": WeaponAttribute.SCOPE}
)
_AREA_SHAPES = enum_spec(
    AreaShape,
    "area shape",
    {AreaShape.BEAM: "Strahl", AreaShape.CONE: "Kegel", AreaShape.ROUND: "Rund"},
)
_ARMOR_CATEGORIES = enum_spec(
    ArmorCategory,
    "armour category",
    aliases={
        "Getragen": ArmorCategory.WORN,
        "Deckung": ArmorCategory.COVER,
        "Dermal": ArmorCategory.DERMAL,
        "Kraftfeld": ArmorCategory.FORCE_FIELD,
    },
)
_TERRAIN = enum_spec(Terrain, "terrain code")
_COVER = enum_spec(
    Cover,
    "cover",
    {Cover.NONE: "keine", Cover.PARTIAL: "Teildeckung", Cover.FULL: "Volldeckung"},
)
#: Attribute keys in creatures.toml: the enum names in lower case (ASCII TOML keys).
_ATTRIBUTE_KEYS: Mapping[Attribute, str] = {a: a.name.lower() for a in Attribute}
_SAVE_KEYS: Mapping[SaveValue, str] = {s: s.name.lower() for s in SaveValue}
#: Movement types are written with the book's letters: BEW 6, S 4 -> move_types = { S = 4 }.
_MOVE_KEYS: Mapping[MoveType, str] = {m: m.value for m in MoveType}

#: Legend characters the terrain kinds may not take: walls and doors are not terrain.
_RESERVED_CHARS: Final = frozenset("#+/")

_ATTRIBUTE_RANGE: Final = (-10, 30)
_MAX_HANDS: Final = 8  # hands a creature type may have (default 2, DEFAULT_HANDS)
_SAVE_RANGE: Final = (5, 30)  # Rettungswerte serve as ZW, which lie in 5..30 (E-CORE-ZW-1)


def _common(reader: TableReader) -> tuple[str, str]:
    name = reader.string("name", max_len=100)
    english = reader.string("english", "", max_len=100) or name
    return name, english


def _provenance(reader: TableReader) -> tuple[bool, frozenset[str], str, str]:
    sample = reader.boolean("sample")
    book = reader.strings("book")
    for index, dotted in enumerate(book):
        if not _sets(reader.table, dotted):
            reader.error(
                f"book[{index}]",
                f"'book' names {dotted!r}, which this entry does not set; list only keys "
                "whose values the entry gives from the rulebook",
            )
    source = reader.string("source", "", max_len=200)
    notes = reader.string("notes", "", max_len=2000)
    return sample, frozenset(book), source, notes


def _sets(table: Mapping[str, Any], dotted: str) -> bool:
    node: Any = table
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _read_weapon(key: str, reader: TableReader) -> WeaponType | None:
    name, english = _common(reader)
    sw = reader.required_integer("sw", low=0, high=50)
    damage_type = reader.choice("damage_type", _DAMAGE_TYPES)
    wg = reader.required_integer("wg", low=0, high=MAX_WEAPON_SIZE)
    bands = tuple(sorted(reader.choices("ranges", _RANGE_BANDS)))
    melee = reader.boolean("melee")
    reach = reader.integer("reach", 1, low=1, high=10) or 1
    bem_text = reader.string("bem", "", max_len=20)
    magazine = reader.integer("magazine", None, low=1, high=10000)
    attributes = frozenset(reader.choices("attributes", _WEAPON_ATTRIBUTES))
    thrown = reader.boolean("thrown")
    area_shape = reader.choice("area_shape", _AREA_SHAPES, None)
    area_size = reader.number("area_size", None, low=0.5, high=100.0)
    improvised = reader.boolean("improvised")
    sample, book, source, notes = _provenance(reader)

    bem: Bem | None = None
    if bem_text:
        try:
            bem = parse_bem(bem_text)
        except ValueError:
            reader.error("bem", f'expected a BEM written "m,a" like "2,10", found {bem_text!r}')
    if reader.failed or damage_type is None:
        return None

    if not melee and not bands:
        reader.error(
            None,
            "the weapon is neither melee (melee = true) nor ranged (ranges = [...]) (E-RANGE-2)",
        )
    if thrown and not bands:
        reader.error(
            "ranges", "a thrown weapon needs the range bands it can be thrown at (E-THROW-1)"
        )
    if bem is not None and not bands:
        reader.error("bem", "area fire needs a ranged weapon with range bands (E-AREAFIRE-1)")
    fires_area = attributes & {WeaponAttribute.AUTO_FIRE, WeaponAttribute.AREA_FIRE}
    if fires_area and bem is None:
        names = " and ".join(sorted(a.value for a in fires_area))
        reader.error("bem", f'{names} needs a BEM (bem = "m,a") (E-AREAFIRE-2)')
    if bem is not None and not fires_area:
        reader.error(
            "attributes",
            "a weapon with a BEM lays area fire: give it Bereichsfeuer or Dauerfeuer "
            "(E-AREAFIRE-1)",
        )
    has_reach = WeaponAttribute.REACH in attributes
    if reach > 1 and not (melee and has_reach):
        reader.error(
            "reach", f"reach {reach} needs a melee weapon with the attribute Distanz (E-REACH-3)"
        )
    if has_reach and reach < 2:
        reader.error(
            "reach", "a weapon with Distanz needs its reach in fields, at least 2 (E-REACH-3)"
        )
    if magazine is not None and (thrown or not bands):
        reader.error(
            "magazine", "only ranged weapons that are not thrown have a magazine (E-CRIT-FAIL-3)"
        )
    if (area_shape is None) != (area_size is None):
        reader.error(
            "area_size" if area_size is None else "area_shape",
            "give area_shape and area_size together",
        )
    for attribute in (WeaponAttribute.ZERO_G, WeaponAttribute.SCOPE):
        if attribute in attributes and not bands:
            reader.error(
                "attributes",
                f"{attribute.value} belongs to ranged weapons (E-ZEROG-2, E-ACT-VH-DISTANZ-1)",
            )
    if WeaponAttribute.SHIELD in attributes:
        reader.error(
            "attributes",
            "Schild belongs to cover armour: armour.toml, shield = true (E-ACT-HH-SCHILD)",
        )
    if reader.failed:
        return None
    return WeaponType(
        key=key,
        name=name,
        english=english,
        damage_value=sw,
        damage_type=damage_type,
        weapon_size=wg,
        range_bands=bands,
        melee=melee,
        reach=reach,
        bem_multiplier=None if bem is None else bem.multiplier,
        bem_ammo=None if bem is None else bem.ammo,
        magazine=magazine,
        attributes=attributes,
        thrown=thrown,
        area_shape=area_shape,
        area_size=area_size,
        improvised=improvised,
        sample_values=sample,
        from_book=book,
        source=source,
        notes=notes,
    )


def _read_armour(key: str, reader: TableReader) -> ArmourType | None:
    name, english = _common(reader)
    paz = reader.required_integer("paz", low=0, high=50)
    category = reader.choice("category", _ARMOR_CATEGORIES)
    cumbersome = reader.boolean("cumbersome")
    movement = reader.integer("bew", 0, low=-20, high=20) or 0
    initiative = reader.integer("initiative", 0, low=-20, high=20) or 0
    dodge = reader.integer("dodge", 0, low=-20, high=20) or 0
    shield = reader.boolean("shield")
    space_suit = reader.boolean("space_suit")
    sample, book, source, notes = _provenance(reader)
    if reader.failed or category is None:
        return None
    if shield and category is not ArmorCategory.COVER:
        reader.error(
            "shield",
            'a shield is Deckungspanzerung: set category = "Deckungspanzerung" (E-ACT-HH-SCHILD)',
        )
    if space_suit and category is not ArmorCategory.WORN:
        reader.error("space_suit", "a space suit is Getragene Panzerung (E-ACT-LH-PANZERUNG-2)")
    if reader.failed:
        return None
    return ArmourType(
        key=key,
        name=name,
        english=english,
        armor_value=paz,
        category=category,
        cumbersome=cumbersome,
        movement=movement,
        initiative=initiative,
        dodge=dodge,
        shield=shield,
        space_suit=space_suit,
        sample_values=sample,
        from_book=book,
        source=source,
        notes=notes,
    )


def _read_item(key: str, reader: TableReader) -> ItemType | None:
    name, english = _common(reader)
    medkit = reader.boolean("medkit")
    nano = reader.boolean("nano_healbots")
    sample, book, source, notes = _provenance(reader)
    if reader.failed:
        return None
    return ItemType(
        key=key,
        name=name,
        english=english,
        medkit=medkit,
        nano_healbots=nano,
        sample_values=sample,
        from_book=book,
        source=source,
        notes=notes,
    )


def _read_values(
    reader: TableReader | None, keys: Mapping[Any, str], low: int, high: int, *, required: bool
) -> dict[Any, int]:
    values: dict[Any, int] = {}
    if reader is None:
        return values
    for member, name in keys.items():
        if required:
            values[member] = reader.required_integer(name, low=low, high=high)
        else:
            value = reader.integer(name, None, low=low, high=high)
            if value is not None:
                values[member] = value
    reader.finish()
    return values


def _read_initiative(reader: TableReader) -> tuple[int | None, bool]:
    """Return (fixed initiative, companion) from ``initiative = 15`` or ``initiative = "C"``."""
    value = reader.raw("initiative")
    if value is None:
        return None, False
    if isinstance(value, str) and value.strip().upper() == "C":
        return None, True
    if isinstance(value, str):
        reader.error(
            "initiative",
            f'expected a whole number from 0 to 99 or "C" (E-INIT-3, E-INIT-7), found {value!r}',
        )
        return None, False
    return reader.integer("initiative", None, low=0, high=99), False


def _read_creature(key: str, reader: TableReader) -> CreatureType | None:
    name, english = _common(reader)
    attribute_reader = reader.subtable(
        "attributes", required=True, expected=f"a table of {', '.join(_ATTRIBUTE_KEYS.values())}"
    )
    attributes = _read_values(attribute_reader, _ATTRIBUTE_KEYS, *_ATTRIBUTE_RANGE, required=True)
    save_reader = reader.subtable(
        "saves", required=True, expected=f"a table of {', '.join(_SAVE_KEYS.values())}"
    )
    saves = _read_values(save_reader, _SAVE_KEYS, *_SAVE_RANGE, required=True)
    life_points = reader.required_integer("lp", low=1, high=9999)
    movement = reader.required_integer("bew", low=0, high=100)
    move_reader = reader.subtable(
        "move_types", expected=f"a table of {', '.join(_MOVE_KEYS.values())}"
    )
    move_types = _read_values(move_reader, _MOVE_KEYS, 1, 100, required=False)
    size_fields = reader.required_integer("size_fields", low=1, high=20)
    size_category = reader.required_integer("kg", low=0, high=10)
    nsb = reader.integer("nsb", 0, low=-10, high=50) or 0
    reach = reader.integer("reach", 1, low=1, high=10) or 1
    hands = reader.integer("hands", DEFAULT_HANDS, low=0, high=_MAX_HANDS)
    built_for_passengers = reader.boolean("built_for_passengers")
    initiative, companion = _read_initiative(reader)
    base_initiative = reader.integer("base_initiative", None, low=-10, high=99)
    is_character = reader.boolean("character")
    simplified = reader.boolean("simplified")
    resistances = frozenset(reader.choices("resistances", _DAMAGE_TYPES))
    immunities = frozenset(reader.choices("immunities", _DAMAGE_TYPES))
    sensitivities = frozenset(reader.choices("sensitivities", _DAMAGE_TYPES))
    equipment = reader.strings("equipment", max_len=64)
    talents = reader.strings("talents")
    spells = reader.strings("spells")
    sample, book, source, notes = _provenance(reader)
    merge_failed(reader, attribute_reader, save_reader, move_reader)
    if reader.failed:
        return None

    if is_character:
        if base_initiative is None:
            reader.error(None, "a character rolls initiative: give base_initiative (E-INIT-2)")
        if initiative is not None or companion:
            reader.error(
                "initiative",
                "a character rolls initiative; give base_initiative instead (E-INIT-2)",
            )
        if simplified:
            reader.error("simplified", "only enemies can be simplified (E-LP-ENEMY-1)")
        if built_for_passengers:
            reader.error(
                "built_for_passengers",
                "a player character is no mount (E-MOUNT-2); only a mount can be built "
                "for passengers (E-MOUNT-4)",
            )
    else:
        if initiative is None and not companion:
            reader.error(
                None,
                'an enemy has a fixed initiative: give initiative = 15 or "C" (E-INIT-3, E-INIT-7)',
            )
        if base_initiative is not None:
            reader.error(
                "base_initiative",
                "an enemy's initiative is fixed; its bracket value is also its base "
                "(E-INIT-3, E-OPEN-6)",
            )
    lists = {"resistances": resistances, "immunities": immunities, "sensitivities": sensitivities}
    names = list(lists)
    for first_index, first in enumerate(names):
        for second in names[first_index + 1 :]:
            for damage in sorted(lists[first] & lists[second], key=lambda t: t.value):
                reader.error(
                    second, f"{damage.value} is in both {first} and {second} (E-RES-1/2/4)"
                )
    for index, talent in enumerate(talents):
        if talent in talents[:index]:
            reader.error(f"talents[{index}]", f"talent {talent!r} is listed twice")
    if reader.failed:
        return None
    return CreatureType(
        key=key,
        name=name,
        attributes=FrozenMap(attributes),
        saves=FrozenMap(saves),
        life_points=life_points,
        movement=movement,
        move_types=FrozenMap(move_types),
        size_fields=size_fields,
        size_category=size_category,
        melee_damage_bonus=nsb,
        initiative=initiative,
        base_initiative=base_initiative,
        is_character=is_character,
        simplified=simplified,
        resistances=resistances,
        immunities=immunities,
        sensitivities=sensitivities,
        equipment=equipment,
        talents=talents,
        sample_values=sample,
        english=english,
        reach=reach,
        companion=companion,
        hands=DEFAULT_HANDS if hands is None else hands,
        built_for_passengers=built_for_passengers,
        spells=spells,
        from_book=book,
        source=source,
        notes=notes,
    )


def _read_terrain(key: str, reader: TableReader) -> TerrainKind | None:
    name, english = _common(reader)
    terrain = reader.choice("terrain", _TERRAIN, Terrain.NONE)
    difficult_default = terrain in DIFFICULT_BY_DEFAULT
    difficult = reader.boolean("difficult", difficult_default)
    target = reader.integer("target", DEFAULT_TERRAIN_TARGET, low=5, high=30)
    hazard = reader.boolean("hazard")
    cover = reader.choice("cover", _COVER, Cover.NONE)
    smoke = reader.boolean("smoke")
    char = reader.string("char", max_len=1)
    rule_id = reader.string("rule", "", max_len=40)
    sample = reader.boolean("sample")
    notes = reader.string("notes", "", max_len=2000)
    if reader.failed or terrain is None or cover is None or target is None:
        return None
    if terrain in DIFFICULT_BY_DEFAULT and not difficult:
        reader.error(
            "difficult", f"{terrain.name} is always difficult terrain (E-OPEN-42, E-TERRAIN-RUBBLE)"
        )
    if char in _RESERVED_CHARS or not char.isprintable() or char.isspace():
        reader.error(
            "char",
            "expected one printable character other than #, + and / (walls, doors), "
            f"found {char!r}",
        )
    kind = TerrainKind(
        key=key,
        german=name,
        english=english,
        terrain=terrain,
        difficult=difficult,
        target=target,
        hazard=hazard,
        cover=cover,
        sample_char=char,
        smoke=smoke,
        rule_id=rule_id,
        sample_values=sample,
        notes=notes,
    )
    default = DEFAULT_LEGEND.get(char)
    if default is not None and char not in _RESERVED_CHARS and kind.field_kind() != default:
        reader.error(
            "char",
            f"{char!r} already means {_describe_field(default)} in the default legend (DESIGN.md); "
            f"this kind is {_describe_field(kind.field_kind())}: pick another character",
        )
    return None if reader.failed else kind


def _describe_field(kind: FieldKind) -> str:
    parts = [kind.terrain.name.lower()]
    if kind.difficult:
        parts.append("difficult")
    if kind.cover:
        parts.append(f"{kind.cover.name.lower()} cover")
    if kind.smoke:
        parts.append("smoke")
    if kind.hazard:
        parts.append("hazard")
    return ", ".join(parts)


_READERS: Mapping[str, Callable[[str, TableReader], Any]] = {
    "weapons": _read_weapon,
    "armour": _read_armour,
    "items": _read_item,
    "creatures": _read_creature,
    "terrain": _read_terrain,
}


# ================================================================================ loading


def _package_texts(names: Iterable[str]) -> tuple[dict[str, str], list[Problem]]:
    texts: dict[str, str] = {}
    problems: list[Problem] = []
    root = importlib.resources.files(DATA_PACKAGE)
    for name in names:
        path = f"{DATA_LABEL}/{name}"
        try:
            raw = root.joinpath(name).read_bytes()
        except OSError as exc:
            problems.append(Problem(path, f"cannot read the catalogue file: {exc.strerror or exc}"))
            continue
        try:
            texts[name] = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.append(Problem(path, f"expected UTF-8 text; byte {exc.start} is not UTF-8"))
    return texts, problems


@functools.cache
def load_catalogue() -> Catalogue:
    """Return the catalogue shipped in the package, checked, loaded once per process.

    Raises MissionError listing every problem of the data files.
    """
    texts, problems = _package_texts(CATALOGUE_FILES)
    if problems:
        raise MissionError(problems)
    return load_catalogue_from(texts, fill_from_package=False)


def load_catalogue_from(
    texts: Mapping[str, str], *, fill_from_package: bool = True, label_dir: str = DATA_LABEL
) -> Catalogue:
    """Return the catalogue read from TOML texts by file name ("weapons.toml" or "weapons").

    Files not given are read from the package when ``fill_from_package`` (so a test can
    replace one file); otherwise they count as empty. Raises MissionError with every
    problem: syntax (with line and column), types, ranges, unknown names and keys,
    references to equipment that does not exist.
    """
    problems: list[Problem] = []
    given: dict[str, str] = {}
    for raw_name, text in texts.items():
        name = raw_name if raw_name.endswith(".toml") else f"{raw_name}.toml"
        if name not in CATALOGUE_FILES:
            hint = suggestion(name, CATALOGUE_FILES)
            expected = ", ".join(CATALOGUE_FILES)
            message = f"unknown catalogue file {raw_name!r}{hint}; expected one of: {expected}"
            problems.append(Problem(f"{label_dir}/{raw_name}", message))
            continue
        given[name] = text
    missing = [name for name in CATALOGUE_FILES if name not in given]
    if fill_from_package and missing:
        filled, read_problems = _package_texts(missing)
        given.update(filled)
        problems.extend(read_problems)

    entries: dict[str, dict[str, Any]] = {}
    known: dict[str, set[str]] = {}  # keys that exist, even where the entry was broken
    sinks: dict[str, ProblemSink] = {}
    unreadable: set[str] = set()  # files whose entries are unknown: no reference checks
    for name in CATALOGUE_FILES:
        kind = name.removesuffix(".toml")
        entries[kind], known[kind] = {}, set()
        path = f"{label_dir}/{name}"
        source_text = given.get(name)
        if source_text is None:
            continue
        data, syntax = parse_toml(source_text, path)
        problems.extend(syntax)
        if data is None:
            unreadable.add(kind)
            continue
        sink = ProblemSink(path, locate_keys(source_text).keys, problems)
        sinks[kind] = sink
        if not _read_file(kind, data, sink, entries[kind], known[kind]):
            unreadable.add(kind)

    _check_references(entries, known, sinks, unreadable)
    errors = [p for p in problems if not p.warning]
    if errors:
        raise MissionError(errors)
    return Catalogue(
        weapons=MappingProxyType(entries["weapons"]),
        armour=MappingProxyType(entries["armour"]),
        creatures=MappingProxyType(entries["creatures"]),
        items=MappingProxyType(entries["items"]),
        terrain=MappingProxyType(entries["terrain"]),
        warnings=tuple(p for p in problems if p.warning),
    )


def _read_file(
    kind: str, data: Mapping[str, Any], sink: ProblemSink, out: dict[str, Any], known: set[str]
) -> bool:
    """Read the entries of one file into ``out``; return False when its table is missing."""
    top = TableReader(data, "", sink)
    table = top.subtable(kind, required=True, expected=f"one table [{kind}.<id>] per entry")
    top.finish()
    if table is None:
        return False
    read = _READERS[kind]
    for key, value in table.table.items():
        table.known.append(key)
        known.add(key)
        if not _KEY.match(key):
            table.error(key, f"expected a snake_case id (a-z, 0-9, _; at most 64), found {key!r}")
            continue
        if not isinstance(value, dict):
            table.error(key, f"expected a table [{kind}.{key}], found {describe(value)}")
            continue
        reader = TableReader(value, f"{kind}.{key}", sink)
        entry = read(key, reader)
        reader.finish()
        if entry is not None and not reader.failed:
            out[key] = entry
    return True


def _check_references(
    entries: Mapping[str, dict[str, Any]],
    known: Mapping[str, set[str]],
    sinks: Mapping[str, ProblemSink],
    unreadable: set[str],
) -> None:
    owners: dict[str, str] = {}
    for kind in ("weapons", "armour", "items"):
        sink = sinks.get(kind)
        for key in sorted(known[kind]):
            if key in owners and sink is not None:
                sink.error(
                    f"{kind}.{key}",
                    f"{key!r} is also a key in {owners[key]}.toml; equipment keys must be unique "
                    "across weapons, armour and items",
                )
            owners.setdefault(key, kind)
    creature_sink = sinks.get("creatures")
    # A kit file that did not parse would make every reference to it look unknown.
    kits_parsed = not unreadable & {"weapons", "armour", "items"}
    if creature_sink is not None:
        for key, creature in entries["creatures"].items():
            for index, item in enumerate(creature.equipment):
                if kits_parsed and item not in owners:
                    hint = suggestion(item, owners)
                    creature_sink.error(
                        f"creatures.{key}.equipment[{index}]",
                        f"unknown equipment {item!r}{hint}: no weapon, armour or item has that key",
                    )
            categories: dict[ArmorCategory, str] = {}
            for item in creature.equipment:
                armour = entries["armour"].get(item)
                if armour is None:
                    continue
                if armour.category in categories and categories[armour.category] != item:
                    creature_sink.warning(
                        f"creatures.{key}.equipment",
                        f"{categories[armour.category]} and {item} are both "
                        f"{armour.category.value}: only the higher PAZ counts (E-ARMOR-STACK-1)",
                    )
                categories.setdefault(armour.category, item)
    terrain_sink = sinks.get("terrain")
    if terrain_sink is not None:
        chars: dict[str, str] = {}
        for key, kind in entries["terrain"].items():
            if kind.sample_char in chars:
                terrain_sink.error(
                    f"terrain.{key}.char",
                    f"{kind.sample_char!r} is already the character of {chars[kind.sample_char]}",
                )
            chars.setdefault(kind.sample_char, key)
