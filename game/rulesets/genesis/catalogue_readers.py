"""Reading one Genesis catalogue entry from its TOML table, value by value, with readable errors.

Each reader takes the entry's key and a ``TableReader`` of its table and returns the
entry, or None when a value is wrong; the reader records every problem (file, line, key,
what was found, what was expected). References between entries (a fighter's weapons and
armour) are checked by the loader, which knows every section.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from game.match.problem_texts import say
from game.match.problems import described, suggested
from game.match.tomlcheck import TableReader, enum_spec
from game.rulesets.genesis.catalogue import (
    ArmorSlot,
    GenesisArmour,
    GenesisFighter,
    GenesisWeapon,
    WeaponKind,
)
from game.rulesets.genesis.catalogue_texts import genesis_say
from game.rulesets.genesis.rules.gear import SURPLUS_AD
from game.rulesets.genesis.rules.ranged import SIZE_MODIFIER

__all__ = [
    "AD_RANGE",
    "GS_RANGE",
    "GW_RANGE",
    "KEY_MAX_LEN",
    "LE_RANGE",
    "NAME_MAX_LEN",
    "STAT_RANGE",
    "TALENT_RANGE",
    "WS_RANGE",
    "parse_tp",
    "read_armour",
    "read_fighter",
    "read_weapon",
]

#: AT, PA, AW and INI on the d100 (G-ATPA-1/2: roll under; G-OPEN-2: INI on the d100).
STAT_RANGE: Final = (1, 100)
#: GW per two KR, in steps of 0.5 (G-GW-1/2/5, G-OPEN-3).
GW_RANGE: Final = (0.5, 20.0)
#: Lebensenergie (G-DMG-3) and Widerstand (G-DMG-WS).
LE_RANGE: Final = (1, 500)
WS_RANGE: Final = (1, 100)
#: AD, the stamina pool (G-OPEN-5 reading a): its maximum.
AD_RANGE: Final = (0, 200)
#: GS in m/s (G-OPEN-9): floor(GS x 2) fields per KR.
GS_RANGE: Final = (0.5, 20.0)
#: KK, WTW, throwing talent, Selbstbeherrschung and KBH (character data, G-OPEN-18/7/19).
TALENT_RANGE: Final = (0, 100)
NAME_MAX_LEN: Final = 100
NOTES_MAX_LEN: Final = 2000
#: The longest key a fighter's weapons or armour list names (entry keys are at most 64).
KEY_MAX_LEN: Final = 64
#: The most entries of one fighter's weapons or armour list.
GEAR_MAX: Final = 32

BONUS_RANGE: Final = (-100, 100)
REACH_RANGE: Final = (1, 10)
DISTANCE_RANGE: Final = (0, 2000)
RANGE_BASE_RANGE: Final = (0, 500)
RELOAD_RANGE: Final = (0, 30)
SHOCK_RANGE: Final = (0, 20)
EXTRA_D6_RANGE: Final = (0, 10)
RS_RANGE: Final = (0, 50)
SHIELD_PA_RANGE: Final = (0, 50)
#: Per-cent TP bonuses (G-PCT-*): a weapon's passive one, a fighter's enhancement, Megaschlag.
PERCENT_RANGE: Final = (0, 500)

_KINDS = enum_spec(
    WeaponKind,
    "weapon kind",
    aliases={
        "nahkampf": WeaponKind.MELEE,
        "nahkampfwaffe": WeaponKind.MELEE,
        "schusswaffe": WeaponKind.MISSILE,
        "wurfgegenstand": WeaponKind.THROWN,
        "wurfwaffe": WeaponKind.THROWING,
    },
    what_de="Waffenart",
)
_SLOTS = enum_spec(
    ArmorSlot,
    "armour slot",
    aliases={
        "hauptrüstung": ArmorSlot.MAIN,
        "unterrüstung": ArmorSlot.UNDER,
        "schild": ArmorSlot.SHIELD,
        "magische schulterplatten": ArmorSlot.MAGIC_SHOULDER_PLATES,
        "plattierung": ArmorSlot.PLATING,
        "helm": ArmorSlot.HELMET,
    },
    what_de="Rüstungsplatz",
)
#: The attack weights of surplus attacks (G-SURPLUS-4, G-OPEN-20).
WEIGHTS: Final = tuple(SURPLUS_AD)
#: The target sizes of the size modifier (G-RANGE-SIZE).
SIZES: Final = tuple(SIZE_MODIFIER)

_TP = re.compile(r"^\s*(\d{1,2})\s*[Ww]\s*(\d{0,3})\s*(?:([+-])\s*(\d{1,2}))?\s*$")
TP_DICE: Final = (1, 10)
TP_SIDES: Final = (2, 100)
TP_PLUS: Final = (-50, 50)


def parse_tp(text: str) -> tuple[int, int, int] | None:
    """Return (dice, sides, plus) of TP written as the rulebook does ("1W" = 1W6,
    "1W6+4", "2W20-1"; G-OPEN-6), or None when ``text`` is no such dice expression."""
    match = _TP.match(text)
    if match is None:
        return None
    dice = int(match[1])
    sides = int(match[2]) if match[2] else 6
    plus = int(match[4]) * (-1 if match[3] == "-" else 1) if match[4] else 0
    if not (
        TP_DICE[0] <= dice <= TP_DICE[1]
        and TP_SIDES[0] <= sides <= TP_SIDES[1]
        and TP_PLUS[0] <= plus <= TP_PLUS[1]
    ):
        return None
    return dice, sides, plus


def _names(reader: TableReader) -> tuple[str, str]:
    name = reader.string("name", max_len=NAME_MAX_LEN)
    english = reader.string("english", "", max_len=NAME_MAX_LEN) or name
    return name, english


def _marks(reader: TableReader) -> tuple[bool, bool, str]:
    """Return book, sample (D-17: not both) and notes."""
    book, sample = reader.boolean("book"), reader.boolean("sample")
    notes = reader.string("notes", "", max_len=NOTES_MAX_LEN)
    if book and sample:
        reader.error("sample", genesis_say("book_and_sample"))
    return book, sample, notes


def _word(
    reader: TableReader, name: str, allowed: tuple[str, ...], default: str, what: Mapping[str, str]
) -> str:
    """Return a lower-case word out of ``allowed`` (``default`` when absent)."""
    value = reader.raw(name)
    if value is None and not reader.has(name):
        return default
    if isinstance(value, str) and value.strip().casefold() in allowed:
        return value.strip().casefold()
    if not isinstance(value, str):
        expected = say("a_choice", what=what, allowed=", ".join(allowed))
        reader.error(name, say("expected_found", expected=expected, found=described(value)))
        return default
    hint = suggested(value, allowed)
    message = say("unknown_choice", what=what, value=value, hint=hint, allowed=", ".join(allowed))
    reader.error(name, message)
    return default


def _tp(reader: TableReader) -> tuple[int, int, int]:
    value = reader.raw("tp")
    if not reader.has("tp"):
        expected = {"en": 'TP as dice, e.g. "1W6+4"', "de": 'TP als Würfel, z. B. "1W6+4"'}
        reader.error("tp", say("missing_key", name="tp", expected=expected))
        return 1, 6, 0
    parsed = parse_tp(value) if isinstance(value, str) else None
    if parsed is None:
        reader.error("tp", genesis_say("bad_tp", found=described(value)))
        return 1, 6, 0
    return parsed


def _integer(reader: TableReader, name: str, low_high: tuple[int, int], default: int = 0) -> int:
    value = reader.integer(name, default, low=low_high[0], high=low_high[1])
    return default if value is None else value


def _not_for(reader: TableReader, kind: WeaponKind, names: tuple[str, ...], why: str) -> None:
    """Record each of ``names`` the entry sets though its kind has no use for it."""
    for name in names:
        if reader.has(name) and reader.table[name] not in (0, False):
            message = genesis_say("not_for_kind", key=name, kind=kind.value, why=genesis_say(why))
            reader.error(name, message)


def read_weapon(key: str, reader: TableReader) -> GenesisWeapon | None:
    """Read a weapon: kind, TP dice, AT/PA bonus, weight, reach, ranges, reload, shock."""
    name, english = _names(reader)
    kind = reader.choice("kind", _KINDS)
    dice, sides, plus = _tp(reader)
    at_bonus = _integer(reader, "at_bonus", BONUS_RANGE)
    pa_bonus = _integer(reader, "pa_bonus", BONUS_RANGE)
    weight = _word(reader, "weight", WEIGHTS, "medium", {"en": "attack weight", "de": "Gewicht"})
    reach = _integer(reader, "reach", REACH_RANGE, 1)
    combat_range = _integer(reader, "combat_range", DISTANCE_RANGE)
    max_range = _integer(reader, "max_range", DISTANCE_RANGE)
    range_base = _integer(reader, "range_base", RANGE_BASE_RANGE)
    halved_range = reader.boolean("halved_range")
    reload_kr = _integer(reader, "reload_kr", RELOAD_RANGE)
    shock = _integer(reader, "shock", SHOCK_RANGE)
    two_handed = reader.boolean("two_handed")
    extra_d6 = _integer(reader, "extra_d6", EXTRA_D6_RANGE)
    tp_percent = _integer(reader, "tp_percent", PERCENT_RANGE)
    book, sample, notes = _marks(reader)
    if reader.failed or kind is None:
        return None
    if kind is WeaponKind.MISSILE:
        if combat_range < 1 or max_range < combat_range:
            where = "combat_range" if combat_range < 1 else "max_range"
            reader.error(where, genesis_say("missile_ranges", combat=combat_range, most=max_range))
    else:
        _not_for(reader, kind, ("combat_range", "max_range"), "why_ranges")
        _not_for(reader, kind, ("reload_kr",), "why_reload")
    if kind is WeaponKind.MELEE or kind is WeaponKind.MISSILE:
        _not_for(reader, kind, ("range_base", "halved_range"), "why_range_base")
    if kind is not WeaponKind.MELEE and reach != 1:
        _not_for(reader, kind, ("reach",), "why_reach")
    if reader.failed:
        return None
    return GenesisWeapon(
        key=key,
        name=name,
        english=english,
        kind=kind,
        dice=dice,
        sides=sides,
        plus=plus,
        at_bonus=at_bonus,
        pa_bonus=pa_bonus,
        weight=weight,
        reach=reach,
        combat_range=combat_range,
        max_range=max_range,
        range_base=range_base,
        halved_range=halved_range,
        reload_kr=reload_kr,
        shock=shock,
        two_handed=two_handed,
        extra_d6=extra_d6,
        book=book,
        sample=sample,
        notes=notes,
        tp_percent=tp_percent,
    )


def read_armour(key: str, reader: TableReader) -> GenesisArmour | None:
    """Read an armour piece: its slot, RS and (shields only) PA bonus."""
    name, english = _names(reader)
    slot = reader.choice("slot", _SLOTS)
    rs = reader.required_integer("rs", low=RS_RANGE[0], high=RS_RANGE[1])
    pa_bonus = _integer(reader, "pa_bonus", SHIELD_PA_RANGE)
    book, sample, notes = _marks(reader)
    if reader.failed or slot is None:
        return None
    if pa_bonus and slot is not ArmorSlot.SHIELD:
        reader.error("pa_bonus", genesis_say("pa_bonus_not_shield", slot=slot.value))
        return None
    return GenesisArmour(key, name, english, slot, rs, pa_bonus, book, sample, notes)


def read_gw(reader: TableReader, name: str = "gw") -> float:
    """Return GW per two KR, a multiple of 0.5 in ``GW_RANGE`` (G-GW-5)."""
    value = reader.number(name, None, low=GW_RANGE[0], high=GW_RANGE[1])
    if value is None:
        if not reader.has(name):
            expected = say("a_number", low=f"{GW_RANGE[0]:g}", high=f"{GW_RANGE[1]:g}")
            reader.error(name, say("missing_key", name=name, expected=expected))
        return GW_RANGE[0]
    if value * 2 != int(value * 2):
        reader.error(name, genesis_say("gw_half_steps", found=described(reader.table[name])))
        return GW_RANGE[0]
    return value


def read_fighter(key: str, reader: TableReader) -> GenesisFighter | None:
    """Read a fighter: AT, PA, AW, INI, GW, LE, WS, AD, GS, KK, talents, weapons, armour."""
    name, english = _names(reader)
    low, high = STAT_RANGE
    at = reader.required_integer("at", low=low, high=high)
    pa = reader.required_integer("pa", low=low, high=high)
    aw = reader.required_integer("aw", low=low, high=high)
    ini = reader.required_integer("ini", low=low, high=high)
    gw = read_gw(reader)
    le = reader.required_integer("le", low=LE_RANGE[0], high=LE_RANGE[1])
    ws = reader.required_integer("ws", low=WS_RANGE[0], high=WS_RANGE[1])
    ad = reader.required_integer("ad", low=AD_RANGE[0], high=AD_RANGE[1])
    gs = reader.number("gs", 3.0, low=GS_RANGE[0], high=GS_RANGE[1])
    kk = _integer(reader, "kk", TALENT_RANGE, 10)
    wtw = _integer(reader, "wtw", TALENT_RANGE, 10)
    throwing_talent = _integer(reader, "throwing_talent", TALENT_RANGE)
    self_control = _integer(reader, "self_control", TALENT_RANGE)
    kbh = _integer(reader, "kbh", TALENT_RANGE)
    size = _word(reader, "size", SIZES, "human", {"en": "target size", "de": "Zielgröße"})
    shooter = reader.boolean("shooter")
    specialist = reader.boolean("throwing_specialist")
    weapons = _unique(reader, "weapons")
    armour = _unique(reader, "armour")
    character = reader.boolean("character")
    image = reader.string("image", "", max_len=1000)
    enhancement = _integer(reader, "enhancement_tp_percent", PERCENT_RANGE)
    megaschlag = _integer(reader, "megaschlag", PERCENT_RANGE)
    book, sample, notes = _marks(reader)
    if not weapons and not reader.failed:
        reader.error("weapons", genesis_say("weapons_needed"))
    if reader.failed:
        return None
    return GenesisFighter(
        key=key,
        name=name,
        english=english,
        at=at,
        pa=pa,
        aw=aw,
        ini=ini,
        gw=gw,
        le=le,
        ws=ws,
        ad=ad,
        gs=3.0 if gs is None else gs,
        kk=kk,
        wtw=wtw,
        throwing_talent=throwing_talent,
        self_control=self_control,
        kbh=kbh,
        size=size,
        shooter=shooter,
        throwing_specialist=specialist,
        weapons=weapons,
        armour=armour,
        character=character,
        book=book,
        sample=sample,
        notes=notes,
        image=image,
        enhancement_tp_percent=enhancement,
        megaschlag=megaschlag,
    )


def _unique(reader: TableReader, name: str) -> tuple[str, ...]:
    """Return a list of keys, each once; a repeated one is an error at its index."""
    values = reader.strings(name, max_len=KEY_MAX_LEN)
    if len(values) > GEAR_MAX:
        reader.error(name, say("a_whole_number", low=0, high=GEAR_MAX))
    for index, value in enumerate(values):
        if value in values[:index]:
            reader.error(f"{name}[{index}]", say("listed_twice", name=repr(value)))
    return values
