"""Movement: costs, reachable fields, paths, allowances, leaving reach, charge, pushes,
flight."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.costs import CostModel
from game.board.dice import ScriptedRoller
from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, FieldKind, Terrain, distance
from game.board.movement import find_path, path_cost, reachable
from game.board.steps import diagonal_step_blocked
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    HAZARD_ESCAPE_SAVE,
    PUSH_BACK_FIELDS,
    Action,
    RollSpec,
)
from game.rulesets.entaria.rules.checks import Crit
from game.rulesets.entaria.rules.condition_effects import movement_cost_factor, overload_level
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.movement import (
    DISENGAGE_TARGET,
    MOVE_ACTIONS,
    WALKING,
    Halving,
    MovementProfile,
    bresenham_line,
    charge_allowed,
    charge_path,
    disengage_required,
    disengage_save_edge,
    effective_bew,
    falls_from_flight,
    glide_height_loss,
    leave_reach_save,
    leaves_enemy_reach,
    minimum_flight_distance,
    move_spec,
    movement_allowance,
    push_back_destinations,
    push_direction,
    push_landing,
    push_path,
    resolve_disengage,
)
from game.rulesets.entaria.rules.reach import melee_reach_cells
from game.rulesets.entaria.rules.terms import Attribute, Condition, MoveType
from game.rulesets.entaria.rules.terrain import FLYING_TYPES, TERRAIN_RULES
from game.rulesets.entaria.rules.unarmed import SHOVE_MAX_FIELDS

CLIMB_LEGEND = {"^": FieldKind(difficult=True, terrain=Terrain.CLIMB)}


def grid_of(text: str) -> BattleGrid:
    return BattleGrid.from_ascii(text, CLIMB_LEGEND)


# ------------------------------------------------------------------ D-10 costs
@pytest.mark.rule("D-10", "E-MOVE-2", "D-1")
def test_straight_and_diagonal_steps_cost_one_field() -> None:
    """E-MOVE-2: horizontal, vertical and diagonal steps each cost 1 field."""
    grid = BattleGrid.open(7, 7)
    costs = reachable(grid, (3, 3), 3)
    assert len(costs) == 49
    assert all(cost == distance((3, 3), cell) for cell, cost in costs.items())
    assert costs[(3, 3)] == 0 and costs[(4, 4)] == 1 and costs[(0, 0)] == 3


@pytest.mark.rule("E-TERRAIN-DIFF-1", "E-TERRAIN-RUBBLE", "E-UNDERWATER-1", "D-10")
def test_difficult_ground_costs_two_per_field() -> None:
    """E-TERRAIN-DIFF-1: each difficult field entered costs 2; leaving it costs nothing extra.

    Rubble (``:``, E-TERRAIN-RUBBLE), water (``~``, E-UNDERWATER-1) and low obstacles
    (``=``) are difficult ground for a walker.
    """
    grid = grid_of(".:~=.")
    costs = reachable(grid, (0, 0), None)
    assert costs == {(0, 0): 0, (1, 0): 2, (2, 0): 4, (3, 0): 6, (4, 0): 7}
    assert path_cost(grid, [(4, 0), (3, 0), (2, 0)]) == 4


@pytest.mark.rule("D-10")
def test_walls_and_closed_doors_cannot_be_entered_open_doors_can() -> None:
    grid = grid_of(".#.\n.+.\n./.")
    costs = reachable(grid, (0, 0), None)
    assert (1, 0) not in costs and (1, 1) not in costs
    assert costs[(1, 2)] == 2  # through the open door
    assert costs[(2, 0)] == 4  # around through the open door: (1,2) -> (2,1) -> (2,0)
    grid.set_door_open((1, 1), True)
    assert reachable(grid, (0, 0), None)[(2, 0)] == 2


@pytest.mark.rule("E-OBST-1", "D-10")
def test_enemy_creatures_block() -> None:
    """E-OBST-1: other creatures are obstacles that cannot be moved through."""
    grid = grid_of("...\n...\n...")
    corridor = grid_of(".....")
    costs = reachable(corridor, (0, 0), None, enemies=[(2, 0)])
    assert set(costs) == {(0, 0), (1, 0)}
    assert find_path(corridor, (0, 0), (4, 0), enemies=[(2, 0)]) is None
    costs = reachable(grid, (0, 1), None, enemies=[(1, 0), (1, 1), (1, 2)])
    assert set(costs) == {(0, 0), (0, 1), (0, 2)}


@pytest.mark.rule("E-OBST-2", "E-OPEN-44", "D-10")
def test_allies_can_be_passed_but_not_ended_on() -> None:
    """E-OBST-2: allies may be moved through; E-OPEN-44: no two creatures end on one field."""
    corridor = grid_of(".....")
    costs = reachable(corridor, (0, 0), None, allies=[(1, 0), (2, 0)])
    assert costs == {(0, 0): 0, (3, 0): 3, (4, 0): 4}
    assert find_path(corridor, (0, 0), (4, 0), allies=[(1, 0), (2, 0)]) == [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
    ]
    assert find_path(corridor, (0, 0), (2, 0), allies=[(2, 0)]) is None


@pytest.mark.rule("D-10", "E-OPEN-44")
def test_no_corner_cutting_between_two_walls() -> None:
    """D-10: a diagonal step between two blocking orthogonal neighbours is not allowed."""
    grid = grid_of(".#\n#.")
    assert reachable(grid, (0, 0), None) == {(0, 0): 0}
    with pytest.raises(ValueError, match="corner"):
        path_cost(grid, [(0, 0), (1, 1)])
    door = grid_of(".+\n#.")
    assert (1, 1) not in reachable(door, (0, 0), None)


@pytest.mark.rule("D-10", "E-OPEN-44")
def test_diagonal_past_one_wall_or_between_creatures_is_allowed() -> None:
    """E-OPEN-44: only terrain blocks a corner; one wall or two creatures do not."""
    grid = grid_of(".#\n..")
    assert reachable(grid, (0, 0), None)[(1, 1)] == 1
    assert find_path(grid, (0, 0), (1, 1)) == [(0, 0), (1, 1)]
    open_grid = grid_of("..\n..")
    costs = reachable(open_grid, (0, 0), None, enemies=[(1, 0), (0, 1)])
    assert costs == {(0, 0): 0, (1, 1): 1}


@pytest.mark.rule("E-MOVE-1", "E-ACT-HH-GEHEN-1", "E-OPEN-12")
def test_budget_limits_the_move_and_none_is_unlimited() -> None:
    """E-MOVE-1: the action states how far; E-OPEN-12: up to the allowance."""
    grid = grid_of("..:....")
    assert reachable(grid, (0, 0), 0) == {(0, 0): 0}
    assert reachable(grid, (0, 0), 1) == {(0, 0): 0, (1, 0): 1}
    assert reachable(grid, (0, 0), 3) == {(0, 0): 0, (1, 0): 1, (2, 0): 3}
    assert max(reachable(grid, (0, 0), None).values()) == 7
    with pytest.raises(ValueError, match="negative"):
        reachable(grid, (0, 0), -1)


@pytest.mark.rule("E-MOVE-1")
def test_budget_window_on_a_large_map_matches_the_unlimited_search() -> None:
    rng = np.random.default_rng(5)
    wall = rng.random((40, 50)) < 0.2
    wall[20, 25] = False
    grid = BattleGrid(wall, difficult=(rng.random((40, 50)) < 0.3) & ~wall)
    everything = reachable(grid, (25, 20), None)
    for budget in (0, 1, 4, 9):
        assert reachable(grid, (25, 20), budget) == {
            cell: cost for cell, cost in everything.items() if cost <= budget
        }
    open_grid = BattleGrid(np.zeros((40, 50), dtype=bool), difficult=grid.difficult)
    big = reachable(open_grid, (47, 2), None, footprint=3, enemies=[(40, 5)])
    for budget in (2, 7):
        assert reachable(open_grid, (47, 2), budget, footprint=3, enemies=[(40, 5)]) == {
            cell: cost for cell, cost in big.items() if cost <= budget
        }


def test_start_outside_the_map_is_rejected() -> None:
    grid = BattleGrid.open(3, 3)
    with pytest.raises(ValueError, match="cannot stand"):
        reachable(grid, (3, 0), None)
    with pytest.raises(ValueError, match="cannot stand"):
        reachable(grid, (2, 2), None, footprint=2)
    assert find_path(grid, (0, 0), (5, 5)) is None


# ------------------------------------------------------------- footprints
@pytest.mark.rule("E-SIZE-1")
def test_two_by_two_creature_cannot_pass_a_one_field_corridor() -> None:
    """E-SIZE-1: every field of the footprint must be passable."""
    grid = grid_of("..#...\n......\n..#...\n..#...")
    costs = reachable(grid, (0, 2), None, footprint=2)
    assert set(costs) == {(0, 0), (0, 1), (0, 2)}
    assert find_path(grid, (0, 2), (4, 2), footprint=2) is None
    wide = grid_of("..#...\n......\n......\n..#...")
    assert reachable(wide, (0, 1), None, footprint=2)[(4, 1)] == 4


@pytest.mark.rule("E-SIZE-1", "E-TERRAIN-DIFF-1")
def test_footprint_pays_for_newly_covered_difficult_fields() -> None:
    """A step costs 2 if any field the footprint newly covers is difficult."""
    grid = grid_of("..:..\n.....")
    costs = reachable(grid, (0, 0), None, footprint=2)
    assert costs == {(0, 0): 0, (1, 0): 2, (2, 0): 3, (3, 0): 4}
    assert path_cost(grid, [(0, 0), (1, 0), (2, 0)], footprint=2) == 3


@pytest.mark.rule("E-SIZE-1", "E-OBST-1", "E-OBST-2")
def test_footprint_against_creatures() -> None:
    grid = BattleGrid.open(4, 2)
    assert (2, 0) not in reachable(grid, (0, 0), None, footprint=2, enemies=[(3, 1)])
    with_ally = reachable(grid, (0, 0), None, footprint=2, allies=[(2, 1)])
    assert set(with_ally) == {(0, 0)}  # (1,0) and (2,0) would both overlap the ally
    wider = BattleGrid.open(5, 2)
    assert reachable(wider, (0, 0), None, footprint=2, allies=[(2, 1)]) == {(0, 0): 0, (3, 0): 3}
    # The mover's own fields never count as another creature's.
    assert reachable(grid, (0, 0), 1, footprint=2, allies=[(1, 1)]) == {(0, 0): 0, (1, 0): 1}


# ------------------------------------------------------------ cost models
@pytest.mark.rule("E-COND-LIEGEND-2", "E-OPEN-38")
def test_crawling_costs_two_per_field_and_four_on_difficult_ground() -> None:
    """E-COND-LIEGEND-2: a Liegend creature can only crawl; E-OPEN-38: 2 per field, 4 difficult."""
    grid = grid_of("..:.")
    crawler = MovementProfile.of(conditions={Condition.PRONE})
    assert crawler.crawling and not crawler.flying
    # The factor is the condition table's crawl cost, not a second number here.
    assert crawler.cost_factor == movement_cost_factor({Condition.PRONE}) == 2
    costs = reachable(grid, (0, 0), None, cost_model=crawler)
    assert costs == {(0, 0): 0, (1, 0): 2, (2, 0): 6, (3, 0): 8}
    assert reachable(grid, (0, 0), 3, cost_model=crawler) == {(0, 0): 0, (1, 0): 2}
    assert not MovementProfile.of(conditions={Condition.DISTRACTED}).crawling
    with pytest.raises(ValueError, match="at least 1"):
        MovementProfile(cost_factor=0)


@pytest.mark.rule("E-COND-BEWUSSTLOS-1", "E-COND-LIEGEND-2", "E-OPEN-38")
def test_conditions_that_imply_liegend_crawl_too() -> None:
    """E-COND-BEWUSSTLOS-1: Bewusstlos counts as Liegend, so the creature crawls.

    The profile follows the closure: Bewusstlos (and Sterbend, which implies it) crawl
    even when Liegend is not held in its own right, and a flyer among them falls back
    to crawling.
    """
    grid = grid_of("..:.")
    for held in ({Condition.UNCONSCIOUS}, {Condition.DYING}, ConditionSet.of(Condition.DYING)):
        profile = MovementProfile.of({MoveType.FLY}, held)
        assert profile.crawling and not profile.flying
        assert reachable(grid, (0, 0), None, cost_model=profile)[(3, 0)] == 8


@pytest.mark.rule("E-MOVETYPE-S", "E-TERRAIN-WATER-2")
def test_swimmers_do_not_pay_double_in_water() -> None:
    grid = grid_of(".~~:")
    assert reachable(grid, (0, 0), None)[(3, 0)] == 6
    swimmer = MovementProfile(frozenset({MoveType.SWIM}))
    assert reachable(grid, (0, 0), None, cost_model=swimmer) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 4,
    }
    # The terrain table says who crosses water at its own value; the cost model reads it.
    assert TERRAIN_RULES[Terrain.WATER].ignored_by == {MoveType.SWIM}


@pytest.mark.rule("E-MOVETYPE-K", "E-TERRAIN-CLIMB-2")
def test_climbers_do_not_pay_double_on_climbing_surfaces() -> None:
    grid = grid_of(".^^~")
    assert reachable(grid, (0, 0), None)[(2, 0)] == 4
    climber = MovementProfile(frozenset({MoveType.CLIMB}))
    assert reachable(grid, (0, 0), None, cost_model=climber) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 4,
    }


@pytest.mark.rule("E-MOVETYPE-W")
def test_wall_climbers_climb_surfaces_but_walls_stay_solid() -> None:
    grid = grid_of(".^#.")
    wall_climber = MovementProfile(frozenset({MoveType.WALL_CLIMB}))
    assert reachable(grid, (0, 0), None, cost_model=wall_climber) == {(0, 0): 0, (1, 0): 1}


@pytest.mark.rule("E-MOVETYPE-1")
def test_a_creature_can_have_several_movement_types() -> None:
    """E-MOVETYPE-1: each extra type applies where its terrain is."""
    grid = grid_of(".~^:")
    both = MovementProfile.of({MoveType.SWIM, MoveType.CLIMB})
    assert reachable(grid, (0, 0), None, cost_model=both) == {
        (0, 0): 0,
        (1, 0): 1,
        (2, 0): 2,
        (3, 0): 4,
    }


@pytest.mark.rule("E-MOVETYPE-F", "E-MOVETYPE-FG", "E-MOVETYPE-FS", "E-MOVETYPE-FV")
@pytest.mark.parametrize("kind", [MoveType.FLY, MoveType.GLIDE, MoveType.HOVER, MoveType.FLYBY])
def test_flyers_ignore_difficult_ground_but_not_walls(kind: MoveType) -> None:
    grid = grid_of(".:~^=#.")
    flyer = MovementProfile(frozenset({kind}))
    assert flyer.flying and kind in FLYING_TYPES
    costs = reachable(grid, (0, 0), None, cost_model=flyer)
    assert costs == {(0, 0): 0, (1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4}
    prone_flyer = MovementProfile.of({kind}, {Condition.PRONE})
    assert not prone_flyer.flying
    assert reachable(grid, (0, 0), None, cost_model=prone_flyer)[(1, 0)] == 4


class _Tolls:
    """A custom cost model: every field costs 3."""

    def field_costs(self, difficult: np.ndarray, terrain: np.ndarray) -> np.ndarray:
        return np.full(difficult.shape, 3, dtype=np.int32)


class _Broken:
    def field_costs(self, difficult: np.ndarray, terrain: np.ndarray) -> np.ndarray:
        return np.zeros(difficult.shape, dtype=np.int32)


@pytest.mark.rule("D-10")
def test_cost_model_is_swappable() -> None:
    grid = BattleGrid.open(4, 1)
    model: CostModel = _Tolls()
    assert reachable(grid, (0, 0), 7, cost_model=model) == {(0, 0): 0, (1, 0): 3, (2, 0): 6}
    assert path_cost(grid, [(0, 0), (1, 0)], cost_model=model) == 3
    with pytest.raises(ValueError, match="at least 1"):
        reachable(grid, (0, 0), None, cost_model=_Broken())


# -------------------------------------------------------------------- paths
@pytest.mark.rule("D-10")
def test_find_path_goes_around_walls_at_the_cheapest_cost() -> None:
    grid = grid_of(
        """
