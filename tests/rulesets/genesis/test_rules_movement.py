"""Genesis states, moving, leaving, joining, weapon change and GW decisions: G- rule IDs."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import general, movement, rounds, states
from game.rulesets.genesis.rules.initiative import RoundRole
from game.rulesets.genesis.rules.movement import EffectKind, PassiveCause
from game.rulesets.genesis.rules.states import Act, Condition


def test_g_state_passive_move_no_movement_while_passive() -> None:
    """G-STATE-PASSIVE-MOVE / G-STATE-PASSIVE-1: a passive combatant moves 0 fields."""
    assert not states.allowed(Act.MOVE, {Condition.PASSIVE})
    assert movement.fields_per_kr(3.0, {Condition.PASSIVE}) == 0
    assert movement.fields_per_kr(3.0, set()) == 6
    assert movement.fields_per_kr(2.7, set()) == 5


def test_g_state_immobile_stays_put_but_fights() -> None:
    """G-STATE-IMMOBILE: immobile moves 0 fields but may still attack."""
    assert movement.fields_per_kr(3.0, {Condition.IMMOBILE}) == 0
    assert states.allowed(Act.ATTACK, {Condition.IMMOBILE})


def test_g_state_passive_potion_no_potions() -> None:
    """G-STATE-PASSIVE-POTION: no potions while passive; waiving allows them."""
    assert not states.allowed(Act.POTION, {Condition.PASSIVE})
    assert states.allowed(Act.POTION, {Condition.WAIVING})


def test_g_state_passive_active_only_pure_defence_abilities() -> None:
    """G-STATE-PASSIVE-ACTIVE: no jump or PSI push; Spezial-PA yes, PA-AT no."""
    assert not states.allowed(Act.ACTIVE_ABILITY, {Condition.PASSIVE})
    assert movement.passive_ability_allowed(pure_defence=True, includes_attack=False)
    assert not movement.passive_ability_allowed(pure_defence=True, includes_attack=True)
    assert not movement.passive_ability_allowed(pure_defence=False, includes_attack=False)


def test_g_state_passive_ongoing_effects_remain() -> None:
    """G-STATE-PASSIVE-ONGOING: a PSI shield or Schattenkampf stays in force."""
    assert movement.survives_passivity(EffectKind.ONGOING)
    assert not movement.survives_passivity(EffectKind.NEW_ACTION)


def test_g_state_passive_spell_ext_casting_test_harder_by_seconds() -> None:
    """G-STATE-PASSIVE-SPELL-EXT: casting 60, 2 s passive, announced -10 -> needs 48 or less."""
    assert movement.extended_casting_succeeds(ScriptedRoller([48]), 60, 2, 10)
    assert not movement.extended_casting_succeeds(ScriptedRoller([49]), 60, 2, 10)
    assert movement.survives_passivity(EffectKind.CASTING, extension_succeeded=True)
    assert not movement.survives_passivity(EffectKind.CASTING, extension_succeeded=False)


@pytest.mark.parametrize("cause", [PassiveCause.STUMBLE, PassiveCause.FALL, PassiveCause.BIG_DODGE])
def test_g_state_passive_2_causes_last_one_kr(cause: PassiveCause) -> None:
    """G-STATE-PASSIVE-2 (G-OPEN-21): stumbling, a fall, a big dodge make passive for 1 KR."""
    assert movement.passive_until_kr(cause, 5) == 6


def test_g_leave_1_leaving_is_declared_and_changes_nothing_before() -> None:
    """G-LEAVE-1: leaving is a declared action; in the declaring KR nothing changes yet."""
    assert movement.leaving_conditions(kr=4, declared_kr=4) == set()
    assert movement.passive_until_kr(PassiveCause.LEAVING, 4) == 5


def test_g_leave_2_passive_for_the_coming_kr() -> None:
    """G-LEAVE-2: in the coming KR it is passive: may PA/AW, no move, no AT; then free."""
    conditions = movement.leaving_conditions(kr=5, declared_kr=4)
    assert conditions == {Condition.PASSIVE}
    assert states.allowed(Act.DEFEND, conditions)
    assert not states.allowed(Act.ATTACK, conditions)
    assert movement.fields_per_kr(10.0, conditions) == 0
    assert movement.leaving_conditions(kr=6, declared_kr=4) == set()


def test_g_leave_3_attackable_regardless_of_speed() -> None:
    """G-LEAVE-3: even a much faster or flying leaver can be attacked in the coming KR."""
    fast = movement.fields_per_kr(28.0, set())  # 100 km/h
    assert fast == 56
    assert movement.leaver_attackable(kr=5, declared_kr=4)
    assert not movement.leaver_attackable(kr=6, declared_kr=4)


def test_g_join_1_joiner_chooses_a_side_first() -> None:
    """G-JOIN-1: a joiner must choose one of the existing sides."""
    assert movement.join_side(1, {0, 1}) == 1
    with pytest.raises(ValueError):
        movement.join_side(None, {0, 1})
    with pytest.raises(ValueError):
        movement.join_side(2, {0, 1})


def test_g_join_2_no_ini_roll_acts_in_ally_schedule() -> None:
    """G-JOIN-2: no INI roll; a joiner on the loser side 1 attacks in the BKRs, parries in AKRs."""
    assert movement.joiner_role(4, side=1, ini_winner=0) is RoundRole.ATTACK_ROUND
    assert movement.joiner_role(5, side=1, ini_winner=0) is RoundRole.PARRY_ROUND
    assert movement.joiner_role(5, side=0, ini_winner=0) is RoundRole.ATTACK_ROUND


def test_g_join_3_whole_current_kr_available() -> None:
    """G-JOIN-3: GW 5, joining in an AKR -> the whole 3; joining in the BKR -> the whole 2."""
    assert movement.joiner_gw(5, kr=5, more_first=True) == 3
    assert movement.joiner_gw(5, kr=6, more_first=True) == 2
    assert movement.joiner_gw(5, kr=6, more_first=False) == 3


def test_g_swap_weapon_change_takes_two_kr() -> None:
    """G-SWAP (G-OPEN-9): begun in KR 3, no AT in KR 3 and 4, AT again in KR 5."""
    assert movement.swap_ends_kr(3) == 5
    assert not movement.may_attack_during_swap(3, 3)
    assert not movement.may_attack_during_swap(4, 3)
    assert movement.may_attack_during_swap(5, 3)
    assert movement.may_attack_during_swap(2, 3)


def test_g_gw_odd_1_split_decided_in_first_ini_round() -> None:
    """G-GW-ODD-1: the split over both INI-KRs is decided in KR 1, not in KR 2."""
    assert movement.decides_gw_split(1)
    assert not movement.decides_gw_split(2)
    assert movement.gw_pair(1) == (1, 2)
    assert movement.gw_pair(2) == (1, 2)


def test_g_gw_odd_4_later_split_decided_in_each_akr() -> None:
    """G-GW-ODD-4: after the INI-KRs the split is decided in the AKR for AKR + BKR."""
    assert [movement.decides_gw_split(kr) for kr in range(3, 8)] == [True, False, True, False, True]
    assert movement.gw_pair(4) == (3, 4)
    assert movement.gw_pair(5) == (5, 6)


def test_g_gw_odd_3_half_gw_split_like_odd() -> None:
    """G-GW-ODD-3 (G-OPEN-4): GW 5.5 -> 3 + 2.5; GW 2.5 -> 1.5 + 1, either way round."""
    assert rounds.gw_split(5.5, more_first=True) == (3, 2.5)
    assert rounds.gw_split(2.5, more_first=False) == (1, 1.5)


def test_g_gw_5_half_actions_documented_inconsistency() -> None:
    """G-GW-5 (G-OPEN-4): GW 7.5 -> 4 + 3.5, not the text's 3.5 + 3 (which sums to 6.5)."""
    split = rounds.gw_split(7.5, more_first=True)
    assert split == (4, 3.5)
    assert sum(split) == 7.5
    assert 3.5 + 3 != 7.5


def test_g_gw_1_gw_bound_the_number_of_actions() -> None:
    """G-GW-1 / G-GW-2: GW 5 over two KRs allows 5 actions, not 6."""
    assert general.actions_fit_gw(3, 2, 5)
    assert not general.actions_fit_gw(3, 3, 5)
