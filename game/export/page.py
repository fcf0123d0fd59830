"""The values the drawing reads: one print's (``PageContext``) and one sheet's map (``Window``).

Plain values in PDF points, no PDF library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.board.grid import BattleGrid, BoolGrid
from game.export.background import Background
from game.export.layout import FIELD_MM, HEADER_MM, MARGIN_MM, MM, STRIP_MM, Sheet, SheetPlan
from game.export.legend import LegendItem
from game.export.patterns import Mark
from game.export.styles import SideStyle
from game.missions.model import CreaturePlacement, Mission

__all__ = ["FIELD_PT", "PageContext", "Window"]

#: One field in PDF points.
FIELD_PT = FIELD_MM * MM


@dataclass(frozen=True)
class PageContext:
    """Everything the sheets of one print share: the map, its marks, legend and creatures."""

    mission: Mission
    grid: BattleGrid
    plan: SheetPlan
    page_w: float
    page_h: float
    masks: Mapping[str, BoolGrid]
    used: Sequence[Mark]
    horizontal: BoolGrid
    legend: Sequence[LegendItem]
    styles: Mapping[str, SideStyle]
    creatures: Sequence[CreaturePlacement]
    sizes: Mapping[str, int]
    background: Background | None

    @property
    def map_left(self) -> float:
        return (MARGIN_MM + STRIP_MM) * MM

    @property
    def map_top(self) -> float:
        return self.page_h - (MARGIN_MM + HEADER_MM + STRIP_MM) * MM


@dataclass(frozen=True)
class Window:
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
