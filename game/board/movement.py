"""Movement on the grid: what entering a field costs, reachable fields and cheapest paths.

D-10: a step to any of the 8 neighbours costs 1 field, 2 when the field entered is
difficult terrain (``costs.StepCosts``; a ruleset prices its movers with a ``CostModel``).
Walls and closed doors (``grid.blocks_movement``) and the fields of ``enemies`` cannot
be entered; the fields of ``allies`` can be passed through but not ended on.

Edge walls (D-13): no step crosses a wall or closed door on a field edge, and no
diagonal step passes a corner such an edge touches (``steps.edge_step_blocked``; for a
footprint, no blocking edge inside the box it covers before and after the step).

Corner rule (D-10): a diagonal step is forbidden only when *both* orthogonal
neighbours it passes between are blocking **terrain** (walls or closed doors; the map
edge counts as blocking). Creatures never block a corner. ``steps.diagonal_step_blocked``
is that rule for one step (``steps.step_problem`` checks a whole step); the search
applies the same test to whole bitsets at once.

How far a creature may move, and what leaving an enemy's reach costs, are the
ruleset's rules (ENTARIA: ``game.rulesets.entaria.rules.movement``); this module only
searches the map.

Multi-field creatures are placed by their anchor, the footprint's top-left
field. Every field of the footprint must be passable, and a step costs the highest
entering cost among the fields the footprint newly covers (2 if any of them is
difficult ground for a walker).

The search is exact: a bucketed (Dial) Dijkstra whose levels are processed in
increasing cost. Each level is a bitset (a Python int over a padded row-major layout,
one padding column and one padding row above and below, so no bounds checks are
needed); a whole level is expanded with eight shifts. Costs are at least 1, so a
field's cost is final the first time its level is processed.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from game.board.costs import STEP_COSTS, CostModel, CostWindow, checked_field_costs
from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, footprint_cells
from game.board.steps import as_cells, check_anchor, edge_step_masks, step_problem

IntGrid = npt.NDArray[np.integer]
BoolGrid = npt.NDArray[np.bool_]

# The orthogonal directions a diagonal direction (index into DIRECTIONS_8) passes between.
_CORNERS: dict[int, tuple[int, int]] = {4: (0, 1), 5: (2, 1), 6: (2, 3), 7: (0, 3)}
# Results for grids up to this many fields reuse cached (x, y) key tuples.
_KEY_CACHE_LIMIT = 1 << 18


# ------------------------------------------------------------------ cost models


# ------------------------------------------------------------- search internals
def _to_bits(flags: BoolGrid) -> int:
    """Return a bitset whose bit i is flags.ravel()[i]."""
    packed = np.packbits(np.ascontiguousarray(flags, dtype=bool).ravel(), bitorder="little")
    return int.from_bytes(packed.tobytes(), "little")


def _from_bits(bits: int, size: int) -> BoolGrid:
    """Return the flags of a bitset as a bool array of ``size`` entries."""
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little", count=size).astype(bool)


def _shifted(bits: int, offset: int) -> int:
    """Return the bitset whose bit i is bit i + offset of ``bits``."""
    return bits >> offset if offset >= 0 else bits << -offset


def _moved(bits: int, offset: int) -> int:
    """Return the bitset with every set bit i moved to i + offset."""
    return bits << offset if offset >= 0 else bits >> -offset


def _any_over(flags: BoolGrid, side: int, shape: tuple[int, int]) -> BoolGrid:
    """Return, per anchor, whether any field of its side × side footprint is set."""
    height, width = shape
    out = np.zeros(shape, dtype=bool)
    for i, j in footprint_cells((0, 0), side):  # offsets of the footprint's fields
        out |= flags[j : j + height, i : i + width]
    return out


def _cells_in(cells: Iterable[Cell], x0: int, y0: int, shape: tuple[int, int]) -> BoolGrid:
    """Return a flag array of ``shape`` (origin x0, y0) with the given fields set."""
    flags = np.zeros(shape, dtype=bool)
    height, width = shape
    for x, y in cells:
        if 0 <= x - x0 < width and 0 <= y - y0 < height:
            flags[y - y0, x - x0] = True
    return flags


@dataclass
class _Board:
    """One search's view of the grid: anchors of a window, padded and packed as bitsets."""

    x0: int
    y0: int
    stride: int  # anchors per padded row (window width + 1 padding column)
    size: int  # padded anchors in all
    passable: int  # anchors whose footprint holds no wall, closed door or enemy
    diag_ok: tuple[int, int, int, int]  # sources allowed to step SE, SW, NW, NE
    # D-13, None on maps without edge walls: sources allowed to step E, S, W, N, and
    # per direction of DIRECTIONS_8 and padded anchor whether an edge lets the step pass.
    orth_ok: tuple[int, int, int, int] | None
    edge_flat: BoolGrid | None
    offsets: tuple[int, ...]  # flat index offsets of DIRECTIONS_8
    # Target-only costs: ((cost, anchors entered at that cost), ...); None with footprints.
    costs: tuple[tuple[int, int], ...] | None
    # Direction-dependent costs (footprints): per direction ((cost, anchors), ...).
    dir_costs: tuple[tuple[tuple[int, int], ...], ...] | None
    cost_flat: IntGrid  # entering cost per anchor, shape (size,) or (8, size)
    terrain_free: BoolGrid  # per padded anchor: footprint free of walls and closed doors
    endable: BoolGrid  # per padded anchor: footprint overlaps no ally

    def index(self, cell: Cell) -> int:
        return (cell[1] - self.y0 + 1) * self.stride + (cell[0] - self.x0)

    def cell(self, index: int) -> Cell:
        row, column = divmod(index, self.stride)
        return (column + self.x0, row - 1 + self.y0)

    def step_cost(self, direction: int, target: int) -> int:
        if self.cost_flat.ndim == 1:
            return int(self.cost_flat[target])
        return int(self.cost_flat[direction, target])


