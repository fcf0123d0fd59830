"""The values of a placed WRS fighter the set-up screen edits, and their checks (issue 14).

The seed gives no fighters, so a group enters its own: a placed creature starts as a
catalogue fighter (``[fighters.<key>]``) and a mission may give it its own name, picture,
equipment and ``values`` (the native mission's ``[[creatures]]`` keys ``name``, ``image``,
``equipment`` and ``values.<name>``). The values are whole numbers, so everything the
catalogue writes otherwise is one number here:

- ``koerper``, ``geist``: Körper and Geist, 1..100 (``catalogue_readers.ATTRIBUTE_RANGE``);
- ``lp_a``, ``lp_b``, ``lp_c``: the catalogue's ``lp = [a, b, c]``, each 1..100
  (``LP_HIGH``), together a <= b <= c (checked with all values, ``own_fighter_problems``);
- ``skill_<category>``, ``skill_shield_<size>``, ``skill_armour_<kind>``: 1 when the
  fighter masters the weapon category, shield or armour kind of the catalogue's
  ``skills``, 0 when not (``SKILL_KEYS``).

Armour is equipment (its pieces' keys); its armour points follow from the table. Every
value is checked with the catalogue's own bounds and texts, so a set-up accepts what a
catalogue accepts. The screen shows the skills that matter for the type (the ones it
masters and the ones of its equipment); a mission may set any of ``SKILL_KEYS``.
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
from game.rulesets.wrs.catalogue import ArmourPiece, Fighter, WrsCatalogue
from game.rulesets.wrs.catalogue_readers import ATTRIBUTE_RANGE, LP_HIGH, NAME_MAX_LEN
from game.rulesets.wrs.catalogue_texts import wrs_say
from game.rulesets.wrs.rules.terms import (
    ArmourKind,
    Attribute,
    BodyPart,
    ShieldCategory,
    WeaponCategory,
    WoundState,
    in_language,
)
from game.rulesets.wrs.rules.wounds import LifePoints

__all__ = [
    "EQUIPMENT_KEY_MAX_LEN",
    "EQUIPMENT_MAX",
    "LP_KEYS",
    "PICTURE_MAX_LEN",
    "SKILL_KEYS",
    "VALUES_KEY",
    "VALUE_NAMES",
    "creature_fields",
    "creature_value_problem",
    "own_fighter",
    "own_fighter_problems",
    "relevant_skills",
    "value_bounds",
]

Skill = WeaponCategory | ShieldCategory | ArmourKind

#: The mission's key of a creature's own values: a field ``values.koerper`` is saved there.
VALUES_KEY: Final = "values"
#: The longest picture path a mission's creature may name (as ``toml_creatures.image``).
PICTURE_MAX_LEN: Final = 1000
#: The most equipment keys one creature lists (``toml_schema.MAX_LIST``).
EQUIPMENT_MAX: Final = 100
#: The longest equipment key (``catalogue_readers._unique``: keys of at most 64).
EQUIPMENT_KEY_MAX_LEN: Final = 64
#: The value names of LP a, b and c, in that order (W-WOUND-2..4).
LP_KEYS: Final = ("lp_a", "lp_b", "lp_c")
_ATTRIBUTES: Final[Mapping[str, Attribute]] = MappingProxyType(
    {"koerper": Attribute.BODY, "geist": Attribute.MIND}
)
#: Every skill a fighter may master, by its value name (catalogue ``skills``).
SKILL_KEYS: Final[Mapping[str, Skill]] = MappingProxyType(
    {
        **{f"skill_{w.name.lower()}": w for w in WeaponCategory},
        **{f"skill_shield_{s.name.lower()}": s for s in ShieldCategory},
        **{f"skill_armour_{k.name.lower()}": k for k in ArmourKind},
    }
)
_SKILL_NAMES: Final[Mapping[Skill, str]] = MappingProxyType({s: n for n, s in SKILL_KEYS.items()})
#: Every value name a WRS creature's ``values`` may hold, in the screen's order.
VALUE_NAMES: Final = (*_ATTRIBUTES, *LP_KEYS, *SKILL_KEYS)
#: The keys ``creature_value_problem`` knows besides ``values.<name>``.
_PLAIN_KEYS: Final = ("name", "equipment", "image")

#: Short labels of the skills (inside a narrow field), German and English.
_SHORT: Final[Mapping[Skill, tuple[str, str]]] = MappingProxyType(
    {
        WeaponCategory.MELEE_SHARP_SMALL: ("scharf kl.", "sharp sm."),
        WeaponCategory.MELEE_BLUNT_SMALL: ("stumpf kl.", "blunt sm."),
        WeaponCategory.THROWN_SMALL: ("Wurf kl.", "thrown sm."),
        WeaponCategory.THROWN_LARGE: ("Wurf gr.", "thrown lg."),
        WeaponCategory.MELEE_SHARP_ONE_HANDED: ("scharf 1H", "sharp 1H"),
        WeaponCategory.MELEE_BLUNT_ONE_HANDED: ("stumpf 1H", "blunt 1H"),
        WeaponCategory.MELEE_SHARP_TWO_HANDED: ("scharf 2H", "sharp 2H"),
        WeaponCategory.MELEE_BLUNT_TWO_HANDED: ("stumpf 2H", "blunt 2H"),
        WeaponCategory.POLE_SHARP: ("Stange scharf", "pole sharp"),
        WeaponCategory.POLE_BLUNT: ("Stab stumpf", "pole blunt"),
        WeaponCategory.BOW: ("Bogen", "bow"),
        WeaponCategory.CROSSBOW: ("Armbrust", "crossbow"),
        WeaponCategory.SINGLE_LOADER: ("Einzellader", "single-loader"),
        WeaponCategory.REPEATER: ("Repetier", "repeater"),
        WeaponCategory.AUTOMATIC: ("Automatik", "automatic"),
        WeaponCategory.UNARMED: ("waffenlos", "unarmed"),
        ShieldCategory.SMALL: ("Schild kl.", "shield sm."),
        ShieldCategory.LARGE: ("Schild gr.", "shield lg."),
        ArmourKind.LEATHER: ("Leder", "leather"),
        ArmourKind.CHAIN: ("Kette", "chain"),
        ArmourKind.PLATE: ("Platte", "plate"),
        ArmourKind.BULLETPROOF_VEST: ("Weste", "vest"),
        ArmourKind.PLASTIC_PROTECTOR: ("Protektor", "protector"),
    }
)

#: The field texts of this module: template key -> language -> text.
_TEXTS: Final[Mapping[str, Mapping[str, str]]] = {
    "attribute_tip": {
        "de": "{name}: eine ganze Zahl von {low} bis {high} (Probenwert vor Boni)",
        "en": "{name}: a whole number from {low} to {high} (the test value before bonuses)",
    },
    "lp_label": {"de": "LP {letter}", "en": "LP {letter}"},
    "lp_tip": {
        "de": "Lebenspunkte {letter}: ab so vielen Wunden {state} ({low} bis {high}; a ≤ b ≤ c)",
        "en": "Life points {letter}: from this many wounds on, {state} ({low} to {high}; "
        "a ≤ b ≤ c)",
    },
    "lp_state_down": {"de": "geht die Figur zu Boden", "en": "the fighter goes down"},
    "lp_state_unconscious": {"de": "ist sie bewusstlos", "en": "it is unconscious"},
    "lp_state_dead": {"de": "stirbt sie", "en": "it dies"},
    "weapon_skill_tip": {
        "de": "Waffenfähigkeit {name}: 1 = beherrscht, 0 = nicht (der Bonus der Waffe zählt "
        "nur mit ihr)",
        "en": "Weapon skill {name}: 1 = mastered, 0 = not (the weapon's bonus counts only with it)",
    },
    "shield_skill_tip": {
        "de": "Schildfähigkeit {name}: 1 = beherrscht, 0 = nicht (der Bonus des Schildes "
        "zählt nur mit ihr)",
        "en": "Shield skill {name}: 1 = mastered, 0 = not (the shield's bonus counts only with it)",
    },
    "armour_skill_tip": {
        "de": "Rüstungsfähigkeit {name}: 1 = beherrscht, 0 = nicht (ohne sie gibt die "
        "Rüstung keine Rüstungspunkte)",
        "en": "Armour skill {name}: 1 = mastered, 0 = not (without it the armour gives no "
        "armour points)",
    },
}

#: The problems of this module (placeholders alike in both languages).
_PROBLEMS: Final[Templates] = {
    "unknown_fighter": {
        "en": "unknown fighter {key!r}{hint}; expected a fighter of the WRS catalogue: {listed}",
        "de": "der Kämpfer {key!r} ist unbekannt{hint}; erwartet: ein Kämpfer aus dem "
        "WRS-Katalog: {listed}",
    },
    "unknown_equipment": {
        "en": "unknown equipment {key!r}{hint}; expected a weapon, shield or armour of the "
        "WRS catalogue",
        "de": "die Ausrüstung {key!r} ist unbekannt{hint}; erwartet: eine Waffe, ein Schild "
        "oder eine Rüstung aus dem WRS-Katalog",
    },
}

_LP_STATES: Final = (WoundState.DOWN, WoundState.UNCONSCIOUS, WoundState.DEAD)


def _say(key: str, language: str, **values: object) -> str:
    """Return this module's text ``key`` in ``language`` (German unless "en")."""
    return _TEXTS[key]["en" if language == "en" else "de"].format(**values)


