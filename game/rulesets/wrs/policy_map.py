"""Where the WRS opponent can walk and shoot: walking distances and the fields to attack from.

One Schritt is one field (W-ACT-MOVE, D-15); whether a step is blocked is asked of the
engine; line of sight is the board's (W-OPEN-8: creatures and cover do not block).
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Iterable
from typing import Any

import numpy as np

from game.board.grid import DIRECTIONS_8, BattleGrid, Cell
from game.board.sight import visible_cells
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.rules import wounds
from game.rulesets.wrs.rules.actions import MOVE_MAX_FIELDS

#: Per grid (and its version: a door opened or closed changes it): the fields one step
#: from a field, and the fields a field sees. A cache of answers, never of choices.
_STATIC: weakref.WeakKeyDictionary[BattleGrid, tuple[int, dict[Any, Any]]] = (
    weakref.WeakKeyDictionary()
)


def _static(grid: BattleGrid) -> dict[Any, Any]:
    """Return the answer cache of ``grid`` at its current version."""
    found = _STATIC.get(grid)
    if found is None or found[0] != grid.version:
        found = (grid.version, {})
        _STATIC[grid] = found
    return found[1]


class Walker:
    """Walking distances on one game state (other fighters block their fields)."""

    def __init__(self, game: WrsGame, me: str) -> None:
        self.game = game
        self.taken = game.occupied(me)
        self._moves = _static(game.grid)

    def moves(self, here: Cell) -> list[Cell]:
        """Return the fields one step from ``here`` that can be entered (stable order)."""
        found = self._moves.get(("moves", here))
        if found is None:
            g = self.game.grid
            found = []
            for dx, dy in DIRECTIONS_8:
                cell = (here[0] + dx, here[1] + dy)
                if g.in_bounds(cell) and not self.game.blocked(here, cell):
                    found.append(cell)
            self._moves[("moves", here)] = found
        return [cell for cell in found if cell not in self.taken]

    def tree(self, start: Cell, limit: int = 10_000) -> dict[Cell, tuple[int, Cell | None]]:
        """Return every field reachable from ``start`` with (steps, previous field)."""
        seen: dict[Cell, tuple[int, Cell | None]] = {start: (0, None)}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            steps = seen[here][0]
            if steps >= limit:
                continue
            for cell in self.moves(here):
                if cell not in seen:
                    seen[cell] = (steps + 1, here)
                    queue.append(cell)
        return seen

    def distances_to(self, goals: Iterable[Cell], limit: int = 10_000) -> dict[Cell, int]:
        """Return the steps from every reachable field to the nearest of ``goals``
        (steps are symmetric, so the search runs from the goals)."""
        seen: dict[Cell, int] = {}
        queue: deque[Cell] = deque()
        for goal in goals:
            if goal not in seen:
                seen[goal] = 0
                queue.append(goal)
        while queue:
            here = queue.popleft()
            if seen[here] >= limit:
                continue
            for cell in self.moves(here):
                if cell not in seen:
                    seen[cell] = seen[here] + 1
                    queue.append(cell)
        return seen

    def path(self, tree: dict[Cell, tuple[int, Cell | None]], goal: Cell) -> tuple[Cell, ...]:
        """Return the fields from the tree's start to ``goal``, at most one move long."""
        cells: list[Cell] = []
        here: Cell | None = goal
        while here is not None and tree[here][1] is not None:
            cells.append(here)
            here = tree[here][1]
        cells.reverse()
        return tuple(cells[:MOVE_MAX_FIELDS])


def seen_from(game: WrsGame, cell: Cell) -> np.ndarray:
    """Return the fields ``cell`` sees as a bool array [y, x] (the board's sight; do not
    change it: it is shared)."""
    cache = _static(game.grid)
    found = cache.get(("seen", cell))
    if found is None:
        found = visible_cells(game.grid, cell)
        found.setflags(write=False)
        cache[("seen", cell)] = found
    return found


def adjacent(cell: Cell) -> list[Cell]:
    """Return the eight neighbours of ``cell`` (melee reach, W-OPEN-8)."""
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in DIRECTIONS_8]


def enemies(game: WrsGame, me: str) -> list[str]:
    """Return the enemies of ``me`` that can still act, nearest first (stable)."""
    here = game.fighters[me].cell
    side = game.fighters[me].side
    found = [
        k for k, s in game.fighters.items() if s.side != side and wounds.can_act(game.state_of(k))
    ]
    return sorted(
        found,
        key=lambda k: max(
            abs(here[0] - game.fighters[k].cell[0]), abs(here[1] - game.fighters[k].cell[1])
        ),
    )
