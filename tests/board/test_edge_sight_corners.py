"""Closed corners in ``visible_cells``: only single slopes and diagonals are followed (D-13).

The sweep takes a closed corner out of every wider slope interval itself, so
``edge_sight.corner_shadows`` follows only the rays of single slopes and the diagonals
(``shadowcast.paint`` marks the first). These tests pin both kinds down and compare the
whole mask with ``line_of_sight`` on maps full of rooms, where corners abound.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import edge_sight
from game.board.grid import BattleGrid, Cell
from game.board.sight import line_of_sight, visible_cells


def assert_agrees(grid: BattleGrid, origin: Cell) -> None:
    """Assert visible_cells(origin) is line_of_sight(origin, f) on every field f."""
    mask = visible_cells(grid, origin)
    for cell in grid.cells():
        assert bool(mask[cell[1], cell[0]]) == line_of_sight(grid, origin, cell), cell


@pytest.mark.rule("D-13", "D-9")
@pytest.mark.parametrize("few", [edge_sight._FEW, 0], ids=["one by one", "as arrays"])
def test_d13_a_single_slope_ends_at_the_closed_corner_it_reaches_later(
    few: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D-13: edges at two open corners leave the slope 1/3 single; a third corner closes it."""
    monkeypatch.setattr(edge_sight, "_FEW", few)
    grid = BattleGrid(np.zeros((12, 6), dtype=bool))
    edges = grid.edges
    edges.wall_v[1, 1] = True  # at the corner (0.5, 1.5), on one side of the line
    edges.wall_h[5, 1] = True  # at the corner (1.5, 4.5), on the other side
    edges.wall_v[7, 3] = edges.wall_h[8, 2] = True  # an L closing the corner (2.5, 7.5)
    edges.refresh()
    assert not line_of_sight(grid, (0, 0), (3, 9))
    assert not visible_cells(grid, (0, 0))[9, 3]
    assert visible_cells(grid, (0, 0))[6, 2]  # the slope is lit up to the corner
    assert_agrees(grid, (0, 0))


@pytest.mark.rule("D-13", "D-9")
def test_d13_a_diagonal_field_right_behind_a_closed_corner_is_hidden() -> None:
    """D-13: the L around (0, 0) closes the corner (0.5, 0.5) on the diagonal from (3, 3)."""
    grid = BattleGrid(np.zeros((5, 5), dtype=bool))
    grid.edges.wall_v[0, 1] = grid.edges.wall_h[1, 0] = True
    grid.edges.refresh()
    assert not line_of_sight(grid, (3, 3), (0, 0))
    assert not visible_cells(grid, (3, 3))[0, 0]
    assert_agrees(grid, (3, 3))


def room_map(seed: int) -> tuple[BattleGrid, Cell]:
    """Return a 20×20 to 44×44 map with edge walls, rooms with doorways, and an origin."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 45))
    grid = BattleGrid(rng.random((n, n)) < rng.choice([0.0, 0.03]))
    edges = grid.edges
    share = float(rng.choice([0.02, 0.05, 0.15]))
    edges.wall_v[:, 1:n] |= rng.random((n, n - 1)) < share
    edges.wall_h[1:n, :] |= rng.random((n - 1, n)) < share
    for _ in range(int(rng.integers(0, 8))):
        x, y = int(rng.integers(0, n - 6)), int(rng.integers(0, n - 6))
        x1 = min(x + int(rng.integers(2, 8)), n - 1)
        y1 = min(y + int(rng.integers(2, 8)), n - 1)
        edges.wall_h[y, x:x1] = edges.wall_h[y1, x:x1] = True
        edges.wall_v[y:y1, x] = edges.wall_v[y:y1, x1] = True
        edges.wall_h[y, (x + x1) // 2] = False  # a doorway
    edges.refresh()
    return grid, (int(rng.integers(0, n)), int(rng.integers(0, n)))


@pytest.mark.rule("D-13", "D-9")
@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_d9_d13_visible_cells_equals_the_line_test_among_rooms(seed: int) -> None:
    """D-9/D-13: rooms with doorways (many closed corners, many thin slivers of sight)."""
    assert_agrees(*room_map(seed))


@pytest.mark.rule("D-13", "D-9")
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_d9_d13_many_single_slopes_take_the_array_path(seed: int) -> None:
    """D-13: with the one-by-one test switched off, the array test of single slopes agrees."""
    few = edge_sight._FEW
    edge_sight._FEW = 0  # hypothesis runs examples in one thread, one after the other
    try:
        assert_agrees(*room_map(seed))
    finally:
        edge_sight._FEW = few


@pytest.mark.rule("D-13")
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_d13_both_corner_passes_hide_the_same_fields(seed: int) -> None:
    """D-13: on a fully lit mask, the general pass and the single-slope pass agree."""
    grid, (ox, oy) = room_map(seed)
    sight = edge_sight.edge_sight(grid.edges)
    general = np.ones((grid.height, grid.width), dtype=bool)
    edge_sight.corner_shadows(sight, ox, oy, general)
    ys, xs = np.indices(general.shape)
    off = (np.abs(xs - ox) != np.abs(ys - oy)).reshape(-1)
    fast = np.ones_like(general)
    edge_sight.corner_shadows(sight, ox, oy, fast, np.flatnonzero(off))
    assert (general == fast).all()
