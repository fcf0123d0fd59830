"""Damage, life points, armour, crits, SAF, body zones: sections 13-19, 24, 25; D-4, D-5."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import RandomRoller, ScriptedRoller
from game.board.grid import Cover
from game.rulesets.entaria.rules import terms
from game.rulesets.entaria.rules.armour import (
    BLOCKING_STANCE_ARMOUR,
    ArmourEffects,
    ArmourPiece,
    armour_side_effects,
    blocking_stance_bonus,
    effective_armour,
)
from game.rulesets.entaria.rules.checks import Crit, impulse_gain, success_roll
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.criticals import (
    SAF_TABLE,
    critical_failure_effects,
    resolve_saf_save,
    saf_applies,
    saf_for,
    saf_insanity_check,
    saf_zone,
)
from game.rulesets.entaria.rules.damage import (
    HAZARDS,
    ZERO_G_DIRECTIONS,
    ZERO_G_HURL_FIELDS,
    Affinity,
    BodyZone,
    Damage,
    DamageType,
    LifeState,
    apply_damage,
    body_zone,
    combine_affinities,
    conditions_for_life_state,
    damage_from_die,
    damage_roll,
    hazard_damage,
    life_state,
    nonlethal_allowed,
    pick_limb,
    random_body_zone,
    shards_damage,
    zero_g_direction,
    zero_g_knockaway_save,
    zero_g_save_required,
)
from game.rulesets.entaria.rules.healing import (
    STABLE_COMA_CONDITIONS,
    STABLE_COMA_END_CONDITION,
    heal,
    rest_lp,
    revival_cost,
    revive,
    revive_modifier,
    stabilize,
    stabilize_modifier,
    stable_coma_ends,
)
from game.rulesets.entaria.rules.terms import ArmorCategory, Attribute, Condition

rule = pytest.mark.rule

# --- D-4: the damage formula -------------------------------------------------------------------


@rule("EX-DMG-1", "E-DMG-2", "D-4")
def test_ex_dmg_1_laser_rifle_sw5_d6_3_no_armour_deals_8_and_leaves_3_lp() -> None:
    damage = damage_roll(5, ScriptedRoller([3]))
    assert damage == Damage(die=3, raw=8, final=8)
    assert apply_damage(11, damage.final) == 3
    assert life_state(3) is LifeState.OK


@rule("E-DMG-2", "E-ARMOR-1", "D-4")
def test_armour_is_subtracted_from_sw_plus_d6() -> None:
    assert damage_roll(5, ScriptedRoller([4]), armour=3) == Damage(4, 6, 6)


@rule("E-DMG-3", "D-4")
def test_melee_damage_bonus_nsb_is_added_to_the_sw() -> None:
    assert damage_roll(3, ScriptedRoller([2]), bonus=2, armour=1).raw == 6
    assert damage_roll(3, ScriptedRoller([2]), armour=1).raw == 4


@rule("E-DMG-1", "E-TERRAIN-SHARDS")
def test_glass_shards_use_the_same_procedure_sw1_piercing() -> None:
    """E-DMG-1: the procedure applies outside attacks too; shards are SW 1 Stich."""
    assert shards_damage(ScriptedRoller([4]), armour=2) == Damage(4, 3, 3)
    assert shards_damage(ScriptedRoller([1]), armour=5) == Damage(1, 0, 0)
    assert HAZARDS["shards"].sw == 1
    assert HAZARDS["shards"].damage_type is DamageType.PIERCING


@rule("E-MOUNT-6")
def test_failed_mounting_of_a_running_mount_is_sw1_wucht_and_prone() -> None:
    hazard = HAZARDS["mount_fall"]
    assert (hazard.sw, hazard.damage_type, hazard.condition) == (
        1,
        DamageType.BLUDGEONING,
        Condition.PRONE,
    )
    assert hazard_damage(hazard, ScriptedRoller([6])).final == 7


@rule("E-MOUNT-8")
def test_thrown_off_a_mount_is_sw3_wucht_and_prone() -> None:
    hazard = HAZARDS["thrown_off_mount"]
    assert (hazard.sw, hazard.damage_type, hazard.condition) == (
        3,
        DamageType.BLUDGEONING,
        Condition.PRONE,
    )
    assert hazard_damage(hazard, ScriptedRoller([2]), armour=1).final == 4


@rule("E-OPEN-13", "D-4")
def test_armour_above_the_roll_gives_zero_never_healing() -> None:
    assert damage_roll(1, ScriptedRoller([1]), armour=10) == Damage(1, 0, 0)
    assert damage_roll(1, ScriptedRoller([1]), armour=10, crit=True).final == 0
    assert apply_damage(5, 0) == 5


@rule("E-CRIT-HIT-2", "E-OPEN-13", "D-4")
def test_critical_hit_doubles_the_damage_after_armour() -> None:
    damage = damage_roll(5, ScriptedRoller([3]), armour=2, crit=True)
    assert damage == Damage(die=3, raw=6, final=12)  # (5 + 3 - 2) x 2, not (5 + 3) x 2 - 2


@rule("E-RES-1", "E-OPEN-13", "D-4")
def test_resistance_halves_after_armour_rounding_down() -> None:
    assert damage_roll(4, ScriptedRoller([3]), armour=2, affinity=Affinity.RESISTANT).final == 2
    assert damage_roll(4, ScriptedRoller([4]), armour=2, affinity=Affinity.RESISTANT).final == 3
    # crit and resistance: one rounding at the end: 7 x 2 // 2 = 7
    assert damage_from_die(5, 2, crit=True, affinity=Affinity.RESISTANT).final == 7


@rule("E-RES-2")
def test_immunity_takes_no_damage_even_on_a_crit() -> None:
    assert damage_roll(20, ScriptedRoller([6]), crit=True, affinity=Affinity.IMMUNE).final == 0


@rule("E-RES-4", "D-4")
def test_sensitivity_doubles_after_armour_and_stacks_with_the_crit() -> None:
    assert damage_roll(4, ScriptedRoller([3]), armour=2, affinity=Affinity.SENSITIVE).final == 10
    assert damage_from_die(4, 3, armour=2, crit=True, affinity=Affinity.SENSITIVE).final == 20


@rule("E-RES-3", "E-OPEN-13")
def test_combine_affinities_immunity_wins_and_resistance_cancels_sensitivity() -> None:
    assert combine_affinities(True, True, False) is Affinity.NORMAL
    assert combine_affinities(True, False, False) is Affinity.RESISTANT
    assert combine_affinities(False, True, False) is Affinity.SENSITIVE
    assert combine_affinities(True, True, True) is Affinity.IMMUNE
    assert combine_affinities(False, False, False) is Affinity.NORMAL
    # E-RES-3: an immunity to a condition keeps off the SAF that would give it
    assert not saf_applies(immune_to_type=False, immune_to_condition=True)


@rule("E-DMGTYPE-2")
def test_exactly_eleven_damage_types_reexported_from_terms() -> None:
    assert DamageType is terms.DamageType
    assert len(DamageType) == 11
    assert {t.value for t in DamageType} == {
        "Stich",
        "Hieb",
        "Wucht",
        "Gift",
        "Feuer",
        "Kälte",
        "Strahlung",
        "Nekro",
        "Mental",
        "Energie",
        "Chemie",
    }


@rule("E-DMGTYPE-1", "E-DMGTYPE-3")
def test_every_damage_source_has_a_type_and_the_type_selects_the_saf() -> None:
    assert all(isinstance(h.damage_type, DamageType) for h in HAZARDS.values())
    assert set(SAF_TABLE) == set(DamageType)
    assert all(SAF_TABLE[t].damage_type is t for t in DamageType)
    conditions = [SAF_TABLE[t].condition for t in DamageType if SAF_TABLE[t].condition]
    assert len(conditions) == len(set(conditions)) == 10  # Nekro alone has none


@settings(max_examples=200, deadline=None)
@given(
    sw=st.integers(0, 20),
    armour=st.integers(0, 30),
    bonus=st.integers(-3, 6),
    die=st.integers(1, 6),
    crit=st.booleans(),
    affinity=st.sampled_from(list(Affinity)),
)
def test_damage_is_never_negative_d4(
    sw: int, armour: int, bonus: int, die: int, crit: bool, affinity: Affinity
) -> None:
    """D-4 / E-OPEN-13: whatever the inputs, damage is never negative."""
    roller = ScriptedRoller([die])
    damage = damage_roll(sw, roller, bonus=bonus, armour=armour, crit=crit, affinity=affinity)
    assert damage.raw == max(0, sw + die + bonus - armour)
    assert damage.final >= 0
    if affinity is Affinity.NORMAL:
        assert damage.final == damage.raw * (2 if crit else 1)


def test_damage_rejects_a_negative_armour_and_impossible_die() -> None:
    with pytest.raises(ValueError):
        damage_from_die(3, 7)
    with pytest.raises(ValueError):
        damage_from_die(3, 2, armour=-1)
    with pytest.raises(ValueError):
        apply_damage(3, -1)


# --- D-5: life points ------------------------------------------------------------------------


@rule("E-LP-1", "D-5")
def test_lp_one_or_more_is_ok_without_conditions() -> None:
    assert life_state(1) is LifeState.OK
    assert life_state(40) is LifeState.OK
    assert conditions_for_life_state(LifeState.OK) == frozenset()


@rule("E-LP-2", "D-5")
def test_lp_zero_is_unconscious() -> None:
    assert life_state(0) is LifeState.UNCONSCIOUS
    assert conditions_for_life_state(LifeState.UNCONSCIOUS) == {Condition.UNCONSCIOUS}


@rule("E-LP-3", "E-COND-STERBEND-1", "D-5")
def test_lp_minus_1_to_minus_9_is_dying_with_unconscious_and_wounded() -> None:
    assert all(life_state(lp) is LifeState.DYING for lp in range(-9, 0))
    assert conditions_for_life_state(LifeState.DYING) == {
        Condition.DYING,
        Condition.UNCONSCIOUS,
        Condition.WOUNDED,
    }


@rule("E-LP-4", "D-5")
def test_lp_minus_10_or_lower_is_dead() -> None:
    assert life_state(-10) is LifeState.DEAD
    assert life_state(-99) is LifeState.DEAD
    assert conditions_for_life_state(LifeState.DEAD) == {Condition.DEAD}


@rule("E-LP-ENEMY-1", "D-5")
def test_simplified_enemies_die_at_zero() -> None:
    assert life_state(0, simplified_enemy=True) is LifeState.DEAD
    assert life_state(-3, simplified_enemy=True) is LifeState.DEAD
    assert life_state(1, simplified_enemy=True) is LifeState.OK
    assert life_state(0) is LifeState.UNCONSCIOUS  # the flag is off by default
    assert apply_damage(4, 9, simplified_enemy=True) == 0


@rule("E-NONLETHAL-2", "E-NONLETHAL-3")
def test_nonlethal_damage_stops_at_zero_which_is_unconscious() -> None:
    assert apply_damage(3, 8, nonlethal=True) == 0
    assert life_state(apply_damage(3, 8, nonlethal=True)) is LifeState.UNCONSCIOUS
    assert apply_damage(10, 4, nonlethal=True) == 6
    assert apply_damage(3, 8) == -5


@rule("E-NONLETHAL-1")
def test_nonlethal_only_unarmed_or_with_a_bludgeoning_melee_weapon() -> None:
    assert nonlethal_allowed(DamageType.BLUDGEONING, unarmed=True, melee=True)
    assert nonlethal_allowed(DamageType.BLUDGEONING, unarmed=False, melee=True)
    assert not nonlethal_allowed(DamageType.SLASHING, unarmed=False, melee=True)
    assert not nonlethal_allowed(DamageType.BLUDGEONING, unarmed=False, melee=False, ranged=True)


@rule("E-COND-STERBEND-2")
def test_no_healing_while_dying() -> None:
    assert heal(-4, 6, dying=True) == -4
    assert heal(-4, 6, dying=False) == 2
    assert heal(8, 6, dying=False, max_lp=10) == 10


@rule("E-LP-2", "E-REST-1", "E-OPEN-34")
def test_rest_at_zero_lp_gives_exactly_one_lp_else_constitution() -> None:
    assert rest_lp(0, 8) == 1
    assert rest_lp(3, 8) == 11
    assert rest_lp(3, 8, max_lp=9) == 9


@rule("E-COND-STABILESKOMA-1", "E-COND-STABILESKOMA-2", "E-COND-STABILESKOMA-3")
def test_stable_coma_is_unconscious_until_one_lp_then_exhausted() -> None:
    assert Condition.UNCONSCIOUS in STABLE_COMA_CONDITIONS
    assert not stable_coma_ends(0)
    assert not stable_coma_ends(-3)
    assert stable_coma_ends(1)
    assert STABLE_COMA_END_CONDITION is Condition.EXHAUSTED


@rule("E-LP-5", "E-OPEN-33")
def test_kep_of_a_synt_read_like_lp() -> None:
    from game.rulesets.entaria.rules.objects import synt_life_state

    assert [synt_life_state(k) for k in (1, 0, -5, -10)] == [
        LifeState.OK,
        LifeState.UNCONSCIOUS,
        LifeState.DYING,
        LifeState.DEAD,
    ]


# --- Stabilisieren and Wiederbeleben ---------------------------------------------------------


@rule("EX-STAB-1", "E-ACT-VH-STABILISIEREN-1", "E-COND-STERBEND-1")
def test_ex_stab_1_modifier_follows_the_negative_lp() -> None:
    assert stabilize_modifier(-2) == -2
    lp = apply_damage(-2, 1)  # Sterbend/Verletzt: 1 LP at the start of his turn
    assert stabilize_modifier(lp) == -3
    # Valina (Intelligenz 6): d20 10 + 6 - 2 = 14 < 15 fails; next round 12 + 6 - 3 = 15 succeeds
    first = stabilize(6, -2, ScriptedRoller([10]))
    second = stabilize(6, -3, ScriptedRoller([12]))
    assert (first.total, first.success) == (14, False)
    assert (second.total, second.success) == (15, True)
    # Only a Sterbend target (LP -1..-9, D-5) can be stabilised: not at 0, not when Tod.
    for not_dying in (3, 0, -10, -12):
        with pytest.raises(ValueError):
            stabilize_modifier(not_dying)
    assert stabilize_modifier(-9) == -9


@rule("E-ACT-VH-STABILISIEREN-2", "E-COND-STERBEND-3", "E-OPEN-34")
def test_stabilised_creature_keeps_negative_lp_in_stable_coma() -> None:
    assert Condition.STABLE_COMA in STABLE_COMA_CONDITIONS
    # Sterbend is gone, and with it Verletzt: no more LP lost per round
    assert Condition.DYING not in STABLE_COMA_CONDITIONS
    assert Condition.WOUNDED not in STABLE_COMA_CONDITIONS
    assert not stable_coma_ends(-3)  # LP stay at -3 until healed


@rule("EX-REVIVE-1", "E-ACT-LH-WIEDERBELEBEN-2", "E-ACT-LH-WIEDERBELEBEN-3", "E-OPEN-35")
def test_ex_revive_1_wm_minus_1_then_minus_2_and_three_minutes_cost() -> None:
    start = 1.0  # one minute passes before help arrives
    assert revive_modifier(start) == -1
    assert revive_modifier(start + 1) == -2  # each attempt takes a minute
    cost = revival_cost(start + 2)
    assert (cost.essence_loss, cost.insanity_checks) == (3, 3)
    assert revive_modifier(2.9) == -2  # full minutes only


@rule("E-ACT-LH-WIEDERBELEBEN-1", "E-ACT-LH-WIEDERBELEBEN-4", "E-ACT-LH-WIEDERBELEBEN-5")
def test_revive_is_intelligence_vs_15_minus_minutes() -> None:
    roll = revive(7, 2.5, ScriptedRoller([10]))
    assert (roll.total, roll.target, roll.success) == (15, 15, True)
    assert revival_cost(0.5).essence_loss == 0


# --- Armour ----------------------------------------------------------------------------------

VEST = ArmourPiece(3, ArmorCategory.WORN, "Panzerweste")
JACKET = ArmourPiece(2, ArmorCategory.WORN, "Panzerjacke")
SHIELD = ArmourPiece(3, ArmorCategory.COVER, "Schild")
DERMAL = ArmourPiece(1, ArmorCategory.DERMAL, "Hornhaut")
FIELD = ArmourPiece(2, ArmorCategory.FORCE_FIELD, "Energiefeld")


@rule("E-ARMOR-STACK-1", "E-OPEN-36", "E-ARMOR-CAT-WORN")
def test_same_category_does_not_stack_highest_counts() -> None:
    assert effective_armour([VEST, VEST]) == 3
    assert effective_armour([JACKET, VEST]) == 3
    assert effective_armour([VEST, JACKET]) == 3


@rule("E-ARMOR-STACK-2", "E-ARMOR-CAT-DERMAL", "E-ARMOR-CAT-FORCEFIELD")
def test_categories_add_up() -> None:
    assert effective_armour([VEST, DERMAL]) == 4
    assert effective_armour([VEST, DERMAL, FIELD, SHIELD]) == 9


@rule("E-ARMOR-CAT-COVER", "E-COVER-3", "E-COVER-4", "E-COVER-5", "E-OPEN-36", "D-4")
def test_cover_is_cover_armour_competing_with_a_shield() -> None:
    assert effective_armour([VEST], cover=Cover.PARTIAL) == 5
    assert effective_armour([VEST], cover=Cover.FULL) == 8
    assert effective_armour([SHIELD], cover=Cover.PARTIAL) == 3  # shield 3 beats +2
    assert effective_armour([SHIELD], cover=Cover.FULL) == 5  # +5 beats the shield
    assert effective_armour([], cover=Cover.NONE) == 0
    # The cover's Panzerung is sight's cover_bonus, the same numbers the attack uses.
    for level in Cover:
        assert effective_armour([], cover=level) == cover_bonus(level).armour


@rule("E-ACT-VH-BLOCKADE", "E-OPEN-36")
def test_blocking_stance_adds_two_against_melee_outside_the_categories() -> None:
    assert BLOCKING_STANCE_ARMOUR == 2
    melee = blocking_stance_bonus(blocking=True, melee=True)
    ranged = blocking_stance_bonus(blocking=True, melee=False)
    assert (melee, ranged) == (2, 0)
    assert effective_armour([SHIELD], cover=Cover.FULL, situational=melee) == 7


@rule("E-ARMOR-2")
def test_armour_side_effects_add_for_every_piece_worn() -> None:
    heavy = ArmourPiece(5, ArmorCategory.WORN, "Kampfpanzerung", movement=-1, initiative=-2)
    assert armour_side_effects([heavy, VEST]) == ArmourEffects(-1, -2, 0)
    assert armour_side_effects([heavy, heavy]).initiative == -4
    with pytest.raises(ValueError):
        ArmourPiece(-1, ArmorCategory.WORN)


# --- Crits -----------------------------------------------------------------------------------


@rule("E-CRIT-HIT-1", "E-CRIT-HIT-4")
def test_natural_20_hits_whatever_the_total_and_adds_an_impulse() -> None:
    roll = success_roll(-30, 15, ScriptedRoller([20]))
    assert roll.success and roll.crit is Crit.SUCCESS
    assert impulse_gain(roll, rolled_by_player_character=True) == 1


@rule("E-CRIT-HIT-3", "E-OPEN-30")
def test_critical_hit_brings_the_weapon_types_saf() -> None:
    assert damage_roll(3, ScriptedRoller([2]), crit=True).final == 10
    assert saf_applies(immune_to_type=False, immune_to_condition=False)
    assert saf_for(DamageType.FIRE).condition is Condition.BURNING


@rule("E-CRIT-FAIL-1")
def test_natural_1_misses_however_high_the_total() -> None:
    roll = success_roll(40, 15, ScriptedRoller([1]))
    assert roll.success is False and roll.crit is Crit.FAILURE


@rule("E-CRIT-FAIL-2", "E-CRIT-FAIL-3", "E-CRIT-FAIL-4", "E-OPEN-30", "E-OPEN-3")
def test_critical_failure_forfeits_the_turn_and_empties_only_a_magazine() -> None:
    ranged = critical_failure_effects(is_ranged=True, has_magazine=True)
    assert ranged.forfeit_rest_of_turn and ranged.empty_magazine and ranged.impulse == 1
    thrown = critical_failure_effects(is_ranged=True, has_magazine=False)
    assert not thrown.empty_magazine and thrown.forfeit_rest_of_turn
    melee = critical_failure_effects(is_ranged=False, has_magazine=True)
    assert not melee.empty_magazine
    npc = critical_failure_effects(is_ranged=False, has_magazine=False, player_character=False)
    assert npc.impulse == 0


SAVED_SAF = [
    ("E-CRIT-SAF-STICH", DamageType.PIERCING, Condition.BLEEDING, Attribute.REFLEXES),
    ("E-CRIT-SAF-HIEB", DamageType.SLASHING, Condition.STUNNED, Attribute.CONSTITUTION),
    ("E-CRIT-SAF-GIFT", DamageType.POISON, Condition.POISONED, Attribute.CONSTITUTION),
    ("E-CRIT-SAF-FEUER", DamageType.FIRE, Condition.BURNING, Attribute.DEXTERITY),
    ("E-CRIT-SAF-KAELTE", DamageType.COLD, Condition.HYPOTHERMIC, Attribute.CONSTITUTION),
    ("E-CRIT-SAF-MENTAL-1", DamageType.MENTAL, Condition.IN_PAIN, Attribute.INTELLIGENCE),
    ("E-CRIT-SAF-ENERGIE", DamageType.ENERGY, Condition.CRAMPED, Attribute.REFLEXES),
    ("E-CRIT-SAF-CHEMIE-1", DamageType.CHEMICAL, Condition.CORRODED, Attribute.CONSTITUTION),
]


@pytest.mark.parametrize(
    ("rule_id", "damage_type", "condition", "attribute"),
    [pytest.param(*row, marks=rule(row[0]), id=row[0]) for row in SAVED_SAF],
)
def test_saf_with_an_end_of_turn_save_vs_15(
    rule_id: str, damage_type: DamageType, condition: Condition, attribute: Attribute
) -> None:
    """The eight SAF that a Rettungswurf vs ZW 15 ends (IDs in SAVED_SAF); E-OPEN-32."""
    effect = saf_for(damage_type)
    assert (effect.condition, effect.save_attribute, effect.save_target) == (
        condition,
        attribute,
        15,
    )
    passed = resolve_saf_save(5, ScriptedRoller([10]), effect)
    failed = resolve_saf_save(5, ScriptedRoller([9]), effect)
    assert passed is not None and passed.success
    assert failed is not None and not failed.success


@rule("E-CRIT-SAF-WUCHT")
def test_wucht_saf_is_prone_until_standing_up_without_a_save() -> None:
    effect = saf_for(DamageType.BLUDGEONING)
    assert effect.condition is Condition.PRONE
    assert effect.save_attribute is None
    assert "Positionsänderung" in effect.ends_how
    roller = ScriptedRoller([])
    assert resolve_saf_save(10, roller, effect) is None  # no die is rolled


@rule("E-CRIT-SAF-STRAHLUNG")
def test_strahlung_saf_needs_medical_help_biotech_15() -> None:
    effect = saf_for(DamageType.RADIATION)
    assert effect.condition is Condition.IRRADIATED
    assert effect.save_attribute is None and effect.cure_target == 15
    assert "Biotech" in effect.ends_how
    assert resolve_saf_save(10, ScriptedRoller([]), effect) is None


@rule("E-CRIT-SAF-NEKRO", "E-OPEN-29")
def test_nekro_saf_rots_the_zone_from_a_separate_d20() -> None:
    effect = saf_for(DamageType.NECROTIC)
    assert effect.condition is None and effect.limb_rots and effect.needs_zone
    assert saf_zone(20, ScriptedRoller([5])) is BodyZone.LEFT_LEG  # reading B: own d20
    roller = ScriptedRoller([])
    assert saf_zone(20, roller, crit_zone_from_attack_die=True) is BodyZone.HEAD  # reading A


@rule("E-CRIT-SAF-MENTAL-2")
def test_mental_saf_insanity_check_from_ten_damage() -> None:
    effect = saf_for(DamageType.MENTAL)
    assert saf_insanity_check(effect, 10)
    assert not saf_insanity_check(effect, 9)
    assert not saf_insanity_check(saf_for(DamageType.FIRE), 30)


@rule("E-CRIT-SAF-CHEMIE-2")
def test_chemie_saf_destroys_equipment_on_the_hit_zone() -> None:
    effect = saf_for(DamageType.CHEMICAL)
    assert effect.destroys_equipment_on_zone and effect.needs_zone
    assert not saf_for(DamageType.PIERCING).destroys_equipment_on_zone


@rule("E-OPEN-32", "D-12")
def test_saf_applies_on_every_crit_unless_immune() -> None:
    """D-12 overrides E-OPEN-32's "damaging hit": a crit armour soaks to 0 brings it too."""
    assert saf_applies(immune_to_type=False, immune_to_condition=False)
    assert not saf_applies(immune_to_type=True, immune_to_condition=False)
    assert not saf_applies(immune_to_type=False, immune_to_condition=True)


