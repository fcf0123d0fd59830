"""Tiled objects of class ``terrain``: areas whose fields get the object's terrain."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.missions.tiled import load_tiled, no_terrain_text


def _tmx(folder: Path, objects: str, *, ground: str = "0") -> Path:
    """Write a 6×5 map of 32 px tiles (``ground``: its one tile, 0 for none)."""
    csv = ",".join([ground] * 30)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="5" tilewidth="32"
     tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="1">
  <tile id="0"><properties><property name="terrain" value="~"/></properties></tile>
 </tileset>
 <layer name="ground" width="6" height="5"><data encoding="csv">{csv}</data></layer>
 <objectgroup name="areas">
{objects}
 </objectgroup>
</map>
"""
    path = folder / "areas.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _terrain(value: str) -> str:
    return f'<properties><property name="terrain" value="{value}"/></properties>'


def test_a_terrain_rectangle_paints_the_fields_it_overlaps(tmp_path: Path) -> None:
    obj = (
        '<object id="1" type="terrain" x="40" y="32" width="40" height="40">'
        f"{_terrain(':')}</object>"
    )
    loaded = load_tiled(_tmx(tmp_path, obj))
    rows = loaded.mission.rows
    assert rows[1] == ".::..." and rows[2] == ".::..." and rows[0] == rows[3] == "......"
    assert no_terrain_text("en") not in [w.message for w in loaded.warnings]


def test_a_terrain_polygon_paints_the_fields_whose_centre_lies_inside(tmp_path: Path) -> None:
    """A triangle (0,0)-(6,0)-(0,5) fields: centres below the diagonal are inside."""
    obj = (
        f'<object id="1" type="terrain" x="0" y="0">{_terrain("mud")}'
        '<polygon points="0,0 192,0 0,160"/></object>'
    )
    mission = load_tiled(_tmx(tmp_path, obj)).mission
    char = next(c for c, e in mission.legend.items() if e.terrain == "mud")
    assert mission.rows[0] == char * 5 + "."
    assert mission.rows[4] == char + "....."  # (0.5, 4.5) lies left of x = 0.6
    assert all(
        row.count(char) >= mission.rows[i + 1].count(char)
        for i, row in enumerate(mission.rows[:-1])
    )


def test_terrain_objects_paint_over_tiles_and_under_walls(tmp_path: Path) -> None:
    objects = (
        f'<object id="1" type="terrain" x="0" y="0" width="64" height="32">{_terrain(".")}</object>'
        '<object id="2" type="wall" x="32" y="0" width="32" height="32"/>'
        f'<object id="3" type="terrain" x="160" y="144">{_terrain("=")}<point/></object>'
    )
    rows = load_tiled(_tmx(tmp_path, objects, ground="1")).mission.rows
    assert rows[0] == ".#~~~~"
    assert rows[4] == "~~~~~="


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        (
            '<object id="1" type="terrain" x="0" y="0" width="32" height="32"/>',
            "missing property 'terrain'",
        ),
        (
            '<object id="1" type="terrain" x="0" y="0" width="32" height="32">'
            f"{_terrain('lake')}</object>",
            "terrain 'lake' is neither a legend character",
        ),
        (
            f'<object id="1" type="terrain" x="0" y="0" width="32" height="32" rotation="45">'
            f"{_terrain(':')}</object>",
            "rotated by 45°",
        ),
        (
            f'<object id="1" type="terrain" x="0" y="0">{_terrain(":")}'
            '<polyline points="0,0 32,32"/></object>',
            "expected an unrotated rectangle",
        ),
    ],
    ids=["no-terrain", "unknown", "rotated", "polyline"],
)
def test_unusable_terrain_objects_are_errors_with_their_place(
    tmp_path: Path, obj: str, expected: str
) -> None:
    with pytest.raises(MissionError) as info:
        load_tiled(_tmx(tmp_path, obj))
    text = "\n".join(str(p) for p in info.value.problems)
    assert expected in text and "areas.tmx:" in text