.......
.#####.
.#...#.
.#.#.#.
...#...
"""
    )
    path = find_path(grid, (2, 2), (6, 4))
    assert path is not None and path[0] == (2, 2) and path[-1] == (6, 4)
    assert path_cost(grid, path) == reachable(grid, (2, 2), None)[(6, 4)] == 4
    assert find_path(grid, (2, 2), (2, 2)) == [(2, 2)]
    assert find_path(grid, (2, 2), (1, 1)) is None  # a wall is never a goal


def test_path_cost_rejects_illegal_steps() -> None:
    grid = grid_of("..#\n...")
    with pytest.raises(ValueError, match="neighbouring"):
        path_cost(grid, [(0, 0), (0, 0)])
    with pytest.raises(ValueError, match="neighbouring"):
        path_cost(grid, [(0, 0), (2, 1)])
    with pytest.raises(ValueError, match="wall"):
        path_cost(grid, [(1, 0), (2, 0)])
    with pytest.raises(ValueError, match="enemy"):
        path_cost(grid, [(0, 0), (1, 0)], enemies=[(1, 0)])
    with pytest.raises(ValueError, match="at least"):
        path_cost(grid, [])
    assert path_cost(grid, [(0, 0)]) == 0


# --------------------------------------------------------------- allowances
@pytest.mark.rule("E-ACT-HH-GEHEN-1", "E-ACT-VH-LAUFEN-1", "E-ACT-VH-STURM", "E-ACT-HH-LOESEN")
def test_allowance_per_action() -> None:
    """Gehen BEW, Laufen 3 × BEW, Sturmangriff 2 × BEW, Lösen 1 field."""
    assert movement_allowance(5) == 5
    assert movement_allowance(5, Action.WALK) == 5
    assert movement_allowance(5, Action.RUN) == 15
    assert movement_allowance(5, Action.CHARGE) == 10
    assert movement_allowance(5, Action.DISENGAGE) == 1
    # The multipliers are the action catalogue's, not a second table here.
    for action in MOVE_ACTIONS:
        spec = ACTIONS[action].movement
        assert spec is not None and move_spec(action) is spec
        assert movement_allowance(5, action) == spec.allowance(5)
    assert {Action.WALK, Action.RUN, Action.CHARGE, Action.DISENGAGE} == MOVE_ACTIONS
    with pytest.raises(ValueError, match="no movement action"):
        movement_allowance(5, Action.MELEE_ATTACK)


@pytest.mark.rule("E-COND-BEWEGUNGSLOS", "E-ACT-HH-LOESEN")
def test_immobilized_cannot_move_at_all() -> None:
    """E-COND-BEWEGUNGSLOS: BEW drops to 0, even for Lösen."""
    for action in MOVE_ACTIONS:
        assert movement_allowance(6, action, conditions={Condition.IMMOBILIZED}) == 0
        # Fokussiert counts as Bewegungslos (E-COND-FOKUSSIERT-1): the closure is followed.
        assert movement_allowance(6, action, conditions={Condition.FOCUSED}) == 0


@pytest.mark.rule("E-COND-VERKRAMPFT-1", "E-COND-VERWIRRT", "E-OPEN-12")
def test_cramped_and_confused_halve_and_round_once() -> None:
    assert movement_allowance(5, conditions={Condition.CRAMPED}) == 2
    assert movement_allowance(5, conditions={Condition.CONFUSED}) == 2
    # Laufen with Verkrampft: (3 × 5) // 2 = 7, not 3 × (5 // 2) = 6 (round once).
    assert movement_allowance(5, Action.RUN, conditions={Condition.CRAMPED}) == 7
    both = {Condition.CRAMPED, Condition.CONFUSED}
    assert movement_allowance(7, Action.RUN, conditions=both) == 5  # 21 // 4
    assert movement_allowance(2, conditions=both) == 1  # minimum 1 (E-OPEN-12)


@pytest.mark.rule("E-ACT-HH-GEHEN-2", "E-ACT-VH-LAUFEN-2", "D-10")
def test_leaving_reach_halves_the_allowance() -> None:
    leave = {Halving.LEAVING_REACH}
    assert movement_allowance(5, halvings=leave) == 2
    assert movement_allowance(5, Action.RUN, halvings=leave) == 7
    assert movement_allowance(1, halvings=leave) == 1
    # The same halving named twice still counts once.
    assert movement_allowance(8, halvings=[Halving.LEAVING_REACH, Halving.LEAVING_REACH]) == 4


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-3", "E-OPEN-12")
def test_dragging_a_grappled_target_halves() -> None:
    assert movement_allowance(6, halvings={Halving.DRAGGING}) == 3
    assert movement_allowance(6, halvings={Halving.DRAGGING, Halving.LEAVING_REACH}) == 1
    assert movement_allowance(7, halvings={Halving.DRAGGING, Halving.LEAVING_REACH}) == 1
    assert movement_allowance(9, halvings={Halving.DRAGGING, Halving.LEAVING_REACH}) == 2


@pytest.mark.rule("E-MOUNT-4")
def test_passengers_halve_the_mounts_allowance() -> None:
    """E-MOUNT-4: passengers halve the mount's BEW (round down once, E-OPEN-12) ...

    ... unless it is built for passengers: then the caller names no halving.
    """
    assert movement_allowance(12, halvings={Halving.PASSENGERS}) == 6
    assert movement_allowance(9, halvings={Halving.PASSENGERS}) == 4
    assert movement_allowance(9) == 9  # no passengers, or a mount built for them
    assert movement_allowance(12, Action.RUN, halvings={Halving.PASSENGERS}) == 18


@pytest.mark.rule("E-COND-UEBERLASTET-1", "E-OPEN-12")
def test_overload_level_is_one_per_full_ten_kilograms() -> None:
    """conditions.overload_level: 1 level per full 10 kg over the Traglast (here 70 kg)."""
    excess = (0, 5, 9.9, 10, 19, 20, 35)
    assert [overload_level(70 + kg, 70) for kg in excess] == [0, 0, 0, 1, 1, 2, 3]
    assert overload_level(67, 70) == 0


@pytest.mark.rule("E-COND-UEBERLASTET-2", "E-COND-UEBERLASTET-4")
def test_overload_lowers_bew_by_one_per_level_down_to_immobile() -> None:
    loaded = {Condition.OVERLOADED}
    assert effective_bew(6, conditions=loaded, overload_level=2) == 4
    assert movement_allowance(6, Action.RUN, conditions=loaded, overload_level=2) == 12
    assert effective_bew(3, conditions=loaded, overload_level=3) == 0
    assert movement_allowance(3, Action.DISENGAGE, conditions=loaded, overload_level=3) == 0
    # BEW 0 from Überlastet is Bewegungslos and Handlungsunfähig: the condition closure.
    zero = {Condition.IMMOBILIZED, Condition.INCAPACITATED}
    assert zero <= closure(ConditionSet({Condition.OVERLOADED: 3}), base_bew=3)
    assert not zero & closure(ConditionSet({Condition.OVERLOADED: 2}), base_bew=3)
    with pytest.raises(ValueError, match="level"):
        effective_bew(6, conditions=loaded)


@pytest.mark.rule("E-COND-ERSCHOEPFT-2", "E-OPEN-41")
def test_exhaustion_lowers_bew_but_not_below_one() -> None:
    tired = {Condition.EXHAUSTED}
    assert effective_bew(6, conditions=tired, exhaustion_level=2) == 4
    assert effective_bew(6, conditions=tired, exhaustion_level=9) == 1
    assert movement_allowance(6, Action.RUN, conditions=tired, exhaustion_level=9) == 3
    # Exhaustion cannot lift an overloaded creature off 0.
    both = {Condition.EXHAUSTED, Condition.OVERLOADED}
    assert effective_bew(2, conditions=both, exhaustion_level=1, overload_level=2) == 0
    with pytest.raises(ValueError, match="level"):
        effective_bew(6, conditions=tired)
    with pytest.raises(ValueError, match="negative"):
        effective_bew(-1)


@pytest.mark.rule("E-MOVE-1", "E-ACT-VH-LAUFEN-1")
def test_allowance_feeds_reachable() -> None:
    grid = BattleGrid.open(20, 1)
    walk = reachable(grid, (0, 0), movement_allowance(3))
    run = reachable(grid, (0, 0), movement_allowance(3, Action.RUN))
    assert max(walk) == (3, 0) and max(run) == (9, 0)


# ------------------------------------------------------- leaving melee reach
ENEMY = (5, 5)
ENEMY_REACH = melee_reach_cells(ENEMY)


@pytest.mark.rule("D-10", "E-ACT-HH-GEHEN-2")
def test_leaving_reach_is_any_step_from_inside_to_outside() -> None:
    """E-OPEN-11: declare the whole path; passing by an enemy counts too."""
    assert leaves_enemy_reach([(4, 4), (3, 3)], [ENEMY_REACH])
    assert not leaves_enemy_reach([(4, 4), (4, 5), (4, 6)], [ENEMY_REACH])
    assert not leaves_enemy_reach([(1, 1), (2, 2), (3, 3)], [ENEMY_REACH])
    passing = [(3, 4), (4, 4), (5, 4), (6, 4), (7, 4)]
    assert leaves_enemy_reach(passing, [ENEMY_REACH])
    assert leaves_enemy_reach(passing, ENEMY_REACH)  # a single set is one enemy's reach
    # From one enemy's reach into another's still leaves the first.
    other = melee_reach_cells((7, 5))
    assert leaves_enemy_reach([(4, 5), (3, 5)], [ENEMY_REACH, other])
    assert leaves_enemy_reach([(4, 4), (3, 3)], [ENEMY_REACH, other])
    assert not leaves_enemy_reach([(6, 4), (6, 5)], [ENEMY_REACH, other])
    # A large mover is in reach while any of its fields is.
    assert not leaves_enemy_reach([(3, 4), (3, 3)], [ENEMY_REACH], side=2)
    assert leaves_enemy_reach([(3, 3), (2, 2)], [ENEMY_REACH], side=2)


@pytest.mark.rule(
    "D-10", "E-ACT-HH-GEHEN-2", "E-ACT-VH-LAUFEN-2", "E-ACT-HH-LOESEN", "E-MOVETYPE-FV"
)
def test_who_makes_the_leaving_reach_save() -> None:
    """D-10: every move that leaves an enemy's reach saves, Sturmangriff too; Lösen not."""
    away = [(4, 4), (3, 3), (2, 2)]
    assert disengage_required(Action.WALK, away, [ENEMY_REACH])
    assert disengage_required(Action.RUN, away, [ENEMY_REACH])
    assert not disengage_required(Action.DISENGAGE, away[:2], [ENEMY_REACH])
    assert disengage_required(Action.CHARGE, away, [ENEMY_REACH])
    assert not disengage_required(Action.CHARGE, [(1, 1), (2, 2)], [ENEMY_REACH])
    assert not disengage_required(Action.WALK, away, [ENEMY_REACH], move_types={MoveType.FLYBY})
    assert disengage_required(Action.WALK, away, [ENEMY_REACH], move_types={MoveType.FLY})
    assert not disengage_required(Action.WALK, away, [])


