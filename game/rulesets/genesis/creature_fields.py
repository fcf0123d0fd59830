"""The values of a placed Genesis fighter the set-up screen edits, and their checks.

A placed creature starts as a catalogue fighter (``[fighters.<key>]``) and a mission may
give it its own name, picture, equipment and ``values`` (the native mission's
``[[creatures]]`` keys ``name``, ``image``, ``equipment`` and ``values.<name>``). A
mission's values are whole numbers, so:

- ``at``, ``pa``, ``aw``, ``ini``: AT, PA, AW and INI on the d100, 1..100
  (``catalogue_readers.STAT_RANGE``);
- ``gw_halves``: the GW per two KR counted in half points, 1..40: 15 is GW 7.5, 12 is
  GW 6 (G-GW-5: GW go in steps of 0.5; a whole number keeps them exact);
- ``le``, ``ws``, ``ad``: Lebensenergie 1..500, Widerstand 1..100, AD 0..200;
- ``kk``, ``wtw``, ``throwing_talent``, ``self_control``: 0..100 (throwing range and TP
  bonus, G-THROW-RANGE/-TP; the Selbstbeherrschung test, G-LE-SB-1).

GS (m/s, not a whole number), size and the abilities stay the type's. ``equipment`` is one
list of weapon and armour keys: the weapons in its order (the first is the weapon in
hand), the armour pieces at most one per slot (G-ARMOR-SLOTS). Every value is checked
with the catalogue's own bounds and texts, so a set-up accepts what a catalogue accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from game.match.problem_texts import Templates, Texts, fill, say
from game.match.problems import suggested
from game.match.ruleset import CreatureField, ValueKind
from game.match.tomlcheck import ProblemSink, TableReader
from game.match.views import Texts as ScreenTexts
from game.rulesets.genesis.catalogue import ArmorSlot, GenesisCatalogue, GenesisFighter, WeaponKind
from game.rulesets.genesis.catalogue_readers import (
    AD_RANGE,
    GW_RANGE,
    KEY_MAX_LEN,
    LE_RANGE,
    NAME_MAX_LEN,
    STAT_RANGE,
    TALENT_RANGE,
    WS_RANGE,
)
from game.rulesets.genesis.catalogue_texts import genesis_say

__all__ = [
    "EQUIPMENT_MAX",
    "GW_KEY",
    "PICTURE_MAX_LEN",
    "VALUES_KEY",
    "VALUE_NAMES",
    "creature_fields",
    "creature_value_problem",
    "equipment_of",
    "own_fighter",
    "own_fighter_problems",
    "value_bounds",
]

#: The mission's key of a creature's own values: a field ``values.at`` is saved there.
VALUES_KEY: Final = "values"
#: The longest picture path a mission's creature may name (as ``toml_creatures.image``).
PICTURE_MAX_LEN: Final = 1000
#: The most equipment keys one creature lists (``toml_schema.MAX_LIST``).
EQUIPMENT_MAX: Final = 100
#: The value name of the GW, counted in half points (15 = GW 7.5).
GW_KEY: Final = "gw_halves"

#: Every value name a Genesis creature's ``values`` may hold, in the screen's order, with
#: its bounds and the fighter's attribute it replaces.
_BOUNDS: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        "at": STAT_RANGE,
        "pa": STAT_RANGE,
        "aw": STAT_RANGE,
        "ini": STAT_RANGE,
        GW_KEY: (int(GW_RANGE[0] * 2), int(GW_RANGE[1] * 2)),
        "le": LE_RANGE,
        "ws": WS_RANGE,
        "ad": AD_RANGE,
        "kk": TALENT_RANGE,
        "wtw": TALENT_RANGE,
        "throwing_talent": TALENT_RANGE,
        "self_control": TALENT_RANGE,
        "joins_kr": (0, 999),
    }
)
VALUE_NAMES: Final = tuple(_BOUNDS)
#: The keys ``creature_value_problem`` knows besides ``values.<name>``.
_PLAIN_KEYS: Final = ("name", "equipment", "image")

#: Label (German, English) and tooltip (German, English) of each value.
_LABELS: Final[Mapping[str, tuple[str, str, str, str]]] = MappingProxyType(
    {
        "at": ("AT", "AT", "Attacke", "attack"),
        "pa": ("PA", "PA", "Parade", "parry"),
        "aw": ("AW", "AW", "Ausweichen", "dodge"),
        "ini": ("INI", "INI", "Initiative", "initiative"),
        GW_KEY: ("GW ×2", "GW ×2", "", ""),
        "le": ("LE", "LE", "Lebensenergie", "life energy"),
        "ws": ("WS", "WS", "Widerstand", "resistance"),
        "ad": ("AD", "AD", "AD (Ausdauer)", "AD (stamina)"),
        "kk": ("KK", "KK", "Körperkraft", "strength"),
        "wtw": ("WTW", "WTW", "höchster Nahkampf-Waffentalentwert", "highest melee weapon talent"),
        "throwing_talent": ("Wurf", "throw", "Wurfwaffentalent", "throwing-weapon talent"),
        "self_control": ("SB", "self-ctl", "Selbstbeherrschung", "self-control"),
        "joins_kr": (
            "Einstieg KR",
            "joins KR",
            "Kampfeinstieg in dieser KR (0: von Beginn an)",
            "joins the fight in this KR (0: from the start)",
        ),
    }
)

#: The field texts of this module: template key -> language -> text.
_TEXTS: Final[Mapping[str, Mapping[str, str]]] = {
    "value_tip": {
        "de": "{name}: eine ganze Zahl von {low} bis {high}",
        "en": "{name}: a whole number from {low} to {high}",
    },
    "gw_tip": {
        "de": "GW je zwei KR in halben Punkten ({low} bis {high}): 15 = GW 7,5, 12 = GW 6",
        "en": "GW per two KR in half points ({low} to {high}): 15 = GW 7.5, 12 = GW 6",
    },
}

#: The problems of this module (placeholders alike in both languages).
_PROBLEMS: Final[Templates] = {
    "unknown_fighter": {
        "en": "unknown fighter {key!r}{hint}; expected a fighter of the Genesis catalogue: "
        "{listed}",
        "de": "der Kämpfer {key!r} ist unbekannt{hint}; erwartet: ein Kämpfer aus dem "
        "Genesis-Katalog: {listed}",
    },
    "unknown_equipment": {
        "en": "unknown equipment {key!r}{hint}; expected a weapon or armour piece of the "
        "Genesis catalogue",
        "de": "die Ausrüstung {key!r} ist unbekannt{hint}; erwartet: eine Waffe oder ein "
        "Rüstungsteil aus dem Genesis-Katalog",
    },
}


def _say(key: str, language: str, **values: object) -> str:
    """Return this module's text ``key`` in ``language`` (German unless "en")."""
    return _TEXTS[key]["en" if language == "en" else "de"].format(**values)


