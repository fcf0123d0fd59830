"""Walls and doors on field edges (D-13): the border between two orthogonal neighbours.

Two arrays hold them, indexed like the field layers (``[y, x]``):

- ``horizontal`` has shape (height + 1, width): entry ``[y, x]`` is the top edge of
  field (x, y), the border between (x, y - 1) and (x, y);
- ``vertical`` has shape (height, width + 1): entry ``[y, x]`` is the left edge of
  field (x, y), the border between (x - 1, y) and (x, y).

Each edge is a wall, a door (open or closed) or nothing. ``blocks_h`` / ``blocks_v``
are derived (walls and closed doors) and ``any_blocking`` says whether any edge blocks,
so searches and sight keep their fast path on maps without edge walls. Edges on the
map's outer border may be set (a drawn map's outline) and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

Cell = tuple[int, int]
BoolGrid = npt.NDArray[np.bool_]


class EdgeKind(Enum):
    """What stands on one field edge."""

    WALL = "wall"
    DOOR = "door"  # closed: blocks like a wall
    OPEN_DOOR = "open_door"


@dataclass(frozen=True)
class Edge:
    """One edge with something on it: the two fields it separates and its kind.

    ``a`` is the upper or left field, ``b`` the lower or right one.
    """

    a: Cell
    b: Cell
    kind: EdgeKind


class EdgeLayer:
    """The edge walls and edge doors of a map of ``width`` × ``height`` fields."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.wall_h = np.zeros((height + 1, width), dtype=bool)
        self.wall_v = np.zeros((height, width + 1), dtype=bool)
        self.door_h = np.zeros((height + 1, width), dtype=bool)
        self.door_v = np.zeros((height, width + 1), dtype=bool)
        self.open_h = np.zeros((height + 1, width), dtype=bool)
        self.open_v = np.zeros((height, width + 1), dtype=bool)
        self.refresh()

    def copy(self) -> EdgeLayer:
        """Return an independent copy."""
        other = EdgeLayer(self.width, self.height)
        for name in ("wall_h", "wall_v", "door_h", "door_v", "open_h", "open_v"):
            getattr(other, name)[...] = getattr(self, name)
        other.refresh()
        return other

    def refresh(self) -> None:
        """Recompute the derived blocking arrays (walls and closed doors)."""
        self.blocks_h: BoolGrid = self.wall_h | (self.door_h & ~self.open_h)
        self.blocks_v: BoolGrid = self.wall_v | (self.door_v & ~self.open_v)
        self.any_blocking = bool(self.blocks_h.any() or self.blocks_v.any())

    # ------------------------------------------------------------- addressing
    def locate(self, a: Cell, b: Cell) -> tuple[bool, int, int]:
        """Return (vertical?, row, column) of the edge between orthogonal neighbours a, b.

        Raise ValueError unless a and b share an edge that lies on the map.
        """
        ax, ay = int(a[0]), int(a[1])
        bx, by = int(b[0]), int(b[1])
        if ay == by and abs(ax - bx) == 1:
            vertical, row, column = True, ay, max(ax, bx)
            ok = 0 <= row < self.height and 0 <= column <= self.width
        elif ax == bx and abs(ay - by) == 1:
            vertical, row, column = False, max(ay, by), ax
            ok = 0 <= row <= self.height and 0 <= column < self.width
        else:
            raise ValueError(f"fields {a} and {b} do not share an edge")
        if not ok:
            raise ValueError(
                f"the edge between {a} and {b} is outside the {self.width}×{self.height} map"
            )
        return vertical, row, column

    def _arrays(self, vertical: bool) -> tuple[BoolGrid, BoolGrid, BoolGrid]:
        if vertical:
            return self.wall_v, self.door_v, self.open_v
        return self.wall_h, self.door_h, self.open_h

    # ---------------------------------------------------------------- changes
    def set(self, a: Cell, b: Cell, kind: EdgeKind | None) -> bool:
        """Put ``kind`` (None: nothing) on the edge between a and b; return whether it changed."""
        vertical, row, column = self.locate(a, b)
        wall, door, opened = self._arrays(vertical)
        before = self.kind(a, b)
        if before == kind:
            return False
        wall[row, column] = kind is EdgeKind.WALL
        door[row, column] = kind in (EdgeKind.DOOR, EdgeKind.OPEN_DOOR)
        opened[row, column] = kind is EdgeKind.OPEN_DOOR
        self.refresh()
        return True

    # ---------------------------------------------------------------- queries
    def kind(self, a: Cell, b: Cell) -> EdgeKind | None:
        """Return what stands on the edge between a and b (None: nothing)."""
        vertical, row, column = self.locate(a, b)
        wall, door, opened = self._arrays(vertical)
        if wall[row, column]:
            return EdgeKind.WALL
        if door[row, column]:
            return EdgeKind.OPEN_DOOR if opened[row, column] else EdgeKind.DOOR
        return None

    def blocked(self, a: Cell, b: Cell) -> bool:
        """Return whether a wall or closed door stands between orthogonal neighbours a, b."""
        vertical, row, column = self.locate(a, b)
        return bool((self.blocks_v if vertical else self.blocks_h)[row, column])

    def listing(self) -> list[Edge]:
        """Return every edge with a wall or door, horizontal ones first, row by row."""
        out: list[Edge] = []
        for vertical in (False, True):
            wall, door, opened = self._arrays(vertical)
            for row, column in np.argwhere(wall | door).tolist():
                if vertical:
                    a, b = (column - 1, row), (column, row)
                else:
                    a, b = (column, row - 1), (column, row)
                if wall[row, column]:
                    kind = EdgeKind.WALL
                else:
                    kind = EdgeKind.OPEN_DOOR if opened[row, column] else EdgeKind.DOOR
                out.append(Edge(a, b, kind))
        return out

    def corners(self) -> BoolGrid:
        """Return, per grid corner (shape (height + 1, width + 1)), whether a blocking edge
        touches it. Corner ``[j, k]`` is the top-left corner of field (k, j)."""
        out = np.zeros((self.height + 1, self.width + 1), dtype=bool)
        out[:-1, :] |= self.blocks_v  # the edge below the corner
        out[1:, :] |= self.blocks_v  # the edge above
        out[:, :-1] |= self.blocks_h  # the edge right of it
        out[:, 1:] |= self.blocks_h  # the edge left of it
        return out
