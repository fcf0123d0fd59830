"""Underwater, weightlessness and mounted combat: E-UNDERWATER-*, E-ZEROG-*, E-MOUNT-*.

Where a rule of these sections is owned by another module (ranges, damage, movement,
actions, reach), the test here checks it through that module's function.
"""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, FieldKind
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.damage import HAZARDS, ZERO_G_DIRECTIONS, zero_g_save_required
from game.rulesets.entaria.rules.mounts import MOUNT_COMMANDS, mount_command_allowed
from game.rulesets.entaria.rules.movement import Halving, movement_allowance
from game.rulesets.entaria.rules.ranges import (
    area_weapon_usable_underwater,
    weapon_usable_underwater,
)
from game.rulesets.entaria.rules.reach import mounted_melee_reach
from game.rulesets.entaria.rules.situations import (
    RIDING_TALENT,
    ZERO_G_TALENT,
    can_carry_rider,
    can_gain_height,
    falls_after_turn,
    fly_value,
    free_hands_when_riding,
    glides_only,
    has_talent,
    hurl_path,
    may_be_ridden,
    mount_action_check,
    rider_edge,
    riders_fall_with_mount,
    stay_mounted_check,
    underwater_melee_edge,
    zero_g_penalty_applies,
    zero_g_save_edge,
)
from game.rulesets.entaria.rules.terms import Condition, DamageType, MoveType, WeaponAttribute


def test_e_underwater_1_water_is_difficult() -> None:
    """E-UNDERWATER-1: water is difficult terrain."""
    assert BattleGrid.from_ascii("~").step_cost((0, 0)) == 2


@pytest.mark.parametrize("damage_type", list(DamageType))
def test_e_underwater_2_melee_nachteil_except_piercing(damage_type: DamageType) -> None:
    """E-UNDERWATER-2: melee weapon attacks have Nachteil, except Stichschaden weapons."""
    expected = 0 if damage_type is DamageType.PIERCING else -1
    assert underwater_melee_edge(damage_type) == expected


def test_e_underwater_5_no_area_weapons() -> None:
    """E-UNDERWATER-5: weapons with Flächenschaden or Bereichsfeuer cannot be used."""
    assert weapon_usable_underwater(frozenset(), area_damage=False)
    assert weapon_usable_underwater({WeaponAttribute.ZERO_G})
    assert not weapon_usable_underwater(frozenset(), area_damage=True)
    assert not weapon_usable_underwater({WeaponAttribute.AREA_FIRE}, area_damage=False)
    assert area_weapon_usable_underwater() is False


def test_e_zerog_2_null_g_weapons_are_exempt() -> None:
    """E-ZEROG-1, E-ZEROG-2: Null-G weapons do not suffer weightlessness."""
    assert zero_g_penalty_applies(frozenset())
    assert not zero_g_penalty_applies(frozenset({WeaponAttribute.ZERO_G}))


def test_e_zerog_3_only_bludgeoning_in_weightlessness() -> None:
    """E-ZEROG-3: only a Wucht hit in weightlessness asks for the knock-away save."""
    assert zero_g_save_required(DamageType.BLUDGEONING, weightless=True)
    assert not zero_g_save_required(DamageType.BLUDGEONING, weightless=False)
    assert not zero_g_save_required(DamageType.PIERCING, weightless=True)


def test_e_mount_1_and_13_rider_edges() -> None:
    """E-MOUNT-1, E-MOUNT-13, D-2: no Reiten -> Nachteil; ranged from a mount -> Nachteil."""
    assert rider_edge(has_riding_talent=True) == 0
    assert rider_edge(has_riding_talent=False) == -1
    assert rider_edge(has_riding_talent=True, ranged_attack=True) == -1
    assert rider_edge(has_riding_talent=False, ranged_attack=True) == -2


def test_e_mount_2_one_size_larger() -> None:
    """E-MOUNT-2 (E-OPEN-47): at least one size category larger and able to carry."""
    assert can_carry_rider(3, 2)
    assert can_carry_rider(5, 2)
    assert not can_carry_rider(2, 2)
    assert not can_carry_rider(4, 2, anatomically_able=False)


