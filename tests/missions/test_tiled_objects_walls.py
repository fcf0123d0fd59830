"""Tiled object layers: objects of class ``wall`` and ``door`` as edge walls and fields (D-13)."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from game.board.movement import find_path
from game.match.problems import MissionError
from game.missions.check import check_mission
from game.missions.check_json import report_json
from game.missions.grid import build_grid
from game.missions.model import MapEdge, Mission
from game.missions.tiled import load_tiled
from game.missions.toml_format import dumps_mission, loads_mission

OUTPOST = Path(__file__).resolve().parent / "data" / "tiled" / "outpost.tmj"

pytestmark = pytest.mark.rule("D-13")


def _tmx(folder: Path, objects: str, *, width: int = 6, height: int = 5, tile: int = 32) -> Path:
    """Write a floor map of ``width``×``height`` fields with the given <object>s."""
    csv = ",".join(["1"] * (width * height))
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{width}" height="{height}"
     tilewidth="{tile}" tileheight="{tile}" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="{tile}" tileheight="{tile}" tilecount="1">
  <tile id="0"><properties><property name="terrain" value="."/></properties></tile>
 </tileset>
 <layer name="ground" width="{width}" height="{height}"><data encoding="csv">{csv}</data></layer>
 <objectgroup name="walls">
{objects}
 </objectgroup>
</map>
"""
    path = folder / "walls.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _mission(folder: Path, objects: str, **size: int) -> Mission:
    return load_tiled(_tmx(folder, objects, **size)).mission


def _errors(folder: Path, objects: str) -> str:
    with pytest.raises(MissionError) as info:
        load_tiled(_tmx(folder, objects))
    return "\n".join(str(p) for p in info.value.problems)


def _walls(mission: Mission) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {(e.a, e.b) for e in mission.edges if e.kind == "wall"}


def test_a_polyline_on_grid_lines_becomes_edge_walls_and_keeps_the_floor(tmp_path: Path) -> None:
    """An L along x = 2 (y 1..3) and y = 3 (x 2..4): five borders, no wall field."""
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="64" y="32"><polyline points="0,0 0,64 64,64"/></object>',
    )
    assert set(mission.rows) == {"......"}
    assert _walls(mission) == {
        ((1, 1), (2, 1)),
        ((1, 2), (2, 2)),
        ((2, 2), (2, 3)),
        ((3, 2), (3, 3)),
    }


def test_the_class_attribute_of_tiled_1_9_names_walls_too(tmp_path: Path) -> None:
    mission = _mission(tmp_path, '<object id="1" class="Wall" x="64" y="0" width="0" height="64"/>')
    assert _walls(mission) == {((1, 0), (2, 0)), ((1, 1), (2, 1))}


def test_a_polygon_is_a_closed_outline(tmp_path: Path) -> None:
    """A square polygon around fields (1..2, 1..2): all eight borders of the room."""
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="32" y="32"><polygon points="0,0 64,0 64,64 0,64"/></object>',
    )
    walls = _walls(mission)
    assert len(walls) == 8
    assert ((0, 1), (1, 1)) in walls and ((2, 2), (3, 2)) in walls  # left and right sides
    assert ((1, 0), (1, 1)) in walls and ((2, 2), (2, 3)) in walls  # top and bottom
    assert set(mission.rows) == {"......"}


def test_walls_on_the_map_outline_are_dropped(tmp_path: Path) -> None:
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="0" y="0">'
        '<polygon points="0,0 192,0 192,160 0,160"/></object>',
    )
    assert mission.edges == ()
    assert set(mission.rows) == {"......"}


def test_a_door_on_a_grid_line_is_an_edge_door_open_as_its_property_says(tmp_path: Path) -> None:
    mission = _mission(
        tmp_path,
        '<object id="1" type="door" x="64" y="32" width="0" height="32"/>'
        '<object id="2" type="door" x="96" y="64" width="32" height="0">'
        '<properties><property name="open" type="bool" value="true"/></properties></object>',
    )
    assert set(mission.edges) == {
        MapEdge((1, 1), (2, 1), "door", open=False),
        MapEdge((3, 1), (3, 2), "door", open=True),
    }