def _board(
    grid: BattleGrid,
    start: Cell,
    budget: int | None,
    enemies: Iterable[Cell],
    allies: Iterable[Cell],
    cost_model: CostModel,
    side: int,
) -> _Board:
    """Prepare the anchor window around ``start`` (the whole map without a budget)."""
    if side < 1:
        raise ValueError(f"a footprint needs a side of at least 1, got {side}")
    check_anchor(grid, start, side)
    max_x, max_y = grid.width - side, grid.height - side
    if budget is None:
        x0, y0, x1, y1 = 0, 0, max_x, max_y
    else:
        # A path of cost b stays within Chebyshev distance b (every step costs >= 1).
        x0, y0 = max(0, start[0] - budget), max(0, start[1] - budget)
        x1, y1 = min(max_x, start[0] + budget), min(max_y, start[1] + budget)
    shape = (y1 - y0 + 1, x1 - x0 + 1)
    cells_shape = (shape[0] + side - 1, shape[1] + side - 1)
    window = (slice(y0, y0 + cells_shape[0]), slice(x0, x0 + cells_shape[1]))

    # The mover's own fields hold no other creature: one creature per field.
    own = set(footprint_cells(start, side))
    enemy_cells = as_cells(enemies) - own
    ally_cells = as_cells(allies) - own - enemy_cells

    walls = grid.blocks_movement[window]
    foes = _cells_in(enemy_cells, x0, y0, cells_shape)
    friends = _cells_in(ally_cells, x0, y0, cells_shape)
    costs = checked_field_costs(cost_model, grid.difficult[window], grid.terrain[window])

    if side == 1:
        terrain_free = ~walls
        passable = terrain_free & ~foes
        endable = ~friends
        dir_cost_grids = None
    else:
        terrain_free = ~_any_over(walls, side, shape)
        passable = terrain_free & ~_any_over(foes, side, shape)
        endable = ~_any_over(friends, side, shape)
        dir_cost_grids = []
        for dx, dy in DIRECTIONS_8:
            # Offsets of the fields a step in (dx, dy) newly covers.
            fresh = [
                (i, j)
                for i, j in footprint_cells((0, 0), side)
                if not (0 <= i + dx < side and 0 <= j + dy < side)
            ]
            grids = [costs[j : j + shape[0], i : i + shape[1]] for i, j in fresh]
            dir_cost_grids.append(np.maximum.reduce(grids))

    stride = shape[1] + 1
    padded = (shape[0] + 2, stride)
    size = padded[0] * stride

    def pad(values: npt.NDArray[Any], fill: int | bool) -> npt.NDArray[Any]:
        out = np.full(padded, fill, dtype=values.dtype)
        out[1:-1, :-1] = values
        return out.ravel()

    free_flat = pad(terrain_free, False)
    passable_bits = _to_bits(pad(passable, False))
    terrain_bits = _to_bits(free_flat)
    offsets = tuple(dx + dy * stride for dx, dy in DIRECTIONS_8)
    diag_ok: list[int] = []
    for direction in (4, 5, 6, 7):
        a, b = _CORNERS[direction]
        ok = _shifted(terrain_bits, offsets[a]) | _shifted(terrain_bits, offsets[b])
        diag_ok.append(ok)
    orth_ok: tuple[int, int, int, int] | None = None
    edge_flat: BoolGrid | None = None
    if grid.edges.any_blocking:  # D-13: only maps with edge walls pay for them
        edge_masks = [pad(m, False) for m in edge_step_masks(grid, x0, y0, shape, side)]
        edge_flat = np.stack(edge_masks)
        edge_bits = [_to_bits(m) for m in edge_masks]
        orth_ok = (edge_bits[0], edge_bits[1], edge_bits[2], edge_bits[3])
        diag_ok = [ok & edge_bits[4 + i] for i, ok in enumerate(diag_ok)]

    def masks(cost_grid: IntGrid) -> tuple[tuple[int, int], ...]:
        flat = cost_grid.ravel()
        if flat.size and int(flat.max()) > 4096:  # bincount would allocate too much
            values = np.unique(flat)
        else:
            values = np.flatnonzero(np.bincount(flat))
        return tuple((int(k), _to_bits(pad(cost_grid == k, False))) for k in values.tolist())

    if dir_cost_grids is None:
        target_costs: tuple[tuple[int, int], ...] | None = masks(costs)
        dir_costs = None
        cost_flat = pad(costs, 0)
    else:
        target_costs = None
        dir_costs = tuple(masks(g) for g in dir_cost_grids)
        cost_flat = np.stack([pad(g, 0) for g in dir_cost_grids])
    return _Board(
        x0=x0,
        y0=y0,
        stride=stride,
        size=size,
        passable=passable_bits,
        diag_ok=(diag_ok[0], diag_ok[1], diag_ok[2], diag_ok[3]),
        orth_ok=orth_ok,
        edge_flat=edge_flat,
        offsets=offsets,
        costs=target_costs,
        dir_costs=dir_costs,
        cost_flat=cost_flat,
        terrain_free=free_flat,
        endable=pad(endable, True),
    )


