"""Throws at zones, area effects, and moving under conditions (Q-OPEN-17, Q-ATK-1, Q-COVER-2)."""

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.damage import BodyZone
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria_schnell.rules.movement import zone_allowance
from game.rulesets.entaria_schnell.rules.ranges import take_full_cover
from game.rulesets.entaria_schnell.rules.saf import (
    disfigured_body_part,
    second_target_candidates,
)
from game.rulesets.entaria_schnell.rules.throws import (
    creatures_in_zones,
    scatter_zone,
    throw_at_zone,
)
from game.rulesets.entaria_schnell.rules.zones import lattice_zones, zone_neighbours

GRID = BattleGrid.open(6, 6)
ZONES = lattice_zones(GRID, 2)  # 3×3 zones, ids 0..8 row by row
GRAPH = zone_neighbours(ZONES, GRID)


def test_q_atk_1_throw_at_zone_hits_on_zw_15() -> None:
    """Q-ATK-1, Q-OPEN-17: a Wurfangriff at a zone needs Fernkampf + d20 >= 15."""
    hit = throw_at_zone(ZONES, GRAPH, 3, 5, 5, ScriptedRoller([10]))
    assert hit.hit and hit.landing == 5


def test_q_atk_1_missed_throw_scatters_one_zone() -> None:
    """Q-ATK-1, Q-OPEN-17: a miss scatters one zone along the diagram; 1-4 is onward."""
    onward = throw_at_zone(ZONES, GRAPH, 3, 4, 5, ScriptedRoller([9, 2]))
    assert not onward.hit and onward.direction_roll == 2 and onward.landing == 5
    assert scatter_zone(ZONES, GRAPH, 3, 4, 12) == 3  # 12-13: back toward the thrower
    assert scatter_zone(ZONES, GRAPH, 3, 4, 9) == 7  # 9-10: to the thrower's right (south)
    assert scatter_zone(ZONES, GRAPH, 3, 5, 2) == 5  # no zone onward: it stays


def test_q_atk_1_area_effect_hits_everyone_in_the_zones() -> None:
    """Q-ATK-1, Q-OPEN-17: an area effect hits every creature in the affected zones."""
    where = {"a": 4, "b": 4, "c": 5, "d": 0}
    assert creatures_in_zones(where, {4, 5}) == ("a", "b", "c")


def test_q_cover_2_bewegungslos_in_full_cover_stops_movement() -> None:
    """Q-COVER-2, Q-MOVE-1: in full cover (Bewegungslos) no move covers a zone."""
    assert zone_allowance(Action.RUN) == 3
    assert zone_allowance(Action.RUN, take_full_cover(())) == 0
    assert zone_allowance(Action.WALK, [Condition.CRAMPED]) == 1  # halved, minimum 1
    assert zone_allowance(Action.RUN, [Condition.CRAMPED]) == 1


def test_q_crit_saf_stich_2_candidates_share_the_target_zone() -> None:
    """Q-CRIT-SAF-STICH-2, Q-OPEN-12 (i): another creature in the zone, not the attacker."""
    where = {"hero": 4, "orc": 4, "goblin": 4, "troll": 5}
    assert second_target_candidates(where, "orc", "hero") == ("goblin",)


def test_q_crit_saf_feuer_2_disfigured_part_from_body_table() -> None:
    """Q-CRIT-SAF-FEUER-2, Q-OPEN-12 (iv): the disfigured part is rolled on the body table."""
    assert disfigured_body_part(ScriptedRoller([10])) is BodyZone.HEAD
    assert disfigured_body_part(ScriptedRoller([1])) is BodyZone.RIGHT_ARM