def test_a_door_replaces_the_wall_on_its_border(tmp_path: Path) -> None:
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="64" y="0" width="0" height="160"/>'
        '<object id="2" type="door" x="64" y="64" width="0" height="32"/>',
    )
    kinds = {(e.a, e.b): e.kind for e in mission.edges}
    assert kinds[((1, 2), (2, 2))] == "door"
    assert [kinds[((1, y), (2, y))] for y in (0, 1, 3, 4)] == ["wall"] * 4


def test_a_filled_rectangle_makes_wall_fields(tmp_path: Path) -> None:
    mission = _mission(
        tmp_path, '<object id="1" type="wall" x="40" y="32" width="40" height="32"/>'
    )
    assert mission.rows[1] == ".##..."
    assert mission.rows[0] == mission.rows[2] == "......"
    assert mission.edges == ()


def test_a_door_rectangle_and_a_door_point_make_door_fields(tmp_path: Path) -> None:
    mission = _mission(
        tmp_path,
        '<object id="1" type="door" x="0" y="0" width="32" height="32"/>'
        '<object id="2" type="door" x="80" y="80"><point/>'
        '<properties><property name="open" type="bool" value="true"/></properties></object>',
    )
    assert mission.rows[0][0] == "+"
    assert mission.rows[2][2] == "/"


def test_a_slanted_wall_is_rasterised_to_fields(tmp_path: Path) -> None:
    """A diagonal from (0, 0) to (3, 3) fields marks the three fields it crosses."""
    mission = _mission(
        tmp_path, '<object id="1" type="wall" x="0" y="0"><polyline points="0,0 96,96"/></object>'
    )
    assert [mission.rows[i][i] for i in range(3)] == ["#", "#", "#"]
    assert sum(row.count("#") for row in mission.rows) == 3
    assert mission.edges == ()


def test_a_wall_between_grid_lines_is_rasterised_not_moved_to_a_line(tmp_path: Path) -> None:
    """A horizontal wall through the middle of row 2 makes that row's fields walls."""
    mission = _mission(tmp_path, '<object id="1" type="wall" x="32" y="80" width="96" height="0"/>')
    assert mission.rows[2] == ".###.."
    assert mission.edges == ()


def test_a_rotated_polyline_turns_about_its_origin(tmp_path: Path) -> None:
    """A 64 px line to the right, turned 90° clockwise, runs down the grid line x = 2."""
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="64" y="32" rotation="90">'
        '<polyline points="0,0 64,0"/></object>',
    )
    assert _walls(mission) == {((1, 1), (2, 1)), ((1, 2), (2, 2))}


def test_wall_objects_in_tiled_json_maps(tmp_path: Path) -> None:
    document = json.loads(OUTPOST.read_text(encoding="utf-8"))
    mission = load_tiled(OUTPOST).mission
    doors = {(e.a, e.b): e.open for e in mission.edges if e.kind == "door"}
    assert doors == {((5, 6), (5, 7)): False, ((2, 4), (3, 4)): True}
    assert len(_walls(mission)) == 20
    assert mission.rows[4][7] == "#"  # the pillar
    assert any(o.get("polyline") for layer in document["layers"] for o in layer.get("objects", []))


def test_edge_walls_stop_paths_on_the_built_grid(tmp_path: Path) -> None:
    """A wall across the map on x = 3 with one door: the path goes through the door."""
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="96" y="0" width="0" height="160"/>'
        '<object id="2" type="door" x="96" y="128" width="0" height="32">'
        '<properties><property name="open" type="bool" value="true"/></properties></object>',
    )
    grid = build_grid(mission)
    assert grid.is_edge_blocked((2, 0), (3, 0))
    assert not grid.is_edge_blocked((2, 4), (3, 4))
    path = find_path(grid, (0, 0), (5, 0))
    assert path is not None and ((2, 4), (3, 4)) in list(pairwise(path))


def test_edges_survive_import_to_toml(tmp_path: Path) -> None:
    mission = load_tiled(OUTPOST).mission
    again = loads_mission(dumps_mission(mission), "outpost.toml")
    assert set(again.edges) == set(mission.edges)


