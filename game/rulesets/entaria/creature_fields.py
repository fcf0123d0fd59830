"""The values of a placed creature the set-up screen edits, and their checks (issue 13).

A creature placed on a map keeps its type's values unless the mission overrides them:
its name, its LP at the start, its equipment, its token's picture and each of its
attributes and Rettungswerte (the native mission's ``[[creatures]]`` keys ``name``,
``lp``, ``equipment``, ``image`` and ``values.<name>``, ``value_overrides``). Every value
is checked with the catalogue's own reader and bounds (``catalogue_readers``), so a
set-up accepts what a catalogue accepts.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.match.problem_texts import Texts, say
from game.match.ruleset import CreatureField, ValueKind
from game.match.tomlcheck import ProblemSink, TableReader
from game.match.views import Texts as ScreenTexts
from game.rulesets.entaria.catalogue import Catalogue, CreatureType
from game.rulesets.entaria.catalogue_readers import EQUIPMENT_KEY_MAX_LEN, LP_RANGE, NAME_MAX_LEN
from game.rulesets.entaria.mission_terms import EntariaMissionTerms
from game.rulesets.entaria.rules.terms import Attribute
from game.rulesets.entaria.value_overrides import VALUE_NAMES, value_bounds, value_problem
from game.rulesets.entaria.views.terms import attribute_name, save_name

__all__ = ["PICTURE_MAX_LEN", "VALUES_KEY", "creature_fields", "creature_value_problem"]

#: The longest picture path a mission's creature may name (``toml_creatures.image``).
PICTURE_MAX_LEN = 1000
#: The most equipment keys one creature lists (``toml_schema.MAX_LIST``).
EQUIPMENT_MAX = 100
#: The mission's key of a creature's own values: a field ``values.melee`` is saved there.
VALUES_KEY = "values"


def creature_fields(
    catalogue: Catalogue, creature_type: str, t: ScreenTexts
) -> tuple[CreatureField, ...]:
    """Return the values of a creature of ``creature_type`` with the type's defaults."""
    kind = catalogue.creatures.get(creature_type)
    if kind is None:
        return ()
    name = kind.english or kind.name if t.language == "en" else kind.name
    equipment = tuple(sorted({*catalogue.weapons, *catalogue.armour, *catalogue.items}))
    return (
        CreatureField("name", ValueKind.TEXT, t("setup.field.name"), name, max_length=NAME_MAX_LEN),
        CreatureField("lp", ValueKind.NUMBER, t("setup.field.lp"), kind.life_points, *LP_RANGE),
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
        *_value_fields(kind, t),
    )


def _value_fields(kind: CreatureType, t: ScreenTexts) -> tuple[CreatureField, ...]:
    """Return an editable whole number per attribute and Rettungswert, the type's values."""
    fields = []
    for name, member in VALUE_NAMES.items():
        if isinstance(member, Attribute):
            if member not in kind.attributes:
                continue
            full, default = attribute_name(member, t), kind.attribute(member)
        else:
            if member not in kind.saves:
                continue
            full, default = save_name(member, t), kind.save(member)
        low, high = value_bounds(name)
        fields.append(
            CreatureField(
                f"{VALUES_KEY}.{name}",
                ValueKind.NUMBER,
                t(f"setup.value_short.{member.name}"),
                default,
                low,
                high,
                hint=t("setup.value_tip", name=full, low=low, high=high),
            )
        )
    return tuple(fields)


def creature_value_problem(
    catalogue: Catalogue, creature_type: str, key: str, value: object
) -> Texts | None:
    """Return why ``value`` cannot be the creature's ``key``, per language (None: it can)."""
    if creature_type not in catalogue.creatures:
        unknown = EntariaMissionTerms(catalogue).creature_problem(creature_type)
        return None if unknown is None else _texts(unknown)
    sink = ProblemSink(path="<set-up>")
    reader = TableReader({key: value}, "", sink)
    if key == "name":
        reader.string("name", max_len=NAME_MAX_LEN)
    elif key == "lp":
        reader.required_integer("lp", low=LP_RANGE[0], high=LP_RANGE[1])
    elif key == "equipment":
        return _equipment_problem(catalogue, reader, value)
    elif key == "image":
        reader.string("image", max_len=PICTURE_MAX_LEN)
    elif key.startswith(f"{VALUES_KEY}."):
        return value_problem(key.removeprefix(f"{VALUES_KEY}."), value)
    else:
        allowed = ", ".join(["name", "lp", "equipment", "image", *_value_keys()])
        return say("unknown_key", name=key, hint="", allowed=allowed)
    return _first(sink)


def _value_keys() -> list[str]:
    return [f"{VALUES_KEY}.{name}" for name in VALUE_NAMES]


def _equipment_problem(catalogue: Catalogue, reader: TableReader, value: object) -> Texts | None:
    """Check a list of equipment keys: texts the catalogue allows, each one it knows."""
    if isinstance(value, (list, tuple)) and len(value) > EQUIPMENT_MAX:
        return say("a_whole_number", low=0, high=EQUIPMENT_MAX)
    listed = reader.strings("equipment", max_len=EQUIPMENT_KEY_MAX_LEN)
    found = _first(reader.sink)
    if found is not None:
        return found
    terms = EntariaMissionTerms(catalogue)
    for item in listed:
        problem = terms.equipment_problem(item)
        if problem is not None:
            return _texts(problem)
    return None


def _first(sink: ProblemSink) -> Texts | None:
    """Return the texts of the first problem the reader found (None: none)."""
    if not sink.problems:
        return None
    problem = sink.problems[0]
    return {"de": problem.text("de"), "en": problem.text("en")}


def _texts(message: str | Mapping[str, str]) -> Texts:
    """Return a message as texts per language (an English text stands for both)."""
    if isinstance(message, str):
        return {"de": message, "en": message}
    return dict(message)