def test_e_mount_3_willing_or_trained() -> None:
    """E-MOUNT-3: the mount must be willing or trained."""
    assert may_be_ridden(willing=True, trained=False)
    assert may_be_ridden(willing=False, trained=True)
    assert not may_be_ridden(willing=False, trained=False)


def test_e_mount_4_passengers_halve_bew() -> None:
    """E-MOUNT-4: passengers halve the mount's BEW unless it is built for them.

    The halving is movement's ``Halving.PASSENGERS`` (rounded down once, E-OPEN-12); a
    mount built for passengers, or without any, moves with no such halving.
    """
    assert movement_allowance(9) == 9
    assert movement_allowance(9, halvings={Halving.PASSENGERS}) == 4
    assert movement_allowance(1, halvings={Halving.PASSENGERS}) == 1
    assert (
        movement_allowance(9, conditions={Condition.IMMOBILIZED}, halvings={Halving.PASSENGERS})
        == 0
    )
    assert free_hands_when_riding(2, holding_reins=False, passenger=True) == 1


def test_e_mount_5_and_6_check_only_on_running_mount() -> None:
    """E-MOUNT-5, E-MOUNT-6: check only on a running mount; failure SW 1 Wucht, Liegend."""
    assert mount_action_check(3, ScriptedRoller([]), mount_running=False) is None
    roll = mount_action_check(3, ScriptedRoller([11]), mount_running=True)
    assert roll is not None and roll.target == 15 and roll.success is False
    fall = HAZARDS["mount_fall"]
    assert fall.sw == 1 and fall.damage_type is DamageType.BLUDGEONING
    assert fall.condition is Condition.PRONE and fall.rule_id == "E-MOUNT-6"


def test_e_mount_7_riders_fall_with_mount() -> None:
    """E-MOUNT-7: when the mount gets Liegend, rider and passengers do too."""
    assert riders_fall_with_mount(frozenset({Condition.PRONE}))
    assert not riders_fall_with_mount(frozenset({Condition.DISTRACTED}))


def test_e_mount_8_thrown_off() -> None:
    """E-MOUNT-8: Reflexe vs ZW 15; failure: thrown off, SW 3 Wucht, Liegend."""
    roll = stay_mounted_check(4, ScriptedRoller([11]))
    assert roll.success is True and roll.target == 15
    thrown = HAZARDS["thrown_off_mount"]
    assert thrown.sw == 3 and thrown.damage_type is DamageType.BLUDGEONING
    assert thrown.condition is Condition.PRONE and thrown.rule_id == "E-MOUNT-8"


def test_e_mount_9_reins_take_a_hand() -> None:
    """E-MOUNT-9: holding the reins leaves one hand fewer."""
    assert free_hands_when_riding(2, holding_reins=True) == 1
    assert free_hands_when_riding(2, holding_reins=False) == 2


def test_e_mount_10_and_11_commands() -> None:
    """E-MOUNT-10, E-MOUNT-11: Gehen, Laufen, Lösen; Nahkampf only for a bound mount."""
    plain = {a for a in MOUNT_COMMANDS if mount_command_allowed(a, bound=False)}
    assert plain == {Action.WALK, Action.RUN, Action.DISENGAGE}
    assert mount_command_allowed(Action.MELEE_ATTACK, bound=True)
    assert not mount_command_allowed(Action.CHARGE, bound=True)


def test_e_mount_12_weapon_long_enough() -> None:
    """E-MOUNT-12: a melee attack from a mount needs a weapon long enough."""
    # The rider sits on (0, 0) of a 2×2 mount; the target is 2 fields from the rider.
    assert mounted_melee_reach((0, 0), (0, 2), mount=(0, 0), mount_side=2, weapon_reach=2)
    assert not mounted_melee_reach((0, 0), (0, 2), mount=(0, 0), mount_side=2, weapon_reach=1)
    # From the mount's near field a reach-1 weapon does reach it.
    assert mounted_melee_reach((0, 1), (0, 2), mount=(0, 0), mount_side=2, weapon_reach=1)


def test_talent_names_with_levels() -> None:
    """E-MOUNT-1, E-ZEROG-4: the talents Reiten and Null-G count whatever their level."""
    assert has_talent(["Reiten 2", "Schatten"], RIDING_TALENT)
    assert has_talent(["null-g"], ZERO_G_TALENT)
    assert not has_talent(["Kampftaktik 2"], RIDING_TALENT)


