"""Print a mission map as a PDF at true scale: every field exactly 25.0 mm.

``write_map_pdf`` splits the map over as many sheets as the paper needs. Each sheet
owns whole fields; towards its right and lower neighbour it repeats the first 10 mm
of that neighbour as a grey glue flap. Sheets with a neighbour to the left or above
are cut along their dashed edge and laid onto that neighbour's flap. Every sheet
carries the mission's title, its label ("Seite B1": row B, column 1), the field
coordinates along all four sides of the map, a legend of the patterns and a 50 mm
calibration bar to check that the printer ran at 100 %.

Terrain is drawn in black-and-white patterns (``game.export.patterns``) so a cheap
laser printer keeps every kind apart. reportlab is an optional extra (``print``);
without it ``write_map_pdf`` raises ``PrintUnavailable``.

The content stream carries marked-content tags (``/KKGrid``, ``/KKCalibration``,
``/KKSwatch_<mark>``, ``/KKFrame``, ``/KKCut``) around the grid, the bar, the legend
swatches, the frame and the cut lines, and each field pattern is one form XObject
(``KK_<mark>_<variant>``) placed per field, so tests and curious users can measure
the file itself.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from game.board.grid import BattleGrid, BoolGrid
from game.export.layout import (
    CALIBRATION_MM,
    CALIBRATION_ROW_MM,
    FIELD_MM,
    HEADER_MM,
    LEGEND_ROW_MM,
    MARGIN_MM,
    MM,
    OVERLAP_MM,
    STRIP_MM,
    Sheet,
    SheetPlan,
    fields_per_page,
    page_label,
    paper_size_mm,
    plan_sheets,
)
from game.export.patterns import (
    MARKS,
    Mark,
    door_runs_horizontally,
    draw_code,
    draw_mark,
    mark_masks,
)
from game.match.datafiles import write_bytes_atomic
from game.missions.model import Controller, CreaturePlacement, Mission, Side
from game.missions.paths import (
    MAX_IMAGE_BYTES,
    MissionError,
    check_image,
    read_limited,
    resolve_inside,
)

if TYPE_CHECKING:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

__all__ = [
    "FIRST_COORDINATE",
    "PRINT_EXTRA_MESSAGE",
    "PrintReport",
    "PrintUnavailable",
    "SideStyle",
    "creature_initials",
    "side_styles",
    "write_map_pdf",
]

PRINT_EXTRA_MESSAGE = 'Printing needs the optional extra: python -m pip install -e ".[print]"'
CALIBRATION_TEXT = "50 mm — bei 100 % Druck genau 50 mm / exactly 50 mm at 100 % scale"
SCALE_HINT = (
    "Drucken mit „Tatsächliche Größe“ / 100 %, nicht „An Seite anpassen“ · "
    "print at actual size, not fit to page"
)
#: The number printed for the first field column and row: the coordinates of the
#: mission file and of ``Cell`` (x to the right, y down), which count from 0.
FIRST_COORDINATE = 0

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
FIELD_PT = FIELD_MM * MM
SWATCH_MM = 6.0


class PrintUnavailable(RuntimeError):
    """The PDF library (the optional ``print`` extra, reportlab) is not installed."""


@dataclass(frozen=True)
class PrintReport:
    """What was printed: sheets, their grid, the field size and anything left out."""

    pages: int
    rows: int
    columns: int
    field_mm: float
    fields_per_page: tuple[int, int] = (0, 0)  # capacity of one sheet (across, down)
    paper_mm: tuple[float, float] = (0.0, 0.0)  # (width, height) as printed
    notes: tuple[str, ...] = ()  # e.g. a background image that could not be printed


@dataclass(frozen=True)
class SideStyle:
    """How one side's creatures look on paper: colour for colour printers, the rest for B/W."""

    code: str  # printed in every token of the side ("1", "2", …)
    colour: tuple[float, float, float]
    dash: tuple[float, ...] | None  # outline dash pattern, None for solid
    double: bool  # a second, inner ring


_OUTLINES: tuple[tuple[tuple[float, ...] | None, bool], ...] = (
    (None, False),
    ((4.0, 2.0), False),
    (None, True),
    ((1.0, 1.6), False),
    ((6.0, 2.0, 1.0, 2.0), False),
    ((4.0, 2.0), True),
)


