"""What the screen's queries share: mask types, the map's shape, memoised sight."""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from game.board.grid import BattleGrid, Cell
from game.board.sight import visible_cells
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.state import CreatureState

__all__ = []


BoolGrid = npt.NDArray[np.bool_]
IntGrid = npt.NDArray[np.int16]


def read_only(mask: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Return ``mask`` made read-only: an answer is never changed by its reader."""
    mask.setflags(write=False)
    return mask


def grid_shape(battle: Battle) -> tuple[int, int]:
    """Return the shape of the map's masks: (height, width)."""
    return (battle.grid.height, battle.grid.width)


def side_of(battle: Battle, creature: CreatureState) -> int:
    """Return the side length of the creature's square footprint in fields."""
    return battle.creature_type(creature).size_fields


def cells_mask(cells: Iterable[Cell], shape: tuple[int, int]) -> BoolGrid:
    """Return a mask [y, x] of ``cells``; fields off the map are left out."""
    mask = np.zeros(shape, dtype=bool)
    xs: list[int] = []
    ys: list[int] = []
    height, width = shape
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            xs.append(x)
            ys.append(y)
    mask[ys, xs] = True
    return mask


_VISIBLE: weakref.WeakKeyDictionary[BattleGrid, dict[tuple[int, Cell], BoolGrid]] = (
    weakref.WeakKeyDictionary()
)
_VISIBLE_LIMIT = 1024


def visible_from(grid: BattleGrid, cell: Cell) -> BoolGrid:
    """Return ``sight.visible_cells`` from ``cell``, memoised per grid version (read-only)."""
    memo = _VISIBLE.get(grid)
    if memo is None:
        memo = _VISIBLE[grid] = {}
    key = (grid.version, cell)
    mask = memo.get(key)
    if mask is None:
        if len(memo) >= _VISIBLE_LIMIT:
            memo.clear()
        mask = memo[key] = read_only(visible_cells(grid, cell))
    return mask
