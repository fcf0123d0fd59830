"""Tiled import (.tmx and .tmj): the sample maps, every error path, hostile files, fuzzing."""

from __future__ import annotations

import base64
import gzip
import json
import os
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.grid import Terrain
from game.match.problems import MissionError, Problem
from game.missions.grid import build_grid
from game.missions.loader import load_any
from game.missions.model import Controller, CreaturePlacement, Facing, LegendEntry, Side
from game.missions.tiled import load_tiled, parse_tiled
from game.missions.toml_format import dumps_mission, loads_mission
from game.rulesets.entaria.catalogue_loader import load_catalogue

DATA = Path(__file__).resolve().parent / "data"
TMX = (DATA / "skirmish.tmx").read_text(encoding="utf-8")
TMJ = (DATA / "skirmish.tmj").read_text(encoding="utf-8")
TSX = (DATA / "terrain.tsx").read_text(encoding="utf-8")

EXPECTED_ROWS = (
    "######",
    "...=.#",
    "/....+",
    "...~~#",
    ".,*..#",
)


def write(folder: Path, name: str, text: str | bytes) -> Path:
    """Write a map into ``folder`` beside copies of the sample tilesets."""
    for tileset in ("terrain.tsx", "terrain.tsj"):
        if not (folder / tileset).exists():
            shutil.copy(DATA / tileset, folder / tileset)
    target = folder / name
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    return target


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(MissionError) as info:
        load_tiled(path)
    assert info.value.problems
    return info.value.problems


def tmx_problems(tmp_path: Path, old: str, new: str, *, count: int = 1) -> list[Problem]:
    assert TMX.count(old) >= 1, old
    return problems_of(write(tmp_path, "map.tmx", TMX.replace(old, new, count)))


def tmj_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(TMJ)
    return document


def tmj_problems(tmp_path: Path, document: Any) -> list[Problem]:
    return problems_of(write(tmp_path, "map.tmj", json.dumps(document)))


def text_of(found: list[Problem]) -> str:
    return "\n".join(str(p) for p in found)


# ------------------------------------------------------------------ the sample maps
def test_tmx_sample_imports_to_the_expected_mission() -> None:
    loaded = load_tiled(DATA / "skirmish.tmx")
    mission = loaded.mission
    assert loaded.source_format == "tiled"
    assert loaded.base_dir == DATA
    assert dict(loaded.images) == {}
    assert (mission.width, mission.height) == (6, 5)
    assert mission.title == "Hafengefecht"
    assert mission.author == "Testautorin"
    assert mission.background is None
    assert mission.rows == EXPECTED_ROWS
    assert mission.rows[4][2] == "*"  # ice from the hidden layer "Deko": hidden layers count
    assert mission.rows[2][2] == "."  # a decoration tile without terrain changes nothing
    assert dict(mission.legend) == {
        ",": LegendEntry(terrain="mud"),
        "*": LegendEntry(terrain="ice"),
    }
    assert mission.sides == (
        Side(
            "helden",
            "helden",
            "#2f6fd0",
            Controller.PLAYER,
            ((1, 1), (2, 1), (1, 2), (2, 2), (1, 3), (2, 3)),
        ),
        Side("piraten", "piraten", "#c83232", Controller.GM, ((3, 1), (4, 1), (3, 2), (4, 2))),
    )
    assert mission.creatures == (
        CreaturePlacement("likron_1", "likron", "Likron", "helden", (1, 1), Facing.E),
        CreaturePlacement("ron_1", "ron", "Ron der Schrauber", "helden", (2, 3), Facing.S),
        CreaturePlacement(
            "dretop_pirat_1", "dretop_pirat", "Bootsmann", "piraten", (4, 2), Facing.W
        ),
        CreaturePlacement(
            "dretop_pirat_2", "dretop_pirat", "Dretop-Pirat", "piraten", (3, 2), Facing.S
        ),
    )


def test_tmj_sample_gives_the_same_mission() -> None:
    assert load_tiled(DATA / "skirmish.tmj").mission == load_tiled(DATA / "skirmish.tmx").mission


def test_load_any_dispatches_tiled_files() -> None:
    assert load_any(DATA / "skirmish.tmx").source_format == "tiled"
    assert load_any(DATA / "skirmish.tmj").mission.rows == EXPECTED_ROWS


