"""Reading one WRS catalogue entry from its TOML table, value by value, with readable errors.

Each reader takes the entry's key and a ``TableReader`` of its table and returns the
entry, or None when a value is wrong; the reader records every problem (file, line, key,
what was found, what was expected).
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from game.match.problem_texts import say
from game.match.problems import described, suggested
from game.match.tomlcheck import TableReader, enum_spec
from game.rulesets.wrs.catalogue import (
    FIRE_MODES_OF,
    ArmourKindRule,
    ArmourPiece,
    ArmourRow,
    CategoryBonus,
    Fighter,
    FireModeRule,
    ShieldBonus,
    ShieldType,
    WeaponType,
)
from game.rulesets.wrs.catalogue_texts import wrs_say
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    ArmourMaterial,
    BodyPart,
    FireMode,
    ShieldCategory,
    WeaponCategory,
)
from game.rulesets.wrs.rules.terms import english as english_word
from game.rulesets.wrs.rules.wounds import LifePoints

__all__ = [
    "ATTRIBUTE_RANGE",
    "COLUMN_KEYS",
    "LP_HIGH",
    "read_armour",
    "read_armour_kind",
    "read_armour_row",
    "read_category",
    "read_fighter",
    "read_fire_mode",
    "read_life_points",
    "read_shield",
    "read_shield_bonus",
    "read_weapon",
    "row_key",
]

#: Körper and Geist on the percentile scale (W-OPEN-1 reading a, D-15).
ATTRIBUTE_RANGE: Final = (1, 100)
#: The highest LP value (wounds until death) a fighter may have.
LP_HIGH: Final = 100
NAME_MAX_LEN: Final = 100
BONUS_RANGE: Final = (0, 50)
POINTS_RANGE: Final = (0.0, 10.0)

_CATEGORIES = enum_spec(WeaponCategory, "weapon category", what_de="Waffenkategorie")
_SHIELDS = enum_spec(ShieldCategory, "shield category", what_de="Schildkategorie")
_FIRE_MODES = enum_spec(FireMode, "fire mode", what_de="Feuermodus")
_PARTS = enum_spec(BodyPart, "body part", what_de="Körperteil")
_COLUMNS = enum_spec(ArmourMaterial, "armour column", what_de="Rüstungsspalte")
_KINDS = enum_spec(ArmourKind, "armour kind", what_de="Rüstungsart")
#: Where a fighter's skill may come from: weapon categories, shields, armour kinds.
_SKILL_SPECS: Final = (_CATEGORIES, _SHIELDS, _KINDS)
#: The armour table's column keys (ASCII): leather, chain, plate.
COLUMN_KEYS: Final = {m: m.name.lower() for m in ArmourMaterial}


def row_key(member: Enum) -> str:
    """Return the TOML key of a seed table's row: the member's name in lower case."""
    return member.name.lower()


def _names(reader: TableReader) -> tuple[str, str]:
    name = reader.string("name", max_len=NAME_MAX_LEN)
    english = reader.string("english", "", max_len=NAME_MAX_LEN) or name
    return name, english


def _term_names(term: Enum) -> tuple[str, str]:
    """Return a seed row's German and English names: the term's own (rules/terms.py)."""
    return str(term.value), english_word(term)


def _rule(reader: TableReader) -> tuple[str, bool]:
    return reader.string("rule", "", max_len=60), reader.boolean("book")


def read_category(key: WeaponCategory, reader: TableReader) -> CategoryBonus | None:
    """Read one line of the weapon bonus list (W-BONUS-*)."""
    name, english = _term_names(key)
    attack = reader.required_integer("attack", low=BONUS_RANGE[0], high=BONUS_RANGE[1])
    defence = reader.required_integer("defence", low=BONUS_RANGE[0], high=BONUS_RANGE[1])
    rule, book = _rule(reader)
    return None if reader.failed else CategoryBonus(key, name, english, attack, defence, rule, book)


def read_shield_bonus(key: ShieldCategory, reader: TableReader) -> ShieldBonus | None:
    """Read one shield line of the bonus list (W-BONUS-SHIELD-*)."""
    name, english = _term_names(key)
    defence = reader.required_integer("defence", low=BONUS_RANGE[0], high=BONUS_RANGE[1])
    rule, book = _rule(reader)
    return None if reader.failed else ShieldBonus(key, name, english, defence, rule, book)


def read_fire_mode(key: FireMode, reader: TableReader) -> FireModeRule | None:
    """Read one fire mode (W-FIRE-REP/-SEMI/-AUTO)."""
    name, english = _term_names(key)
    shots = reader.required_integer("max_shots", low=1, high=10)
    malus = reader.required_integer("malus", low=-100, high=0)
    rule, book = _rule(reader)
    return None if reader.failed else FireModeRule(key, name, english, shots, malus, rule, book)


def read_armour_row(key: BodyPart, reader: TableReader) -> ArmourRow | None:
    """Read one body part's row of the armour table (W-ARMOR-TABLE)."""
    name, english = _term_names(key)
    low, high = POINTS_RANGE
    points = [reader.number(k, None, low=low, high=high) for k in COLUMN_KEYS.values()]
    for column, value in zip(COLUMN_KEYS.values(), points, strict=True):
        if value is None and not reader.has(column):
            expected = say("a_number", low=f"{low:g}", high=f"{high:g}")
            reader.error(column, say("missing_key", name=column, expected=expected))
    book = reader.boolean("book")
    leather, chain, plate = points
    if reader.failed or leather is None or chain is None or plate is None:
        return None
    return ArmourRow(key, name, english, leather, chain, plate, book)


