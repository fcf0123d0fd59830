"""Overlays from the rules drawn over the map: batched field shading, paths, rings, marks.

Nothing here decides a rule: the tools ask ``game.rulesets.entaria.queries`` and hand the answers
(masks, cells, rings, diagrams) to these drawing helpers. Per-field overlays are drawn
as horizontal runs of pre-made alpha strips in one ``Surface.fblits`` call; the runs are
computed once per answer (``FieldShading``) and the blit list once per camera position.

``draw_fog(surface, camera, fog_view)`` is called by the battle scene.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.camera import Camera
from game.ui.theme import Colour, ColourA, Fonts
from game.ui.tooltip import blit_near

BoolGrid = npt.NDArray[np.bool_]

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


# ============================================================ batched field shading
class _Strips:
    """Pre-made alpha rectangles ``n`` fields wide, one field high, per colour and size."""

    def __init__(self) -> None:
        self._cell_px = 0
        self._cache: dict[tuple[ColourA, int, str], pygame.Surface] = {}

    def get(
        self, colour: ColourA, fields: int, cell_px: int, style: str = "fill"
    ) -> pygame.Surface:
        if cell_px != self._cell_px:
            self._cache.clear()
            self._cell_px = cell_px
        key = (colour, fields, style)
        strip = self._cache.get(key)
        if strip is None:
            strip = _make_strip(colour, fields, cell_px, style)
            self._cache[key] = strip
        return strip


def _make_strip(colour: ColourA, fields: int, cell_px: int, style: str) -> pygame.Surface:
    strip = pygame.Surface((fields * cell_px, cell_px), pygame.SRCALPHA)
    if style == "fill":
        strip.fill(colour)
    elif style == "edge":  # an inner frame per field
        width = max(1, cell_px // 14)
        for i in range(fields):
            pygame.draw.rect(strip, colour, (i * cell_px, 0, cell_px, cell_px), width)
    elif style == "dots":  # a sparse dot pattern: difficult ground
        step = max(4, cell_px // 4)
        radius = max(1, cell_px // 20)
        for i in range(fields):
            for dy in range(step // 2, cell_px, step):
                for dx in range(step // 2, cell_px, step):
                    pygame.draw.circle(strip, colour, (i * cell_px + dx, dy), radius)
    elif style == "hatch":  # diagonal lines: fire zones
        width = max(1, cell_px // 16)
        step = max(5, cell_px // 3)
        total = fields * cell_px
        for start in range(-cell_px, total, step):
            pygame.draw.line(strip, colour, (start, cell_px), (start + cell_px, 0), width)
    return strip


_STRIPS = _Strips()

# A field's runs: rows, first x, end x (exclusive), colour and style index.
_Runs = tuple[
    npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]
]


def _mask_runs(mask: BoolGrid) -> tuple[npt.NDArray[np.intp], ...]:
    """Return (y, x0, x1) of the horizontal runs of True in a [y, x] mask."""
    if mask.size == 0 or not mask.any():
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty, empty
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    change = np.diff(padded, axis=1)
    ys, starts = np.nonzero(change == 1)
    _, ends = np.nonzero(change == -1)
    return ys.astype(np.intp), starts.astype(np.intp), ends.astype(np.intp)


class FieldShading:
    """Fields coloured per layer, drawn as batched runs of alpha strips.

    Build it once per answer (``layers``: a [y, x] mask or an iterable of fields with a
    colour and a style: fill, edge, dots, hatch); ``draw`` recomputes the blit list only
    when the camera moved.
    """

    def __init__(
        self,
        layers: Sequence[tuple[BoolGrid | Iterable[Cell], ColourA, str]],
        shape: tuple[int, int],
    ) -> None:
        self.shape = shape
        self.styles: list[tuple[ColourA, str]] = []
        ys: list[npt.NDArray[np.intp]] = []
        x0s: list[npt.NDArray[np.intp]] = []
        x1s: list[npt.NDArray[np.intp]] = []
        ids: list[npt.NDArray[np.intp]] = []
        for index, (source, colour, style) in enumerate(layers):
            mask = source if isinstance(source, np.ndarray) else cells_mask(source, shape)
            y, a, b = _mask_runs(mask)
            ys.append(y)
            x0s.append(a)
            x1s.append(b)
            ids.append(np.full(len(y), index, dtype=np.intp))
            self.styles.append((colour, style))
        if ys:
            self.runs: _Runs = (
                np.concatenate(ys),
                np.concatenate(x0s),
                np.concatenate(x1s),
                np.concatenate(ids),
            )
        else:
            empty = np.zeros(0, dtype=np.intp)
            self.runs = (empty, empty, empty, empty)
        self._blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._view: tuple[Any, ...] | None = None
        # (cut window, strips (object array), map x, map y, map x of the strips' ends)
        self._window: tuple[Any, ...] | None = None
        self._hatched = any(style == "hatch" for _, style in self.styles)

    @property
    def empty(self) -> bool:
        return len(self.runs[0]) == 0

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if self.empty:
            return
        view = camera_state(camera)
        if view != self._view:
            self._blits = self._layout(camera)
            self._view = view
        if self._blits:
            surface.fblits(self._blits)

    def _layout(self, camera: Camera) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Return the blit list of the runs in view, clipped to it.

        The pieces (map pixels) are cut for the fields in view grown by a margin and kept
        while the view stays inside them at the same zoom: a pan only shifts the pieces
        and drops those outside the fields in view.
        """
        height, width = self.shape
        view = camera.visible_cells(width, height)
        size = camera.cell_px
        window = self._window
        if window is None or not _holds(window[0], view, size, exact=self._hatched):
            # The viewport clip hides what the grown cut adds, so a pan recuts the pieces
            # only every few fields. A hatch's lines depend on where its pieces start:
            # hatched shadings are cut at the fields in view exactly, as before.
            margin = 0 if self._hatched else _WINDOW_MARGIN
            x0, y0, x1, y1 = view
            left, top = max(0, x0 - margin), max(0, y0 - margin)
            grown = ((left, top, min(width, x1 + margin), min(height, y1 + margin)), size)
            images, map_x, map_y = self._pieces_in(*grown)
            table = np.empty(len(images), dtype=object)
            table[:] = images
            ends = map_x + np.array([image.get_width() for image in images], dtype=np.intp)
            window = self._window = (grown, table, map_x, map_y, ends)
        _, table, map_x, map_y, ends = window
        if not len(table):
            return []
        x0, y0, x1, y1 = view
        keep = (map_y >= y0 * size) & (map_y < y1 * size) & (ends > x0 * size)
        keep &= map_x < x1 * size
        sxs = np.round(map_x[keep] - camera.x).astype(np.intp) + camera.viewport_x
        sys_ = np.round(map_y[keep] - camera.y).astype(np.intp) + camera.viewport_y
        images = table[keep].tolist()
        return list(zip(images, zip(sxs.tolist(), sys_.tolist(), strict=True), strict=True))

    def _pieces_in(
        self, view: tuple[int, int, int, int], size: int
    ) -> tuple[list[pygame.Surface], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """Return the strips and map-pixel places of the pieces of the runs in ``view``."""
        vx0, vy0, vx1, vy1 = view
        none = np.zeros(0, dtype=np.intp)
        ys, x0s, x1s, ids = self.runs
        keep = (ys >= vy0) & (ys < vy1) & (x1s > vx0) & (x0s < vx1)
        if not keep.any():
            return [], none, none
        ys, ids = ys[keep], ids[keep]
        x0s = np.maximum(x0s[keep], vx0)
        ns = np.minimum(x1s[keep], vx1) - x0s
        # Runs are cut into power-of-two pieces, the longest first: a handful of strip
        # sizes per colour serves every run, so a zoom rebuilds few strips.
        piece_y: list[npt.NDArray[np.intp]] = []
        piece_x: list[npt.NDArray[np.intp]] = []
        piece_kind: list[npt.NDArray[np.intp]] = []
        for bit in range(int(ns.max()).bit_length() - 1, -1, -1):
            has = (ns & (1 << bit)) != 0
            if has.any():
                above = ns[has] >> (bit + 1) << (bit + 1)
                piece_y.append(ys[has])
                piece_x.append(x0s[has] + above)
                piece_kind.append(ids[has] * _PIECE_BITS + bit)
        py, px, kinds = np.concatenate(piece_y), np.concatenate(piece_x), np.concatenate(piece_kind)
        table = np.empty(len(self.styles) * _PIECE_BITS, dtype=object)
        for kind in np.unique(kinds).tolist():
            colour, style = self.styles[kind // _PIECE_BITS]
            table[kind] = _STRIPS.get(colour, 1 << (kind % _PIECE_BITS), size, style)
        return table[kinds].tolist(), px * size, py * size


#: Fields added round the view when pieces are cut (FieldShading._layout).
_WINDOW_MARGIN = 6


def _holds(
    cached: tuple[tuple[int, int, int, int], int],
    view: tuple[int, int, int, int],
    size: int,
    *,
    exact: bool,
) -> bool:
    """Return whether pieces cut for ``cached`` serve ``view`` at ``size`` px a field."""
    (cx0, cy0, cx1, cy1), cached_size = cached
    if cached_size != size:
        return False
    if exact:
        return (cx0, cy0, cx1, cy1) == view
    x0, y0, x1, y1 = view
    return cx0 <= x0 and cy0 <= y0 and x1 <= cx1 and y1 <= cy1


#: Pieces are 1 .. 2**(_PIECE_BITS - 1) fields long; the kind of a piece is
#: ``layer * _PIECE_BITS + log2(length)``.
_PIECE_BITS = 16


def camera_state(camera: Camera) -> tuple[Any, ...]:
    """Return what a drawing at ``camera`` depends on (position, zoom, viewport)."""
    return (
        camera.x,
        camera.y,
        camera.cell_px,
        camera.viewport_x,
        camera.viewport_y,
        camera.viewport_w,
        camera.viewport_h,
    )


def cells_mask(cells: Iterable[Cell], shape: tuple[int, int]) -> BoolGrid:
    """Return a [y, x] mask of ``cells`` (fields off the map are dropped)."""
    height, width = shape
    mask = np.zeros(shape, dtype=bool)
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            mask[y, x] = True
    return mask


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


def cell_text(
    surface: pygame.Surface,
    camera: Camera,
    fonts: Fonts,
    cell: Cell,
    text: str,
    colour: Colour = theme.TEXT,
    *,
    scale: float = 0.42,
    corner: str = "center",
    plate: ColourA | None = None,
) -> None:
    """Write a short text on a field (centred, or in a corner), on a ``plate`` if given."""
    size = max(12, int(camera.cell_px * scale))
    image = fonts.get(size, True).render(text, True, colour)
    x, y = camera.cell_to_screen(cell)
    px = camera.cell_px
    anchors = {
        "center": {"center": (x + px // 2, y + px // 2)},
        "topleft": {"topleft": (x + 2, y + 1)},
        "bottomright": {"bottomright": (x + px - 2, y + px - 1)},
        "bottom": {"midbottom": (x + px // 2, y + px - 1)},
    }
    rect = image.get_rect(**anchors[corner])
    if plate is not None:
        back = pygame.Surface((rect.width + 6, rect.height + 2), pygame.SRCALPHA)
        back.fill(plate)
        surface.blit(back, (rect.x - 3, rect.y - 1))
    shadow = fonts.get(size, True).render(text, True, (0, 0, 0))
    surface.blit(shadow, rect.move(1, 1))
    surface.blit(image, rect)


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
    r = max(5, radius)
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
    if edge > 0:
        return str(t("tools.edge.advantage", n=edge))
    if edge < 0:
        return str(t("tools.edge.disadvantage", n=-edge))
    return str(t("tools.edge.none"))


__all__ = [
    "FieldShading",
    "NumberLayer",
    "blit_near",
    "cell_text",
    "cells_mask",
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
