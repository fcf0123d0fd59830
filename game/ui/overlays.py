"""Overlays from the rules drawn over the map: fog, paths, labels, rings, marks, colours.

Nothing here decides a rule: the tools ask ``game.rulesets.entaria.queries`` and hand
the answers (masks, cells, rings, diagrams) to these drawing helpers. Per-field
shading is ``game.ui.field_shading.FieldShading``.

``draw_fog(surface, camera, fog_view)`` is called by the battle scene.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.camera import Camera
from game.ui.field_shading import FieldShading
from game.ui.theme import Colour, ColourA, Fonts
from game.ui.token_art import base_reach
from game.ui.tooltip import blit_near

# Colours of the overlays that theme.py does not name (RGBA: drawn with alpha).
REACH_NEAR: ColourA = (60, 160, 255, 85)
REACH_MID: ColourA = (60, 140, 255, 62)
REACH_FAR: ColourA = (60, 110, 255, 42)
SAVE_FIELD: ColourA = (255, 150, 40, 95)  # the leave-reach save is rolled on the way
DISENGAGE_EDGE: ColourA = (255, 150, 40, 200)
DIFFICULT_DOTS: ColourA = (40, 30, 20, 150)
CHARGE_TARGET: Colour = (255, 120, 60)
BAND_SHADE: ColourA = (20, 20, 24, 95)  # bands the weapon cannot use
BAND_COLOURS: tuple[Colour, ...] = (
    (255, 120, 120),
    (120, 230, 140),
    (120, 200, 255),
    (255, 210, 90),
    (220, 140, 255),
)
ZONE_COVERING: ColourA = (255, 120, 30, 80)
ZONE_AREA: ColourA = (230, 50, 50, 70)
PAINT_OK: ColourA = (255, 90, 40, 110)
PAINT_BAD: ColourA = (200, 0, 200, 120)
PAINTABLE: ColourA = (255, 230, 120, 28)
SCATTER_CELL: ColourA = (250, 250, 250, 60)
SCATTER_ROLLED: ColourA = (255, 210, 40, 150)
LANDING: ColourA = (240, 40, 40, 120)
AREA_HIT: ColourA = (255, 80, 30, 90)
COVER_COLOURS: dict[str, Colour] = {
    "NONE": (90, 210, 110),
    "PARTIAL": (240, 210, 70),
    "FULL": (245, 130, 40),
    "NOSIGHT": (150, 150, 160),
}
LABEL_BG: ColourA = (16, 18, 22, 215)


# ================================================================== fog of war
_fog: tuple[object, FieldShading] | None = None


def draw_fog(surface: pygame.Surface, camera: Camera, fog_view: Any) -> None:
    """Dim the fields outside the FogView's ``visible`` mask (cached per view object)."""
    global _fog
    visible = getattr(fog_view, "visible", None)
    if visible is None:
        return
    if _fog is None or _fog[0] is not fog_view:
        mask = ~np.asarray(visible, dtype=bool)
        _fog = (fog_view, FieldShading([(mask, theme.FOG, "fill")], mask.shape))
    _fog[1].draw(surface, camera)


# ================================================================ shapes and text
def label_surface(
    fonts: Fonts,
    lines: Sequence[str] | str,
    *,
    size: int = 17,
    colour: Colour = theme.TEXT,
    background: ColourA = LABEL_BG,
    border: Colour | None = None,
) -> pygame.Surface:
    """Return a small text box (several lines) on a dark translucent background."""
    if isinstance(lines, str):
        lines = [lines]
    font = fonts.get(size)
    images = [font.render(line, True, colour) for line in lines if line]
    if not images:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    width = max(image.get_width() for image in images) + 10
    height = sum(image.get_height() for image in images) + 6
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    box.fill(background)
    if border is not None:
        pygame.draw.rect(box, border, box.get_rect(), 1)
    y = 3
    for image in images:
        box.blit(image, (5, y))
        y += image.get_height()
    return box