@pytest.mark.rule("D-10", "E-ACT-HH-GEHEN-2", "E-ACT-VH-LAUFEN-2")
def test_disengage_save_edge() -> None:
    """D-10: Geschick vs ZW 15; Laufen with Nachteil, Gehen and Sturmangriff without."""
    assert disengage_save_edge(Action.WALK) == 0
    assert disengage_save_edge(Action.RUN) == -1
    assert disengage_save_edge(Action.CHARGE) == 0
    assert leave_reach_save(Action.CHARGE) == RollSpec(Attribute.DEXTERITY, DISENGAGE_TARGET)
    for action in (Action.DISENGAGE, Action.MELEE_ATTACK):
        with pytest.raises(ValueError):
            disengage_save_edge(action)


@pytest.mark.rule("E-ACT-HH-GEHEN-2", "E-ACT-HH-GEHEN-3")
def test_walking_away_rolls_one_geschick_save_vs_15() -> None:
    roller = ScriptedRoller([11])
    roll = resolve_disengage(4, roller, running=False)
    assert roll.dice == (11,) and roll.total == 15 and roll.target == DISENGAGE_TARGET == 15
    assert roll.success and roller.remaining == 0
    failed = resolve_disengage(4, ScriptedRoller([10]), running=False)
    assert failed.success is False  # -> Liegend on the start field, no move


