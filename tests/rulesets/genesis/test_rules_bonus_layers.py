"""Genesis bonus layers, combination rules and percentages: each test names its G- rule ID."""

from __future__ import annotations

from game.rulesets.genesis.rules import bonus_layers as bl
from game.rulesets.genesis.rules.bonus_layers import Ability, Bonus, BonusLayer, Duration

P, ENH = BonusLayer.PASSIVE, BonusLayer.COMBAT_ENHANCEMENT
ACT, KRA = BonusLayer.ACTIVE, BonusLayer.ROUND_ACTIVE


def test_bonus_types_by_duration() -> None:
    """G-BONUS-PASSIVE-1 / G-BONUS-ACTIVE-1 / G-BONUS-KR-1 / G-BONUS-ENH-1: type by duration."""
    assert bl.layer_for(Duration.LASTING) is P
    assert bl.layer_for(Duration.ACTION) is ACT
    assert bl.layer_for(Duration.SECONDS) is KRA
    assert bl.layer_for(Duration.COMBAT) is ENH


def test_g_bonus_passive_2_passives_all_count() -> None:
    """G-BONUS-PASSIVE-2 / G-PCT-1 (G-PCT-E2): +30 % and +10 % passive on 50 TP -> 70."""
    bonuses = [Bonus(P, "TP", percent=30), Bonus(P, "TP", percent=10), Bonus(P, "TP", absolute=0)]
    assert bl.effective_value(50, bonuses, "TP") == 70


def test_g_pct_2_layers_compound_in_order() -> None:
    """G-PCT-2 (G-PCT-E1): 50 TP, passive +10 %, enhancement +20 %, Megaschlag +50 % -> 99."""
    bonuses = [
        Bonus(ACT, "TP", percent=50),
        Bonus(P, "TP", percent=10),
        Bonus(ENH, "TP", percent=20),
    ]
    assert bl.effective_value(50, bonuses, "TP") == 99


def test_g_pct_3_absolute_bonus_is_compounded() -> None:
    """G-PCT-3 (G-OPEN-17): passive +10 absolute on 50, then +20 % -> 72, not 70."""
    bonuses = [Bonus(P, "TP", absolute=10), Bonus(ENH, "TP", percent=20)]
    assert bl.effective_value(50, bonuses, "TP") == 72


def test_g_bonus_enh_2_only_the_best_enhancement_counts() -> None:
    """G-BONUS-ENH-2 / G-BONUS-ENH-3 (G-BONUS-E1): {+20 AT, +10 TP} with {+10 AT, +20 TP}."""
    first = [Bonus(ENH, "AT", absolute=20, source="e1"), Bonus(ENH, "TP", absolute=10, source="e1")]
    second = [
        Bonus(ENH, "AT", absolute=10, source="e2"),
        Bonus(ENH, "TP", absolute=20, source="e2"),
    ]
    assert bl.effective_value(50, first + second, "AT") == 70
    assert bl.effective_value(50, first + second, "TP") == 70


def test_g_bonus_all_1_all_combinable_adds_on_top() -> None:
    """G-BONUS-ALL-1 / G-BONUS-ALL-2 (G-BONUS-E2): +20 best, +15 one all-combinable -> +35."""
    bonuses = [
        Bonus(ENH, "AT", absolute=20),
        Bonus(ENH, "AT", absolute=10),
        Bonus(ENH, "AT", absolute=15, all_combinable=True),
        Bonus(ENH, "AT", absolute=10, all_combinable=True),
    ]
    assert bl.effective_value(50, bonuses, "AT") == 85
    assert [b.absolute for b in bl.counted_enhancements(bonuses, "AT")] == [20, 15]


def test_g_bonus_enh_4_worst_negative_enhancement_counts() -> None:
    """G-BONUS-ENH-4 (G-OPEN-17): -10 and -20 AT maluses -> only -20; with +15 best -> -5."""
    bonuses = [
        Bonus(ENH, "AT", absolute=-10),
        Bonus(ENH, "AT", absolute=-20),
        Bonus(ENH, "AT", absolute=15),
    ]
    assert bl.effective_value(50, bonuses, "AT") == 45


def test_layers_keep_their_own_combination_rules() -> None:
    """G-BONUS-ACTIVE-5 / G-BONUS-KR-3 / G-BONUS-ENH-5: the rules of one type leave the others.

    Two enhancements reduce to the best, but the active and KR-active bonuses on the same
    value still all count.
    """
    bonuses = [
        Bonus(ENH, "AT", absolute=20),
        Bonus(ENH, "AT", absolute=10),
        Bonus(ACT, "AT", absolute=10),
        Bonus(KRA, "AT", absolute=5),
    ]
    assert bl.effective_value(50, bonuses, "AT") == 85


def test_g_bonus_active_2_two_active_abilities_not_in_one_action() -> None:
    """G-BONUS-ACTIVE-2: Spezial + Megaschlag in one action no; plus an all-combinable yes."""
    mega, special = Ability("megaschlag"), Ability("special_at")
    extra = Ability("battle_fury", all_combinable=True)
    assert not bl.action_combination_allowed([mega, special])
    assert bl.action_combination_allowed([mega, extra])


def test_g_bonus_active_3_one_of_a_kind_per_kr() -> None:
    """G-BONUS-ACTIVE-3: two Megaschläge of the same class in one KR are not allowed."""
    assert not bl.round_uses_allowed([Ability("megaschlag"), Ability("megaschlag")])


def test_g_bonus_active_4_classes_count_separately() -> None:
    """G-BONUS-ACTIVE-4: Megaschlag I and II, or a special and a lesser special AT, per KR."""
    assert bl.round_uses_allowed([Ability("megaschlag", 1), Ability("megaschlag", 2)])
    assert bl.round_uses_allowed([Ability("special_at"), Ability("lesser_special_at")])


def test_g_bonus_kr_2_kr_active_not_at_the_same_time() -> None:
    """G-BONUS-KR-2: two KR-active abilities at once no, unless all-combinable."""
    assert not bl.round_active_combination_allowed([Ability("veil"), Ability("haste")])
    assert bl.round_active_combination_allowed(
        [Ability("veil"), Ability("rage", all_combinable=True)]
    )


def test_g_bonus_kr_4_once_per_combat() -> None:
    """G-BONUS-KR-4: a KR-active ability once per combat unless it says otherwise."""
    haste = Ability("haste")
    assert bl.round_active_available(haste, [])
    assert not bl.round_active_available(haste, [haste])
    assert bl.round_active_available(Ability("haste", repeatable=True), [haste])
