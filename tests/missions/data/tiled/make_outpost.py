"""Write outpost.tmj and desert.tsj: our own Tiled sample on Tiled's real desert tileset.

Run from this folder: ``python make_outpost.py``. desert.tsj is desert.tsx (Tiled's
example, see THIRD_PARTY.md) as JSON, without its Wang sets, with a ``terrain``
property on the cobblestone tile; outpost.tmj is a 12x10 map drawn with it: sand, a
cobblestone room whose walls are polyline objects on the grid lines, a closed door
and an open door on its border, a pillar (a filled wall rectangle), a slanted wall
off the grid, flipped tiles, two sides with deployment zones and three creatures.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
F = 32  # pixels per tile
SAND, COBBLE, BUSH = 29, 33, 30  # local ids in the desert tileset
FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


def prop(name: str, value: object, kind: str = "string") -> dict[str, object]:
    return {"name": name, "type": kind, "value": value}


def tileset() -> dict[str, object]:
    return {
        "type": "tileset",
        "name": "Desert",
        "tilewidth": F,
        "tileheight": F,
        "spacing": 1,
        "margin": 1,
        "tilecount": 48,
        "columns": 8,
        "image": "tmw_desert_spacing.png",
        "imagewidth": 265,
        "imageheight": 199,
        "tiles": [{"id": COBBLE, "properties": [prop("terrain", ".")]}],
    }


def obj(oid: int, kind: str, x: float, y: float, **more: object) -> dict[str, object]:
    found: dict[str, object] = {"id": oid, "type": kind, "x": x * F, "y": y * F}
    found.update(more)
    return found


def line(points: list[tuple[float, float]]) -> list[dict[str, float]]:
    x0, y0 = points[0]
    return [{"x": (x - x0) * F, "y": (y - y0) * F} for x, y in points]


def outpost() -> dict[str, object]:
    width, height = 12, 10
    ground = [SAND + 1] * (width * height)
    for y in range(2, 7):
        for x in range(3, 9):
            ground[y * width + x] = COBBLE + 1
    deco = [0] * (width * height)
    deco[1 * width + 1] = (BUSH + 1) | FLIP_H
    deco[2 * width + 1] = (BUSH + 1) | FLIP_D
    deco[8 * width + 10] = (BUSH + 1) | FLIP_V
    walls = [
        obj(1, "wall", 6, 7, polyline=line([(6, 7), (9, 7), (9, 2), (3, 2), (3, 7), (5, 7)])),
        obj(2, "door", 5, 7, width=F, height=0),
        obj(3, "door", 3, 4, width=0, height=F, properties=[prop("open", True, "bool")]),
        obj(4, "wall", 7, 4, width=F, height=F),
        obj(5, "wall", 10.5, 1.5, polyline=line([(10.5, 1.5), (11.5, 4.5)])),
    ]
    figures = [
        obj(10, "deployment", 0, 7, width=3 * F, height=3 * F, properties=[prop("side", "helden")]),
        obj(
            11, "deployment", 4, 3, width=2 * F, height=2 * F, properties=[prop("side", "piraten")]
        ),
        obj(
            12,
            "creature",
            1,
            8,
            width=F,
            height=F,
            properties=[
                prop("creature_type", "likron"),
                prop("side", "helden"),
                prop("facing", "NE"),
            ],
        ),
        obj(
            13,
            "creature",
            2,
            9,
            width=F,
            height=F,
            properties=[prop("creature_type", "ron"), prop("side", "helden")],
        ),
        obj(
            14,
            "creature",
            4,
            3,
            width=F,
            height=F,
            properties=[
                prop("creature_type", "dretop_pirat"),
                prop("side", "piraten"),
                prop("facing", "S"),
            ],
        ),
    ]
    return {
        "type": "map",
        "version": "1.10",
        "tiledversion": "1.10.2",
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "infinite": False,
        "width": width,
        "height": height,
        "tilewidth": F,
        "tileheight": F,
        "properties": [prop("title", "Wüstenposten")],
        "tilesets": [{"firstgid": 1, "source": "desert.tsj"}],
        "layers": [
            {
                "type": "tilelayer",
                "name": "Ground",
                "width": width,
                "height": height,
                "data": ground,
                "visible": True,
                "opacity": 1,
            },
            {
                "type": "tilelayer",
                "name": "Plants",
                "width": width,
                "height": height,
                "data": deco,
                "visible": True,
                "opacity": 1,
            },
            {
                "type": "tilelayer",
                "name": "Hidden",
                "width": width,
                "height": height,
                "data": [COBBLE + 1] * (width * height),
                "visible": False,
                "opacity": 1,
            },
            {"type": "objectgroup", "name": "Walls", "objects": walls},
            {"type": "objectgroup", "name": "Figures", "objects": figures},
        ],
    }


def main() -> None:
    (HERE / "desert.tsj").write_text(json.dumps(tileset(), indent=1) + "\n", encoding="utf-8")
    (HERE / "outpost.tmj").write_text(json.dumps(outpost(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