@pytest.mark.rule("E-ACT-VH-LAUFEN-2", "E-ACT-VH-LAUFEN-3", "D-2")
def test_running_away_saves_with_nachteil() -> None:
    roll = resolve_disengage(4, ScriptedRoller([18, 9]), running=True)
    assert roll.dice == (18, 9) and roll.kept == 9 and roll.success is False
    crit = resolve_disengage(0, ScriptedRoller([20, 20]), running=True)
    assert crit.crit is Crit.SUCCESS and crit.success
    extra = resolve_disengage(4, ScriptedRoller([18, 9, 12]), running=True, edge=-1, modifier=2)
    assert extra.kept == 9 and extra.total == 15 and extra.success


# -------------------------------------------------------------- Sturmangriff
def test_bresenham_line() -> None:
    assert bresenham_line((0, 0), (4, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    assert bresenham_line((0, 0), (3, 3)) == [(0, 0), (1, 1), (2, 2), (3, 3)]
    line = bresenham_line((0, 0), (5, 2))
    assert line[0] == (0, 0) and line[-1] == (5, 2) and len(line) == 6
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(line))
    assert bresenham_line((2, 2), (2, 2)) == [(2, 2)]


@pytest.mark.rule("E-ACT-VH-STURM", "E-OPEN-20")
def test_charge_runs_straight_and_stops_in_reach() -> None:
    grid = BattleGrid.open(12, 5)
    path = charge_path(grid, (0, 2), (8, 2), 4)
    assert path == [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2)]
    assert charge_path(grid, (0, 2), (10, 2), 4) is None  # 9 fields needed, 8 allowed
    assert charge_path(grid, (0, 2), (10, 2), 5, allowance=8) is None
    assert charge_path(grid, (0, 2), (10, 2), 4, allowance=9) is not None
    slanted = charge_path(grid, (0, 0), (6, 3), 3)
    assert slanted == bresenham_line((0, 0), (6, 3))[:-1]  # along the line, not a compass ray
    assert slanted[-1] == (5, 3) and len(slanted) == 6


