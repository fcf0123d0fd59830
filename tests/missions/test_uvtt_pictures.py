"""Universal VTT pictures in WebP and JPEG (Dungeondraft exports them) become backgrounds.

Since issue 13 point 9 the picture is kept as it is (``<stem>.jpg``, ``<stem>.webp``):
loading, ``check`` and ``import`` read its header only; it is decoded where it is
drawn. JPEG is tested with real pictures pygame writes; WebP with real WebP headers
(``tests/missions/test_hardened_uvtt_pictures.py`` draws a real WebP).
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


def test_a_jpeg_picture_becomes_the_background_undecoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The JPEG is kept as ``<stem>.jpg``, not decoded (issue 13 point 9); walls as ever."""
    jpeg = _jpeg(32, 24, (30, 160, 60))

    def never(*_: object) -> None:
        raise AssertionError("decoded the picture while loading")

    monkeypatch.setattr(pygame.image, "load", never)
    loaded = load_uvtt(_write(tmp_path, jpeg))
    assert loaded.warnings == ()
    assert loaded.mission.background == Background("karte.jpg", 8)
    assert loaded.images["karte.jpg"] == jpeg
    assert len(loaded.mission.edges) == 4


def test_a_webp_picture_becomes_the_background_undecoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A WebP is kept as ``<stem>.webp`` (issue 13 point 9): nothing is decoded."""
    webp = webp_vp8(32, 24, b"\x00" * 16)
    monkeypatch.setattr(uvtt.pictures, "can_decode", lambda kind: kind == "WebP")

    def never(*_: object) -> None:
        raise AssertionError("decoded the picture while loading")

    monkeypatch.setattr(pygame.image, "load", never)
    loaded = load_uvtt(_write(tmp_path, webp))
    assert loaded.warnings == ()
    assert loaded.mission.background == Background("karte.webp", 8)
    assert loaded.images["karte.webp"] == webp


def test_import_writes_the_picture_as_it_came(tmp_path: Path) -> None:
    """``kampfkarte import`` writes ``<stem>.jpg`` beside the mission, which loads with it."""
    jpeg = _jpeg(32, 24, (90, 90, 200))
    source = _write(tmp_path, jpeg, "keller.dd2vtt")
    target = tmp_path / "out" / "keller.toml"
    assert main(["import", "--language", "en", str(source), "-o", str(target)]) == 0
    assert (target.parent / "keller.jpg").read_bytes() == jpeg
    mission = load_native(target).mission
    assert mission.background is not None and mission.background.path == "keller.jpg"


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


@pytest.mark.parametrize(
    "picture",
    [
        webp_vp8(16, 16)[:20],  # a WebP cut in its header
        _jpeg(16, 16, (1, 2, 3))[:30],  # a JPEG cut before its size
    ],
    ids=["webp-cut", "jpeg-cut"],
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
    assert "Background: karte.jpg, 8 px per field" in out
    assert "picture" not in out
