"""What each kind of field looks like on paper: black-and-white patterns, not colour.

A printed map must read on a black-and-white laser printer, so every kind of field
the rules know (walls, doors, difficult ground, water, low obstacles, smoke, hazards,
the terrain kinds with checks) gets its own pattern or letter code: ``MARKS``. A
field can carry several marks (water that is also difficult shows waves and dots).

The drawing functions take a reportlab canvas but import nothing from reportlab, so
this module loads without the optional ``print`` extra.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

from game.board.grid import BattleGrid, BoolGrid, Cover, Terrain

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = [
    "MARKS",
    "TERRAIN_MARKS",
    "Mark",
    "code_font_size",
    "door_runs_horizontally",
    "draw_code",
    "draw_mark",
    "mark_masks",
    "pattern_names",
]

CODE_FONT = "Helvetica-Bold"


@dataclass(frozen=True)
class Mark:
    """One printed look: a pattern routine and an optional letter code.

    ``layer`` orders the drawing (fills first, codes last); ``code_right`` puts the
    code in the field's top-right corner instead of the top-left one.
    """

    key: str
    pattern: str
    code: str
    german: str
    english: str
    layer: int
    code_right: bool = False

    @property
    def signature(self) -> tuple[str, str]:
        """Return what tells this mark apart on paper: pattern and letter code."""
        return (self.pattern, self.code)


def _m(key: str, pattern: str, code: str, german: str, english: str, layer: int) -> Mark:
    return Mark(key, pattern, code, german, english, layer, code_right=(pattern == "hazard"))


_TABLE: tuple[Mark, ...] = (
    _m("wall", "solid", "", "Wand", "wall", 0),
    _m("door_closed", "door_closed", "", "Tür, geschlossen", "door, closed", 1),
    _m("door_open", "door_open", "", "Tür, offen", "door, open", 1),
    _m("hazard", "hazard", "!", "Gefahr (Lava, Abgrund)", "hazard (lava, chasm)", 2),
    _m("water", "waves", "", "Wasser", "water", 3),
    _m("full_cover", "grid", "", "Hindernis mit Volldeckung", "obstacle, full cover", 4),
    _m("low_obstacle", "crosshatch", "", "Niedriges Hindernis (Teildeckung)", "low obstacle", 5),
    _m("smoke", "stipple", "", "Rauch (Volldeckung)", "smoke (full cover)", 6),
    _m("difficult", "dots", "", "Schwieriges Gelände (2 BEW)", "difficult ground", 7),
    _m("climb", "code", "Kl", "Kletteroberfläche", "climbing surface", 8),
    _m("rubble", "code", "Ge", "Geröll, Müll, Wurzeln", "rubble, debris, roots", 8),
    _m("mud", "code", "Ma", "Matsch, Eis, glitschig", "mud, ice, slippery", 8),
    _m("slope", "code", "Ha", "Hang, Steigung", "slope", 8),
    _m("narrow", "code", "Sc", "Schmaler Untergrund", "narrow ground", 8),
    _m("crowd", "code", "Me", "Menschenmenge", "crowd", 8),
    _m("shards", "code", "Gl", "Glassplitter, Stacheldraht", "shards, barbed wire", 8),
    _m("strobe", "code", "St", "Stroboskoplicht", "strobe light", 8),
)

#: Every mark by key, in drawing order.
MARKS: Mapping[str, Mark] = MappingProxyType({mark.key: mark for mark in _TABLE})

#: The mark of each terrain kind (plain ground has none).
TERRAIN_MARKS: Mapping[Terrain, str] = MappingProxyType(
    {
        Terrain.CLIMB: "climb",
        Terrain.WATER: "water",
        Terrain.RUBBLE: "rubble",
        Terrain.MUD: "mud",
        Terrain.SLOPE: "slope",
        Terrain.NARROW: "narrow",
        Terrain.CROWD: "crowd",
        Terrain.SHARDS: "shards",
        Terrain.STROBE: "strobe",
    }
)


def mark_masks(grid: BattleGrid) -> dict[str, BoolGrid]:
    """Return, for every mark, the fields ([y, x]) that show it.

    A wall shows only the wall; a door only its door symbol; other fields show
    every mark that applies.
    """
    wall = grid.wall
    door = grid.door & ~wall
    ground = ~wall & ~door
    masks: dict[str, BoolGrid] = {
        "wall": wall.copy(),
        "door_closed": door & ~grid.door_open,
        "door_open": door & grid.door_open,
        "hazard": grid.hazard & ground,
        # Smoke gives full cover by itself (DESIGN legend '%'): its stipple says so.
        "full_cover": (grid.cover == int(Cover.FULL)) & ~grid.smoke & ground,
        "low_obstacle": (grid.cover == int(Cover.PARTIAL)) & ground,
        "smoke": grid.smoke & ground,
        "difficult": grid.difficult & ground,
    }
    for terrain, key in TERRAIN_MARKS.items():
        masks[key] = (grid.terrain == int(terrain)) & ground
    return {key: masks[key] for key in MARKS}


def door_runs_horizontally(grid: BattleGrid) -> BoolGrid:
    """Return, per field, whether a door there sits in a wall running left-right.

    A door with a blocking field to its left or right sits in a horizontal wall;
    otherwise, with one above or below, in a vertical wall; alone, horizontal.
    """
    solid = grid.wall | grid.door
    padded = np.pad(solid, 1, constant_values=False)
    left_right = padded[1:-1, :-2] | padded[1:-1, 2:]
    up_down = padded[:-2, 1:-1] | padded[2:, 1:-1]
    return left_right | ~up_down


# --------------------------------------------------------------------- drawing
# Every routine draws one field whose bottom-left corner is (x, y) and whose side
# is s points, in PDF coordinates (y grows upwards). Details scale with s, so the
# legend can draw the same pattern as a small swatch.

Draw = Callable[["Canvas", float, float, float, bool], None]


def _solid(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setFillGray(0.25)
    c.rect(x, y, s, s, stroke=0, fill=1)


def _jambs(c: Canvas, s: float) -> None:
    # Called inside a frame centred on the field with the wall along the x axis.
    c.setFillGray(0.0)
    c.rect(-0.5 * s, -0.15 * s, 0.1 * s, 0.3 * s, stroke=0, fill=1)
    c.rect(0.4 * s, -0.15 * s, 0.1 * s, 0.3 * s, stroke=0, fill=1)


def _door_frame(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.saveState()
    c.translate(x + s / 2, y + s / 2)
    if not horizontal:
        c.rotate(90)


def _door_closed(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    _door_frame(c, x, y, s, horizontal)
    _jambs(c, s)
    # The closed leaf: a solid bar across the opening.
    c.rect(-0.4 * s, -0.07 * s, 0.8 * s, 0.14 * s, stroke=0, fill=1)
    c.restoreState()


def _door_open(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    _door_frame(c, x, y, s, horizontal)
    _jambs(c, s)
    # Two open leaves at right angles to the wall, their swing arcs dashed: the
    # opening between the jambs stays empty (a closed door has a bar there).
    c.setStrokeGray(0.0)
    c.setLineWidth(max(0.4, s * 0.012))
    c.setFillGray(1.0)
    leaf = 0.4 * s
    c.rect(-0.4 * s, 0.0, 0.05 * s, leaf, stroke=1, fill=1)
    c.rect(0.35 * s, 0.0, 0.05 * s, leaf, stroke=1, fill=1)
    c.setDash(max(1.0, s * 0.03), max(1.0, s * 0.03))
    c.arc(-0.4 * s - leaf, -leaf, -0.4 * s + leaf, leaf, 0, 90)
    c.arc(0.4 * s - leaf, -leaf, 0.4 * s + leaf, leaf, 90, 90)
    c.setDash()
    c.restoreState()


def _dots(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setFillGray(0.0)
    n = 6
    step = s / n
    radius = max(0.45, s * 0.013)
    path = c.beginPath()
    for row in range(n):
        count = n if row % 2 == 0 else n - 1
        offset = 0.5 if row % 2 == 0 else 1.0
        for col in range(count):
            path.circle(x + (col + offset) * step, y + (row + 0.5) * step, radius)
    c.drawPath(path, stroke=0, fill=1)


def _waves(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setStrokeGray(0.0)
    c.setLineWidth(max(0.4, s * 0.012))
    amplitude = s * 0.045
    path = c.beginPath()
    for k in range(4):
        base = y + (k + 0.5) * s / 4
        path.moveTo(x, base)
        quarter = s / 4
        for half in range(4):
            x0 = x + half * quarter
            sign = 1 if half % 2 == 0 else -1
            path.curveTo(
                x0 + quarter / 3,
                base + sign * amplitude * 1.33,
                x0 + 2 * quarter / 3,
                base + sign * amplitude * 1.33,
                x0 + quarter,
                base,
            )
    c.drawPath(path, stroke=1, fill=0)


def _diagonals(
    c: Canvas, x: float, y: float, s: float, count: int, *, rising: bool, falling: bool
) -> None:
    path = c.beginPath()
    step = s / count
    for i in range(1, 2 * count):
        d = i * step - s  # line x' - y' = d inside the square [0, s]²
        if rising:
            path.moveTo(x + max(0.0, d), y + max(0.0, -d))
            path.lineTo(x + min(s, s + d), y + min(s, s - d))
        if falling:
            # line x' + y' = d + s
            t = d + s
            path.moveTo(x + max(0.0, t - s), y + min(s, t))
            path.lineTo(x + min(s, t), y + max(0.0, t - s))
    c.drawPath(path, stroke=1, fill=0)


def _crosshatch(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setStrokeGray(0.0)
    c.setLineWidth(max(0.3, s * 0.008))
    _diagonals(c, x, y, s, 6, rising=True, falling=True)


def _grid(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setStrokeGray(0.0)
    c.setLineWidth(max(0.3, s * 0.008))
    path = c.beginPath()
    n = 8
    for i in range(1, n):
        path.moveTo(x + i * s / n, y)
        path.lineTo(x + i * s / n, y + s)
        path.moveTo(x, y + i * s / n)
        path.lineTo(x + s, y + i * s / n)
    c.drawPath(path, stroke=1, fill=0)
    c.setLineWidth(max(0.6, s * 0.025))
    inset = s * 0.08
    c.rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, stroke=1, fill=0)


def _stipple_points() -> tuple[tuple[float, float], ...]:
    # A fixed scatter (a small linear congruential sequence), the same on every field.
    points = []
    state = 12345
    for _ in range(22):
        state = (1103515245 * state + 12345) % 2**31
        u = (state % 1000) / 1000
        state = (1103515245 * state + 12345) % 2**31
        v = (state % 1000) / 1000
        points.append((0.06 + 0.88 * u, 0.06 + 0.88 * v))
    return tuple(points)


_STIPPLE = _stipple_points()


def _stipple(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setStrokeGray(0.45)
    c.setLineWidth(max(0.3, s * 0.007))
    path = c.beginPath()
    radius = max(0.5, s * 0.022)
    for u, v in _STIPPLE:
        path.circle(x + u * s, y + v * s, radius)
    c.drawPath(path, stroke=1, fill=0)


def _hazard(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    c.setStrokeGray(0.0)
    c.setLineWidth(max(0.8, s * 0.03))
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, s, s)
    c.clipPath(clip, stroke=0, fill=0)
    _diagonals(c, x, y, s, 5, rising=True, falling=False)
    c.restoreState()


def _nothing(c: Canvas, x: float, y: float, s: float, horizontal: bool) -> None:
    """Letter-code marks have no fill; their code is drawn by ``draw_code``."""


_ROUTINES: Mapping[str, Draw] = MappingProxyType(
    {
        "solid": _solid,
        "door_closed": _door_closed,
        "door_open": _door_open,
        "hazard": _hazard,
        "waves": _waves,
        "grid": _grid,
        "crosshatch": _crosshatch,
        "stipple": _stipple,
        "dots": _dots,
        "code": _nothing,
    }
)


def code_font_size(s: float) -> float:
    """Return the font size of letter codes in a field of side ``s`` points."""
    return min(10.0, max(5.5, s * 0.14))


def draw_code(c: Canvas, mark: Mark, x: float, y: float, s: float) -> None:
    """Draw the mark's letter code in a white box in a top corner of the field."""
    if not mark.code:
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth  # the optional extra

    size = code_font_size(s)
    width = stringWidth(mark.code, CODE_FONT, size)
    pad = size * 0.2
    box_w = width + 2 * pad
    box_h = size * 1.1
    inset = s * 0.04
    left = x + s - inset - box_w if mark.code_right else x + inset
    bottom = y + s - inset - box_h
    c.setFillGray(1.0)
    c.setStrokeGray(0.0)
    c.setLineWidth(0.4)
    c.rect(left, bottom, box_w, box_h, stroke=1, fill=1)
    c.setFillGray(0.0)
    c.setFont(CODE_FONT, size)
    c.drawString(left + pad, bottom + size * 0.25, mark.code)


def draw_mark(
    c: Canvas, mark: Mark, x: float, y: float, s: float, *, horizontal: bool = True
) -> None:
    """Draw one mark's pattern on the field at (x, y) of side ``s`` points (not its code)."""
    _ROUTINES[mark.pattern](c, x, y, s, horizontal)


def pattern_names() -> frozenset[str]:
    """Return the pattern routines known (for tests: every mark's pattern exists)."""
    return frozenset(_ROUTINES)
