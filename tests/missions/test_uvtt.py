"""Universal VTT import: the sample maps, every error path, hostile files, a fuzz test."""

from __future__ import annotations

import base64
import copy
import json
import os
import struct
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.movement import reachable
from game.match.problems import MissionError, Problem
from game.missions.grid import build_grid
from game.missions.json_reading import MAX_JSON_DEPTH
from game.missions.loader import load_any
from game.missions.model import Background, LoadedMission, MapEdge
from game.missions.toml_format import dumps_mission, loads_mission
from game.missions.uvtt import load_uvtt, parse_uvtt, picture_warning_text
from game.rulesets.entaria.catalogue_loader import load_catalogue
from tests.missions.data.make_samples import (
    BORDER_ROOM_PPG,
    BORDER_ROOM_ROWS,
    TAVERN_PPG,
    TAVERN_ROWS,
    border_room,
    map_png,
    tavern,
    tiny_png,
)

DATA = Path(__file__).resolve().parent / "data"

#: What the samples import as since D-13: walls on grid lines stand on the field borders.
BORDER_ROOM_FIELDS = ("........",) * 6
TAVERN_FIELDS = (
    "..........",
    "..#.......",
    "..........",
    "..........",
    ".#........",
    "..#.......",
    "..........",
)
TAVERN_EDGES = (
    MapEdge((4, 0), (5, 0)),
    MapEdge((4, 1), (5, 1)),
    MapEdge((4, 2), (5, 2)),
    MapEdge((4, 3), (5, 3), "door", open=False),
    MapEdge((5, 3), (5, 4)),
    MapEdge((6, 3), (6, 4)),
    MapEdge((7, 3), (7, 4)),
    MapEdge((8, 3), (8, 4), "door", open=True),
    MapEdge((9, 3), (9, 4)),
    MapEdge((4, 4), (5, 4)),
    MapEdge((4, 5), (5, 5)),
    MapEdge((4, 6), (5, 6)),
)


def parse(document: Any, *, raw: bytes | None = None) -> LoadedMission:
    data = raw if raw is not None else json.dumps(document).encode()
    mission, images = parse_uvtt(data, path_label="map.dd2vtt", image_name="map.png", title="map")
    return LoadedMission(mission, "uvtt", DATA, images)


def problems(document: Any = None, *, raw: bytes | None = None) -> list[Problem]:
    with pytest.raises(MissionError) as info:
        parse(document, raw=raw)
    found = info.value.problems
    assert found and all(p.path == "map.dd2vtt" for p in found)
    return found


def messages(document: Any = None, *, raw: bytes | None = None) -> str:
    return "\n".join(str(p) for p in problems(document, raw=raw))


def minimal(**extra: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 4, "y": 3},
            "pixels_per_grid": 10,
        },
        "line_of_sight": [],
        "portals": [],
    }
    document.update(extra)
    return document


# ------------------------------------------------------------------ the sample maps
@pytest.mark.rule("D-13")
def test_border_room_sample() -> None:
    """D-13: the 8x6 map whose walls lie exactly on its outline: 8x6 floor, no edges
    (a wall on the map's outline changes nothing and is dropped)."""
    loaded = load_uvtt(DATA / "border_room.dd2vtt")
    mission = loaded.mission
    assert loaded.source_format == "uvtt"
    assert loaded.base_dir == DATA
    assert (mission.width, mission.height) == (8, 6)
    assert mission.rows == BORDER_ROOM_FIELDS
    assert mission.edges == ()
    assert mission.title == "border_room"
    assert mission.sides == () and mission.creatures == ()


@pytest.mark.rule("D-13")
def test_border_room_keeps_all_its_drawn_floor() -> None:
    """D-13: walls on the outline do not swallow the floor: all 48 fields reachable."""
    mission = load_uvtt(DATA / "border_room.dd2vtt").mission
    grid = build_grid(mission)
    floor = {(x, y) for y in range(6) for x in range(8)}
    assert set(reachable(grid, (0, 0), None)) == floor


def test_border_room_background_image() -> None:
    loaded = load_uvtt(DATA / "border_room.dd2vtt")
    assert loaded.mission.background == Background("border_room.png", BORDER_ROOM_PPG)
    image = loaded.images["border_room.png"]
    assert image == map_png(BORDER_ROOM_ROWS, BORDER_ROOM_PPG)
    assert image.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", image[16:24]) == (8 * BORDER_ROOM_PPG, 6 * BORDER_ROOM_PPG)


