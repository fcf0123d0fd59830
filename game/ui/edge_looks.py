"""Walls and doors on field edges (D-13) as the screen draws them: lines on the borders.

An edge wall is a thick dark line (about a sixth of a field) centred on the border, with
a light outline so it reads on plain floor and on a background image alike; runs of
walls along one grid line are drawn as one bar, and every bar reaches half its
thickness past its ends so corners close. A closed edge door is a brown leaf between
two dark posts with a hinge knob at one end; an open one keeps the posts, leaves the
doorway free and shows its leaf swung into the lower or right field with a thin arc.

``draw_edges`` paints the edges touching one map tile (the map renderer calls it while
it composes the tile, so edges cost nothing per frame); ``edge_swatch`` paints one
kind for a legend; ``edge_legend`` names the kinds a grid holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pygame

from game.board.edges import EdgeKind, EdgeLayer
from game.export.edges import EDGE_NAMES, edge_kinds

__all__ = [
    "EDGE_NAMES",
    "draw_edges",
    "edge_kinds",
    "edge_swatch",
    "field_edge_words",
    "has_edges",
    "outline",
    "thickness",
]
from game.ui import theme
from game.ui.theme import Colour

EDGE_WALL: Colour = (28, 26, 30)
EDGE_OUTLINE: Colour = (238, 232, 214)
EDGE_DOOR: Colour = theme.DOOR_CLOSED
EDGE_DOOR_SEAM: Colour = (92, 56, 22)
EDGE_DOOR_OPEN: Colour = (176, 116, 56)

BoolGrid = npt.NDArray[np.bool_]
Rect = tuple[int, int, int, int]


def thickness(s: int) -> int:
    """Return the width in pixels of an edge wall at fields of ``s`` pixels (about s / 6)."""
    return max(2, round(s / 6))


def outline(s: int) -> int:
    """Return the width of the light outline round an edge line."""
    return max(1, round(s / 28))


def has_edges(layer: EdgeLayer) -> bool:
    """Return whether any edge holds a wall or a door (open ones too)."""
    return bool(
        layer.wall_h.any() or layer.wall_v.any() or layer.door_h.any() or layer.door_v.any()
    )


@dataclass(frozen=True)
class _Pieces:
    """What to paint, in tile pixels: wall bars, door posts, closed and open doors."""

    walls: list[Rect]
    posts: list[Rect]
    closed: list[tuple[Rect, bool]]  # the leaf's rect, vertical?
    opened: list[tuple[int, int, int, bool]]  # doorway start x, y, length, vertical?


def _runs(mask: BoolGrid) -> list[tuple[int, int, int]]:
    """Return (row, first, end) of the runs of True along each row of ``mask``."""
    if not mask.any():
        return []
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    change = np.diff(padded, axis=1)
    rows, starts = np.nonzero(change == 1)
    _, ends = np.nonzero(change == -1)
    return list(zip(rows.tolist(), starts.tolist(), ends.tolist(), strict=True))


def _pieces(layer: EdgeLayer, ox: int, oy: int, w: int, h: int, s: int) -> _Pieces:
    """Collect the edges that reach into map pixels (ox, oy, w, h), in tile pixels."""
    t = thickness(s)
    half = t // 2
    reach = half + outline(s) + 1
    fx0 = max(0, (ox - reach) // s)
    fy0 = max(0, (oy - reach) // s)
    fx1 = min(layer.width, (ox + w + reach) // s + 1)
    fy1 = min(layer.height, (oy + h + reach) // s + 1)
    walls: list[Rect] = []
    posts: list[Rect] = []
    closed: list[tuple[Rect, bool]] = []
    opened: list[tuple[int, int, int, bool]] = []
    post = max(2, round(s * 0.14))
    # horizontal edges: rows fy0 .. fy1 of the (height + 1)-row arrays, columns fx0 .. fx1
    for vertical in (False, True):
        if vertical:
            wall = layer.wall_v[fy0:fy1, fx0 : fx1 + 1].T
            door = layer.door_v[fy0:fy1, fx0 : fx1 + 1].T
            opens = layer.open_v[fy0:fy1, fx0 : fx1 + 1].T
            line0, along0 = fx0, fy0
        else:
            wall = layer.wall_h[fy0 : fy1 + 1, fx0:fx1]
            door = layer.door_h[fy0 : fy1 + 1, fx0:fx1]
            opens = layer.open_h[fy0 : fy1 + 1, fx0:fx1]
            line0, along0 = fy0, fx0
        origin_line, origin_along = (ox, oy) if vertical else (oy, ox)
        for row, first, end in _runs(wall):
            across = (line0 + row) * s - origin_line - half
            start = (along0 + first) * s - origin_along - half
            length = (end - first) * s + t
            walls.append(_oriented(across, start, t, length, vertical))
        for row, column in np.argwhere(door).tolist():
            across = (line0 + row) * s - origin_line - half
            start = (along0 + column) * s - origin_along
            posts.append(_oriented(across, start - half, t, post + half, vertical))
            posts.append(_oriented(across, start + s - post, t, post + half, vertical))
            if opens[row, column]:
                x, y = (across + half, start + post) if vertical else (start + post, across + half)
                opened.append((x, y, s - 2 * post, vertical))
            else:
                leaf = _oriented(across, start + post, t, s - 2 * post, vertical)
                closed.append((leaf, vertical))
    return _Pieces(walls, posts, closed, opened)


def _oriented(across: int, along: int, t: int, length: int, vertical: bool) -> Rect:
    """Return the rect of a bar ``t`` thick and ``length`` long on a grid line."""
    return (across, along, t, length) if vertical else (along, across, length, t)


def draw_edges(
    tile: pygame.Surface, layer: EdgeLayer, ox: int, oy: int, w: int, h: int, s: int
) -> None:
    """Paint the edges of ``layer`` that reach into the tile showing map pixels (ox, oy)
    .. (ox + w, oy + h) at fields of ``s`` pixels (drawn inside (0, 0, w, h))."""
    pieces = _pieces(layer, ox, oy, w, h, s)
    if not (pieces.walls or pieces.posts):
        return
    clip = tile.get_clip()
    tile.set_clip(pygame.Rect(0, 0, w, h).clip(clip))
    _paint(tile, pieces, s)
    tile.set_clip(clip)


def _paint(surface: pygame.Surface, pieces: _Pieces, s: int) -> None:
    o = outline(s)
    solid = pieces.walls + pieces.posts
    # every outline first, so a bar that meets another is not cut by its outline
    for x, y, bw, bh in solid + [leaf for leaf, _ in pieces.closed]:
        surface.fill(EDGE_OUTLINE, (x - o, y - o, bw + 2 * o, bh + 2 * o))
    for rect in _swing_outlines(pieces, s):
        surface.fill(EDGE_OUTLINE, rect)
    for rect in solid:
        surface.fill(EDGE_WALL, rect)
    t = thickness(s)
    for (x, y, bw, bh), vertical in pieces.closed:
        surface.fill(EDGE_DOOR, (x, y, bw, bh))
        if t >= 4:  # the seam along the leaf
            seam = (x + bw // 2, y, 1, bh) if vertical else (x, y + bh // 2, bw, 1)
            surface.fill(EDGE_DOOR_SEAM, seam)
        knob = max(2, t + 2 * o)  # the hinge, beside the first post
        if vertical:
            surface.fill(EDGE_WALL, (x + bw // 2 - knob // 2, y, knob, max(2, knob // 2)))
        else:
            surface.fill(EDGE_WALL, (x, y + bh // 2 - knob // 2, max(2, knob // 2), knob))
    for x, y, length, vertical in pieces.opened:
        _draw_swing(surface, x, y, length, vertical, s)


def _swing_outlines(pieces: _Pieces, s: int) -> list[Rect]:
    """Return light rects under the open leaves, so they read on dark artwork too."""
    width = max(1, thickness(s) // 3) + 2 * outline(s)
    out: list[Rect] = []
    for x, y, length, vertical in pieces.opened:
        if vertical:  # the leaf swings right, along the row
            out.append((x, y - width // 2, length, width))
        else:  # the leaf swings down, along the column
            out.append((x - width // 2, y, width, length))
    return out


def _draw_swing(
    surface: pygame.Surface, x: int, y: int, length: int, vertical: bool, s: int
) -> None:
    """Draw an open door's leaf, hinged at (x, y), swung into the lower or right field."""
    width = max(1, thickness(s) // 3)
    if vertical:  # the doorway runs down from (x, y); the leaf lies along the row
        surface.fill(EDGE_DOOR_OPEN, (x, y - width // 2, length, width))
    else:  # the doorway runs right from (x, y); the leaf lies along the column
        surface.fill(EDGE_DOOR_OPEN, (x - width // 2, y, width, length))
    if length >= 6:  # the leaf's path: a quarter circle round the hinge, lower right
        box = pygame.Rect(x - length, y - length, 2 * length, 2 * length)
        if s >= 24:  # on a light band, so it reads on dark artwork too
            pygame.draw.arc(surface, EDGE_OUTLINE, box.inflate(2, 2), -math.pi / 2, 0.0, 3)
        pygame.draw.arc(surface, EDGE_DOOR_OPEN, box, -math.pi / 2, 0.0, 1)


# ------------------------------------------------------------------- legend
def edge_swatch(kind: EdgeKind, size: int, background: Colour = theme.FLOOR) -> pygame.Surface:
    """Return a ``size`` square legend swatch: floor with one edge of ``kind`` across it."""
    swatch = pygame.Surface((size, size))
    swatch.fill(background)
    layer = EdgeLayer(1, 2)  # two fields, one above the other; the edge between them
    layer.set((0, 0), (0, 1), kind)
    # the edge (map y = size) lies across the swatch's middle; an open door's near the top,
    # so the leaf swung into the lower field shows
    top = round(size * (0.8 if kind is EdgeKind.OPEN_DOOR else 0.5))
    draw_edges(swatch, layer, 0, top, size, size, size)
    return swatch


_SIDES: tuple[tuple[tuple[int, int], str, str], ...] = (
    ((0, -1), "oben", "top"),
    ((0, 1), "unten", "bottom"),
    ((-1, 0), "links", "left"),
    ((1, 0), "rechts", "right"),
)


def field_edge_words(layer: EdgeLayer, cell: tuple[int, int], language: str) -> list[str]:
    """Return what stands on the edges of ``cell``, e.g. "wall on a field edge (top)"."""
    x, y = cell
    words: list[str] = []
    for (dx, dy), german, english in _SIDES:
        other = (x + dx, y + dy)
        try:
            kind = layer.kind(cell, other)
        except ValueError:  # outside the map: no edge there to name
            continue
        if kind is not None:
            name_de, name_en = EDGE_NAMES[kind]
            words.append(f"{name_en} ({english})" if language == "en" else f"{name_de} ({german})")
    return words
