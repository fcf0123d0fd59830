"""Rules moved out of the match engine (issue 4 gaps): the area of a thrown weapon, breaking
free from a grapple as an action of its own, hands, and how many a mount carries.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import BattleGrid
from game.board.templates import AreaShape, template_cells
from game.rulesets.entaria.rules.actions import ACTIONS, Action, Precondition
from game.rulesets.entaria.rules.condition_effects import can_wield_melee_weapon
from game.rulesets.entaria.rules.hands import (
    DEFAULT_HANDS,
    HOLDING_HANDS,
    RELOAD_HANDS,
    can_use_held,
    free_hands,
    hands_for_actions,
    hands_needed,
    weapon_hands,
)
from game.rulesets.entaria.rules.impact import area_of_impact, flight_angle
from game.rulesets.entaria.rules.mounts import may_board, mount_seats, passengers_halve_movement
from game.rulesets.entaria.rules.movement import Halving, movement_allowance
from game.rulesets.entaria.rules.situations import free_hands_when_riding
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.rules.unarmed import (
    GRAPPLE_ESCAPE_ACTION,
    GRAPPLE_ESCAPE_SAVE,
    GRAPPLE_ESCAPE_TYPE,
)

OPEN = "\n".join(["." * 12] * 9)
# A wall at x = 8 from row 0 to 2; the grenade lands at (7, 1) just before it.
WALLED = """
........#...
........#...
........#...
............
............
"""


# ======================================================== the area of a thrown weapon
@pytest.mark.rule("E-AREA-ROUND", "E-AREA-GRID-1", "E-AREA-GRID-3", "D-8")
def test_area_of_impact_is_the_template_round_the_landing_field() -> None:
    """E-AREA-ROUND: radius 2 round the landing field covers the 21 fields of D-8."""
    grid = BattleGrid.from_ascii(OPEN)
    area = area_of_impact(grid, AreaShape.ROUND, 2, (1, 4), (6, 4))
    assert len(area) == 21
    assert set(area) == template_cells(AreaShape.ROUND, (6, 4), 0.0, 2)
    assert area == sorted(area)  # sorted by x, then y
    assert (6, 4) in area  # a circle includes its centre field


@pytest.mark.rule("E-AREA-2", "E-AREA-GRID-2", "E-OPEN-26")
def test_walls_shield_what_lies_behind_them() -> None:
    """E-AREA-2 hits every creature in the area; walls take no part and shield the far side."""
    grid = BattleGrid.from_ascii(WALLED)
    area = area_of_impact(grid, AreaShape.ROUND, 2, (3, 1), (7, 1))
    assert (8, 1) not in area and (8, 0) not in area  # the wall itself
    assert (9, 1) not in area and (9, 2) not in area  # behind the wall
    assert (8, 3) in area and (7, 3) in area  # round the wall's end
    open_area = area_of_impact(BattleGrid.from_ascii(OPEN), AreaShape.ROUND, 2, (3, 1), (7, 1))
    assert (9, 1) in open_area  # the same throw without the wall


@pytest.mark.rule("E-AREA-2")
def test_a_closed_door_shields_and_an_open_one_does_not() -> None:
    """Closed doors block like walls (D-9); opened, the blast passes."""
    grid = BattleGrid.from_ascii(
        """
