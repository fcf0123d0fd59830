"""Universal VTT walls and portals on grid lines become edge walls and edge doors (D-13)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.edges import EdgeKind
from game.board.movement import reachable
from game.board.sight import line_of_sight
from game.match.problems import MissionError
from game.missions.grid import build_grid
from game.missions.model import MapEdge
from game.missions.rasterise import (
    LINE_TOLERANCE,
    SUBDIVISIONS,
    Point,
    line_borders,
    snap,
)
from game.missions.toml_format import dumps_mission, loads_mission
from game.missions.uvtt import UvttPlacement, load_uvtt, parse_uvtt_placed
from tests.missions.data.make_edge_samples import DIVIDER_X, DOOR_Y, ROOM, divided_room

DATA = Path(__file__).resolve().parent / "data"
SAMPLE = DATA / "divided_room.dd2vtt"


def p(x: float, y: float) -> Point:
    return snap(x), snap(y)


def place(**extra: Any) -> tuple[Any, UvttPlacement]:
    document: dict[str, Any] = {
        "resolution": {"map_size": {"x": 6, "y": 5}, "pixels_per_grid": 10},
        "line_of_sight": [],
        "portals": [],
    }
    document.update(extra)
    mission, _, placement, _ = parse_uvtt_placed(
        json.dumps(document).encode(), path_label="m.dd2vtt", image_name="m.png", title="m"
    )
    return mission, placement


def pts(*points: tuple[float, float]) -> list[dict[str, float]]:
    return [{"x": x, "y": y} for x, y in points]


# ------------------------------------------------------------------ the acceptance sample
@pytest.mark.rule("D-13")
def test_sample_room_is_eight_by_eight_floor() -> None:
    """D-13 (issue 11): the 8x8 drawn room imports as 64 fields of floor, no wall field."""
    mission = load_uvtt(SAMPLE).mission
    assert (mission.width, mission.height) == (10, 10)
    room = [mission.rows[y][x] for y in ROOM for x in ROOM]
    assert len(room) == 64 and set(room) == {"."}
    assert "#" not in "".join(mission.rows)


@pytest.mark.rule("D-13")
def test_sample_walls_stand_on_the_room_outline_and_the_dividing_line() -> None:
    """D-13: 32 edge walls on the outline, 7 on the line between columns 4 and 5, one
    closed edge door in it between (4, 4) and (5, 4)."""
    edges = set(load_uvtt(SAMPLE).mission.edges)
    outline = {MapEdge((i, 0), (i, 1)) for i in ROOM}
    outline |= {MapEdge((i, 8), (i, 9)) for i in ROOM}
    outline |= {MapEdge((0, i), (1, i)) for i in ROOM}
    outline |= {MapEdge((8, i), (9, i)) for i in ROOM}
    divider = {MapEdge((DIVIDER_X - 1, y), (DIVIDER_X, y)) for y in ROOM if y != DOOR_Y}
    door = MapEdge((DIVIDER_X - 1, DOOR_Y), (DIVIDER_X, DOOR_Y), "door", open=False)
    assert len(outline) == 32 and len(divider) == 7
    assert edges == outline | divider | {door}


@pytest.mark.rule("D-13")
def test_sample_door_parts_the_room_until_it_opens() -> None:
    """D-13: the dividing wall stands between columns 4 and 5: its halves are 4x8 each,
    joined through the door once it opens; sight across the wall is blocked."""
    grid = build_grid(load_uvtt(SAMPLE).mission)
    west = {(x, y) for x in range(1, 5) for y in ROOM}
    room = {(x, y) for x in ROOM for y in ROOM}
    assert set(reachable(grid, (2, 2), None)) == west
    assert grid.edge_kind((4, 4), (5, 4)) is EdgeKind.DOOR
    assert not line_of_sight(grid, (4, 2), (5, 2))
    assert line_of_sight(grid, (1, 2), (4, 7))  # inside one half: nothing in between
    grid.set_edge_door((4, 4), (5, 4), open=True)
    assert set(reachable(grid, (2, 2), None)) == room


@pytest.mark.rule("D-13")
def test_sample_import_summary_counts() -> None:
    """D-13: six wall segments on grid lines, one portal on a grid line, nothing else."""
    placement = load_uvtt(SAMPLE).placement
    assert placement == UvttPlacement(edge_segments=6, edge_portals=1)
    first, second = placement.lines()
    assert "6 segments on grid lines became edge walls" in first
    assert "0 off the grid lines were rasterised to wall fields" in first
    assert "1 on grid lines became edge doors" in second
    german = placement.lines("de")
    assert german[0].startswith("Universal-VTT-Wände: 6 Segment(e) auf Gitterlinien")
    assert german[1].startswith("Universal-VTT-Portale: 1 auf Gitterlinien wurden Türen")


def test_sample_generator_matches_the_file() -> None:
    """The file in data/ is what make_edge_samples.py writes (so it can be regenerated)."""
    assert json.loads(SAMPLE.read_bytes()) == divided_room()


@pytest.mark.rule("D-13")
def test_sample_edges_survive_the_native_format() -> None:
    """D-13: the imported mission's edges are written as [[map.edges]] and read back."""
    mission = load_uvtt(SAMPLE).mission
    text = dumps_mission(mission)
    assert text.count("[[map.edges]]") == 40
    assert loads_mission(text, "x.toml") == mission