@dataclass
class _Result:
    done: int  # anchors whose cost is final (processed levels)
    planes: list[int] = field(default_factory=list)  # bit b of every done anchor's cost


def _search(board: _Board, start: int, limit: int | None, goal: int | None = None) -> _Result:
    """Run the bucketed Dijkstra from ``start`` up to cost ``limit`` (or until ``goal``)."""
    start_bit = 1 << start
    goal_bit = 0 if goal is None else 1 << goal
    pending: dict[int, int] = {0: start_bit}
    result = _Result(done=0)
    planes = result.planes
    done = 0
    if board.costs is not None:
        # Every edge into a field costs the same, so its first tentative cost is final:
        # a field leaves ``avail`` once and sits in exactly one pending level.
        masks = board.costs
        se, sw, nw, ne = board.diag_ok
        orth = board.orth_ok
        stride = board.stride
        plus, minus = stride + 1, stride - 1
        avail = board.passable & ~start_bit
        level, top = -1, 0
        while level < top:
            level += 1
            if limit is not None and level > limit:
                break
            front = pending.pop(level, 0)
            if not front:
                continue
            while level.bit_length() > len(planes):
                planes.append(0)
            bits, bit = level, 0
            while bits:  # record the level in the cost's bit planes
                if bits & 1:
                    planes[bit] |= front
                bits >>= 1
                bit += 1
            if front & goal_bit:
                break
            if orth is None:
                straight = (front << 1) | (front >> 1) | (front << stride) | (front >> stride)
            else:  # D-13: edge walls stop straight steps too
                straight = (
                    ((front & orth[0]) << 1)
                    | ((front & orth[2]) >> 1)
                    | ((front & orth[1]) << stride)
                    | ((front & orth[3]) >> stride)
                )
            reached = (
                straight
                | ((front & se) << plus)
                | ((front & sw) << minus)
                | ((front & nw) >> plus)
                | ((front & ne) >> minus)
            ) & avail
            if not reached:
                continue
            avail ^= reached
            for cost, mask in masks:
                found = reached & mask
                if found:
                    due = level + cost
                    pending[due] = pending.get(due, 0) | found
                    if due > top:
                        top = due
        unprocessed = 0  # assigned a cost but beyond the limit or after the goal
        for waiting in pending.values():
            unprocessed |= waiting
        done = ((board.passable & ~avail) | start_bit) & ~unprocessed
    else:
        # Costs depend on the direction (footprints): lazy deletion of stale entries.
        assert board.dir_costs is not None
        straight_oks: tuple[int | None, ...] = board.orth_ok or (None, None, None, None)
        oks: tuple[int | None, ...] = (*straight_oks, *board.diag_ok)
        steps = list(zip(board.offsets, oks, board.dir_costs, strict=True))
        open_ = board.passable
        while pending:
            level = min(pending)
            if limit is not None and level > limit:
                break
            front = pending.pop(level)
            front = start_bit if level == 0 else front & open_  # drop stale entries
            if not front:
                continue
            done |= front
            open_ &= ~front
            _record(planes, level, front)
            if front & goal_bit:
                break
            for offset, ok, masks in steps:
                sources = front if ok is None else front & ok
                reached = _moved(sources, offset) & open_
                if not reached:
                    continue
                for cost, mask in masks:
                    due = level + cost
                    if limit is not None and due > limit:
                        break
                    found = reached & mask
                    if found:
                        pending[due] = pending.get(due, 0) | found
    result.done = done
    return result


