"""Bad WRS catalogue files give readable errors naming file, line and key, in both
languages, never a traceback (D-17, the loader's contract)."""

from __future__ import annotations

import string
from importlib.resources import files

import pytest

from game.match.problems import MissionError, Problem
from game.rulesets.wrs.catalogue_loader import load_catalogue_from
from game.rulesets.wrs.catalogue_texts import WRS_TEMPLATES

PATH = "game/rulesets/wrs/data/catalogue.toml"
BUNDLED = files("game.rulesets.wrs.data").joinpath("catalogue.toml").read_text(encoding="utf-8")


def _problems(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        load_catalogue_from(text)
    problems = caught.value.problems
    for problem in problems:
        assert problem.path == PATH
        assert problem.text("de") and problem.text("en")
    return problems


def _changed(old: str, new: str) -> str:
    assert BUNDLED.count(old) == 1, old
    return BUNDLED.replace(old, new)


def _one(text: str, key: str) -> Problem:
    problems = _problems(text)
    found = [p for p in problems if p.key == key]
    assert found, [str(p) for p in problems]
    assert found[0].line is not None
    return found[0]


def test_unknown_key_names_it_and_suggests() -> None:
    text = _changed('name = "Dolch"', 'name = "Dolch"\ncategroy = "x"')
    problem = _one(text, "weapons.dolch.categroy")
    assert "category" in problem.message and "unbekannt" in problem.text("de")


def test_unknown_row_of_a_seed_table() -> None:
    """W-BONUS-* rows are fixed: a made-up category is refused with the allowed ones."""
    text = _changed("[weapon_categories.bow]", "[weapon_categories.bows]")
    problem = _one(text, "weapon_categories.bows")
    assert "bow" in problem.message
    missing = [p for p in _problems(text) if "weapon_categories.bow]" in p.message]
    assert missing  # and the real row counts as missing


def test_wrong_type() -> None:
    """W-BONUS-SHIELD-LARGE: a bonus must be a whole number."""
    text = _changed("defence = 20", 'defence = "zwanzig"')
    problem = _one(text, "shield_categories.large.defence")
    assert "whole number" in problem.message and "zwanzig" in problem.message
    assert "ganze Zahl" in problem.text("de")


def test_out_of_range_attribute() -> None:
    text = _changed("koerper = 60", "koerper = 160")
    problem = _one(text, "fighters.brunhild.koerper")
    assert "1 to 100" in problem.message and "160" in problem.message


def test_out_of_range_malus() -> None:
    """W-FIRE-AUTO: a malus is not positive."""
    text = _changed("malus = -25", "malus = 25")
    _one(text, "fire_modes.full_auto.malus")


def test_life_points_in_wrong_order() -> None:
    """W-WOUND-1..4: a <= b <= c."""
    text = _changed("lp = [4, 5, 11]", "lp = [5, 4, 11]")
    problem = _one(text, "fighters.brunhild.lp")
    assert "5/4/11" in problem.message


def test_life_points_of_wrong_shape() -> None:
    text = _changed("lp = [4, 5, 11]", 'lp = "4/5/11"')
    problem = _one(text, "fighters.brunhild.lp")
    assert "three whole numbers" in problem.message


def test_duplicate_toml_key_is_a_located_syntax_error() -> None:
    text = _changed('name = "Dolch"', 'name = "Dolch"\nname = "Messer"')
    (problem,) = _problems(text)
    assert problem.line is not None and problem.line > 1


def test_duplicate_key_across_gear_sections() -> None:
    text = _changed("[shields.rundschild]", "[shields.dolch]")
    problem = _one(text, "shields.dolch")
    assert "weapons" in problem.message


def test_duplicate_german_name() -> None:
    text = _changed('name = "Knüppel"', 'name = "Dolch"')
    problem = _one(text, "weapons.knueppel.name")
    assert "dolch" in problem.message


def test_duplicate_equipment_and_skill() -> None:
    text = _changed(
        'equipment = ["langbogen", "dolch",', 'equipment = ["langbogen", "dolch", "dolch",'
    )
    _one(text, "fighters.ulf.equipment[2]")
    text = _changed(
        'skills = ["Schuss/Pfeile und Bögen",',
        'skills = ["Schuss/Pfeile und Bögen", "SCHUSS/PFEILE UND BÖGEN",',
    )
    _one(text, "fighters.ulf.skills[1]")


def test_unknown_equipment_and_skill() -> None:
    text = _changed('"langbogen", "dolch",', '"langbogn", "dolch",')
    problem = _one(text, "fighters.ulf.equipment[0]")
    assert "langbogen" in problem.message  # the suggestion
    text = _changed('"Schild, klein"]', '"Schild, mittel"]')
    _one(text, "fighters.ulf.skills[2]")


def test_body_part_covered_twice() -> None:
    """W-ARMOR-2: pieces add up; two pieces on one body part are refused."""
    text = _changed(
        'equipment = ["langbogen", "dolch", "rundschild", "lederruestung"]',
        'equipment = ["langbogen", "dolch", "rundschild", "lederruestung", "stahlhelm"]',
    )
    problem = _one(text, "fighters.ulf.equipment[4]")
    assert "Kopf" in problem.message


def test_fire_mode_must_fit_the_category() -> None:
    """W-FIRE-SEMI/-AUTO only on automatic weapons; automatics need a mode."""
    text = _changed(
        'category = "Schuss/Einzellader"',
        'category = "Schuss/Einzellader"\nfire_modes = ["Vollautomatik"]',
    )
    _one(text, "weapons.jagdflinte.fire_modes[0]")
    text = _changed('fire_modes = ["Halbautomatik"]\n', "")
    _one(text, "weapons.pistole.fire_modes")


def test_missing_section_and_missing_row() -> None:
    start = BUNDLED.index("\n[life_points_example]\n")
    end = BUNDLED.index("book = true", start) + len("book = true")
    problems = _problems(BUNDLED[:start] + BUNDLED[end:])
    assert any(p.key == "life_points_example" for p in problems)
    text = _changed("[armour_table.hands]", "[armour_table.feet]")
    assert any("armour_table.hands" in p.message for p in _problems(text))


def test_entry_that_is_no_table_and_bad_entry_key() -> None:
    problems = _problems('armour.kappe = "Leder"\n' + BUNDLED)
    assert any(p.key == "armour.kappe" and "table" in p.message for p in problems)
    text = _changed("\n[weapons.dolch]\n", "\n[weapons.Dolch]\n")
    problem = _one(text, "weapons.Dolch")
    assert "snake_case" in problem.message


def test_broken_toml_is_one_located_problem() -> None:
    (problem,) = _problems(BUNDLED + "\n[weapons.x\n")
    assert problem.line is not None


def test_every_problem_renders_in_german() -> None:
    text = _changed("koerper = 60", "koerper = 160")
    rendered = MissionError(_problems(text)).render("de")
    assert rendered.startswith(PATH) and "Fehler" in rendered


def test_texts_name_the_same_placeholders_in_both_languages() -> None:
    fields = string.Formatter()
    for key, texts in WRS_TEMPLATES.items():
        names = {lang: {f[1] for f in fields.parse(t) if f[1]} for lang, t in texts.items()}
        assert set(texts) == {"de", "en"}, key
        assert names["de"] == names["en"], key
