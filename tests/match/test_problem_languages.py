"""Problems speak one language at a time (issue 12 point 7, "i12"): the templates and Problem."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

import pytest

from game.match.problem_texts import TEMPLATES, Templates, fill, toml_syntax_de
from game.match.problems import MissionError, Problem, ProblemList, described, problem_of
from game.match.tomlcheck import ProblemSink, TableReader, enum_spec, parse_toml
from game.missions.loader_texts import MISSION_TEMPLATES
from game.rulesets.entaria.loader_texts import ENTARIA_TEMPLATES
from game.scenarios.reader_texts import READER_TEMPLATES
from game.scenarios.wording import RUNNER_TEMPLATES

RULE_ID = re.compile(r"(?<![A-Za-z])[EDQWG]-[A-Z0-9]")
TABLES: Mapping[str, Templates] = {
    "generic": TEMPLATES,
    "mission": MISSION_TEMPLATES,
    "entaria": ENTARIA_TEMPLATES,
    "scenario file": READER_TEMPLATES,
    "scenario runner": RUNNER_TEMPLATES,
}


def _fields(template: str) -> list[tuple[str, str | None]]:
    """Return the placeholders of ``template``: (name, conversion), sorted."""
    found = {
        (name, conversion)
        for _, name, _, conversion in string.Formatter().parse(template)
        if name is not None
    }
    return sorted(found, key=lambda item: (item[0], item[1] or ""))


@pytest.mark.parametrize("table", sorted(TABLES))
def test_i12_every_template_has_de_and_en_with_the_same_placeholders(table: str) -> None:
    for key, texts in TABLES[table].items():
        assert set(texts) == {"de", "en"}, key
        assert texts["de"].strip() and texts["en"].strip(), key
        assert _fields(texts["de"]) == _fields(texts["en"]), key


@pytest.mark.parametrize("table", sorted(TABLES))
def test_i12_no_template_names_a_rule_id(table: str) -> None:
    for key, texts in TABLES[table].items():
        for text in texts.values():
            assert not RULE_ID.search(text), key


def test_i12_nested_texts_are_filled_per_language() -> None:
    expected = fill(TEMPLATES, "a_whole_number", low=1, high=60)
    message = fill(TEMPLATES, "expected_found", expected=expected, found=described("x"))
    assert message["en"] == "expected a whole number from 1 to 60, found the text 'x'"
    assert message["de"] == "erwartet: eine ganze Zahl von 1 bis 60, gefunden: der Text 'x'"


def test_i12_a_problem_gives_its_text_and_line_in_each_language() -> None:
    texts = fill(TEMPLATES, "unknown_key", name="colour", hint="", allowed="title")
    found = problem_of("m.toml", texts, line=3, key="mission.colour")
    assert found.message == texts["en"]  # message stays English for scripts
    assert found.text("de") == texts["de"] and found.text("en") == texts["en"]
    assert found.render("de") == f"m.toml:3 [mission.colour]: Fehler: {texts['de']}"
    assert found.render("en") == f"m.toml:3 [mission.colour]: error: {texts['en']}"
    assert str(found) == found.render("en")
    warned = problem_of("m.toml", texts, warning=True)
    assert warned.render("de").startswith("m.toml: Warnung: ")


def test_i12_an_english_only_problem_falls_back_to_english() -> None:
    plain = Problem("m.toml", "something odd")
    assert plain.text("de") == "something odd"
    assert plain.render("de") == "m.toml: Fehler: something odd"


def test_i12_texts_do_not_count_when_problems_are_compared() -> None:
    a = problem_of("m.toml", {"en": "x", "de": "y"})
    assert a == Problem("m.toml", "x") and hash(a) == hash(Problem("m.toml", "x"))


def test_i12_a_mission_error_renders_every_problem_in_one_language() -> None:
    error = MissionError([problem_of("a", {"en": "bad", "de": "schlecht"})])
    assert error.render("de") == "a: Fehler: schlecht"
    assert str(error) == "a: error: bad"


def test_i12_the_capped_list_says_how_many_more_in_german() -> None:
    found = ProblemList(limit=1)
    for _ in range(3):
        found.append(Problem("m", "x"))
    assert found.items[-1].text("de") == "2 weitere(s) Problem(e) nicht gezeigt"


def test_i12_the_table_reader_speaks_german() -> None:
    data, _ = parse_toml('width = "drei"\nhieght = 3\n', "m.toml")
    assert data is not None
    sink = ProblemSink("m.toml")
    reader = TableReader(data, "", sink)
    reader.integer("width", low=1, high=60)
    reader.integer("height", 5, low=1, high=60)
    reader.finish()
    wrong, unknown = sink.problems
    assert wrong.text("de") == "erwartet: eine ganze Zahl von 1 bis 60, gefunden: der Text 'drei'"
    assert wrong.message == "expected a whole number from 1 to 60, found the text 'drei'"
    assert unknown.text("de").startswith("der Schlüssel 'hieght' ist unbekannt (vielleicht ")
    assert "allowed keys" in unknown.message


def test_i12_a_missing_key_and_an_unknown_choice_in_german() -> None:
    import enum

    class Colour(enum.Enum):
        RED = "rot"
        BLUE = "blau"

    data, _ = parse_toml('colour = "rott"\n', "m.toml")
    assert data is not None
    sink = ProblemSink("m.toml")
    reader = TableReader(data, "", sink)
    reader.choice("colour", enum_spec(Colour, "colour", what_de="Farbe"))
    reader.string("name")
    unknown, missing = sink.problems
    assert unknown.text("de") == (
        "Farbe 'rott' ist unbekannt (vielleicht 'rot'?); erwartet: eines von rot, blau"
    )
    assert missing.text("de") == (
        "der Schlüssel 'name' fehlt: erwartet: ein Text mit 1 bis 4000 Zeichen"
    )


def test_i12_syntax_errors_in_german() -> None:
    _, [problem] = parse_toml("width = = 3\n", "m.toml")
    assert problem.text("de").startswith("TOML-Syntaxfehler: ungültiger Wert")
    assert "die Zeile lautet: width = = 3" in problem.text("de")
    assert problem.message.startswith("TOML syntax error: Invalid value")
    assert toml_syntax_de("Something new") == "Something new"
