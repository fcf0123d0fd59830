"""Real maps users have, refused before, load now (issue 13, "Real maps refused").

Inputs in ``tests/missions/data_real`` mirror the shapes the survey of 272 maps found:
old Tiled's DOCTYPE line, Tiled JSON saved as ``.json`` (1.10 and before 1.2), image
collections whose tile ids exceed ``tilecount``, Dungeondraft's WebP pictures.
Isometric maps and entities stay refused.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.match.problems import MissionError
from game.missions import pictures
from game.missions.loader import load_any
from game.missions.model import Background
from game.missions.paths import ImageFormat, check_image, image_format
from game.missions.tiled import load_tiled
from game.missions.tiled_xml import parse_xml
from game.missions.toml_format import load_native
from tests.missions.data_real.make_real import WEBP_8X6

REAL = Path(__file__).resolve().parent / "data_real"
WALL_RING = ("####", "#..#", "####")


def _refused(path: Path) -> str:
    with pytest.raises(MissionError) as caught:
        load_any(path)
    return "\n".join(p.message for p in caught.value.problems)


# ------------------------------------------------------------------ DOCTYPE
def test_real_maps_old_tiled_doctype_line_loads() -> None:
    """``<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">``: harmless, read."""
    loaded = load_tiled(REAL / "old_doctype" / "alt.tmx")
    assert loaded.mission.rows == WALL_RING


@pytest.mark.parametrize(
    "declaration",
    [
        '<!DOCTYPE map SYSTEM "x.dtd" [<!ENTITY a "aaaa">]>',  # an internal subset
        "<!DOCTYPE map>",  # no system id
        '<!DOCTYPE map PUBLIC "-//x//y" "x.dtd">',
        '<!DOCTYPE html SYSTEM "x.dtd">',
        '<!ENTITY x SYSTEM "file:///etc/passwd">',
    ],
)
def test_real_maps_other_declarations_stay_refused(declaration: str) -> None:
    text = f'<?xml version="1.0"?>\n{declaration}\n<map/>'.encode()
    with pytest.raises(MissionError) as caught:
        parse_xml(text, path_label="x.tmx")
    assert "not allowed" in caught.value.problems[0].message


def test_real_maps_a_second_doctype_or_an_entity_reference_is_refused() -> None:
    line = b'<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n'
    with pytest.raises(MissionError):
        parse_xml(line + line + b"<map/>", path_label="x.tmx")
    with pytest.raises(MissionError) as caught:  # the unread DTD might define &x;
        parse_xml(line + b"<map>&x;</map>", path_label="x.tmx")
    assert caught.value.problems[0].line == 2


# ------------------------------------------------------------------ Tiled JSON as .json
@pytest.mark.parametrize("name", ["modern.json", "tiled_1_1.json"])
def test_real_maps_tiled_json_saved_as_json_is_read_as_tiled(name: str) -> None:
    """Recognised by content: Tiled 1.10 (``type``: map) and 1.1 (``tileproperties``)."""
    loaded = load_any(REAL / "json_maps" / name)
    assert loaded.source_format == "tiled"
    assert loaded.mission.rows == WALL_RING  # the wall tile's terrain was read
    assert loaded.mission.background is not None


# ------------------------------------------------------------------ image collections
def test_real_maps_collection_tile_ids_beyond_tilecount_are_tiles() -> None:
    """tilecount 2, ids 0 and 5: gid 6 is tile 5 (a wall), not an unknown tile."""
    loaded = load_tiled(REAL / "collection" / "raum.tmx")
    assert loaded.mission.rows == WALL_RING
    assert loaded.mission.background is not None
    assert not any("wand.png" in w.message for w in loaded.warnings)