def _record(planes: list[int], level: int, front: int) -> None:
    """Add ``front`` to the bit planes of ``level`` (cost = sum of 2**b over set planes)."""
    bit = 0
    while level:
        if level & 1:
            while len(planes) <= bit:
                planes.append(0)
            planes[bit] |= front
        level >>= 1
        bit += 1


def _costs_of(planes: list[int], size: int) -> npt.NDArray[np.int32]:
    """Return the cost of every anchor from its bit planes."""
    costs = np.zeros(size, dtype=np.int32)
    nbytes = (size + 7) // 8
    for bit, plane in enumerate(planes):
        if plane:
            raw = np.frombuffer(plane.to_bytes(nbytes, "little"), dtype=np.uint8)
            ones = np.unpackbits(raw, bitorder="little", count=size).astype(np.int32)
            costs |= ones << bit
    return costs


@functools.lru_cache(maxsize=2)
def _cell_keys(width: int, height: int) -> npt.NDArray[np.object_]:
    """Return the (x, y) tuples of a map in the padded layout of a whole-map search.

    Index (y + 1) * (width + 1) + x holds (x, y); padding holds None. The tuples are
    immutable and shared between results, which saves building them on every call.
    """
    stride = width + 1
    flat: list[Cell | None] = [None] * ((height + 2) * stride)
    for y in range(height):
        row = (y + 1) * stride
        flat[row : row + width] = [(x, y) for x in range(width)]
    keys = np.empty(len(flat), dtype=object)
    keys[:] = flat
    return keys


def _cost_map(grid: BattleGrid, board: _Board, result: _Result, start: int) -> dict[Cell, int]:
    """Return {anchor: cost} of every processed anchor a mover may end on."""
    ends = _from_bits(result.done, board.size) & board.endable
    ends[start] = True
    index = np.flatnonzero(ends)
    costs = _costs_of(result.planes, board.size)[index].tolist()
    width = grid.width
    whole = board.stride == width + 1 and board.x0 == 0 and board.y0 == 0
    if whole and grid.width * grid.height <= _KEY_CACHE_LIMIT:
        keys = _cell_keys(width, grid.height)[index].tolist()
        return dict(zip(keys, costs, strict=True))
    rows, columns = np.divmod(index, board.stride)
    xs = columns + board.x0
    ys = rows + board.y0  # padded row r holds map row r - 1 + y0
    if grid.width * grid.height <= _KEY_CACHE_LIMIT:
        keys = _cell_keys(width, grid.height)[ys * (width + 1) + xs].tolist()
        return dict(zip(keys, costs, strict=True))
    return dict(zip(zip(xs.tolist(), (ys - 1).tolist(), strict=True), costs, strict=True))


