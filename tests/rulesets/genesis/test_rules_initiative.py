"""Genesis initiative details and round roles: each test names its G- rule ID."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import initiative, rounds
from game.rulesets.genesis.rules.initiative import RoundRole

# G-INI-E1: A (side 0) INI 30, B (side 1) INI 20, C (side 0) INI 10.
G_INI_E1 = {"A": 30, "B": 20, "C": 10}
# G-INI-E2: party A results 12, 18, 9; party B 15, 10.
G_INI_E2_A = {"a1": 12, "a2": 18, "a3": 9}
G_INI_E2_B = {"b1": 15, "b2": 10}


def test_g_kr_at_attack_round_is_the_side_with_declaration_advantage() -> None:
    """G-KR-AT: in its AT round a side declares second and strikes without shifting."""
    assert initiative.round_role(3, side=0, ini_winner=0) is RoundRole.ATTACK_ROUND
    assert rounds.first_declarer(3, 0) == 1  # the opponent must declare first
    assert not rounds.must_shift(3, 0, 0)


def test_g_kr_pa_parry_round_declares_first_and_must_shift() -> None:
    """G-KR-PA / G-SHIFT-1: in its PA round a side declares first; attacking costs a shift."""
    assert initiative.round_role(3, side=1, ini_winner=0) is RoundRole.PARRY_ROUND
    assert rounds.first_declarer(3, 0) == 1
    assert rounds.must_shift(3, 1, 0)


def test_g_atpa_rounds_opponents_take_turns() -> None:
    """G-ATPA-ROUNDS: the two sides alternate AT and PA rounds, always opposite each other."""
    roles = [initiative.round_role(kr, 0, 0) for kr in range(3, 9)]
    assert roles == [RoundRole.ATTACK_ROUND, RoundRole.PARRY_ROUND] * 3
    for kr in range(3, 9):
        assert initiative.round_role(kr, 0, 0) is not initiative.round_role(kr, 1, 0)


def test_round_role_is_undefined_in_the_initiative_rounds() -> None:
    """G-INI-ROUND-5 / G-INI-OPEN-2: KR 1 and 2 declare by INI order, not by side roles."""
    with pytest.raises(ValueError):
        initiative.round_role(1, 0, 0)
    with pytest.raises(ValueError):
        initiative.round_role(2, 0, 0)


def test_g_ini_round_8_all_out_attacker_is_defenceless() -> None:
    """G-INI-ROUND-8 (G-INI-E1): B spends its whole KR 1 share on C; A may attack it, no PA left."""
    b_share, _ = rounds.gw_split(4, more_first=True)
    assert initiative.defenceless(b_share, attacks=b_share)
    assert rounds.may_attack_in_ini1(G_INI_E1["B"], G_INI_E1["C"])
    assert rounds.may_attack_in_ini1(G_INI_E1["A"], G_INI_E1["B"])
    assert not initiative.defenceless(b_share, attacks=b_share - 1)
    assert initiative.defences_left(2.5, 2) == 0.5


def test_g_ini_round_8_cannot_attack_beyond_the_share() -> None:
    """G-INI-ROUND-8 / G-GW-1: more ATs than the KR's GW share are refused."""
    with pytest.raises(ValueError):
        initiative.defences_left(2, 3)


def test_g_ini_ranged_1_shooters_in_melee_join_the_ini_system() -> None:
    """G-INI-RANGED-1: shooters and mages are in the INI system once drawn into melee."""
    assert initiative.subject_to_initiative(ranged=True, in_melee=True)
    assert not initiative.subject_to_initiative(ranged=True, in_melee=False)
    assert initiative.subject_to_initiative(ranged=False, in_melee=False)


def test_g_ini_ranged_2_first_ini_round_does_not_count_for_ranged() -> None:
    """G-INI-RANGED-2: a ranged combatant outside melee cannot act in KR 1, from KR 2 it can."""
    assert not initiative.acts_in_kr(1, ranged=True, in_melee=False)
    assert initiative.acts_in_kr(2, ranged=True, in_melee=False)
    with pytest.raises(ValueError):
        initiative.acts_in_kr(0, ranged=False, in_melee=True)


