"""Attacks, damage and criticals (Q-ATK-*, Q-DMG-*, Q-CRIT-*, Q-DMGTYPE-1, Q-RES-*, D-14)."""

from game.board.dice import ScriptedRoller
from game.board.grid import Cover
from game.rulesets.entaria.rules.damage import Affinity
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType
from game.rulesets.entaria_schnell.rules.attacks import (
    AttackKind,
    QuickWeapon,
    affinity_for,
    attack_attribute,
    attack_impulse,
    defense_value,
    melee_edge,
    quick_damage,
    quick_damage_from_die,
    resolve_attack,
    target_armour,
    uses_range_and_cover,
)
from game.rulesets.entaria_schnell.rules.saf import SafRider

RIFLE = QuickWeapon(sw=5, damage_type=DamageType.PIERCING, kind=AttackKind.RANGED)
BOW = QuickWeapon(sw=3, damage_type=DamageType.PIERCING, kind=AttackKind.RANGED, magazine=False)
AXE = QuickWeapon(sw=4, damage_type=DamageType.SLASHING, kind=AttackKind.MELEE)
CLUB = QuickWeapon(sw=6, damage_type=DamageType.BLUDGEONING, kind=AttackKind.MELEE)


def test_q_atk_1_four_attack_actions() -> None:
    """Q-ATK-1: Nahkampf, Fernkampf, Wurfangriff and waffenloser Kampf."""
    assert {k.value for k in AttackKind} == {
        "Nahkampf",
        "Fernkampf",
        "Wurfangriff",
        "waffenloser Kampf",
    }


def test_q_atk_3_fitting_attribute() -> None:
    """Q-ATK-3: Nahkampf for melee and unarmed, Fernkampf for ranged and throws."""
    assert attack_attribute(AttackKind.MELEE) is Attribute.MELEE
    assert attack_attribute(AttackKind.UNARMED) is Attribute.MELEE
    assert attack_attribute(AttackKind.RANGED) is Attribute.RANGED
    assert attack_attribute(AttackKind.THROW) is Attribute.RANGED


def test_d14_q_atk_2_v_is_ausweichen_with_conditions() -> None:
    """D-14, Q-ATK-2: V is the creature's Ausweichen (Erschöpft lowers it), no defender roll."""
    assert defense_value(12) == 12
    assert defense_value(12, {Condition.EXHAUSTED: 2}) == 10


def test_q_atk_4_result_equal_to_v_hits() -> None:
    """Q-ATK-4, Q-ATK-2: d20 + value >= V hits and rolls damage; one die less misses."""
    hit = resolve_attack(4, AXE, 14, 0, ScriptedRoller([10, 3]))
    assert hit.hit and hit.damage is not None and hit.damage.final == 7
    miss = resolve_attack(4, AXE, 14, 0, ScriptedRoller([9]))
    assert not miss.hit and miss.damage is None


def test_q_ranged_1_cover_only_against_ranged_and_throws() -> None:
    """Q-RANGED-1, Q-COVER-1/3: cover raises V and Panzerung against ranged, not melee."""
    assert uses_range_and_cover(AttackKind.THROW) and not uses_range_and_cover(AttackKind.MELEE)
    assert defense_value(12, cover=Cover.PARTIAL, kind=AttackKind.RANGED) == 14
    assert defense_value(12, cover=Cover.FULL, kind=AttackKind.THROW) == 17
    assert defense_value(12, cover=Cover.FULL, kind=AttackKind.MELEE) == 12
    assert target_armour(1, cover=Cover.PARTIAL, kind=AttackKind.RANGED) == 3
    assert target_armour(1, cover=Cover.FULL, kind=AttackKind.RANGED) == 6
    assert target_armour(1, cover=Cover.FULL, kind=AttackKind.UNARMED) == 1


def test_q_dmg_1_d6_plus_sw_no_melee_bonus() -> None:
    """Q-DMG-1: one d6 + the weapon's SW, and nothing more in melee."""
    assert quick_damage(4, ScriptedRoller([6])).final == 10
    assert quick_damage_from_die(4, 1).final == 5


def test_q_dmg_3_armour_subtracted_never_below_zero() -> None:
    """Q-DMG-3: Panzerung is subtracted; armour above the roll leaves 0."""
    assert quick_damage_from_die(4, 3, armour=2).final == 5
    assert quick_damage_from_die(1, 1, armour=9).final == 0


def test_q_crit_hit_1_natural_20_hits_any_v() -> None:
    """Q-CRIT-HIT-1: a natural 20 hits even against V 99."""
    result = resolve_attack(0, AXE, 99, 0, ScriptedRoller([20, 1]))
    assert result.hit and result.critical


def test_q_crit_hit_2_only_the_sw_doubles() -> None:
    """Q-CRIT-HIT-2, Q-OPEN-10: SW 5, d6 3, Panzerung 2 gives 2·5 + 3 - 2 = 11 (not 12)."""
    assert quick_damage_from_die(5, 3, armour=2, crit=True).final == 11
    result = resolve_attack(0, RIFLE, 99, 2, ScriptedRoller([20, 3]))
    assert result.damage is not None and result.damage.final == 11 and result.rolled == 13