def test_imported_mission_builds_a_grid_and_round_trips() -> None:
    catalogue = load_catalogue()
    mission = load_tiled(DATA / "skirmish.tmx").mission
    assert loads_mission(dumps_mission(mission), "x.toml") == mission
    grid = build_grid(mission, catalogue)
    assert grid.is_wall((0, 0))
    assert grid.is_wall((5, 2))  # closed door
    assert not grid.is_wall((0, 2))  # open door
    assert grid.terrain_at((3, 3)) == Terrain.WATER
    assert grid.terrain_at((1, 4)) == catalogue.terrain["mud"].terrain
    assert grid.terrain_at((2, 4)) == catalogue.terrain["ice"].terrain


def test_sample_char_taken_falls_back_to_a_free_character(tmp_path: Path) -> None:
    """Two terrain keys: each gets a distinct legend character."""
    text = TMX.replace('value="="/>', 'value="rubble"/>')
    mission = load_tiled(write(tmp_path, "map.tmx", text)).mission
    chars = {entry.terrain: char for char, entry in mission.legend.items()}
    assert set(chars) == {"mud", "ice", "rubble"}
    assert len(set(chars.values())) == 3
    assert not set(chars.values()) & set(".#:~=%+/")
    assert mission.rows[1][3] == chars["rubble"]


def test_default_title_is_the_file_name(tmp_path: Path) -> None:
    text = TMX.replace('  <property name="title" value="Hafengefecht"/>\n', "")
    assert load_tiled(write(tmp_path, "hafen.tmx", text)).mission.title == "hafen"


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layers_in_every_supported_compression(tmp_path: Path, compression: str) -> None:
    gids = [2] * 6 + [0] * 24
    raw = struct.pack("<30I", *gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw)
    attr = f' compression="{compression}"' if compression else ""
    data = base64.b64encode(raw).decode()
    text = TMX.replace(
        '<data encoding="base64" compression="zlib">\n   eJxjYmBoYGJgYEDH2ABInB2LOBse9bjEAUQoAKA=',
        f'<data encoding="base64"{attr}>\n   {data}',
    )
    mission = load_tiled(write(tmp_path, "map.tmx", text)).mission
    assert mission.rows == ("######", "...=..", "......", "...~~.", ".,*...")


def test_objects_without_our_types_are_ignored(tmp_path: Path) -> None:
    document = tmj_document()
    document["layers"][3]["objects"] = [document["layers"][3]["objects"][-1]]
    mission = load_tiled(write(tmp_path, "map.tmj", json.dumps(document))).mission
    assert mission.sides == () and mission.creatures == ()


def test_controller_property_and_default(tmp_path: Path) -> None:
    text = TMX.replace('name="controller" value="player"', 'name="controller" value="gm"')
    mission = load_tiled(write(tmp_path, "map.tmx", text)).mission
    assert [s.controller for s in mission.sides] == [Controller.GM, Controller.GM]


def test_deployment_partly_outside_is_clipped(tmp_path: Path) -> None:
    text = TMX.replace(
        'x="112" y="40" width="40" height="40"', 'x="150" y="130" width="100" height="100"'
    )
    mission = load_tiled(write(tmp_path, "map.tmx", text)).mission
    assert mission.sides[1].deployment == ((4, 4), (5, 4))


def test_old_style_json_properties_object(tmp_path: Path) -> None:
    document = tmj_document()
    document["properties"] = {"title": "Alt"}
    assert load_tiled(write(tmp_path, "map.tmj", json.dumps(document))).mission.title == "Alt"


# ------------------------------------------------------------------ map-level errors
def test_orientation_other_than_orthogonal(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'orientation="orthogonal"', 'orientation="isometric"')
    assert "'isometric'" in problem.message and "orthogonal" in problem.message
    assert problem.line == 2
    document = tmj_document()
    document["orientation"] = "hexagonal"
    [problem] = tmj_problems(tmp_path, document)
    assert "'hexagonal'" in problem.message and problem.key == "orientation"


def test_infinite_map(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'infinite="0"', 'infinite="1"')
    assert "infinite" in problem.message
    document = tmj_document()
    document["infinite"] = True
    assert "infinite" in text_of(tmj_problems(tmp_path, document))


def test_map_too_large(tmp_path: Path) -> None:
    [problem] = tmx_problems(
        tmp_path, 'width="6" height="5" tilewidth', 'width="501" height="5" tilewidth'
    )
    assert "width=501" in problem.message and "1 to 500" in problem.message
    document = tmj_document()
    document["height"] = 600
    [problem] = tmj_problems(tmp_path, document)
    assert problem.key == "height" and "600" in problem.message


