"""Write the Universal VTT sample of walls on grid lines (issue 11, D-13).

Run ``python -m tests.missions.data.make_edge_samples`` from the repository to rewrite it.

``divided_room.dd2vtt`` is the issue's acceptance sample, shaped like a Dungeondraft
export (format 0.3, tab-indented, keys in its order): a 10×10 map with a room of 8×8
drawn fields, 0-based fields 1..8 in both directions, whose outline runs on the grid
lines x = 1, x = 9, y = 1 and y = 9. A dividing wall stands on the line x = 5, between
field columns 4 and 5; a closed door (a portal) fills its gap between y = 4 and y = 5,
so the door is the border between the fields (4, 4) and (5, 4). The picture is dark
outside the room and on the walls, light on the floor.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from tests.missions.data.make_samples import tiny_png

DATA = Path(__file__).resolve().parent

DIVIDED_ROOM_PPG = 8
#: The room's interior fields and the grid line of the dividing wall.
ROOM = range(1, 9)
DIVIDER_X = 5
DOOR_Y = 4


def _p(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def divided_room_png() -> bytes:
    """Return the sample's picture: dark walls and surroundings, light floor, a brown door."""
    ppg = DIVIDED_ROOM_PPG

    def pixel(x: int, y: int) -> int:
        fx, fy = x / ppg, y / ppg
        if not (1 <= fx < 9 and 1 <= fy < 9):
            return 20  # outside the room: nothing drawn
        on_divider = abs(fx - DIVIDER_X) < 1 / ppg
        if on_divider and DOOR_Y <= fy < DOOR_Y + 1:
            return 120  # the door
        near_outline = min(fx - 1, 9 - fx, fy - 1, 9 - fy) < 1 / ppg
        return 50 if near_outline or on_divider else 215

    return tiny_png(10 * ppg, 10 * ppg, pixel)


def divided_room() -> dict:
    """The 10x10 map: an 8x8 room on grid lines, a dividing wall at x = 5 with a door."""
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": _p(0, 0),
            "map_size": _p(10, 10),
            "pixels_per_grid": DIVIDED_ROOM_PPG,
        },
        "line_of_sight": [
            [_p(1, 1), _p(9, 1), _p(9, 9), _p(1, 9), _p(1, 1)],
            [_p(DIVIDER_X, 1), _p(DIVIDER_X, DOOR_Y)],
            [_p(DIVIDER_X, DOOR_Y + 1), _p(DIVIDER_X, 9)],
        ],
        "objects_line_of_sight": [],
        "portals": [
            {
                "position": _p(DIVIDER_X, DOOR_Y + 0.5),
                "bounds": [_p(DIVIDER_X, DOOR_Y), _p(DIVIDER_X, DOOR_Y + 1)],
                "rotation": 1.570796,
                "closed": True,
                "freestanding": False,
            }
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(divided_room_png()).decode("ascii"),
    }


def main() -> None:
    """Write the sample file beside this script."""
    text = json.dumps(divided_room(), indent="\t") + "\n"
    (DATA / "divided_room.dd2vtt").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
