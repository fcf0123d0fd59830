"""Universal VTT portals on grid lines: one door per doorway, not per touched border (D-13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.missions.uvtt_walls as uvtt_walls
from game.match.problems import MissionError
from game.missions.model import Mission
from game.missions.rasterise import Point, line_borders, portal_borders, snap
from game.missions.uvtt import UvttPlacement, parse_uvtt_placed

pytestmark = pytest.mark.rule("D-13")


def p(x: float, y: float) -> Point:
    return snap(x), snap(y)


def pts(*points: tuple[float, float]) -> list[dict[str, float]]:
    return [{"x": x, "y": y} for x, y in points]


def place(**extra: Any) -> tuple[Mission, UvttPlacement]:
    document: dict[str, Any] = {
        "resolution": {"map_size": {"x": 8, "y": 5}, "pixels_per_grid": 10},
        "line_of_sight": [],
        "portals": [],
    }
    document.update(extra)
    mission, _, placement, _ = parse_uvtt_placed(
        json.dumps(document).encode(), path_label="m.dd2vtt", image_name="m.png", title="m"
    )
    return mission, placement


def kinds(mission: Mission) -> dict[int, str]:
    """Return the kind of each border along y = 2 by its column."""
    return {e.a[0]: e.kind for e in mission.edges if e.a[1] == 1 and e.b[1] == 2}


def test_a_door_drawn_a_little_wider_than_its_field_is_one_edge_door() -> None:
    """The reviewer's case: a door from 3.9 to 5.1 in a wall along y = 2."""
    wall = pts((0, 2), (8, 2))
    door = {"position": {"x": 4.5, "y": 2}, "bounds": pts((3.9, 2), (5.1, 2)), "closed": True}
    mission, placement = place(line_of_sight=[wall], portals=[door])
    assert kinds(mission) == {x: "door" if x == 4 else "wall" for x in range(8)}
    assert placement.edge_portals == 1


def test_a_wide_doorway_keeps_every_border_it_covers_by_more_than_half() -> None:
    wall = pts((0, 2), (8, 2))
    door = {"position": {"x": 3, "y": 2}, "bounds": pts((1.6, 2), (4.4, 2))}
    mission, _ = place(line_of_sight=[wall], portals=[door])
    assert [x for x, kind in kinds(mission).items() if kind == "door"] == [2, 3]
    assert kinds(mission)[1] == kinds(mission)[4] == "wall"


def test_portal_borders_keeps_the_border_covered_most_when_none_is_half() -> None:
    assert portal_borders(p(3.7, 2), p(4.4, 2), 8, 5) == [((4, 1), (4, 2))]  # 0.3 and 0.4
    assert portal_borders(p(3.6, 2), p(4.2, 2), 8, 5) == [((3, 1), (3, 2))]  # 0.4 and 0.2
    assert portal_borders(p(2, 2), p(2.04, 2), 8, 5) == []  # too short for any border
    assert portal_borders(p(1, 2.5), p(3, 2.5), 8, 5) is None  # off the grid lines
    assert portal_borders(p(1, 0), p(3, 0), 8, 5) == []  # on the outline


def test_walls_still_cover_every_border_beyond_the_tolerance() -> None:
    """Walls keep the 0.05 field rule: 3.9 to 5.1 is three wall borders."""
    assert line_borders(p(3.9, 2), p(5.1, 2), 8, 5) == [((x, 1), (x, 2)) for x in (3, 4, 5)]
    assert portal_borders(p(3.9, 2), p(5.1, 2), 8, 5) == [((4, 1), (4, 2))]


def test_a_vertical_portal_follows_the_same_rule() -> None:
    assert portal_borders(p(3, 0.8), p(3, 2.1), 8, 5) == [((2, 1), (3, 1))]


def test_an_edge_overflow_from_portals_names_the_portals_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(uvtt_walls, "MAX_EDGES", 5)
    with pytest.raises(MissionError) as info:
        place(portals=[{"position": {"x": 3, "y": 2}, "bounds": pts((0, 2), (8, 2))}])
    [problem] = info.value.problems
    assert problem.key == "portals"
    assert "more than 5 edges" in problem.message
    with pytest.raises(MissionError) as info:  # walls still name line_of_sight
        place(line_of_sight=[pts((0, 2), (8, 2))])
    assert [p.key for p in info.value.problems] == ["line_of_sight"]
