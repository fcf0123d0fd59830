"""Genesis gear rules: each test names its G- rule ID."""

from __future__ import annotations

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import gear


def test_g_armor_helmet_not_in_total_rs() -> None:
    """G-ARMOR-HELMET / G-ARMOR-SLOTS / G-ARMOR-UNDER / G-ARMOR-PLATING: helmet is excluded."""
    worn = {gear.ArmorSlot.MAIN: 4, gear.ArmorSlot.UNDER: 1, gear.ArmorSlot.PLATING: 2}
    worn[gear.ArmorSlot.HELMET] = 3
    assert gear.total_rs(worn) == 7
    assert len(gear.ArmorSlot) == 6


def test_g_armor_be_2_limits() -> None:
    """G-ARMOR-BE-1 / G-ARMOR-BE-2 / G-ARMOR-BE-3 (G-ARMOR-E1): ZF 15 -> 7, IZF 20 -> 3."""
    assert gear.be_limit_spell_caster(15) == 7
    assert gear.be_limit_intuitive(20) == 3
    assert gear.may_cast(7, 7) and not gear.may_cast(8, 7)


def test_g_throw_range_stone_hook_chair() -> None:
    """G-THROW-RANGE / G-THROW-RANGE-SPEC / G-THROW-HOOK / G-THROW-CHAIR (G-THROW-E1)."""
    assert gear.throw_range(25, 12, 10) == 47
    assert gear.throw_range(25, 12, 10, specialist=True) == 57
    assert gear.throw_range(10, 12, 10, halved=True) == 16
    assert gear.throw_range(0, 12, 10, halved=True) == 11


def test_g_throw_tp_bonus() -> None:
    """G-THROW-TP / G-THROW-STONE: (10 + 12) / 10 -> +2; stone AT +10."""
    assert gear.throw_tp_bonus(10, 12) == 2
    assert gear.stone_at_bonus(False) == 10


def test_g_throw_spec_1_two_stones_bonus_20() -> None:
    """G-THROW-SPEC-1 / G-THROW-4: the specialist throws two per half-KR at +20."""
    assert gear.stones_per_half_round(True) == 2
    assert gear.stones_per_half_round(False) == 1
    assert gear.stone_at_bonus(True) == 20


def test_g_shift_2_flat_2w6() -> None:
    """G-SHIFT-1 / G-SHIFT-2: one 2W6 AD per shifted KR."""
    roller = ScriptedRoller([3, 5])
    assert gear.shift_cost(roller) == 8
    assert roller.remaining == 0


def test_g_sprint_1w6_ad() -> None:
    """G-SPRINT: a full sprint costs 1W6 AD per 2 KR."""
    assert gear.sprint_cost(ScriptedRoller([4])) == 4


def test_g_surplus_4_ad_by_weight() -> None:
    """G-SURPLUS-4: light +1, semi-light +2, medium +3, heavy +4 AD."""
    assert gear.surplus_ad(["light", "semi_light", "medium", "heavy"]) == 10


def test_g_ini_malus_1_ranged_minus_10() -> None:
    """G-INI-MALUS-1 / G-INI-ROUND-2 (G-OPEN-2): shooters roll with INI -10."""
    assert gear.initiative_result(60, ScriptedRoller([20])) == 40
    assert gear.initiative_result(60, ScriptedRoller([20]), ranged=True) == 30


def test_g_twpn_4_set_size() -> None:
    """G-TWPN-4 (G-TWPN-E1): GW 2.5 -> three axes in hand."""
    assert gear.throwing_set_size(2.5) == 3
    assert gear.throwing_set_size(2) == 2
