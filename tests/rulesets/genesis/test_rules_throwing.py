"""Genesis thrown objects and throwing weapons: each test names its G- rule ID."""

from __future__ import annotations

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import gear, rounds, shooting, throwing
from game.rulesets.genesis.rules.throwing import CHAIR, GRAPPLING_HOOK, STONE

# G-THROW-E1: KK 12, highest weapon talent 10, WTW 10.
KK, TALENT, WTW = 12, 10, 10


def test_g_throw_1_stone_is_the_guideline() -> None:
    """G-THROW-1 / G-THROW-STONE: stone AT +10, range base 25 m, TP 1W, shock damage 1."""
    assert (STONE.at_bonus, STONE.range_base_m, STONE.tp_dice, STONE.shock) == (10, 25, 1, 1)


def test_g_throw_2_throwing_wtw_is_the_highest_melee_wtw() -> None:
    """G-THROW-2: the throwing WTW equals the highest melee WTW, brawling included."""
    assert throwing.throwing_wtw({"sword": 8, "brawling": 10, "axe": 6}) == 10
    assert throwing.throwing_wtw({}) == 0


def test_g_throw_3_combat_range_equals_maximum_range() -> None:
    """G-THROW-3 / G-TWPN-1 (G-THROW-E1): a stone thrown 47 m has no distance penalty."""
    reach = throwing.object_range(STONE, KK, TALENT)
    assert reach == 47
    weapon = shooting.thrown_weapon(reach)
    assert weapon.combat_range_m == weapon.max_range_m == 47
    assert shooting.aimed_shot_modifier(47, weapon, "human", "running") == 0


def test_g_throw_other_objects_derived_from_the_stone() -> None:
    """G-THROW-OTHER / G-THROW-HOOK / G-THROW-CHAIR (G-THROW-E1): hook -20, 16 m; chair 11 m."""
    assert GRAPPLING_HOOK.at_bonus == STONE.at_bonus - 30 == -20
    assert throwing.object_range(GRAPPLING_HOOK, KK, TALENT) == 16
    assert (GRAPPLING_HOOK.tp_dice, GRAPPLING_HOOK.shock) == (STONE.tp_dice, STONE.shock)
    assert CHAIR.at_bonus == -30
    assert throwing.object_range(CHAIR, KK, TALENT) == 11
    assert CHAIR.gw_per_kr == 1.0
    cushion = throwing.derive_from_stone("cushion", -10, 5)
    assert (cushion.at_bonus, cushion.tp_dice, cushion.shock) == (0, 1, 1)


def test_chair_tp_bonus_1w6() -> None:
    """G-THROW-CHAIR: the chair adds 1W6 to the stone's 1W: d6 3 + d6 4 + 2 = 9 TP."""
    assert throwing.thrown_damage(ScriptedRoller([3, 4]), CHAIR, WTW, KK, False) == (9, 1)


def test_g_throw_spec_2_specialist_adds_1w6_and_shock() -> None:
    """G-THROW-SPEC-2 / G-THROW-TP (G-THROW-E1): 1W + 2, as specialist + 1W6 and shock 2."""
    assert throwing.thrown_damage(ScriptedRoller([4]), STONE, WTW, KK, False) == (6, 1)
    assert throwing.thrown_damage(ScriptedRoller([4, 5]), STONE, WTW, KK, True) == (11, 2)


def test_g_throw_spec_1_specialist_stone_at_bonus() -> None:
    """G-THROW-SPEC-1 / G-THROW-RANGE-SPEC: +20 AT, 57 m; other objects keep their bonus."""
    assert throwing.object_at_bonus(STONE, specialist=True) == 20
    assert throwing.object_at_bonus(STONE, specialist=False) == 10
    assert throwing.object_at_bonus(GRAPPLING_HOOK, specialist=True) == -20
    assert throwing.object_range(STONE, KK, TALENT, specialist=True) == 57


def test_g_throw_height_half_the_distance() -> None:
    """G-THROW-HEIGHT (G-THROW-E1): 47 m -> about 23.5 m high."""
    assert throwing.max_height(47) == 23.5


def test_g_twpn_height_half_the_distance() -> None:
    """G-TWPN-HEIGHT: a throwing weapon with 30 m range reaches about 15 m high."""
    assert throwing.max_height(throwing.throwing_weapon_range(10, 12, 8)) == 15


def test_g_twpn_range_rw_kk_talent() -> None:
    """G-TWPN-RANGE: RW 10 + KK 12 + throwing talent 8 = 30 m."""
    assert throwing.throwing_weapon_range(10, 12, 8) == 30


def test_g_twpn_2_weapons_come_in_sets() -> None:
    """G-TWPN-2 / G-TWPN-4 (G-TWPN-E1): GW 2.5 -> a set of 3 axes, one at half value."""
    size = gear.throwing_set_size(2.5)
    assert size == 3
    assert throwing.set_throws(size, 2.5) == [False, False, True]
    assert throwing.set_throws(gear.throwing_set_size(3), 3) == [False, False, False]


def test_g_twpn_3_set_thrown_over_at_and_pa_round_without_shift() -> None:
    """G-TWPN-3: throws from a drawn set in the PA round need no shift; single ones do."""
    assert not throwing.throw_needs_shift(from_drawn_set=True, in_parry_round=True)
    assert throwing.throw_needs_shift(from_drawn_set=False, in_parry_round=True)
    assert not throwing.throw_needs_shift(from_drawn_set=False, in_parry_round=False)


def test_g_twpn_5_one_and_a_half_in_one_half_kr() -> None:
    """G-TWPN-5 (G-TWPN-E1): GW 2.5 -> 1.5 in the first or the second half-KR, 1 in the other."""
    assert rounds.gw_split(2.5, more_first=True) == (1.5, 1)
    assert rounds.gw_split(2.5, more_first=False) == (1, 1.5)


def test_g_twpn_6_new_set_costs_half_a_kr() -> None:
    """G-TWPN-6 (G-TWPN-E1): with the set used up, drawing another costs ½ KR."""
    assert throwing.redraw_cost_kr(left_in_set=1, carried=6) == 0.0
    assert throwing.redraw_cost_kr(left_in_set=0, carried=6) == 0.5
    assert throwing.redraw_cost_kr(left_in_set=0, carried=0) is None
