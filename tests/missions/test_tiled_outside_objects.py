"""Tiled objects above, left of or beyond the map: one rectangle-to-fields rule (review fix)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.missions.model import LoadedMission
from game.missions.tiled import load_tiled
from game.missions.tiled_model import TEMPLATE_MESSAGE, TiledMap, Where, rect_fields

TERRAIN = {"name": "terrain", "type": "string", "value": ":"}


def _tmap() -> TiledMap:
    return TiledMap(6, 5, 32, 32, {}, Where("map.tmx"))


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        ((-100, -90, 50, 40), None),  # above-left: numpy would count -1 from the far side
        ((-100, 0, 50, 40), None),  # left only
        ((0, -90, 50, 40), None),  # above only
        ((192, 0, 40, 40), None),  # right of the map
        ((0, 160, 40, 40), None),  # below it
        ((-40, -40, 60, 60), (slice(0, 1), slice(0, 1))),  # overhangs the corner
        ((40, 32, 40, 40), (slice(1, 3), slice(1, 3))),
        ((150, 120, 500, 500), (slice(3, 5), slice(4, 6))),  # clipped at the far side
        ((32, 32, 32, 32), (slice(1, 2), slice(1, 2))),  # exactly one field
    ],
)
def test_rect_fields_clips_both_ends_and_gives_none_outside(
    box: tuple[float, float, float, float], expected: tuple[slice, slice] | None
) -> None:
    assert rect_fields(_tmap(), *box) == expected


def _tmx(folder: Path, objects: str) -> Path:
    """Write a 6×5 floor map of 32 px tiles with the given <object>s."""
    csv = ",".join(["1"] * 30)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="5" tilewidth="32"
     tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="1">
  <tile id="0"><properties><property name="terrain" value="."/></properties></tile>
 </tileset>
 <layer name="ground" width="6" height="5"><data encoding="csv">{csv}</data></layer>
 <objectgroup name="objects">
{objects}
 </objectgroup>
</map>
"""
    path = folder / "outside.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _tmj(folder: Path, objects: list[dict[str, object]]) -> Path:
    """Write the same map as Tiled JSON."""
    document = {
        "type": "map",
        "tiledversion": "1.10.2",
        "orientation": "orthogonal",
        "width": 6,
        "height": 5,
        "tilewidth": 32,
        "tileheight": 32,
        "infinite": False,
        "tilesets": [
            {
                "firstgid": 1,
                "name": "t",
                "tilewidth": 32,
                "tileheight": 32,
                "tilecount": 1,
                "tiles": [
                    {"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "."}]}
                ],
            }
        ],
        "layers": [
            {"type": "tilelayer", "name": "ground", "width": 6, "height": 5, "data": [1] * 30},
            {"type": "objectgroup", "name": "objects", "objects": objects},
        ],
    }
    path = folder / "outside.tmj"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _object(
    kind: str, x: float, y: float, w: float, h: float, **extra: object
) -> dict[str, object]:
    return {"id": 1, "type": kind, "x": x, "y": y, "width": w, "height": h, **extra}


def _outside_warnings(loaded: LoadedMission) -> list[str]:
    return [w.message for w in loaded.warnings if "lies outside the 6x5 map" in w.message]


def _tmx_terrain(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<object id="1" type="terrain" x="{x}" y="{y}" width="{w}" height="{h}">'
        '<properties><property name="terrain" value=":"/></properties></object>'
    )


def test_a_terrain_rectangle_above_left_of_the_map_paints_nothing_in_tmx(tmp_path: Path) -> None:
    """The reviewer's case: 50×40 px at (-100, -90) painted 20 of 30 fields."""
    loaded = load_tiled(_tmx(tmp_path, _tmx_terrain(-100, -90, 50, 40)))
    assert "".join(loaded.mission.rows) == "." * 30
    [message] = _outside_warnings(loaded)
    assert "terrain object at pixel (-100, -90)" in message
    assert all(w.warning for w in loaded.warnings)


def test_a_terrain_rectangle_above_left_of_the_map_paints_nothing_in_tmj(tmp_path: Path) -> None:
    obj = _object("terrain", -100, -90, 50, 40, properties=[TERRAIN])
    loaded = load_tiled(_tmj(tmp_path, [obj]))
    assert "".join(loaded.mission.rows) == "." * 30
    assert len(_outside_warnings(loaded)) == 1


def test_a_terrain_rectangle_overhanging_the_corner_paints_only_its_field(tmp_path: Path) -> None:
    loaded = load_tiled(
        _tmj(tmp_path, [_object("terrain", -40, -40, 60, 60, properties=[TERRAIN])])
    )
    assert loaded.mission.rows[0] == ":....." and "".join(loaded.mission.rows[1:]) == "." * 24
    assert _outside_warnings(loaded) == []


def test_terrain_points_and_polygons_outside_the_map_warn(tmp_path: Path) -> None:
    objects = [
        _object("terrain", -10, 50, 0, 0, point=True, properties=[TERRAIN]),
        _object(
            "terrain",
            -200,
            -200,
            0,
            0,
            polygon=[{"x": 0, "y": 0}, {"x": 50, "y": 0}, {"x": 0, "y": 50}],
            properties=[TERRAIN],
        ),
    ]
    loaded = load_tiled(_tmj(tmp_path, objects))
    assert "".join(loaded.mission.rows) == "." * 30
    assert len(_outside_warnings(loaded)) == 2


@pytest.mark.rule("D-13")
def test_wall_and_door_rectangles_outside_the_map_mark_nothing_and_warn(tmp_path: Path) -> None:
    objects = (
        '<object id="1" type="wall" x="-100" y="-90" width="50" height="40"/>'
        '<object id="2" type="door" x="400" y="10" width="40" height="40"/>'
        '<object id="3" type="wall" x="-20" y="-20"><point/></object>'
    )
    loaded = load_tiled(_tmx(tmp_path, objects))
    assert "".join(loaded.mission.rows) == "." * 30
    assert loaded.mission.edges == ()
    assert len(_outside_warnings(loaded)) == 3


@pytest.mark.rule("D-13")
def test_a_wall_rectangle_above_left_in_tmj_marks_nothing(tmp_path: Path) -> None:
    loaded = load_tiled(_tmj(tmp_path, [_object("wall", -100, -90, 50, 40)]))
    assert "#" not in "".join(loaded.mission.rows)
    assert len(_outside_warnings(loaded)) == 1


def test_a_deployment_rectangle_above_left_of_the_map_is_an_error(tmp_path: Path) -> None:
    side = {"name": "side", "type": "string", "value": "red"}
    with pytest.raises(MissionError) as info:
        load_tiled(_tmj(tmp_path, [_object("deployment", -100, -90, 50, 40, properties=[side])]))
    assert any("lies outside the 6x5 map" in p.message for p in info.value.problems)


@pytest.mark.parametrize("kind", ["terrain", "wall", "door", "creature", "deployment"])
def test_every_object_kind_words_the_template_error_alike(tmp_path: Path, kind: str) -> None:
    obj = f'<object id="1" type="{kind}" template="t.tx" x="0" y="0" width="32" height="32"/>'
    with pytest.raises(MissionError) as info:
        load_tiled(_tmx(tmp_path, obj))
    found = [(p.message, p.text("de")) for p in info.value.problems]
    assert (TEMPLATE_MESSAGE["en"], TEMPLATE_MESSAGE["de"]) in found  # i12: in both languages
