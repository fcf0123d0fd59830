"""How the screen looks: colours and fonts. How terrain *works* lives in game/rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame

from game.board.grid import Terrain
from game.ui.asset_dirs import asset_path
from game.ui.screen_font import ScreenFont

Colour = tuple[int, int, int]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Return the colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


ColourA = tuple[int, int, int, int]

BACKGROUND: Colour = (24, 26, 30)
PANEL: Colour = (36, 39, 46)
PANEL_EDGE: Colour = (70, 76, 88)
TEXT: Colour = (230, 232, 236)
TEXT_DIM: Colour = (150, 155, 165)
TEXT_BAD: Colour = (240, 110, 100)
TEXT_GOOD: Colour = (130, 220, 140)
ACCENT: Colour = (250, 200, 80)
BUTTON: Colour = (56, 62, 74)
BUTTON_HOVER: Colour = (78, 86, 102)
BUTTON_DISABLED: Colour = (44, 47, 54)

FLOOR: Colour = (190, 184, 168)
GRID_LINE: Colour = (120, 116, 106)
WALL: Colour = (52, 50, 56)
DOOR_CLOSED: Colour = (150, 96, 44)
DOOR_OPEN: Colour = (200, 160, 100)
GLASS: Colour = (150, 200, 220)
SMOKE: Colour = (160, 160, 170)
HAZARD: Colour = (200, 60, 40)
COVER_PARTIAL: Colour = (120, 110, 80)
COVER_FULL: Colour = (80, 72, 52)

#: Ground colour per terrain kind (patterns are drawn over it by the map renderer).
TERRAIN_COLOURS: dict[Terrain, Colour] = {
    Terrain.NONE: FLOOR,
    Terrain.CLIMB: (150, 140, 120),
    Terrain.WATER: (90, 140, 190),
    Terrain.RUBBLE: (160, 140, 110),
    Terrain.MUD: (130, 110, 80),
    Terrain.SLOPE: (175, 165, 130),
    Terrain.NARROW: (170, 150, 120),
    Terrain.CROWD: (180, 150, 160),
    Terrain.SHARDS: (180, 190, 195),
    Terrain.STROBE: (200, 170, 220),
}

# Overlays (RGBA: drawn with alpha over the map).
REACH_FIELD: ColourA = (60, 160, 255, 70)
REACH_FIELD_FAR: ColourA = (60, 110, 255, 45)
DISENGAGE_FIELD: ColourA = (255, 150, 40, 90)
PATH: Colour = (255, 255, 255)
THREAT_OWN: ColourA = (80, 220, 120, 60)
THREAT_ENEMY: ColourA = (240, 70, 60, 60)
TEMPLATE_FIELD: ColourA = (255, 210, 60, 90)
FOG: ColourA = (10, 12, 16, 150)
SELECTED: Colour = (255, 255, 255)
CURRENT: Colour = (255, 215, 0)

#: Fallback side colours when a mission gives none or two sides share one.
SIDE_COLOURS: tuple[Colour, ...] = (
    (60, 120, 220),
    (210, 60, 60),
    (60, 170, 90),
    (200, 150, 40),
    (150, 80, 200),
    (40, 170, 180),
)


def parse_colour(text: str, default: Colour = (128, 128, 128)) -> Colour:
    """Return the RGB of "#rrggbb" (``default`` when it is not one)."""
    value = text.strip().lstrip("#")
    if len(value) != 6:
        return default
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        return default


#: The shipped font (DejaVu Sans, Bitstream Vera licence in the same folder): pygame's
#: default font spaces letters unevenly ("Kampf karte").
FONT_DIR = asset_path("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
#: Sizes are given in the old default font's units; DejaVu is larger per point, so a size
#: opens DejaVu at about this share, then smaller until its line is at most one pixel
#: taller than the old font's (the layouts were made for those line heights).
FONT_SCALE = 0.72
LINE_SLACK_PX = 0


def font_file(bold: bool = False) -> Path | None:
    """Return the shipped font file (bold or regular), None when it is missing."""
    path = FONT_BOLD if bold else FONT_REGULAR
    return path if path.is_file() else None


@dataclass(eq=False)  # one per App, compared (and cached against) by identity
class Fonts:
    """Fonts by size (in the old default font's units), each created once."""

    _cache: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = _load(key[0], bold)
            self._cache[key] = font
        return font


def _load(size: int, bold: bool) -> pygame.font.Font:
    """Open the shipped font at ``size``; pygame's default font if it cannot be read.

    Either is a ScreenFont: any text from a file can be drawn and measured.
    """
    path = font_file(bold)
    if path is not None:
        try:
            return ScreenFont(path, shipped_points(size, bold))
        except (OSError, pygame.error):  # a damaged install still shows text
            pass
    font = ScreenFont(None, size)
    font.set_bold(bold)
    return font


@lru_cache(maxsize=256)
def shipped_points(size: int, bold: bool = False) -> int:
    """Return the shipped font's point size standing in for the old font's ``size``."""
    path = font_file(bold)
    if path is None:
        return size
    if not pygame.font.get_init():
        pygame.font.init()
    limit = pygame.font.Font(None, size).get_linesize() + LINE_SLACK_PX
    points = max(6, round(size * FONT_SCALE))
    while points > 6 and pygame.font.Font(path, points).get_linesize() > limit:
        points -= 1
    return points
