"""A placed creature's own attributes and Rettungswerte, in place of its type's (issue 13).

A mission gives them per creature (the native mission's ``[[creatures]] values``, e.g.
``values = { melee = 7, reflexes = 4, dodge = 12 }``), so a group can bring its own
characters. The names are the catalogue's keys of a creature type's ``attributes`` and
``saves`` (``catalogue_readers.ATTRIBUTE_KEYS``, ``SAVE_KEYS``) and each value is checked
with the catalogue's bounds: attributes -10..30, Rettungswerte 5..30 (E-CORE-ZW-1).

The match asks ``Battle.creature_type`` for a creature's values; for a creature with its
own values that is its type with them (``OwnTypes``), so every check (E-CORE-ROLL-1),
every save rolled against it and its card use them alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Final

from game.match.problem_texts import Texts
from game.match.problems import Problem
from game.match.tomlcheck import ProblemSink, TableReader
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, FrozenMap
from game.rulesets.entaria.catalogue_readers import (
    ATTRIBUTE_KEYS,
    ATTRIBUTE_RANGE,
    SAVE_KEYS,
    SAVE_RANGE,
)
from game.rulesets.entaria.rules.terms import Attribute, SaveValue

__all__ = [
    "VALUE_NAMES",
    "OwnTypes",
    "own_type",
    "value_bounds",
    "value_problem",
    "value_problems",
]

#: Every value a creature may be given, by the name a mission uses: attributes, then saves.
VALUE_NAMES: Final[Mapping[str, Attribute | SaveValue]] = MappingProxyType(
    {**{n: a for a, n in ATTRIBUTE_KEYS.items()}, **{n: s for s, n in SAVE_KEYS.items()}}
)


def value_bounds(name: str) -> tuple[int, int]:
    """Return the lowest and highest value ``name`` may have (the catalogue's bounds)."""
    return ATTRIBUTE_RANGE if isinstance(VALUE_NAMES[name], Attribute) else SAVE_RANGE


def value_problems(
    values: Iterable[tuple[str, object]], key: str, *, path_label: str
) -> list[Problem]:
    """Return what is wrong with ``values`` (name, value) given at ``key``: each unknown
    name (with the known ones) and each value that is no whole number in its bounds."""
    given = dict(values)
    sink = ProblemSink(path=path_label)
    reader = TableReader(given, key, sink)
    for name in VALUE_NAMES:
        low, high = value_bounds(name)
        reader.integer(name, None, low=low, high=high)
    reader.finish()
    return sink.problems


def value_problem(name: str, value: object) -> Texts | None:
    """Return why ``value`` cannot be the value ``name``, per language (None: it can)."""
    found = value_problems([(name, value)], "", path_label="<set-up>")
    if not found:
        return None
    return {"de": found[0].text("de"), "en": found[0].text("en")}


def own_type(kind: CreatureType, values: Iterable[tuple[str, int]]) -> CreatureType:
    """Return ``kind`` with ``values`` (names of ``VALUE_NAMES``) in place of its own.

    Raise ValueError for a name that is no attribute or save (a mission's are checked
    with readable errors before, ``value_problems``).
    """
    attributes = dict(kind.attributes)
    saves = dict(kind.saves)
    for name, value in values:
        member = VALUE_NAMES.get(name)
        if isinstance(member, Attribute):
            attributes[member] = value
        elif isinstance(member, SaveValue):
            saves[member] = value
        else:
            known = ", ".join(VALUE_NAMES)
            raise ValueError(f"{name!r} is no attribute or save; expected one of {known}")
    return replace(kind, attributes=FrozenMap(attributes), saves=FrozenMap(saves))


class OwnTypes:
    """The creature types of the creatures that have their own values, by creature key.

    Made once from the match's set-up, never changed: every copy of a match shares it.
    """

    def __init__(self, types: Mapping[str, CreatureType]) -> None:
        self._types = dict(types)

    @classmethod
    def of(cls, catalogue: Catalogue, creatures: Sequence[Any]) -> OwnTypes:
        """Return the own types of ``creatures`` (set-ups with ``key``, ``type``, ``values``)."""
        types = {}
        for creature in creatures:
            values = getattr(creature, "values", ())
            if values and creature.type in catalogue.creatures:
                types[creature.key] = own_type(catalogue.creatures[creature.type], values)
        return cls(types)

    def get(self, key: str, type_key: str) -> CreatureType | None:
        """Return the own type of creature ``key`` while it is of type ``type_key``."""
        kind = self._types.get(key)
        return kind if kind is not None and kind.key == type_key else None

    def __deepcopy__(self, memo: dict[int, Any]) -> OwnTypes:
        return self  # immutable and shared by every copy of a match (clone_battle, rerolls)
