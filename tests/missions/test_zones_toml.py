"""The ``[zones]`` table of native mission files (D-14): reading, errors, writing, bundled map."""

from __future__ import annotations

import dataclasses
import io
import shutil
from pathlib import Path

import pytest

from game.match.problems import MissionError, Problem
from game.missions.check import run_check
from game.missions.grid import build_grid
from game.missions.loader import bundled_maps_dir, load_any
from game.missions.mission_writer import save_setup
from game.missions.model import ZoneArea, ZoneDeclaration
from game.missions.toml_format import dumps_mission, load_mission, loads_mission
from game.rulesets import RULESETS

BASE = """\
[mission]
title = "Zonen"

[map]
width = 10
height = 6
rows = '''
##########
#........#
#........#
#........#
#........#
##########
'''

[[sides]]
key = "a"
name = "A"
controller = "player"

[[sides]]
key = "b"
name = "B"
controller = "gm"
"""

HOF = """
[[zones.areas]]
name = "Hof"
rect = [0, 0, 5, 6]
"""

GASSE = """
[[zones.areas]]
name = "Gasse"
rect = [5, 0, 5, 6]
"""


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(MissionError) as caught:
        loads_mission(text, "z.toml")
    return list(caught.value.problems)


def one(text: str) -> Problem:
    found = problems_of(text)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line of the first line of ``text`` that starts with ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(needle))


# ------------------------------------------------------------------ reading
def test_d14_a_mission_without_zones_declares_none() -> None:
    assert loads_mission(BASE).zones is None


def test_d14_lattice_with_walk_run_and_metres() -> None:
    text = BASE + "\n[zones]\nsize = 5\nwalk = 1\nrun = 3\nmetres = 10\n"
    zones = loads_mission(text).zones
    assert zones == ZoneDeclaration(size=5, areas=(), walk=1, run=3, metres=10.0)


def test_d14_an_empty_zones_table_leaves_everything_to_the_ruleset() -> None:
    assert loads_mission(BASE + "\n[zones]\n").zones == ZoneDeclaration()


def test_d14_painted_areas_in_file_order() -> None:
    text = BASE + "\n[zones]\nmetres = 7.5\n" + HOF + GASSE
    zones = loads_mission(text).zones
    assert zones is not None
    assert zones.areas == (ZoneArea("Hof", 0, 0, 5, 6), ZoneArea("Gasse", 5, 0, 5, 6))
    assert zones.size is None and zones.metres == 7.5


# ------------------------------------------------------------------ errors
def test_d14_unknown_key_in_zones_names_the_key_and_line() -> None:
    text = BASE + "\n[zones]\nsize = 5\nsise = 4\n"
    problem = one(text)
    assert problem.key == "zones.sise"
    assert problem.line == line_of(text, "sise")
    assert "unknown key 'sise' in [zones]" in problem.message
    assert "'size'" in problem.message  # the allowed keys (and the suggestion)
    assert "sise" in problem.text("de")


def test_d14_unknown_key_in_an_area() -> None:
    text = BASE + "\n[zones]\n" + HOF.replace('name = "Hof"', 'name = "Hof"\ncolour = 1')
    problem = one(text)
    assert problem.key == "zones.areas[0].colour"
    assert "[[zones.areas]]" in problem.message


@pytest.mark.parametrize(
    ("line", "key", "english"),
    [
        ("size = 1", "zones.size", "expected an integer from 2 to 50"),
        ("size = 51", "zones.size", "expected an integer from 2 to 50"),
        ('size = "5"', "zones.size", "expected an integer"),
        ("walk = 0", "zones.walk", "expected an integer from 1 to 20"),
        ("run = 21", "zones.run", "expected an integer from 1 to 20"),
        ("walk = 1.5", "zones.walk", "expected an integer"),
        ("metres = 0", "zones.metres", "expected a positive number"),
        ("metres = -3.5", "zones.metres", "expected a positive number"),
        ('metres = "10"', "zones.metres", "expected a positive number"),
        ("metres = true", "zones.metres", "expected a positive number"),
    ],
)
def test_d14_wrong_values_name_the_key_line_and_what_was_expected(
    line: str, key: str, english: str
) -> None:
    text = BASE + f"\n[zones]\n{line}\n"
    problem = one(text)
    assert problem.key == key
    assert problem.line == line_of(text, line.split(" ")[0])
    assert english in problem.message
    assert problem.text("de") != problem.message  # a German text as well


def test_d14_run_below_walk() -> None:
    problem = one(BASE + "\n[zones]\nwalk = 3\nrun = 2\n")
    assert problem.key == "zones.run"
    assert "less than zones.walk (3)" in problem.message
    assert "Laufen" in problem.text("de")


def test_d14_zones_must_be_a_table() -> None:
    problem = one(BASE.replace("[mission]", "zones = 5\n\n[mission]"))
    assert problem.key == "zones"
    assert "[zones]" in problem.message


def test_d14_size_and_areas_are_exclusive() -> None:
    text = BASE + "\n[zones]\nsize = 5\n" + HOF
    problem = one(text)
    assert problem.key == "zones.size"
    assert problem.line == line_of(text, "size")
    assert "both size and areas" in problem.message
    assert "size und areas" in problem.text("de")


def test_d14_area_needs_name_and_rect() -> None:
    found = problems_of(BASE + '\n[zones]\n[[zones.areas]]\nname = "Hof"\n')
    assert [p.key for p in found] == ["zones.areas[0]"]
    assert "rect" in found[0].message


