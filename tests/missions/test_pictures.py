"""The missions layer's picture codec: formats, header sizes, bounded decoding, PNG out."""

from __future__ import annotations

import io
import struct
from typing import Any

import pygame
import pytest

from game.match.problems import MissionError
from game.missions import pictures


def _saved(surface: pygame.Surface, name: str) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, name)
    return buffer.getvalue()


def _picture(width: int, height: int, name: str, colour: tuple[int, int, int]) -> bytes:
    surface = pygame.Surface((width, height))
    surface.fill(colour)
    return _saved(surface, name)


def webp_vp8(width: int, height: int, body: bytes = b"") -> bytes:
    """Return a lossy WebP's header (RIFF, VP8 chunk, key frame) for ``width`` x ``height``."""
    frame = b"\x00\x00\x00" + b"\x9d\x01\x2a" + struct.pack("<HH", width, height) + body
    chunk = b"VP8 " + struct.pack("<I", len(frame)) + frame
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def webp_vp8l(width: int, height: int) -> bytes:
    bits = (width - 1) | ((height - 1) << 14)
    frame = b"\x2f" + bits.to_bytes(4, "little")
    return b"RIFF" + struct.pack("<I", 30) + b"WEBP" + b"VP8L" + struct.pack("<I", 5) + frame


def webp_vp8x(width: int, height: int) -> bytes:
    frame = b"\x10\x00\x00\x00" + (width - 1).to_bytes(3, "little")
    frame += (height - 1).to_bytes(3, "little")
    return b"RIFF" + struct.pack("<I", 30) + b"WEBP" + b"VP8X" + struct.pack("<I", 10) + frame


def test_picture_format_by_signature() -> None:
    assert pictures.picture_format(_picture(2, 2, "x.png", (0, 0, 0))) == "PNG"
    assert pictures.picture_format(_picture(2, 2, "x.jpg", (0, 0, 0))) == "JPEG"
    assert pictures.picture_format(webp_vp8(2, 2)) == "WebP"
    assert pictures.picture_format(b"GIF89a" + b"\x00" * 20) is None
    assert pictures.picture_format(b"RIFF\x00\x00\x00\x00WAVEfmt ") is None


@pytest.mark.parametrize("build", [webp_vp8, webp_vp8l, webp_vp8x])
def test_webp_size_from_each_header_kind(build: Any) -> None:
    """Lossy, lossless and extended WebP headers give the size without decoding."""
    assert pictures.picture_size(build(6144, 3456)) == (6144, 3456)
    assert pictures.picture_size(build(1, 1)) == (1, 1)


def test_size_of_png_and_jpeg_and_damaged_headers() -> None:
    assert pictures.picture_size(_picture(7, 5, "x.png", (1, 2, 3))) == (7, 5)
    assert pictures.picture_size(_picture(7, 5, "x.jpg", (1, 2, 3))) == (7, 5)
    assert pictures.picture_size(webp_vp8(7, 5)[:24]) is None  # cut before the size
    assert pictures.picture_size(b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 20) is None


def test_decode_a_real_jpeg_without_a_display() -> None:
    """A JPEG decodes to a surface of its size and colour; no display is opened."""
    was_open = pygame.display.get_init()  # an earlier test in this process may have one
    pygame.display.quit()
    try:
        surface = pictures.decode(
            _picture(12, 8, "x.jpg", (200, 40, 40)), name="x.jpg", path_label="map.dd2vtt"
        )
        assert surface.get_size() == (12, 8)
        red, green, blue, _ = surface.get_at((6, 4))
        assert red > 180 and green < 70 and blue < 70
        assert not pygame.display.get_init()
    finally:
        if was_open:
            pygame.display.init()


def test_decode_refuses_what_is_no_picture() -> None:
    with pytest.raises(MissionError) as raised:
        pictures.decode(b"GIF89a" + b"\x00" * 40, name="x.gif", path_label="map.dd2vtt")
    [problem] = raised.value.problems
    assert problem.path == "map.dd2vtt"
    assert "not a PNG, JPEG or WebP picture; expected a PNG, JPEG or WebP" in problem.message


def test_decode_refuses_a_large_header_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture whose header names too many pixels is refused unread (no decoder call)."""

    def never(*_: object) -> None:
        raise AssertionError("decoded a picture above the limit")

    monkeypatch.setattr(pygame.image, "load", never)
    with pytest.raises(MissionError) as raised:
        pictures.decode(webp_vp8(9000, 9000), name="x.webp", path_label="big.dd2vtt")
    [problem] = raised.value.problems
    assert "picture is 9000x9000 pixels (81000000 in all)" in problem.message
    assert f"expected at most {pictures.MAX_PIXELS} pixels" in problem.message
    with pytest.raises(MissionError, match="expected at most 100 pixels"):
        pictures.decode(webp_vp8(20, 20), name="x.webp", path_label="x", max_pixels=100)


def test_decode_refuses_a_surface_larger_than_its_header(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decoded size is checked too: a header that lies does not get past the bound."""
    monkeypatch.setattr(pygame.image, "load", lambda *_: pygame.Surface((30, 30)))
    with pytest.raises(MissionError, match="picture is 30x30 pixels"):
        pictures.decode(webp_vp8(5, 5), name="x.webp", path_label="x", max_pixels=100)


def test_decode_of_a_damaged_body_is_a_clear_error() -> None:
    with pytest.raises(MissionError) as raised:
        pictures.decode(webp_vp8(16, 16, b"\x00" * 30), name="x.webp", path_label="m.dd2vtt")
    [problem] = raised.value.problems
    assert problem.message.startswith("WebP picture cannot be decoded (")


def test_encode_png_round_trip() -> None:
    surface = pictures.canvas((9, 4), colour=(10, 20, 30))
    png = pictures.encode_png(surface)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", png[16:24]) == (9, 4)
    again = pictures.decode(png, name="x.png", path_label="x")
    assert again.get_at((8, 3))[:3] == (10, 20, 30)


def test_transforms() -> None:
    """Fitting shrinks and grows, turning is clockwise, keying clears one colour."""
    piece = pictures.canvas((4, 2), colour=(0, 0, 0))
    piece.set_at((0, 0), (255, 0, 0))
    assert pictures.fitted(piece, (4, 2)) is piece
    assert pictures.fitted(piece, (8, 4)).get_size() == (8, 4)
    assert pictures.fitted(piece, (2, 1)).get_size() == (2, 1)
    turned = pictures.turned(piece, 90)
    assert turned.get_size() == (2, 4)
    assert turned.get_at((1, 0))[:3] == (255, 0, 0)  # top-left goes to top-right
    assert pictures.flipped(piece, True, False).get_at((3, 0))[:3] == (255, 0, 0)
    keyed = pictures.keyed(piece, (0, 0, 0))
    assert keyed.get_at((1, 1)).a == 0 and keyed.get_at((0, 0)).a == 255
    palette = pictures.canvas((3, 3)).convert(8)
    assert pictures.deepened(palette).get_bitsize() == 32
