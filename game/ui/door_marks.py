"""Edge doors drawn again over the tokens that stand at them (D-13), so they stay readable.

Edges are painted into the map tiles, under the tokens; a token fills its field up to the
border, so with creatures on both sides a door's middle -- where a closed leaf differs
from an open doorway and from a wall -- is hidden. After the tokens, ``DoorMarks.draw``
paints, for each door whose border a drawn token touches, the door once more: a closed
door as in the tiles (posts and leaf), an open one as its posts with a light gap between
them. Only those doors: a frame costs a dictionary look-up per drawn token (the fields
beside a door, kept per grid version); the pictures are cached per kind and field size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import pygame

from game.board.edges import EdgeKind, EdgeLayer
from game.ui.camera import Camera
from game.ui.edge_looks import EDGE_OUTLINE, EDGE_WALL, draw_edges, outline, thickness

#: One door: (vertical?, row, column) in the layer's arrays, open?
Door = tuple[bool, int, int, bool]

GAP: tuple[int, int, int] = EDGE_OUTLINE  # an open doorway: the light of the outline


class DoorMarks:
    """Find the doors next to drawn tokens and paint their marks (cached per version)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._doors: dict[tuple[int, int], list[Door]] = {}
        self._pictures: dict[tuple[bool, bool, int], pygame.Surface] = {}

    def update(self, layer: EdgeLayer, key: tuple[object, ...]) -> None:
        """Index the doors of ``layer`` by the fields beside them (when ``key`` changed)."""
        if key == self._key:
            return
        self._key = key
        self._doors = {}
        for vertical, doors, opens in (
            (False, layer.door_h, layer.open_h),
            (True, layer.door_v, layer.open_v),
        ):
            for row, column in np.argwhere(doors).tolist():
                door: Door = (vertical, row, column, bool(opens[row, column]))
                # the fields on both sides: (x - 1, y) and (x, y), or (x, y - 1) and (x, y)
                sides = (
                    ((column - 1, row), (column, row))
                    if vertical
                    else (
                        (column, row - 1),
                        (column, row),
                    )
                )
                for x, y in sides:
                    if 0 <= x < layer.width and 0 <= y < layer.height:
                        self._doors.setdefault((x, y), []).append(door)

    def near(self, camera: Camera, rects: Iterable[pygame.Rect]) -> list[Door]:
        """Return the doors on the border of a token footprint in ``rects`` (screen)."""
        doors = self._doors
        if not doors:
            return []
        s = camera.cell_px
        shift_x, shift_y = camera.x - camera.viewport_x, camera.y - camera.viewport_y
        found: dict[Door, None] = {}
        for rect in rects:
            # the fields the footprint covers (several while a token moves between them)
            left, top = rect.left + shift_x, rect.top + shift_y
            x0, y0 = math.floor(left / s), math.floor(top / s)
            x1, y1 = math.ceil((left + rect.width) / s), math.ceil((top + rect.height) / s)
            reach: pygame.Rect | None = None
            for y in range(y0, y1):
                for x in range(x0, x1):
                    beside = doors.get((x, y))
                    if beside is None:
                        continue
                    reach = reach or rect.inflate(2, 2)  # a footprint only touches its border
                    for door in beside:
                        if door not in found and reach.colliderect(_span(camera, door)):
                            found[door] = None
        return list(found)

    def draw(self, surface: pygame.Surface, camera: Camera, doors: Iterable[Door]) -> None:
        """Paint the marks of ``doors`` (from ``near``) over whatever is drawn."""
        s = camera.cell_px
        m = _margin(s)
        blits = []
        for door in doors:
            vertical, _, _, is_open = door
            span = _span(camera, door)
            x, y = (span.x + 1, span.y) if vertical else (span.x, span.y + 1)  # the border
            blits.append((self.picture(vertical, is_open, s), (x - m, y - m)))
        if blits:
            surface.fblits(blits)

    def picture(self, vertical: bool, is_open: bool, s: int) -> pygame.Surface:
        """Return the mark of one door on a vertical or horizontal border (cached)."""
        key = (vertical, is_open, s)
        picture = self._pictures.get(key)
        if picture is None:
            if len(self._pictures) > 64:
                self._pictures.clear()
            picture = self._pictures[key] = door_picture(vertical, is_open, s)
        return picture


def _margin(s: int) -> int:
    """Return how far a mark reaches across and past its border (half the bar, outline)."""
    return thickness(s) // 2 + outline(s) + 1


def _span(camera: Camera, door: Door) -> pygame.Rect:
    """Return the border of ``door`` on screen: ``s`` long, 2 px across (a rect of no
    width collides with nothing)."""
    vertical, row, column, _ = door
    s = camera.cell_px
    x = round(column * s - camera.x) + camera.viewport_x
    y = round(row * s - camera.y) + camera.viewport_y
    return pygame.Rect(x - 1, y, 2, s) if vertical else pygame.Rect(x, y - 1, s, 2)


def door_picture(vertical: bool, is_open: bool, s: int) -> pygame.Surface:
    """Return a transparent picture of one door on its border, the border ``margin`` px in.

    A closed door looks as in the map tiles (``edge_looks.draw_edges``: posts, leaf,
    hinge); an open one shows its posts and a light gap with dark rims between them, so
    it reads as a hole in the wall over any token.
    """
    m = _margin(s)
    across, along = 2 * m, s + 2 * m
    size = (across, along) if vertical else (along, across)
    picture = pygame.Surface(size, pygame.SRCALPHA)
    picture.fill((0, 0, 0, 0))
    # one door between two fields; the picture shows the map pixels round its border
    layer = EdgeLayer(2, 1) if vertical else EdgeLayer(1, 2)
    layer.set((0, 0), (1, 0) if vertical else (0, 1), EdgeKind.DOOR)
    origin = (s - m, -m) if vertical else (-m, s - m)
    draw_edges(picture, layer, origin[0], origin[1], size[0], size[1], s)
    if is_open:
        _open_gap(picture, vertical, s)
    return picture


def _open_gap(picture: pygame.Surface, vertical: bool, s: int) -> None:
    """Replace the closed leaf by a light gap between dark rims (posts stay)."""
    m = _margin(s)
    t = thickness(s)
    o = outline(s)
    post = max(2, round(s * 0.14))
    start, length = m + post, s - 2 * post
    rim = max(1, o)
    leaf = t + 2 * o  # the leaf and its outline, cleared
    first = m - leaf // 2 - (leaf % 2)
    gap = max(1, t - 2 * rim)
    middle = m - gap // 2
    if vertical:
        picture.fill((0, 0, 0, 0), (first, start, leaf + 1, length))
        picture.fill(EDGE_WALL, (middle - rim, start, gap + 2 * rim, length))
        picture.fill(GAP, (middle, start, gap, length))
    else:
        picture.fill((0, 0, 0, 0), (start, first, length, leaf + 1))
        picture.fill(EDGE_WALL, (start, middle - rim, length, gap + 2 * rim))
        picture.fill(GAP, (start, middle, length, gap))
