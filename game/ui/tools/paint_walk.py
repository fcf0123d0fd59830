"""The fields a painting drag passes between two mouse positions, joined by their sides.

The mouse jumps several fields between two motion events, and a diagonal drag crosses
fields only at their corners. Area fire must hit fields joined by their sides (D-6:
4-neighbours), so a drag paints the orthogonal line walk between the previous field and
the current one: every new field shares a side with the one before it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.board.grid import Cell

__all__ = ["StepTest", "edge_walk"]

#: Whether a step from the first field to its side neighbour, the second, is a good one.
StepTest = Callable[[Cell, Cell], bool]


def edge_walk(start: Cell, end: Cell, good: StepTest | None = None) -> list[Cell]:
    """Return the fields from ``start`` (excluded) to ``end``, each beside the one before.

    The walk follows the straight line between the fields' centres, stepping along x or
    y, whichever side the line crosses first (x first at an exact corner). When that step
    is not ``good`` (a field that cannot be painted, a wall or closed door between,
    D-13) and the step along the other axis is, it takes the other: the walk bends round
    and stays joined.
    """
    x, y = start
    dx, dy = end[0] - x, end[1] - y
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    cells: list[Cell] = []
    ix = iy = 0
    while ix < nx or iy < ny:
        # the line crosses the next vertical side at (ix + 0.5) / nx of its length and
        # the next horizontal side at (iy + 0.5) / ny: compare without dividing
        step_x = iy >= ny or (ix < nx and (1 + 2 * ix) * ny <= (1 + 2 * iy) * nx)
        if good is not None and ix < nx and iy < ny:
            along_x, along_y = (x + sx, y), (x, y + sy)
            if step_x and not good((x, y), along_x) and good((x, y), along_y):
                step_x = False
            elif not step_x and not good((x, y), along_y) and good((x, y), along_x):
                step_x = True
        if step_x:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        cells.append((x, y))
    return cells
