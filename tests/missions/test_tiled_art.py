"""Tiled maps with their art: tile layers drawn into the background, warnings, real samples."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import zlib
from pathlib import Path

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.missions.check import check_mission
from game.missions.check_json import report_json
from game.missions.loader import load_any
from game.missions.model import LoadedMission
from game.missions.tiled import load_tiled, no_terrain_text
from game.missions.tiled_art import MAX_PIXELS, MAX_SIDE, pixels_per_field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SAMPLES = Path(__file__).resolve().parent / "data" / "tiled"
DESERT = SAMPLES / "desert.tmx"
FOREST = SAMPLES / "forest" / "forest.tmx"
OUTPOST = SAMPLES / "outpost.tmj"

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000


def picture(loaded: LoadedMission) -> np.ndarray:
    """Return the background of a loaded map as an array [x, y, rgb]."""
    assert loaded.mission.background is not None
    data = loaded.images[loaded.mission.background.path]
    return pygame.surfarray.array3d(pygame.image.load(io.BytesIO(data), "x.png"))


def field(image: np.ndarray, ppf: int, x: int, y: int) -> np.ndarray:
    return image[x * ppf : (x + 1) * ppf, y * ppf : (y + 1) * ppf]


def source_tile(path: Path, rect: tuple[int, int, int, int]) -> np.ndarray:
    """Return a part of a tileset image as RGB over white (as the background draws it)."""
    image = pygame.image.load(str(path))
    canvas = pygame.Surface(rect[2:])
    canvas.fill((255, 255, 255))
    canvas.blit(image, (0, 0), rect)
    return pygame.surfarray.array3d(canvas)


# ------------------------------------------------------------------ the real samples
def test_desert_renders_its_40x40_tiles_from_the_spaced_tileset() -> None:
    """Tiled's own desert.tmx: one 32 px field per tile, margin 1 and spacing 1 respected."""
    loaded = load_tiled(DESERT)
    assert loaded.mission.background is not None
    assert loaded.mission.background.path == "desert.png"
    assert loaded.mission.background.pixels_per_field == 32
    image = picture(loaded)
    assert image.shape == (1280, 1280, 3)
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 50  # art, not one colour
    # the layer's first gids, read from the file itself
    text = DESERT.read_text(encoding="utf-8")
    raw = text.split('compression="zlib">')[1].split("</data>")[0]
    gids = np.frombuffer(zlib.decompress(base64.b64decode(raw.strip())), dtype="<u4")
    for cell in (0, 1, 41, 27 * 40 + 13):
        local = int(gids[cell]) - 1
        row, column = divmod(local, 8)
        rect = (1 + column * 33, 1 + row * 33, 32, 32)
        expected = source_tile(SAMPLES / "tmw_desert_spacing.png", rect)
        y, x = divmod(cell, 40)
        assert np.array_equal(field(image, 32, x, y), expected), cell


def test_forest_draws_tiles_of_an_image_collection_from_their_sub_rectangles() -> None:
    """Tiled's forest.tmx: a collection tileset whose tiles name a part of squirrel.png."""
    loaded = load_tiled(FOREST)
    assert loaded.mission.background is not None
    assert loaded.mission.background.pixels_per_field == 16
    image = picture(loaded)
    assert image.shape == (40 * 16, 16 * 16, 3)
    expected = source_tile(SAMPLES / "forest" / "squirrel.png", (1, 1, 16, 16))
    # row 6 of the platforms layer holds tile 0 at x = 23..26
    for x in range(23, 27):
        assert np.array_equal(field(image, 16, x, 6), expected)
    # no layer tile at [0, 15], but the tile objects of ids 8 and 9 (beyond the tileset's
    # tilecount of 7: legal in a collection, issue 13) hang down over it: not the white ground
    assert not np.all(field(image, 16, 0, 15) == 255)
    # the parallax backgrounds are tile objects of the same collection: drawn too
    assert len(np.unique(field(image, 16, 0, 0).reshape(-1, 3), axis=0)) > 1


def test_outpost_uses_an_external_json_tileset_and_skips_the_hidden_layer() -> None:
    loaded = load_tiled(OUTPOST)
    assert loaded.warnings == ()
    image = picture(loaded)
    assert image.shape == (12 * 32, 10 * 32, 3)
    sand = source_tile(SAMPLES / "tmw_desert_spacing.png", (1 + 5 * 33, 1 + 3 * 33, 32, 32))
    # the hidden layer would cover everything with cobblestone; sand shows at (0, 0)
    assert np.array_equal(field(image, 32, 0, 0), sand)