# --- Body zones ------------------------------------------------------------------------------

ZONES = {
    BodyZone.RIGHT_ARM: {1, 11},
    BodyZone.LEFT_ARM: {2, 12},
    BodyZone.RIGHT_LEG: {3, 4, 13, 14},
    BodyZone.LEFT_LEG: {5, 6, 15, 16},
    BodyZone.TORSO: {7, 8, 9, 17, 18, 19},
    BodyZone.HEAD: {10, 20},
}


@rule("E-BODY-1", "E-BODY-RARM", "E-BODY-LARM", "E-BODY-RLEG")
@rule("E-BODY-LLEG", "E-BODY-TORSO", "E-BODY-HEAD")
def test_body_zone_table() -> None:
    for zone, faces in ZONES.items():
        assert {d for d in range(1, 21) if body_zone(d) is zone} == faces
    with pytest.raises(ValueError):
        body_zone(0)
    with pytest.raises(ValueError):
        body_zone(21)


@rule("E-BODY-2")
def test_damage_without_an_attack_rolls_its_own_d20() -> None:
    roller = ScriptedRoller([18])
    assert random_body_zone(roller) is BodyZone.TORSO
    assert roller.rolled == [(20, 18)]


@rule("E-BODY-3")
def test_more_than_two_limbs_are_chosen_at_random() -> None:
    roller = ScriptedRoller([3])
    assert pick_limb(BodyZone.LEFT_ARM, 4, roller) == 3
    assert roller.rolled == [(4, 3)]
    assert pick_limb(BodyZone.RIGHT_LEG, 2, ScriptedRoller([])) == 1
    assert pick_limb(BodyZone.LEFT_LEG, 2, ScriptedRoller([])) == 2
    with pytest.raises(ValueError):
        pick_limb(BodyZone.HEAD, 4, ScriptedRoller([1]))


