"""German problem texts hold no English phrase (issue 12 point 7, "i12"; review finding 4).

The broken-file test (test_loader_problems_german.py) only sees that a German text
differs from the English one; a German template filled with an English part
("unbekannte Figur: found 'x'; expected one of ...") passes that. These tests read
the German texts for the English words the loaders use.
"""

from __future__ import annotations

import importlib.resources
import re
from pathlib import Path

import pytest

from game.match.problems import MissionError, Problem
from game.match.token_kinds import token_problem
from game.rulesets.entaria.catalogue_loader import CATALOGUE_FILES, load_catalogue_from
from tests.missions.test_loader_problems_german import BROKEN, _problems

#: English phrases a loader's message is made of; none belongs in a German text.
ENGLISH = re.compile(r"\b(found|expected|a table of|one of|a table|not found)\b", re.IGNORECASE)

DATA = importlib.resources.files("game.rulesets.entaria.data")
CREATURES = DATA.joinpath("creatures.toml").read_text(encoding="utf-8")

#: A creature type with a bad token and no attributes, saves or move_types table.
BROKEN_CREATURE = """
[creatures.test]
name = "Testwesen"
initiative = 10
attributes = 3
move_types = "S"
lp = 5
bew = 4
size_fields = 1
kg = 3
token = "dragon"
"""


def _english_in_german(problems: list[Problem]) -> list[str]:
    return [p.text("de") for p in problems if ENGLISH.search(p.text("de"))]


def test_i12_the_pattern_finds_the_english_phrases_it_guards_against() -> None:
    assert ENGLISH.search("unbekannte Figur: found 'x'; expected one of \"figure\"")
    assert ENGLISH.search("fehlt: erwartet: a table of constitution, strength")
    assert not ENGLISH.search('gefunden: \'x\'; erwartet: eines von "figure", "pirate"')


def test_i12_a_token_problem_is_given_per_language() -> None:
    assert token_problem("pirate") is None
    texts = token_problem("dragon")
    assert texts is not None
    assert "expected one of" in texts["en"] and '"pirate"' in texts["en"]
    assert not ENGLISH.search(texts["de"]) and '"pirate"' in texts["de"]


def test_i12_a_broken_creature_type_is_said_in_german_without_english() -> None:
    assert "creatures.toml" in CATALOGUE_FILES
    files = {"creatures.toml": CREATURES + BROKEN_CREATURE}
    with pytest.raises(MissionError) as info:
        load_catalogue_from(files)
    problems = info.value.problems
    keys = {p.key for p in problems}
    assert {"creatures.test.token", "creatures.test.saves", "creatures.test.attributes"} <= keys
    assert "creatures.test.move_types" in keys
    assert _english_in_german(problems) == []
    saves = next(p for p in problems if p.key == "creatures.test.saves")
    assert "eine Tabelle mit dodge, body, mind" in saves.text("de")
    assert "a table of dodge, body, mind" in saves.message


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_i12_a_broken_files_german_problems_hold_no_english(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(BROKEN[name], encoding="utf-8")
    problems = _problems(path)
    assert problems
    assert _english_in_german(problems) == []
