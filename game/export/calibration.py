"""The calibration bar at the foot of every sheet: 50 mm to check the printer ran at 100 %."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.export.layout import CALIBRATION_MM, MARGIN_MM, MM
from game.export.text import BOLD, FONT, fit_size

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["CALIBRATION_TEXT", "SCALE_HINT", "draw_calibration"]

CALIBRATION_TEXT = "50 mm — bei 100 % Druck genau 50 mm / exactly 50 mm at 100 % scale"
SCALE_HINT = (
    "Drucken mit „Tatsächliche Größe“ / 100 %, nicht „An Seite anpassen“ · "
    "print at actual size, not fit to page"
)


def draw_calibration(c: Canvas, page_w: float) -> None:
    """Draw the bar (five 10 mm blocks in one 50 mm frame) and its texts on a sheet."""
    left = MARGIN_MM * MM
    bottom = MARGIN_MM * MM
    bar_w = CALIBRATION_MM * MM
    bar_h = 3.0 * MM
    bar_y = bottom + 1.5 * MM
    c.addLiteral("/KKCalibration BMC")
    c.setStrokeGray(0.0)
    c.setFillGray(0.0)
    c.setLineWidth(0.5)
    c.setDash()
    for block in range(0, 5, 2):
        c.rect(left + block * bar_w / 5, bar_y, bar_w / 5, bar_h, stroke=0, fill=1)
    c.rect(left, bar_y, bar_w, bar_h, stroke=1, fill=0)
    c.addLiteral("EMC")
    text_x = left + bar_w + 3 * MM
    available = page_w - MARGIN_MM * MM - text_x
    size = fit_size(CALIBRATION_TEXT, BOLD, 6.5, available)
    c.setFont(BOLD, size)
    c.drawString(text_x, bar_y + bar_h - size * 0.5, CALIBRATION_TEXT)
    size = fit_size(SCALE_HINT, FONT, 5.5, available)
    c.setFont(FONT, size)
    c.drawString(text_x, bar_y - 0.6 * MM, SCALE_HINT)