# --- Zero-G ----------------------------------------------------------------------------------


@rule("E-ZEROG-3", "E-OPEN-46")
def test_wucht_in_weightlessness_forces_a_reflexes_save_and_d8_direction() -> None:
    assert zero_g_save_required(DamageType.BLUDGEONING, weightless=True)
    assert not zero_g_save_required(DamageType.BLUDGEONING, weightless=False)
    assert not zero_g_save_required(DamageType.PIERCING, weightless=True)
    roll = zero_g_knockaway_save(4, ScriptedRoller([10]), has_zero_g_talent=False)
    assert (roll.total, roll.success) == (14, False)
    assert ZERO_G_HURL_FIELDS == 5
    assert zero_g_direction(ScriptedRoller([1])) == (1, 0)
    assert len(set(ZERO_G_DIRECTIONS)) == 8
    rolled = {zero_g_direction(ScriptedRoller([face])) for face in range(1, 9)}
    assert rolled == set(ZERO_G_DIRECTIONS)
    assert all(max(abs(dx), abs(dy)) == 1 for dx, dy in rolled)


@rule("E-ZEROG-4")
def test_zero_g_talent_gives_advantage_on_the_save() -> None:
    roll = zero_g_knockaway_save(4, ScriptedRoller([3, 12]), has_zero_g_talent=True)
    assert roll.dice == (3, 12) and roll.kept == 12 and roll.success


def test_random_roller_damage_in_range() -> None:
    """D-4: a seeded stream gives SW+1..SW+6 without armour."""
    roller = RandomRoller(3)
    assert all(6 <= damage_roll(5, roller).final <= 11 for _ in range(100))
