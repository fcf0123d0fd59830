"""Text on the printed map: the fonts and fitting a text into a width.

Reads reportlab's font metrics, so call it only once reportlab is known to be there
(``game.export.pdf`` checks that before it draws anything).
"""

from __future__ import annotations

__all__ = ["BOLD", "FONT", "fit_size", "fit_text", "string_width"]

FONT = "Helvetica"
BOLD = "Helvetica-Bold"


def string_width(text: str, font: str, size: float) -> float:
    """Return the width of ``text`` in ``font`` at ``size``, in points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def fit_size(text: str, font: str, size: float, width: float) -> float:
    """Return ``size``, shrunk (not below 3 pt) until ``text`` fits ``width`` points."""
    natural = string_width(text, font, size)
    if natural <= width or natural <= 0:
        return size
    return max(3.0, size * width / natural)


def fit_text(text: str, font: str, size: float, width: float) -> str:
    """Return ``text``, cut with an ellipsis until it fits ``width`` points."""
    if string_width(text, font, size) <= width:
        return text
    while text and string_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…" if text else ""
