"""Drawing one sheet: the map in its window, the glue flaps, frame and cut lines, the field
coordinates, the header (title, page label, assembly hint) and the footer (legend, bar).

The frame and the cut lines are tagged ``/KKFrame`` and ``/KKCut`` in the content stream.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.export.calibration import draw_calibration
from game.export.edges import draw_sheet_edges
from game.export.layout import MARGIN_MM, MM, OVERLAP_MM, STRIP_MM, Sheet, page_label
from game.export.legend import draw_legend
from game.export.map_drawing import draw_background, draw_creatures, draw_fields, draw_grid
from game.export.page import FIELD_PT, PageContext, Window
from game.export.text import BOLD, FONT, fit_size, fit_text, string_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["FIRST_COORDINATE", "draw_sheet"]

#: The number printed for the first field column and row: the coordinates of the
#: mission file and of ``Cell`` (x to the right, y down), which count from 0.
FIRST_COORDINATE = 0


def draw_sheet(c: Canvas, page: PageContext, sheet: Sheet) -> None:
    """Draw everything on one sheet of the print."""
    overlap = OVERLAP_MM * MM
    own_w = sheet.nx * FIELD_PT
    own_h = sheet.ny * FIELD_PT
    window = Window(
        sheet,
        page.map_left,
        page.map_top,
        own_w,
        own_h,
        own_w + (overlap if sheet.has_right else 0.0),
        own_h + (overlap if sheet.has_below else 0.0),
    )
    # Fields drawn: the sheet's own plus the one each flap cuts into.
    xs = range(sheet.x0, min(page.grid.width, sheet.x0 + sheet.nx + int(sheet.has_right)))
    ys = range(sheet.y0, min(page.grid.height, sheet.y0 + sheet.ny + int(sheet.has_below)))

    c.saveState()
    clip = c.beginPath()
    clip.rect(window.left, window.bottom, window.width, window.height)
    c.clipPath(clip, stroke=0, fill=0)
    if page.background is not None:
        draw_background(c, page.background, window)
    draw_fields(c, page, window, xs, ys)
    draw_grid(c, window)
    # walls and doors on field edges (D-13): over the artwork and the grid, under tokens
    draw_sheet_edges(c, page.grid.edges, xs, ys, *_corner(window, xs, ys), FIELD_PT)
    if page.creatures:
        draw_creatures(c, page, window, xs, ys)
    _draw_flaps(c, window)
    c.restoreState()

    _draw_frame_and_cuts(c, window)
    _draw_coordinates(c, window)
    _draw_header(c, page, sheet)
    draw_calibration(c, page.page_w)
    draw_legend(c, page.legend, page.page_w)


def _corner(window: Window, xs: range, ys: range) -> tuple[float, float]:
    """Return the top-left corner of field (xs.start, ys.start) on the sheet, in points."""
    x, y = window.origin(xs.start, ys.start)
    return x, y + FIELD_PT


def _draw_flaps(c: Canvas, window: Window) -> None:
    sheet = window.sheet
    overlap = OVERLAP_MM * MM
    flaps: list[tuple[float, float, float, float, str, bool]] = []
    if sheet.has_right:
        target = page_label(sheet.row, sheet.column + 1)
        flaps.append(
            (window.left + window.own_w, window.bottom, overlap, window.height, target, True)
        )
    if sheet.has_below:
        target = page_label(sheet.row + 1, sheet.column)
        flaps.append((window.left, window.bottom, window.own_w, overlap, target, False))
    for x, y, w, h, target, vertical in flaps:
        c.saveState()
        c.setFillGray(0.0)
        c.setFillAlpha(0.18)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.restoreState()
        text = f"Kleben: Seite {target} / glue: page {target}"
        length = h if vertical else w
        size = fit_size(text, BOLD, 6.0, length - 4 * MM)
        c.saveState()
        c.translate(x + w / 2, y + h / 2)
        if vertical:
            c.rotate(90)
        box = string_width(text, BOLD, size) + 2.0
        c.setFillGray(1.0)
        c.rect(-box / 2, -size * 0.7, box, size * 1.4, stroke=0, fill=1)
        c.setFillGray(0.0)
        c.setFont(BOLD, size)
        c.drawCentredString(0, -size * 0.35, text)
        c.restoreState()


def _draw_frame_and_cuts(c: Canvas, window: Window) -> None:
    sheet = window.sheet
    strip = STRIP_MM * MM
    c.addLiteral("/KKFrame BMC")
    c.setStrokeGray(0.0)
    c.setLineWidth(1.0)
    c.setDash()
    c.rect(window.left, window.top - window.own_h, window.own_w, window.own_h, stroke=1, fill=0)
    if sheet.has_right or sheet.has_below:
        # The flap's outer edge, dotted: trim here if you like, the flap goes under.
        c.setLineWidth(0.4)
        c.setDash([1.0, 1.5])
        c.rect(window.left, window.bottom, window.width, window.height, stroke=1, fill=0)
    c.addLiteral("EMC")
    c.addLiteral("/KKCut BMC")
    c.setLineWidth(0.8)
    c.setDash([4.0, 2.0])
    if sheet.column > 0:
        x = window.left
        c.line(x, window.bottom - strip, x, window.top + strip)
    if sheet.row > 0:
        y = window.top
        c.line(window.left - strip, y, window.left + window.width + strip, y)
    c.setDash()
    c.addLiteral("EMC")


def _draw_coordinates(c: Canvas, window: Window) -> None:
    sheet = window.sheet
    strip = STRIP_MM * MM
    c.setFillGray(0.0)
    for fx in range(sheet.x0, sheet.x0 + sheet.nx):
        text = str(fx + FIRST_COORDINATE)
        size = fit_size(text, FONT, 6.5, FIELD_PT - 2)
        c.setFont(FONT, size)
        cx = window.left + (fx - sheet.x0 + 0.5) * FIELD_PT
        c.drawCentredString(cx, window.top + strip * 0.3, text)
        c.drawCentredString(cx, window.bottom - strip * 0.75, text)
    for fy in range(sheet.y0, sheet.y0 + sheet.ny):
        text = str(fy + FIRST_COORDINATE)
        size = fit_size(text, FONT, 6.5, strip - 0.6 * MM)
        c.setFont(FONT, size)
        cy = window.top - (fy - sheet.y0 + 0.5) * FIELD_PT - size * 0.35
        c.drawCentredString(window.left - strip / 2, cy, text)
        c.drawCentredString(window.left + window.width + strip / 2, cy, text)


def _draw_header(c: Canvas, page: PageContext, sheet: Sheet) -> None:
    top = page.page_h - MARGIN_MM * MM
    left = MARGIN_MM * MM
    right = page.page_w - MARGIN_MM * MM
    page_text = f"Seite {sheet.label}"
    c.setFillGray(0.0)
    c.setFont(BOLD, 12)
    c.drawRightString(right, top - 4.4 * MM, page_text)
    room = right - left - string_width(page_text, BOLD, 12) - 4 * MM
    title = f"Kampfkarte · {page.mission.title}"
    size = fit_size(title, BOLD, 10.0, room)
    c.setFont(BOLD, size)
    c.drawString(left, top - 4.2 * MM, fit_text(title, BOLD, size, room))

    german, english = _sheet_lines(page, sheet)
    width = right - left
    size = fit_size(german, FONT, 6.5, width)
    c.setFont(FONT, size)
    c.drawString(left, top - 8.2 * MM, german)
    size = fit_size(english, FONT, 6.0, width)
    c.setFont(FONT, size)
    c.setFillGray(0.3)
    c.drawString(left, top - 11.4 * MM, english)
    c.setFillGray(0.0)


def _sheet_lines(page: PageContext, sheet: Sheet) -> tuple[str, str]:
    """Return the header's German and English line: where the sheet lies, how to assemble."""
    plan = page.plan
    label = sheet.label
    x_last = sheet.x0 + sheet.nx - 1 + FIRST_COORDINATE
    y_last = sheet.y0 + sheet.ny - 1 + FIRST_COORDINATE
    x_first = sheet.x0 + FIRST_COORDINATE
    y_first = sheet.y0 + FIRST_COORDINATE
    pages = len(plan.sheets)
    german = (
        f"Seite {label} (Zeile {sheet.row + 1}, Spalte {sheet.column + 1}) von "
        f"{plan.rows} × {plan.columns}, Blatt {sheet.number}/{pages} · "
        f"Felder x {x_first}–{x_last}, y {y_first}–{y_last} · 1 Feld = 25 mm"
    )
    english = (
        f"page {label} (row {sheet.row + 1}, column {sheet.column + 1}) of "
        f"{plan.rows} × {plan.columns}, sheet {sheet.number}/{pages} · "
        f"fields x {x_first}–{x_last}, y {y_first}–{y_last} · one field = 25 mm"
    )
    if pages > 1:
        german += (
            " · an gestrichelter Linie schneiden, auf graue Klebefläche der Nachbarseite legen"
        )
        english += " · cut along the dashed line, lay onto the neighbour's grey glue area"
    return german, english