@pytest.mark.rule("D-13")
def test_tavern_sample() -> None:
    """D-13: origin (2, 1) subtracted; the outline dropped, inner walls on grid lines as
    edge walls, the portals on grid lines as a closed and an open edge door; the pillar
    (objects_line_of_sight) and the diagonal wall rasterised to wall fields; lights and
    environment ignored."""
    loaded = load_uvtt(DATA / "tavern.dd2vtt")
    mission = loaded.mission
    assert (mission.width, mission.height) == (10, 7)
    assert mission.rows == TAVERN_FIELDS
    assert mission.edges == TAVERN_EDGES
    assert mission.rows[1][2] == "#"  # the pillar from objects_line_of_sight
    assert (mission.rows[4][1], mission.rows[5][2]) == ("#", "#")  # the diagonal wall
    assert mission.background == Background("tavern.png", TAVERN_PPG)
    assert loaded.images["tavern.png"] == map_png(TAVERN_ROWS, TAVERN_PPG)


@pytest.mark.rule("D-13")
def test_tavern_rooms_connect_through_the_doors_only() -> None:
    """D-13: the closed edge door on x = 5 parts the rooms until it opens; the open
    edge door on y = 4 lets one through."""
    mission = load_uvtt(DATA / "tavern.dd2vtt").mission
    grid = build_grid(mission)
    left = set(reachable(grid, (3, 2), None))
    assert (6, 2) not in left  # the door between (4, 3) and (5, 3) is closed
    grid.set_edge_door((4, 3), (5, 3), open=True)
    assert (6, 2) in set(reachable(grid, (3, 2), None))
    assert (8, 5) in set(reachable(grid, (6, 2), None))  # through the open door below (8, 3)
    grid.set_edge_door((8, 3), (8, 4), open=False)
    assert (8, 5) not in set(reachable(grid, (6, 2), None))


def test_cave_sample_fractional_size_negative_origin_no_image() -> None:
    loaded = load_uvtt(DATA / "cave.uvtt")
    mission = loaded.mission
    assert (mission.width, mission.height) == (6, 4)  # 5.5 x 3.25 rounded up
    assert mission.rows == ("##....", "..####", "......", "../...")
    assert mission.background is None
    assert dict(loaded.images) == {}


def test_other_suffixes_through_load_any(tmp_path: Path) -> None:
    text = (DATA / "tavern.dd2vtt").read_bytes()
    for suffix in (".df2vtt", ".uvtt", ".json", ".dd2vtt"):
        target = tmp_path / f"karte{suffix}"
        target.write_bytes(text)
        loaded = load_any(target)
        assert loaded.source_format == "uvtt"
        assert loaded.mission.rows == TAVERN_FIELDS
        assert loaded.mission.edges == TAVERN_EDGES
        assert loaded.mission.background == Background("karte.png", TAVERN_PPG)
        assert set(loaded.images) == {"karte.png"}


def test_imported_missions_round_trip_through_the_native_format() -> None:
    catalogue = load_catalogue()
    for name in ("border_room.dd2vtt", "tavern.dd2vtt", "cave.uvtt", "divided_room.dd2vtt"):
        mission = load_uvtt(DATA / name).mission
        assert loads_mission(dumps_mission(mission), "x.toml") == mission
        build_grid(mission, catalogue)


@pytest.mark.rule("D-13")
def test_bom_and_float_coordinates_are_accepted() -> None:
    """D-13: a wall at y = 1.0000000001 stands on the grid line y = 1: four edge walls."""
    document = minimal(line_of_sight=[[{"x": 0.0, "y": 1.0000000001}, {"x": 4.0, "y": 1.0}]])
    loaded = parse(None, raw=b"\xef\xbb\xbf" + json.dumps(document).encode())
    assert loaded.mission.rows == ("....",) * 3
    assert loaded.mission.edges == tuple(MapEdge((x, 0), (x, 1)) for x in range(4))


def test_missing_optional_parts() -> None:
    """No map_origin, walls, portals or image: an open map without background."""
    loaded = parse({"resolution": {"map_size": {"x": 2, "y": 2}}})
    assert loaded.mission.rows == ("..", "..")
    assert loaded.mission.background is None


