"""``kampfkarte bench rules``: timings of the rules queries, printed as figures.

Benchmarks print numbers, not verdicts; the targets are listed beside them for the
reader. Maps are random but seeded, so two runs measure the same work. The edge-wall
rows (D-13) come from ``game.bench_edges``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TextIO

import numpy as np

from game.bench_edges import edge_rows
from game.board.grid import BattleGrid, Cell
from game.match.bench_table import print_table, timed

SIDE = 200


def bench_maps(seed: int) -> dict[str, BattleGrid]:
    """Return the seeded benchmark maps: walled, open, walled with difficult ground."""
    rng = np.random.default_rng(seed)
    walls = rng.random((SIDE, SIDE)) < 0.15
    centre = (SIDE // 2, SIDE // 2)
    walls[centre[1], centre[0]] = False
    difficult = (rng.random((SIDE, SIDE)) < 0.20) & ~walls
    sparse = rng.random((SIDE, SIDE)) < 0.03
    sparse[centre[1], centre[0]] = False
    return {
        "walled": BattleGrid.from_arrays(walls),
        "open": BattleGrid.open(SIDE, SIDE),
        "sparse": BattleGrid.from_arrays(sparse),
        "terrain": BattleGrid.from_arrays(walls, difficult=difficult),
    }


def _creature_cells(grid: BattleGrid, count: int, seed: int) -> list[Cell]:
    rng = np.random.default_rng(seed + 1)
    free = np.argwhere(~grid.blocks_movement)
    picks = rng.choice(len(free), size=count, replace=False)
    return [(int(free[i][1]), int(free[i][0])) for i in picks]


def run_rules_bench(*, repeats: int = 30, seed: int = 2026, out: TextIO) -> None:
    """Measure the rules queries the issue names and print median and max in ms."""
    from game.board.movement import reachable
    from game.board.sight import cover, visible_cells
    from game.board.templates import beam_cells, circle_cells, cone_cells

    maps = bench_maps(seed)
    centre = (SIDE // 2, SIDE // 2)
    rows: list[tuple[str, float, float, str]] = []

    def measure(label: str, fn: Callable[[], Any], target: str, times: int = repeats) -> None:
        median, worst = timed(fn, times)
        rows.append((label, median, worst, target))

    measure(
        "visible_cells 200x200, 15 % walls",
        lambda: visible_cells(maps["walled"], centre),
        "<= 3 ms",
    )
    measure("visible_cells 200x200, open", lambda: visible_cells(maps["open"], centre), "<= 5 ms")
    measure(
        "visible_cells 200x200, 3 % walls", lambda: visible_cells(maps["sparse"], centre), "(none)"
    )
    measure(
        "reachable budget 30 (15 % walls, 20 % difficult)",
        lambda: reachable(maps["terrain"], centre, 30),
        "<= 1 ms",
    )
    measure(
        "reachable unlimited (15 % walls, 20 % difficult)",
        lambda: reachable(maps["terrain"], centre, None),
        "<= 8 ms",
    )
    rows.extend(edge_rows(seed, repeats, rows, timed))  # D-13, beside the rows above
    creatures = _creature_cells(maps["walled"], 100, seed)
    attackers, targets = creatures[:50], creatures[50:]
    occupied = frozenset(creatures)

    def all_cover() -> None:
        for attacker in attackers:
            for target in targets:
                cover(maps["walled"], attacker, target, creatures=occupied)

    measure("cover, 50x50 pairs of 100 creatures", all_cover, "<= 250 ms", max(5, repeats // 6))
    for size in (10, 12, 30):
        measure(f"circle_cells r={size}", partial(circle_cells, (0, 0), size), "<= 1 ms")
        measure(f"cone_cells length {size}", partial(cone_cells, (0, 0), 30.0, size), "<= 1 ms")
        measure(f"beam_cells length {size}", partial(beam_cells, (0, 0), 30.0, size), "<= 1 ms")

    rows.extend(_tcod_rows(maps, centre, repeats))
    title = f"kampfkarte bench rules  (repeats {repeats}, seed {seed}; times in ms)"
    print_table(title, rows, out, first="query")


def _tcod_rows(
    maps: dict[str, BattleGrid], centre: Cell, repeats: int
) -> list[tuple[str, float, float, str]]:
    """Return libtcod's figures on the same maps when python-tcod happens to be installed."""
    try:
        import tcod.map
        import tcod.path
        from tcod import libtcodpy
    except ImportError:
        return [("python-tcod not installed: no libtcod comparison", 0.0, 0.0, "")]
    from game.board.movement import reachable
    from game.board.sight import visible_cells
    from game.rulesets.entaria.rules.movement import WALKING

    rows = []
    for name in ("walled", "open"):
        grid = maps[name]
        transparency = ~grid.blocks_sight
        pov = (centre[1], centre[0])

        def fov(t: np.ndarray = transparency, p: tuple[int, int] = pov) -> Any:
            return tcod.map.compute_fov(t, p, algorithm=libtcodpy.FOV_SYMMETRIC_SHADOWCAST)

        ours = timed(partial(visible_cells, grid, centre), repeats)[0]
        median, worst = timed(fov, repeats)
        rows.append((f"libtcod symmetric shadowcast, {name}", median, worst, _ratio(ours, median)))
    grid = maps["terrain"]
    # libtcod reads 0 as a wall; every other field costs what it costs a walker.
    steps = WALKING.field_costs(grid.difficult, grid.terrain)
    cost = np.where(grid.blocks_movement, 0, steps).astype(np.int32)

    def dijkstra() -> Any:
        dist = tcod.path.maxarray(cost.shape, dtype=np.int32)
        dist[centre[1], centre[0]] = 0
        tcod.path.dijkstra2d(dist, cost, 1, 1)
        return dist

    ours = timed(lambda: reachable(grid, centre, None), repeats)[0]
    median, worst = timed(dijkstra, repeats)
    rows.append(("libtcod dijkstra2d unlimited", median, worst, _ratio(ours, median)))
    return rows


def _ratio(ours: float, theirs: float) -> str:
    """Return how many times longer our median took (a timer can read 0 for fast calls)."""
    if theirs <= 0.0:
        return "ratio ours/libtcod: libtcod too fast to time"
    return f"ratio ours/libtcod {ours / theirs:.1f}"
