"""``[[creatures]] values``: a placed creature's own attributes and saves (issue 13 point 1).

The missions layer reads ``values`` as a bounded table of whole numbers by name, with
readable errors (file, key, what was expected); ENTARIA checks the names and the
catalogue's bounds (attributes -10..30, Rettungswerte 5..30, E-CORE-ZW-1) when the match
is set up, so ``kampfkarte check`` refuses both. The writer writes the table back.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.missions.check import run_check
from game.missions.setup import prepare_match
from game.missions.toml_format import dumps_mission, loads_mission
from game.missions.toml_schema import MAX_VALUES
from tests.missions.test_bundled_maps import README, readme_example

MISSION = """\
[mission]
title = "Eigene Werte"

[map]
width = 6
height = 3
rows = '''
......
......
......
'''

[[sides]]
key = "a"
name = "Gruppe"
controller = "player"

[[sides]]
key = "b"
name = "Gegner"
controller = "gm"

[[creatures]]
key = "lara"
type = "lara"
side = "a"
at = [0, 1]
VALUES

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [5, 1]
"""


def mission(values: str) -> str:
    return MISSION.replace("VALUES", values)


def problems_of(text: str, label: str = "m.toml") -> list[str]:
    """Return every problem the loader and the match's set-up find, in English."""
    try:
        prepare_match(loads_mission(text, label), path_label=label)
    except MissionError as error:
        return [str(p) for p in error.problems]
    return []


def test_good_values_are_read_in_the_files_order() -> None:
    loaded = loads_mission(mission("values = { melee = 7, reflexes = 4, dodge = 12 }"))
    lara = loaded.creatures[0]
    assert lara.values == (("melee", 7), ("reflexes", 4), ("dodge", 12))
    assert loaded.creatures[1].values == ()  # none given: the type's
    assert problems_of(mission("values = { melee = 7, reflexes = 4, dodge = 12 }")) == []


def test_a_values_sub_table_reads_as_the_inline_one() -> None:
    text = mission("\n[creatures.values]\nmelee = 7\nmind = 20")
    assert loads_mission(text).creatures[0].values == (("melee", 7), ("mind", 20))


def test_the_bounds_are_the_catalogues_at_the_edges() -> None:
    """Attributes -10..30, Rettungswerte 5..30 (E-CORE-ZW-1): the edges are taken."""
    edges = "values = { melee = -10, ranged = 30, dodge = 5, body = 30 }"
    assert problems_of(mission(edges)) == []


def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    (problem,) = problems_of(mission("values = { nahkampf = 7 }"))
    assert "m.toml [creatures[0].values.nahkampf]" in problem
    assert "unknown key 'nahkampf'" in problem
    assert "melee" in problem and "dodge" in problem  # what it expected


@pytest.mark.parametrize(
    ("values", "key", "expected"),
    [
        ("melee = 31", "values.melee", "from -10 to 30"),
        ("strength = -11", "values.strength", "from -10 to 30"),
        ("dodge = 4", "values.dodge", "from 5 to 30"),  # a save is a ZW: 5..30 (E-CORE-ZW-1)
        ("mind = 31", "values.mind", "from 5 to 30"),
    ],
)
def test_a_value_out_of_the_catalogues_range_is_refused(
    values: str, key: str, expected: str
) -> None:
    (problem,) = problems_of(mission(f"values = {{ {values} }}"))
    assert f"[creatures[0].{key}]" in problem and expected in problem


@pytest.mark.parametrize(
    ("values", "key", "expected"),
    [
        ('values = { melee = "sieben" }', "creatures[0].values.melee", "expected an integer"),
        ("values = { melee = 7.5 }", "creatures[0].values.melee", "expected an integer"),
        ("values = { melee = true }", "creatures[0].values.melee", "expected an integer"),
        ("values = [7, 4]", "creatures[0].values", "expected a table"),
        ("values = 7", "creatures[0].values", "expected a table"),
        ("values = { melee = 99999 }", "creatures[0].values.melee", "-9999"),
        ('values = { "nah kampf" = 7 }', "creatures[0].values", "expected a key of letters"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_with_file_line_and_key(
    values: str, key: str, expected: str
) -> None:
    text = mission(values)
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "m.toml")
    (problem,) = caught.value.problems
    assert problem.key == key and expected in str(problem)
    assert problem.line == text.splitlines().index(values) + 1
    assert problem.text("de") != problem.text("en")  # German too


def test_too_many_values_are_refused() -> None:
    names = ", ".join(f"v{i} = 1" for i in range(MAX_VALUES + 1))
    with pytest.raises(MissionError) as caught:
        loads_mission(mission(f"values = {{ {names} }}"), "m.toml")
    (problem,) = caught.value.problems
    assert problem.key == "creatures[0].values"
    assert f"{MAX_VALUES + 1} entries; expected at most {MAX_VALUES}" in str(problem)


def test_a_too_long_name_is_refused() -> None:
    with pytest.raises(MissionError) as caught:
        loads_mission(mission(f"values = {{ {'m' * 65} = 1 }}"), "m.toml")
    assert "expected at most 64" in str(caught.value.problems[0])


def test_the_writer_writes_the_values_and_they_load_equal() -> None:
    loaded = loads_mission(mission("values = { melee = 7, reflexes = -2, dodge = 12 }"))
    text = dumps_mission(loaded)
    assert "values = { melee = 7, reflexes = -2, dodge = 12 }" in text
    assert loads_mission(text) == loaded
    assert "values" not in text.split("[[creatures]]")[2]  # none given, none written


def test_check_refuses_a_mission_with_a_bad_value(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text(mission("values = { melee = 31 }"), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 1
    assert "creatures[0].values.melee" in out.getvalue() and "-10 to 30" in out.getvalue()
    path.write_text(mission("values = { melee = 7 }"), encoding="utf-8")
    assert run_check(path, io.StringIO()) == 0


def test_the_readme_shows_what_check_says_of_a_bad_value() -> None:
    """maps/README.md documents ``values`` with the errors its complete example would give."""
    documented = README.read_text(encoding="utf-8")
    example = readme_example()
    assert "values = { melee = 6, reflexes = 5, dodge = 14 }" in example
    for bad in ("melee = 31", "nahkampf = 6"):
        text = example.replace("melee = 6", bad)
        (problem,) = problems_of(text, "mission.toml")
        assert problem in documented