# ------------------------------------------------------------------ public search
def reachable(
    grid: BattleGrid,
    start: Cell,
    budget: int | None,
    *,
    enemies: Iterable[Cell] = (),
    allies: Iterable[Cell] = (),
    cost_model: CostModel = STEP_COSTS,
    footprint: int = 1,
) -> dict[Cell, int]:
    """Return every field the mover can end on within ``budget``, with its cost (D-10).

    ``start`` has cost 0. ``budget=None`` means unlimited. ``enemies`` and ``allies``
    are the fields occupied by other creatures (all fields of a large creature): enemy
    fields cannot be entered, ally fields can be passed but not ended on (D-10).
    ``cost_model`` prices each entered field (default: walking, D-10);
    ``footprint`` is the side of a square mover whose anchor (top-left field) is
    ``start`` and the keys of the result (E-SIZE-1).
    """
    start = (int(start[0]), int(start[1]))
    if budget is not None:
        budget = int(budget)
        if budget < 0:
            raise ValueError(f"a movement budget cannot be negative, got {budget}")
    board = _board(grid, start, budget, enemies, allies, cost_model, footprint)
    origin = board.index(start)
    result = _search(board, origin, budget)
    return _cost_map(grid, board, result, origin)


def find_path(
    grid: BattleGrid,
    start: Cell,
    goal: Cell,
    *,
    enemies: Iterable[Cell] = (),
    allies: Iterable[Cell] = (),
    cost_model: CostModel = STEP_COSTS,
    footprint: int = 1,
) -> list[Cell] | None:
    """Return a cheapest path start..goal inclusive, or None if the goal cannot be ended on.

    The path's cost (``path_cost``) equals ``reachable(...)[goal]``. Arguments as for
    ``reachable``.
    """
    start = (int(start[0]), int(start[1]))
    goal = (int(goal[0]), int(goal[1]))
    board = _board(grid, start, None, enemies, allies, cost_model, footprint)
    if goal == start:
        return [start]
    gx, gy = goal
    if not (0 <= gx <= grid.width - footprint and 0 <= gy <= grid.height - footprint):
        return None
    origin, target = board.index(start), board.index(goal)
    if not board.endable[target] or not (board.passable >> target) & 1:
        return None
    result = _search(board, origin, None, goal=target)
    if not (result.done >> target) & 1:
        return None
    done = _from_bits(result.done, board.size)
    costs = _costs_of(result.planes, board.size)
    free = board.terrain_free
    edge_flat = board.edge_flat
    offsets = board.offsets
    # Walk back: a predecessor's cost plus the step's cost gives the current cost.
    current = target
    trail = [current]
    while current != origin:
        here = costs[current]
        for direction, offset in enumerate(offsets):
            before = current - offset
            if not done[before]:
                continue
            if edge_flat is not None and not edge_flat[direction, before]:
                continue
            if direction in _CORNERS:
                a, b = _CORNERS[direction]
                if not (free[before + offsets[a]] or free[before + offsets[b]]):
                    continue
            if costs[before] + board.step_cost(direction, current) == here:
                current = before
                break
        else:  # pragma: no cover - the costs come from the same search
            raise AssertionError("no predecessor found while tracing a path back")
        trail.append(current)
    return [board.cell(i) for i in reversed(trail)]


def path_cost(
    grid: BattleGrid,
    path: Sequence[Cell],
    *,
    enemies: Iterable[Cell] = (),
    allies: Iterable[Cell] = (),
    cost_model: CostModel = STEP_COSTS,
    footprint: int = 1,
) -> int:
    """Return what moving along ``path`` costs (D-10); raise ValueError for an illegal step.

    Every step must go to one of the 8 neighbours, enter no wall, closed door or enemy
    field and obey the corner rule. Allies may be passed (whether the last field may be
    ended on is not checked here).
    """
    if not path:
        raise ValueError("a path needs at least its start field")
    side = footprint
    cells = [(int(x), int(y)) for x, y in path]
    for cell in cells:
        check_anchor(grid, cell, side)
    foes = as_cells(enemies) - set(footprint_cells(cells[0], side))
    # ``allies`` may always be passed; whether the last field may be ended on is not
    # this function's question, so they change nothing here.
    costs = CostWindow.around(grid, cost_model, cells, side)
    total = 0
    for before, after in itertools.pairwise(cells):
        problem = step_problem(grid, before, after, side, foes)
        if problem is not None:
            raise ValueError(problem)
        total += costs.step(before, after, side)
    return total