@pytest.mark.rule("E-ACT-VH-STURM")
def test_no_charge_from_within_an_enemys_reach() -> None:
    grid = BattleGrid.open(10, 3)
    assert not charge_allowed((0, 1), [(1, 2)])
    assert charge_path(grid, (0, 1), (6, 1), 5, enemies=[(1, 2)]) is None
    assert charge_path(grid, (5, 1), (6, 1), 5) is None  # already adjacent to the target
    assert charge_allowed((0, 1), [(2, 1)])
    assert not charge_allowed((0, 1), [(2, 1)], enemy_reach=2)


@pytest.mark.rule("E-ACT-VH-STURM", "E-SIZE-1", "E-OPEN-14")
def test_charge_measures_reach_between_footprints() -> None:
    """E-SIZE-1, E-OPEN-14: reach counts between the nearest occupied fields.

    A 2×2 charger at (0, 0) covers (1, 1); an enemy at (3, 1) is 2 fields from it
    (outside reach 1) but 1 field from a 2×2 charger at (1, 0).
    """
    assert charge_allowed((0, 0), [(3, 1)], side=2)
    assert not charge_allowed((1, 0), [(3, 1)], side=2)
    grid = BattleGrid.open(12, 4)
    # A large charger stops as soon as its footprint touches the enemy's reach.
    path = charge_path(grid, (0, 1), (8, 1), 5, side=2)
    assert path == [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
    # A large target is reached at its nearest field: its anchor (6, 1) covers (6..7, 1..2).
    assert charge_path(grid, (0, 1), (6, 1), 5, enemy_side=2) == [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
    ]
    # Walls and enemies block any field of the charger's footprint.
    walled = grid_of("............\n............\n.....#......\n............")
    assert charge_path(walled, (0, 1), (8, 1), 5) is not None  # one field wide: passes
    assert charge_path(walled, (0, 1), (8, 1), 5, side=2) is None  # (5, 2) is in the way
    assert charge_path(grid, (0, 1), (8, 1), 5, side=2, enemies=[(4, 2)]) is None
    # A target standing next to the large charger's far fields is already in reach.
    assert charge_path(grid, (0, 1), (2, 2), 5, side=2) is None


@pytest.mark.rule("E-ACT-VH-STURM")
def test_charge_budget_is_the_catalogues_charge_allowance() -> None:
    """E-ACT-VH-STURM: twice BEW, as the action catalogue's Sturmangriff movement says."""
    grid = BattleGrid.open(20, 1)
    spec = move_spec(Action.CHARGE)
    for bew in (2, 3, 4):
        target = (spec.allowance(bew) + 1, 0)  # exactly the allowance away from reach
        assert charge_path(grid, (0, 0), target, bew) is not None
        assert charge_path(grid, (0, 0), (target[0] + 1, 0), bew) is None


@pytest.mark.rule("E-ACT-VH-STURM", "E-OBST-1", "E-TERRAIN-DIFF-1")
def test_charge_line_blocked_or_slowed() -> None:
    grid = grid_of("...#....\n........")
    assert charge_path(grid, (0, 0), (7, 0), 5) is None  # a wall on the line
    creatures = BattleGrid.open(8, 1)
    assert charge_path(creatures, (0, 0), (7, 0), 5, enemies=[(3, 0)]) is None
    # An ally is passed; the charge still needs a free end field.
    assert charge_path(creatures, (0, 0), (7, 0), 5, allies=[(3, 0)]) == [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
    ]
    assert charge_path(creatures, (0, 0), (7, 0), 5, allies=[(6, 0)]) is None
    mud = grid_of("..::....")
    assert charge_path(mud, (0, 0), (7, 0), 3) is None  # 6 fields cost 8 > 2 × 3
    assert charge_path(mud, (0, 0), (7, 0), 4) is not None
    corner = grid_of("..#\n.#.\n...")
    assert charge_path(corner, (0, 2), (2, 0), 5, reach=1) is None  # corner between walls


@pytest.mark.rule("E-ACT-VH-STURM", "E-REACH-3")
def test_charge_with_a_long_weapon_stops_earlier() -> None:
    grid = BattleGrid.open(10, 1)
    assert charge_path(grid, (0, 0), (6, 0), 3, reach=2) == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]


