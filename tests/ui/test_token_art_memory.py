"""Mission pictures stay inside the token art's memory bound (issue 12, i12; review finding 2).

A mission may name pictures of up to 2048 pixels a side; the screen keeps only each
picture's middle square shrunk to at most MAX_PICTURE_PX (<= MAX_ART_PX) a side, and
counts it in the same byte bound as every rendering (the least recently used goes first).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import token_art
from game.ui.token_art import MAX_ART_PX, MAX_PICTURE_PX, TokenArt, shrunk


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _picture(folder: Path, name: str, size: tuple[int, int], colour: tuple[int, int, int]) -> str:
    surface = pygame.Surface(size)
    surface.fill(colour)
    (folder / "art").mkdir(exist_ok=True)
    pygame.image.save(surface, str(folder / "art" / name))
    return f"art/{name}"


def _sources(art: TokenArt) -> dict[str, pygame.Surface | None]:
    return {key[1]: s for key, s in art._surfaces.items() if key[0] == "source"}


def _kept_bytes(art: TokenArt) -> int:
    return sum(s.get_width() * s.get_height() * 4 for s in art._surfaces.values() if s)


def test_i12_a_big_picture_is_kept_at_most_max_art_px_a_side(tmp_path: Path) -> None:
    relative = _picture(tmp_path, "big.png", (2048, 1536), (30, 160, 90))
    art = TokenArt(tmp_path)
    shown = art.picture(relative, 120)
    assert shown is not None and shown.get_size() == (120, 120)
    [source] = _sources(art).values()
    assert MAX_PICTURE_PX <= MAX_ART_PX
    assert source is not None and source.get_size() == (MAX_PICTURE_PX, MAX_PICTURE_PX)
    assert art.bytes == _kept_bytes(art) == (MAX_PICTURE_PX**2 + 120**2) * 4
    assert art.picture(relative, 2000) is not None  # drawn at most MAX_ART_PX
    assert art.picture(relative, 2000).get_size() == (MAX_ART_PX, MAX_ART_PX)  # type: ignore[union-attr]
    pixel = shown.get_at((60, 60))
    assert max(abs(pixel[i] - (30, 160, 90)[i]) for i in range(3)) <= 6  # smoothscale rounds


def test_i12_many_pictures_stay_inside_the_byte_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(token_art, "MAX_PICTURE_PX", 64)
    monkeypatch.setattr(token_art, "MAX_ART_BYTES", 64 * 64 * 4 * 5)
    art = TokenArt(tmp_path)
    names = [_picture(tmp_path, f"p{i}.png", (300, 200), (i * 10, 80, 200)) for i in range(12)]
    for name in names:
        assert art.picture(name, 40) is not None
        assert art.bytes <= token_art.MAX_ART_BYTES
        assert art.bytes == _kept_bytes(art)
    sources = _sources(art)
    assert 0 < len(sources) < len(names)  # the oldest went
    assert all(s is not None and max(s.get_size()) <= 64 for s in sources.values())
    assert names[-1] in sources
    # an evicted picture loads again when asked for
    assert art.picture(names[0], 40) is not None and names[0] in _sources(art)


def test_i12_a_broken_picture_is_remembered_and_costs_no_bytes(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    art = TokenArt(tmp_path)
    assert art.picture("art/bad.png", 40) is None
    renders = art.renders
    assert art.picture("art/bad.png", 40) is None and art.renders == renders
    assert art.bytes == 0


def test_i12_shrunk_keeps_the_middle_square() -> None:
    wide = pygame.Surface((300, 100))
    wide.fill((255, 0, 0))
    wide.fill((0, 0, 255), pygame.Rect(100, 0, 100, 100))
    small = shrunk(wide, 50)
    assert small.get_size() == (50, 50)
    assert tuple(small.get_at((25, 25)))[:3] == (0, 0, 255)
    assert shrunk(wide, 500).get_size() == (100, 100)