def value_bounds(name: str) -> tuple[int, int]:
    """Return the lowest and highest value ``name`` (of ``VALUE_NAMES``) may have."""
    if name in _ATTRIBUTES:
        return ATTRIBUTE_RANGE
    if name in LP_KEYS:
        return (1, LP_HIGH)
    return (0, 1)


# ------------------------------------------------------------------ the fields
def creature_fields(
    catalogue: WrsCatalogue, creature_type: str, t: ScreenTexts
) -> tuple[CreatureField, ...]:
    """Return the values of a fighter of ``creature_type``, defaults the type's, in
    the screen's order: name, equipment, picture, Körper, Geist, LP a/b/c, skills."""
    kind = catalogue.fighters.get(creature_type)
    if kind is None:
        return ()
    equipment = tuple(sorted({*catalogue.weapons, *catalogue.shields, *catalogue.armour}))
    return (
        CreatureField(
            "name", ValueKind.TEXT, t("setup.field.name"), kind.name, max_length=NAME_MAX_LEN
        ),
        CreatureField(
            "equipment",
            ValueKind.NAMES,
            t("setup.field.equipment"),
            kind.equipment,
            max_length=EQUIPMENT_MAX,
            choices=equipment,
        ),
        CreatureField(
            "image", ValueKind.PICTURE, t("setup.field.image"), "", max_length=PICTURE_MAX_LEN
        ),
        *_attribute_fields(kind, t.language),
        *_lp_fields(kind.life_points, t.language),
        *_skill_fields(catalogue, kind, t.language),
    )


