"""Issue 12 point 13: the screen writes with the shipped DejaVu Sans, licence beside it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.theme import Fonts

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "Kampfkarte Mitteltaste äöüß ÄÖÜ – …"


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def test_i12_font_files_and_licence_ship_in_the_package() -> None:
    assert theme.FONT_REGULAR.is_file() and theme.FONT_BOLD.is_file()
    assert theme.FONT_DIR == ROOT / "assets" / "fonts"
    licence = (theme.FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "public domain" in licence
    total = sum(path.stat().st_size for path in theme.FONT_DIR.iterdir())
    assert total < 1_500_000
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["data-files"]["share/kampfkarte/assets/fonts"]
    assert "assets/fonts/*" in patterns


def test_i12_fonts_render_with_the_shipped_font_not_pygames_default() -> None:
    fonts = Fonts()
    for size in (14, 18, 22):
        for bold in (False, True):
            shipped = pygame.font.Font(theme.font_file(bold), theme.shipped_points(size, bold))
            ours = fonts.get(size, bold).render(SAMPLE, True, (255, 255, 255))
            want = shipped.render(SAMPLE, True, (255, 255, 255))
            assert ours.get_size() == want.get_size()
            old = pygame.font.Font(None, size).render(SAMPLE, True, (255, 255, 255))
            assert ours.get_size() != old.get_size()
    assert fonts.get(18, True).size(SAMPLE)[0] > fonts.get(18).size(SAMPLE)[0]


def test_i12_line_heights_stay_those_the_layouts_were_made_for() -> None:
    fonts = Fonts()
    for size in range(10, 40):
        old = pygame.font.Font(None, size).get_linesize()
        assert old - 3 <= fonts.get(size).get_linesize() <= old


def test_i12_the_shipped_font_has_umlauts_dash_and_ellipsis() -> None:
    font = Fonts().get(22)
    metrics = font.metrics("äöüßÄÖÜ–…")
    assert all(m is not None and m[4] > 0 for m in metrics)
    # letters are spaced evenly: "Kampfkarte" is as wide as its two halves side by side
    whole = font.size("Kampfkarte")[0]
    assert abs(whole - font.size("Kampf")[0] - font.size("karte")[0]) <= 2


def test_i12_a_missing_font_file_falls_back_to_pygames_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(theme, "font_file", lambda bold=False: None)
    font = Fonts().get(20)
    assert font.size(SAMPLE) == pygame.font.Font(None, 20).size(SAMPLE)