....#...
....+...
....#...
"""
    )
    closed = area_of_impact(grid, AreaShape.ROUND, 3, (0, 1), (3, 1))
    assert (4, 1) not in closed and (5, 1) not in closed
    grid.set_door_open((4, 1), True)
    opened = area_of_impact(grid, AreaShape.ROUND, 3, (0, 1), (3, 1))
    assert (4, 1) in opened and (5, 1) in opened


@pytest.mark.rule("E-AREA-CONE", "E-AREA-BEAM", "E-OPEN-27", "D-8")
def test_cones_and_beams_point_along_the_flight() -> None:
    """A cone or beam from the landing field points away from the thrower (E-AREA-CONE)."""
    grid = BattleGrid.from_ascii(OPEN)
    assert flight_angle((1, 4), (6, 4)) == 0.0
    assert flight_angle((6, 4), (6, 1)) == -90.0
    cone = area_of_impact(grid, AreaShape.CONE, 3, (1, 4), (6, 4))
    assert cone and all(x > 6 for x, _ in cone)  # east of the landing field only
    beam = area_of_impact(grid, AreaShape.BEAM, 3, (6, 8), (6, 4))
    assert beam == [(6, 1), (6, 2), (6, 3)]  # north, 3 long; the origin is never included


@pytest.mark.rule("E-OPEN-27", "E-AREA-BEAM")
def test_onto_the_own_field_forward_is_north() -> None:
    """E-OPEN-27: a throw onto the thrower's own field counts the map's north as forward."""
    grid = BattleGrid.from_ascii(OPEN)
    assert flight_angle((5, 5), (5, 5)) == 270.0
    assert area_of_impact(grid, AreaShape.BEAM, 2, (5, 5), (5, 5)) == [(5, 3), (5, 4)]


# ========================================================= breaking free (Losreißen)
@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-4")
def test_breaking_free_is_a_half_action_of_its_own() -> None:
    """UMKLAMMERN-4: the target spends an HH on Stärke vs the grappler's Körper."""
    rule = ACTIONS[Action.BREAK_GRAPPLE]
    assert GRAPPLE_ESCAPE_ACTION is Action.BREAK_GRAPPLE
    assert rule.action_type is ActionType.HALF is GRAPPLE_ESCAPE_TYPE
    assert "E-ACT-HH-WAFFENLOS-UMKLAMMERN-4" in rule.rule_ids
    assert rule.roll == GRAPPLE_ESCAPE_SAVE
    assert rule.roll is not None
    assert (rule.roll.attribute, rule.roll.against) == (Attribute.STRENGTH, SaveValue.BODY)
    assert rule.preconditions == (Precondition.IS_GRAPPLED,)
    assert rule.enabled and rule.counts_for_repeat and not rule.deals_damage


@pytest.mark.rule("E-ACT-6", "E-OPEN-9", "E-ACT-HH-WAFFENLOS-UMKLAMMERN-4")
def test_breaking_free_twice_is_a_repeat_but_not_with_an_unarmed_attack() -> None:
    """E-ACT-6: the same action twice makes Wehrlos; breaking free is not Waffenloser Kampf."""
    once = TurnBudget().spend(Action.BREAK_GRAPPLE)
    assert once.defenceless_after(Action.BREAK_GRAPPLE)
    assert not once.defenceless_after(Action.UNARMED_ATTACK)
    assert once.spend(Action.UNARMED_ATTACK).halves_left == 0
    assert ACTIONS[Action.RELEASE_GRAPPLE].action_type is ActionType.FREE  # the grappler's


# ================================================================== hands
@pytest.mark.rule("E-ACT-HH-WAFFENLOS")
def test_unarmed_combat_needs_one_free_hand() -> None:
    """E-ACT-HH-WAFFENLOS: at least one free hand; Nahkampf with a weapon asks none more."""
    assert DEFAULT_HANDS == 2
    assert hands_needed(Action.UNARMED_ATTACK) == 1
    assert hands_needed(Action.MELEE_ATTACK) == 0
    assert free_hands(2, [1]) == 1 and free_hands(2, [1, 1]) == 0
    assert can_use_held(hands_needed(Action.UNARMED_ATTACK), 2, [HOLDING_HANDS])
    assert not can_use_held(hands_needed(Action.UNARMED_ATTACK), 2, [HOLDING_HANDS] * 2)


@pytest.mark.rule("E-SIZE-2", "E-COND-LIEGEND-3")
def test_a_weapon_larger_than_its_wielder_takes_both_hands() -> None:
    """E-SIZE-2: WG is compared with KG; above the own KG a weapon needs two hands."""
    assert weapon_hands(1, 3) == 1  # a pistol for a human
    assert weapon_hands(3, 3) == 1
    assert weapon_hands(4, 3) == 2  # a rifle (WG 4) for a human (KG 3)
    assert weapon_hands(4, 5) == 1  # ... but one-handed for a KG 5 creature
    assert HOLDING_HANDS == 1  # only held, a rifle takes one hand
    assert not can_use_held(weapon_hands(4, 3), 2, [HOLDING_HANDS])  # a pistol in the other
    assert can_use_held(weapon_hands(1, 3), 2, [HOLDING_HANDS])  # the pistol, rifle only held
    # the same line E-COND-LIEGEND-3 draws: too big to wield while prone
    assert not can_wield_melee_weapon({Condition.PRONE}, weapon_size=4, size_category=3)
    assert can_wield_melee_weapon({Condition.PRONE}, weapon_size=3, size_category=3)
    with pytest.raises(ValueError):
        weapon_hands(-1, 3)


@pytest.mark.rule("E-MOUNT-9")
def test_the_reins_take_a_hand() -> None:
    """E-MOUNT-9: holding the reins leaves the rider one hand fewer for actions."""
    assert hands_for_actions(2, holding_reins=True) == 1
    assert free_hands(2, [1], holding_reins=True) == 0
    assert not can_use_held(2, 2, holding_reins=True)  # no rifle shot with the reins in hand
    assert can_use_held(1, 2, holding_reins=True)  # a pistol is fine
    assert hands_for_actions(2, holding_reins=True) == free_hands_when_riding(2, holding_reins=True)