def test_e_zerog_4_talent_gives_vorteil() -> None:
    """E-ZEROG-4: the talent Null-G gives Vorteil on the knock-away save."""
    assert zero_g_save_edge(has_zero_g_talent=True) == 1
    assert zero_g_save_edge(has_zero_g_talent=False) == 0


HURL_MAP = """
..........
.....#....
..........
..........
"""


@pytest.mark.rule("E-ZEROG-3", "E-OPEN-46")
def test_hurl_path_five_fields_stopping_before_obstacles() -> None:
    """E-OPEN-46: 5 fields in one of 8 directions, stopping before walls, edges, creatures."""
    grid = BattleGrid.from_ascii(HURL_MAP)
    assert hurl_path(grid, (0, 0), (1, 0)) == [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    assert hurl_path(grid, (1, 1), (1, 0)) == [(2, 1), (3, 1), (4, 1)]  # wall at (5, 1)
    assert hurl_path(grid, (8, 2), (1, 0)) == [(9, 2)]  # the map edge
    assert hurl_path(grid, (0, 3), (1, 0), occupied=[(3, 3)]) == [(1, 3), (2, 3)]
    assert hurl_path(grid, (0, 0), (1, 1)) == [(1, 1), (2, 2), (3, 3)]
    assert hurl_path(grid, (0, 0), (-1, 0)) == []
    assert hurl_path(grid, (0, 0), (1, 0), fields=2) == [(1, 0), (2, 0)]
    # a 2x2 creature needs room for its whole footprint
    assert hurl_path(grid, (0, 2), (1, 0), side=2) == [(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]
    assert hurl_path(grid, (0, 0), (1, 0), side=2) == [(1, 0), (2, 0), (3, 0)]
    # its own footprint never blocks it
    assert hurl_path(grid, (0, 2), (0, -1), occupied=[(0, 2)], side=1) == [(0, 1), (0, 0)]
    with pytest.raises(ValueError):
        hurl_path(grid, (0, 0), (2, 0))
    assert len(ZERO_G_DIRECTIONS) == 8


@pytest.mark.rule("E-OPEN-46", "E-OPEN-18")
def test_hurl_path_stops_on_a_dangerous_field_and_between_walls() -> None:
    """E-OPEN-46 as forced movement: it stops on the first dangerous field, like a push."""
    grid = BattleGrid.from_ascii("..^...", legend={"^": FieldKind(hazard=True)})
    assert hurl_path(grid, (0, 0), (1, 0)) == [(1, 0), (2, 0)]
    corner = BattleGrid.from_ascii(
        """
..#
.#.
"""
    )
    assert hurl_path(corner, (1, 0), (1, 1)) == []  # squeezing between two walls


@pytest.mark.rule("E-MOVETYPE-F", "E-MOVETYPE-FG", "E-MOVETYPE-FS", "E-MOVETYPE-FV", "E-OPEN-43")
def test_flight_minimum_and_gliding() -> None:
    """E-OPEN-43: F/FV fall below floor(value / 2); FS hovers; FG glides down instead."""
    assert fly_value({MoveType.SWIM: 4}) is None
    assert fly_value({MoveType.FLY: 6, MoveType.HOVER: 3}) == 6
    assert falls_after_turn({MoveType.FLY: 7}, 2)
    assert not falls_after_turn({MoveType.FLY: 7}, 3)
    assert falls_after_turn({MoveType.FLYBY: 6}, 2)
    assert not falls_after_turn({MoveType.HOVER: 6}, 0)
    assert not falls_after_turn({MoveType.GLIDE: 6}, 0)
    assert not falls_after_turn({MoveType.FLY: 6, MoveType.HOVER: 2}, 0)
    assert not falls_after_turn({MoveType.CLIMB: 6}, 0)
    assert glides_only({MoveType.GLIDE})
    assert not glides_only({MoveType.GLIDE, MoveType.FLY})
    assert not can_gain_height({MoveType.GLIDE, MoveType.SWIM})
    assert can_gain_height({MoveType.HOVER})
