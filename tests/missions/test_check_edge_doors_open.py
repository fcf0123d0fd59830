"""``check`` and ``check --json`` tell open from closed edge doors (D-13, task 15).

An open edge door lets sight and movement through, a closed one blocks like a wall, so
"edge doors: 2" alone did not say what the map does. The summary line adds
"(1 open, 1 closed)"; the JSON adds ``edge_doors_open``; ``import`` prints the same line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.missions.check import check_mission
from game.missions.check_json import report_json
from game.missions.edge_counts import edge_counts
from game.missions.model import MapEdge
from tests.missions.test_bundled_maps import README
from tests.missions.test_toml_edges import ROOMS

DATA = Path(__file__).resolve().parent / "data"

DOORS = """
[[map.edges]]
between = [[2, 0], [3, 0]]

[[map.edges]]
between = [[2, 1], [3, 1]]
kind = "door"
open = true

[[map.edges]]
between = [[2, 2], [3, 2]]
kind = "door"
"""


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rooms.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rule("D-13")
def test_json_counts_open_edge_doors_among_the_edge_doors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, ROOMS + DOORS)
    assert main(["check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["edge_walls"], data["edge_doors"], data["edge_doors_open"]) == (1, 2, 1)


@pytest.mark.rule("D-13")
def test_opening_the_closed_door_changes_the_open_count(tmp_path: Path) -> None:
    both_open = ROOMS + DOORS + "open = true\n"
    data = report_json(check_mission(written(tmp_path, both_open)))
    assert (data["edge_doors"], data["edge_doors_open"]) == (2, 2)
    assert (
        "Edge walls: 1, edge doors: 2 (2 open, 0 closed)"
        in check_mission(tmp_path / "rooms.toml").text
    )


@pytest.mark.rule("D-13")
def test_the_summary_line_splits_open_and_closed(tmp_path: Path) -> None:
    text = check_mission(written(tmp_path, ROOMS + DOORS)).text
    assert "Edge walls: 1, edge doors: 2 (1 open, 1 closed)\n" in text


@pytest.mark.rule("D-13")
def test_without_doors_the_line_has_no_brackets_and_without_edges_json_says_0(
    tmp_path: Path,
) -> None:
    walls_only = ROOMS + "\n[[map.edges]]\nbetween = [[2, 0], [3, 0]]\n"
    assert "Edge walls: 1, edge doors: 0\n" in check_mission(written(tmp_path, walls_only)).text
    data = report_json(check_mission(written(tmp_path, ROOMS)))
    assert (data["edge_walls"], data["edge_doors"], data["edge_doors_open"]) == (0, 0, 0)


@pytest.mark.rule("D-13")
def test_a_file_that_does_not_load_has_edge_doors_open_null(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, ROOMS.replace('title = "Zwei Räume"', "title = 3"))
    assert main(["check", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["edge_doors_open"] is None and data["edge_doors"] is None


def test_edge_counts_of_walls_and_doors() -> None:
    counts = edge_counts(
        [
            MapEdge((0, 0), (1, 0)),
            MapEdge((0, 1), (1, 1), "door", True),
            MapEdge((0, 2), (1, 2), "door", False),
            MapEdge((0, 3), (1, 3), "door", False),
        ]
    )
    assert (counts.walls, counts.doors, counts.doors_open, counts.doors_closed) == (1, 3, 1, 2)
    assert counts.line() == "Edge walls: 1, edge doors: 3 (1 open, 2 closed)"


@pytest.mark.rule("D-13")
def test_import_of_a_universal_vtt_map_prints_the_same_split(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tavern.toml"
    assert main(["import", "--language", "en", str(DATA / "tavern.dd2vtt"), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Edge walls: 10, edge doors: 2 (1 open, 1 closed)" in printed
    assert "Edge walls: 10, edge doors: 2 (1 open, 1 closed)" in check_mission(out).text


def test_the_readme_lists_edge_doors_open_among_the_json_keys() -> None:
    documented = README.read_text(encoding="utf-8")
    assert "`edge_doors_open`" in documented
    assert '"edge_doors":null,"edge_doors_open":null,' in documented