@pytest.mark.parametrize("sample", [DESERT, FOREST, OUTPOST], ids=lambda p: p.name)
def test_real_samples_check_import_and_print(
    sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--language", "en", str(sample)]) == 0
    assert "Background: " in capsys.readouterr().out
    out = tmp_path / "out" / f"{sample.stem}.toml"
    assert main(["import", "--language", "en", str(sample), "-o", str(out)]) == 0
    written = out.with_suffix(".png")
    assert written.is_file()
    assert load_any(out).mission.background is not None
    pdf = tmp_path / f"{sample.stem}.pdf"
    assert main(["print", "--language", "en", str(sample), "-o", str(pdf)]) == 0
    assert b"/Image" in pdf.read_bytes()  # the art is printed, not blank grid pages


# ------------------------------------------------------------------ no terrain
def test_a_map_without_terrain_warns_in_check_json_and_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = check_mission(DESERT)
    assert report.valid
    messages = [w.message for w in report.warnings]
    assert no_terrain_text("en") in messages
    assert all(w.warning for w in report.warnings)
    data = report_json(report)
    assert any("every field is floor" in w["message"] for w in data["warnings"])
    assert main(["import", "--language", "en", str(DESERT), "-o", str(tmp_path / "d.toml")]) == 0
    err = capsys.readouterr().err
    assert "every field is floor" in err and "terrain" in err and "'wall'" in err


def test_the_no_terrain_warning_speaks_german_too() -> None:
    german = no_terrain_text("de")
    assert "jedes Feld Boden" in german and "'terrain'" in german and "'wall'" in german


def test_terrain_properties_or_walls_silence_the_no_terrain_warning() -> None:
    assert not any("every field is floor" in w.message for w in load_tiled(OUTPOST).warnings)


# ------------------------------------------------------------------ synthetic tilesets
def _palette_tileset(folder: Path, name: str, size: int, margin: int = 0, spacing: int = 0) -> None:
    """Write a 2x2-tile PNG whose every pixel has its own colour: (tile, x, y) in the RGB."""
    side = 2 * margin + 2 * size + spacing
    image = pygame.Surface((side, side))
    image.fill((0, 0, 0))
    for tile in range(4):
        row, column = divmod(tile, 2)
        for y in range(size):
            for x in range(size):
                px = margin + column * (size + spacing) + x
                py = margin + row * (size + spacing) + y
                image.set_at((px, py), _source(tile, x, y))
    pygame.image.save(image, str(folder / name))


def _map(
    folder: Path,
    gids: list[int],
    *,
    tile: int = 4,
    map_tile: int = 16,
    tileset_extra: str = "",
    layers: str = "",
    height: int = 1,
) -> Path:
    width = len(gids) // height
    csv = ",".join(str(g) for g in gids)
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="{width}" height="{height}"
     tilewidth="{map_tile}" tileheight="{map_tile}" infinite="0">
 <tileset firstgid="1" name="pal" tilewidth="{tile}" tileheight="{tile}" tilecount="4"
          columns="2" {tileset_extra}>
  <image source="pal.png"/>
  <tile id="0"><properties><property name="terrain" value="."/></properties></tile>
 </tileset>
 <layer name="ground" width="{width}" height="{height}"><data encoding="csv">{csv}</data></layer>
 {layers}
</map>
"""
    path = folder / "pal.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _source(tile: int, x: int, y: int) -> tuple[int, int, int]:
    return 60 * tile + 10, (20 * x + 5) % 256, (20 * y + 5) % 256


@pytest.mark.parametrize(
    ("flags", "where_from"),
    [
        (0, lambda x, y: (x, y)),
        (FLIP_H, lambda x, y: (3 - x, y)),
        (FLIP_V, lambda x, y: (x, 3 - y)),
        (FLIP_D, lambda x, y: (y, x)),  # x/y swap
        (FLIP_D | FLIP_H, lambda x, y: (y, 3 - x)),  # a quarter turn clockwise
        (FLIP_D | FLIP_V, lambda x, y: (3 - y, x)),  # a quarter turn anticlockwise
        (FLIP_H | FLIP_V, lambda x, y: (3 - x, 3 - y)),
    ],
    ids=["none", "h", "v", "d", "d+h", "d+v", "h+v"],
)
def test_flip_flags_are_applied_as_tiled_does(tmp_path: Path, flags: int, where_from) -> None:  # type: ignore[no-untyped-def]
    """A 4 px tile drawn on a 16 px field: each source pixel is a 4x4 block, flipped."""
    _palette_tileset(tmp_path, "pal.png", 4)
    loaded = load_tiled(_map(tmp_path, [2 | flags]))
    image = picture(loaded)
    assert image.shape == (16, 16, 3)
    for y in range(4):
        for x in range(4):
            sx, sy = where_from(x, y)
            assert tuple(image[x * 4 + 1, y * 4 + 2]) == _source(1, sx, sy), (x, y)


def test_margin_spacing_and_columns_cut_the_right_tile(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4, margin=2, spacing=1)
    loaded = load_tiled(_map(tmp_path, [1, 2, 3, 4], tileset_extra='margin="2" spacing="1"'))
    image = picture(loaded)
    for tile in range(4):
        assert tuple(image[tile * 16 + 13, 1]) == _source(tile, 3, 0)


def test_tiles_larger_than_the_field_are_scaled_to_one_field(tmp_path: Path) -> None:
    """A 64 px tile on a map of 16 px fields covers exactly its own field."""
    _palette_tileset(tmp_path, "pal.png", 64)
    loaded = load_tiled(_map(tmp_path, [1, 0, 4], tile=64, map_tile=16))
    assert loaded.mission.background is not None
    assert loaded.mission.background.pixels_per_field == 16
    image = picture(loaded)
    assert image.shape == (48, 16, 3)
    assert image[2, 2][0] == 10  # tile 0
    assert tuple(image[16 + 8, 8]) == (255, 255, 255)  # the empty field stays ground
    assert image[32 + 8, 8][0] == 190  # tile 3


def test_a_layer_drawn_half_transparent_blends(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    over = (
        '<layer name="over" width="1" height="1" opacity="0.5">'
        '<data encoding="csv">4</data></layer>'
    )
    image = picture(load_tiled(_map(tmp_path, [1], layers=over)))
    red = int(image[1, 1][0])
    assert abs(red - (10 + 190) / 2) <= 2


def test_a_hidden_group_hides_its_layers(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    hidden = (
        '<group name="g" visible="0"><layer name="over" width="1" height="1">'
        '<data encoding="csv">4</data></layer></group>'
    )
    image = picture(load_tiled(_map(tmp_path, [1], layers=hidden)))
    assert image[1, 1][0] == 10


def test_background_colour_shows_where_no_tile_is(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    path = _map(tmp_path, [1, 0])
    path.write_text(
        path.read_text().replace('infinite="0"', 'infinite="0" backgroundcolor="#336699"')
    )
    image = picture(load_tiled(path))
    assert tuple(image[16 + 4, 4]) == (0x33, 0x66, 0x99)


# ------------------------------------------------------------------ bad images: warnings
def _warnings_text(loaded: LoadedMission) -> str:
    return "\n".join(str(w) for w in loaded.warnings)


def test_a_missing_image_is_a_warning_and_the_map_loads(tmp_path: Path) -> None:
    loaded = load_tiled(_map(tmp_path, [1, 2]))
    text = _warnings_text(loaded)
    assert "pal.png" in text and "file not found" in text and "not drawn" in text
    assert loaded.mission.background is None  # nothing could be drawn
    assert loaded.mission.width == 2


def test_an_image_outside_the_folder_is_a_warning(tmp_path: Path) -> None:
    inner = tmp_path / "maps"
    inner.mkdir()
    _palette_tileset(tmp_path, "pal.png", 4)
    path = _map(inner, [1])
    path.write_text(path.read_text().replace('source="pal.png"', 'source="../pal.png"'))
    text = _warnings_text(load_tiled(path))
    assert "../pal.png" in text and "'..'" in text


def test_a_symbolic_link_out_of_the_folder_is_a_warning(tmp_path: Path) -> None:
    inner = tmp_path / "maps"
    inner.mkdir()
    _palette_tileset(tmp_path, "pal.png", 4)
    (inner / "pal.png").symlink_to(tmp_path / "pal.png")
    text = _warnings_text(load_tiled(_map(inner, [1])))
    assert "outside the mission's folder" in text


def test_a_broken_image_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "pal.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    loaded = load_tiled(_map(tmp_path, [1]))
    assert "pal.png" in _warnings_text(loaded)
    assert loaded.mission.background is None


def test_a_gif_tileset_is_a_warning_naming_the_formats(tmp_path: Path) -> None:
    (tmp_path / "pal.png").write_bytes(b"GIF89a" + b"\x00" * 40)
    assert "PNG or JPEG" in _warnings_text(load_tiled(_map(tmp_path, [1])))


def test_a_tile_beyond_its_image_is_a_warning(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    path = _map(tmp_path, [4])
    path.write_text(path.read_text().replace('columns="2"', 'columns="9"'))
    loaded = load_tiled(path)
    assert "outside its 8x8 image" in _warnings_text(loaded)


def test_warnings_reach_check_json(tmp_path: Path) -> None:
    data = report_json(check_mission(_map(tmp_path, [1])))
    assert data["valid"] is True
    found = [w for w in data["warnings"] if "pal.png" in w["message"]]
    assert found and found[0]["line"] is not None


# ------------------------------------------------------------------ bounds
@pytest.mark.parametrize(
    ("width", "height", "tile"),
    [(40, 40, 32), (40, 40, 8), (40, 40, 500), (500, 500, 32), (500, 20, 64), (300, 300, 128)],
)
def test_the_background_stays_bounded(width: int, height: int, tile: int) -> None:
    ppf = pixels_per_field(width, height, tile)
    assert ppf >= 1
    assert width * ppf <= MAX_SIDE and height * ppf <= MAX_SIDE
    assert width * height * ppf * ppf <= MAX_PIXELS


def test_pixels_per_field_follow_the_tile_width_within_limits() -> None:
    assert pixels_per_field(40, 40, 32) == 32
    assert pixels_per_field(40, 40, 8) == 16
    assert pixels_per_field(10, 10, 300) == 128
    assert pixels_per_field(500, 500, 32) == 11  # 500 x 500 fields: 32 M pixels at most


def test_the_rendered_map_loads_as_json_tileset_too(tmp_path: Path) -> None:
    """The desert tileset as JSON (desert.tsj) gives the same pixels as desert.tsx."""
    for name in ("desert.tmx", "tmw_desert_spacing.png", "desert.tsj"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    text = (tmp_path / "desert.tmx").read_text().replace("desert.tsx", "desert.tsj")
    (tmp_path / "desert.tmx").write_text(text)
    assert np.array_equal(picture(load_tiled(tmp_path / "desert.tmx")), picture(load_tiled(DESERT)))
    assert json.loads((SAMPLES / "desert.tsj").read_text())["spacing"] == 1


# ------------------------------------------------------------------ .json maps
def test_a_tiled_map_saved_as_json_is_read_as_tiled(tmp_path: Path) -> None:
    """Tiled before 1.8 saved JSON maps as .json, which Universal VTT exports use too."""
    for name in ("desert.tsj", "tmw_desert_spacing.png"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    document = json.loads(OUTPOST.read_text(encoding="utf-8"))
    (tmp_path / "new.json").write_text(json.dumps(document), encoding="utf-8")
    for key in ("type", "tiledversion", "version"):  # as Tiled before 1.2 wrote it
        document.pop(key)
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    for name in ("new.json", "old.json"):
        loaded = load_any(tmp_path / name)
        assert loaded.source_format == "tiled"
        assert loaded.mission.background is not None
        assert loaded.mission.edges == load_tiled(OUTPOST).mission.edges


def test_a_universal_vtt_json_stays_universal_vtt(tmp_path: Path) -> None:
    source = SAMPLES.parent / "cave.uvtt"
    shutil.copy(source, tmp_path / "cave.json")
    assert load_any(tmp_path / "cave.json").source_format == "uvtt"
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    report = check_mission(tmp_path / "broken.json")
    assert not report.valid and report.errors


# ------------------------------------------------------------------ objects and image layers
def test_tile_objects_are_drawn_from_their_bottom_left_corner(tmp_path: Path) -> None:
    """A 4 px tile object, 32 px large, at (16, 48) on 16 px fields: fields (1..2, 1..2)."""
    _palette_tileset(tmp_path, "pal.png", 4)
    objects = (
        '<objectgroup name="o"><object id="1" gid="2" x="16" y="48" width="32" height="32"/>'
        f'<object id="2" gid="{4 | FLIP_H}" x="0" y="64" width="16" height="16"/>'
        '<object id="3" gid="3" type="creature" x="48" y="16" width="16" height="16">'
        '<properties><property name="creature_type" value="ron"/>'
        '<property name="side" value="a"/></properties></object>'
        "</objectgroup>"
    )
    path = _map(tmp_path, [0] * 16, height=4, layers=objects)
    loaded = load_tiled(path)
    image = picture(loaded)
    assert image.shape == (64, 64, 3)
    assert tuple(image[16 + 1, 16 + 1]) == _source(1, 0, 0)  # 8x8 blocks from (16, 16)
    assert tuple(image[16 + 31, 16 + 31]) == _source(1, 3, 3)
    assert tuple(image[0 + 1, 48 + 1]) == _source(3, 3, 0)  # flipped left-right
    assert tuple(image[48 + 8, 0 + 8]) == (255, 255, 255)  # a creature's picture is its token


def test_a_turned_tile_object_turns_about_its_bottom_left_corner(tmp_path: Path) -> None:
    """Turned 90° clockwise about (0, 16), a 16 px object covers (0..16, 16..32)."""
    _palette_tileset(tmp_path, "pal.png", 4)
    objects = (
        '<objectgroup name="o"><object id="1" gid="2" x="0" y="16" width="16" height="16" '
        'rotation="90"/></objectgroup>'
    )
    path = _map(tmp_path, [0] * 4, height=2, layers=objects)
    image = picture(load_tiled(path))
    # the tile's top-left pixel ends at the top-right after a clockwise quarter turn
    assert tuple(image[14, 17]) == _source(1, 0, 0)
    assert tuple(image[1, 1]) == (255, 255, 255)


def test_an_image_layer_is_drawn_at_its_offset_scaled_as_the_tiles(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    layer = '<imagelayer name="pic" offsetx="4" offsety="0"><image source="pal.png"/></imagelayer>'
    path = _map(tmp_path, [0, 0, 0], tile=4, map_tile=4, layers=layer)
    loaded = load_tiled(path)
    assert loaded.mission.background is not None
    image = picture(loaded)  # 16 px per field: the image's 4 px are 16 px
    assert image.shape == (48, 16, 3)
    assert tuple(image[16 + 1, 1]) == _source(0, 0, 0)
    assert tuple(image[1, 1]) == (255, 255, 255)


def test_a_palette_image_is_drawn(tmp_path: Path) -> None:
    """8-bit PNGs (common in older tilesets) are scaled like the others."""
    _palette_tileset(tmp_path, "rgb.png", 4)
    image = pygame.image.load(str(tmp_path / "rgb.png"))
    pygame.image.save(image.convert(8), str(tmp_path / "pal.png"))
    loaded = load_tiled(_map(tmp_path, [1, 4], tile=4, map_tile=2))
    assert loaded.warnings == ()
    assert picture(loaded).shape == (32, 16, 3)


def test_json_maps_draw_image_layers_and_tile_objects(tmp_path: Path) -> None:
    _palette_tileset(tmp_path, "pal.png", 4)
    document = {
        "type": "map",
        "orientation": "orthogonal",
        "width": 3,
        "height": 1,
        "tilewidth": 4,
        "tileheight": 4,
        "tilesets": [
            {
                "firstgid": 1,
                "name": "pal",
                "tilewidth": 4,
                "tileheight": 4,
                "tilecount": 4,
                "columns": 2,
                "image": "pal.png",
                "imagewidth": 8,
                "imageheight": 8,
            },
        ],
        "layers": [
            {"type": "imagelayer", "name": "pic", "image": "pal.png", "offsetx": 4},
            {
                "type": "objectgroup",
                "name": "o",
                "objects": [{"id": 1, "gid": 4 | FLIP_V, "x": 0, "y": 4, "width": 4, "height": 4}],
            },
        ],
    }
    (tmp_path / "m.tmj").write_text(json.dumps(document), encoding="utf-8")
    image = picture(load_tiled(tmp_path / "m.tmj"))
    assert image.shape == (48, 16, 3)
    assert tuple(image[16 + 1, 1]) == _source(0, 0, 0)  # the image layer at 4 px = 1 field
    assert tuple(image[1, 1]) == _source(3, 0, 3)  # the object, flipped upside down


def test_the_images_read_are_bounded_in_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the bound, further images are not read: a warning, the first tiles drawn."""
    _palette_tileset(tmp_path, "pal.png", 4)
    shutil.copy(tmp_path / "pal.png", tmp_path / "more.png")
    monkeypatch.setattr("game.missions.tiled_art.MAX_DECODED", 100)
    second = '<imagelayer name="pic"><image source="more.png"/></imagelayer>'
    loaded = load_tiled(_map(tmp_path, [1], layers=second))
    assert "more.png" in _warnings_text(loaded) and "100 pixels" in _warnings_text(loaded)
    assert picture(loaded)[1, 1][0] == 10


def test_huge_tile_objects_and_oversized_tiles_are_not_drawn(tmp_path: Path) -> None:
    """Hostile sizes: an object of 10^8 px and tiles larger than their image; no crash."""
    _palette_tileset(tmp_path, "pal.png", 4)
    huge = (
        '<objectgroup name="o"><object id="1" gid="2" x="0" y="16" width="100000000" '
        'height="100000000"/></objectgroup>'
    )
    loaded = load_tiled(_map(tmp_path, [1], layers=huge))
    assert picture(loaded).shape == (16, 16, 3)
    path = _map(tmp_path, [1], tile=64, tileset_extra="")
    path.write_text(path.read_text().replace('columns="2"', 'columns="0"'))
    loaded = load_tiled(path)
    assert "holds no 64x64 tile" in _warnings_text(loaded)
    assert loaded.mission.background is None


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("/etc/passwd.png", "absolute"),
        ("C:\\\\maps\\\\pal.png", "absolute"),
        ("sub/../../x.png", "'..'"),
    ],
)
def test_absolute_and_escaping_image_paths_are_warnings(
    tmp_path: Path, source: str, expected: str
) -> None:
    path = _map(tmp_path, [1])
    path.write_text(path.read_text().replace('source="pal.png"', f'source="{source}"'))
    loaded = load_tiled(path)
    assert expected in _warnings_text(loaded)
    assert loaded.mission.background is None