def value_bounds(name: str) -> tuple[int, int]:
    """Return the lowest and highest value ``name`` (of ``VALUE_NAMES``) may have."""
    return _BOUNDS[name]


def _type_value(kind: GenesisFighter, name: str) -> int:
    """Return the fighter's own value ``name`` as a mission writes it (GW in half points)."""
    if name == GW_KEY:
        return round(kind.gw * 2)
    value = getattr(kind, name)
    assert isinstance(value, int)
    return value


def equipment_of(kind: GenesisFighter) -> tuple[str, ...]:
    """Return the fighter's equipment as one list: its weapons, then its armour."""
    return (*kind.weapons, *kind.armour)


# ------------------------------------------------------------------ the fields
def creature_fields(
    catalogue: GenesisCatalogue, creature_type: str, t: ScreenTexts
) -> tuple[CreatureField, ...]:
    """Return the values of a fighter of ``creature_type``, defaults the type's, in the
    screen's order: name, equipment, picture, AT, PA, AW, INI, GW ×2, LE, WS, AD, KK,
    WTW, throwing talent, self-control."""
    kind = catalogue.fighters.get(creature_type)
    if kind is None:
        return ()
    equipment = tuple(sorted({*catalogue.weapons, *catalogue.armour}))
    return (
        CreatureField(
            "name", ValueKind.TEXT, t("setup.field.name"), kind.name, max_length=NAME_MAX_LEN
        ),
        CreatureField(
            "equipment",
            ValueKind.NAMES,
            t("setup.field.equipment"),
            equipment_of(kind),
            max_length=EQUIPMENT_MAX,
            choices=equipment,
        ),
        CreatureField(
            "image", ValueKind.PICTURE, t("setup.field.image"), "", max_length=PICTURE_MAX_LEN
        ),
        *(_number(kind, name, t.language) for name in VALUE_NAMES),
    )