def _parse_colour(text: str) -> tuple[float, float, float]:
    value = text.strip().lstrip("#")
    if len(value) != 6:
        return (0.0, 0.0, 0.0)
    try:
        red, green, blue = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return (0.0, 0.0, 0.0)
    return (red / 255, green / 255, blue / 255)


def side_styles(sides: Sequence[Side]) -> dict[str, SideStyle]:
    """Return each side's print style: its colour, a number and an outline of its own."""
    styles = {}
    for index, side in enumerate(sides):
        dash, double = _OUTLINES[index % len(_OUTLINES)]
        styles[side.key] = SideStyle(str(index + 1), _parse_colour(side.colour), dash, double)
    return styles


_UNKNOWN_SIDE = SideStyle("?", (0.0, 0.0, 0.0), (1.0, 1.0), False)


def creature_initials(name: str) -> str:
    """Return the short name printed in a token: "Likron" -> "Li", "Dretop-Pirat 2" -> "DP2"."""
    words = [w for w in name.replace("-", " ").replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        word = words[0]
        return word if word.isdigit() else word[:2]
    parts = [w if w.isdigit() else w[0].upper() for w in words]
    return "".join(parts)[:4]


# ------------------------------------------------------------------ entry point
def write_map_pdf(
    mission: Mission,
    grid: BattleGrid,
    out_path: str | os.PathLike[str],
    *,
    paper: str = "A4",
    landscape: bool = False,
    creatures: bool = True,
    images: Mapping[str, bytes] | None = None,
    base_dir: str | os.PathLike[str] | None = None,
    footprints: Mapping[str, int] | None = None,
) -> PrintReport:
    """Write the mission's map to ``out_path`` as a PDF with 25.0 mm fields; return what it holds.

    ``grid`` is the BattleGrid built from ``mission``. ``images`` maps the mission's
    background path to its bytes (as the loader returns them); without it the
    background is read from ``base_dir``. ``footprints`` maps a creature type to the
    side of its square footprint in fields (E-SIZE-1); a type it does not name takes
    one field. The PDF is rendered in memory and written atomically, so a failed
    print leaves no half file.
    Raise PrintUnavailable without reportlab, ValueError for an unknown paper or a
    grid that does not match the mission.
    """
    page_w_mm, page_h_mm = paper_size_mm(paper, landscape=landscape)
    if (grid.width, grid.height) != (mission.width, mission.height):
        raise ValueError(
            f"the grid is {grid.width}×{grid.height} fields but the mission says "
            f"{mission.width}×{mission.height}"
        )
    _require_reportlab()
    from reportlab.pdfgen.canvas import Canvas

    notes: list[str] = []
    styles = side_styles(mission.sides)
    shown = _shown_creatures(mission, creatures, notes)
    masks = mark_masks(grid)
    used = [MARKS[key] for key in MARKS if bool(masks[key].any())]
    legend = _legend_items(used, mission.sides, styles, shown)
    page_w = page_w_mm * MM
    legend_rows = _flow_rows([item.width for item in legend], page_w - 2 * MARGIN_MM * MM)
    fields_x, fields_y = fields_per_page(page_w_mm, page_h_mm, legend_rows)
    plan = plan_sheets(grid.width, grid.height, fields_x, fields_y)
    background = _background(mission, images, base_dir, notes)

    page = _PageContext(
        mission=mission,
        grid=grid,
        plan=plan,
        page_w=page_w,
        page_h=page_h_mm * MM,
        masks=masks,
        used=used,
        horizontal=door_runs_horizontally(grid),
        legend=legend,
        styles=styles,
        creatures=shown,
        sizes={c.key: max(1, (footprints or {}).get(c.type, 1)) for c in shown},
        background=background,
    )

    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(page.page_w, page.page_h),
        invariant=1,  # no time stamps or random ids: the same mission gives the same bytes
        pageCompression=1,
    )
    canvas.setTitle(f"Kampfkarte: {mission.title}")
    canvas.setAuthor(mission.author or "Kampfkarte")
    canvas.setCreator("Kampfkarte")
    canvas.setSubject("ENTARIA-Kampfkarte, 1 Feld = 25 mm / one field = 25 mm")
    # Ask viewers not to shrink the page to the printer's margins.
    canvas.setViewerPreference("PrintScaling", "None")
    _define_forms(canvas, page.used)
    for sheet in plan.sheets:
        _draw_sheet(canvas, page, sheet)
        canvas.showPage()
    canvas.save()
    write_bytes_atomic(Path(out_path), buffer.getvalue())
    return PrintReport(
        pages=len(plan.sheets),
        rows=plan.rows,
        columns=plan.columns,
        field_mm=FIELD_MM,
        fields_per_page=(fields_x, fields_y),
        paper_mm=(page_w_mm, page_h_mm),
        notes=tuple(notes),
    )