def _number(name: str, label: str, default: int, hint: str) -> CreatureField:
    low, high = value_bounds(name)
    return CreatureField(
        f"{VALUES_KEY}.{name}", ValueKind.NUMBER, label, default, low, high, hint=hint
    )


def _attribute_fields(kind: Fighter, language: str) -> tuple[CreatureField, ...]:
    fields = []
    for name, attribute in _ATTRIBUTES.items():
        low, high = value_bounds(name)
        label = in_language(attribute, language)
        default = kind.koerper if attribute is Attribute.BODY else kind.geist
        hint = _say("attribute_tip", language, name=label, low=low, high=high)
        fields.append(_number(name, label, default, hint))
    return tuple(fields)


def _lp_fields(life: LifePoints, language: str) -> tuple[CreatureField, ...]:
    fields = []
    values = (life.down_at, life.unconscious_at, life.dead_at)
    for name, state, default in zip(LP_KEYS, _LP_STATES, values, strict=True):
        letter = name[-1]
        low, high = value_bounds(name)
        what = _say(f"lp_state_{state.name.lower()}", language)
        hint = _say("lp_tip", language, letter=letter, state=what, low=low, high=high)
        fields.append(_number(name, _say("lp_label", language, letter=letter), default, hint))
    return tuple(fields)


