"""What entering a field costs a mover: the cost models a search prices its steps with.

D-10: 1 per field, 2 on difficult ground (``StepCosts``, the walker). A ruleset gives
its own ``CostModel`` for movers that swim, fly or crawl; a search only asks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from game.board.grid import BattleGrid, BoolGrid, Cell, footprint_cells

IntGrid = npt.NDArray[np.integer]


class CostModel(Protocol):
    """A movement-cost strategy: what entering each field costs one kind of mover."""

    def field_costs(self, difficult: BoolGrid, terrain: IntGrid) -> IntGrid:
        """Return the cost (an int >= 1) of entering each field of the given layers."""
        ...


class StepCosts:
    """D-10: entering a field costs 1, or 2 on difficult ground."""

    def field_costs(self, difficult: BoolGrid, terrain: IntGrid) -> IntGrid:
        """Return 1 for each field, 2 for difficult ground."""
        return np.asarray(difficult, dtype=bool).astype(np.int16) + 1


#: The mover without special movement types: walking (D-10).
STEP_COSTS = StepCosts()


def checked_field_costs(model: CostModel, difficult: BoolGrid, terrain: IntGrid) -> IntGrid:
    """Return the model's costs of the given layers; raise ValueError unless ints >= 1."""
    costs = np.asarray(model.field_costs(difficult, terrain))
    if costs.shape != difficult.shape:
        raise ValueError(f"the cost model returned shape {costs.shape}, expected {difficult.shape}")
    if costs.dtype.kind not in "iu":
        raise ValueError(f"a cost model must return integer costs, got {costs.dtype}")
    if costs.size and int(costs.min()) < 1:
        raise ValueError("a cost model must return costs of at least 1 per field")
    return costs


@dataclass(frozen=True)
class CostWindow:
    """A cost model's field costs over the part of the map a known path can touch."""

    costs: IntGrid
    x0: int
    y0: int

    @classmethod
    def around(
        cls, grid: BattleGrid, model: CostModel, anchors: Sequence[Cell], side: int
    ) -> CostWindow:
        """Return the costs over the box of ``anchors`` and their side × side footprints."""
        xs = [c[0] for c in anchors]
        ys = [c[1] for c in anchors]
        x0, y0 = max(0, min(xs)), max(0, min(ys))
        window = (slice(y0, max(ys) + side), slice(x0, max(xs) + side))
        return cls(checked_field_costs(model, grid.difficult[window], grid.terrain[window]), x0, y0)

    def step(self, before: Cell, after: Cell, side: int) -> int:
        """Return a legal step's cost: the dearest field the footprint newly covers."""
        fresh = set(footprint_cells(after, side)) - set(footprint_cells(before, side))
        return max(int(self.costs[y - self.y0, x - self.x0]) for x, y in fresh)
