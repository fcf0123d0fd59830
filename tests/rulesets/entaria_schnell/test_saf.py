"""Damage-type effects of critical hits (Q-SAF-1, Q-CRIT-SAF-*, Q-OPEN-11/12/13)."""

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.criticals import saf_for
from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType
from game.rulesets.entaria_schnell.rules.saf import (
    RIDER_THRESHOLD,
    SafRider,
    quick_saf_for,
    rider_applies,
    roll_saf_save,
    saf_result,
    second_target_damage,
)


def test_q_crit_saf_stich_1_verletzt_reflexe_save() -> None:
    """Q-CRIT-SAF-STICH-1: Verletzt (not Blutend), Reflexe vs ZW 15 ends it."""
    effect, _ = saf_result(DamageType.PIERCING, 3)
    assert effect.condition is Condition.WOUNDED
    assert effect.save_attribute is Attribute.REFLEXES and effect.save_target == 15
    passed = roll_saf_save(3, ScriptedRoller([12]), effect)
    failed = roll_saf_save(3, ScriptedRoller([11]), effect)
    assert passed is not None and passed.success
    assert failed is not None and not failed.success


def test_q_crit_saf_stich_2_second_target_in_zone() -> None:
    """Q-CRIT-SAF-STICH-2, Q-OPEN-12 (i): 10+ LP hits another target with the same roll."""
    assert saf_result(DamageType.PIERCING, 10)[1] is SafRider.SECOND_TARGET
    assert saf_result(DamageType.PIERCING, 9)[1] is None
    assert second_target_damage(13, 4) == 9
    assert second_target_damage(13, 20) == 0
    assert second_target_damage(13, 1, Affinity.RESISTANT) == 6


def test_q_crit_saf_hieb_1_betaeubt_konstitution_save() -> None:
    """Q-CRIT-SAF-HIEB-1: Betäubt, Konstitution vs ZW 15 ends it."""
    effect, rider = saf_result(DamageType.SLASHING, 9)
    assert effect.condition is Condition.STUNNED and rider is None
    assert effect.save_attribute is Attribute.CONSTITUTION and effect.save_target == 15


def test_q_crit_saf_hieb_2_bewusstlos_replaces_betaeubt() -> None:
    """Q-CRIT-SAF-HIEB-2, Q-OPEN-12 (ii): 10+ LP: Bewusstlos, ended by the same Kon save."""
    effect, rider = saf_result(DamageType.SLASHING, 12)
    assert effect.condition is Condition.UNCONSCIOUS and rider is SafRider.UNCONSCIOUS
    assert effect.save_attribute is Attribute.CONSTITUTION


def test_q_crit_saf_wucht_1_liegend_no_save() -> None:
    """Q-CRIT-SAF-WUCHT-1: Liegend; no end-of-action save is named."""
    effect, _ = saf_result(DamageType.BLUDGEONING, 2)
    assert effect.condition is Condition.PRONE
    assert roll_saf_save(5, ScriptedRoller([]), effect) is None


def test_q_crit_saf_wucht_2_forced_movement_rider() -> None:
    """Q-CRIT-SAF-WUCHT-2: 10+ LP push the target into an adjacent zone."""
    assert saf_result(DamageType.BLUDGEONING, 10)[1] is SafRider.FORCED_MOVEMENT


def test_q_crit_saf_feuer_1_verletzt_geschick_save() -> None:
    """Q-CRIT-SAF-FEUER-1: Verletzt (not Brennend), Geschick vs ZW 15 ends it."""
    effect, _ = saf_result(DamageType.FIRE, 1)
    assert effect.condition is Condition.WOUNDED
    assert saf_for(DamageType.FIRE).condition is Condition.BURNING  # the full rules differ
    assert effect.save_attribute is Attribute.DEXTERITY and effect.save_target == 15


def test_q_crit_saf_feuer_2_disfigured_rider() -> None:
    """Q-CRIT-SAF-FEUER-2, Q-OPEN-12 (iv): 10+ LP disfigure a body part (a flag)."""
    assert saf_result(DamageType.FIRE, 11)[1] is SafRider.DISFIGURED
    assert saf_result(DamageType.FIRE, 11)[0].condition is Condition.WOUNDED


def test_q_saf_1_other_types_use_the_full_table() -> None:
    """Q-SAF-1, Q-OPEN-13 B: Gift and the other six use the full rules' SAF, no rider."""
    poison = quick_saf_for(DamageType.POISON)
    assert poison.effect == saf_for(DamageType.POISON) and poison.rider is None
    assert not rider_applies(poison, 50)
    assert RIDER_THRESHOLD == 10
