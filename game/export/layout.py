"""Page planning for the printed map: paper sizes, margins, how the fields split over sheets.

Pure arithmetic in millimetres, no PDF library: the drawing in ``game.export`` and
the tests both read the numbers from here. A page, top to bottom: margin, header
(title, page label, assembly hint), a strip of x coordinates, the map (whole fields of
25 mm, plus a 10 mm glue flap towards the next page on the right and below), a second
strip of x coordinates, the footer (legend rows, then the 50 mm calibration bar),
margin. Left and right of the map sit strips of y coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

#: 1 mm in PDF points (1 pt = 1/72 inch).
MM = 72.0 / 25.4

FIELD_MM = 25.0  # one field of the ENTARIA grid
#: Paper sizes in portrait, (width, height) in mm.
PAPER_SIZES_MM: Mapping[str, tuple[float, float]] = MappingProxyType(
    {"A4": (210.0, 297.0), "A3": (297.0, 420.0), "letter": (215.9, 279.4)}
)

# Most printers cannot print the outer 3-6 mm; 8 mm keeps every mark on the paper.
MARGIN_MM = 8.0
HEADER_MM = 13.0  # title line, page line, assembly hint
STRIP_MM = 4.0  # field coordinates along each side of the map
OVERLAP_MM = 10.0  # glue flap: the first 10 mm of the next page, printed twice
CALIBRATION_ROW_MM = 7.0  # the 50 mm bar and its text
LEGEND_ROW_MM = 7.5  # one row of legend entries (6 mm swatch + two text lines)
FOOTER_GAP_MM = 2.0  # between the map's coordinate strip and the footer
CALIBRATION_MM = 50.0


def paper_size_mm(paper: str, *, landscape: bool = False) -> tuple[float, float]:
    """Return (width, height) of the sheet in mm; raise ValueError for an unknown paper."""
    for name, size in PAPER_SIZES_MM.items():
        if name.lower() == paper.strip().lower():
            width, height = size
            return (height, width) if landscape else (width, height)
    raise ValueError(f"unknown paper size {paper!r}; expected one of {', '.join(PAPER_SIZES_MM)}")


def footer_mm(legend_rows: int) -> float:
    """Return the footer's height: the calibration row plus ``legend_rows`` legend rows."""
    return FOOTER_GAP_MM + CALIBRATION_ROW_MM + max(0, legend_rows) * LEGEND_ROW_MM


def fields_per_page(
    page_width_mm: float, page_height_mm: float, legend_rows: int
) -> tuple[int, int]:
    """Return how many whole fields fit on one sheet across and down.

    The glue flap is reserved on every sheet so all sheets share one pitch and one
    layout; raise ValueError when not even one field fits.
    """
    across = page_width_mm - 2 * MARGIN_MM - 2 * STRIP_MM - OVERLAP_MM
    down = (
        page_height_mm
        - 2 * MARGIN_MM
        - HEADER_MM
        - 2 * STRIP_MM
        - OVERLAP_MM
        - footer_mm(legend_rows)
    )
    # The tiny epsilon keeps 175.0 / 25.0 from becoming 6.999… through float noise.
    fields_x = math.floor(across / FIELD_MM + 1e-9)
    fields_y = math.floor(down / FIELD_MM + 1e-9)
    if fields_x < 1 or fields_y < 1:
        raise ValueError(
            f"a {page_width_mm:g}×{page_height_mm:g} mm sheet has no room for a 25 mm field "
            f"beside the margins and the legend ({legend_rows} legend rows)"
        )
    return fields_x, fields_y


def split(total: int, capacity: int) -> tuple[tuple[int, int], ...]:
    """Return (start, count) runs covering ``total`` fields with at most ``capacity`` each.

    The runs are balanced (their counts differ by at most one, larger ones first), so
    the last sheet is not a thin sliver.
    """
    if total < 1 or capacity < 1:
        raise ValueError(f"cannot split {total} fields into runs of {capacity}")
    pieces = math.ceil(total / capacity)
    base, extra = divmod(total, pieces)
    runs = []
    start = 0
    for index in range(pieces):
        count = base + (1 if index < extra else 0)
        runs.append((start, count))
        start += count
    return tuple(runs)


def row_letters(index: int) -> str:
    """Return the letters of sheet row ``index`` (0 -> "A", 25 -> "Z", 26 -> "AA")."""
    if index < 0:
        raise ValueError(f"row index must be >= 0, got {index}")
    letters = ""
    number = index + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def page_label(row: int, column: int) -> str:
    """Return a sheet's label from 0-based indices: row letters, column number.

    ``page_label(1, 0)`` is "B1": the second row of sheets, the first column.
    """
    return f"{row_letters(row)}{column + 1}"


@dataclass(frozen=True)
class Sheet:
    """One printed page: which fields it owns and who its neighbours are."""

    number: int  # 1-based, in reading order (row by row)
    row: int  # 0-based sheet row
    column: int  # 0-based sheet column
    x0: int  # first field column it owns
    y0: int  # first field row it owns
    nx: int  # fields it owns across
    ny: int  # fields it owns down
    has_right: bool  # a sheet follows to the right: print a glue flap there
    has_below: bool  # a sheet follows below: print a glue flap there

    @property
    def label(self) -> str:
        return page_label(self.row, self.column)


@dataclass(frozen=True)
class SheetPlan:
    """How a map is split: the sheets in reading order and the grid of sheets."""

    sheets: tuple[Sheet, ...]
    rows: int
    columns: int
    fields_x: int  # capacity of one sheet across
    fields_y: int  # capacity of one sheet down


def plan_sheets(width: int, height: int, fields_x: int, fields_y: int) -> SheetPlan:
    """Return the sheets of a ``width`` × ``height`` map, ``fields_x`` × ``fields_y`` per sheet."""
    columns = split(width, fields_x)
    rows = split(height, fields_y)
    sheets: list[Sheet] = []
    for r, (y0, ny) in enumerate(rows):
        for c, (x0, nx) in enumerate(columns):
            sheets.append(
                Sheet(
                    number=len(sheets) + 1,
                    row=r,
                    column=c,
                    x0=x0,
                    y0=y0,
                    nx=nx,
                    ny=ny,
                    has_right=c + 1 < len(columns),
                    has_below=r + 1 < len(rows),
                )
            )
    return SheetPlan(tuple(sheets), len(rows), len(columns), fields_x, fields_y)