def relevant_skills(catalogue: WrsCatalogue, kind: Fighter) -> tuple[Skill, ...]:
    """Return the skills that matter for ``kind``: the ones it masters and the ones its
    equipment needs, in the order of ``SKILL_KEYS``."""
    wanted: set[Skill] = {*kind.weapon_skills, *kind.shield_skills, *kind.armour_skills}
    wanted |= {w.category for w in catalogue.weapons_of(kind)}
    wanted |= {s.category for s in catalogue.shields_of(kind)}
    wanted |= {a.kind for a in catalogue.armour_of(kind)}
    return tuple(skill for skill in SKILL_KEYS.values() if skill in wanted)


def _skill_fields(
    catalogue: WrsCatalogue, kind: Fighter, language: str
) -> tuple[CreatureField, ...]:
    mastered = {*kind.weapon_skills, *kind.shield_skills, *kind.armour_skills}
    fields = []
    for skill in relevant_skills(catalogue, kind):
        german, english_label = _SHORT[skill]
        label = english_label if language == "en" else german
        if isinstance(skill, WeaponCategory):
            template = "weapon_skill_tip"
        elif isinstance(skill, ShieldCategory):
            template = "shield_skill_tip"
        else:
            template = "armour_skill_tip"
        hint = _say(template, language, name=in_language(skill, language))
        fields.append(_number(_SKILL_NAMES[skill], label, int(skill in mastered), hint))
    return tuple(fields)


# ------------------------------------------------------------------ one value's check
def creature_value_problem(
    catalogue: WrsCatalogue, creature_type: str, key: str, value: object
) -> Texts | None:
    """Return why ``value`` cannot be the fighter's ``key``, per language (None: it can).

    Checked as the catalogue checks a fighter's values: the name's length, known
    equipment keys each listed once and no body part covered twice, Körper and Geist
    1..100, LP a, b, c each 1..100, a skill 0 or 1. LP order needs all three values:
    ``own_fighter_problems``."""
    if creature_type not in catalogue.fighters:
        return _unknown_fighter(catalogue, creature_type)
    sink = ProblemSink(path="<set-up>")
    reader = TableReader({key: value}, "", sink)
    if key == "name":
        reader.string("name", max_len=NAME_MAX_LEN)
    elif key == "image":
        reader.string("image", max_len=PICTURE_MAX_LEN)
    elif key == "equipment":
        found = _equipment_problems(catalogue, reader, value)
        return found[0][1] if found else None
    elif key.startswith(f"{VALUES_KEY}.") and key.removeprefix(f"{VALUES_KEY}.") in VALUE_NAMES:
        low, high = value_bounds(key.removeprefix(f"{VALUES_KEY}."))
        reader.required_integer(key, low=low, high=high)
    else:
        allowed = ", ".join([*_PLAIN_KEYS, *(f"{VALUES_KEY}.{n}" for n in VALUE_NAMES)])
        return say("unknown_key", name=key, hint="", allowed=allowed)
    return _first(sink)


def _equipment_problems(
    catalogue: WrsCatalogue, reader: TableReader, value: object
) -> list[tuple[str, Texts]]:
    """Return (key, texts) for a list of equipment keys the catalogue would refuse:
    no list of texts, too many, unknown, listed twice, a body part covered twice."""
    if isinstance(value, (list, tuple)) and len(value) > EQUIPMENT_MAX:
        return [("equipment", say("a_whole_number", low=0, high=EQUIPMENT_MAX))]
    listed = reader.strings("equipment", max_len=EQUIPMENT_KEY_MAX_LEN)
    found = _first(reader.sink)
    if found is not None:
        return [("equipment", found)]
    known = sorted({*catalogue.weapons, *catalogue.shields, *catalogue.armour})
    problems: list[tuple[str, Texts]] = []
    covered: dict[BodyPart, str] = {}
    for index, item in enumerate(listed):
        where = f"equipment[{index}]"
        if item not in known:
            hint = suggested(item, known)
            problems.append((where, fill(_PROBLEMS, "unknown_equipment", key=item, hint=hint)))
        elif item in listed[:index]:
            problems.append((where, say("listed_twice", name=repr(item))))
        elif item in catalogue.armour:
            problems += [(where, m) for m in _covered_twice(catalogue.armour[item], covered)]
    return problems


