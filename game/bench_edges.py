"""The edge-wall rows of ``kampfkarte bench rules`` (D-13, issue 11).

The issue asks that ``visible_cells`` and ``reachable`` on a 200x200 map with edge
walls stay within 1.5 times the field-wall rows. "The same density" can be read two
ways, and both pairs are timed:

- the share: 15 % of the field edges walled at random, against the 15 % wall fields
  of the field-wall rows;
- a drawn map: 5 % of the edges walled plus 40 rooms whose walls stand on grid lines,
  against its twin with 5 % wall fields and the same rooms built of wall fields.

Each edge-wall row prints its median over its field-wall row's; the figures are for the
reader, not verdicts. The maps are random but seeded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from game.board.grid import BattleGrid, Cell

SIDE = 200
ROOMS = 40
Row = tuple[str, float, float, str]
Timer = Callable[[Callable[[], Any], int], tuple[float, float]]


def edge_maps(seed: int) -> dict[str, BattleGrid]:
    """Return the seeded edge-wall maps and the field-wall twin, all with 20 % difficult.

    ``edges_15``: 15 % of the edges walled; ``edge_rooms``: 5 % of the edges and
    ``ROOMS`` rooms on grid lines; ``field_rooms``: its twin with wall fields.
    """
    rng = np.random.default_rng(seed + 2)
    centre = (SIDE // 2, SIDE // 2)
    difficult = rng.random((SIDE, SIDE)) < 0.20
    rooms = [
        (int(x), int(y), int(w), int(h))
        for x, y, w, h in zip(
            rng.integers(1, SIDE - 21, ROOMS),
            rng.integers(1, SIDE - 21, ROOMS),
            rng.integers(6, 20, ROOMS),
            rng.integers(6, 20, ROOMS),
            strict=True,
        )
    ]
    fields = rng.random((SIDE, SIDE)) < 0.05
    for x, y, w, h in rooms:  # walls round the room, a doorway in the top and right
        fields[y, x : x + w] = fields[y + h, x : x + w + 1] = True
        fields[y : y + h, x] = fields[y : y + h, x + w] = True
        fields[y, x + w // 2] = fields[y + h // 2, x + w] = False
    fields[centre[1], centre[0]] = False
    return {
        "edges_15": _edge_map(rng, 0.15, [], difficult),
        "edge_rooms": _edge_map(rng, 0.05, rooms, difficult),
        "field_rooms": BattleGrid.from_arrays(fields, difficult=difficult & ~fields),
    }


def _edge_map(
    rng: np.random.Generator,
    share: float,
    rooms: list[tuple[int, int, int, int]],
    difficult: np.ndarray,
) -> BattleGrid:
    """Return a map without wall fields: ``share`` of its edges walled, and the rooms."""
    grid = BattleGrid.from_arrays(np.zeros((SIDE, SIDE), dtype=bool), difficult=difficult)
    edges = grid.edges  # set in bulk, then one refresh, instead of thousands of calls
    edges.wall_v[:, 1:SIDE] = rng.random((SIDE, SIDE - 1)) < share  # between x-1 and x
    edges.wall_h[1:SIDE, :] = rng.random((SIDE - 1, SIDE)) < share  # between y-1 and y
    for x, y, w, h in rooms:
        edges.wall_h[y, x : x + w] = edges.wall_h[y + h, x : x + w] = True
        edges.wall_v[y : y + h, x] = edges.wall_v[y : y + h, x + w] = True
        edges.wall_h[y, x + w // 2] = edges.wall_v[y + h // 2, x + w] = False
    edges.refresh()
    return grid


def edge_rows(seed: int, repeats: int, field_rows: list[Row], timer: Timer) -> list[Row]:
    """Return the edge-wall rows; ``field_rows`` holds the field-wall rows timed before."""
    from game.board.movement import reachable
    from game.board.sight import visible_cells

    maps = edge_maps(seed)
    centre: Cell = (SIDE // 2, SIDE // 2)
    medians = {label: median for label, median, _, _ in field_rows}
    door = maps["edges_15"].copy()
    opened = [False]

    def after_a_door() -> Any:
        # Each call opens or shuts a door first, so sight reads the edges afresh.
        opened[0] = not opened[0]
        door.set_edge_door((99, 100), (100, 100), open=opened[0])
        return visible_cells(door, centre)

    rooms = f"5 % edge walls + {ROOMS} rooms"
    twin = f"5 % wall fields + {ROOMS} rooms"
    # (label, call, the field-wall row it is held against, that row's short name)
    plan: list[tuple[str, Callable[[], Any], str | None, str]] = [
        (
            "visible_cells 200x200, 15 % edge walls",
            partial(visible_cells, maps["edges_15"], centre),
            "visible_cells 200x200, 15 % walls",
            "15 % walls",
        ),
        (
            "visible_cells 200x200, 15 % edge walls, after a door changed",
            after_a_door,
            "visible_cells 200x200, 15 % walls",
            ONCE_PER_CHANGE,
        ),
        (
            f"visible_cells 200x200, {twin}",
            partial(visible_cells, maps["field_rooms"], centre),
            None,
            "",
        ),
        (
            f"visible_cells 200x200, {rooms}",
            partial(visible_cells, maps["edge_rooms"], centre),
            f"visible_cells 200x200, {twin}",
            "twin",
        ),
    ]
    for budget, name in ((30, "budget 30"), (None, "unlimited")):
        plan += [
            (
                f"reachable {name} (15 % edge walls, 20 % difficult)",
                partial(reachable, maps["edges_15"], centre, budget),
                f"reachable {name} (15 % walls, 20 % difficult)",
                "15 % walls",
            ),
            (
                f"reachable {name} ({twin}, 20 % difficult)",
                partial(reachable, maps["field_rooms"], centre, budget),
                None,
                "",
            ),
            (
                f"reachable {name} ({rooms}, 20 % difficult)",
                partial(reachable, maps["edge_rooms"], centre, budget),
                f"reachable {name} ({twin}, 20 % difficult)",
                "twin",
            ),
        ]
    rows: list[Row] = []
    for label, fn, against, short in plan:
        median, worst = timer(fn, repeats)
        medians[label] = median
        field = None if against is None else medians.get(against)
        rows.append((label, median, worst, _against(median, against, field, short)))
    return rows


#: The row that pays sight's rebuild of the edges (once after each door change) has no
#: target of its own: it shows its ratio to the field-wall row for comparison.
ONCE_PER_CHANGE = "once per door change, no target"


def _against(median: float, against: str | None, field: float | None, short: str) -> str:
    """Return the target beside a row: 1.5 times its field-wall row, and the ratio now."""
    if against is None:
        return "(field-wall twin of the row below)"
    if short == ONCE_PER_CHANGE:
        ratio = "" if field is None or field <= 0.0 else f"; {median / field:.2f}x 15 % walls"
        return f"({short}{ratio})"
    if field is None:
        return f"<= 1.5x {short}"
    if field <= 0.0:
        return f"<= 1.5x {short} (too fast to time)"
    return f"<= 1.5x {short}: {median / field:.2f}x"
