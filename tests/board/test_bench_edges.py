"""The edge-wall rows of ``kampfkarte bench rules`` (issue 11, D-13): maps and figures.

No test here reads the clock: the rows are built with a timer that calls each query
once and hands back fixed figures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from game.bench_edges import SIDE, edge_maps, edge_rows


@pytest.mark.rule("D-13")
def test_d13_bench_edge_maps_have_the_densities_they_are_named_for() -> None:
    """D-13: 15 % of the inner edges walled; the rooms map and its twin of wall fields."""
    maps = edge_maps(2026)
    centre = (SIDE // 2, SIDE // 2)
    share = maps["edges_15"]
    inner = (SIDE - 1) * SIDE * 2
    walled = int(share.edges.wall_v[:, 1:SIDE].sum() + share.edges.wall_h[1:SIDE, :].sum())
    assert 0.14 < walled / inner < 0.16
    assert not share.wall.any() and not maps["edge_rooms"].wall.any()
    twin = maps["field_rooms"]
    assert not twin.has_edge_walls
    # The rooms' walls stand on grid lines in one map and as wall fields in the other.
    room_edges = int(maps["edge_rooms"].edges.wall_v.sum() + maps["edge_rooms"].edges.wall_h.sum())
    assert room_edges > 0.05 * inner
    assert 0.06 < twin.wall.mean() < 0.20
    for grid in maps.values():
        assert grid.shape == (SIDE, SIDE)
        assert not grid.blocks_movement[centre[1], centre[0]]
        assert 0.15 < grid.difficult.mean() < 0.25


@pytest.mark.rule("D-13")
def test_d13_bench_edge_rows_print_each_median_over_its_field_wall_row() -> None:
    """D-13: every edge-wall row names its field-wall row and the ratio of the medians."""
    calls: list[Callable[[], Any]] = []

    def timer(fn: Callable[[], Any], repeats: int) -> tuple[float, float]:
        calls.append(fn)
        fn()  # the query runs (once), its time is made up
        return (3.0, 4.0) if len(calls) % 3 else (2.0, 2.5)

    field_rows = [
        ("visible_cells 200x200, 15 % walls", 2.0, 2.0, "<= 3 ms"),
        ("reachable budget 30 (15 % walls, 20 % difficult)", 1.5, 2.0, "<= 1 ms"),
        ("reachable unlimited (15 % walls, 20 % difficult)", 4.0, 5.0, "<= 8 ms"),
    ]
    rows = edge_rows(2026, 1, field_rows, timer)
    assert len(rows) == len(calls) == 10
    targets = {label: target for label, _, _, target in rows}
    assert targets["visible_cells 200x200, 15 % edge walls"] == "<= 1.5x 15 % walls: 1.50x"
    # The rooms map is held against its twin, timed just before it (2.0 ms there, 3.0 here).
    assert targets["visible_cells 200x200, 5 % edge walls + 40 rooms"] == "<= 1.5x twin: 1.50x"
    assert targets["visible_cells 200x200, 5 % wall fields + 40 rooms"].startswith("(field-wall")
    assert targets["reachable unlimited (15 % edge walls, 20 % difficult)"].endswith(": 0.75x")
    # The rebuild after a door change has no target; its ratio is shown for comparison.
    door = targets["visible_cells 200x200, 15 % edge walls, after a door changed"]
    assert door.startswith("(once per door change, no target; ") and door.endswith("x 15 % walls)")
    assert all(np.isfinite(median) for _, median, _, _ in rows)
