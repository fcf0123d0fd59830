"""Movement and reach in zones (Q-MOVE-*, Q-ATK-4, Q-OPEN-5/7/15, Q-CRIT-SAF-WUCHT-2)."""

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria_schnell.rules.movement import (
    disengage_zones,
    forced_move_zones,
    in_melee_reach,
    move_along,
    reachable_zones,
)
from game.rulesets.entaria_schnell.rules.zones import ZoneGraph, lattice_zones, zone_neighbours


def _graph() -> ZoneGraph:
    """Return a 3×3 lattice of 2×2 zones: ids row by row, 0..8."""
    grid = BattleGrid.open(6, 6)
    return zone_neighbours(lattice_zones(grid, 2), grid)


def test_q_move_2_orthogonal_steps_only() -> None:
    """Q-MOVE-2: one step reaches the four edge neighbours, never the diagonal."""
    reach = reachable_zones(_graph(), 4, 1)
    assert set(reach) == {1, 3, 4, 5, 7}
    assert reachable_zones(_graph(), 0, 2)[4] == 2  # the diagonal costs two steps


def test_q_move_1_laufen_reaches_three_zones() -> None:
    """Q-MOVE-1, Q-OPEN-5: Laufen 3 zones from a corner reaches the far middle but not 8."""
    reach = reachable_zones(_graph(), 0, 3)
    assert reach[5] == 3 and 8 not in reach


def test_q_move_3_movement_stops_in_enemy_zone() -> None:
    """Q-MOVE-3, Q-OPEN-5: entering a zone with an enemy stops; zones behind it stay out."""
    graph = _graph()
    reach = reachable_zones(graph, 0, 3, enemy_zones={1, 3})
    assert 1 in reach and 3 in reach
    assert 2 not in reach and 4 not in reach
    assert move_along(graph, [0, 1, 2], 3, enemy_zones={1}) == 1


def test_q_move_3_may_leave_starting_enemy_zone() -> None:
    """Q-MOVE-3, Q-OPEN-5: a character starting beside an enemy may walk out."""
    reach = reachable_zones(_graph(), 4, 1, enemy_zones={4})
    assert 5 in reach


def test_q_move_2_path_must_be_orthogonal_and_within_allowance() -> None:
    """Q-MOVE-2: a diagonal step is refused; a path stops when the allowance is spent."""
    graph = _graph()
    with pytest.raises(ValueError):
        move_along(graph, [0, 4], 1)
    assert move_along(graph, [0, 1, 2], 1) == 1


def test_q_atk_4_melee_needs_the_same_zone() -> None:
    """Q-ATK-4, Q-OPEN-7: melee reaches within the zone only."""
    assert in_melee_reach(4, 4)
    assert not in_melee_reach(4, 5)


def test_q_act_2_loesen_leaves_the_zone() -> None:
    """Q-ACT-2, Q-OPEN-15: Lösen steps into a neighbouring zone, never stays."""
    out = disengage_zones(_graph(), 4)
    assert out == frozenset({1, 3, 5, 7}) and 4 not in out


def test_q_crit_saf_wucht_2_push_away_from_attacker() -> None:
    """Q-CRIT-SAF-WUCHT-2, Q-OPEN-12 (iii): pushed to a neighbour away from the attacker."""
    graph = _graph()
    assert forced_move_zones(graph, 4, 3) == frozenset({1, 5, 7})  # never back to 3
    assert forced_move_zones(graph, 1, 4) == frozenset({0, 2})
    assert forced_move_zones(graph, 4, 4) == frozenset({1, 3, 5, 7})  # none lies farther
