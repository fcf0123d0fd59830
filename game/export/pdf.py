"""Print a mission map as a PDF at true scale: every field exactly 25.0 mm.

``write_map_pdf`` splits the map over as many sheets as the paper needs. Each sheet
owns whole fields; towards its right and lower neighbour it repeats the first 10 mm
of that neighbour as a grey glue flap. Sheets with a neighbour to the left or above
are cut along their dashed edge and laid onto that neighbour's flap. Every sheet
carries the mission's title, its label ("Seite B1": row B, column 1), the field
coordinates along all four sides of the map, a legend of the patterns and a 50 mm
calibration bar to check that the printer ran at 100 %.

This module makes the reportlab document; the parts of a sheet are drawn by
``game.export.sheet`` (furniture), ``map_drawing`` (fields, grid, creatures),
``legend`` and ``calibration``; the page plan is ``game.export.layout``. Terrain is
drawn in black-and-white patterns (``game.export.patterns``) so a cheap laser printer
keeps every kind apart. reportlab is an optional extra (``print``); without it
``write_map_pdf`` raises ``PrintUnavailable``.

The content stream carries marked-content tags (``/KKGrid``, ``/KKCalibration``,
``/KKSwatch_<mark>``, ``/KKEdges``, ``/KKEdgeSwatch_<kind>``, ``/KKFrame``, ``/KKCut``)
around the grid, the bar, the legend swatches, the walls and doors on field edges
(D-13, ``game.export.edges``: thick lines over the artwork), the frame and the cut
lines, and each field pattern is one form XObject (``KK_<mark>_<variant>``) placed per
field, so tests and curious users can measure the file itself.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.board.grid import BattleGrid
from game.export.background import read_background
from game.export.edges import edge_kinds
from game.export.layout import (
    FIELD_MM,
    MARGIN_MM,
    MM,
    fields_per_page,
    paper_size_mm,
    plan_sheets,
)
from game.export.legend import flow_rows, legend_items
from game.export.map_drawing import define_forms
from game.export.page import PageContext
from game.export.patterns import MARKS, door_runs_horizontally, mark_masks
from game.export.sheet import draw_sheet
from game.export.styles import side_styles
from game.match.datafiles import without_surrogates, write_bytes_atomic
from game.missions.model import CreaturePlacement, Mission

__all__ = ["PRINT_EXTRA_MESSAGE", "PrintReport", "PrintUnavailable", "write_map_pdf"]

PRINT_EXTRA_MESSAGE = 'Printing needs the optional extra: python -m pip install -e ".[print]"'


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
    notes: list[str] = []
    shown = _shown_creatures(mission, creatures, notes)
    page = _page_context(
        mission, grid, (page_w_mm, page_h_mm), shown, footprints or {}, images, base_dir, notes
    )
    write_bytes_atomic(Path(out_path), _render(page))
    return PrintReport(
        pages=len(page.plan.sheets),
        rows=page.plan.rows,
        columns=page.plan.columns,
        field_mm=FIELD_MM,
        fields_per_page=(page.plan.fields_x, page.plan.fields_y),
        paper_mm=(page_w_mm, page_h_mm),
        notes=tuple(notes),
    )


def _require_reportlab() -> None:
    try:
        import reportlab
        import reportlab.pdfgen.canvas  # noqa: F401
    except ImportError as exc:
        raise PrintUnavailable(PRINT_EXTRA_MESSAGE) from exc


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


def _page_context(
    mission: Mission,
    grid: BattleGrid,
    paper_mm: tuple[float, float],
    shown: tuple[CreaturePlacement, ...],
    footprints: Mapping[str, int],
    images: Mapping[str, bytes] | None,
    base_dir: str | os.PathLike[str] | None,
    notes: list[str],
) -> PageContext:
    """Return what every sheet shares: marks, legend, the sheet plan, tokens, background."""
    page_w_mm, page_h_mm = paper_mm
    styles = side_styles(mission.sides)
    masks = mark_masks(grid)
    used = [MARKS[key] for key in MARKS if bool(masks[key].any())]
    legend = legend_items(used, mission.sides, styles, shown, edge_kinds(grid.edges))
    page_w = page_w_mm * MM
    legend_rows = flow_rows([item.width for item in legend], page_w - 2 * MARGIN_MM * MM)
    fields_x, fields_y = fields_per_page(page_w_mm, page_h_mm, legend_rows)
    plan = plan_sheets(grid.width, grid.height, fields_x, fields_y)
    background = read_background(mission, images, base_dir, notes)
    return PageContext(
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
        sizes={c.key: max(1, footprints.get(c.type, 1)) for c in shown},
        background=background,
    )


def _render(page: PageContext) -> bytes:
    """Return the PDF of every sheet of ``page``, rendered in memory."""
    from reportlab.pdfgen.canvas import Canvas

    mission = page.mission
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(page.page_w, page.page_h),
        invariant=1,  # no time stamps or random ids: the same mission gives the same bytes
        pageCompression=1,
    )
    # a title taken from a file name that is not UTF-8 holds surrogates: PDF needs UTF-8
    canvas.setTitle(without_surrogates(f"Kampfkarte: {mission.title}"))
    canvas.setAuthor(without_surrogates(mission.author or "Kampfkarte"))
    canvas.setCreator("Kampfkarte")
    canvas.setSubject("Kampfkarte, 1 Feld = 25 mm / one field = 25 mm")
    # Ask viewers not to shrink the page to the printer's margins.
    canvas.setViewerPreference("PrintScaling", "None")
    define_forms(canvas, page.used)
    for sheet in page.plan.sheets:
        draw_sheet(canvas, page, sheet)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