def test_check_counts_the_edge_walls_and_doors(tmp_path: Path) -> None:
    report = check_mission(OUTPOST)
    assert report.valid
    assert "Edge walls: 20, edge doors: 2" in report.summary
    data = report_json(report)
    assert (data["edge_walls"], data["edge_doors"]) == (20, 2)
    assert data["wall_fields"] == 5


@pytest.mark.parametrize(
    ("objects", "expected"),
    [
        (
            '<object id="1" type="wall" x="0" y="0" width="32" height="32"><ellipse/></object>',
            "expected a rectangle, polyline, polygon or point",
        ),
        (
            '<object id="1" type="wall" x="0" y="0" width="64" height="32" rotation="30"/>',
            "rotated by 30°",
        ),
        (
            '<object id="1" type="door" x="0" y="0" width="32" height="0">'
            '<properties><property name="open" value="yes"/></properties></object>',
            "property 'open' is 'yes'; expected a bool",
        ),
        ('<object id="1" type="wall" template="w.tx" x="0" y="0"/>', "uses a template"),
        (
            '<object id="1" type="wall" x="0" y="0"><polyline points="0,0 1e12,0"/></object>',
            "finite number",
        ),
    ],
    ids=["ellipse", "rotated", "open", "template", "huge"],
)
def test_unusable_wall_objects_are_errors_with_their_place(
    tmp_path: Path, objects: str, expected: str
) -> None:
    text = _errors(tmp_path, objects)
    assert expected in text
    assert "walls.tmx:" in text and "<object id='1'>" in text


def test_very_long_walls_are_bounded(tmp_path: Path) -> None:
    """Walls far outside the map stop at the work limit with an error, not hours of work."""
    text = _errors(
        tmp_path,
        '<object id="1" type="wall" x="0" y="0">'
        '<polyline points="0,0 900000000,100000000"/></object>',
    )
    assert "field steps" in text


def test_a_wall_drawn_a_pixel_off_the_line_still_stands_on_it(tmp_path: Path) -> None:
    """Unsnapped drawing: 1 px of 32 is within 0.05 field, as for Universal VTT walls."""
    mission = _mission(
        tmp_path, '<object id="1" type="wall" x="65" y="1"><polyline points="0,0 -1,62"/></object>'
    )
    assert _walls(mission) == {((1, 0), (2, 0)), ((1, 1), (2, 1))}
    assert set(mission.rows) == {"......"}


def test_where_doors_disagree_closed_wins(tmp_path: Path) -> None:
    opened = '<properties><property name="open" type="bool" value="true"/></properties>'
    mission = _mission(
        tmp_path,
        f'<object id="1" type="door" x="64" y="0" width="0" height="32">{opened}</object>'
        '<object id="2" type="door" x="64" y="0" width="0" height="32"/>'
        f'<object id="3" type="door" x="0" y="96" width="32" height="32">{opened}</object>'
        '<object id="4" type="door" x="0" y="96" width="32" height="32"/>',
    )
    assert mission.edges == (MapEdge((1, 0), (2, 0), "door", open=False),)
    assert mission.rows[3][0] == "+"


def test_a_diagonal_corner_joins_the_edge_walls_it_meets(tmp_path: Path) -> None:
    """Top wall on y = 1, a diagonal corner (3, 1)-(4, 2), right wall on x = 4: the
    corner's wall field (3, 1) gets its borders at both joins, as for Universal VTT."""
    mission = _mission(
        tmp_path,
        '<object id="1" type="wall" x="32" y="32">'
        '<polyline points="0,0 64,0 96,32 96,96"/></object>',
    )
    assert mission.rows[1][3] == "#"
    walls = _walls(mission)
    assert {((1, 0), (1, 1)), ((2, 0), (2, 1)), ((3, 2), (4, 2)), ((3, 3), (4, 3))} <= walls
    assert {((3, 0), (3, 1)), ((2, 1), (3, 1)), ((3, 1), (3, 2)), ((3, 1), (4, 1))} <= walls