def test_q_crit_hit_3_brings_the_saf() -> None:
    """Q-CRIT-HIT-3: a critical hit brings its damage type's effect; a plain hit none."""
    crit = resolve_attack(0, AXE, 99, 0, ScriptedRoller([20, 1]))
    assert crit.saf is not None and crit.saf.condition is Condition.STUNNED
    plain = resolve_attack(10, AXE, 5, 0, ScriptedRoller([15, 1]))
    assert plain.saf is None


def test_q_crit_hit_3_immune_target_gets_no_saf() -> None:
    """Q-CRIT-HIT-3, Q-RES-3: immunity to the type keeps damage and SAF off."""
    result = resolve_attack(0, AXE, 99, 0, ScriptedRoller([20, 6]), affinity=Affinity.IMMUNE)
    assert result.damage is not None and result.damage.final == 0 and result.saf is None


def test_q_crit_hit_4_group_gains_impuls() -> None:
    """Q-CRIT-HIT-4: a natural 20 adds one Impuls; a plain hit none."""
    assert resolve_attack(0, AXE, 99, 0, ScriptedRoller([20, 1])).impulse == 1
    assert resolve_attack(10, AXE, 5, 0, ScriptedRoller([15, 1])).impulse == 0


def test_q_crit_fail_1_natural_1_misses_any_v() -> None:
    """Q-CRIT-FAIL-1: a natural 1 misses even against V 0."""
    result = resolve_attack(30, AXE, 0, 0, ScriptedRoller([1]))
    assert not result.hit and result.roll.is_critical_failure


def test_q_crit_fail_2_ranged_magazine_empties() -> None:
    """Q-CRIT-FAIL-2: only a ranged weapon with a magazine is emptied."""
    assert resolve_attack(30, RIFLE, 0, 0, ScriptedRoller([1])).magazine_empty
    assert not resolve_attack(30, BOW, 0, 0, ScriptedRoller([1])).magazine_empty
    assert not resolve_attack(30, AXE, 0, 0, ScriptedRoller([1])).magazine_empty
    assert not resolve_attack(0, RIFLE, 30, 0, ScriptedRoller([2])).magazine_empty


def test_q_crit_fail_3_group_gains_impuls() -> None:
    """Q-CRIT-FAIL-3: a natural 1 adds one Impuls for a player character."""
    assert resolve_attack(30, AXE, 0, 0, ScriptedRoller([1])).impulse == 1
    enemy = resolve_attack(30, AXE, 0, 0, ScriptedRoller([1]), player_character=False)
    assert enemy.impulse == 0


def test_q_init_9_failed_character_gains_no_impuls() -> None:
    """Q-INIT-9, Q-OPEN-3 A: the crits of a failed-initiative character add nothing."""
    result = resolve_attack(0, AXE, 99, 0, ScriptedRoller([20, 1]), failed_initiative=True)
    assert result.hit and result.impulse == 0
    assert attack_impulse(result.roll) == 1


def test_q_dmgtype_1_damage_type_picks_the_affinity() -> None:
    """Q-DMGTYPE-1: only the weapon's own damage type meets the target's resistance."""
    resists_fire = frozenset({DamageType.FIRE})
    assert affinity_for(DamageType.FIRE, resistant=resists_fire) is Affinity.RESISTANT
    assert affinity_for(DamageType.PIERCING, resistant=resists_fire) is Affinity.NORMAL
    both = affinity_for(DamageType.FIRE, resistant=resists_fire, sensitive=resists_fire)
    assert both is Affinity.NORMAL


def test_q_res_1_resistance_halves_rounded_down() -> None:
    """Q-RES-1: the LP loss is halved, rounded down (after armour)."""
    assert quick_damage_from_die(4, 3, armour=0, affinity=Affinity.RESISTANT).final == 3


def test_q_res_2_sensitivity_doubles() -> None:
    """Q-RES-2: the LP loss is doubled."""
    assert quick_damage_from_die(4, 3, armour=2, affinity=Affinity.SENSITIVE).final == 10


def test_q_res_3_immunity_ignores() -> None:
    """Q-RES-3: the damage is ignored."""
    assert quick_damage_from_die(9, 6, affinity=Affinity.IMMUNE).final == 0


def test_q_saf_1_rider_on_ten_lp_lost() -> None:
    """Q-SAF-1: the rider counts the LP this hit takes: 10 fires, 9 does not."""
    ten = resolve_attack(0, CLUB, 99, 0, ScriptedRoller([20, 1]), affinity=Affinity.NORMAL)
    assert ten.damage is not None and ten.damage.final == 13
    assert ten.rider is SafRider.FORCED_MOVEMENT
    nine = resolve_attack(0, CLUB, 99, 4, ScriptedRoller([20, 1]))
    assert nine.damage is not None and nine.damage.final == 9 and nine.rider is None


def test_q_atk_2_target_conditions_set_the_melee_edge() -> None:
    """Q-ATK-2: a Liegend (Wehrlos) target gives Vorteil, a Schemenhaft one Nachteil."""
    assert melee_edge([Condition.PRONE]) == 1
    assert melee_edge([Condition.OBSCURED]) == -1
    assert melee_edge() == 0
