"""``kampfkarte check``: the report, its warnings and its exit status."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from game.match.problems import Problem
from game.missions.check import CheckReport, check_mission, run_check, terrain_counts
from game.missions.playability import mission_warnings
from game.missions.toml_format import loads_mission
from game.rulesets.entaria.catalogue_loader import load_catalogue

CATALOGUE = load_catalogue()

MISSION = """\
[mission]
title = "Prüfung"
author = "Test"
players = [2, 2]
description = { de = "Ein kurzer Text.", en = "A short text." }

[map]
width = 9
height = 5
rows = '''
#########
#..,....#
#...L...#
#.......#
#########
'''

[legend]
"," = { terrain = "mud" }
"L" = { terrain = "lava" }
"Q" = { material = "stone_wall" }

[[sides]]
key = "a"
name = "Seite A"
controller = "player"
deployment = [[1, 1, 2, 3]]

[[sides]]
key = "b"
name = "Seite B"
controller = "gm"
deployment = [[6, 1, 7, 3]]

[[creatures]]
key = "likron"
type = "likron"
side = "a"
at = [1, 1]

[[creatures]]
key = "pirat"
type = "dretop_pirat"
side = "b"
at = [7, 3]
lp = 5
conditions = ["Liegend"]
hidden = true
"""


def write(tmp_path: Path, text: str, name: str = "m.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def warnings_of(text: str) -> list[Problem]:
    found = mission_warnings(loads_mission(text), CATALOGUE, path_label="m.toml")
    assert all(p.warning for p in found)
    return found


def test_valid_mission_report_and_exit_status(tmp_path: Path) -> None:
    path = write(tmp_path, MISSION)
    out = io.StringIO()
    assert run_check(path, out) == 0
    text = out.getvalue()
    assert text.startswith("Mission: Prüfung\n")
    for line in [
        f"File: {path} (native TOML)",
        "Author: Test",
        "Players: 2",
        "Description (de): Ein kurzer Text.",
        "Map: 9 x 5 fields (45 fields)",
        "  wall (#): 24",
        "  floor (.): 19",
        "  Matsch / Glitschig (,): 1",
        "  Lava (L): 1",
        "  a: Seite A (player, #2f6fd0), 1 creature, deployment zone 6 fields",
        "  b: Seite B (gm, #c83232), 1 creature, deployment zone 6 fields",
        "  pirat: Dretop-Pirat (dretop_pirat), side b, at [7, 3] facing S [LP 5; Liegend; hidden]",
    ]:
        assert line in text.splitlines(), line
    assert "Warnings (1):" in text  # the unused legend character Q
    assert text.rstrip().endswith(f"{path}: valid (1 warning)")


def test_check_mission_returns_the_report(tmp_path: Path) -> None:
    report = check_mission(write(tmp_path, MISSION))
    assert isinstance(report, CheckReport)
    assert report.valid and report.source_format == "toml" and not report.errors
    assert report.terrain_counts["wall (#)"] == 24
    assert report.mission is not None and report.mission.title == "Prüfung"
    assert [w.key for w in report.warnings] == ["legend.Q"]
    assert report.warnings[0].line == 21  # located in the file by its key


def test_warnings_take_line_and_column_from_the_key_locations() -> None:
    """The loader says where keys stand; warnings are placed there, not by re-reading."""
    mission = loads_mission(MISSION)
    where = {"legend": (19, 1), "legend.Q": (21, 1)}
    (found,) = mission_warnings(mission, CATALOGUE, path_label="m.toml", locations=where)
    assert (found.key, found.line, found.column) == ("legend.Q", 21, 1)
    (found,) = mission_warnings(mission, CATALOGUE, path_label="m.toml")
    assert (found.line, found.column) == (None, None)


def test_check_uses_the_catalogue_it_is_given(tmp_path: Path) -> None:
    """Loading and warnings both read the catalogue passed in, not the shipped one."""
    without_lava = replace(
        CATALOGUE, terrain={k: v for k, v in CATALOGUE.terrain.items() if k != "lava"}
    )
    report = check_mission(write(tmp_path, MISSION), catalogue=without_lava)
    assert not report.valid
    assert [e.key for e in report.errors] == ["legend.L.terrain"]
    assert "unknown terrain kind 'lava'" in report.errors[0].message


def test_invalid_mission_lists_every_error_and_exits_1(tmp_path: Path) -> None:
    text = MISSION.replace('side = "b"', 'side = "c"').replace("#...L...#", "#...L..?#")
    path = write(tmp_path, text)
    out = io.StringIO()
    assert run_check(path, out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == "Errors (2):"
    assert lines[1].startswith(f"  {path}:13:8 [map.rows]: error: unknown map character '?'")
    assert lines[2] == (
        f"  {path}:44:1 [creatures[1].side]: error: side 'c' is not declared; expected a key "
        "of [[sides]] ('a', 'b')"
    )
    assert lines[-1] == f"{path}: invalid (2 errors)"


def test_unknown_file_type_is_invalid(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_check(write(tmp_path, MISSION, "m.txt"), out) == 1
    assert "unknown mission file type '.txt'" in out.getvalue()


def test_missing_file_is_invalid(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_check(tmp_path / "none.toml", out) == 1
    assert "file not found" in out.getvalue()


def test_creature_in_a_wall_or_closed_door() -> None:
    text = MISSION.replace("at = [1, 1]", "at = [0, 0]")
    (warning,) = [w for w in warnings_of(text) if w.key == "creatures[0].at"]
    assert (
        warning.message == "creature 'likron' at [0, 0] stands in a wall; it cannot move from there"
    )
    text = MISSION.replace("#.......#\n####", "#.......+\n####").replace(
        "at = [7, 3]", "at = [8, 3]"
    )
    (warning,) = [w for w in warnings_of(text) if w.key == "creatures[1].at"]
    assert "stands in a closed door" in warning.message


def test_creature_on_a_hazard() -> None:
    text = MISSION.replace("at = [7, 3]", "at = [4, 2]")
    assert "creature 'pirat' at [4, 2] stands on a hazard field" in [
        w.message for w in warnings_of(text)
    ]


def test_two_creatures_on_one_field() -> None:
    text = MISSION.replace("at = [7, 3]", "at = [1, 1]")
    messages = [w.message for w in warnings_of(text)]
    assert (
        "creature 'pirat' at [1, 1] shares field [1, 1] with creature 'likron'; expected one "
        "creature per field" in messages
    )


def test_creature_on_another_sides_deployment_zone() -> None:
    text = MISSION.replace("at = [7, 3]", "at = [2, 3]")
    messages = [w.message for w in warnings_of(text)]
    assert (
        "creature 'pirat' at [2, 3] of side 'b' stands on the deployment zone of side 'a'"
        in messages
    )


def test_sides_that_cannot_reach_each_other() -> None:
    """D-10: a wall across the map separates the sides; a door does not."""
    walled = MISSION.replace("#..,....#\n#...L...#\n#.......#", "#..,#...#\n#...#...#\n#...#...#")
    (warning,) = [w for w in warnings_of(walled) if "cannot reach" in w.message]
    assert warning.message == (
        "side 'a' cannot reach side 'b' on foot (even with every door open): their "
        "deployment zones and creatures lie in separate areas"
    )
    assert warning.key == "sides[0].deployment"
    with_door = walled.replace("#...#...#\n#########", "#...+...#\n#########")
    assert not [w for w in warnings_of(with_door) if "cannot reach" in w.message]


def test_deployment_zone_without_usable_field() -> None:
    text = MISSION.replace("deployment = [[6, 1, 7, 3]]", "deployment = [[4, 2], [8, 0, 8, 4]]")
    messages = [w.message for w in warnings_of(text)]
    assert (
        "the deployment zone of side 'b' has no usable field: all 6 lie in walls, closed "
        "doors or hazards" in messages
    )


def test_side_without_creatures_or_zone_and_no_sides() -> None:
    text = MISSION + '\n[[sides]]\nkey = "leer"\nname = "Leer"\ncontroller = "gm"\n'
    assert "side 'leer' has neither creatures nor a deployment zone" in [
        w.message for w in warnings_of(text)
    ]
    bare = MISSION[: MISSION.index("[[sides]]")]
    assert "the mission declares no sides" in [w.message for w in warnings_of(bare)]


def test_companion_on_another_side() -> None:
    text = MISSION.replace('key = "pirat"', 'key = "pirat"\ncompanion_of = "likron"')
    assert "companion 'pirat' is on side 'b' but its controller 'likron' is on side 'a'" in [
        w.message for w in warnings_of(text)
    ]


def test_terrain_counts_name_legend_entries() -> None:
    text = MISSION.replace("#.......#\n####", "#..QD...#\n####").replace(
        '"Q" = { material = "stone_wall" }',
        '"Q" = { material = "stone_wall" }\n"D" = { door = "open", material = "thin_wooden_wall" }',
    )
    counts = terrain_counts(loads_mission(text), CATALOGUE)
    assert counts["Steinwand (Q)"] == 1
    assert counts["offene Tür (Dünne Holzwand) (D)"] == 1


@pytest.mark.parametrize("name", ["m.toml"])
def test_report_text_of_an_unloadable_file_has_no_summary(tmp_path: Path, name: str) -> None:
    report = check_mission(write(tmp_path, "not toml at all", name))
    assert not report.valid and report.summary == "" and report.mission is None
    assert report.text.splitlines()[0] == "Errors (1):"


def test_a_mission_without_creatures_gets_a_warning(tmp_path: Path) -> None:
    """check warns that no battle can begin on a mission that places no creature."""
    from game.missions.loader import load_any

    path = tmp_path / "empty.toml"
    path.write_text(
        '[mission]\ntitle = "Leer"\n\n[map]\nwidth = 3\nheight = 2\nrows = ["...", "..."]\n',
        "utf-8",
    )
    warnings = mission_warnings(load_any(path).mission)
    assert [w.key for w in warnings if "no creature" in w.message] == ["creatures"]
