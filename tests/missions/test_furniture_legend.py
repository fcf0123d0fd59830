"""Furniture in the native legend: a terrain entry with a material (issue 10, E-OBJ-1/6).

``"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }`` ("niedrige Kisten
(dünne Holzwand)"): the field keeps its terrain (cover, difficult ground) and is an object
of that material, PAK and KEP per field. A default character keeps its meaning: it may
only add a material to its own terrain kind. The missions layer reads the words; the
ruleset (ENTARIA's MissionTerms) says whether they are known.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.board.grid import DEFAULT_LEGEND, Cover
from game.match.problems import MissionError, Problem
from game.missions.check import run_check
from game.missions.grid import build_grid
from game.missions.model import LegendEntry
from game.missions.setup import prepare_match
from game.missions.toml_format import dumps_mission, loads_mission

MISSION = """\
[mission]
title = "Frachtraum"

[map]
width = 8
height = 3
rows = '''
........
..==KK..
........
'''

[legend]
LEGEND

[[sides]]
key = "a"
name = "Seite A"
controller = "player"

[[sides]]
key = "b"
name = "Seite B"
controller = "gm"

[[creatures]]
key = "ron"
type = "ron"
side = "a"
at = [0, 1]

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [7, 1]
"""

THIN = '"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }'
THICK = '"K" = { terrain = "low_obstacle", material = "thick_wooden_wall" }'


def mission(thin: str = THIN, thick: str = THICK) -> str:
    """Return the test mission with these legend lines for '=' and 'K'."""
    return MISSION.replace("LEGEND", f"{thin}\n{thick}")


def problems(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "fracht.toml")
    return list(caught.value.problems)


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line of ``needle`` in ``text``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.rule("E-OBJ-1", "E-OBJ-6", "E-COVER-3", "E-TERRAIN-DIFF-1")
def test_a_terrain_entry_with_a_material_keeps_its_terrain_and_names_its_object() -> None:
    """Given '=' and 'K' as low crates of thin and thick wood: both read as terrain and
    material; the grid has them as low obstacles (difficult, Teildeckung, no wall), and
    the set-up names each of their fields' material (one object per field, E-OBJ-6)."""
    loaded = loads_mission(mission(), "fracht.toml")
    assert loaded.legend["="] == LegendEntry(terrain="low_obstacle", material="thin_wooden_wall")
    assert loaded.legend["K"].material == "thick_wooden_wall"
    ready = prepare_match(loaded)
    grid = ready.setup.grid
    assert grid.field_kind((2, 1)) == DEFAULT_LEGEND["="]
    assert grid.field_kind((4, 1)) == DEFAULT_LEGEND["="]
    assert grid.cover_at((4, 1)) is Cover.PARTIAL and grid.step_cost((4, 1)) == 2
    assert not grid.is_wall((4, 1))
    assert ready.setup.materials == {
        (2, 1): "thin_wooden_wall",
        (3, 1): "thin_wooden_wall",
        (4, 1): "thick_wooden_wall",
        (5, 1): "thick_wooden_wall",
    }
    assert loads_mission(dumps_mission(loaded)) == loaded  # written back as read


def test_a_furniture_entry_keeps_the_terrain_overrides() -> None:
    """Given 'K' crates that are not difficult (difficult = false beside the material):
    the field is open ground with Teildeckung, and still an object of thick wood."""
    thick = '"K" = { terrain = "low_obstacle", material = "thick_wooden_wall", difficult = false }'
    ready = prepare_match(loads_mission(mission(thick=thick), "fracht.toml"))
    assert ready.setup.grid.step_cost((4, 1)) == 1
    assert ready.setup.grid.cover_at((4, 1)) is Cover.PARTIAL
    assert ready.setup.materials[(4, 1)] == "thick_wooden_wall"