def test_wrong_root_and_types(tmp_path: Path) -> None:
    found = problems_of(write(tmp_path, "map.tmx", TSX))
    assert "expected <map>" in text_of(found)
    document = tmj_document()
    document["width"] = "6"
    [problem] = tmj_problems(tmp_path, document)
    assert problem.key == "width" and "the text '6'" in problem.message
    assert "not a mission" in text_of(tmj_problems(tmp_path, [1, 2]))  # review of issue 13
    document = tmj_document()
    document["type"] = "tileset"
    assert "is this a tileset" in text_of(tmj_problems(tmp_path, document))


# ------------------------------------------------------------------ XML safety
BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">&lol2;</map>
"""


def test_doctype_and_entities_are_refused_before_parsing(tmp_path: Path) -> None:
    [problem] = problems_of(write(tmp_path, "map.tmx", BILLION_LAUGHS))
    assert "<!DOCTYPE" in problem.message and (problem.line, problem.column) == (2, 1)
    text = TMX.replace("<map ", '<!ENTITY x SYSTEM "file:///etc/passwd">\n<map ')
    [problem] = problems_of(write(tmp_path, "map.tmx", text))
    assert "<!ENTITY" in problem.message and problem.line == 2


def test_doctype_in_utf16_is_refused_by_the_parser(tmp_path: Path) -> None:
    text = '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE map SYSTEM "x.dtd">\n<map/>'
    found = problems_of(write(tmp_path, "map.tmx", text.encode("utf-16")))
    assert "UTF-8" in text_of(found) or "not allowed" in text_of(found)


def test_doctype_in_external_tileset(tmp_path: Path) -> None:
    write(tmp_path, "map.tmx", TMX)
    (tmp_path / "terrain.tsx").write_text(
        TSX.replace("<tileset ", "<!DOCTYPE tileset>\n<tileset ", 1), encoding="utf-8"
    )
    [problem] = problems_of(tmp_path / "map.tmx")
    assert problem.path.endswith("terrain.tsx") and "<!DOCTYPE" in problem.message


def test_truncated_xml_names_line_and_column(tmp_path: Path) -> None:
    [problem] = problems_of(write(tmp_path, "map.tmx", TMX[:900]))
    assert "not well-formed XML" in problem.message
    assert problem.line is not None and problem.line > 5 and problem.column is not None


def test_non_utf8_xml(tmp_path: Path) -> None:
    raw = TMX.encode().replace(b"Hafengefecht", b"Hafen\xe4gefecht")
    [problem] = problems_of(write(tmp_path, "map.tmx", raw))
    assert "0xe4" in problem.message and problem.line == 4


def test_deep_xml_nesting(tmp_path: Path) -> None:
    text = "<map>" + "<group>" * 100 + "</group>" * 100 + "</map>"
    [problem] = problems_of(write(tmp_path, "map.tmx", text))
    assert "nested more than 64" in problem.message


def test_empty_file(tmp_path: Path) -> None:
    [problem] = problems_of(write(tmp_path, "map.tmx", b""))
    assert "XML" in problem.message
    [problem] = problems_of(write(tmp_path, "map.tmj", b""))
    assert "JSON" in problem.message


# ------------------------------------------------------------------ JSON safety
def test_truncated_json(tmp_path: Path) -> None:
    [problem] = problems_of(write(tmp_path, "map.tmj", TMJ[:500]))
    assert "not valid JSON" in problem.message and problem.line is not None


def test_deep_json(tmp_path: Path) -> None:
    [problem] = problems_of(write(tmp_path, "map.tmj", "[" * 70_000 + "]" * 70_000))
    assert "nested" in problem.message


def test_non_utf8_json(tmp_path: Path) -> None:
    raw = TMJ.encode().replace(b'"Boden"', b'"B\xf6den"')
    [problem] = problems_of(write(tmp_path, "map.tmj", raw))
    assert "0xf6" in problem.message and problem.line is not None


def test_huge_file(tmp_path: Path) -> None:
    target = tmp_path / "huge.tmx"
    with target.open("wb") as handle:
        handle.truncate(5 * 1024 * 1024 + 1)
    [problem] = problems_of(target)
    assert "expected at most 5242880 bytes" in problem.message


# ------------------------------------------------------------------ external tilesets
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("../terrain.tsx", "contains '..'"),
        ("/etc/passwd", "is absolute"),
        ("C:\\\\Windows\\\\x.tsx", "is absolute"),
        ("missing.tsx", "file not found"),
        ("terrain.png", "expected a .tsx, .tsj or .json file"),
    ],
)
def test_external_tileset_paths(tmp_path: Path, source: str, expected: str) -> None:
    (tmp_path / "terrain.png").write_bytes(b"x")
    found = tmx_problems(tmp_path, 'source="terrain.tsx"', f'source="{source}"')
    assert expected in text_of(found)


def test_external_tileset_symlink_out_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    inside = tmp_path / "inside"
    outside.mkdir()
    inside.mkdir()
    shutil.copy(DATA / "terrain.tsx", outside / "terrain.tsx")
    (inside / "linked.tsx").symlink_to(outside / "terrain.tsx")
    write(inside, "map.tmx", TMX.replace('source="terrain.tsx"', 'source="linked.tsx"'))
    assert "leads outside" in text_of(problems_of(inside / "map.tmx"))


def test_external_tileset_wrong_types(tmp_path: Path) -> None:
    write(tmp_path, "map.tmj", TMJ)
    tileset = json.loads((DATA / "terrain.tsj").read_text(encoding="utf-8"))
    tileset["tiles"][1]["properties"][0]["value"] = 7
    (tmp_path / "terrain.tsj").write_text(json.dumps(tileset), encoding="utf-8")
    [problem] = problems_of(tmp_path / "map.tmj")
    assert problem.path.endswith("terrain.tsj")
    assert problem.key == "tiles[1]" and "'terrain' is the whole number 7" in problem.message


# ------------------------------------------------------------------ layers
def test_csv_length_must_match(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, "1,5,1,1,1,1\n", "1,5,1,1,1\n")
    assert "holds 29 tiles; expected 30" in problem.message
    assert (problem.line, problem.column) == (27, 3)  # the layer's <data> element
    assert problem.key == "<layer name='Boden'>/<data>"


def test_csv_garbage(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, "1,5,1,1,1,1\n", "1,5,x,1,1,1\n")
    assert "'x'" in problem.message
    [problem] = tmx_problems(tmp_path, "1,5,1,1,1,1\n", "1,5,\u00b2,1,1,1\n")
    assert "global tile id" in problem.message


def test_base64_length_must_match(tmp_path: Path) -> None:
    short = base64.b64encode(zlib.compress(struct.pack("<29I", *([1] * 29)))).decode()
    [problem] = tmx_problems(tmp_path, "eJxjYmBoYGJgYEDH2ABInB2LOBse9bjEAUQoAKA=", short)
    assert "expected 30 tiles" in problem.message


def test_zlib_bomb_is_cut_off(tmp_path: Path) -> None:
    bomb = base64.b64encode(zlib.compress(b"\x00" * 50_000_000)).decode()
    [problem] = tmx_problems(tmp_path, "eJxjYmBoYGJgYEDH2ABInB2LOBse9bjEAUQoAKA=", bomb)
    assert "more than 120 bytes" in problem.message


def test_bad_base64_and_bad_zlib(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, "eJxjYmBoYGJgYEDH2ABInB2LOBse9bjEAUQoAKA=", "!!!")
    assert "not valid base64" in problem.message
    junk = base64.b64encode(b"not zlib at all").decode()
    [problem] = tmx_problems(tmp_path, "eJxjYmBoYGJgYEDH2ABInB2LOBse9bjEAUQoAKA=", junk)
    assert "cannot be zlib-decompressed" in problem.message


def test_zstd_is_refused(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'compression="zlib"', 'compression="zstd"')
    assert "zstd" in problem.message and "<data>" in (problem.key or "")


def test_unknown_encoding(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'encoding="csv"', 'encoding="hex"')
    assert "'hex'" in problem.message


def test_layer_size_must_match_the_map(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'name="Boden" width="6"', 'name="Boden" width="7"')
    assert "7x5" in problem.message and "6x5" in problem.message


def test_plain_xml_tiles_count(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, "   <tile/>\n", "", count=1)
    assert "29 <tile>s; expected 30" in problem.message


def test_infinite_chunks(tmp_path: Path) -> None:
    document = tmj_document()
    document["layers"][0]["chunks"] = []
    assert "chunks" in text_of(tmj_problems(tmp_path, document))


def test_json_layer_data_wrong_types(tmp_path: Path) -> None:
    document = tmj_document()
    document["layers"][0]["data"][7] = "1"
    [problem] = tmj_problems(tmp_path, document)
    assert problem.key == "layers[0].data[7]" and "global tile id" in problem.message
    document = tmj_document()
    document["layers"][0]["data"] = document["layers"][0]["data"][:-1]
    [problem] = tmj_problems(tmp_path, document)
    assert "holds 29 tiles; expected 30" in problem.message


def test_gid_without_tileset(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, "1,5,1,1,1,1\n", "1,5,1,1,1,99\n")
    assert "global id 99" in problem.message and "x=5, y=4" in problem.message


def test_flip_flags_are_masked() -> None:
    """The sample's top-left wall tile carries the horizontal flip bit."""
    assert load_tiled(DATA / "skirmish.tmx").mission.rows[0][0] == "#"


