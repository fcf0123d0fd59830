"""``kampfkarte check MISSION --json``: one JSON object per file, one per line (issue 11).

The counts of wall fields, doors and edge walls are DESIGN D-13's (walls on field
edges); errors and warnings carry file, line, column and key as DESIGN's conventions
ask of every problem in a user file ("errors name the file, the line or key").
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.missions import check_json
from game.missions.check import check_mission, run_check, terrain_counts
from game.missions.check_json import run_check_json

DATA = Path(__file__).resolve().parent / "data"
MAPS = Path(__file__).resolve().parent.parent.parent / "maps"
DEMO = MAPS / "dretop-versteck.toml"

KEYS = [
    "file",
    "valid",
    "format",
    "ruleset",
    "title",
    "width",
    "height",
    "terrain",
    "characters",
    "wall_fields",
    "door_fields",
    "edge_walls",
    "edge_doors",
    "edge_doors_open",
    "creatures",
    "creatures_per_side",
    "sides",
    "warnings",
    "errors",
]
PROBLEM_KEYS = ["file", "line", "column", "key", "message", "text"]

INVALID = """\
[mission]
title = "Kaputt"
colour = 3

[map]
width = 3
height = 1
rows = '''
...
'''
"""

WITH_LEGEND = """\
[mission]
title = "Prüfung"

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
"""


def run_json(
    capsys: pytest.CaptureFixture[str], *paths: Path | str
) -> tuple[int, list[dict[str, Any]]]:
    """Run ``kampfkarte check --json PATHS``; return the status and one object per line."""
    status = main(["check", "--json", "--language", "en", *map(str, paths)])
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    return status, [json.loads(line) for line in lines]


def write(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rule("D-13")
def test_the_bundled_demo_gives_one_object_with_its_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """D-13: a valid mission: size, terrain, wall and door fields, no edge walls yet."""
    status = main(["check", "--json", str(DEMO)])
    out = capsys.readouterr().out
    assert status == 0
    data = json.loads(out)  # the whole output is one JSON object
    assert list(data) == KEYS
    assert data["file"] == str(DEMO) and data["valid"] is True
    assert (data["format"], data["ruleset"]) == ("toml", "entaria")
    assert (data["width"], data["height"]) == (40, 24)
    assert sum(data["terrain"].values()) == 40 * 24
    assert sum(c["fields"] for c in data["characters"]) == 40 * 24
    # the kinds and names agree with the human summary's counts, character by character
    summary = terrain_counts(check_mission(DEMO).mission)  # type: ignore[arg-type]
    assert {f"{c['name']} ({c['char']})": c["fields"] for c in data["characters"]} == summary
    rows = "".join(check_mission(DEMO).mission.rows)  # type: ignore[union-attr]
    assert data["wall_fields"] >= rows.count("#") > 0  # the panes are walls too
    assert data["door_fields"] == rows.count("+") + rows.count("/") + rows.count("S")
    assert (data["edge_walls"], data["edge_doors"]) == (0, 0)
    assert data["creatures"] == 8
    assert data["creatures_per_side"] == {"freunde": 3, "piraten": 5}
    assert [s["key"] for s in data["sides"]] == ["freunde", "piraten"]
    assert data["warnings"] == [] and data["errors"] == []


def test_the_human_summary_is_unchanged_by_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json the report is the text it always was."""
    assert main(["check", "--language", "en", str(DEMO)]) == 0
    expected = io.StringIO()
    run_check(DEMO, expected)
    assert capsys.readouterr().out == expected.getvalue()
    assert not expected.getvalue().lstrip().startswith("{")


def test_legend_kinds_and_a_located_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ruleset's terrain keys count as kinds; the unused legend entry is a placed warning."""
    path = write(tmp_path, WITH_LEGEND, "m.toml")
    status, [data] = run_json(capsys, path)
    assert status == 0 and data["valid"] is True
    assert data["terrain"] == {"wall": 24, "floor": 19, "mud": 1, "lava": 1}
    mud = next(c for c in data["characters"] if c["char"] == ",")
    assert (mud["kind"], mud["material"], mud["fields"]) == ("mud", None, 1)
    assert data["wall_fields"] == 24 and data["door_fields"] == 0
    assert data["creatures_per_side"] == {"a": 1, "b": 1}
    [warning] = data["warnings"]
    assert list(warning) == PROBLEM_KEYS
    assert warning["file"] == str(path) and warning["key"] == "legend.Q"
    assert warning["line"] == 18 and isinstance(warning["column"], int)


