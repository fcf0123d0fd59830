"""The values of a placed creature the set-up screen edits, and their checks (issue 13).

A creature placed on a map keeps its type's values unless the mission overrides them:
its name, its LP at the start, its equipment and its token's picture (the native
mission's ``[[creatures]]`` keys ``name``, ``lp``, ``equipment``, ``image``). The
attributes and Rettungswerte stay the type's: a mission file has no key for them, so
the screen shows them without editing. Every value is checked with the catalogue's own
reader and bounds (``catalogue_readers``), so a set-up accepts what a catalogue accepts.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.match.problem_texts import Texts, say
from game.match.ruleset import CreatureField, ValueKind
from game.match.tomlcheck import ProblemSink, TableReader
from game.match.views import Texts as ScreenTexts
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_readers import EQUIPMENT_KEY_MAX_LEN, LP_RANGE, NAME_MAX_LEN
from game.rulesets.entaria.mission_terms import EntariaMissionTerms
from game.rulesets.entaria.rules.terms import Attribute, SaveValue
from game.rulesets.entaria.views.terms import attribute_name, save_name

__all__ = ["PICTURE_MAX_LEN", "creature_fields", "creature_value_problem"]

#: The longest picture path a mission's creature may name (``toml_creatures.image``).
PICTURE_MAX_LEN = 1000
#: The most equipment keys one creature lists (``toml_schema.MAX_LIST``).
EQUIPMENT_MAX = 100


def creature_fields(
    catalogue: Catalogue, creature_type: str, t: ScreenTexts
) -> tuple[CreatureField, ...]:
    """Return the values of a creature of ``creature_type`` with the type's defaults."""
    kind = catalogue.creatures.get(creature_type)
    if kind is None:
        return ()
    name = kind.english or kind.name if t.language == "en" else kind.name
    equipment = tuple(sorted({*catalogue.weapons, *catalogue.armour, *catalogue.items}))
    attributes = " · ".join(
        f"{attribute_name(a, t)} {kind.attribute(a)}" for a in Attribute if a in kind.attributes
    )
    saves = " · ".join(f"{save_name(s, t)} {kind.save(s)}" for s in SaveValue if s in kind.saves)
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
        CreatureField("attributes", ValueKind.SHOWN, t("setup.field.attributes"), attributes),
        CreatureField("saves", ValueKind.SHOWN, t("setup.field.saves"), saves),
    )


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
    else:
        return say("unknown_key", name=key, hint="", allowed="name, lp, equipment, image")
    return _first(sink)


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