@pytest.mark.rule("E-MOUNT-4")
def test_a_passenger_holds_on_with_one_hand() -> None:
    """E-MOUNT-4: each passenger holds on with at least one hand at all times."""
    assert hands_for_actions(2, holding_on=True) == 1
    assert hands_for_actions(2, holding_on=True) == free_hands_when_riding(
        2, holding_reins=False, passenger=True
    )
    assert hands_for_actions(1, holding_on=True, holding_reins=True) == 0
    with pytest.raises(ValueError):
        hands_for_actions(-1)


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_a_reload_takes_two_hands() -> None:
    """Interagieren (reload): the weapon and the magazine, so two hands besides the rest."""
    assert RELOAD_HANDS == 2
    assert can_use_held(RELOAD_HANDS, 2, [])  # a rifle alone
    assert not can_use_held(RELOAD_HANDS, 2, [1])  # a knife in the other hand
    assert not can_use_held(RELOAD_HANDS, 2, [], holding_reins=True)


@settings(max_examples=150, deadline=None)
@given(
    hands=st.integers(0, 6),
    held=st.lists(st.integers(1, 2), max_size=4),
    reins=st.booleans(),
    on=st.booleans(),
)
def test_free_hands_stay_between_zero_and_the_hands_e_mount_9(
    hands: int, held: list[int], reins: bool, on: bool
) -> None:
    """E-MOUNT-9, E-MOUNT-4: free hands never go below 0 nor above the creature's hands."""
    left = free_hands(hands, held, holding_reins=reins, holding_on=on)
    assert 0 <= left <= hands
    assert left <= hands_for_actions(hands, holding_reins=reins, holding_on=on)
    assert can_use_held(left, hands, held, holding_reins=reins, holding_on=on)
    assert not can_use_held(left + 1, hands, held, holding_reins=reins, holding_on=on)


# ============================================================ passengers
@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-2", "E-OPEN-47")
def test_seats_follow_the_size_difference() -> None:
    """E-MOUNT-4 "depending on size": one seat per KG the mount exceeds its largest rider."""
    assert mount_seats(4, 3) == 1  # a horse of KG 4: the rider only
    assert mount_seats(5, 3) == 2  # KG 5: rider and one passenger
    assert mount_seats(6, 3) == 3
    assert mount_seats(3, 3) == 0  # not larger: no rider at all (E-MOUNT-2)
    assert may_board(5, [3], 3)
    assert not may_board(5, [3, 3], 3)  # full
    assert may_board(6, [3], 2) and may_board(6, [3, 2], 2)
    assert not may_board(5, [], 5)  # E-MOUNT-2: one size larger
    assert not may_board(5, [2], 4)  # a larger newcomer takes the seats away


@settings(max_examples=150, deadline=None)
@given(
    mount=st.integers(0, 10),
    aboard=st.lists(st.integers(0, 10), max_size=4),
    newcomer=st.integers(0, 10),
)
def test_everyone_aboard_is_smaller_than_the_mount_e_mount_2(
    mount: int, aboard: list[int], newcomer: int
) -> None:
    """E-MOUNT-2: whoever may board is at least one KG smaller; seats are never exceeded."""
    if may_board(mount, aboard, newcomer):
        sizes = [*aboard, newcomer]
        assert all(size <= mount - 1 for size in sizes)
        assert len(sizes) <= mount_seats(mount, max(sizes))


@pytest.mark.rule("E-MOUNT-4", "E-OPEN-12")
def test_passengers_halve_the_mounts_movement_unless_it_is_built_for_them() -> None:
    """E-MOUNT-4: the BEW is halved with passengers, unless the mount is built for them."""
    assert passengers_halve_movement(1, built_for_passengers=False)
    assert not passengers_halve_movement(1, built_for_passengers=True)
    assert not passengers_halve_movement(0, built_for_passengers=False)  # the rider alone
    with pytest.raises(ValueError):
        passengers_halve_movement(-1, built_for_passengers=False)
    assert movement_allowance(8, Action.WALK, halvings=(Halving.PASSENGERS,)) == 4
    assert movement_allowance(8, Action.RUN, halvings=(Halving.PASSENGERS,)) == 12
    both = (Halving.PASSENGERS, Halving.LEAVING_REACH)
    assert movement_allowance(8, Action.WALK, halvings=both) == 2