@pytest.mark.parametrize(
    "entry",
    [
        '{ terrain = "rubble", material = "thin_wooden_wall" }',
        '{ material = "thin_wooden_wall" }',
        '{ terrain = "low_obstacle" }',
        '{ terrain = "low_obstacle", material = "thin_wooden_wall", difficult = false }',
        '{ door = "closed" }',
    ],
)
def test_a_default_character_may_only_add_a_material_to_its_own_terrain(entry: str) -> None:
    """A default character keeps its meaning (DESIGN.md's legend): anything but its own
    kind with a material is refused, naming the file, line, key and the entry it may have."""
    text = mission(thin=f'"=" = {entry}')
    (problem,) = problems(text)
    assert problem.path == "fracht.toml" and problem.key == "legend.="
    assert problem.line == line_of(text, '"=" =')
    assert problem.message == (
        "legend key '=' is a default legend character (low obstacle) and keeps its meaning; "
        'expected only a material added to it, { terrain = "low_obstacle", material = "..." }, '
        "or a character other than '.#:~=%+/'"
    )


def test_a_wall_or_door_character_still_cannot_be_redefined() -> None:
    """'#' has no terrain kind of its own: it cannot be furniture, as before."""
    text = mission(thin=THIN + '\n"#" = { terrain = "rubble", material = "stone_wall" }')
    (problem,) = problems(text)
    assert problem.key == "legend.#" and problem.line == line_of(text, '"#" =')
    assert problem.message == (
        "legend key '#' is a default legend character (wall) and cannot be redefined; "
        "expected a character other than '.#:~=%+/'"
    )


def test_the_material_of_furniture_is_checked_by_the_ruleset() -> None:
    """An unknown material beside a terrain: ENTARIA's terms say what is known (file,
    line and column of the value, the key, a suggestion and the list)."""
    text = mission(thick='"K" = { terrain = "low_obstacle", material = "thin_wood_wall" }')
    (problem,) = problems(text)
    assert problem.key == "legend.K.material"
    assert (problem.line, problem.column) == (line_of(text, '"K" ='), 35)
    assert problem.message.startswith(
        "unknown wall material 'thin_wood_wall' (did you mean 'thin_wooden_wall'?); "
        "expected one of 'thin_wooden_wall', "
    )
    assert "'weapon_wg" not in problem.message  # weapons fill no field


def test_a_material_of_the_wrong_type_and_terrain_with_a_door_are_refused() -> None:
    text = mission(
        thick='"K" = { terrain = "low_obstacle", material = 3 }\n'
        '"Q" = { terrain = "low_obstacle", door = "closed" }'
    )
    found = {p.key: p.message for p in problems(text)}
    assert found["legend.K.material"] == (
        "legend.K.material: found the whole number 3; expected a string"
    )
    assert found["legend.Q"] == (
        "legend entry 'Q' has terrain and door; expected either terrain = \"...\" "
        '(with material = "..." for furniture) or door = "..."'
    )


def test_an_unknown_ruleset_is_reported_once_not_with_its_furniture() -> None:
    """The ruleset is unknown: its words pass unchecked, the crates bring no second error."""
    text = mission().replace('title = "Frachtraum"', 'title = "Frachtraum"\nruleset = "xyz"')
    keys = [p.key for p in problems(text)]
    assert keys == ["mission.ruleset"]


def test_build_grid_refuses_furniture_of_an_unknown_material() -> None:
    """A mission built in code (not read from a file) with furniture of no known material."""
    loaded = loads_mission(mission(), "fracht.toml")
    broken = type(loaded)(
        **{
            **loaded.__dict__,
            "legend": {"K": LegendEntry(terrain="low_obstacle", material="wood")},
        }
    )
    with pytest.raises(MissionError) as caught:
        build_grid(broken, path_label="code")
    (problem,) = caught.value.problems
    assert problem.key == "legend.K.material" and "'wood'" in problem.message


def test_kampfkarte_check_names_the_terrain_and_the_material(tmp_path: Path) -> None:
    """`kampfkarte check` counts the crates by terrain and material and finds it valid."""
    path = tmp_path / "fracht.toml"
    path.write_text(mission(), encoding="utf-8")
    out = io.StringIO()
    assert run_check(path, out) == 0, out.getvalue()
    report = out.getvalue()
    assert "  Niedriges Hindernis / Kisten (Dünne Holzwand) (=): 2\n" in report
    assert "  Niedriges Hindernis / Kisten (Dicke Holzwand) (K): 2\n" in report