# -------------------------------------------------------------------- flight
@pytest.mark.rule("E-MOVETYPE-F", "E-MOVETYPE-FV", "E-OPEN-43")
def test_flyers_must_move_half_their_flying_value() -> None:
    assert minimum_flight_distance(MoveType.FLY, 9) == 4
    assert minimum_flight_distance(MoveType.FLYBY, 10) == 5
    assert falls_from_flight(MoveType.FLY, 9, 3)
    assert not falls_from_flight(MoveType.FLY, 9, 4)
    with pytest.raises(ValueError):
        minimum_flight_distance(MoveType.SWIM, 4)


@pytest.mark.rule("E-MOVETYPE-FS", "E-MOVETYPE-FG", "E-OPEN-43")
def test_hoverers_and_gliders_have_no_minimum_and_gliders_sink() -> None:
    assert minimum_flight_distance(MoveType.HOVER, 9) == 0
    assert not falls_from_flight(MoveType.HOVER, 9, 0)
    assert minimum_flight_distance(MoveType.GLIDE, 9) == 0
    assert glide_height_loss(1) == 1 and glide_height_loss(4) == 4 and glide_height_loss(0) == 0
    with pytest.raises(ValueError):
        glide_height_loss(-1)


# ------------------------------------------------------- property tests
def reference_costs(
    grid: BattleGrid,
    start: Cell,
    budget: int | None,
    enemies: Iterable[Cell],
    allies: Iterable[Cell],
    model: CostModel = WALKING,
    side: int = 1,
) -> dict[Cell, int]:
    """A plain heapq Dijkstra over anchors, written straight from D-10 and E-SIZE-1."""

    def covered(anchor: Cell) -> set[Cell]:
        return {(anchor[0] + i, anchor[1] + j) for j in range(side) for i in range(side)}

    own = covered(start)
    foes = set(enemies) - own
    friends = set(allies) - own - foes
    costs = model.field_costs(grid.difficult, grid.terrain)

    def terrain_ok(anchor: Cell) -> bool:
        x, y = anchor
        inside = 0 <= x <= grid.width - side and 0 <= y <= grid.height - side
        return inside and not any(grid.is_wall(c) for c in covered(anchor))

    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here]:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (here[0] + dx, here[1] + dy)
            if not terrain_ok(there) or covered(there) & foes:
                continue
            beside = (here[0] + dx, here[1]), (here[0], here[1] + dy)
            if dx and dy and not terrain_ok(beside[0]) and not terrain_ok(beside[1]):
                continue
            step = max(int(costs[y, x]) for x, y in covered(there) - covered(here))
            total = cost + step
            if budget is not None and total > budget:
                continue
            if total < best.get(there, 1 << 30):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return {c: v for c, v in best.items() if c == start or not covered(c) & friends}