def _number(kind: GenesisFighter, name: str, language: str) -> CreatureField:
    low, high = value_bounds(name)
    german, english, tip_de, tip_en = _LABELS[name]
    english_screen = language == "en"
    label = english if english_screen else german
    if name == GW_KEY:
        hint = _say("gw_tip", language, low=low, high=high)
    else:
        what = tip_en if english_screen else tip_de
        hint = _say("value_tip", language, name=f"{label} ({what})", low=low, high=high)
    return CreatureField(
        f"{VALUES_KEY}.{name}",
        ValueKind.NUMBER,
        label,
        _type_value(kind, name),
        low,
        high,
        hint=hint,
    )


# ------------------------------------------------------------------ one value's check
def creature_value_problem(
    catalogue: GenesisCatalogue, creature_type: str, key: str, value: object
) -> Texts | None:
    """Return why ``value`` cannot be the fighter's ``key``, per language (None: it can).

    Checked as the catalogue checks a fighter's values: the name's length, known
    equipment keys each listed once, at least one weapon and at most one armour piece
    per slot, each value a whole number within its bounds."""
    kind = catalogue.fighters.get(creature_type)
    if kind is None:
        return _unknown_fighter(catalogue, creature_type)
    sink = ProblemSink(path="<set-up>")
    reader = TableReader({key: value}, "", sink)
    if key == "name":
        reader.string("name", max_len=NAME_MAX_LEN)
    elif key == "image":
        reader.string("image", max_len=PICTURE_MAX_LEN)
    elif key == "equipment":
        found = _equipment_problems(catalogue, kind, reader, value)
        return found[0][1] if found else None
    elif key.startswith(f"{VALUES_KEY}.") and key.removeprefix(f"{VALUES_KEY}.") in VALUE_NAMES:
        low, high = value_bounds(key.removeprefix(f"{VALUES_KEY}."))
        reader.required_integer(key, low=low, high=high)
    else:
        allowed = ", ".join([*_PLAIN_KEYS, *(f"{VALUES_KEY}.{n}" for n in VALUE_NAMES)])
        return say("unknown_key", name=key, hint="", allowed=allowed)
    return _first(sink)


