"""Walls and doors on field edges (D-13) on paper: thick lines on the field borders.

Drawn over the background image and the field patterns (a drawn map's walls stand on
its grid lines), in black with a thin white halo so they read on dark artwork and on
white paper. An edge wall is a bar ``WALL_FRACTION`` of a field thick centred on the
border; walls in a row along one grid line are one bar, reaching half their thickness
past their ends so corners close. A closed edge door is a white leaf outlined in black
between two black posts, with a hinge dot; an open one keeps the posts, leaves the
doorway white and shows its leaf swung into the lower or right field with a dashed arc
(the printed field doors' look, on the border). The map's edges are tagged ``/KKEdges``,
legend swatches ``/KKEdgeSwatch_<kind>``.

The drawing functions take a reportlab canvas but import nothing from reportlab.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.board.edges import EdgeKind, EdgeLayer

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["EDGE_NAMES", "WALL_FRACTION", "draw_edge_swatch", "draw_sheet_edges", "edge_kinds"]

#: An edge wall's thickness in fields (about 3 mm at 25 mm fields).
WALL_FRACTION = 0.12
#: The door posts' length in fields, at each end of the doorway.
POST_FRACTION = 0.12
#: The white halo round every edge line, in points.
HALO_PT = 0.8

EDGE_NAMES: dict[EdgeKind, tuple[str, str]] = {
    EdgeKind.WALL: ("Wand auf der Feldkante", "wall on a field edge"),
    EdgeKind.DOOR: ("Tür auf der Feldkante, geschlossen", "door on a field edge, closed"),
    EdgeKind.OPEN_DOOR: ("Tür auf der Feldkante, offen", "door on a field edge, open"),
}

BoolGrid = npt.NDArray[np.bool_]


def edge_kinds(layer: EdgeLayer) -> list[EdgeKind]:
    """Return the kinds of edge the layer holds, walls first."""
    closed = (layer.door_h & ~layer.open_h).any() or (layer.door_v & ~layer.open_v).any()
    opened = (layer.door_h & layer.open_h).any() or (layer.door_v & layer.open_v).any()
    present = {
        EdgeKind.WALL: bool(layer.wall_h.any() or layer.wall_v.any()),
        EdgeKind.DOOR: bool(closed),
        EdgeKind.OPEN_DOOR: bool(opened),
    }
    return [kind for kind, there in present.items() if there]


def _runs(mask: BoolGrid) -> Iterator[tuple[int, int, int]]:
    """Yield (row, first, end) of the runs of True along each row of ``mask``."""
    if not mask.any():
        return
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    change = np.diff(padded, axis=1)
    rows, starts = np.nonzero(change == 1)
    _, ends = np.nonzero(change == -1)
    yield from zip(rows.tolist(), starts.tolist(), ends.tolist(), strict=True)


# ------------------------------------------------------------------ one edge
# Every symbol is drawn in a local frame: the edge runs along +x from 0 to ``length``,
# the lower or right field (the one an open door swings into) lies towards +y.


def _enter(c: Canvas, x: float, y: float, vertical: bool) -> None:
    """Set up the local frame of an edge starting at (x, y): its top or left end."""
    c.saveState()
    c.translate(x, y)
    if vertical:
        c.transform(0, -1, 1, 0, 0, 0)  # along the edge: down; across it: right
    else:
        c.transform(1, 0, 0, -1, 0, 0)  # along the edge: right; across it: down


def _wall_halo(c: Canvas, length: float, s: float) -> None:
    w = WALL_FRACTION * s
    c.setFillGray(1.0)
    c.rect(-w / 2 - HALO_PT, -w / 2 - HALO_PT, length + w + 2 * HALO_PT, w + 2 * HALO_PT, 0, 1)


def _wall_bar(c: Canvas, length: float, s: float) -> None:
    w = WALL_FRACTION * s
    c.setFillGray(0.0)
    c.rect(-w / 2, -w / 2, length + w, w, stroke=0, fill=1)


def _posts(c: Canvas, s: float) -> None:
    w, p = WALL_FRACTION * s, POST_FRACTION * s
    c.setFillGray(1.0)
    c.rect(-w / 2 - HALO_PT, -w / 2 - HALO_PT, p + w / 2 + 2 * HALO_PT, w + 2 * HALO_PT, 0, 1)
    c.rect(s - p - HALO_PT, -w / 2 - HALO_PT, p + w / 2 + 2 * HALO_PT, w + 2 * HALO_PT, 0, 1)
    c.setFillGray(0.0)
    c.rect(-w / 2, -w / 2, p + w / 2, w, stroke=0, fill=1)
    c.rect(s - p, -w / 2, p + w / 2, w, stroke=0, fill=1)


def _door(c: Canvas, s: float, is_open: bool) -> None:
    """Draw a door on one edge of ``s`` points in the local frame."""
    w, p = WALL_FRACTION * s, POST_FRACTION * s
    line = max(0.4, s * 0.012)
    c.setStrokeGray(0.0)
    c.setLineWidth(line)
    if not is_open:
        c.setFillGray(1.0)
        c.rect(p - HALO_PT, -w / 2 - HALO_PT, s - 2 * p + 2 * HALO_PT, w + 2 * HALO_PT, 0, 1)
        _posts(c, s)
        c.setFillGray(1.0)
        c.rect(p, -0.35 * w, s - 2 * p, 0.7 * w, stroke=1, fill=1)  # the leaf
        c.setFillGray(0.0)
        c.circle(p + 0.3 * w, 0.0, 0.22 * w, stroke=0, fill=1)  # the hinge
        return
    _posts(c, s)
    leaf = s - 2 * p
    thin = 0.05 * s
    c.setFillGray(1.0)
    c.rect(p, 0.0, thin, leaf, stroke=1, fill=1)  # the leaf, swung open
    c.setStrokeGray(1.0)  # the swing's arc, dashed black on a white halo
    c.setLineWidth(line + 2 * HALO_PT)
    c.arc(p - leaf, -leaf, p + leaf, leaf, 0, 90)
    c.setStrokeGray(0.0)
    c.setLineWidth(line)
    c.setDash(max(1.0, s * 0.03), max(1.0, s * 0.03))
    c.arc(p - leaf, -leaf, p + leaf, leaf, 0, 90)
    c.setDash()


# ------------------------------------------------------------------- the map
def draw_sheet_edges(
    c: Canvas,
    layer: EdgeLayer,
    xs: range,
    ys: range,
    left: float,
    top: float,
    s: float,
) -> None:
    """Draw the edges of fields ``xs`` × ``ys``; field (xs.start, ys.start)'s top-left
    corner lies at (left, top) points, a field is ``s`` points (y grows upwards)."""
    x0, x1, y0, y1 = xs.start, xs.stop, ys.start, ys.stop
    if x1 <= x0 or y1 <= y0:
        return
    views = (
        (False, layer.wall_h[y0 : y1 + 1, x0:x1], layer.door_h[y0 : y1 + 1, x0:x1]),
        (True, layer.wall_v[y0:y1, x0 : x1 + 1].T, layer.door_v[y0:y1, x0 : x1 + 1].T),
    )
    opens = (layer.open_h[y0 : y1 + 1, x0:x1], layer.open_v[y0:y1, x0 : x1 + 1].T)
    if not any(wall.any() or door.any() for _, wall, door in views):
        return

    def start(vertical: bool, line: int, along: int) -> tuple[float, float]:
        if vertical:  # line counts columns, along counts rows
            return left + line * s, top - along * s
        return left + along * s, top - line * s

    c.addLiteral("/KKEdges BMC")
    c.saveState()
    walls = [
        (vertical, start(vertical, row, first), (end - first) * s)
        for vertical, wall, _ in views
        for row, first, end in _runs(wall)
    ]
    for paint in (_wall_halo, _wall_bar):  # every halo first: bars that meet stay whole
        for vertical, (x, y), length in walls:
            _enter(c, x, y, vertical)
            paint(c, length, s)
            c.restoreState()
    for (vertical, _, door), opened in zip(views, opens, strict=True):
        for row, column in np.argwhere(door).tolist():
            _enter(c, *start(vertical, row, column), vertical)
            _door(c, s, bool(opened[row, column]))
            c.restoreState()
    c.restoreState()
    c.addLiteral("EMC")


def draw_edge_swatch(c: Canvas, kind: EdgeKind, x: float, y: float, size: float) -> None:
    """Draw one edge of ``kind`` across a legend swatch (clipped by the caller): across
    its middle, an open door's near the top so its swung leaf shows."""
    _enter(c, x, y + size * (0.85 if kind is EdgeKind.OPEN_DOOR else 0.5), False)
    if kind is EdgeKind.WALL:
        _wall_halo(c, size, size)
        _wall_bar(c, size, size)
    else:
        _door(c, size, kind is EdgeKind.OPEN_DOOR)
    c.restoreState()