@st.composite
def scenes(draw: st.DrawFn, max_side: int = 1) -> tuple:
    width = draw(st.integers(2, 9))
    height = draw(st.integers(2, 9))
    side = draw(st.integers(1, min(max_side, width, height)))
    kinds = draw(
        st.lists(st.sampled_from(".....#:~^+/"), min_size=width * height, max_size=width * height)
    )
    rows = ["".join(kinds[y * width : (y + 1) * width]) for y in range(height)]
    grid = grid_of("\n".join(rows))
    start = (draw(st.integers(0, width - side)), draw(st.integers(0, height - side)))
    cells = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    enemies = draw(st.lists(cells, max_size=4))
    allies = draw(st.lists(cells, max_size=4))
    model = draw(
        st.sampled_from(
            [
                WALKING,
                MovementProfile(cost_factor=2),
                MovementProfile(frozenset({MoveType.SWIM})),
                MovementProfile(frozenset({MoveType.CLIMB})),
                MovementProfile(frozenset({MoveType.FLY})),
            ]
        )
    )
    return grid, start, enemies, allies, model, side


@pytest.mark.rule("D-10", "E-OBST-1", "E-OBST-2", "E-SIZE-1", "E-TERRAIN-DIFF-1")
@settings(max_examples=200, deadline=None)
@given(scene=scenes(max_side=2), budget=st.one_of(st.none(), st.integers(0, 12)))
def test_reachable_equals_a_reference_dijkstra(scene: tuple, budget: int | None) -> None:
    grid, start, enemies, allies, model, side = scene
    expected = reference_costs(grid, start, budget, enemies, allies, model, side)
    got = reachable(
        grid, start, budget, enemies=enemies, allies=allies, cost_model=model, footprint=side
    )
    assert got == expected


@pytest.mark.rule("D-10", "E-MOVE-2")
@settings(max_examples=150, deadline=None)
@given(scene=scenes(max_side=2), pick=st.integers(0, 10_000))
def test_find_path_cost_equals_reachable_cost(scene: tuple, pick: int) -> None:
    grid, start, enemies, allies, model, side = scene
    kwargs = {"enemies": enemies, "allies": allies, "cost_model": model, "footprint": side}
    costs = reachable(grid, start, None, **kwargs)
    goal = sorted(costs)[pick % len(costs)]
    path = find_path(grid, start, goal, **kwargs)
    assert path is not None and path[0] == start and path[-1] == goal
    for before, after in itertools.pairwise(path):
        assert distance(before, after) == 1
        assert not grid.is_wall(after)
    assert path_cost(grid, path, enemies=enemies, cost_model=model, footprint=side) == costs[goal]
    outside = [
        (x, y)
        for y in range(grid.height - side + 1)
        for x in range(grid.width - side + 1)
        if (x, y) not in costs
    ]
    for cell in outside[:3]:
        assert find_path(grid, start, cell, **kwargs) is None


@pytest.mark.rule("E-MOVE-1", "D-10")
@settings(max_examples=150, deadline=None)
@given(scene=scenes(), budget=st.integers(0, 10))
def test_a_larger_budget_reaches_a_superset(scene: tuple, budget: int) -> None:
    grid, start, enemies, allies, model, _ = scene
    kwargs = {"enemies": enemies, "allies": allies, "cost_model": model}
    smaller = reachable(grid, start, budget, **kwargs)
    larger = reachable(grid, start, budget + 1, **kwargs)
    assert smaller.items() <= larger.items()
    assert all(cost <= budget for cost in smaller.values())
    unlimited = reachable(grid, start, None, **kwargs)
    assert larger == {c: v for c, v in unlimited.items() if v <= budget + 1}


