"""Underwater, weightlessness and mounted combat: E-UNDERWATER-*, E-ZEROG-*, E-MOUNT-*."""

from __future__ import annotations

import pytest

from game.rules.dice import ScriptedRoller
from game.rules.grid import BattleGrid
from game.rules.situations import (
    MOUNT_DISMOUNT_FAILURE,
    THROWN_OFF_FAILURE,
    MountCommand,
    allowed_mount_commands,
    can_carry_rider,
    free_hands_when_riding,
    may_be_ridden,
    mount_action_check,
    mount_movement,
    mounted_melee_reaches,
    rider_edge,
    riders_fall_with_mount,
    stay_mounted_check,
    underwater_melee_edge,
    usable_underwater,
    zero_g_knockaway_applies,
    zero_g_penalty_applies,
)
from game.rules.terms import Condition, DamageType, WeaponAttribute


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
    assert usable_underwater(frozenset(), area_damage=False)
    assert not usable_underwater(frozenset(), area_damage=True)
    assert not usable_underwater(frozenset({WeaponAttribute.AREA_FIRE}), area_damage=False)


def test_e_zerog_2_null_g_weapons_are_exempt() -> None:
    """E-ZEROG-1, E-ZEROG-2: Null-G weapons do not suffer weightlessness."""
    assert zero_g_penalty_applies(frozenset())
    assert not zero_g_penalty_applies(frozenset({WeaponAttribute.ZERO_G}))


def test_e_zerog_3_only_bludgeoning_in_weightlessness() -> None:
    """E-ZEROG-3: only a Wucht hit in weightlessness asks for the knock-away save."""
    assert zero_g_knockaway_applies(DamageType.BLUDGEONING, weightless=True)
    assert not zero_g_knockaway_applies(DamageType.BLUDGEONING, weightless=False)
    assert not zero_g_knockaway_applies(DamageType.PIERCING, weightless=True)


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
    """E-MOUNT-4: passengers halve the mount's BEW unless it is built for them."""
    assert mount_movement(9, passengers=0) == 9
    assert mount_movement(9, passengers=1) == 4
    assert mount_movement(9, passengers=2, built_for_passengers=True) == 9
    assert free_hands_when_riding(2, holding_reins=False, passenger=True) == 1


def test_e_mount_5_and_6_check_only_on_running_mount() -> None:
    """E-MOUNT-5, E-MOUNT-6: check only on a running mount; failure SW 1 Wucht, Liegend."""
    assert mount_action_check(3, ScriptedRoller([]), mount_running=False) is None
    roll = mount_action_check(3, ScriptedRoller([11]), mount_running=True)
    assert roll is not None and roll.target == 15 and roll.success is False
    assert MOUNT_DISMOUNT_FAILURE.damage_sw == 1
    assert MOUNT_DISMOUNT_FAILURE.damage_type is DamageType.BLUDGEONING
    assert MOUNT_DISMOUNT_FAILURE.condition is Condition.PRONE


def test_e_mount_7_riders_fall_with_mount() -> None:
    """E-MOUNT-7: when the mount gets Liegend, rider and passengers do too."""
    assert riders_fall_with_mount(frozenset({Condition.PRONE}))
    assert not riders_fall_with_mount(frozenset({Condition.DISTRACTED}))


def test_e_mount_8_thrown_off() -> None:
    """E-MOUNT-8: Reflexe vs ZW 15; failure: thrown off, SW 3 Wucht, Liegend."""
    roll = stay_mounted_check(4, ScriptedRoller([11]))
    assert roll.success is True and roll.target == 15
    assert THROWN_OFF_FAILURE.damage_sw == 3 and THROWN_OFF_FAILURE.condition is Condition.PRONE


def test_e_mount_9_reins_take_a_hand() -> None:
    """E-MOUNT-9: holding the reins leaves one hand fewer."""
    assert free_hands_when_riding(2, holding_reins=True) == 1
    assert free_hands_when_riding(2, holding_reins=False) == 2


def test_e_mount_10_and_11_commands() -> None:
    """E-MOUNT-10, E-MOUNT-11: Gehen, Laufen, Lösen; Nahkampf only for a bound mount."""
    plain = allowed_mount_commands(bound_to_rider=False)
    assert plain == {MountCommand.WALK, MountCommand.RUN, MountCommand.DISENGAGE}
    assert MountCommand.MELEE in allowed_mount_commands(bound_to_rider=True)


def test_e_mount_12_weapon_long_enough() -> None:
    """E-MOUNT-12: a melee attack from a mount needs a weapon long enough."""
    assert mounted_melee_reaches(2, 2)
    assert not mounted_melee_reaches(1, 2)