def test_portal_missing_closed_counts_as_closed_and_closed_wins() -> None:
    portal = {"position": {"x": 1.5, "y": 1.5}}
    open_portal = {"position": {"x": 2.5, "y": 0.5}, "closed": False}
    also_open = {"position": {"x": 1.5, "y": 1.5}, "closed": False}
    loaded = parse(minimal(portals=[portal, open_portal, also_open]))
    assert loaded.mission.rows == ("../.", ".+..", "....")


@pytest.mark.rule("D-13")
def test_portal_replaces_a_wall() -> None:
    """D-13: a portal on a grid line turns the edge walls it covers into edge doors."""
    wall = [{"x": 0, "y": 1}, {"x": 4, "y": 1}]
    portal = {
        "position": {"x": 1.5, "y": 1},
        "bounds": [{"x": 1, "y": 1}, {"x": 3, "y": 1}],
        "closed": True,
    }
    loaded = parse(minimal(line_of_sight=[wall], portals=[portal]))
    assert loaded.mission.rows == ("....",) * 3
    assert loaded.mission.edges == (
        MapEdge((0, 0), (0, 1)),
        MapEdge((1, 0), (1, 1), "door"),
        MapEdge((2, 0), (2, 1), "door"),
        MapEdge((3, 0), (3, 1)),
    )


def test_an_off_grid_portal_replaces_a_wall_field() -> None:
    """A portal off the grid lines marks door fields, which replace rasterised wall fields."""
    wall = [{"x": 0, "y": 1.5}, {"x": 4, "y": 1.5}]
    portal = {
        "position": {"x": 2, "y": 1.5},
        "bounds": [{"x": 1.5, "y": 1.5}, {"x": 2.5, "y": 1.5}],
        "closed": False,
    }
    loaded = parse(minimal(line_of_sight=[wall], portals=[portal]))
    assert loaded.mission.rows == ("....", "#//#", "....")
    assert loaded.mission.edges == ()


def test_walls_and_portals_outside_the_map_are_dropped() -> None:
    wall = [{"x": -3, "y": -3}, {"x": -1, "y": -1}]
    portal = {"position": {"x": 10, "y": 10}, "closed": True}
    assert parse(minimal(line_of_sight=[wall], portals=[portal])).mission.rows == ("....",) * 3


# ------------------------------------------------------------------ error paths
def test_truncated_json_names_line_and_column() -> None:
    text = (DATA / "tavern.dd2vtt").read_bytes()[:200]
    [problem] = problems(raw=text)
    assert "not valid JSON" in problem.message
    assert problem.line is not None and problem.line > 1 and problem.column is not None


def test_non_utf8_names_the_byte_and_place() -> None:
    raw = b'{\n  "resolution": "\xff"}'
    [problem] = problems(raw=raw)
    assert "0xff" in problem.message and "UTF-8" in problem.message
    assert (problem.line, problem.column) == (2, 18)


def test_deep_nesting_is_refused() -> None:
    raw = b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1)
    assert "nested 65 levels deep" in messages(raw=raw)
    raw = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    assert "nested" in messages(raw=raw)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    document = minimal(note="[" * 500)
    assert parse(document).mission.width == 4


def test_nan_and_infinity_are_refused() -> None:
    raw = json.dumps(minimal()).replace('"pixels_per_grid": 10', '"pixels_per_grid": NaN')
    assert "NaN" in messages(raw=raw.encode())
    raw = json.dumps(minimal()).replace('"x": 4', '"x": Infinity')
    assert "Infinity" in messages(raw=raw.encode())


def test_huge_integer_is_refused() -> None:
    raw = json.dumps(minimal()).replace('"x": 4', '"x": ' + "9" * 5000)
    assert "not valid JSON" in messages(raw=raw.encode())
    raw = json.dumps(minimal()).replace('"x": 4', '"x": ' + "9" * 400)
    assert "resolution.map_size.x" in messages(raw=raw.encode())


def test_top_level_must_be_an_object() -> None:
    # review of issue 13: "not a mission", nothing of the file's content
    assert "not a mission: its top level is no JSON object" in messages([])


def test_missing_resolution() -> None:
    [problem] = problems({"line_of_sight": []})
    assert problem.key == "resolution" and "missing key 'resolution'" in problem.message


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        ({"x": "8", "y": 3}, "the text '8'; expected a number"),
        ({"x": 0, "y": 3}, "expected more than 0 and at most 500"),
        ({"x": 501, "y": 3}, "expected more than 0 and at most 500"),
        ({"x": True, "y": 3}, "found the boolean true; expected a number"),
        ({"y": 3}, "missing key 'x'"),
    ],
)
def test_bad_map_size(size: dict[str, Any], expected: str) -> None:
    document = minimal()
    document["resolution"]["map_size"] = size
    found = problems(document)
    assert any(p.key and p.key.startswith("resolution.map_size") for p in found)
    assert expected in "\n".join(p.message for p in found)


