"""Drawing the map inside one sheet's window: background, field patterns, grid, creatures.

Each field pattern is defined once per print as a form XObject (``KK_<mark>_<variant>``)
and only placed per field; the grid lines are tagged ``/KKGrid`` in the content stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from game.export.background import Background
from game.export.layout import MM
from game.export.page import FIELD_PT, PageContext, Window
from game.export.patterns import Mark, draw_code, draw_mark
from game.export.styles import UNKNOWN_SIDE, creature_initials
from game.export.tokens import draw_token

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["define_forms", "draw_background", "draw_creatures", "draw_fields", "draw_grid"]


def draw_background(c: Canvas, background: Background, window: Window) -> None:
    """Draw the background image under the window's fields."""
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


def define_forms(c: Canvas, used: Sequence[Mark]) -> None:
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


def draw_fields(c: Canvas, page: PageContext, window: Window, xs: range, ys: range) -> None:
    """Place every used mark's form on its fields in ``xs`` × ``ys``; letter codes last."""
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


def draw_grid(c: Canvas, window: Window) -> None:
    """Draw the field lines of the sheet's own fields (tagged ``/KKGrid``)."""
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


def draw_creatures(c: Canvas, page: PageContext, window: Window, xs: range, ys: range) -> None:
    """Draw a token for every printed creature whose footprint touches ``xs`` × ``ys``."""
    for creature in page.creatures:
        side = page.sizes.get(creature.key, 1)
        fx, fy = creature.cell
        if fx + side <= xs.start or fx >= xs.stop or fy + side <= ys.start or fy >= ys.stop:
            continue
        x, y = window.origin(fx, fy + side - 1)
        size = side * FIELD_PT
        style = page.styles.get(creature.side, UNKNOWN_SIDE)
        draw_token(
            c,
            x + size / 2,
            y + size / 2,
            size / 2 - 2.0 * MM,
            style,
            creature_initials(creature.name),
            creature.name,
        )