def _require_reportlab() -> None:
    try:
        import reportlab
        import reportlab.pdfgen.canvas  # noqa: F401
    except ImportError as exc:
        raise PrintUnavailable(PRINT_EXTRA_MESSAGE) from exc


# ---------------------------------------------------------------- preparation
def _shown_creatures(
    mission: Mission, creatures: bool, notes: list[str]
) -> tuple[CreaturePlacement, ...]:
    if not creatures:
        return ()
    hidden = sum(1 for c in mission.creatures if c.hidden)
    if hidden:
        notes.append(
            f"{hidden} verborgene Kreatur(en) nicht gedruckt / "
            f"{hidden} creature(s) hidden at start not printed"
        )
    return tuple(
        c
        for c in mission.creatures
        if not c.hidden and 0 <= c.cell[0] < mission.width and 0 <= c.cell[1] < mission.height
    )


@dataclass(frozen=True)
class _Background:
    reader: ImageReader
    left: float  # in fields, relative to the map's top-left corner
    top: float
    width: float
    height: float


def _background(
    mission: Mission,
    images: Mapping[str, bytes] | None,
    base_dir: str | os.PathLike[str] | None,
    notes: list[str],
) -> _Background | None:
    """Return the background image placed in field units, or None (with a note why)."""
    background = mission.background
    if background is None:
        return None
    label = background.path
    data = None
    if images is not None:
        data = images.get(background.path) or images.get(background.path.replace("\\", "/"))
    try:
        if data is None and base_dir is not None:
            path = resolve_inside(Path(base_dir), background.path, path_label=label)
            data = read_limited(path, MAX_IMAGE_BYTES, path_label=label)
        if data is None:
            notes.append(
                f"Hintergrundbild {label} nicht gedruckt: keine Bilddaten / "
                f"background {label} not printed: no image data"
            )
            return None
        width_px, height_px = check_image(data, path_label=label)
    except MissionError as error:
        notes.append(
            f"Hintergrundbild nicht gedruckt / background not printed: {error.problems[0]}"
        )
        return None
    if background.pixels_per_field < 1:
        notes.append(
            f"Hintergrundbild {label} nicht gedruckt: pixels_per_field "
            f"{background.pixels_per_field} / background not printed"
        )
        return None
    from reportlab.lib.utils import ImageReader

    try:
        reader = ImageReader(io.BytesIO(data))
        reader.getRGBData()  # decode now: a damaged image must not stop the print halfway
    except (OSError, ValueError, SyntaxError) as exc:
        notes.append(
            f"Hintergrundbild {label} nicht lesbar, nicht gedruckt / "
            f"background {label} unreadable, not printed: {exc}"
        )
        return None
    ppf = float(background.pixels_per_field)
    ox, oy = background.offset
    # The offset is the image pixel where the grid's top-left corner lies.
    return _Background(reader, -ox / ppf, -oy / ppf, width_px / ppf, height_px / ppf)


# --------------------------------------------------------------------- legend
@dataclass(frozen=True)
class _LegendItem:
    german: str
    english: str
    width: float  # points, swatch and gap included
    mark: Mark | None = None
    side: SideStyle | None = None


def _string_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def _legend_items(
    used: Sequence[Mark],
    sides: Sequence[Side],
    styles: Mapping[str, SideStyle],
    shown: Sequence[CreaturePlacement],
) -> list[_LegendItem]:
    entries: list[tuple[str, str, Mark | None, SideStyle | None]] = [
        (mark.german, mark.english, mark, None) for mark in used
    ]
    if shown:
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
            entries.append(("Partei ?: unbekannt", "side ?: unknown", None, _UNKNOWN_SIDE))
    items = [_LegendItem("Legende", "legend", _string_width("Legende", BOLD, 6.5) + 8)]
    for german, english, mark, token in entries:
        text = max(_string_width(german, BOLD, 6.0), _string_width(english, FONT, 5.5))
        width = SWATCH_MM * MM + 1.5 * MM + text + 4 * MM
        items.append(_LegendItem(german, english, width, mark, token))
    return items