# ------------------------------------------------ push geometry (forced movement)


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-SCHUBSEN", "E-OPEN-18")
def test_shove_straight_back_up_to_two_fields() -> None:
    """E-ACT-HH-WAFFENLOS-SCHUBSEN: up to 2 fields in a straight line away from the attacker."""
    grid = BattleGrid.open(8, 8)
    assert SHOVE_MAX_FIELDS == 2
    assert push_path(grid, (1, 3), (2, 3), 2) == [(3, 3), (4, 3)]
    assert push_path(grid, (1, 3), (2, 3), 1) == [(3, 3)]
    assert push_path(grid, (3, 3), (4, 4), 2) == [(5, 5), (6, 6)]  # diagonal
    assert push_path(grid, (4, 4), (4, 3), 2) == [(4, 2), (4, 1)]
    assert push_direction((4, 4), (3, 5)) == (-1, 1)
    with pytest.raises(ValueError):
        push_direction((1, 1), (1, 1))
    with pytest.raises(ValueError):
        push_path(grid, (1, 3), (2, 3), -1)
    # Schubsen moves the target at most SHOVE_MAX_FIELDS fields.
    with pytest.raises(ValueError, match="0 to 2 fields"):
        push_path(grid, (1, 3), (2, 3), SHOVE_MAX_FIELDS + 1)


@pytest.mark.rule("E-OPEN-18")
def test_shove_stops_before_obstacles() -> None:
    """E-OPEN-18: the push stops before walls, creatures, the map edge and tight corners."""
    grid = BattleGrid.from_ascii("\n".join(["......", "...#..", "......", ".#....", "..#..."]))
    assert push_path(grid, (0, 1), (1, 1), 2) == [(2, 1)]  # wall at (3, 1)
    assert push_path(grid, (0, 2), (1, 2), 2, occupied=[(3, 2)]) == [(2, 2)]
    assert push_path(grid, (3, 2), (4, 2), 2) == [(5, 2)]  # map edge
    assert push_path(grid, (0, 0), (1, 0), 2, occupied=[(1, 0)]) == [(2, 0), (3, 0)]


@pytest.mark.rule("E-OPEN-18", "D-10")
def test_push_cannot_squeeze_between_two_walls() -> None:
    """D-10 / E-OPEN-44: a diagonal step between two wall neighbours is not allowed."""
    grid = BattleGrid.from_ascii("\n".join([".....", "..#..", ".#...", "....."]))
    # From (1, 1) down-right to (2, 2): neighbours (2, 1) and (1, 2) are walls.
    assert push_path(grid, (0, 0), (1, 1), 2) == []
    assert (2, 2) not in push_back_destinations(grid, (0, 0), (1, 1))


def _hazard_grid() -> BattleGrid:
    wall = np.zeros((3, 6), dtype=bool)
    hazard = np.zeros((3, 6), dtype=bool)
    hazard[1, 4] = True  # lava at (4, 1)
    return BattleGrid.from_arrays(wall, hazard=hazard)


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-SCHUBSEN", "E-OPEN-18")
def test_shove_into_hazard_and_escape() -> None:
    """E-ACT-HH-WAFFENLOS-SCHUBSEN: a dangerous field allows Reflexe vs ZW 15 to step aside."""
    grid = _hazard_grid()
    assert RollSpec(Attribute.REFLEXES, 15) == HAZARD_ESCAPE_SAVE
    path = push_path(grid, (1, 1), (2, 1), 2)
    assert path == [(3, 1), (4, 1)]
    assert push_landing(grid, (2, 1), path, escaped=False) == (4, 1)
    assert push_landing(grid, (2, 1), path, escaped=True) == (3, 1)
    short = push_path(grid, (2, 1), (3, 1), 2)
    assert short == [(4, 1)]  # the push ends in the lava
    assert push_landing(grid, (3, 1), short, escaped=True) == (3, 1)
    assert push_landing(grid, (3, 1), [], escaped=False) == (3, 1)


@pytest.mark.rule("E-ACT-VH-ZURUECK-2")
def test_push_back_one_field_any_direction() -> None:
    """E-ACT-VH-ZURUECK-2: 1 field in any direction the attacker chooses."""
    grid = BattleGrid.open(5, 5)
    assert PUSH_BACK_FIELDS == 1
    spots = push_back_destinations(grid, (1, 2), (2, 2))
    assert len(spots) == 7 and (1, 2) not in spots
    assert (1, 1) in spots and (3, 2) in spots  # sideways-toward and straight away
    blocked = push_back_destinations(grid, (1, 2), (2, 2), occupied=[(3, 3), (2, 2)])
    assert (3, 3) not in blocked and len(blocked) == 6
    corner = push_back_destinations(grid, (1, 0), (0, 0))
    assert sorted(corner) == [(0, 1), (1, 1)]


@pytest.mark.rule("E-ACT-VH-ZURUECK-3")
def test_push_back_into_hazard_allows_escape() -> None:
    """E-ACT-VH-ZURUECK-3: a dangerous field may be chosen; a saved target stays put."""
    grid = _hazard_grid()
    spots = push_back_destinations(grid, (2, 1), (3, 1))
    assert (4, 1) in spots
    assert push_landing(grid, (3, 1), [(4, 1)], escaped=True) == (3, 1)
    assert push_landing(grid, (3, 1), [(4, 1)], escaped=False) == (4, 1)


@pytest.mark.rule("D-10", "E-OPEN-44")
def test_diagonal_step_blocked_is_the_one_corner_rule() -> None:
    """D-10: a diagonal step between two blocking orthogonal neighbours is not allowed.

    Walls, closed doors and the map edge block a corner; one of them alone does not, and
    a straight step never is. Moves, pushes and scattered objects share this test.
    """
    grid = BattleGrid.from_ascii("\n".join(["....", ".#..", "+...", "...."]))
    assert diagonal_step_blocked(grid, (0, 1), (1, 1))  # wall (1, 1), closed door (0, 2)
    assert not diagonal_step_blocked(grid, (0, 1), (1, 0))  # straight
    assert not diagonal_step_blocked(grid, (2, 2), (-1, 1))  # (1, 2) and (2, 3) are floor
    assert not diagonal_step_blocked(grid, (1, 0), (1, 1))  # one wall (1, 1) alone
    assert diagonal_step_blocked(grid, (0, 0), (-1, -1))  # both sides off the map
    with pytest.raises(ValueError, match="corner"):
        path_cost(grid, [(0, 1), (1, 2)])
    grid.set_door_open((0, 2), True)
    assert not diagonal_step_blocked(grid, (0, 1), (1, 1))
    assert path_cost(grid, [(0, 1), (1, 2)]) == 1