def _equipment_problems(
    catalogue: GenesisCatalogue, kind: GenesisFighter, reader: TableReader, value: object
) -> list[tuple[str, Texts]]:
    """Return (key, texts) for a list of equipment keys the catalogue would refuse: no
    list of texts, too many, unknown, listed twice, two pieces in one slot, no weapon, a
    shooter without a missile weapon."""
    if isinstance(value, (list, tuple)) and len(value) > EQUIPMENT_MAX:
        return [("equipment", say("a_whole_number", low=0, high=EQUIPMENT_MAX))]
    listed = reader.strings("equipment", max_len=KEY_MAX_LEN)
    found = _first(reader.sink)
    if found is not None:
        return [("equipment", found)]
    known = sorted({*catalogue.weapons, *catalogue.armour})
    problems: list[tuple[str, Texts]] = []
    slots: dict[ArmorSlot, str] = {}
    for index, item in enumerate(listed):
        where = f"equipment[{index}]"
        if item not in known:
            hint = suggested(item, known)
            problems.append((where, fill(_PROBLEMS, "unknown_equipment", key=item, hint=hint)))
        elif item in listed[:index]:
            problems.append((where, say("listed_twice", name=repr(item))))
        elif item in catalogue.armour:
            slot = catalogue.armour[item].slot
            first = slots.setdefault(slot, item)
            if first != item:
                message = genesis_say("slot_twice", slot=slot.value, first=first, second=item)
                problems.append((where, message))
    if problems:
        return problems
    weapons = [catalogue.weapons[k] for k in listed if k in catalogue.weapons]
    if not weapons:
        problems.append(("equipment", genesis_say("weapons_needed")))
    elif kind.shooter and all(w.kind is not WeaponKind.MISSILE for w in weapons):
        problems.append(("equipment", genesis_say("shooter_without_missile")))
    return problems


# ------------------------------------------------------------------ all values at once
def own_fighter_problems(
    catalogue: GenesisCatalogue,
    creature_type: str,
    values: Iterable[tuple[str, object]],
    equipment: Sequence[str] | None = None,
) -> list[tuple[str, Texts]]:
    """Return (key, texts) for what a mission's creature cannot start with: each
    ``values`` entry (``values.<name>``) and ``equipment`` entry as
    ``creature_value_problem`` checks it. Empty: ``own_fighter`` can make it."""
    kind = catalogue.fighters.get(creature_type)
    if kind is None:
        return [("type", _unknown_fighter(catalogue, creature_type))]
    problems: list[tuple[str, Texts]] = []
    for name, value in dict(values).items():
        key = f"{VALUES_KEY}.{name}"
        problem = creature_value_problem(catalogue, creature_type, key, value)
        if problem is not None:
            problems.append((key, problem))
    if equipment is not None:
        sink = ProblemSink(path="<set-up>")
        reader = TableReader({"equipment": list(equipment)}, "", sink)
        problems += _equipment_problems(catalogue, kind, reader, list(equipment))
    return problems


def own_fighter(
    catalogue: GenesisCatalogue,
    kind: GenesisFighter,
    values: Iterable[tuple[str, int]],
    equipment: Sequence[str] | None = None,
) -> GenesisFighter:
    """Return ``kind`` with a mission creature's own ``values`` (names of ``VALUE_NAMES``)
    and ``equipment`` (None: the type's; split into weapons and armour by the catalogue)
    in place of its own.

    Raise ValueError for an unknown name; bounds are checked before, with readable
    texts (``own_fighter_problems``)."""
    given = dict(values)
    unknown = [name for name in given if name not in VALUE_NAMES]
    if unknown:
        raise ValueError(f"unknown values {unknown}; expected some of {', '.join(VALUE_NAMES)}")
    changes: dict[str, object] = {
        name: int(number) for name, number in given.items() if name != GW_KEY
    }
    if GW_KEY in given:
        changes["gw"] = int(given[GW_KEY]) / 2
    if equipment is not None:
        changes["weapons"] = tuple(k for k in equipment if k in catalogue.weapons)
        changes["armour"] = tuple(k for k in equipment if k in catalogue.armour)
    return replace(kind, **changes)  # type: ignore[arg-type]


def _first(sink: ProblemSink) -> Texts | None:
    """Return the texts of the first problem the reader found (None: none)."""
    if not sink.problems:
        return None
    problem = sink.problems[0]
    return {"de": problem.text("de"), "en": problem.text("en")}


def _unknown_fighter(catalogue: GenesisCatalogue, key: str) -> Texts:
    """Return the texts for a creature type that is no fighter of the catalogue."""
    listed = ", ".join(repr(k) for k in sorted(catalogue.fighters))
    hint = suggested(key, catalogue.fighters)
    return fill(_PROBLEMS, "unknown_fighter", key=key, hint=hint, listed=listed)