def test_d14_empty_and_duplicate_area_names() -> None:
    empty = one(BASE + "\n[zones]\n" + HOF.replace('"Hof"', '"  "'))
    assert empty.key == "zones.areas[0].name"
    text = BASE + "\n[zones]\n" + HOF + GASSE.replace('"Gasse"', '"Hof"')
    twice = one(text)
    assert twice.key == "zones.areas[1].name"
    assert "'Hof' is given twice" in twice.message
    first = line_of(text, 'name = "Hof"')
    assert f"zones.areas[0] (line {first})" in twice.message
    assert "zweimal" in twice.text("de")


@pytest.mark.parametrize(
    ("rect", "english"),
    [
        ("[0, 0, 5]", "expected [x, y, width, height] in fields"),
        ('[0, 0, 5, "6"]', "expected [x, y, width, height] in fields"),
        ('"0 0 5 6"', "expected [x, y, width, height] in fields"),
        ("[0, 0, 0, 6]", "expected a width and height of at least 1"),
        ("[0, 0, 5, -1]", "expected a width and height of at least 1"),
        ("[6, 0, 5, 6]", "reaches outside the map (10×6 fields)"),
        ("[0, 1, 5, 6]", "reaches outside the map"),
        ("[-1, 0, 5, 6]", "reaches outside the map"),
    ],
)
def test_d14_bad_rects_name_the_key_and_line(rect: str, english: str) -> None:
    text = BASE + "\n[zones]\n" + HOF.replace("[0, 0, 5, 6]", rect)
    problem = one(text)
    assert problem.key == "zones.areas[0].rect"
    assert problem.line == line_of(text, "rect")
    assert english in problem.message
    assert "erwartet" in problem.text("de")


def test_d14_overlapping_areas_name_both() -> None:
    text = BASE + "\n[zones]\n" + HOF + GASSE.replace("[5, 0, 5, 6]", "[4, 2, 6, 4]")
    problem = one(text)
    assert problem.key == "zones.areas[1].rect"
    assert "area 'Gasse' overlaps area 'Hof'" in problem.message
    assert "at field [4, 2]" in problem.message
    assert "überlappt" in problem.text("de")


def test_d14_every_problem_of_zones_at_once() -> None:
    text = BASE + "\n[zones]\nsize = 1\nwalk = 0\nmetres = 0\n" + HOF.replace("5, 6]", "0, 6]")
    keys = sorted(p.key or "" for p in problems_of(text))
    assert keys == [
        "zones.areas[0].rect",
        "zones.metres",
        "zones.size",
        "zones.size",  # out of range, and given with areas
        "zones.walk",
    ]


# ------------------------------------------------------------------ writing
@pytest.mark.parametrize(
    "zones",
    [
        "\n[zones]\n",
        "\n[zones]\nsize = 4\nwalk = 2\nrun = 4\nmetres = 12.5\n",
        "\n[zones]\nwalk = 1\nmetres = 10\n" + HOF + GASSE,
    ],
)
def test_d14_writer_round_trip_keeps_the_zones(zones: str) -> None:
    mission = loads_mission(BASE + zones)
    text = dumps_mission(mission)
    assert "[zones]" in text
    again = loads_mission(text)
    assert again == mission
    assert again.zones == mission.zones


def test_d14_writer_writes_no_zones_for_a_mission_without() -> None:
    assert "[zones]" not in dumps_mission(loads_mission(BASE))


# ------------------------------------------------- the bundled quick-rules map
QUICK_MAP = bundled_maps_dir() / "schnell-strassenkampf.toml"
needs_quick = pytest.mark.skipif(
    "entaria-schnell" not in RULESETS, reason="the ruleset entaria-schnell is not registered"
)


@needs_quick
def test_d14_bundled_quick_map_checks_and_reports_its_zone_count() -> None:
    out = io.StringIO()
    assert run_check(QUICK_MAP, out, "en") == 0, out.getvalue()
    text = out.getvalue()
    assert "Ruleset: entaria-schnell" in text
    assert "\n14 zones\n" in text


@needs_quick
def test_d14_bundled_quick_map_areas_cover_every_floor_field_once() -> None:
    from game.rulesets.entaria_schnell.rules.zones import (
        Rect,
        rectangle_zones,
        zone_problems,
    )

    mission = load_mission(QUICK_MAP)
    assert mission.ruleset == "entaria-schnell"
    assert mission.zones is not None and mission.zones.size is None
    grid = build_grid(mission, RULESETS["entaria-schnell"].load_catalogue())
    rects = [Rect(a.name, a.x, a.y, a.width, a.height) for a in mission.zones.areas]
    zones, painted = rectangle_zones(grid, rects)
    assert painted == []
    assert zone_problems(zones, grid) == []
    assert zones.count == len(rects) == 14


def test_d14_bundled_quick_map_keeps_the_creatures_of_strassenkampf() -> None:
    original = load_mission(bundled_maps_dir() / "strassenkampf.toml")
    if "entaria-schnell" not in RULESETS:
        pytest.skip("the ruleset entaria-schnell is not registered")
    quick = load_mission(QUICK_MAP)
    assert quick.creatures == original.creatures
    assert quick.rows == original.rows and quick.sides == original.sides
    assert "quick" in quick.description["en"] and "Schnellregel" in quick.description["de"]


@needs_quick
def test_d14_a_mission_saved_from_the_set_up_screen_keeps_its_zones(tmp_path: Path) -> None:
    shutil.copy(QUICK_MAP, tmp_path / QUICK_MAP.name)
    loaded = load_any(tmp_path / QUICK_MAP.name)
    moved = loaded.mission.creatures[:2]  # as the set-up screen builds it: replace()
    mission = dataclasses.replace(loaded.mission, creatures=moved)
    saved = save_setup(loaded, mission, tmp_path / "aufgestellt.toml")
    again = load_any(saved.path).mission
    assert again.zones == loaded.mission.zones
    assert again.zones is not None and len(again.zones.areas) == 14
