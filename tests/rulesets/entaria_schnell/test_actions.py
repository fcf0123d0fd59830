"""Choosing actions (Q-ACT-*, Q-INIT-8, Q-OPEN-2/15/16, Q-EQUIP-1, Q-DMG-2)."""

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.terms import ActionType, WeaponAttribute
from game.rulesets.entaria_schnell.rules.actions import (
    ACTION_CATALOG,
    ActionNotAllowed,
    MoveParams,
    can_take,
    new_turn,
    paid_type,
    take,
    turn_for_round,
    weapon_allows,
    zones_allowed,
)
from game.rulesets.entaria_schnell.rules.initiative import roll_block_initiative


def test_q_act_1_one_full_or_two_half_actions() -> None:
    """Q-ACT-1: two HH fit a turn, a third does not; a VH fills it alone."""
    budget = take(take(new_turn(), Action.WALK), Action.MELEE_ATTACK)
    assert not can_take(budget, Action.RANGED_ATTACK)[0]
    full = take(new_turn(), Action.RUN)
    assert not can_take(full, Action.WALK)[0]
    assert not can_take(full, Action.AIMED_ATTACK)[0]


def test_q_act_2_catalogue_is_the_full_rules_list() -> None:
    """Q-ACT-2, Q-OPEN-15: the action overview is ENTARIA's catalogue, the same object."""
    assert ACTION_CATALOG is ACTIONS
    assert set(ACTION_CATALOG) == set(Action)


def test_q_init_3_extra_half_action_fits_the_turn() -> None:
    """Q-INIT-3: with the natural-20 extra HH a turn holds three HH."""
    budget = new_turn(extra_halves=1)
    for action in (Action.WALK, Action.MELEE_ATTACK, Action.ORIENT):
        budget = take(budget, action)
    assert not can_take(budget, Action.INTERACT)[0]


def test_q_init_8_failed_character_pays_half_and_free_as_full() -> None:
    """Q-INIT-8, Q-OPEN-2 A: each FH or HH of a failed character is his single VH."""
    assert paid_type(Action.WALK, failed_initiative=True) is ActionType.FULL
    assert paid_type(Action.SHOUT_COMMAND, failed_initiative=True) is ActionType.FULL
    assert paid_type(Action.RUN, failed_initiative=True) is ActionType.FULL
    assert paid_type(Action.WALK, failed_initiative=False) is ActionType.HALF
    budget = take(new_turn(), Action.WALK, failed_initiative=True)
    assert not can_take(budget, Action.MELEE_ATTACK, failed_initiative=True)[0]
    assert not can_take(budget, Action.SHOUT_COMMAND, failed_initiative=True)[0]
    with pytest.raises(ActionNotAllowed):
        take(budget, Action.MELEE_ATTACK, failed_initiative=True)


def test_q_init_8_successful_character_keeps_free_action() -> None:
    """Q-INIT-8, Q-OPEN-16: others keep their one FH next to two HH."""
    budget = take(take(new_turn(), Action.WALK), Action.MELEE_ATTACK)
    budget = take(budget, Action.SHOUT_COMMAND)
    assert not can_take(budget, Action.DROP_ITEM)[0]  # one FH per round


def test_q_move_1_zones_per_movement_action() -> None:
    """Q-MOVE-1, Q-OPEN-5: Gehen 1 zone, Laufen up to 3 (a parameter), Lösen 1."""
    assert zones_allowed(Action.WALK) == 1
    assert zones_allowed(Action.RUN) == 3
    assert zones_allowed(Action.DISENGAGE) == 1
    assert zones_allowed(Action.MELEE_ATTACK) == 0
    assert zones_allowed(Action.CHARGE) == 2
    params = MoveParams(walk_zones=2, run_zones=4)
    assert zones_allowed(Action.RUN, params) == 4
    assert zones_allowed(Action.CHARGE, params) == 4
    with pytest.raises(ValueError):
        MoveParams(walk_zones=3, run_zones=2)


def test_q_equip_1_q_dmg_2_weapon_attributes_gate_actions() -> None:
    """Q-EQUIP-1, Q-DMG-2: Dauerfeuer needs a weapon with the Dauerfeuer attribute."""
    assert not weapon_allows(Action.AUTO_FIRE, frozenset())
    assert weapon_allows(Action.AUTO_FIRE, frozenset({WeaponAttribute.AUTO_FIRE}))
    assert weapon_allows(Action.RANGED_ATTACK, frozenset())


def test_q_act_1_repeating_an_action_makes_wehrlos() -> None:
    """Q-ACT-1, Q-OPEN-16: the full rules' Wehrlos on a repeated action applies."""
    budget = take(new_turn(), Action.WALK)
    assert budget.defenceless_after(Action.WALK)
    assert not budget.defenceless_after(Action.MELEE_ATTACK)


def test_q_init_3_q_init_8_turn_for_round_follows_the_roll() -> None:
    """Q-INIT-3, Q-INIT-8: round 1 after a 20 holds three HH; after a failure one action."""
    crit = roll_block_initiative(0, ScriptedRoller([20]))
    turn = turn_for_round(crit, 1)
    for action in (Action.WALK, Action.MELEE_ATTACK, Action.ORIENT):
        turn = turn.take(action)
    assert not turn.can_take(Action.INTERACT)[0]
    later = turn_for_round(crit, 2).take(Action.WALK).take(Action.MELEE_ATTACK)
    assert not later.can_take(Action.ORIENT)[0]
    failed = turn_for_round(roll_block_initiative(0, ScriptedRoller([2])), 1).take(Action.WALK)
    assert not failed.can_take(Action.SHOUT_COMMAND)[0]
    enemy = turn_for_round(None, 1).take(Action.WALK)
    assert enemy.can_take(Action.MELEE_ATTACK)[0]
