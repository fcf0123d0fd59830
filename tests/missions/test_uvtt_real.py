"""Real Dungeondraft exports (tests/missions/data/uvtt, see THIRD_PARTY.md) through the
loader and the ``check`` and ``import`` commands (D-13: walls on grid lines as edges)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.board.movement import reachable
from game.board.sight import line_of_sight
from game.cli import main
from game.missions.grid import build_grid
from game.missions.model import MapEdge
from game.missions.toml_format import load_native
from game.missions.uvtt import UvttPlacement, load_uvtt

DATA = Path(__file__).resolve().parent / "data"
HEADMASTER = DATA / "uvtt" / "headmasters-quarters.dd2vtt"
TOWER = DATA / "uvtt" / "red-tower-base.dd2vtt"
SAMPLE = DATA / "divided_room.dd2vtt"

HEADMASTER_FIELDS = (
    "..........",
    ".##....###",
    "+#.......+",
) + ("..........",) * 7

TOWER_FIELDS = (
    ".#######..",
    "##.....##.",
    "#.......##",
    "#........#",
    "#........#",
    "#........#",
    "#........#",
    "##......##",
    ".##....##.",
    "..##..##..",
    "..........",
    "..........",
)


@pytest.mark.rule("D-13")
def test_headmasters_quarters_windows_on_a_grid_line_are_edge_doors() -> None:
    """D-13: the four windows on y = 1 (portals with wall pieces between them) become
    four closed edge doors; the diagonal corner walls and windows are wall and door
    fields; the outline on the map's border is dropped."""
    loaded = load_uvtt(HEADMASTER)
    mission = loaded.mission
    assert (mission.width, mission.height) == (10, 10)
    assert mission.background is None  # the picture was removed (THIRD_PARTY.md)
    assert mission.rows == HEADMASTER_FIELDS
    windows = {MapEdge((x, 0), (x, 1), "door") for x in range(3, 7)}
    joins = {  # the corner fields (2, 1) and (7, 1) walled where the windows begin
        MapEdge((2, 0), (2, 1)),
        MapEdge((2, 1), (3, 1)),
        MapEdge((7, 0), (7, 1)),
        MapEdge((6, 1), (7, 1)),
    }
    assert set(mission.edges) == windows | joins
    assert loaded.placement == UvttPlacement(
        edge_segments=5,
        field_segments=6,
        dropped_segments=3,
        edge_portals=4,
        field_portals=2,
    )


@pytest.mark.rule("D-13")
def test_headmasters_quarters_floor_is_the_drawn_floor() -> None:
    """D-13: nothing on the room's straight outline eats floor: rows 3..9 are whole."""
    grid = build_grid(load_uvtt(HEADMASTER).mission)
    inside = set(reachable(grid, (5, 5), None))
    assert {(x, y) for x in range(10) for y in range(3, 10)} <= inside
    assert (4, 0) not in inside  # beyond the closed windows (the top left/right are open)


@pytest.mark.rule("D-13")
@pytest.mark.rule("D-9")
def test_headmasters_quarters_corners_let_no_sight_in() -> None:
    """D-13/D-9: from outside above the windows nobody sees into the room past the
    corners where the diagonal walls meet the window line."""
    grid = build_grid(load_uvtt(HEADMASTER).mission)
    for outside in ((2, 0), (7, 0)):
        for inside in ((3, 1), (6, 1), (4, 2), (5, 3)):
            assert not line_of_sight(grid, outside, inside), (outside, inside)


@pytest.mark.rule("D-13")
def test_red_tower_cut_from_a_larger_building() -> None:
    """D-13: origin (2, 12) subtracted; walls and portals outside the 10x12 map dropped;
    the straight wall pieces and the doors on grid lines as edges, the round wall
    rasterised to wall fields."""
    loaded = load_uvtt(TOWER)
    mission = loaded.mission
    assert (mission.width, mission.height) == (10, 12)
    doors = [edge for edge in mission.edges if edge.kind == "door"]
    assert len(mission.edges) == 28 and len(doors) == 4
    assert {(edge.a, edge.b) for edge in doors} == {
        ((4, 1), (4, 2)),
        ((5, 1), (5, 2)),
        ((1, 4), (2, 4)),
        ((7, 4), (8, 4)),
    }
    assert not any(edge.open for edge in doors)
    assert loaded.placement == UvttPlacement(
        edge_segments=13,
        field_segments=66,
        dropped_segments=358,
        edge_portals=4,
        dropped_portals=37,
    )
    assert mission.rows == TOWER_FIELDS
    build_grid(mission)


@pytest.mark.rule("D-13")
@pytest.mark.parametrize("path", [HEADMASTER, TOWER, SAMPLE], ids=lambda p: p.name)
def test_check_reports_the_placement(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """D-13: ``check`` on a Universal VTT file: valid, with where its walls went."""
    assert main(["check", "--language", "en", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(Universal VTT)" in out
    placement = load_uvtt(path).placement
    for line in placement.lines():
        assert line in out
    assert out.rstrip().endswith(f"{path}: valid (2 warnings)")  # no creatures, no sides


@pytest.mark.rule("D-13")
@pytest.mark.parametrize("path", [HEADMASTER, TOWER, SAMPLE], ids=lambda p: p.name)
def test_import_writes_the_edges_and_says_where_the_walls_went(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """D-13: ``import`` writes [[map.edges]] that load back as the same mission, and its
    summary counts the segments and portals by what became of them."""
    out = tmp_path / "imported" / f"{path.stem}.toml"
    assert main(["import", "--language", "en", str(path), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    loaded = load_uvtt(path)
    for line in loaded.placement.lines():
        assert line in printed
    mission = loaded.mission
    doors = sum(1 for edge in mission.edges if edge.kind == "door")
    assert f"Edge walls: {len(mission.edges) - doors}, edge doors: {doors}" in printed
    native = load_native(out).mission
    assert native.edges == mission.edges and native.rows == mission.rows
    assert out.read_text(encoding="utf-8").count("[[map.edges]]") == len(mission.edges)
    assert main(["check", "--language", "en", str(out)]) == 0


def test_import_summary_of_the_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's sample: 6 wall segments and the door on grid lines, nothing rasterised."""
    assert main(["import", "--language", "en", str(SAMPLE), "-o", str(tmp_path / "room.toml")]) == 0
    printed = capsys.readouterr().out
    assert "Universal VTT walls: 6 segments on grid lines became edge walls, 0 off" in printed
    assert "Universal VTT portals: 1 on grid lines became edge doors" in printed
    assert "Edge walls: 39, edge doors: 1" in printed
    assert (tmp_path / "divided_room.png").is_file()  # the picture, named after the source


@pytest.mark.rule("D-13")
def test_check_json_counts_the_sample_edges(capsys: pytest.CaptureFixture[str]) -> None:
    """D-13: ``check --json`` on the sample: 100 fields of floor, 39 edge walls, 1 edge door."""
    assert main(["check", "--json", str(SAMPLE)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "uvtt" and data["terrain"] == {"floor": 100}
    assert (data["wall_fields"], data["door_fields"]) == (0, 0)
    assert (data["edge_walls"], data["edge_doors"]) == (39, 1)
