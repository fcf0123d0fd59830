"""ENTARIA's answer to the set-up screen (issue 13): a creature's editable values and checks.

The values are checked as the catalogue checks its creature types (same reader, same
bounds), so a creature set up on a map never holds what the catalogue would refuse.
"""

from __future__ import annotations

import pytest

from game.match.ruleset import SetupRuleset, ValueKind
from game.rulesets.entaria.catalogue_readers import LP_RANGE, NAME_MAX_LEN
from game.rulesets.entaria.rules.terms import Attribute, SaveValue
from game.rulesets.entaria.ruleset import ENTARIA
from game.ui.locale import Translator

CATALOGUE = ENTARIA.load_catalogue()


def test_entaria_is_a_setup_ruleset() -> None:
    assert isinstance(ENTARIA, SetupRuleset)


@pytest.mark.parametrize("language", ["de", "en"])
def test_every_creature_type_names_its_fields_with_the_types_values(language: str) -> None:
    t = Translator(language)
    for key, kind in CATALOGUE.creatures.items():
        fields = {f.key: f for f in ENTARIA.creature_fields(CATALOGUE, key, t)}
        values = [f"values.{a.name.lower()}" for a in Attribute] + [
            f"values.{s.name.lower()}" for s in SaveValue
        ]
        assert list(fields) == ["name", "lp", "equipment", "image", *values]
        assert fields["lp"].kind is ValueKind.NUMBER and fields["lp"].default == kind.life_points
        assert (fields["lp"].low, fields["lp"].high) == LP_RANGE
        assert fields["equipment"].default == kind.equipment
        assert set(kind.equipment) <= set(fields["equipment"].choices)
        assert fields["name"].max_length == NAME_MAX_LEN
        assert fields["values.melee"].kind is ValueKind.NUMBER  # editable (issue 13)
        assert fields["values.melee"].default == kind.attribute(Attribute.MELEE)
        assert fields["values.dodge"].default == kind.save(SaveValue.DODGE)
        name = kind.english or kind.name if language == "en" else kind.name
        assert fields["name"].default == name
        assert all(not f.label.startswith("setup.") for f in fields.values())  # texts exist


def test_the_attributes_use_the_rulebook_words_in_german() -> None:
    fields = {f.key: f for f in ENTARIA.creature_fields(CATALOGUE, "lara", Translator("de"))}
    assert fields["values.constitution"].label == "Kon"  # the book's short form (E-CORE-ATTR-1)
    assert "Konstitution" in fields["values.constitution"].hint
    assert "Ausweichen" in fields["values.dodge"].hint


@pytest.mark.parametrize(
    ("key", "value", "english"),
    [
        ("lp", 0, "from 1 to 9999"),  # 0 LP would start unconscious (D-5)
        ("lp", 10_000, "from 1 to 9999"),
        ("lp", "zehn", "whole number"),
        ("name", "x" * (NAME_MAX_LEN + 1), "1 to 100 characters"),
        ("name", "", "1 to 100 characters"),
        ("equipment", ["pistole", "no_such_thing"], "no_such_thing"),
        ("equipment", ["x" * 65], "1 to 64 characters"),
        ("colour", "#fff", "unknown key"),
    ],
)
def test_a_value_the_catalogue_would_refuse_is_refused_in_both_languages(
    key: str, value: object, english: str
) -> None:
    problem = ENTARIA.creature_value_problem(CATALOGUE, "lara", key, value)
    assert problem is not None and english in problem["en"]
    assert problem["de"] and problem["de"] != problem["en"]


@pytest.mark.parametrize(
    ("key", "value"),
    [("lp", 1), ("lp", 9999), ("name", "Käpt'n Bo"), ("equipment", []), ("image", "bo.png")],
)
def test_a_value_the_catalogue_accepts_is_taken(key: str, value: object) -> None:
    assert ENTARIA.creature_value_problem(CATALOGUE, "lara", key, value) is None


def test_an_unknown_creature_type_is_refused() -> None:
    problem = ENTARIA.creature_value_problem(CATALOGUE, "no_such_type", "lp", 5)
    assert problem is not None and "no_such_type" in problem["en"]
    assert ENTARIA.creature_fields(CATALOGUE, "no_such_type", Translator("de")) == ()
