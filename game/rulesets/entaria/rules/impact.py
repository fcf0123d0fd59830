"""Where a thrown area weapon's blast reaches after it lands (E-AREA-1, E-AREA-GRID-1..3, D-8).

The weapon's template laid round the landing field and pointed along the flight,
clipped to the map, without walls and closed doors, and only the fields the landing
field sees: walls shield what lies behind them.
"""

from __future__ import annotations

import math

import numpy as np

from game.board.grid import BattleGrid, Cell
from game.board.sight import visible_cells
from game.board.templates import AreaShape, template_mask


def flight_angle(thrower: Cell, landing: Cell) -> float:
    """Return the angle of a flight from ``thrower`` to ``landing`` in degrees (D-8).

    Onto the thrower's own field the map's north (270°) counts as forward, as for the
    scatter diagram (E-OPEN-27).
    """
    dx, dy = landing[0] - thrower[0], landing[1] - thrower[1]
    return math.degrees(math.atan2(dy, dx)) if (dx or dy) else 270.0


def area_of_impact(
    grid: BattleGrid, shape: AreaShape, size: float, thrower: Cell, landing: Cell
) -> list[Cell]:
    """Return the fields a thrown area weapon landing on ``landing`` affects, sorted.

    The weapon's template round the landing field (E-AREA-1, E-AREA-GRID-1..3, D-8),
    clipped to the map, without walls and closed doors, and only fields the landing
    field sees: walls shield what lies behind them (glass does not block sight, so it
    shields nothing). A cone or beam points along the flight (``flight_angle``).
    """
    angle = flight_angle(thrower, landing)
    mask = template_mask(AreaShape(shape), (grid.height, grid.width), landing, angle, size)
    mask &= ~grid.blocks_movement
    mask &= visible_cells(grid, landing)
    ys, xs = np.nonzero(mask)
    return sorted(zip(xs.tolist(), ys.tolist(), strict=True))