def test_unknown_terrain_value(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'value="ice"', 'value="matsch"')
    assert "'matsch'" in problem.message and "mud" in problem.message
    assert problem.line is not None and problem.key == "<tile id='0'>"


def test_zero_tile_layers_give_floor(tmp_path: Path) -> None:
    document = tmj_document()
    document["layers"] = []
    mission = load_tiled(write(tmp_path, "map.tmj", json.dumps(document))).mission
    assert mission.rows == ("......",) * 5


def test_overlapping_tilesets(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, '<tileset firstgid="9"', '<tileset firstgid="5"')
    assert "separate id ranges" in problem.message


# ------------------------------------------------------------------ objects
PIRATE_SIDE = '<property name="side" value="piraten"/>'


def test_creature_errors_are_collected(tmp_path: Path) -> None:
    text = (
        TMX.replace('value="likron"', 'value="gandalf"')
        .replace('name="facing" value="E"', 'name="facing" value="up"')
        .replace(PIRATE_SIDE, "", 1)  # the pirates' deployment rectangle loses its side
    )
    found = problems_of(write(tmp_path, "map.tmx", text))
    joined = text_of(found)
    assert "'gandalf'" in joined and "likron" in joined
    assert "'up'" in joined
    assert "missing property 'side'" in joined
    assert all(p.line is not None for p in found)