# ------------------------------------------------------------------ line_borders
@pytest.mark.rule("D-13")
def test_a_segment_on_a_line_covers_the_borders_it_runs_along() -> None:
    """D-13: horizontal y = 2 from x = 1 to 4: the tops of (1..3, 2); vertical likewise."""
    assert line_borders(p(1, 2), p(4, 2), 6, 5) == [((x, 1), (x, 2)) for x in (1, 2, 3)]
    assert line_borders(p(3, 4), p(3, 1), 6, 5) == [((2, y), (3, y)) for y in (1, 2, 3)]


@pytest.mark.rule("D-13")
def test_ends_within_the_tolerance_stand_on_the_line() -> None:
    """D-13: 0.04 field off the line is on it; 0.06 field off is not (rasterised)."""
    assert line_borders(p(1, 2.04), p(3, 1.96), 6, 5) == [((1, 1), (1, 2)), ((2, 1), (2, 2))]
    assert line_borders(p(1, 2.06), p(3, 2), 6, 5) is None
    assert line_borders(p(1, 2.5), p(3, 2.5), 6, 5) is None  # between the lines
    assert line_borders(p(0, 0), p(3, 3), 6, 5) is None  # diagonal


@pytest.mark.rule("D-13")
def test_a_border_counts_when_covered_over_more_than_the_tolerance() -> None:
    """D-13: a wall ending 0.03 into a border leaves it open; 0.3 into it closes it."""
    assert line_borders(p(1, 2), p(3.03, 2), 6, 5) == [((1, 1), (1, 2)), ((2, 1), (2, 2))]
    assert line_borders(p(0.7, 2), p(3.3, 2), 6, 5) == [((x, 1), (x, 2)) for x in (0, 1, 2, 3)]
    assert line_borders(p(2, 2), p(2.04, 2), 6, 5) == []  # too short for any border


@pytest.mark.rule("D-13")
def test_outline_and_outside_give_no_borders() -> None:
    """D-13: the map's outline has a field on one side only; outside there are none."""
    for start, end in (
        (p(0, 0), p(6, 0)),
        (p(0, 5), p(6, 5)),
        (p(0, 0), p(0, 5)),
        (p(6, 0), p(6, 5)),
        (p(-3, 2), p(-1, 2)),
        (p(2, -4), p(2, -1)),
        (p(1, 9), p(4, 9)),
    ):
        assert line_borders(start, end, 6, 5) == []


@pytest.mark.rule("D-13")
def test_a_line_partly_outside_is_clipped_to_the_map() -> None:
    assert line_borders(p(-2, 3), p(2, 3), 6, 5) == [((0, 2), (0, 3)), ((1, 2), (1, 3))]
    assert line_borders(p(1, 4), p(1, 12), 6, 5) == [((0, 4), (1, 4))]


