"""Write the Universal VTT sample maps of the import tests.

Run ``python -m tests.missions.data.make_samples`` from the repository to rewrite them.

The background images are made by :func:`tiny_png`, a PNG encoder of a few lines
(zlib + struct, no image library): grey-scale, one byte per pixel, dark where the
sample map has walls. The JSON layout follows what Dungeondraft writes (format 0.3,
tab-indented, keys in its order); ``cave.uvtt`` is shaped like a DungeonFog export
(fractional size, negative origin, no image, a free-standing portal without bounds).
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

DATA = Path(__file__).resolve().parent

Pixel = Callable[[int, int], int]


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def tiny_png(width: int, height: int, pixel: Pixel) -> bytes:
    """Return an 8-bit grey-scale PNG of ``width`` x ``height`` with ``pixel(x, y)`` grey levels."""
    raw = b"".join(
        b"\x00" + bytes(pixel(x, y) for x in range(width)) for y in range(height)
    )  # filter type 0 (none) before every scan line
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def map_png(rows: Sequence[str], pixels_per_field: int) -> bytes:
    """Return a PNG of a map: dark walls, light floor, ``pixels_per_field`` per field."""

    def pixel(x: int, y: int) -> int:
        char = rows[y // pixels_per_field][x // pixels_per_field]
        return 60 if char in "#+" else 210

    return tiny_png(len(rows[0]) * pixels_per_field, len(rows) * pixels_per_field, pixel)


def _p(x: float, y: float, origin: tuple[float, float] = (0, 0)) -> dict[str, float]:
    return {"x": x + origin[0], "y": y + origin[1]}


def _line(points: Sequence[tuple[float, float]], origin: tuple[float, float] = (0, 0)) -> list:
    return [_p(x, y, origin) for x, y in points]


#: The fields the sample pictures are drawn from (wall fields, as imported before D-13;
#: walls on grid lines now import as edge walls, see test_uvtt.py).
BORDER_ROOM_ROWS = (
    "########",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "########",
)
TAVERN_ROWS = (
    "##########",
    "#.#..#...#",
    "#....#...#",
    "#....+...#",
    "##...###/#",
    "#.#..#...#",
    "##########",
)
BORDER_ROOM_PPG = 8
TAVERN_PPG = 8


def border_room() -> dict:
    """An 8x6 map whose only walls run along its outline: a 6x4 room of floor."""
    outline = [(0, 0), (8, 0), (8, 6), (0, 6), (0, 0)]
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": _p(0, 0),
            "map_size": _p(8, 6),
            "pixels_per_grid": BORDER_ROOM_PPG,
        },
        "line_of_sight": [_line(outline)],
        "objects_line_of_sight": [],
        "portals": [],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(map_png(BORDER_ROOM_ROWS, BORDER_ROOM_PPG)).decode("ascii"),
    }


def tavern() -> dict:
    """A 10x7 Dungeondraft-like map with origin (2, 1): two rooms, doors, a pillar."""
    o = (2, 1)
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": _p(0, 0, o),
            "map_size": _p(10, 7),
            "pixels_per_grid": TAVERN_PPG,
        },
        "line_of_sight": [
            _line([(0, 0), (10, 0), (10, 7), (0, 7), (0, 0)], o),
            _line([(5, 0), (5, 3)], o),
            _line([(5, 4), (5, 7)], o),
            _line([(5, 4), (8, 4)], o),
            _line([(9, 4), (10, 4)], o),
            _line([(1, 4), (3, 6)], o),
        ],
        "objects_line_of_sight": [
            _line([(2.25, 1.25), (2.75, 1.25), (2.75, 1.75), (2.25, 1.75), (2.25, 1.25)], o)
        ],
        "portals": [
            {
                "position": _p(5, 3.5, o),
                "bounds": _line([(5, 3), (5, 4)], o),
                "rotation": 1.570796,
                "closed": True,
                "freestanding": False,
            },
            {
                "position": _p(8.5, 4, o),
                "bounds": _line([(8, 4), (9, 4)], o),
                "rotation": 0,
                "closed": False,
                "freestanding": False,
            },
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ff7f7f7f"},
        "lights": [
            {
                "position": _p(2.5, 2.5, o),
                "range": 4,
                "intensity": 1,
                "color": "ffeccd8b",
                "shadows": True,
            }
        ],
        "image": base64.b64encode(map_png(TAVERN_ROWS, TAVERN_PPG)).decode("ascii"),
    }


def cave() -> dict:
    """A 5.5 x 3.25 map (6x4 fields), origin (-1.5, -2), a sloped wall, no image."""
    o = (-1.5, -2)
    return {
        "format": 0.2,
        "resolution": {
            "map_origin": _p(0, 0, o),
            "map_size": {"x": 5.5, "y": 3.25},
            "pixels_per_grid": 100,
        },
        "line_of_sight": [_line([(0, 0.5), (6, 2)], o)],
        "portals": [
            {
                "position": _p(2.5, 3, o),
                "rotation": 0,
                "closed": False,
                "freestanding": True,
            }
        ],
        "lights": [],
        "image": "",
    }


def main() -> None:
    """Write the sample files beside this script."""
    for name, document in (
        ("border_room.dd2vtt", border_room()),
        ("tavern.dd2vtt", tavern()),
        ("cave.uvtt", cave()),
    ):
        (DATA / name).write_text(json.dumps(document, indent="\t") + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