def test_creature_outside_the_map(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, 'x="80" y="100"', 'x="800" y="100"')
    assert "outside the 6x5 map" in problem.message


def test_side_key_must_be_a_key(tmp_path: Path) -> None:
    [problem] = tmx_problems(
        tmp_path,
        'value="helden"/>\n   </properties>\n  </object>\n  <object id="2"',
        'value="die Helden"/>\n   </properties>\n  </object>\n  <object id="2"',
    )
    assert "'die Helden'" in problem.message


def test_property_of_wrong_type(tmp_path: Path) -> None:
    [problem] = tmx_problems(
        tmp_path, 'name="creature_type" value="ron"', 'name="creature_type" type="int" value="3"'
    )
    assert "'creature_type' is the whole number 3; expected a string" in problem.message
    [problem] = tmx_problems(
        tmp_path, 'name="creature_type" value="ron"', 'name="creature_type" type="int" value="x"'
    )
    assert "of type 'int' has value 'x'" in problem.message


def test_deployment_errors(tmp_path: Path) -> None:
    found = tmx_problems(
        tmp_path,
        'x="112" y="40" width="40" height="40">',
        'x="112" y="40" width="40" height="40" rotation="45">',
    )
    assert "rotated by 45" in text_of(found)
    found = tmx_problems(
        tmp_path, 'x="112" y="40" width="40" height="40">', 'x="900" y="40" width="40" height="40">'
    )
    assert "outside the 6x5 map" in text_of(found)
    found = tmx_problems(
        tmp_path, 'x="112" y="40" width="40" height="40">', 'x="112" y="40" width="0" height="40">'
    )
    assert "expected a positive width" in text_of(found)
    document = tmj_document()
    document["layers"][3]["objects"][1]["ellipse"] = True
    assert "is a ellipse; expected a rectangle" in text_of(tmj_problems(tmp_path, document))


def test_bad_and_conflicting_controllers(tmp_path: Path) -> None:
    found = tmx_problems(tmp_path, 'value="player"', 'value="robot"')
    assert "'robot'" in text_of(found)
    document = tmj_document()
    objects = document["layers"][3]["objects"]
    twin = json.loads(json.dumps(objects[0]))
    twin["properties"][0]["value"] = "gm"
    objects.append(twin)
    assert "expected one" in text_of(tmj_problems(tmp_path, document))


def test_template_objects_are_refused(tmp_path: Path) -> None:
    [problem] = tmx_problems(tmp_path, '<object id="3"', '<object id="3" template="hero.tx"')
    assert "template" in problem.message