def test_an_invalid_file_gives_its_errors_with_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown key and a TOML syntax error: each error says where, the status is 1."""
    bad = write(tmp_path, INVALID, "bad.toml")
    broken = write(tmp_path, '[mission]\ntitle = "offen\n', "broken.toml")
    status, [first, second] = run_json(capsys, bad, broken)
    assert status == 1
    for data in (first, second):
        assert list(data) == KEYS
        assert data["valid"] is False and data["format"] == "toml"
        assert data["width"] is None and data["terrain"] == {} and data["edge_walls"] is None
    [error] = first["errors"]
    assert error == {
        "file": str(bad),
        "line": 3,
        "column": 1,
        "key": "mission.colour",
        "message": error["message"],
        "text": error["message"],  # run_json checks in English
    }
    assert "unknown key 'colour'" in error["message"]
    [syntax] = second["errors"]
    assert (syntax["line"], syntax["column"]) == (2, 15)
    assert "TOML syntax error" in syntax["message"]


def test_a_missing_file_and_an_unknown_type_still_give_objects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files that never load: their object names the error, the format by suffix (or null)."""
    missing, other = tmp_path / "nope.dd2vtt", write(tmp_path, "x", "map.txt")
    status, [gone, unknown] = run_json(capsys, missing, other)
    assert status == 1
    assert gone["format"] == "uvtt" and "not found" in gone["errors"][0]["message"]
    assert unknown["format"] is None
    assert "unknown mission file type" in unknown["errors"][0]["message"]


@pytest.mark.rule("D-13")
def test_a_universal_vtt_export(capsys: pytest.CaptureFixture[str]) -> None:
    """D-13: a Universal VTT file: its format, wall and door fields, its 'no sides' warning."""
    status, [data] = run_json(capsys, DATA / "cave.uvtt")
    assert status == 0 and data["valid"] is True
    assert (data["format"], data["ruleset"], data["width"], data["height"]) == (
        "uvtt",
        "entaria",
        6,
        4,
    )
    assert data["terrain"] == {"floor": 17, "wall": 6, "open_door": 1}
    assert (data["wall_fields"], data["door_fields"]) == (6, 1)
    assert (data["edge_walls"], data["edge_doors"]) == (0, 0)
    assert [w["key"] for w in data["warnings"]] == ["creatures", "sides"]
    assert data["warnings"][0]["line"] is None  # a JSON export places nothing by line


@pytest.mark.parametrize("name", ["skirmish.tmx", "skirmish.tmj"])
def test_a_tiled_map(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Both Tiled encodings give the same counts, sides and creatures."""
    status, [data] = run_json(capsys, DATA / name)
    assert status == 0 and data["format"] == "tiled"
    assert (data["width"], data["height"]) == (6, 5)
    assert data["terrain"]["floor"] == 14 and data["terrain"]["wall"] == 9
    assert sum(data["terrain"].values()) == 30
    assert (data["wall_fields"], data["door_fields"]) == (9, 2)
    assert data["creatures"] == 4
    assert data["creatures_per_side"] == {"helden": 2, "piraten": 2}


def test_several_files_give_one_line_each_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One JSON object per line, in the order given; the status is 1 when one is invalid."""
    bad = write(tmp_path, INVALID, "bad.toml")
    files = [DEMO, DATA / "cave.uvtt", DATA / "skirmish.tmj", bad]
    status, objects = run_json(capsys, *files)
    assert status == 1
    assert [o["file"] for o in objects] == [str(f) for f in files]
    assert [o["valid"] for o in objects] == [True, True, True, False]
    status, objects = run_json(capsys, *files[:3])
    assert status == 0 and len(objects) == 3


def test_the_output_is_ascii_and_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    """Umlauts travel as escapes, so any console encoding takes the line; json.loads reads them."""
    main(["check", "--json", str(DEMO)])
    out = capsys.readouterr().out
    assert out.isascii() and out.endswith("\n") and out.count("\n") == 1
    names = [c["name"] for c in json.loads(out)["characters"]]
    assert any("Tür" in name for name in names)


def test_an_unforeseen_failure_is_an_error_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug while checking one file becomes that file's error; the next file still reports."""
    real = check_json.check_mission

    def failing(path: Path | str, **kwargs: Any) -> Any:
        if Path(path).name == "cave.uvtt":
            raise RuntimeError("boom")
        return real(path, **kwargs)

    monkeypatch.setattr(check_json, "check_mission", failing)
    out = io.StringIO()
    status = run_check_json([DATA / "cave.uvtt", DEMO], out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert status == 1
    assert first["valid"] is False and "RuntimeError: boom" in first["errors"][0]["message"]
    assert first["format"] == "uvtt"
    assert second["valid"] is True
