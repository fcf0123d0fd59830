"""Universal VTT pictures in WebP and JPEG (Dungeondraft exports them) become PNG backgrounds.

JPEG is tested with real pictures pygame writes; pygame cannot write WebP and no
published WebP export is small enough to keep (the smallest in dnd-apps/vtt-maps is
388 kB), so WebP is tested with real WebP headers and a stand-in decoder.
"""

from __future__ import annotations

import base64
import io
import json
import struct
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.cli import main
from game.missions import uvtt
from game.missions.model import Background
from game.missions.toml_format import load_native
from game.missions.uvtt import load_uvtt
from tests.missions.test_pictures import webp_vp8


def _jpeg(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
    surface = pygame.Surface((width, height))
    surface.fill(colour)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.jpg")
    return buffer.getvalue()


def _write(tmp_path: Path, picture: bytes, name: str = "karte.dd2vtt") -> Path:
    document: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 4, "y": 3},
            "pixels_per_grid": 8,
        },
        "line_of_sight": [[{"x": 0, "y": 1}, {"x": 4, "y": 1}]],
        "portals": [],
        "image": base64.b64encode(picture).decode(),
    }
    target = tmp_path / name
    target.write_text(json.dumps(document), encoding="utf-8")
    return target


def _png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def test_a_jpeg_picture_becomes_the_png_background(tmp_path: Path) -> None:
    """The JPEG is decoded and kept as ``<stem>.png``; walls load as ever; no warning."""
    loaded = load_uvtt(_write(tmp_path, _jpeg(32, 24, (30, 160, 60))))
    assert loaded.warnings == ()
    assert loaded.mission.background == Background("karte.png", 8)
    png = loaded.images["karte.png"]
    assert _png_size(png) == (32, 24)
    red, green, blue, _ = pygame.image.load(io.BytesIO(png), "k.png").get_at((16, 12))
    assert green > 140 and red < 50 and blue < 80
    assert len(loaded.mission.edges) == 4


def test_a_webp_picture_becomes_the_png_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A WebP is handed to the decoder with a .webp name and its result saved as PNG."""
    seen: list[str] = []

    def decoder(_: object, name: str) -> pygame.Surface:
        seen.append(name)
        surface = pygame.Surface((32, 24))
        surface.fill((200, 10, 10))
        return surface

    monkeypatch.setattr(pygame.image, "load", decoder)
    loaded = load_uvtt(_write(tmp_path, webp_vp8(32, 24, b"\x00" * 16)))
    assert seen == ["image.webp"]
    assert loaded.warnings == ()
    assert loaded.mission.background == Background("karte.png", 8)
    assert _png_size(loaded.images["karte.png"]) == (32, 24)


def test_import_writes_the_converted_png(tmp_path: Path) -> None:
    """``kampfkarte import`` writes ``<stem>.png`` beside the mission, which loads with it."""
    source = _write(tmp_path, _jpeg(32, 24, (90, 90, 200)), "keller.dd2vtt")
    target = tmp_path / "out" / "keller.toml"
    assert main(["import", "--language", "en", str(source), "-o", str(target)]) == 0
    assert _png_size((target.parent / "keller.png").read_bytes()) == (32, 24)
    mission = load_native(target).mission
    assert mission.background is not None and mission.background.path == "keller.png"


def test_a_picture_too_large_a_side_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Larger than 8192 a side (a background's limit): a warning, no decoding, walls kept."""

    def never(*_: object) -> None:
        raise AssertionError("decoded a picture above the limit")

    monkeypatch.setattr(pygame.image, "load", never)
    loaded = load_uvtt(_write(tmp_path, webp_vp8(9000, 100)))
    assert loaded.mission.background is None and dict(loaded.images) == {}
    assert len(loaded.mission.edges) == 4
    [warning] = loaded.warnings
    assert warning.warning and warning.key == "image"
    assert "the WebP picture cannot be used (it is 9000x100 pixels; expected at most " in (
        warning.message
    )


def test_a_picture_of_too_many_pixels_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Above MAX_CONVERTED_PIXELS in all: a warning naming the limit, nothing decoded."""

    def never(*_: object) -> None:
        raise AssertionError("decoded a picture above the limit")

    monkeypatch.setattr(uvtt, "MAX_CONVERTED_PIXELS", 500)
    monkeypatch.setattr(pygame.image, "load", never)
    loaded = load_uvtt(_write(tmp_path, _jpeg(32, 24, (0, 0, 0))))
    [warning] = loaded.warnings
    assert "picture is 32x24 pixels (768 in all); expected at most 500 pixels" in warning.message
    assert loaded.mission.background is None


def test_the_limit_is_64_m_pixels() -> None:
    assert uvtt.MAX_CONVERTED_PIXELS == 64 * 1024 * 1024


@pytest.mark.parametrize(
    "picture",
    [
        webp_vp8(16, 16, b"\xff" * 40),  # a real header over a body no decoder can read
        _jpeg(16, 16, (1, 2, 3))[:30],  # a JPEG cut before its size
    ],
    ids=["webp-body", "jpeg-cut"],
)
def test_a_broken_picture_is_a_warning_not_a_crash(tmp_path: Path, picture: bytes) -> None:
    loaded = load_uvtt(_write(tmp_path, picture))
    assert loaded.mission.background is None and dict(loaded.images) == {}
    assert len(loaded.mission.edges) == 4
    [warning] = loaded.warnings
    assert warning.warning and "picture cannot be used (" in warning.message
    assert "the map loads without background" in warning.message


def test_check_reports_the_background_of_a_jpeg_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _write(tmp_path, _jpeg(32, 24, (5, 5, 5)))
    assert main(["check", "--language", "en", str(source)]) == 0
    out = capsys.readouterr().out
    assert "Background: karte.png, 8 px per field" in out
    assert "picture" not in out