def read_armour_kind(key: ArmourKind, reader: TableReader) -> ArmourKindRule | None:
    """Read the table column one kind of armour scores in (W-ARMOR-MOD-2/3)."""
    name, english = _term_names(key)
    column = reader.choice("column", _COLUMNS)
    rule, book = _rule(reader)
    if reader.failed or column is None:
        return None
    return ArmourKindRule(key, name, english, column, rule, book)


def read_life_points(reader: TableReader) -> LifePoints | None:
    """Read the seed's LP example (W-WOUND-E1)."""
    down = reader.required_integer("down", low=1, high=LP_HIGH)
    unconscious = reader.required_integer("unconscious", low=1, high=LP_HIGH)
    dead = reader.required_integer("dead", low=1, high=LP_HIGH)
    reader.string("rule", "", max_len=60)
    reader.boolean("book")
    if not reader.failed and not down <= unconscious <= dead:
        reader.error(None, wrs_say("lp_order", a=down, b=unconscious, c=dead))
    return None if reader.failed else LifePoints(down, unconscious, dead)


def read_weapon(key: str, reader: TableReader) -> WeaponType | None:
    """Read a weapon: its category and, for repeaters and automatics, its fire modes."""
    name, english = _names(reader)
    category = reader.choice("category", _CATEGORIES)
    modes = reader.choices("fire_modes", _FIRE_MODES)
    sample, notes = reader.boolean("sample"), reader.string("notes", "", max_len=2000)
    if reader.failed or category is None:
        return None
    allowed = FIRE_MODES_OF.get(category, ())
    expected = ", ".join(repr(m.value) for m in allowed) or wrs_say("no_fire_modes")
    for index, mode in enumerate(modes):
        if mode not in allowed:
            message = wrs_say(
                "fire_mode_misfit", mode=mode.value, category=category.value, expected=expected
            )
            reader.error(f"fire_modes[{index}]", message)
    if allowed and not modes:
        message = wrs_say("fire_modes_needed", category=category.value, expected=expected)
        reader.error("fire_modes", message)
    if reader.failed:
        return None
    return WeaponType(key, name, english, category, modes, sample, notes)