@settings(max_examples=200, deadline=None)
@given(
    st.booleans(),
    st.integers(min_value=-2, max_value=8),
    st.integers(min_value=-3, max_value=9),
    st.integers(min_value=-3, max_value=9),
    st.integers(min_value=-LINE_TOLERANCE, max_value=LINE_TOLERANCE),
    st.integers(min_value=-LINE_TOLERANCE, max_value=LINE_TOLERANCE),
)
@pytest.mark.rule("D-13")
def test_grid_line_walls_give_exactly_the_borders_between_their_ends(
    vertical: bool, line: int, a: int, b: int, jitter_a: int, jitter_b: int
) -> None:
    """D-13 property: a wall from grid point to grid point on a line (its ends moved off
    the line within the tolerance) covers exactly the inner borders between its ends."""
    if a == b:
        return
    width, height = 6, 5
    q = SUBDIVISIONS
    if vertical:
        start, end = (line * q + jitter_a, a * q), (line * q + jitter_b, b * q)
        size_along, size_across = height, width
    else:
        start, end = (a * q, line * q + jitter_a), (b * q, line * q + jitter_b)
        size_along, size_across = width, height
    found = line_borders(start, end, width, height)
    assert found is not None
    expected: list[tuple[tuple[int, int], tuple[int, int]]] = []
    if 0 < line < size_across:
        for i in range(max(0, min(a, b)), min(size_along, max(a, b))):
            expected.append(((line - 1, i), (line, i)) if vertical else ((i, line - 1), (i, line)))
    assert found == expected
    for first, second in found:
        assert abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1
        assert all(0 <= c[0] < width and 0 <= c[1] < height for c in (first, second))


# ------------------------------------------------------------------ walls and portals
@pytest.mark.rule("D-13")
def test_mixed_walls_become_edges_fields_or_nothing() -> None:
    """D-13: one polyline: its grid-line segments edge walls, its diagonal wall fields,
    its part on the outline dropped; the summary counts each."""
    wall = pts((0, 0), (0, 3), (3, 3), (5, 1))
    mission, placement = place(line_of_sight=[wall], objects_line_of_sight=[])
    line = {MapEdge((x, 2), (x, 3)) for x in range(3)}
    assert line <= set(mission.edges)
    assert mission.rows[2][3] == "#" and mission.rows[1][4] == "#"
    assert "#" not in mission.rows[3] + mission.rows[4]
    assert placement == UvttPlacement(edge_segments=1, field_segments=1, dropped_segments=1)


@pytest.mark.rule("D-13")
@pytest.mark.rule("D-9")
def test_a_diagonal_wall_joins_an_edge_wall_without_a_gap_for_sight() -> None:
    """D-13/D-9: where the diagonal wall starts at the end of the edge wall (3, 3), its
    first wall field (3, 2) gets its two borders at that corner as edge walls, so no
    line passes the corner from one side of the wall to the other."""
    wall = pts((0, 3), (3, 3), (5, 1))
    mission, _ = place(line_of_sight=[wall])
    joins = {MapEdge((2, 2), (3, 2)), MapEdge((3, 2), (3, 3))}
    assert set(mission.edges) == {MapEdge((x, 2), (x, 3)) for x in range(3)} | joins
    grid = build_grid(mission)
    assert not line_of_sight(grid, (2, 2), (3, 3))
    assert not line_of_sight(grid, (1, 2), (4, 4))
    assert line_of_sight(grid, (1, 3), (4, 4))  # both below the wall
    mission, _ = place(line_of_sight=[pts((0, 3), (3, 3)), pts((3, 3.5), (5, 1))])
    assert not joins & set(mission.edges)  # the walls do not meet: nothing joined
    door = {"position": {"x": 3.4, "y": 2.6}, "bounds": pts((3, 3), (3.8, 2.2))}
    mission, _ = place(line_of_sight=[wall], portals=[door])
    assert mission.rows[2][3] == "+"  # a door field where the diagonal wall begins
    assert not joins & set(mission.edges)  # its way stays open


