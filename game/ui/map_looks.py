"""What each field of the map looks like: its look code, its picture, its legend name.

Every field gets a *look code* (``field_codes``: wall, glass, door closed/open and its
direction, terrain kind, difficult, cover, smoke, hazard); ``render_field`` paints one
code at one field size (the map renderer caches the pictures as sprites).

Looks: walls dark (a lit top face, a shadowed foot), glass panes (see-through walls)
pale blue with glare strokes, closed doors a wooden leaf with a handle across the
doorway, open doors a free doorway with the leaf halves pushed into the posts;
terrain kinds have their own colour *and* pattern (water waves, rubble pebbles, mud
smears, climbing rungs, slope chevrons, a narrow ledge, crowd heads, glass shards,
strobe rays); difficult ground is hatched; low obstacles (Teildeckung) are
cross-hatched crates, full-cover objects (Volldeckung) solid blocks; smoke grey puffs;
hazards red with warning stripes and a "!" triangle. Terrain kinds with checks also
carry the letter code of the printed map (``game.export.patterns.MARKS``) when fields
are large. Over a background image the looks are see-through tints.

``legend_items``, ``look_keys`` and ``look_name`` name the looks for a legend.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pygame

from game.board.grid import BattleGrid, Cover, Terrain
from game.export.patterns import MARKS, TERRAIN_MARKS, door_runs_horizontally
from game.ui import theme
from game.ui.theme import Colour, Fonts

# ----------------------------------------------------------------- look codes
KIND_FLOOR = 0
KIND_WALL = 1
KIND_GLASS = 2
KIND_DOOR_CLOSED = 3
KIND_DOOR_OPEN = 4
KIND_MASK = 0b111
HORIZONTAL = 1 << 3
TERRAIN_SHIFT = 4  # 4 bits
DIFFICULT = 1 << 8
COVER_SHIFT = 9  # 2 bits
SMOKE = 1 << 11
HAZARD = 1 << 12
WALL_TOP = 1 << 13  # a wall whose upper neighbour is open: a lit top edge
WALL_BOTTOM = 1 << 14  # a wall whose lower neighbour is open: a shadowed foot

IntGrid = npt.NDArray[np.int32]


def field_codes(grid: BattleGrid) -> IntGrid:
    """Return the look code of every field ([y, x]); 0 is plain floor.

    A wall or a door shows only itself (as on the printed map); other fields combine
    terrain kind, difficult ground, cover, smoke and hazard.
    """
    shape = grid.shape
    codes = np.zeros(shape, dtype=np.int32)
    ground = ~grid.wall & ~grid.door
    codes |= np.where(ground, grid.terrain.astype(np.int32) << TERRAIN_SHIFT, 0)
    codes |= np.where(ground & grid.difficult, DIFFICULT, 0)
    codes |= np.where(ground, grid.cover.astype(np.int32) << COVER_SHIFT, 0)
    codes |= np.where(ground & grid.smoke, SMOKE, 0)
    codes |= np.where(ground & grid.hazard, HAZARD, 0)
    door = grid.door & ~grid.wall
    if door.any():
        horizontal = door_runs_horizontally(grid) & door
        codes[door & ~grid.door_open] = KIND_DOOR_CLOSED
        codes[door & grid.door_open] = KIND_DOOR_OPEN
        codes[horizontal] |= HORIZONTAL
    solid = np.pad(grid.wall | grid.door, 1, constant_values=True)
    open_above = ~solid[:-2, 1:-1]
    open_below = ~solid[2:, 1:-1]
    wall = grid.wall & ~grid.see_through
    codes[wall] = KIND_WALL
    codes[wall & open_above] |= WALL_TOP
    codes[wall & open_below] |= WALL_BOTTOM
    codes[grid.wall & grid.see_through] = KIND_GLASS
    return codes


# ------------------------------------------------------------------- sprites
def _darker(colour: Colour, t: float = 0.35) -> Colour:
    return theme.mix(colour, (0, 0, 0), t)


def _lighter(colour: Colour, t: float = 0.35) -> Colour:
    return theme.mix(colour, (255, 255, 255), t)


def _rgba(colour: Colour, alpha: int) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], alpha)


#: A few fixed spots in a field (fractions) for pebbles, puffs and heads.
_SPOTS = ((0.22, 0.27), (0.62, 0.2), (0.8, 0.58), (0.4, 0.55), (0.18, 0.78), (0.66, 0.84))


def _pattern_water(spr: pygame.Surface, s: int, colour: Colour) -> None:
    wave = _lighter(colour, 0.45)
    width = max(1, s // 22)
    amp = max(1.0, s * 0.06)
    for row in (0.3, 0.62, 0.92):
        y0 = s * row - amp
        points = [(x, y0 + amp * math.sin(x / s * 4 * math.pi)) for x in range(0, s + 1, 2)]
        if len(points) > 1:
            pygame.draw.lines(spr, wave, False, points, width)


def _pattern_rubble(spr: pygame.Surface, s: int, colour: Colour) -> None:
    stone = _darker(colour, 0.4)
    radius = max(1, round(s * 0.07))
    for fx, fy in _SPOTS:
        pygame.draw.circle(spr, stone, (round(s * fx), round(s * fy)), radius)


def _pattern_mud(spr: pygame.Surface, s: int, colour: Colour) -> None:
    smear = _darker(colour, 0.3)
    h = max(2, s // 8)
    for fx, fy, fw in ((0.1, 0.2, 0.45), (0.5, 0.45, 0.4), (0.15, 0.7, 0.5)):
        pygame.draw.ellipse(spr, smear, (round(s * fx), round(s * fy), round(s * fw), h))


def _pattern_climb(spr: pygame.Surface, s: int, colour: Colour) -> None:
    rung = _darker(colour, 0.45)
    width = max(1, s // 16)
    left, right = round(s * 0.3), round(s * 0.7)
    pygame.draw.line(spr, rung, (left, 0), (left, s), width)
    pygame.draw.line(spr, rung, (right, 0), (right, s), width)
    for fy in (0.2, 0.5, 0.8):
        pygame.draw.line(spr, rung, (left, round(s * fy)), (right, round(s * fy)), width)


def _pattern_slope(spr: pygame.Surface, s: int, colour: Colour) -> None:
    mark = _darker(colour, 0.4)
    width = max(1, s // 16)
    for fy in (0.35, 0.7):
        y = s * fy
        pygame.draw.lines(
            spr,
            mark,
            False,
            [(s * 0.2, y + s * 0.15), (s * 0.5, y - s * 0.1), (s * 0.8, y + s * 0.15)],
            width,
        )


def _pattern_narrow(spr: pygame.Surface, s: int, colour: Colour) -> None:
    drop = _darker(colour, 0.55)
    band = round(s * 0.3)
    spr.fill(_rgba(drop, 255), (0, 0, s, band))
    spr.fill(_rgba(drop, 255), (0, s - band, s, band))


def _pattern_crowd(spr: pygame.Surface, s: int, colour: Colour) -> None:
    head = _darker(colour, 0.45)
    radius = max(1, round(s * 0.09))
    width = max(1, s // 24)
    for fx, fy in _SPOTS[:5]:
        pygame.draw.circle(spr, head, (round(s * fx), round(s * fy)), radius, width)


def _pattern_shards(spr: pygame.Surface, s: int, colour: Colour) -> None:
    shard = _darker(colour, 0.5)
    for fx, fy in _SPOTS[:5]:
        cx, cy = s * fx, s * fy
        d = s * 0.08
        pygame.draw.polygon(
            spr, shard, [(cx - d, cy + d), (cx + d * 0.3, cy - d * 1.4), (cx + d, cy + d * 0.6)]
        )


def _pattern_strobe(spr: pygame.Surface, s: int, colour: Colour) -> None:
    ray = _lighter(colour, 0.6)
    width = max(1, s // 20)
    c = s / 2
    for angle in range(0, 360, 45):
        rad = math.radians(angle)
        inner, outer = s * 0.12, s * 0.38
        pygame.draw.line(
            spr,
            ray,
            (c + inner * math.cos(rad), c + inner * math.sin(rad)),
            (c + outer * math.cos(rad), c + outer * math.sin(rad)),
            width,
        )


_TERRAIN_PATTERNS: dict[Terrain, Callable[[pygame.Surface, int, Colour], None]] = {
    Terrain.WATER: _pattern_water,
    Terrain.RUBBLE: _pattern_rubble,
    Terrain.MUD: _pattern_mud,
    Terrain.CLIMB: _pattern_climb,
    Terrain.SLOPE: _pattern_slope,
    Terrain.NARROW: _pattern_narrow,
    Terrain.CROWD: _pattern_crowd,
    Terrain.SHARDS: _pattern_shards,
    Terrain.STROBE: _pattern_strobe,
}


def _hatch(spr: pygame.Surface, s: int, colour: tuple[int, int, int, int], step: int) -> None:
    """Draw diagonal lines (top-right to bottom-left) every ``step`` pixels."""
    width = max(1, s // 28)
    for offset in range(-s, s, max(3, step)):
        pygame.draw.line(spr, colour, (offset, s), (offset + s, 0), width)


def _cross_hatch(spr: pygame.Surface, rect: pygame.Rect, colour: Colour, step: int) -> None:
    width = max(1, rect.width // 22)
    clip = spr.get_clip()
    spr.set_clip(rect)
    size = rect.width + rect.height
    for offset in range(-size, size, max(3, step)):
        x = rect.x + offset
        pygame.draw.line(spr, colour, (x, rect.bottom), (x + size, rect.bottom - size), width)
        pygame.draw.line(spr, colour, (x, rect.top), (x + size, rect.top + size), width)
    spr.set_clip(clip)


def _draw_door(spr: pygame.Surface, s: int, *, closed: bool, horizontal: bool) -> None:
    """Draw a doorway: frame posts at both ends, the leaf across it or pushed aside.

    Drawn for a door in a wall running left-right; a door in an up-down wall is the
    same picture turned by 90 degrees.
    """
    pic = pygame.Surface((s, s), pygame.SRCALPHA)
    post = max(2, round(s * 0.14))
    thick = max(3, round(s * 0.34))
    mid = (s - thick) // 2
    wall = _rgba(theme.WALL, 255)
    pic.fill(wall, (0, mid - 2, post, thick + 4))
    pic.fill(wall, (s - post, mid - 2, post, thick + 4))
    edge = _darker(theme.DOOR_CLOSED, 0.5)
    length = s - 2 * post
    if closed:
        leaf = pygame.Rect(post, mid, length, thick)
        pic.fill(_rgba(theme.DOOR_CLOSED, 255), leaf)
        pygame.draw.rect(pic, edge, leaf, max(1, s // 24))
        # a handle, so a closed door never reads as a plain wall
        knob = max(1, s // 14)
        pygame.draw.circle(pic, theme.ACCENT, (s - post - knob * 3, s // 2), knob)
    else:
        # a sliding door, open: the leaf halves pushed into the posts, the doorway free
        stub = max(2, round(s * 0.12))
        thin = max(2, round(thick * 0.6))
        y = (s - thin) // 2
        for x in (post, s - post - stub):
            pic.fill(_rgba(theme.DOOR_OPEN, 255), (x, y, stub, thin))
            pygame.draw.rect(pic, edge, (x, y, stub, thin), 1)
        dash = max(2, s // 12)
        for x in range(post + stub + dash // 2, s - post - stub - dash // 2, 2 * dash):
            pic.fill(_rgba(theme.DOOR_CLOSED, 200), (x, s // 2 - 1, dash, max(1, s // 30)))
    if not horizontal:
        pic = pygame.transform.rotate(pic, -90)
    spr.blit(pic, (0, 0))


def _draw_smoke(spr: pygame.Surface, s: int) -> None:
    puff = pygame.Surface((s, s), pygame.SRCALPHA)
    for (fx, fy), fr in zip(_SPOTS[:4], (0.26, 0.24, 0.22, 0.3), strict=True):
        pygame.draw.circle(
            puff, _rgba(theme.SMOKE, 150), (round(s * fx), round(s * fy)), round(s * fr)
        )
    pygame.draw.circle(
        puff, _rgba(_lighter(theme.SMOKE, 0.3), 120), (s // 2, s // 2), round(s * 0.2)
    )
    spr.blit(puff, (0, 0))


def _draw_hazard(spr: pygame.Surface, s: int, over_image: bool) -> None:
    spr.fill(_rgba(theme.HAZARD, 150 if over_image else 255))
    stripe = _rgba(_darker(theme.HAZARD, 0.45), 220)
    _hatch(spr, s, stripe, max(4, s // 4))
    if s >= 14:  # a warning triangle with "!" in the top-right corner (as the print)
        d = max(5, round(s * 0.3))
        x0, y0 = s - d - max(1, s // 16), max(1, s // 16)
        pygame.draw.polygon(spr, (250, 210, 60), [(x0, y0 + d), (x0 + d, y0 + d), (x0 + d / 2, y0)])
        bar = max(1, d // 7)
        spr.fill((30, 20, 10, 255), (x0 + d // 2 - bar // 2, y0 + d * 0.35, bar, d * 0.35))
        spr.fill((30, 20, 10, 255), (x0 + d // 2 - bar // 2, y0 + d * 0.78, bar, bar))


def render_field(
    code: int, s: int, *, over_image: bool = False, fonts: Fonts | None = None
) -> pygame.Surface:
    """Return the picture of one field of look ``code`` at ``s`` pixels (per-pixel alpha)."""
    spr = pygame.Surface((s, s), pygame.SRCALPHA)
    kind = code & KIND_MASK
    if kind == KIND_WALL:
        alpha = 170 if over_image else 255
        spr.fill(_rgba(theme.WALL, alpha))
        if s >= 12:  # a lit top face and a shadowed foot give walls a little depth
            edge = max(1, s // 10)
            if code & WALL_TOP:
                spr.fill(_rgba(_lighter(theme.WALL, 0.22), alpha), (0, 0, s, edge))
            if code & WALL_BOTTOM:
                spr.fill(_rgba(_darker(theme.WALL, 0.35), alpha), (0, s - edge, s, edge))
        return spr
    if kind == KIND_GLASS:
        spr.fill(_rgba(theme.GLASS, 200 if over_image else 255))
        pygame.draw.rect(spr, _darker(theme.GLASS, 0.35), (0, 0, s, s), max(1, s // 14))
        width = max(1, s // 14)
        pygame.draw.line(spr, (245, 250, 255), (s * 0.2, s * 0.55), (s * 0.55, s * 0.2), width)
        pygame.draw.line(spr, (245, 250, 255), (s * 0.45, s * 0.8), (s * 0.8, s * 0.45), width)
        return spr
    if kind in (KIND_DOOR_CLOSED, KIND_DOOR_OPEN):
        if not over_image:
            spr.fill(_rgba(theme.FLOOR, 255))
        _draw_door(spr, s, closed=kind == KIND_DOOR_CLOSED, horizontal=bool(code & HORIZONTAL))
        return spr
    terrain = Terrain((code >> TERRAIN_SHIFT) & 0xF)
    ground = theme.TERRAIN_COLOURS.get(terrain, theme.FLOOR)
    difficult = bool(code & DIFFICULT)
    if terrain is Terrain.NONE and difficult:
        ground = theme.mix(theme.FLOOR, (120, 104, 80), 0.35)
    if terrain is not Terrain.NONE or difficult:
        spr.fill(_rgba(ground, 110 if over_image else 255))
    pattern = _TERRAIN_PATTERNS.get(terrain)
    if pattern is not None:
        pattern(spr, s, ground)
    if difficult:  # hatching: every difficult field costs 2 (D-10), whatever its kind
        _hatch(spr, s, _rgba(_darker(ground, 0.45), 150), max(4, s // 5))
    if code & HAZARD:
        _draw_hazard(spr, s, over_image)
    _draw_cover(spr, s, code)
    if code & SMOKE:
        _draw_smoke(spr, s)
    mark = TERRAIN_MARKS.get(terrain)
    if fonts is not None and mark is not None and s >= 40 and terrain is not Terrain.WATER:
        _draw_mark(spr, s, MARKS[mark].code, fonts)
    return spr


def _draw_cover(spr: pygame.Surface, s: int, code: int) -> None:
    """Draw a low obstacle (a crate) or a full-cover object (a tall block); smoke has none."""
    cover = (code >> COVER_SHIFT) & 0b11
    if cover == Cover.PARTIAL:  # a low obstacle, crate-like
        inset = max(1, round(s * 0.14))
        box = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
        spr.fill(_rgba(theme.COVER_PARTIAL, 255), box)
        _cross_hatch(spr, box, _lighter(theme.COVER_PARTIAL, 0.3), max(4, s // 5))
        pygame.draw.rect(spr, _darker(theme.COVER_PARTIAL, 0.4), box, max(1, s // 20))
    elif cover == Cover.FULL and not code & SMOKE:  # a tall block
        inset = max(1, round(s * 0.08))
        box = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
        spr.fill(_rgba(theme.COVER_FULL, 255), box)
        pygame.draw.rect(spr, _lighter(theme.COVER_FULL, 0.3), box, max(1, s // 12))
        third = box.width / 3
        for i in (1, 2):
            x = round(box.x + third * i)
            y = round(box.y + third * i)
            pygame.draw.line(spr, _darker(theme.COVER_FULL, 0.4), (x, box.top), (x, box.bottom - 1))
            pygame.draw.line(spr, _darker(theme.COVER_FULL, 0.4), (box.left, y), (box.right - 1, y))


def _draw_mark(spr: pygame.Surface, s: int, code_text: str, fonts: Fonts) -> None:
    """Write the printed map's letter code of a terrain kind into the field's corner."""
    label = fonts.get(max(10, s // 4), True).render(code_text, True, (20, 20, 24))
    box = label.get_rect(topleft=(2, 2)).inflate(4, 0)
    spr.fill((255, 255, 255, 200), box)
    spr.blit(label, (box.x + 2, box.y))


# ------------------------------------------------------------------- legend
@dataclass(frozen=True)
class LegendItem:
    """One line of a terrain legend: the look code to show and its names."""

    key: str
    code: int
    german: str
    english: str

    def name(self, language: str) -> str:
        return self.english if language == "en" else self.german


def legend_items(grid: BattleGrid) -> list[LegendItem]:
    """Return the legend of the looks present on ``grid`` (for the preview)."""
    codes = field_codes(grid)
    items: list[LegendItem] = []

    def add(key: str, code: int, present: bool) -> None:
        if present:
            mark = MARKS.get(key)
            german, english = (mark.german, mark.english) if mark else _EXTRA_NAMES[key]
            items.append(LegendItem(key, code, german, english))

    kinds = codes & KIND_MASK
    ground = kinds == KIND_FLOOR
    add("floor", 0, bool((codes == 0).any()))
    add("wall", KIND_WALL, bool((kinds == KIND_WALL).any()))
    add("glass", KIND_GLASS, bool((kinds == KIND_GLASS).any()))
    add("door_closed", KIND_DOOR_CLOSED | HORIZONTAL, bool((kinds == KIND_DOOR_CLOSED).any()))
    add("door_open", KIND_DOOR_OPEN | HORIZONTAL, bool((kinds == KIND_DOOR_OPEN).any()))
    add("hazard", HAZARD, bool((ground & (codes & HAZARD > 0)).any()))
    add(
        "full_cover",
        int(Cover.FULL) << COVER_SHIFT,
        bool((ground & (grid.cover == Cover.FULL) & ~grid.smoke).any()),
    )
    add(
        "low_obstacle",
        int(Cover.PARTIAL) << COVER_SHIFT | DIFFICULT,
        bool((ground & (grid.cover == Cover.PARTIAL)).any()),
    )
    add("smoke", SMOKE | int(Cover.FULL) << COVER_SHIFT, bool((ground & grid.smoke).any()))
    plain_difficult = ground & grid.difficult & (grid.terrain == 0) & (grid.cover == 0)
    add("difficult", DIFFICULT, bool(plain_difficult.any()))
    for terrain, key in TERRAIN_MARKS.items():
        present = ground & (grid.terrain == int(terrain))
        if present.any():
            difficult = bool((present & grid.difficult).sum() * 2 > present.sum())
            add(key, int(terrain) << TERRAIN_SHIFT | (DIFFICULT if difficult else 0), True)
    return items


def look_keys(code: int) -> list[str]:
    """Return the legend keys (``MARKS`` keys, "floor", "glass") a look code shows."""
    kind = code & KIND_MASK
    if kind == KIND_WALL:
        return ["wall"]
    if kind == KIND_GLASS:
        return ["glass"]
    if kind == KIND_DOOR_CLOSED:
        return ["door_closed"]
    if kind == KIND_DOOR_OPEN:
        return ["door_open"]
    keys: list[str] = []
    terrain = Terrain((code >> TERRAIN_SHIFT) & 0xF)
    if terrain in TERRAIN_MARKS:
        keys.append(TERRAIN_MARKS[terrain])
    cover = (code >> COVER_SHIFT) & 0b11
    if code & SMOKE:
        keys.append("smoke")
    elif cover == Cover.FULL:
        keys.append("full_cover")
    elif cover == Cover.PARTIAL:
        keys.append("low_obstacle")
    if code & HAZARD:
        keys.append("hazard")
    if code & DIFFICULT:
        keys.append("difficult")
    return keys or ["floor"]


def look_name(key: str, language: str) -> str:
    """Return the name of a legend key in ``language`` ("de" or "en")."""
    mark = MARKS.get(key)
    german, english = (mark.german, mark.english) if mark else _EXTRA_NAMES.get(key, (key, key))
    return english if language == "en" else german


_EXTRA_NAMES: dict[str, tuple[str, str]] = {
    "floor": ("Boden", "floor"),
    "glass": ("Glasscheibe (durchsichtige Wand)", "glass pane (see-through wall)"),
}