def read_shield(key: str, reader: TableReader) -> ShieldType | None:
    """Read a shield of one size."""
    name, english = _names(reader)
    category = reader.choice("category", _SHIELDS)
    sample, notes = reader.boolean("sample"), reader.string("notes", "", max_len=2000)
    if reader.failed or category is None:
        return None
    return ShieldType(key, name, english, category, sample, notes)


def read_armour(key: str, reader: TableReader) -> ArmourPiece | None:
    """Read an armour piece: its kind and the body parts it covers."""
    name, english = _names(reader)
    kind = reader.choice("kind", _KINDS)
    parts = reader.choices("parts", _PARTS)
    if not parts and not reader.failed:
        reader.error("parts", wrs_say("parts_needed"))
    sample, notes = reader.boolean("sample"), reader.string("notes", "", max_len=2000)
    if reader.failed or kind is None:
        return None
    return ArmourPiece(key, name, english, kind, parts, sample, notes)


def read_fighter(key: str, reader: TableReader) -> Fighter | None:
    """Read a fighter: Körper, Geist, LP a/b/c, skills and equipment keys."""
    name = reader.string("name", max_len=NAME_MAX_LEN)
    koerper = reader.required_integer("koerper", low=ATTRIBUTE_RANGE[0], high=ATTRIBUTE_RANGE[1])
    geist = reader.required_integer("geist", low=ATTRIBUTE_RANGE[0], high=ATTRIBUTE_RANGE[1])
    life = _fighter_lp(reader)
    skills = _skills(reader)
    equipment = _unique(reader, "equipment")
    sample, notes = reader.boolean("sample"), reader.string("notes", "", max_len=2000)
    if reader.failed or life is None:
        return None
    weapons = frozenset(s for s in skills if isinstance(s, WeaponCategory))
    shields = frozenset(s for s in skills if isinstance(s, ShieldCategory))
    kinds = frozenset(s for s in skills if isinstance(s, ArmourKind))
    return Fighter(
        key, name, koerper, geist, life, weapons, shields, kinds, equipment, sample, notes
    )


def _skills(reader: TableReader) -> list[Enum]:
    """Return the skills a fighter lists: weapon categories, shields, armour kinds."""
    found: list[Enum] = []
    for index, text in enumerate(_unique(reader, "skills")):
        member = next((m for spec in _SKILL_SPECS if (m := spec.lookup(text))), None)
        if member is None:
            choices = [name for spec in _SKILL_SPECS for name in spec.display.values()]
            hint = suggested(text, choices)
            reader.error(f"skills[{index}]", wrs_say("unknown_skill", skill=text, hint=hint))
        elif member in found:
            reader.error(f"skills[{index}]", say("listed_twice", name=repr(text)))
        else:
            found.append(member)
    return found


def _fighter_lp(reader: TableReader) -> LifePoints | None:
    present = reader.has("lp")
    value = reader.raw("lp")
    if not present:
        reader.error("lp", say("missing_key", name="lp", expected=_lp_expected()))
        return None
    fine = (
        isinstance(value, list)
        and len(value) == 3
        and all(type(v) is int and 1 <= v <= LP_HIGH for v in value)
    )
    if not fine:
        reader.error("lp", wrs_say("lp_shape", high=LP_HIGH, found=described(value)))
        return None
    a, b, c = value
    if not a <= b <= c:
        reader.error("lp", wrs_say("lp_order", a=a, b=b, c=c))
        return None
    return LifePoints(a, b, c)


def _lp_expected() -> dict[str, str]:
    return {
        "en": f"three whole numbers [a, b, c] from 1 to {LP_HIGH}",
        "de": f"drei ganze Zahlen [a, b, c] von 1 bis {LP_HIGH}",
    }


def _unique(reader: TableReader, name: str) -> tuple[str, ...]:
    """Return a list of keys, each once; a repeated one is an error at its index."""
    values = reader.strings(name, max_len=64)
    for index, value in enumerate(values):
        if value in values[:index]:
            reader.error(f"{name}[{index}]", say("listed_twice", name=repr(value)))
    return values