def draw_path(
    surface: pygame.Surface,
    camera: Camera,
    cells: Sequence[Cell],
    colour: Colour = theme.PATH,
    *,
    width: int = 3,
) -> None:
    """Draw a path through the centres of ``cells`` with a dot on each step."""
    if len(cells) < 2:
        return
    points = [camera.cell_centre(cell) for cell in cells]
    line = max(2, min(width, camera.cell_px // 8))
    pygame.draw.lines(surface, (0, 0, 0), False, points, line + 2)
    pygame.draw.lines(surface, colour, False, points, line)
    radius = max(2, camera.cell_px // 10)
    for point in points[1:-1]:
        pygame.draw.circle(surface, colour, point, radius)
    pygame.draw.circle(surface, colour, points[-1], max(3, camera.cell_px // 5), 2)


def draw_arrow(
    surface: pygame.Surface,
    start: tuple[int, int],
    end: tuple[int, int],
    colour: Colour,
    width: int = 3,
) -> None:
    """Draw a straight arrow from ``start`` to ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 2:
        return
    pygame.draw.line(surface, colour, start, end, width)
    ux, uy = dx / length, dy / length
    head = max(6.0, width * 3.0)
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [end, left, right])


def outline_cell(
    surface: pygame.Surface,
    camera: Camera,
    cell: Cell,
    colour: Colour,
    width: int = 2,
    side: int = 1,
) -> None:
    """Draw a frame round a field (or a ``side`` x ``side`` footprint)."""
    x, y = camera.cell_to_screen(cell)
    size = camera.cell_px * side
    pygame.draw.rect(surface, colour, (x, y, size, size), width)


@dataclass(frozen=True)
class Beside:
    """Where a field's number goes when a token stands on the field: beside the token.

    ``footprint``: the token's top-left field; ``side``: its footprint in fields.
    """

    footprint: Cell
    side: int = 1


#: Smallest font a number on a token's field shrinks to so that it fits its field.
MIN_BESIDE_PX = 9
#: Plate under a number on a token's field (drawn over the token: readable on it).
BESIDE_PLATE: ColourA = (0, 0, 0, 170)


def beside_field(camera: Camera, cell: Cell) -> pygame.Rect:
    """Return the room inside ``cell`` a number on a token's field (and its plate) may use."""
    x, y = camera.cell_to_screen(cell)
    s = camera.cell_px
    return pygame.Rect(x + 2, y + 1, max(1, s - 4), max(1, s - 2))


def lower_half(camera: Camera, cell: Cell) -> pygame.Rect:
    """Return the lower half of ``cell``'s room (``beside_field``): where a number goes
    when there is no room beside the token; the token's label then keeps to the upper half
    (``camera.numbered``)."""
    room = beside_field(camera, cell)
    top = camera.cell_to_screen(cell)[1] + camera.cell_px // 2 + 1
    return pygame.Rect(room.x, top, room.width, max(1, room.bottom - top))


def beside_rect(camera: Camera, cell: Cell, size: tuple[int, int], token: Beside) -> pygame.Rect:
    """Return where a text of ``size`` on ``cell`` goes when a token stands there.

    In the field's corner farthest from the token's centre (bottom left on a one-field
    token: the marks, the cover mark and the fall mark use the other corners): just
    outside the token's base where the field has room for it (the token stays whole),
    else in that corner over the base's rim. Always inside the field
    (``beside_field``), so it never reads as the neighbour's (issue 12); a text larger
    than the field is centred on it.
    """
    rect, _ = beside_place(camera, cell, size, token)
    return rect


def beside_place(
    camera: Camera, cell: Cell, size: tuple[int, int], token: Beside
) -> tuple[pygame.Rect, bool]:
    """Return ``beside_rect`` and whether it lies off the token's base."""
    s = camera.cell_px
    left, top = camera.cell_to_screen(token.footprint)
    footprint = s * max(1, token.side)
    cx, cy = left + footprint / 2, top + footprint / 2
    x, y = camera.cell_to_screen(cell)
    corners = ((x, y + s), (x, y), (x + s, y + s), (x + s, y))  # ties: bottom left
    corner = max(corners, key=lambda p: round(math.dist(p, (cx, cy)), 3))
    dx, dy = corner[0] - cx, corner[1] - cy
    length = math.hypot(dx, dy)
    reach = base_reach(footprint) + 1
    room = beside_field(camera, cell)
    rect = pygame.Rect((0, 0), size)
    if length > reach:  # just outside the base, toward the corner
        far = (round(cx + dx / length * reach), round(cy + dy / length * reach))
        _put_corner(rect, far, dx, dy)
        if room.contains(rect):
            return rect, True
    _put_corner(rect, corner, dx, dy)  # in the corner itself, over the base's rim
    return rect.clamp(room), False


def _put_corner(rect: pygame.Rect, point: tuple[int, int], dx: float, dy: float) -> None:
    """Move ``rect`` so its corner nearest the token's centre sits on ``point``."""
    if dx < 0:
        rect.right = point[0]
    else:
        rect.left = point[0]
    if dy < 0:
        rect.bottom = point[1]
    else:
        rect.top = point[1]


#: Smallest font a number shrinks to so that it stays off a token's base.
MIN_OFF_BASE_PX = 11


def size_of(scale: float, cell_px: int) -> int:
    """Return the font size of a field's text at ``scale`` of the field."""
    return max(12, int(cell_px * scale))


def _size_off_base(
    fonts: Fonts, camera: Camera, cell: Cell, text: str, size: int, token: Beside
) -> int | None:
    """Return the largest font size (down to ``MIN_OFF_BASE_PX``) at which ``text`` fits
    in its field off the token's base; None: it fits at none."""
    for px in range(size, MIN_OFF_BASE_PX - 1, -1):
        w, h = fonts.get(px, True).size(text)
        if beside_place(camera, cell, (w + 1, h + 1), token)[1]:
            return px
    return None


def _fitted(
    fonts: Fonts, room: pygame.Rect, text: str, colour: Colour, size: int
) -> tuple[pygame.Surface, int]:
    """Return the text rendered small enough to fit ``room`` (down to ``MIN_BESIDE_PX``)."""
    image = fonts.get(size, True).render(text, True, colour)
    for _ in range(4):
        w, h = image.get_width() + 1, image.get_height() + 1
        if (w <= room.width and h <= room.height) or size <= MIN_BESIDE_PX:
            break
        shrink = min(room.width / w, room.height / h)
        size = max(MIN_BESIDE_PX, min(size - 1, int(size * shrink)))
        image = fonts.get(size, True).render(text, True, colour)
    return image, size


def cell_text(
    surface: pygame.Surface,
    camera: Camera,
    fonts: Fonts,
    cell: Cell,
    text: str,
    colour: Colour = theme.TEXT,
    *,
    scale: float = 0.42,
    corner: str | Beside = "center",
    plate: ColourA | None = None,
) -> pygame.Rect:
    """Write a short text on a field (centred, in a corner or beside a token, ``Beside``),
    on a ``plate`` if given; return where the text went.

    Beside a token the text stays inside its own field: off the base where the field has
    room, else smaller at the field's bottom on a plate, and the token keeps its label's
    ink above that plate (``camera.numbered``; issue 12)."""
    px = camera.cell_px
    size = size_of(scale, px)
    x, y = camera.cell_to_screen(cell)
    if isinstance(corner, Beside):
        off_base = _size_off_base(fonts, camera, cell, text, size, corner)
        if off_base is None:  # no room off the base: at the field's bottom, on a plate
            image, size = _fitted(fonts, lower_half(camera, cell), text, colour, size)
            rect = _at_bottom(camera, cell, image, surface, plate or BESIDE_PLATE)
        else:
            size = off_base
            image = fonts.get(size, True).render(text, True, colour)
            shadowed = (image.get_width() + 1, image.get_height() + 1)
            rect = beside_place(camera, cell, shadowed, corner)[0]  # off the base
            rect.size = image.get_size()  # the shadow is the extra pixel
            if plate is not None:
                _plate(surface, rect.inflate(2, 1).clip(pygame.Rect(x, y, px, px)), plate)
    else:
        image = fonts.get(size, True).render(text, True, colour)
        if plate is not None:  # the plate stays in its field (a scatter range: "12-13")
            room = pygame.Rect(x + 3, y + 1, max(1, px - 6), max(1, px - 2))
            image, size = _fitted(fonts, room, text, colour, size)
        anchors = {
            "center": {"center": (x + px // 2, y + px // 2)},
            "topleft": {"topleft": (x + 2, y + 1)},
            "bottomright": {"bottomright": (x + px - 2, y + px - 1)},
            "bottom": {"midbottom": (x + px // 2, y + px - 1)},
        }
        rect = image.get_rect(**anchors[corner])
        if plate is not None:
            back = pygame.Rect(rect.x - 3, rect.y - 1, rect.width + 6, rect.height + 2)
            _plate(surface, back.clip(pygame.Rect(x, y, px, px)), plate)
    shadow = fonts.get(size, True).render(text, True, (0, 0, 0))
    surface.blit(shadow, rect.move(1, 1))
    surface.blit(image, rect)
    return rect


def _at_bottom(
    camera: Camera, cell: Cell, image: pygame.Surface, surface: pygame.Surface, plate: ColourA
) -> pygame.Rect:
    """Return where ``image`` goes at the bottom of ``cell`` (its ink and shadow inside the
    field) after drawing its plate; mark the field, so the token's label ends above it."""
    room = beside_field(camera, cell)
    ink = image.get_bounding_rect()
    rect = image.get_rect(centerx=room.centerx)
    rect.bottom = min(room.bottom, room.bottom - 1 - ink.bottom + rect.height)  # with shadow
    rect.clamp_ip(pygame.Rect(room.x, rect.y, room.width, rect.height))
    x, y = camera.cell_to_screen(cell)
    field = pygame.Rect(x, y, camera.cell_px, camera.cell_px)
    back = pygame.Rect(rect.x + ink.x - 2, rect.y + ink.y - 1, ink.width + 4, ink.height + 3)
    back = back.clip(field)
    _plate(surface, back, plate)
    camera.numbered.mark(cell, back.top - y)
    return rect


def _plate(surface: pygame.Surface, rect: pygame.Rect, colour: ColourA) -> None:
    back = pygame.Surface(rect.size, pygame.SRCALPHA)
    back.fill(colour)
    surface.blit(back, rect.topleft)


class NumberLayer:
    """Small numbers on many fields (movement costs), batched like the shading."""

    def __init__(self, values: Mapping[Cell, int], colour: Colour = theme.TEXT) -> None:
        self.values = dict(values)
        self.colour = colour
        self._images: dict[int, pygame.Surface] = {}
        self._key: tuple[Any, ...] | None = None
        self._blits: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def draw(self, surface: pygame.Surface, camera: Camera, fonts: Fonts) -> None:
        size = camera.cell_px
        if size < 26 or not self.values:
            return
        key = (camera.x, camera.y, size, camera.viewport_x, camera.viewport_y)
        if key != self._key:
            if not self._images or next(iter(self._images.values())).get_height() != size // 3:
                self._images = {}
            font = fonts.get(max(10, size // 3))
            blits = []
            for cell, value in self.values.items():
                image = self._images.get(value)
                if image is None:
                    image = font.render(str(value), True, self.colour)
                    self._images[value] = image
                x, y = camera.cell_to_screen(cell)
                blits.append((image, (x + 3, y + 2)))
            self._blits = blits
            self._key = key
        surface.fblits(self._blits)


# =================================================================== range rings
def ring_rect(camera: Camera, origin: Cell, reach: int, side: int = 1) -> pygame.Rect:
    """Return the screen rectangle of the fields within ``reach`` fields (Chebyshev, D-1)."""
    left, top = camera.point_to_screen(origin[0] - reach, origin[1] - reach)
    right, bottom = camera.point_to_screen(origin[0] + side + reach, origin[1] + side + reach)
    return pygame.Rect(left, top, right - left, bottom - top)


def draw_ring(
    surface: pygame.Surface,
    camera: Camera,
    origin: Cell,
    reach: int,
    colour: Colour,
    label: pygame.Surface | None = None,
    *,
    width: int = 2,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """Draw the outline of a range band (a square ring, D-1) with a label on a visible edge.

    The label sits on the visible part of the ring (the top edge first, then bottom, left,
    right), clamped into the view, and off the ``avoid`` rectangles (tokens, labels drawn
    before) where the ring leaves room. Return the label's rectangle (None: not drawn).
    """
    rect = ring_rect(camera, origin, reach)
    clip = surface.get_clip()
    if not rect.colliderect(clip.inflate(8, 8)) or rect.contains(clip.inflate(8, 8)):
        return None
    pygame.draw.rect(surface, colour, rect, width)
    if label is None:
        return None
    spots = ring_label_spots(rect, label.get_size(), clip, step=max(8, camera.cell_px // 2))
    if not spots:
        return None
    size = label.get_size()
    others = list(avoid)
    spot = pygame.Rect(spots[0], size)
    for place in spots:  # the first spot off the others, else the best one
        candidate = pygame.Rect(place, size)
        if candidate.collidelist(others) < 0:
            spot = candidate
            break
    surface.blit(label, spot)
    return spot


def ring_label_spots(
    rect: pygame.Rect, size: tuple[int, int], clip: pygame.Rect, *, step: int = 20
) -> list[tuple[int, int]]:
    """Return where a ring's label may go, best first: along the visible parts of its edges.

    Each spot keeps the label inside ``clip`` (2 px margin) and touching the ring's edge:
    on a horizontal edge the label is centred on the line, on a vertical edge it sits just
    inside. Spots start at the middle of the edge's visible part and step outwards.
    """
    w, h = size
    x_min, x_max = clip.left + 2, clip.right - w - 2
    y_min, y_max = clip.top + 2, clip.bottom - h - 2
    if x_max < x_min or y_max < y_min:
        return []

    def clamp(value: int, low: int, high: int) -> int:
        return max(low, min(value, high))

    def walk(centre: int, low: int, high: int) -> list[int]:
        """Return positions from ``centre`` outwards within [low, high]."""
        if high < low:
            return []
        start = clamp(centre, low, high)
        found = [start]
        for n in range(1, 64):
            moved = [start - n * step, start + n * step]
            inside = [v for v in moved if low <= v <= high]
            if not inside:
                break
            found += inside
        return found

    spots: list[tuple[int, int]] = []
    left, right = max(rect.left, clip.left), min(rect.right, clip.right)
    if right - left >= 8:  # the horizontal edges show over this x span
        for line in (rect.top, rect.bottom):
            if clip.top <= line <= clip.bottom:
                y = clamp(line - h // 2, y_min, y_max)
                low, high = max(x_min, left - w + 16), min(x_max, right - 16)
                xs = walk((left + right) // 2 - w // 2, low, high)
                spots += [(x, y) for x in xs]
    top, bottom = max(rect.top, clip.top), min(rect.bottom, clip.bottom)
    if bottom - top >= 8:  # the vertical edges show over this y span
        for line, x in ((rect.left, rect.left + 3), (rect.right, rect.right - w - 3)):
            if clip.left <= line <= clip.right:
                x = clamp(x, x_min, x_max)
                low, high = max(y_min, top - h + 8), min(y_max, bottom - 8)
                ys = walk((top + bottom) // 2 - h // 2, low, high)
                spots += [(x, y) for y in ys]
    return spots


# ==================================================================== badges
def draw_cover_badge(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    cover: str,
    *,
    override: bool = False,
) -> None:
    """Draw the sight/cover mark: an open shield (none), half (Teildeckung), full, no sight."""
    image = badge_image(radius, cover, override)
    surface.blit(image, (centre[0] - image.get_width() // 2, centre[1] - image.get_height() // 2))


_BADGES: dict[tuple[int, str, bool], pygame.Surface] = {}


def badge_image(radius: int, cover: str, override: bool = False) -> pygame.Surface:
    """Return the cover mark as a small image centred in its square (cached)."""
    r = max(3, radius)
    key = (r, cover, override)
    image = _BADGES.get(key)
    if image is not None:
        return image
    half = r + 4
    image = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
    colour = COVER_COLOURS[cover]
    cx = cy = half
    centre = (cx, cy)
    pygame.draw.circle(image, (15, 15, 18), centre, r + 2)
    if cover == "NOSIGHT":
        pygame.draw.circle(image, colour, centre, r, 2)
        d = int(r * 0.7)
        pygame.draw.line(image, colour, (cx - d, cy + d), (cx + d, cy - d), 2)
    else:
        shield = [
            (cx - r * 0.7, cy - r * 0.75),
            (cx + r * 0.7, cy - r * 0.75),
            (cx + r * 0.7, cy + r * 0.05),
            (cx, cy + r * 0.85),
            (cx - r * 0.7, cy + r * 0.05),
        ]
        if cover == "FULL":
            pygame.draw.polygon(image, colour, shield)
        elif cover == "PARTIAL":
            pygame.draw.polygon(
                image, colour, [shield[0], (cx, cy - r * 0.75), (cx, cy + r * 0.85), shield[4]]
            )
        pygame.draw.polygon(image, colour, shield, 2)
    if override:  # the game master's ruling: a small dot
        pygame.draw.circle(image, (255, 255, 255), (cx + r - 1, cy - r + 1), max(2, r // 3))
    if len(_BADGES) > 256:
        _BADGES.clear()
    _BADGES[key] = image
    return image


def draw_reticle(
    surface: pygame.Surface, camera: Camera, cell: Cell, colour: Colour, side: int = 1
) -> None:
    """Draw a target reticle round a token."""
    x, y = camera.cell_to_screen(cell)
    size = camera.cell_px * side
    centre = (x + size // 2, y + size // 2)
    radius = size // 2
    pygame.draw.circle(surface, colour, centre, radius, 2)
    tick = max(3, size // 6)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        start = (centre[0] + dx * (radius - tick), centre[1] + dy * (radius - tick))
        end = (centre[0] + dx * (radius + tick // 2), centre[1] + dy * (radius + tick // 2))
        pygame.draw.line(surface, colour, start, end, 2)


def edge_text(edge: int | None, t: Any) -> str:
    """Return the counted Vorteil/Nachteil (D-2) as the screen shows it."""
    if edge is None:
        return ""
    one = "_one" if abs(edge) == 1 else ""  # "Nachteil", counted from two on (D-2)
    if edge > 0:
        return str(t(f"tools.edge.advantage{one}", n=edge))
    if edge < 0:
        return str(t(f"tools.edge.disadvantage{one}", n=-edge))
    return str(t("tools.edge.none"))


__all__ = [
    "Beside",
    "NumberLayer",
    "beside_rect",
    "blit_near",
    "cell_text",
    "draw_arrow",
    "draw_cover_badge",
    "draw_fog",
    "draw_path",
    "draw_reticle",
    "draw_ring",
    "edge_text",
    "label_surface",
    "outline_cell",
    "ring_label_spots",
    "ring_rect",
]