def _flow_rows(widths: Sequence[float], available: float) -> int:
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


# ---------------------------------------------------------------------- pages
@dataclass(frozen=True)
class _PageContext:
    mission: Mission
    grid: BattleGrid
    plan: SheetPlan
    page_w: float
    page_h: float
    masks: Mapping[str, BoolGrid]
    used: Sequence[Mark]
    horizontal: BoolGrid
    legend: Sequence[_LegendItem]
    styles: Mapping[str, SideStyle]
    creatures: Sequence[CreaturePlacement]
    sizes: Mapping[str, int]
    background: _Background | None

    @property
    def map_left(self) -> float:
        return (MARGIN_MM + STRIP_MM) * MM

    @property
    def map_top(self) -> float:
        return self.page_h - (MARGIN_MM + HEADER_MM + STRIP_MM) * MM


@dataclass(frozen=True)
class _Window:
    """The part of the map one sheet shows: its own fields plus the glue flaps."""

    sheet: Sheet
    left: float
    top: float
    own_w: float
    own_h: float
    width: float
    height: float

    @property
    def bottom(self) -> float:
        return self.top - self.height

    def origin(self, fx: int, fy: int) -> tuple[float, float]:
        """Return the bottom-left corner of field (fx, fy) on this sheet, in points."""
        return (
            self.left + (fx - self.sheet.x0) * FIELD_PT,
            self.top - (fy - self.sheet.y0 + 1) * FIELD_PT,
        )


