"""WRS terms: German words as values, an English word for each (glossary of wrs.md)."""

from __future__ import annotations

import pytest

from game.rulesets.wrs.rules.terms import (
    TERM_ENUMS,
    ArmourMaterial,
    Attribute,
    BodyPart,
    english,
    in_language,
)


@pytest.mark.rule("W-INIT-1", "W-ATK-2")
def test_attributes_are_koerper_and_geist() -> None:
    assert {a.value for a in Attribute} == {"Körper", "Geist"}
    assert english(Attribute.MIND) == "Mind"


@pytest.mark.rule("W-ARMOR-TABLE")
def test_every_term_has_an_english_word_and_unique_german_word() -> None:
    for enum in TERM_ENUMS:
        values = [member.value for member in enum]
        assert len(values) == len(set(values)), enum
        for member in enum:
            assert english(member), member
    assert len(BodyPart) == 11


@pytest.mark.rule("W-ARMOR-TABLE")
def test_in_language_picks_german_for_de_else_english() -> None:
    assert in_language(ArmourMaterial.PLATE, "de") == "Platte"
    assert in_language(ArmourMaterial.PLATE, "en") == "plate"
    assert in_language(BodyPart.HANDS, "de") == "Hände"