def test_json_object_wrong_types(tmp_path: Path) -> None:
    document = tmj_document()
    document["layers"][3]["objects"][2]["x"] = "32"
    document["layers"][3]["objects"][3]["properties"] = "ron"
    found = tmj_problems(tmp_path, document)
    keys = {p.key for p in found}
    assert {"layers[3].objects[2].x", "layers[3].objects[3].properties"} <= keys


def test_problem_count_is_capped(tmp_path: Path) -> None:
    document = tmj_document()
    bad = {"type": "creature", "x": 1, "y": 1, "properties": {"side": "a"}}
    document["layers"][3]["objects"] = [bad] * 300
    found = tmj_problems(tmp_path, document)
    assert len(found) == 201
    assert found[-1].message == "100 more problem(s) not shown"


def test_too_many_sides(tmp_path: Path) -> None:
    document = tmj_document()
    objects = document["layers"][3]["objects"]
    for i in range(17):
        extra = json.loads(json.dumps(objects[1]))
        extra["properties"][0]["value"] = f"side_{i}"
        objects.append(extra)
    assert "expected at most 16" in text_of(tmj_problems(tmp_path, document))


# ------------------------------------------------------------------ fuzzing
def _parse_or_mission_error(data: bytes, suffix: str) -> None:
    try:
        parse_tiled(data, path_label=f"fuzz{suffix}", suffix=suffix, base_dir=DATA, title="fuzz")
    except MissionError as exc:
        assert exc.problems


edits = st.lists(
    st.tuples(
        st.sampled_from(["flip", "insert", "delete", "truncate"]),
        st.integers(min_value=0, max_value=10**6),
        st.binary(min_size=1, max_size=4) | st.sampled_from([b"<", b">", b'"', b",", b"-1", b"9"]),
    ),
    min_size=1,
    max_size=4,
)


def _mutate(data: bytes, changes: list[tuple[str, int, bytes]]) -> bytes:
    out = bytearray(data)
    for kind, where, payload in changes:
        at = where % (len(out) + 1)
        if kind == "flip" and at < len(out):
            out[at] = payload[0]
        elif kind == "insert":
            out[at:at] = payload
        elif kind == "delete":
            del out[at : at + len(payload)]
        else:
            del out[at:]
    return bytes(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([".tmx", ".tmj"]), edits)
def test_fuzz_byte_mutations_raise_only_mission_error(
    suffix: str, changes: list[tuple[str, int, bytes]]
) -> None:
    source = TMX if suffix == ".tmx" else TMJ
    _parse_or_mission_error(_mutate(source.encode(), changes), suffix)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False)
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
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


TMJ_PATHS = _paths(json.loads(TMJ))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_json_wrong_types_raise_only_mission_error(data: st.DataObject) -> None:
    document: Any = json.loads(TMJ)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        path = data.draw(st.sampled_from(TMJ_PATHS))
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
    _parse_or_mission_error(json.dumps(document).encode(), ".tmj")


xml_attributes = st.sampled_from(
    [
        "width",
        "height",
        "tilewidth",
        "firstgid",
        "gid",
        "x",
        "y",
        "id",
        "tilecount",
        "value",
        "type",
        "encoding",
        "compression",
        "orientation",
        "name",
        "source",
        "rotation",
    ]
)
xml_values = st.sampled_from(
    [
        "",
        "-1",
        "0",
        "1",
        "1e9",
        "nan",
        "inf",
        "99999999999",
        "x",
        "base64",
        "csv",
        "zlib",
        "gzip",
        "zstd",
        "creature",
        "deployment",
        "bool",
        "int",
        "class",
        "../x.tsx",
        "1.5",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(xml_attributes, xml_values, st.integers(0, 50)), min_size=1, max_size=4))
def test_fuzz_xml_attribute_values_raise_only_mission_error(
    changes: list[tuple[str, str, int]],
) -> None:
    text = TMX
    for attribute, value, nth in changes:
        marker = f' {attribute}="'
        positions = [i for i in range(len(text)) if text.startswith(marker, i)]
        if not positions:
            continue
        start = positions[nth % len(positions)] + len(marker)
        end = text.index('"', start)
        text = text[:start] + value + text[end:]
    _parse_or_mission_error(text.encode(), ".tmx")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_external_tileset_that_is_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.tsx")
    found = tmx_problems(tmp_path, 'source="terrain.tsx"', 'source="pipe.tsx"')
    assert "not a regular file" in text_of(found)