def test_an_external_tilesets_images_lie_beside_it(tmp_path: Path) -> None:
    """tilesets/desert.tsx names tmw_desert_spacing.png: it is read from tilesets/."""
    (tmp_path / "tilesets").mkdir()
    shutil.copy(SAMPLES / "desert.tsx", tmp_path / "tilesets" / "desert.tsx")
    shutil.copy(
        SAMPLES / "tmw_desert_spacing.png", tmp_path / "tilesets" / "tmw_desert_spacing.png"
    )
    text = DESERT.read_text(encoding="utf-8").replace('"desert.tsx"', '"tilesets/desert.tsx"')
    (tmp_path / "desert.tmx").write_text(text, encoding="utf-8")
    loaded = load_tiled(tmp_path / "desert.tmx")
    assert not any("image" in w.message for w in loaded.warnings)
    assert np.array_equal(picture(loaded), picture(load_tiled(DESERT)))


def test_the_transparent_colour_of_a_tileset_image_lets_the_ground_through(
    tmp_path: Path,
) -> None:
    """``trans="0a0505"``: tile 0's top-left pixel (10, 5, 5) is drawn transparent."""
    _palette_tileset(tmp_path, "pal.png", 4)
    path = _map(tmp_path, [1])
    path.write_text(path.read_text().replace('source="pal.png"', 'source="pal.png" trans="0a0505"'))
    image = picture(load_tiled(path))
    assert tuple(image[1, 1]) == (255, 255, 255)
    assert tuple(image[5, 1]) == _source(0, 1, 0)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.binary(max_size=300),
    keep=st.integers(min_value=0, max_value=200),
    flags=st.sampled_from([0, FLIP_H, FLIP_V, FLIP_D, FLIP_D | FLIP_H | FLIP_V]),
)
def test_damaged_tileset_images_never_crash_the_loader(
    tmp_path: Path, data: bytes, keep: int, flags: int
) -> None:
    """A real PNG cut short or followed by junk, or junk alone: a warning at worst."""
    _palette_tileset(tmp_path, "good.png", 4)
    good = (tmp_path / "good.png").read_bytes()
    (tmp_path / "pal.png").write_bytes(good[:keep] + data)
    loaded = load_tiled(_map(tmp_path, [2 | flags, 0]))
    assert loaded.mission.width == 2
    assert all(w.warning for w in loaded.warnings)