def test_real_maps_a_gid_beyond_the_collections_highest_id_is_still_unknown(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "collection"
    shutil.copytree(REAL / "collection", folder)
    tmx = folder / "raum.tmx"
    tmx.write_text(tmx.read_text(encoding="utf-8").replace("6,1,1,6", "6,7,1,6"), "utf-8")
    assert "7" in _refused(tmx)


# ------------------------------------------------------------------ isometric
def test_real_maps_isometric_maps_stay_refused_clearly() -> None:
    text = _refused(REAL / "isometric" / "iso.tmx")
    assert "'isometric'" in text and "not supported" in text


# ------------------------------------------------------------------ WebP backgrounds
def test_real_maps_a_webp_export_loads_with_its_picture_undecoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dungeondraft's WebP: the background is the WebP as it came; nothing decoded."""

    def never(*_: object) -> None:
        raise AssertionError("decoded the picture while loading")

    if not pictures.can_decode("WebP"):
        pytest.skip("this pygame cannot decode WebP")
    monkeypatch.setattr(pygame.image, "load", never)
    loaded = load_any(REAL / "webp_room.dd2vtt")
    assert loaded.warnings == ()
    assert loaded.mission.background == Background("webp_room.webp", 2)
    assert loaded.images["webp_room.webp"] == WEBP_8X6
    assert len(loaded.mission.edges) == 4  # three walls and the door on the grid line


def test_real_maps_the_webp_is_decoded_where_it_is_drawn() -> None:
    """The kept bytes pass the background check and decode to the 8x6 red picture."""
    if not pictures.can_decode("WebP"):
        pytest.skip("this pygame cannot decode WebP")
    data = load_any(REAL / "webp_room.dd2vtt").images["webp_room.webp"]
    assert image_format(data) is ImageFormat.WEBP
    assert check_image(data, path_label="webp_room.webp") == (8, 6)
    surface = pygame.image.load(io.BytesIO(data), "webp_room.webp")
    red, green, blue, _ = surface.get_at((4, 3))
    assert surface.get_size() == (8, 6) and red > 150 and green < 80 and blue < 80


def test_real_maps_import_writes_the_webp_and_the_mission_loads_it(tmp_path: Path) -> None:
    if not pictures.can_decode("WebP"):
        pytest.skip("this pygame cannot decode WebP")
    out = tmp_path / "raum.toml"
    assert main(["import", "--language", "en", str(REAL / "webp_room.dd2vtt"), "-o", str(out)]) == 0
    assert (tmp_path / "webp_room.webp").read_bytes() == WEBP_8X6
    mission = load_native(out).mission
    assert mission.background is not None and mission.background.path == "webp_room.webp"


def test_real_maps_a_webp_this_pygame_cannot_decode_keeps_the_walls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without WebP in pygame: the walls and doors load, a warning in both languages."""
    monkeypatch.setattr(pictures, "can_decode", lambda kind: kind != "WebP")
    loaded = load_any(REAL / "webp_room.dd2vtt")
    assert loaded.mission.background is None and dict(loaded.images) == {}
    assert len(loaded.mission.edges) == 4
    [warning] = loaded.warnings
    assert "cannot decode WebP" in warning.message
    assert "kann WebP nicht lesen" in warning.text("de")


def test_real_maps_the_webp_probe_decodes_in_this_pygame() -> None:
    """pygame-ce with its extended image codecs decodes WebP (the probe is a real WebP)."""
    assert pictures.can_decode("PNG") and pictures.can_decode("JPEG")
    assert pictures.can_decode("WebP") == bool(pygame.image.get_extended())


def test_real_maps_a_tiled_json_tileset_given_as_map_is_named_a_tileset(tmp_path: Path) -> None:
    """A ``.json`` tileset is recognised as Tiled's by content and said to be no map."""
    tileset = {"type": "tileset", "tiledversion": "1.10.2", "name": "t", "tilewidth": 16}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(tileset), encoding="utf-8")
    text = _refused(path)
    assert "is this a tileset?" in text and "resolution" not in text


def test_real_maps_the_screen_and_the_print_draw_the_webp() -> None:
    """Decoded where drawn (issue 13 point 9): the battle map's background and the PDF's."""
    if not pictures.can_decode("WebP"):
        pytest.skip("this pygame cannot decode WebP")
    from game.export.background import read_background
    from game.ui.map_view import background_for

    loaded = load_any(REAL / "webp_room.dd2vtt")
    image, pixels_per_field, _ = background_for(loaded)
    assert image is not None and image.get_size() == (8, 6) and pixels_per_field == 2
    notes: list[str] = []
    printed = read_background(loaded.mission, loaded.images, loaded.base_dir, notes)
    assert printed is not None and notes == []
    assert (printed.width, printed.height) == (4, 3)  # 8x6 pixels at 2 a field


def test_real_maps_check_json_names_a_broken_tiled_json_map_tiled(tmp_path: Path) -> None:
    """``check --json`` of a ``.json`` Tiled map that does not load: format "tiled" (content)."""
    from game.missions.check_json import run_check_json

    document = json.loads((REAL / "json_maps" / "modern.json").read_text(encoding="utf-8"))
    document["width"] = 9999
    path = tmp_path / "kaputt.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    assert run_check_json([path], out) == 1
    data = json.loads(out.getvalue())
    assert data["format"] == "tiled" and data["errors"][0]["key"] == "width"
