"""Genesis general rules, armour by location, timing and single defence: G- rule IDs."""

from __future__ import annotations

import pytest

from game.rulesets.genesis.rules import gear, general, rounds
from game.rulesets.genesis.rules.gear import ArmorSlot
from game.rulesets.genesis.rules.general import Grip, Location

WORN = {
    ArmorSlot.MAIN: 4,
    ArmorSlot.UNDER: 1,
    ArmorSlot.SHIELD: 2,
    ArmorSlot.MAGIC_SHOULDER_PLATES: 1,
    ArmorSlot.PLATING: 2,
    ArmorSlot.HELMET: 3,
}


def test_g_gen_master_gm_ruling_wins() -> None:
    """G-GEN-MASTER: a GM ruling replaces the engine's value; without one the value stands."""
    assert general.gm_ruling(12, 20) == 20
    assert general.gm_ruling(12, None) == 12
    assert general.gm_ruling(True, False) is False


def test_g_gen_precedence_special_rule_overrides() -> None:
    """G-GEN-PRECEDENCE: an ability's own value overrides the general rule."""
    assert general.with_precedence(2, 1) == 1  # e.g. a faster weapon change than 2 KR
    assert general.with_precedence(2, None) == 2


def test_g_dmg_scar_above_three_ws() -> None:
    """G-DMG-SCAR (G-DMG-E1): WS 20, 61 SP leaves a scar, 60 SP does not."""
    assert general.leaves_scar(61, 20)
    assert not general.leaves_scar(60, 20)


def test_g_time_shot_timed_like_spells() -> None:
    """G-TIME-SHOT (G-TIME-E2): a shot of 3.1 to 4 s takes effect in second 5, KR 3."""
    assert general.shot_effect_second(4) == 5
    assert general.shot_effect_second(3.1) == 5
    assert rounds.kr_of_second(general.shot_effect_second(3.1)) == 3


def test_g_atpa_once_one_defence_per_attack() -> None:
    """G-ATPA-ONCE: a second PA against the same AT is refused."""
    assert general.single_defence({"at1": 1, "at2": 0})
    assert not general.single_defence({"at1": 2})


def test_g_armor_main_1_main_armour_not_on_the_head() -> None:
    """G-ARMOR-MAIN-1: the main armour protects the body but not the head."""
    assert general.covers(ArmorSlot.MAIN, Location.TORSO)
    assert not general.covers(ArmorSlot.MAIN, Location.HEAD)


def test_g_armor_main_2_standard_hits_land_on_the_torso() -> None:
    """G-ARMOR-MAIN-2 / G-ARMOR-HELMET: the torso RS equals the total RS (4+1+2+1+2)."""
    assert general.rs_at(WORN) == gear.total_rs(WORN) == 10


def test_g_armor_loc_rs_at_the_struck_spot() -> None:
    """G-ARMOR-LOC (G-RANGE-E3): a shot at the head counts helmet, under-armour, plates only."""
    assert general.rs_at(WORN, Location.HEAD) == 3 + 1 + 1


def test_g_armor_under_protects_body_and_head() -> None:
    """G-ARMOR-UNDER: under-armour protects where main armour and helmet protect."""
    assert general.covers(ArmorSlot.UNDER, Location.TORSO)
    assert general.covers(ArmorSlot.UNDER, Location.HEAD)


def test_g_armor_shoulder_whole_body() -> None:
    """G-ARMOR-SHOULDER: magical shoulder plates protect the whole body, head included."""
    assert all(general.covers(ArmorSlot.MAGIC_SHOULDER_PLATES, loc) for loc in Location)


def test_g_armor_plating_reinforces_the_main_armour() -> None:
    """G-ARMOR-PLATING: plating adds to the torso, where the main armour is."""
    assert general.rs_at({ArmorSlot.MAIN: 4, ArmorSlot.PLATING: 2}) == 6
    assert general.rs_at({ArmorSlot.MAIN: 4, ArmorSlot.PLATING: 2}, Location.HEAD) == 0


def test_g_armor_shield_1_three_grips() -> None:
    """G-ARMOR-SHIELD-1: weapon and shield, two weapons, or a two-handed weapon."""
    assert general.grip(["weapon", "shield"]) is Grip.WEAPON_AND_SHIELD
    assert general.grip(["weapon", "weapon"]) is Grip.TWO_WEAPONS
    assert general.grip(["two_handed"]) is Grip.TWO_HANDED
    with pytest.raises(ValueError):
        general.grip(["two_handed", "shield"])


def test_g_armor_shield_2_shield_adds_rs_and_pa() -> None:
    """G-ARMOR-SHIELD-2: a shield with PA +10 and RS 2 -> PA 60 -> 70, RS 4 -> 6."""
    assert general.shield_values(60, 4, shield_pa=10, shield_rs=2) == (70, 6)


def test_g_art_1_artefact_zw_halved() -> None:
    """G-ART-1: the maker's ZW 15 counts as 8 for a spell carrier (half rounds up, assumed)."""
    assert general.artefact_zw(15) == 8
    assert general.artefact_zw(14) == 7