@pytest.mark.rule("D-13")
def test_objects_line_of_sight_on_grid_lines_are_edge_walls_too() -> None:
    """D-13: a table drawn around field (2, 2) on grid lines: its four borders walled."""
    table = pts((2, 2), (3, 2), (3, 3), (2, 3), (2, 2))
    mission, placement = place(objects_line_of_sight=[table])
    assert set(mission.edges) == {
        MapEdge((2, 1), (2, 2)),
        MapEdge((2, 2), (2, 3)),
        MapEdge((1, 2), (2, 2)),
        MapEdge((2, 2), (3, 2)),
    }
    assert placement.edge_segments == 4
    assert "#" not in "".join(mission.rows)


@pytest.mark.rule("D-13")
def test_portals_on_lines_are_edge_doors_closed_or_open_as_exported() -> None:
    """D-13: a closed and an open portal on grid lines; two portals on one border: closed wins."""
    closed = {"position": {"x": 1.5, "y": 2}, "bounds": pts((1, 2), (2, 2)), "closed": True}
    opened = {"position": {"x": 4, "y": 3.5}, "bounds": pts((4, 3), (4, 4)), "closed": False}
    also = {"position": {"x": 1.5, "y": 2}, "bounds": pts((1.1, 2), (1.9, 2)), "closed": False}
    mission, placement = place(portals=[closed, opened, also])
    assert mission.edges == (
        MapEdge((1, 1), (1, 2), "door", open=False),
        MapEdge((3, 3), (4, 3), "door", open=True),
    )
    assert placement == UvttPlacement(edge_portals=3)
    grid = build_grid(mission)
    assert grid.edge_kind((3, 3), (4, 3)) is EdgeKind.OPEN_DOOR
    assert grid.is_edge_blocked((1, 1), (1, 2))


@pytest.mark.rule("D-13")
def test_a_wide_portal_covers_every_border_it_spans() -> None:
    """D-13: a portal of two fields' width on x = 3 gives two edge doors."""
    portal = {"position": {"x": 3, "y": 2}, "bounds": pts((3, 1), (3, 3)), "closed": True}
    mission, _ = place(line_of_sight=[pts((3, 0), (3, 5))], portals=[portal])
    kinds = {edge.a: edge.kind for edge in mission.edges}
    assert kinds == {(2, 0): "wall", (2, 1): "door", (2, 2): "door", (2, 3): "wall", (2, 4): "wall"}


@pytest.mark.rule("D-13")
def test_off_grid_portals_and_portals_without_bounds_are_door_fields() -> None:
    """D-13: a diagonal portal and a free-standing one without bounds mark door fields;
    a portal on the outline is dropped; zero-length bounds fall back to the position."""
    diagonal = {"position": {"x": 1.5, "y": 1.5}, "bounds": pts((1.2, 1.2), (1.8, 1.8))}
    free = {"position": {"x": 4.5, "y": 3.5}, "closed": False, "freestanding": True}
    outline = {"position": {"x": 3.5, "y": 0}, "bounds": pts((3, 0), (4, 0))}
    point = {"position": {"x": 0.5, "y": 4.5}, "bounds": pts((0.5, 4.5), (0.5, 4.5))}
    mission, placement = place(portals=[diagonal, free, outline, point])
    assert mission.rows[1][1] == "+" and mission.rows[3][4] == "/" and mission.rows[4][0] == "+"
    assert mission.edges == ()
    assert placement == UvttPlacement(field_portals=3, dropped_portals=1)


def test_too_many_edges_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """More edges than a mission file may hold: one clear error, not a file that fails later."""
    import game.missions.uvtt_walls as uvtt_walls

    monkeypatch.setattr(uvtt_walls, "MAX_EDGES", 5)
    with pytest.raises(MissionError) as info:
        place(line_of_sight=[pts((0, 2), (6, 2))])
    [problem] = info.value.problems
    assert problem.key == "line_of_sight"
    assert "give more than 5 edges; expected at most 5" in problem.message
    with pytest.raises(MissionError) as info:  # edge doors count as well
        place(portals=[{"position": {"x": 3, "y": 2}, "bounds": pts((0, 2), (6, 2))}])
    assert "more than 5 edges" in str(info.value)
    door = {"position": {"x": 2, "y": 2}, "bounds": pts((0, 2), (5, 2))}
    mission, _ = place(line_of_sight=[pts((0, 2), (5, 2))], portals=[door])  # 5 borders
    assert [edge.kind for edge in mission.edges] == ["door"] * 5