def _draw_sheet(c: Canvas, page: _PageContext, sheet: Sheet) -> None:
    overlap = OVERLAP_MM * MM
    own_w = sheet.nx * FIELD_PT
    own_h = sheet.ny * FIELD_PT
    window = _Window(
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
        _draw_background(c, page.background, window)
    _draw_fields(c, page, window, xs, ys)
    _draw_grid(c, window)
    if page.creatures:
        _draw_creatures(c, page, window, xs, ys)
    _draw_flaps(c, page, window)
    c.restoreState()

    _draw_frame_and_cuts(c, window)
    _draw_coordinates(c, window)
    _draw_header(c, page, sheet)
    _draw_footer(c, page)


def _draw_background(c: Canvas, background: _Background, window: _Window) -> None:
    sheet = window.sheet
    left = window.left + (background.left - sheet.x0) * FIELD_PT
    top = window.top - (background.top - sheet.y0) * FIELD_PT
    height = background.height * FIELD_PT
    c.drawImage(
        background.reader,
        left,
        top - height,
        background.width * FIELD_PT,
        height,
        mask="auto",
    )


def _form_name(mark: Mark, variant: str) -> str:
    return f"KK_{mark.key}_{variant}"


def _define_forms(c: Canvas, used: Sequence[Mark]) -> None:
    """Define each used mark once as a form XObject; fields then only place it.

    A map of 10 000 fields would otherwise repeat the same dots and hatches
    thousands of times: forms keep the file small and the writer fast.
    """
    for mark in used:
        variants = {"h": True, "v": False} if mark.pattern.startswith("door") else {"h": True}
        for variant, horizontal in variants.items():
            c.beginForm(_form_name(mark, variant), 0, 0, FIELD_PT, FIELD_PT)
            draw_mark(c, mark, 0.0, 0.0, FIELD_PT, horizontal=horizontal)
            c.endForm()
        if mark.code:
            c.beginForm(_form_name(mark, "code"), 0, 0, FIELD_PT, FIELD_PT)
            draw_code(c, mark, 0.0, 0.0, FIELD_PT)
            c.endForm()


def _place(c: Canvas, name: str, x: float, y: float) -> None:
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()


def _draw_fields(c: Canvas, page: _PageContext, window: _Window, xs: range, ys: range) -> None:
    area = (slice(ys.start, ys.stop), slice(xs.start, xs.stop))
    for mark in page.used:
        door = mark.pattern.startswith("door")
        for dy, dx in np.argwhere(page.masks[mark.key][area]):
            fx, fy = xs.start + int(dx), ys.start + int(dy)
            variant = "h" if not door or page.horizontal[fy, fx] else "v"
            _place(c, _form_name(mark, variant), *window.origin(fx, fy))
    for mark in page.used:
        if not mark.code:
            continue
        for dy, dx in np.argwhere(page.masks[mark.key][area]):
            _place(
                c, _form_name(mark, "code"), *window.origin(xs.start + int(dx), ys.start + int(dy))
            )


def _draw_grid(c: Canvas, window: _Window) -> None:
    sheet = window.sheet
    c.addLiteral("/KKGrid BMC")
    c.setStrokeGray(0.0)
    c.setLineWidth(0.5)
    c.setDash()
    path = c.beginPath()
    for i in range(sheet.nx + 1):
        x = window.left + i * FIELD_PT
        path.moveTo(x, window.bottom)
        path.lineTo(x, window.top)
    for j in range(sheet.ny + 1):
        y = window.top - j * FIELD_PT
        path.moveTo(window.left, y)
        path.lineTo(window.left + window.width, y)
    c.drawPath(path, stroke=1, fill=0)
    c.addLiteral("EMC")


def _draw_token(
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
    big = _fit_size(label, BOLD, min(12.0, radius * 0.6), radius * 1.3)
    c.setFont(BOLD, big)
    c.drawCentredString(cx, cy - big * 0.3, label)
    small = max(4.0, radius * 0.22)
    if show_code:
        c.setFont(BOLD, small)
        c.drawCentredString(cx, cy + radius * 0.45, style.code)
    if name:
        c.setFont(FONT, small)
        c.drawCentredString(cx, cy - radius * 0.62, _fit_text(name, FONT, small, radius * 1.5))


def _draw_creatures(c: Canvas, page: _PageContext, window: _Window, xs: range, ys: range) -> None:
    for creature in page.creatures:
        side = page.sizes.get(creature.key, 1)
        fx, fy = creature.cell
        if fx + side <= xs.start or fx >= xs.stop or fy + side <= ys.start or fy >= ys.stop:
            continue
        x, y = window.origin(fx, fy + side - 1)
        size = side * FIELD_PT
        style = page.styles.get(creature.side, _UNKNOWN_SIDE)
        _draw_token(
            c,
            x + size / 2,
            y + size / 2,
            size / 2 - 2.0 * MM,
            style,
            creature_initials(creature.name),
            creature.name,
        )


def _draw_flaps(c: Canvas, page: _PageContext, window: _Window) -> None:
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
        size = _fit_size(text, BOLD, 6.0, length - 4 * MM)
        c.saveState()
        c.translate(x + w / 2, y + h / 2)
        if vertical:
            c.rotate(90)
        box = _string_width(text, BOLD, size) + 2.0
        c.setFillGray(1.0)
        c.rect(-box / 2, -size * 0.7, box, size * 1.4, stroke=0, fill=1)
        c.setFillGray(0.0)
        c.setFont(BOLD, size)
        c.drawCentredString(0, -size * 0.35, text)
        c.restoreState()


def _draw_frame_and_cuts(c: Canvas, window: _Window) -> None:
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


def _draw_coordinates(c: Canvas, window: _Window) -> None:
    sheet = window.sheet
    strip = STRIP_MM * MM
    c.setFillGray(0.0)
    for fx in range(sheet.x0, sheet.x0 + sheet.nx):
        text = str(fx + FIRST_COORDINATE)
        size = _fit_size(text, FONT, 6.5, FIELD_PT - 2)
        c.setFont(FONT, size)
        cx = window.left + (fx - sheet.x0 + 0.5) * FIELD_PT
        c.drawCentredString(cx, window.top + strip * 0.3, text)
        c.drawCentredString(cx, window.bottom - strip * 0.75, text)
    for fy in range(sheet.y0, sheet.y0 + sheet.ny):
        text = str(fy + FIRST_COORDINATE)
        size = _fit_size(text, FONT, 6.5, strip - 0.6 * MM)
        c.setFont(FONT, size)
        cy = window.top - (fy - sheet.y0 + 0.5) * FIELD_PT - size * 0.35
        c.drawCentredString(window.left - strip / 2, cy, text)
        c.drawCentredString(window.left + window.width + strip / 2, cy, text)


def _draw_header(c: Canvas, page: _PageContext, sheet: Sheet) -> None:
    plan = page.plan
    top = page.page_h - MARGIN_MM * MM
    left = MARGIN_MM * MM
    right = page.page_w - MARGIN_MM * MM
    label = sheet.label
    page_text = f"Seite {label}"
    c.setFillGray(0.0)
    c.setFont(BOLD, 12)
    c.drawRightString(right, top - 4.4 * MM, page_text)
    room = right - left - _string_width(page_text, BOLD, 12) - 4 * MM
    title = f"ENTARIA-Kampfkarte · {page.mission.title}"
    size = _fit_size(title, BOLD, 10.0, room)
    c.setFont(BOLD, size)
    c.drawString(left, top - 4.2 * MM, _fit_text(title, BOLD, size, room))

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
    width = right - left
    size = _fit_size(german, FONT, 6.5, width)
    c.setFont(FONT, size)
    c.drawString(left, top - 8.2 * MM, german)
    size = _fit_size(english, FONT, 6.0, width)
    c.setFont(FONT, size)
    c.setFillGray(0.3)
    c.drawString(left, top - 11.4 * MM, english)
    c.setFillGray(0.0)


def _draw_footer(c: Canvas, page: _PageContext) -> None:
    left = MARGIN_MM * MM
    bottom = MARGIN_MM * MM
    # The calibration bar: five 10 mm blocks inside one 50 mm frame.
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
    available = page.page_w - MARGIN_MM * MM - text_x
    size = _fit_size(CALIBRATION_TEXT, BOLD, 6.5, available)
    c.setFont(BOLD, size)
    c.drawString(text_x, bar_y + bar_h - size * 0.5, CALIBRATION_TEXT)
    size = _fit_size(SCALE_HINT, FONT, 5.5, available)
    c.setFont(FONT, size)
    c.drawString(text_x, bar_y - 0.6 * MM, SCALE_HINT)

    # The legend rows, above the bar.
    available = page.page_w - 2 * MARGIN_MM * MM
    rows = _flow([item.width for item in page.legend], available)
    swatch = SWATCH_MM * MM
    for row_index, row in enumerate(rows):
        row_bottom = (
            bottom + (CALIBRATION_ROW_MM + (len(rows) - 1 - row_index) * LEGEND_ROW_MM) * MM
        )
        x = left
        for index in row:
            item = page.legend[index]
            _draw_legend_item(c, item, x, row_bottom + 0.75 * MM, swatch)
            x += item.width


def _draw_legend_item(c: Canvas, item: _LegendItem, x: float, y: float, swatch: float) -> None:
    c.setFillGray(0.0)
    if item.mark is None and item.side is None:
        c.setFont(BOLD, 6.5)
        c.drawString(x, y + swatch / 2 - 1.0, item.german)
        c.setFont(FONT, 5.5)
        c.drawString(x, y + swatch / 2 - 7.5, item.english)
        return
    if item.mark is not None:
        c.addLiteral(f"/KKSwatch_{item.mark.key} BMC")
        c.saveState()
        c.setFillGray(1.0)
        c.setStrokeGray(0.0)
        c.setLineWidth(0.5)
        c.rect(x, y, swatch, swatch, stroke=1, fill=1)
        clip = c.beginPath()
        clip.rect(x, y, swatch, swatch)
        c.clipPath(clip, stroke=0, fill=0)
        draw_mark(c, item.mark, x, y, swatch)
        draw_code(c, item.mark, x, y, swatch)
        c.restoreState()
        c.addLiteral("EMC")
    elif item.side is not None:
        _draw_token(
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


# ----------------------------------------------------------------------- text
def _fit_size(text: str, font: str, size: float, width: float) -> float:
    """Return ``size``, shrunk (not below 3 pt) until ``text`` fits ``width`` points."""
    natural = _string_width(text, font, size)
    if natural <= width or natural <= 0:
        return size
    return max(3.0, size * width / natural)


def _fit_text(text: str, font: str, size: float, width: float) -> str:
    """Return ``text``, cut with an ellipsis until it fits ``width`` points."""
    if _string_width(text, font, size) <= width:
        return text
    while text and _string_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…" if text else ""