def test_bad_pixels_per_grid_and_origin() -> None:
    document = minimal()
    document["resolution"]["pixels_per_grid"] = -5
    document["resolution"]["map_origin"] = {"x": "a", "y": 0}
    found = problems(document)
    keys = {p.key for p in found}
    assert {"resolution.pixels_per_grid", "resolution.map_origin.x"} <= keys


def test_image_without_pixels_per_grid() -> None:
    document = minimal(image=base64.b64encode(tiny_png(4, 3, lambda x, y: 0)).decode())
    del document["resolution"]["pixels_per_grid"]
    [problem] = problems(document)
    assert problem.key == "resolution.pixels_per_grid"


def test_bad_walls_report_json_paths_all_at_once() -> None:
    document = minimal(
        line_of_sight=[
            [{"x": 0, "y": 0}, {"x": 1}],
            "wall",
            [{"x": 0, "y": 0}, {"x": "2", "y": 0}],
        ],
        objects_line_of_sight={"x": 1},
    )
    found = problems(document)
    keys = {p.key for p in found}
    assert {
        "line_of_sight[0][1].y",
        "line_of_sight[1]",
        "line_of_sight[2][1].x",
        "objects_line_of_sight",
    } <= keys
    assert any("missing key 'y'" in p.message for p in found)
    assert any("found the text 'wall'; expected a list" in p.message for p in found)


def test_points_far_outside_the_map_are_refused() -> None:
    document = minimal(line_of_sight=[[{"x": 0, "y": 0}, {"x": 1e9, "y": 0}]])
    [problem] = problems(document)
    assert problem.key == "line_of_sight[0][1]" and "outside" in problem.message


def test_too_much_wall_work_is_refused() -> None:
    document = minimal(
        line_of_sight=[[{"x": -400, "y": -400}, {"x": 400, "y": 400}]] * 1500,
    )
    [problem] = problems(document)
    assert "expected at most" in problem.message and problem.key == "line_of_sight"


def test_many_long_portals_count_against_the_wall_work() -> None:
    """Portal segments are walked like walls, so 20,000 of them are refused, not rasterised."""
    portal = {
        "position": {"x": 0, "y": 0},
        "bounds": [{"x": -400, "y": -400}, {"x": 400, "y": 400}],
        "closed": True,
    }
    data = json.dumps(minimal(portals=[portal] * 20_000)).encode()
    assert len(data) < 5 * 1024 * 1024  # a file the loader reads
    [problem] = problems(raw=data)
    assert problem.key == "line_of_sight"
    assert "walls and portals cross" in problem.message and "expected at most" in problem.message


def test_bad_portals() -> None:
    document = minimal(
        portals=[
            {"position": {"x": 1, "y": 1}, "closed": "yes"},
            {"position": {"x": 1, "y": 1}, "bounds": [{"x": 1, "y": 1}]},
            {"bounds": []},
            7,
        ]
    )
    found = problems(document)
    keys = {p.key for p in found}
    assert {"portals[0].closed", "portals[1].bounds", "portals[2].position", "portals[3]"} <= keys
    assert any("expected true or false" in p.message for p in found)
    assert any("expected two points" in p.message for p in found)


def test_image_not_base64() -> None:
    [problem] = problems(minimal(image="not base64 !!"))
    assert problem.key == "image" and "base64" in problem.message


def test_image_not_a_png() -> None:
    gif = base64.b64encode(b"GIF89a" + b"\x00" * 40).decode()
    [problem] = problems(minimal(image=gif))
    assert "expected a PNG" in problem.message