def _covered_twice(piece: ArmourPiece, covered: dict[BodyPart, str]) -> list[Texts]:
    """Record the parts ``piece`` covers; return a text per part another piece covers."""
    problems: list[Texts] = []
    for part in piece.parts:
        first = covered.setdefault(part, piece.key)
        if first != piece.key:
            problems.append(wrs_say("part_twice", part=part.value, first=first, second=piece.key))
    return problems


# ------------------------------------------------------------------ all values at once
def own_fighter_problems(
    catalogue: WrsCatalogue,
    creature_type: str,
    values: Iterable[tuple[str, object]],
    equipment: Sequence[str] | None = None,
) -> list[tuple[str, Texts]]:
    """Return (key, texts) for what a mission's creature cannot start with: each
    ``values`` entry (``values.<name>``) and ``equipment`` entry as
    ``creature_value_problem`` checks it, and LP a <= b <= c with the type's LP where
    the values leave one out (key ``values``). Empty: ``own_fighter`` can make it."""
    kind = catalogue.fighters.get(creature_type)
    if kind is None:
        return [("type", _unknown_fighter(catalogue, creature_type))]
    problems: list[tuple[str, Texts]] = []
    given = dict(values)
    for name, value in given.items():
        key = f"{VALUES_KEY}.{name}"
        problem = creature_value_problem(catalogue, creature_type, key, value)
        if problem is not None:
            problems.append((key, problem))
    if equipment is not None:
        sink = ProblemSink(path="<set-up>")
        reader = TableReader({"equipment": list(equipment)}, "", sink)
        problems += _equipment_problems(catalogue, reader, list(equipment))
    if not problems:
        a, b, c = _lp_values(kind.life_points, given)
        if not a <= b <= c:
            problems.append((VALUES_KEY, wrs_say("lp_order", a=a, b=b, c=c)))
    return problems


def own_fighter(
    kind: Fighter, values: Iterable[tuple[str, int]], equipment: Sequence[str] | None = None
) -> Fighter:
    """Return ``kind`` with a mission creature's own ``values`` (names of ``VALUE_NAMES``)
    and ``equipment`` (None: the type's) in place of its own.

    Raise ValueError for an unknown name; bounds and LP order are checked before, with
    readable texts (``own_fighter_problems``)."""
    given = dict(values)
    unknown = [name for name in given if name not in VALUE_NAMES]
    if unknown:
        raise ValueError(f"unknown values {unknown}; expected some of {', '.join(VALUE_NAMES)}")
    skills: set[Skill] = {*kind.weapon_skills, *kind.shield_skills, *kind.armour_skills}
    for name, skill in SKILL_KEYS.items():
        if name in given:
            (skills.add if given[name] else skills.discard)(skill)
    return replace(
        kind,
        koerper=int(given.get("koerper", kind.koerper)),
        geist=int(given.get("geist", kind.geist)),
        life_points=LifePoints(*_lp_values(kind.life_points, given)),
        weapon_skills=frozenset(s for s in skills if isinstance(s, WeaponCategory)),
        shield_skills=frozenset(s for s in skills if isinstance(s, ShieldCategory)),
        armour_skills=frozenset(s for s in skills if isinstance(s, ArmourKind)),
        equipment=kind.equipment if equipment is None else tuple(equipment),
    )


def _lp_values(life: LifePoints, given: Mapping[str, object]) -> tuple[int, int, int]:
    """Return LP a, b, c with the given ``lp_a``/``lp_b``/``lp_c`` in place of the type's."""
    own = (life.down_at, life.unconscious_at, life.dead_at)
    a, b, c = (_whole(given.get(name, value)) for name, value in zip(LP_KEYS, own, strict=True))
    return a, b, c


def _whole(value: object) -> int:
    return value if isinstance(value, int) else 0


def _first(sink: ProblemSink) -> Texts | None:
    """Return the texts of the first problem the reader found (None: none)."""
    if not sink.problems:
        return None
    problem = sink.problems[0]
    return {"de": problem.text("de"), "en": problem.text("en")}


def _unknown_fighter(catalogue: WrsCatalogue, key: str) -> Texts:
    """Return the texts for a creature type that is no fighter of the catalogue."""
    listed = ", ".join(repr(k) for k in sorted(catalogue.fighters))
    hint = suggested(key, catalogue.fighters)
    return fill(_PROBLEMS, "unknown_fighter", key=key, hint=hint, listed=listed)
