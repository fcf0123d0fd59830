"""The fields an area template covers on the map (D-8) and the creatures inside."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.board.grid import Cell, footprint_cells
from game.board.templates import AreaShape, template_mask
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.queries.common import (
    BoolGrid,
    cells_mask,
    grid_shape,
    read_only,
    side_of,
)
from game.rulesets.entaria.rules.impact import area_of_impact
from game.rulesets.entaria.rules.terms import Condition

__all__ = ["TemplatePreview", "template_cells"]


@dataclass(frozen=True)
class TemplatePreview:
    """The fields an area template covers on the map (D-8) and the creatures inside."""

    shape: AreaShape
    origin: Cell
    angle_deg: float
    length: float
    mask: BoolGrid
    cells: frozenset[Cell]
    creatures: tuple[str, ...]


def template_cells(
    battle: Battle,
    shape: AreaShape | str,
    origin: Cell,
    angle_deg: float,
    length: float,
    *,
    snap45: bool = False,
    impact_from: Cell | None = None,
) -> TemplatePreview:
    """Return the fields of a beam, cone or circle, clipped to the map, and who is inside.

    ``snap45`` turns the angle to the nearest multiple of 45° (the screen's Shift).
    ``impact_from``: preview a thrown weapon landing on ``origin`` from that field: the
    area the engine deals damage to (``impact.area_of_impact``: no walls, only
    fields the landing field sees, the angle along the flight).
    """
    kind = AreaShape(shape)
    origin = (int(origin[0]), int(origin[1]))
    angle = float(angle_deg)
    if snap45:
        angle = float((round(angle / 45.0) * 45) % 360)
    grid = battle.grid
    if impact_from is not None:
        area = area_of_impact(grid, kind, length, impact_from, origin)
        mask = cells_mask(area, grid_shape(battle))
        dx, dy = origin[0] - impact_from[0], origin[1] - impact_from[1]
        angle = math.degrees(math.atan2(dy, dx)) if (dx or dy) else 270.0
    else:
        mask = template_mask(kind, grid_shape(battle), origin, angle, length)
    ys, xs = np.nonzero(mask)
    cells = frozenset(zip(xs.tolist(), ys.tolist(), strict=True))
    inside = tuple(
        c.key
        for c in battle.state.creatures.values()
        if Condition.DEAD not in c.conditions
        and not cells.isdisjoint(footprint_cells(c.cell, side_of(battle, c)))
    )
    return TemplatePreview(kind, origin, angle, float(length), read_only(mask), cells, inside)