@pytest.mark.parametrize(
    ("name", "head"),
    [("WebP", b"RIFF\x10\x00\x00\x00WEBPVP8 "), ("JPEG", b"\xff\xd8\xff\xe0")],
)
def test_a_broken_webp_or_jpeg_picture_is_a_warning_and_no_background(
    name: str, head: bytes, tmp_path: Path
) -> None:
    """Dungeondraft can export WebP or JPEG pictures (converted to PNG, see
    test_uvtt_pictures.py); a damaged one costs only the background: the walls load,
    a warning says why and how to export a PNG."""
    picture = base64.b64encode(head + b"\x00" * 40).decode()
    document = minimal(image=picture, line_of_sight=[[{"x": 0, "y": 1}, {"x": 4, "y": 1}]])
    target = tmp_path / "karte.dd2vtt"
    target.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_uvtt(target)
    assert loaded.mission.background is None and dict(loaded.images) == {}
    assert len(loaded.mission.edges) == 4
    [warning] = loaded.warnings
    assert warning.warning and warning.key == "image" and warning.path == str(target)
    assert f"the {name} picture cannot be used (its header is damaged)" in warning.message
    assert "with PNG as the image format" in warning.message
    german = picture_warning_text(name, "x", "de")
    assert german.startswith(f"das {name}-Bild ist nicht verwendbar (x)")


def test_image_too_large() -> None:
    png = bytearray(tiny_png(2, 2, lambda x, y: 0))
    png[16:24] = struct.pack(">II", 9000, 10)
    [problem] = problems(minimal(image=base64.b64encode(bytes(png)).decode()))
    assert "9000x10" in problem.message and "8192" in problem.message


def test_image_as_data_uri() -> None:
    png = tiny_png(4, 3, lambda x, y: 99)
    uri = "data:image/png;base64," + base64.b64encode(png).decode()
    assert parse(minimal(image=uri)).images == {"map.png": png}


def test_problem_count_is_capped() -> None:
    document = minimal(line_of_sight=[[{"x": "?", "y": 0}] * 500])
    found = problems(document)
    assert len(found) == 201
    assert found[-1].message == "300 more problem(s) not shown"


def test_image_wrong_type() -> None:
    [problem] = problems(minimal(image=12))
    assert problem.key == "image" and "expected a string" in problem.message


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    target = tmp_path / "huge.dd2vtt"
    with target.open("wb") as handle:
        handle.truncate(5 * 1024 * 1024 + 1)
    with pytest.raises(MissionError) as info:
        load_uvtt(target)
    assert "expected at most 5242880 bytes" in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MissionError) as info:
        load_uvtt(tmp_path / "nothing.dd2vtt")
    assert "file not found" in str(info.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.dd2vtt"
    os.mkfifo(fifo)
    with pytest.raises(MissionError):
        load_uvtt(fifo)


# ------------------------------------------------------------------ fuzzing
SAMPLES = {
    "border_room": (DATA / "border_room.dd2vtt").read_bytes(),
    "tavern": (DATA / "tavern.dd2vtt").read_bytes(),
    "cave": (DATA / "cave.uvtt").read_bytes(),
    "divided_room": (DATA / "divided_room.dd2vtt").read_bytes(),
}


def _parse_or_mission_error(data: bytes) -> None:
    try:
        parse_uvtt(data, path_label="fuzz.dd2vtt", image_name="fuzz.png", title="fuzz")
    except MissionError as exc:
        assert exc.problems


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(SAMPLES)),
    st.lists(
        st.tuples(
            st.sampled_from(["flip", "insert", "delete", "truncate"]),
            st.integers(min_value=0, max_value=10**6),
            st.binary(min_size=1, max_size=4),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_fuzz_byte_mutations_raise_only_mission_error(
    name: str, edits: list[tuple[str, int, bytes]]
) -> None:
    data = bytearray(SAMPLES[name])
    for kind, where, payload in edits:
        at = where % (len(data) + 1)
        if kind == "flip" and at < len(data):
            data[at] = payload[0]
        elif kind == "insert":
            data[at:at] = payload
        elif kind == "delete":
            del data[at : at + len(payload)]
        else:
            del data[at:]
    _parse_or_mission_error(bytes(data))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "image":
                found += _paths(value, (*prefix, key))
            else:
                found.append((*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["tavern", "cave"]), st.data())
def test_fuzz_wrong_types_raise_only_mission_error(name: str, data: st.DataObject) -> None:
    document = tavern() if name == "tavern" else json.loads(SAMPLES[name])
    document = copy.deepcopy(document)
    paths = _paths(document)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        path = data.draw(st.sampled_from(paths))
        value = data.draw(json_values)
        if not path:
            document = value
            break
        parent = document
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    _parse_or_mission_error(json.dumps(document).encode())


def test_sample_generators_match_the_files() -> None:
    """The files in data/ are what make_samples.py writes (so they can be regenerated)."""
    assert json.loads(SAMPLES["border_room"]) == border_room()
    assert json.loads(SAMPLES["tavern"]) == tavern()
