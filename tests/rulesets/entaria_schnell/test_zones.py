"""Zones over the map (D-14, Q-MOVE-2, Q-OPEN-6)."""

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.rulesets.entaria_schnell.rules.zones import (
    Rect,
    lattice_zones,
    rectangle_zones,
    zone_distance,
    zone_neighbours,
    zone_problems,
)


def test_d14_lattice_covers_every_floor_field_once() -> None:
    """D-14: a 5×5 lattice over a 10×5 map gives two valid zones."""
    grid = BattleGrid.open(10, 5)
    zones = lattice_zones(grid)
    assert zones.count == 2
    assert zones.zone_of((4, 4)) == 0 and zones.zone_of((5, 0)) == 1
    assert zone_problems(zones, grid) == []


def test_d14_painted_rectangles_report_gaps_and_overlaps() -> None:
    """D-14: a floor field in no zone and one in two zones are both problems."""
    grid = BattleGrid.open(4, 2)
    zones, problems = rectangle_zones(grid, [Rect("a", 0, 0, 2, 2), Rect("b", 1, 0, 2, 2)])
    assert any("more than one zone" in p for p in problems)
    assert any("no zone" in p for p in zone_problems(zones, grid))


def test_d14_q_move_2_walled_edge_separates_zones() -> None:
    """D-14, Q-MOVE-2: zones touching only at a corner or across a whole wall are no neighbours."""
    grid = BattleGrid.open(4, 4)
    zones = lattice_zones(grid, 2)
    graph = zone_neighbours(zones, grid)
    assert graph[0] == frozenset({1, 2})  # not the diagonal zone 3
    for y in (0, 1):
        grid.edges.set((1, y), (2, y), EdgeKind.WALL)
    walled = zone_neighbours(zones, grid)
    assert 1 not in walled[0]
    assert zone_distance(walled, 0, 1) == 3
    assert zone_distance(zone_neighbours(zones, grid, through_walls=True), 0, 1) == 1
