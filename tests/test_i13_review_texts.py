"""Issue 13 review (nits): message texts say what is meant, in the player's language.

- a refused DOCTYPE no longer says to delete the plain line Tiled wrote (it is accepted);
- no creatures: "Wesen", the word ``check`` uses;
- broken JSON: the German message carries a German reason, not the parser's English;
- the settings size limit is defined once (the game and the command line read the same).
"""

from __future__ import annotations

import pytest

from game import cli_language
from game.match import places
from game.match.problems import MissionError
from game.missions.json_reading import read_json
from game.missions.no_creatures import NO_CREATURES
from game.missions.tiled_xml import parse_xml
from game.ui import settings


def problem_texts(error: MissionError) -> tuple[str, str]:
    [problem] = error.problems
    return problem.text("en"), problem.text("de")


@pytest.mark.rule("I13-real-maps")
def test_i13_review_an_internal_doctype_is_refused_without_delete_the_line() -> None:
    data = b'<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY x "y">]>\n<map/>'
    with pytest.raises(MissionError) as caught:
        parse_xml(data, path_label="m.tmx")
    english, german = problem_texts(caught.value)
    assert "internal declarations" in english and "is fine" in english
    assert "delete" not in english and "löschen" not in german
    assert "interne Deklarationen" in german


@pytest.mark.rule("I13-1")
def test_i13_review_no_creatures_says_wesen() -> None:
    assert "Wesen" in NO_CREATURES["de"] and "Figur" not in NO_CREATURES["de"]


@pytest.mark.rule("I13-11")
@pytest.mark.parametrize(
    ("data", "german"),
    [
        (b'{"a": "x', "nicht beendeter Text"),
        (b'{"a" 1}', "erwartet: ':'"),
        (b'{"a": 1, "a": 2}', "zweimal"),
    ],
)
def test_i13_review_broken_json_has_a_german_reason(data: bytes, german: str) -> None:
    with pytest.raises(MissionError) as caught:
        read_json(data, path_label="m.json")
    english, text = problem_texts(caught.value)
    assert text.startswith("kein gültiges JSON: ") and german in text
    assert "Unterminated" not in text and "Expecting" not in text and "appears" not in text
    assert english.startswith("not valid JSON: ")


def test_i13_review_one_settings_size_limit() -> None:
    assert settings.MAX_SETTINGS_BYTES is places.MAX_SETTINGS_BYTES
    assert cli_language.MAX_SETTINGS_BYTES is places.MAX_SETTINGS_BYTES
