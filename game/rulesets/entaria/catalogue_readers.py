"""Reading one catalogue entry from its TOML table, value by value, with readable errors.

Each reader takes the entry's key and a ``TableReader`` of its table and returns the
entry, or None when a value is wrong; every problem is recorded by the reader (file,
line, key, what was found, what was expected), so a file reports all its mistakes at
once. ``ENTRY_READERS`` names the reader of each catalogue file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from game.board.grid import DEFAULT_LEGEND, DEFAULT_TERRAIN_TARGET, Cover, FieldKind, Terrain
from game.board.templates import AreaShape
from game.match.token_kinds import DEFAULT_TOKEN, token_problem
from game.match.tomlcheck import TableReader, enum_spec, merge_failed
from game.rulesets.entaria.catalogue import (
    ArmourType,
    CreatureType,
    FrozenMap,
    ItemType,
    TerrainKind,
    WeaponType,
)
from game.rulesets.entaria.loader_texts import entaria_say
from game.rulesets.entaria.rules.areas import Bem, parse_bem
from game.rulesets.entaria.rules.hands import DEFAULT_HANDS
from game.rulesets.entaria.rules.objects import MAX_WEAPON_SIZE
from game.rulesets.entaria.rules.optics import LEGACY_SCOPE, OpticKind
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import (
    ArmorCategory,
    Attribute,
    DamageType,
    MoveType,
    SaveValue,
    WeaponAttribute,
)
from game.rulesets.entaria.rules.terrain import DIFFICULT_BY_DEFAULT

__all__ = ["ENTRY_READERS"]


_RANGE_BANDS = enum_spec(
    RangeBand, "range band", {band: band.german for band in RangeBand}, what_de="Reichweite"
)
_DAMAGE_TYPES = enum_spec(
    DamageType,
    "damage type",
    aliases={
        **{f"{t.value}schaden": t for t in DamageType},
        "Stahlungsschaden": DamageType.RADIATION,  # the source's typo (glossary 32.6)
    },
    what_de="Schadensart",
)
_WEAPON_ATTRIBUTES = enum_spec(
    WeaponAttribute,
    "weapon attribute",
    aliases={"Zielfernrohr": WeaponAttribute.SCOPE},
    what_de="Waffeneigenschaft",
)
_OPTIC_KINDS = enum_spec(
    OpticKind, "aiming optic", aliases={"Zielfernrohr": OpticKind.SCOPE}, what_de="Zieloptik"
)
#: The WM an aiming optic may give ranged attack rolls (the book gives none: samples).
_OPTIC_WM_RANGE: Final = (-5, 5)
_AREA_SHAPES = enum_spec(
    AreaShape,
    "area shape",
    {AreaShape.BEAM: "Strahl", AreaShape.CONE: "Kegel", AreaShape.ROUND: "Rund"},
    what_de="Flächenform",
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
    what_de="Panzerungskategorie",
)
_TERRAIN = enum_spec(Terrain, "terrain code", what_de="Geländecode")
_COVER = enum_spec(
    Cover,
    "cover",
    {Cover.NONE: "keine", Cover.PARTIAL: "Teildeckung", Cover.FULL: "Volldeckung"},
    what_de="Deckung",
)
#: Attribute keys in creatures.toml: the enum names in lower case (ASCII TOML keys); a
#: mission's ``[[creatures]] values`` and the set-up screen use the same names and bounds.
ATTRIBUTE_KEYS: Mapping[Attribute, str] = {a: a.name.lower() for a in Attribute}
SAVE_KEYS: Mapping[SaveValue, str] = {s: s.name.lower() for s in SaveValue}
#: Movement types are written with the book's letters: BEW 6, S 4 -> move_types = { S = 4 }.
_MOVE_KEYS: Mapping[MoveType, str] = {m: m.value for m in MoveType}

#: Legend characters the terrain kinds may not take: walls and doors are not terrain.
_RESERVED_CHARS: Final = frozenset("#+/")

ATTRIBUTE_RANGE: Final = (-10, 30)
_MAX_HANDS: Final = 8  # hands a creature type may have (default 2, DEFAULT_HANDS)
SAVE_RANGE: Final = (5, 30)  # Rettungswerte serve as ZW, which lie in 5..30 (E-CORE-ZW-1)
#: A name's longest length and a creature type's LP (the set-up screen checks the same).
NAME_MAX_LEN: Final = 100
LP_RANGE: Final = (1, 9999)
EQUIPMENT_KEY_MAX_LEN: Final = 64


def _common(reader: TableReader) -> tuple[str, str]:
    name = reader.string("name", max_len=NAME_MAX_LEN)
    english = reader.string("english", "", max_len=NAME_MAX_LEN) or name
    return name, english


def _provenance(reader: TableReader) -> tuple[bool, frozenset[str], str, str]:
    sample = reader.boolean("sample")
    book = reader.strings("book")
    for index, dotted in enumerate(book):
        if not _sets(reader.table, dotted):
            reader.error(
                f"book[{index}]",
                entaria_say("book_not_set", dotted=dotted),
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
    optic_keys = reader.strings("optics", max_len=64)
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
            reader.error("bem", entaria_say("bad_bem", text=bem_text))
    if reader.failed or damage_type is None:
        return None

    weapon = WeaponType(
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
        # An old catalogue gives the scope as the attribute Bildvergrößerer (alias
        # Zielfernrohr): it still reads, as a fitted scope (rules.optics.LEGACY_SCOPE).
        attributes=attributes - {WeaponAttribute.SCOPE},
        optic_keys=optic_keys,
        optics=(LEGACY_SCOPE,) if WeaponAttribute.SCOPE in attributes else (),
        thrown=thrown,
        area_shape=area_shape,
        area_size=area_size,
        improvised=improvised,
        sample_values=sample,
        from_book=book,
        source=source,
        notes=notes,
    )
    _check_weapon(reader, weapon)
    return None if reader.failed else weapon


def _check_weapon(reader: TableReader, weapon: WeaponType) -> None:
    """Record where the weapon's values contradict each other (E-RANGE-2, E-AREAFIRE-1/2, ...)."""
    if not weapon.melee and not weapon.ranged:
        reader.error(None, entaria_say("neither_melee_nor_ranged"))  # E-RANGE-2
    if weapon.thrown and not weapon.ranged:
        reader.error("ranges", entaria_say("thrown_needs_ranges"))  # E-THROW-1
    if weapon.bem is not None and not weapon.ranged:
        reader.error("bem", entaria_say("area_fire_needs_ranged"))  # E-AREAFIRE-1
    fires_area = weapon.attributes & {WeaponAttribute.AUTO_FIRE, WeaponAttribute.AREA_FIRE}
    if fires_area and weapon.bem is None:
        names = " and ".join(sorted(a.value for a in fires_area))
        reader.error("bem", entaria_say("needs_bem", names=names))  # E-AREAFIRE-2
    if weapon.bem is not None and not fires_area:
        reader.error("attributes", entaria_say("bem_needs_attribute"))  # E-AREAFIRE-1
    has_reach = WeaponAttribute.REACH in weapon.attributes
    if weapon.reach > 1 and not (weapon.melee and has_reach):
        reader.error("reach", entaria_say("reach_needs_distanz", reach=weapon.reach))  # E-REACH-3
    if has_reach and weapon.reach < 2:
        reader.error("reach", entaria_say("distanz_needs_reach"))  # E-REACH-3
    if weapon.magazine is not None and (weapon.thrown or not weapon.ranged):
        reader.error("magazine", entaria_say("magazine_ranged_only"))  # E-CRIT-FAIL-3
    if (weapon.area_shape is None) != (weapon.area_size is None):
        reader.error(
            "area_size" if weapon.area_size is None else "area_shape",
            entaria_say("area_together"),
        )
    if WeaponAttribute.ZERO_G in weapon.attributes and not weapon.ranged:
        message = entaria_say("zero_g_ranged", name=WeaponAttribute.ZERO_G.value)
        reader.error("attributes", message)  # E-ZEROG-2
    if (weapon.optics or weapon.optic_keys) and (weapon.thrown or not weapon.ranged):
        where = "optics" if weapon.optic_keys else "attributes"
        # E-ACT-VH-DISTANZ-1, E-ACT-VH-DAUERFEUER-2
        reader.error(where, entaria_say("optics_ranged"))
    for index, optic in enumerate(weapon.optic_keys):
        if optic in weapon.optic_keys[:index]:
            reader.error(f"optics[{index}]", entaria_say("optic_twice", optic=optic))
    if WeaponAttribute.SHIELD in weapon.attributes:
        reader.error("attributes", entaria_say("schild_is_armour"))  # E-ACT-HH-SCHILD


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
        reader.error("shield", entaria_say("shield_category"))  # E-ACT-HH-SCHILD
    if space_suit and category is not ArmorCategory.WORN:
        reader.error("space_suit", entaria_say("space_suit_worn"))  # E-ACT-LH-PANZERUNG-2
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
    optic = reader.choice("optic", _OPTIC_KINDS, None)
    ranged_wm = reader.integer("ranged_wm", 0, low=_OPTIC_WM_RANGE[0], high=_OPTIC_WM_RANGE[1])
    sample, book, source, notes = _provenance(reader)
    if ranged_wm and optic is None:
        reader.error("ranged_wm", entaria_say("wm_needs_optic"))
    if reader.failed:
        return None
    return ItemType(
        key=key,
        name=name,
        english=english,
        medkit=medkit,
        nano_healbots=nano,
        optic=optic,
        ranged_wm=ranged_wm or 0,
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
        reader.error("initiative", entaria_say("bad_initiative", value=value))  # E-INIT-3, -7
        return None, False
    return reader.integer("initiative", None, low=0, high=99), False


def _read_token(reader: TableReader) -> str:
    """Return the token art the creature type shows (default: the generic figure)."""
    value = reader.raw("token")
    if value is None:
        return DEFAULT_TOKEN
    problem = token_problem(value)
    if problem is not None:
        reader.error("token", entaria_say("unknown_token", problem=problem))
        return DEFAULT_TOKEN
    return str(value)


def _table_of(keys: Mapping[Any, str]) -> dict[str, str]:
    """Return "a table of <keys>" in every language (what a missing sub-table should be)."""
    names = ", ".join(keys.values())
    return {"en": f"a table of {names}", "de": f"eine Tabelle mit {names}"}


def _read_creature(key: str, reader: TableReader) -> CreatureType | None:
    name, english = _common(reader)
    attribute_reader = reader.subtable(
        "attributes", required=True, expected=_table_of(ATTRIBUTE_KEYS)
    )
    attributes = _read_values(attribute_reader, ATTRIBUTE_KEYS, *ATTRIBUTE_RANGE, required=True)
    save_reader = reader.subtable("saves", required=True, expected=_table_of(SAVE_KEYS))
    saves = _read_values(save_reader, SAVE_KEYS, *SAVE_RANGE, required=True)
    life_points = reader.required_integer("lp", low=LP_RANGE[0], high=LP_RANGE[1])
    movement = reader.required_integer("bew", low=0, high=100)
    move_reader = reader.subtable("move_types", expected=_table_of(_MOVE_KEYS))
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
    equipment = reader.strings("equipment", max_len=EQUIPMENT_KEY_MAX_LEN)
    talents = reader.strings("talents")
    spells = reader.strings("spells")
    token = _read_token(reader)
    sample, book, source, notes = _provenance(reader)
    merge_failed(reader, attribute_reader, save_reader, move_reader)
    if reader.failed:
        return None

    kind = CreatureType(
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
        token=token,
    )
    _check_creature(reader, kind)
    return None if reader.failed else kind


def _check_creature(reader: TableReader, kind: CreatureType) -> None:
    """Record where the creature's values contradict each other (E-INIT-2/3/7, E-RES-1/2/4)."""
    if kind.is_character:
        if kind.base_initiative is None:
            reader.error(None, entaria_say("character_needs_base"))  # E-INIT-2
        if kind.initiative is not None or kind.companion:
            reader.error("initiative", entaria_say("character_not_fixed"))  # E-INIT-2
        if kind.simplified:
            reader.error("simplified", entaria_say("only_enemies_simplified"))  # E-LP-ENEMY-1
        if kind.built_for_passengers:
            # E-MOUNT-2, E-MOUNT-4
            reader.error("built_for_passengers", entaria_say("character_no_mount"))
    else:
        if kind.initiative is None and not kind.companion:
            reader.error(None, entaria_say("enemy_fixed_initiative"))  # E-INIT-3, E-INIT-7
        if kind.base_initiative is not None:
            reader.error("base_initiative", entaria_say("enemy_no_base"))  # E-INIT-3, E-OPEN-6
    lists = {
        "resistances": kind.resistances,
        "immunities": kind.immunities,
        "sensitivities": kind.sensitivities,
    }
    names = list(lists)
    for first_index, first in enumerate(names):
        for second in names[first_index + 1 :]:
            for damage in sorted(lists[first] & lists[second], key=lambda t: t.value):
                message = entaria_say(
                    "damage_in_both", damage=damage.value, first=first, second=second
                )
                reader.error(second, message)  # E-RES-1/2/4
    for index, talent in enumerate(kind.talents):
        if talent in kind.talents[:index]:
            reader.error(f"talents[{index}]", entaria_say("talent_twice", talent=talent))


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
            "difficult",
            entaria_say("always_difficult", name=terrain.name),  # E-OPEN-42
        )
    if char in _RESERVED_CHARS or not char.isprintable() or char.isspace():
        reader.error(
            "char",
            entaria_say("bad_terrain_char", char=char),
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
            entaria_say(
                "char_means_default",
                char=char,
                default=_describe_field(default),
                kind=_describe_field(kind.field_kind()),
            ),
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


ENTRY_READERS: Mapping[str, Callable[[str, TableReader], Any]] = {
    "weapons": _read_weapon,
    "armour": _read_armour,
    "items": _read_item,
    "creatures": _read_creature,
    "terrain": _read_terrain,
}
