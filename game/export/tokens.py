"""Drawing one creature token: a white disc in its side's outline, with its texts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.export.styles import SideStyle
from game.export.text import BOLD, FONT, fit_size, fit_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["draw_token"]


def draw_token(
    c: Canvas,
    cx: float,
    cy: float,
    radius: float,
    style: SideStyle,
    label: str,
    name: str,
    *,
    show_code: bool = True,
) -> None:
    """Draw a creature token: white disc, side-coloured outline of the side's dash, texts."""
    c.setFillGray(1.0)
    c.setStrokeGray(0.0)
    c.setLineWidth(0.5)
    c.setDash()
    c.circle(cx, cy, radius, stroke=1, fill=1)
    ring = max(0.8, radius * 0.08)
    c.setStrokeColorRGB(*style.colour)
    c.setLineWidth(ring)
    if style.dash is not None:
        c.setDash(list(style.dash))
    c.circle(cx, cy, radius - ring / 2 - 0.4, stroke=1, fill=0)
    c.setDash()
    if style.double:
        c.setLineWidth(max(0.4, ring * 0.4))
        c.circle(cx, cy, radius - 2.2 * ring, stroke=1, fill=0)
    c.setFillGray(0.0)
    big = fit_size(label, BOLD, min(12.0, radius * 0.6), radius * 1.3)
    c.setFont(BOLD, big)
    c.drawCentredString(cx, cy - big * 0.3, label)
    small = max(4.0, radius * 0.22)
    if show_code:
        c.setFont(BOLD, small)
        c.drawCentredString(cx, cy + radius * 0.45, style.code)
    if name:
        c.setFont(FONT, small)
        c.drawCentredString(cx, cy - radius * 0.62, fit_text(name, FONT, small, radius * 1.5))
