"""Genesis pure rules: each test names its G- rule ID."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import bonuses, checks, damage, ranged, rounds


def test_g_atpa_1_attack_succeeds_at_or_below_value() -> None:
    """G-ATPA-1: d100 <= AT value hits; one above misses."""
    assert checks.roll_test(ScriptedRoller([70]), 70).success
    assert not checks.roll_test(ScriptedRoller([71]), 70).success


def test_g_atpa_2_parry_and_dodge_roll_the_same_way() -> None:
    """G-ATPA-2 / G-ATPA-3: PA and AW are d100 roll-under tests."""
    result = checks.roll_test(ScriptedRoller([60]), 60)
    assert result.success and result.margin == 0


def test_g_atpa_4_penalty_applies_to_the_parry() -> None:
    """G-ATPA-4 (G-ATPA-E1): AT 70 -30 -> 40; PA 60 against it -> 30."""
    assert checks.attack_value(70, penalty=30) == 40
    assert checks.defence_value(60, attack_penalty=30) == 30


def test_g_gw_6_half_action_at_85_is_43() -> None:
    """G-GW-6 (G-GW-E1): a half AT with AT 85 uses 43."""
    assert checks.attack_value(85, half=True) == 43
    assert checks.half_value(64) == 32


def test_g_atpa_ally_1_parry_for_ally_minus_30() -> None:
    """G-ATPA-ALLY-1: an ally parry is 30 harder, on top of the AT penalty."""
    assert checks.defence_value(60, for_ally=True) == 30
    assert checks.defence_value(60, attack_penalty=10, for_ally=True) == 20


def test_g_atpa_ally_2_no_ally_parry_if_ally_attacks() -> None:
    """G-ATPA-ALLY-2 / G-STATE-PASSIVE-ALLY: not if the ally attacks or the parrier is passive."""
    assert checks.ally_parry_allowed(False, 0)
    assert not checks.ally_parry_allowed(False, 1)
    assert not checks.ally_parry_allowed(True, 0)


def test_g_surround_1_at_most_six_attackers() -> None:
    """G-SURROUND-1 / G-SURROUND-2: a seventh attacker is refused unless with a reach weapon."""
    assert checks.attackers_allowed(5)
    assert not checks.attackers_allowed(6)
    assert checks.attackers_allowed(6, reach_weapon=True)


def test_g_shot_aw_1_one_roll_for_all_projectiles() -> None:
    """G-SHOT-AW-1 (G-SHOT-E1): AW 64, roll 25 avoids hits 1 and 2, not hit 3."""
    hit2 = checks.half_value(64)
    hit3 = ranged.ranged_defence_value(64, -20, halved=True)
    assert hit3 == 22
    assert checks.dodge_projectiles(25, [64, hit2, hit3]) == [True, True, False]


def test_g_dmg_2_sp_is_tp_minus_rs() -> None:
    """G-DMG-2 / G-DMG-1: SP = TP - RS, floored at 0 (G-OPEN-6)."""
    assert damage.net_damage(15, 4) == 11
    assert damage.net_damage(3, 4) == 0


@pytest.mark.parametrize(("sp", "loss"), [(23, 26), (20, 20), (60, 100), (61, 102)])
def test_g_dmg_ws_points_above_ws_double(sp: int, loss: int) -> None:
    """G-DMG-WS / G-DMG-3 (G-DMG-E1): WS 20, 23 SP -> 26 LE lost."""
    assert damage.le_loss(sp, 20) == loss


def test_g_dmg_ws3_knock_out_above_three_ws() -> None:
    """G-DMG-WS3 (D-16): SP 60 vs WS 20 is not a knock-out, 61 is."""
    assert not damage.knocked_out(60, 20)
    assert damage.knocked_out(61, 20)


def test_g_le_unc_below_fifteen_percent() -> None:
    """G-LE-UNC / G-LE-DEATH: max LE 60 -> unconscious at 8, fatally hit below 0."""
    bounds = damage.limits(60)
    assert damage.life_state(9, bounds) is damage.LifeState.FIGHTING
    assert damage.life_state(8, bounds) is damage.LifeState.UNCONSCIOUS
    assert damage.life_state(0, bounds) is damage.LifeState.UNCONSCIOUS
    assert damage.life_state(-1, bounds) is damage.LifeState.FATALLY_WOUNDED


def test_g_le_sb_1_self_control_moves_both_limits() -> None:
    """G-LE-SB-1 / G-LE-SB-2 (G-LE-E1): X 8 -> conscious at 1, fatally hit at -9."""
    bounds = damage.limits(60, damage.self_control_x(85, 40))
    assert damage.self_control_x(85, 40) == 8
    assert damage.self_control_x(85, 86) == 0
    assert damage.life_state(1, bounds) is damage.LifeState.FIGHTING
    assert damage.life_state(0, bounds) is damage.LifeState.UNCONSCIOUS
    assert damage.life_state(-8, bounds) is damage.LifeState.UNCONSCIOUS
    assert damage.life_state(-9, bounds) is damage.LifeState.FATALLY_WOUNDED


def test_g_fall_table_bands() -> None:
    """G-FALL-TABLE (G-FALL-E1): 3 m -> 12 + 3; 12 m -> 30 + 12; 250 m -> 5W20 + 200."""
    assert damage.fall_tp(ScriptedRoller([12]), 3) == 15
    assert damage.fall_tp(ScriptedRoller([5, 10, 15]), 12) == 42
    assert damage.fall_dice(250) == (5, 200)
    assert damage.fall_dice(20) == (5, 20)
    assert damage.fall_dice(0.5) == (0, 0)


def test_g_fall_kbh_modifier_lowers_or_raises() -> None:
    """G-FALL-KBH: trunc((KBH - 20 - roll) / 5) is subtracted from the fall TP."""
    assert damage.fall_kbh_modifier(60, 10) == 6
    assert damage.fall_kbh_modifier(30, 40) == -6
    assert damage.fall_tp(ScriptedRoller([12]), 3, kbh_modifier=6) == 9


def test_g_time_sec_kr_seconds() -> None:
    """G-TIME-SEC / G-TIME-KR: KR k holds seconds 2k-1 and 2k."""
    assert rounds.seconds_of(3) == (5, 6)
    assert rounds.kr_of_second(5) == 3


def test_g_time_spell_effect_second() -> None:
    """G-TIME-SPELL (G-TIME-E2): casting 4 s or 3.1 s -> effect in second 5, KR 3."""
    assert rounds.spell_effect_second(4) == 5
    assert rounds.spell_effect_second(3.1) == 5
    assert rounds.kr_of_second(5) == 3


def test_g_kr_first_1_alternation() -> None:
    """G-KR-FIRST-1 / G-KR-FIRST-2 / G-INI-ROUND-1 / G-INI-OPEN-1: KR 1, 2 INI; then AKR, BKR."""
    kinds = [rounds.round_kind(k) for k in range(1, 7)]
    assert kinds == [
        rounds.RoundKind.INI_1,
        rounds.RoundKind.INI_2,
        rounds.RoundKind.ALPHA,
        rounds.RoundKind.BETA,
        rounds.RoundKind.ALPHA,
        rounds.RoundKind.BETA,
    ]


def test_g_ini_round_4_slowest_passive_and_order() -> None:
    """G-INI-ROUND-4 / G-INI-ROUND-5 / G-INI-ROUND-6 (G-INI-E1)."""
    ini = {"A": 30, "B": 20, "C": 10}
    passive, order = rounds.declaration_order_ini1(ini)
    assert passive == "C" and order == ["B", "A"]
    assert rounds.may_attack_in_ini1(20, 10)
    assert not rounds.may_attack_in_ini1(20, 30)


def test_g_ini_open_2_order_reversed() -> None:
    """G-INI-OPEN-2: in KR 2 the fastest declares first."""
    assert rounds.declaration_order_ini2({"A": 30, "B": 20, "C": 10}) == ["A", "B", "C"]


def test_g_ini_group_2_average() -> None:
    """G-INI-GROUP-2 / G-INI-GROUP-3 (G-INI-E2): 13 beats 12.5; a tie is a coin flip."""
    assert rounds.group_initiative([12, 18, 9]) == 13
    assert rounds.group_initiative([15, 10]) == 12.5
    assert rounds.group_winner([12, 18, 9], [15, 10], ScriptedRoller([])) == 0
    assert rounds.group_winner([10], [10], ScriptedRoller([2])) == 1


def test_g_kr_adv_disadvantaged_side_declares_first() -> None:
    """G-KR-ADV / G-KR-DISADV / G-PHASE-DECL-1 / G-KR-ALPHA / G-KR-BETA / G-SHIFT-1."""
    assert rounds.first_declarer(3, ini_winner=0) == 1
    assert rounds.first_declarer(4, ini_winner=0) == 0
    assert rounds.must_shift(3, side=1, ini_winner=0)
    assert not rounds.must_shift(3, side=0, ini_winner=0)
    with pytest.raises(ValueError):
        rounds.first_declarer(1, ini_winner=0)


@pytest.mark.parametrize(
    ("gw", "first", "split"),
    [
        (5, True, (3, 2)),
        (5, False, (2, 3)),
        (6, True, (3, 3)),
        (7.5, True, (4, 3.5)),
        (6.5, False, (3, 3.5)),
    ],
)
def test_g_gw_3_split_over_two_kr(gw: float, first: bool, split: tuple[float, float]) -> None:
    """G-GW-3 / G-GW-4 / G-GW-ODD-2 / G-GW-2 (G-GW-E2): as even as whole actions allow."""
    assert rounds.gw_split(gw, first) == split
    assert sum(split) == gw


def test_g_range_def_1_halved_beyond_five_metres() -> None:
    """G-RANGE-DEF-1 / G-RANGE-MELEE-1 / G-RANGE-MELEE-4 (G-RANGE-E1)."""
    assert not ranged.defence_halved(3, same_cluster=True)
    assert ranged.defence_halved(7, same_cluster=True)
    assert ranged.defence_halved(3, same_cluster=False)
    assert ranged.defence_halved(10, same_cluster=False)


def test_g_range_def_2_modifiers_then_halve() -> None:
    """G-RANGE-DEF-2: AW 64 - 20 -> 44 -> 22."""
    assert ranged.ranged_defence_value(64, -20, halved=True) == 22
    assert ranged.ranged_defence_value(64, -20, halved=False) == 44


def test_g_range_dist_2_distance_size_motion() -> None:
    """G-RANGE-DIST-2 / G-RANGE-COMBAT / G-RANGE-SIZE / G-RANGE-MOTION (G-RANGE-E2, E3)."""
    assert ranged.range_modifier(55, 40, "human", "running") == -35
    assert ranged.range_modifier(30, 40, "human", "running") == 0
    assert ranged.range_modifier(20, 40, "head", "still") == -40
    assert ranged.range_modifier(45, 40, "horse", "still") == 35


def test_g_shot_dir_2_quadrants() -> None:
    """G-SHOT-DIR-2 (G-OPEN-11): 45 degrees is front, 135 back, between left/right."""
    assert ranged.quadrant(0, 45) is ranged.Quadrant.FRONT
    assert ranged.quadrant(0, 135) is ranged.Quadrant.BACK
    assert ranged.quadrant(0, 90) is ranged.Quadrant.LEFT
    assert ranged.quadrant(0, 270) is ranged.Quadrant.RIGHT
    assert ranged.quadrant(90, 0) is ranged.Quadrant.RIGHT


def test_g_shot_dir_3_one_dodge_per_direction() -> None:
    """G-SHOT-DIR-1 / G-SHOT-DIR-3 (G-SHOT-E2): 2 front + 1 left arrows need 2 rolls."""
    q = ranged.Quadrant
    assert ranged.dodge_rolls_needed([q.FRONT, q.FRONT, q.LEFT]) == 2


def test_d16_euclidean_metres() -> None:
    """D-16: a diagonal step is sqrt(2) m, so (4, 4) is beyond 5 m."""
    assert ranged.distance_m((0, 0), (3, 4)) == 5
    assert ranged.defence_halved(ranged.distance_m((0, 0), (4, 4)), same_cluster=True)


def test_g_pct_2_layers_compound() -> None:
    """G-PCT-2 / G-PCT-1 (G-PCT-E1, E2): 50 -> 55 -> 66 -> 99; +30 % and +10 % -> 70."""
    assert bonuses.compound(50, [[10]]) == 55
    assert bonuses.compound(50, [[10], [20]]) == 66
    assert bonuses.compound(50, [[10], [20], [50]]) == 99
    assert bonuses.compound(50, [[30, 10]]) == 70


def test_g_bonus_enh_2_best_plus_one_all_combinable() -> None:
    """G-BONUS-ENH-2 / G-BONUS-ALL-2 (G-BONUS-E1, E2)."""
    assert bonuses.best_enhancement([20, 10], []) == 20
    assert bonuses.best_enhancement([20, 10], [15, 10]) == 35
