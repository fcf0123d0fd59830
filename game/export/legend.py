"""The legend in the footer of every sheet: a swatch and two lines of text per entry.

An entry is a mark the map uses (its pattern in a small square), a kind of wall or
door on field edges (D-13, one edge across the square) or a side whose creatures are
printed (a small token in the side's outline). The entries flow left to right in rows
above the calibration bar; the page plan needs the number of rows before anything is
drawn (``flow_rows``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.board.edges import EdgeKind
from game.export.edges import EDGE_NAMES, draw_edge_swatch
from game.export.layout import CALIBRATION_ROW_MM, LEGEND_ROW_MM, MARGIN_MM, MM
from game.export.patterns import Mark, draw_code, draw_mark
from game.export.styles import UNKNOWN_SIDE, SideStyle
from game.export.text import BOLD, FONT, string_width
from game.export.tokens import draw_token
from game.missions.model import Controller, CreaturePlacement, Side

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["SWATCH_MM", "LegendItem", "draw_legend", "flow_rows", "legend_items"]

SWATCH_MM = 6.0


@dataclass(frozen=True)
class LegendItem:
    """One legend entry: its two texts, its width and what its swatch shows."""

    german: str
    english: str
    width: float  # points, swatch and gap included
    mark: Mark | None = None
    side: SideStyle | None = None
    edge: EdgeKind | None = None  # a wall or door on a field edge (D-13)


def _side_entries(
    sides: Sequence[Side],
    styles: Mapping[str, SideStyle],
    shown: Sequence[CreaturePlacement],
) -> list[tuple[str, str, Mark | None, SideStyle | None]]:
    """Return an entry for every side with a printed creature (and one for unknown sides)."""
    entries: list[tuple[str, str, Mark | None, SideStyle | None]] = []
    sides_used = {c.side for c in shown}
    for side in sides:
        if side.key in sides_used:
            style = styles[side.key]
            who = "Spieler" if side.controller is Controller.PLAYER else "Spielleitung"
            whom = "player" if side.controller is Controller.PLAYER else "game master"
            entries.append(
                (
                    f"Partei {style.code}: {side.name} ({who})",
                    f"side {style.code}: {whom}",
                    None,
                    style,
                )
            )
    if sides_used - set(styles):
        entries.append(("Partei ?: unbekannt", "side ?: unknown", None, UNKNOWN_SIDE))
    return entries


def legend_items(
    used: Sequence[Mark],
    sides: Sequence[Side],
    styles: Mapping[str, SideStyle],
    shown: Sequence[CreaturePlacement],
    edges: Sequence[EdgeKind] = (),
) -> list[LegendItem]:
    """Return the legend: its heading, the marks in ``used``, the kinds of edge in
    ``edges`` (D-13), the sides of ``shown``."""
    entries: list[tuple[str, str, Mark | None, SideStyle | None, EdgeKind | None]] = [
        (mark.german, mark.english, mark, None, None) for mark in used
    ]
    entries.extend((*EDGE_NAMES[kind], None, None, kind) for kind in edges)
    if shown:
        entries.extend((*entry, None) for entry in _side_entries(sides, styles, shown))
    items = [LegendItem("Legende", "legend", string_width("Legende", BOLD, 6.5) + 8)]
    for german, english, mark, token, edge in entries:
        text = max(string_width(german, BOLD, 6.0), string_width(english, FONT, 5.5))
        width = SWATCH_MM * MM + 1.5 * MM + text + 4 * MM
        items.append(LegendItem(german, english, width, mark, token, edge))
    return items


def flow_rows(widths: Sequence[float], available: float) -> int:
    """Return how many rows the items need when they flow left to right."""
    return len(_flow(widths, available))


def _flow(widths: Sequence[float], available: float) -> list[list[int]]:
    rows: list[list[int]] = []
    x = available + 1.0
    for index, width in enumerate(widths):
        if x + width > available and (not rows or rows[-1]):
            rows.append([])
            x = 0.0
        rows[-1].append(index)
        x += width
    return rows


def draw_legend(c: Canvas, legend: Sequence[LegendItem], page_w: float) -> None:
    """Draw the legend rows of a ``page_w`` points wide sheet, above the calibration bar."""
    left = MARGIN_MM * MM
    bottom = MARGIN_MM * MM
    available = page_w - 2 * MARGIN_MM * MM
    rows = _flow([item.width for item in legend], available)
    swatch = SWATCH_MM * MM
    for row_index, row in enumerate(rows):
        row_bottom = (
            bottom + (CALIBRATION_ROW_MM + (len(rows) - 1 - row_index) * LEGEND_ROW_MM) * MM
        )
        x = left
        for index in row:
            item = legend[index]
            _draw_item(c, item, x, row_bottom + 0.75 * MM, swatch)
            x += item.width


def _draw_item(c: Canvas, item: LegendItem, x: float, y: float, swatch: float) -> None:
    c.setFillGray(0.0)
    if item.mark is None and item.side is None and item.edge is None:
        c.setFont(BOLD, 6.5)
        c.drawString(x, y + swatch / 2 - 1.0, item.german)
        c.setFont(FONT, 5.5)
        c.drawString(x, y + swatch / 2 - 7.5, item.english)
        return
    if item.mark is not None:
        _draw_mark_swatch(c, item.mark, x, y, swatch)
    elif item.edge is not None:
        _draw_edge_swatch(c, item.edge, x, y, swatch)
    elif item.side is not None:
        draw_token(
            c,
            x + swatch / 2,
            y + swatch / 2,
            swatch / 2,
            item.side,
            item.side.code,
            "",
            show_code=False,
        )
    text_x = x + swatch + 1.5 * MM
    c.setFillGray(0.0)
    c.setFont(BOLD, 6.0)
    c.drawString(text_x, y + swatch - 6.0, item.german)
    c.setFillGray(0.3)
    c.setFont(FONT, 5.5)
    c.drawString(text_x, y + 1.0, item.english)
    c.setFillGray(0.0)


def _draw_mark_swatch(c: Canvas, mark: Mark, x: float, y: float, swatch: float) -> None:
    with _swatch_frame(c, f"KKSwatch_{mark.key}", x, y, swatch):
        draw_mark(c, mark, x, y, swatch)
        draw_code(c, mark, x, y, swatch)


def _draw_edge_swatch(c: Canvas, kind: EdgeKind, x: float, y: float, swatch: float) -> None:
    with _swatch_frame(c, f"KKEdgeSwatch_{kind.value}", x, y, swatch):
        draw_edge_swatch(c, kind, x, y, swatch)


@contextmanager
def _swatch_frame(c: Canvas, tag: str, x: float, y: float, swatch: float) -> Iterator[None]:
    """Draw a swatch's white, outlined square and clip what the block draws to it.

    The block is tagged ``/<tag> BMC`` … ``EMC`` so that tests and users can find each
    swatch in the content stream.
    """
    c.addLiteral(f"/{tag} BMC")
    c.saveState()
    c.setFillGray(1.0)
    c.setStrokeGray(0.0)
    c.setLineWidth(0.5)
    c.rect(x, y, swatch, swatch, stroke=1, fill=1)
    clip = c.beginPath()
    clip.rect(x, y, swatch, swatch)
    c.clipPath(clip, stroke=0, fill=0)
    try:
        yield
    finally:
        c.restoreState()
        c.addLiteral("EMC")
