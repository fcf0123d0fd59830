"""The hit chance in words: per cent, decimal comma, both languages (i12)."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction

import pytest

from game.rulesets.entaria.rules.chances import DamageRange
from game.rulesets.entaria.views.chances import chance_text, damage_text, mean_text
from game.ui.asset_dirs import asset_path
from game.ui.locale import Translator

DE, EN = Translator("de"), Translator("en")


@pytest.mark.rule("D-3")
def test_i12_chance_text_rounds_to_whole_per_cent_but_never_to_a_false_0_or_100() -> None:
    assert chance_text(Fraction(13, 20)) == "65 %"
    assert chance_text(Fraction(1, 8)) == "13 %"  # half up
    assert chance_text(Fraction(1, 8000)) == "<1 %"
    assert chance_text(1 - Fraction(1, 8000)) == ">99 %"
    assert chance_text(Fraction(0)) == "0 %" and chance_text(Fraction(1)) == "100 %"


@pytest.mark.rule("D-4")
def test_i12_damage_text_german_decimal_comma_english_point() -> None:
    damage = DamageRange(2, 7, Fraction(9, 2))
    assert damage_text(damage, DE) == "Schaden 2–7 (Ø 4,5)"
    assert damage_text(damage, EN) == "damage 2–7 (avg 4.5)"
    assert mean_text(Fraction(13, 3), DE) == "4,3" and mean_text(Fraction(6), EN) == "6"
    assert damage_text(DamageRange(0, 0, Fraction(0)), DE) == "kein Schaden"


def test_i12_chance_texts_have_every_key_in_both_languages_and_no_rule_ids() -> None:
    tables = {}
    for language in ("de", "en"):
        with asset_path("locale", language, "chances.toml").open("rb") as handle:
            tables[language] = tomllib.load(handle)["chances"]
    assert tables["de"].keys() == tables["en"].keys()
    for table in tables.values():
        for text in table.values():
            assert not re.search(r"\b[EDQWG]-[A-Z0-9]", text)