def test_g_ini_ranged_3_drawn_in_ranged_act_in_kr_1() -> None:
    """G-INI-RANGED-3: ranged combatants drawn into melee act in the first INI-KR."""
    assert initiative.acts_in_kr(1, ranged=True, in_melee=True)
    assert initiative.acts_in_kr(1, ranged=False, in_melee=False)


def test_g_ini_ranged_4_shooter_losing_ini_suspends_shooting() -> None:
    """G-INI-RANGED-4 (G-OPEN-14): a drawn-in shooter of the INI-loser side may not reload/shoot."""
    lost = initiative.lost_initiative(side=1, ini_winner=0)
    assert lost
    assert not initiative.may_reload_or_shoot(in_melee=True, lost=lost)
    assert initiative.may_reload_or_shoot(in_melee=True, lost=False)
    assert initiative.may_reload_or_shoot(in_melee=False, lost=True)


def test_g_ini_ranged_5_mage_losing_ini_cannot_begin_a_spell() -> None:
    """G-INI-RANGED-5: a drawn-in mage that lost the INI cannot begin a spell."""
    assert not initiative.may_begin_spell(in_melee=True, lost=True)
    assert initiative.may_begin_spell(in_melee=True, lost=False)
    assert not initiative.lost_initiative(side=0, ini_winner=0)


def test_g_ini_ranged_6_spell_begun_earlier_continues() -> None:
    """G-INI-RANGED-6: a spell cast from second 1 goes on when the melee starts in second 3."""
    assert initiative.may_continue_spell(cast_start_second=1, melee_start_second=3)
    assert not initiative.may_continue_spell(cast_start_second=3, melee_start_second=3)


def test_g_ini_malus_1_ranged_or_spell_users_get_minus_10() -> None:
    """G-INI-MALUS-1: acting at least partly with ranged weapons or spells costs INI 10."""
    assert initiative.initiative_malus(True) == 10
    assert initiative.initiative_malus(False) == 0


def test_g_ini_malus_2_drawn_in_shooter_takes_malus_unless_switched() -> None:
    """G-INI-MALUS-2: obligatory malus for a drawn-in shooter, none after a weapon switch."""
    assert initiative.drawn_in_shooter_malus(switched_weapon_before=False) == 10
    assert initiative.drawn_in_shooter_malus(switched_weapon_before=True) == 0


def test_g_ini_group_1_more_than_two_combatants_need_group_ini() -> None:
    """G-INI-GROUP-1: with more than two combatants a group INI is determined."""
    assert not initiative.group_initiative_needed(2)
    assert initiative.group_initiative_needed(3)
    assert initiative.group_initiative_needed(len(G_INI_E2_A) + len(G_INI_E2_B))


def test_g_ini_group_4_ini_rounds_keep_the_individual_order() -> None:
    """G-INI-GROUP-4 (G-INI-E2): KR 1 and 2 still use 18, 15, 12, 10, 9; the 9 is passive."""
    everyone = {**G_INI_E2_A, **G_INI_E2_B}
    passive, order = rounds.declaration_order_ini1(everyone)
    assert passive == "a3"
    assert order == ["b2", "a1", "b1", "a2"]
    assert rounds.declaration_order_ini2(everyone) == ["a2", "b1", "a1", "b2", "a3"]


def test_g_ini_group_5_group_winner_has_the_akr_loser_the_bkr() -> None:
    """G-INI-GROUP-5 (G-INI-E2): A wins 13 to 12.5, so A's AT rounds are the AKRs, B's the BKRs."""
    winner = rounds.group_winner(
        list(G_INI_E2_A.values()), list(G_INI_E2_B.values()), ScriptedRoller([])
    )
    assert winner == 0
    assert initiative.attack_round_side(3, winner) == 0
    assert initiative.attack_round_side(4, winner) == 1
    assert initiative.attack_round_side(5, winner) == 0
    assert initiative.round_role(4, 1, winner) is RoundRole.ATTACK_ROUND
