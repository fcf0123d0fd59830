"""Conditions (section 16 of entaria.md), their closure, and how they fold into rolls."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit, success_roll
from game.rulesets.entaria.rules.condition_changes import (
    after_detection,
    after_unforeseen_attack,
    concentrate_on,
    detection_check,
    end_voluntarily,
    gain,
    is_unforeseen,
    lose,
    lose_lp,
    lp_loss_save,
    moved_faster_than_walking,
    rest,
    reveal,
    stand_up,
    surprised_until_round,
)
from game.rulesets.entaria.rules.condition_effects import (
    bew_after_conditions,
    can_act,
    can_be_healed,
    can_be_targeted,
    can_speak,
    can_wield_melee_weapon,
    halving_count,
    initiative_override,
    lp_loss_at_turn_start,
    lp_loss_per_hour,
    magic_points_regenerate,
    movement_cost_factor,
    movement_restrictions,
    overload_level,
    perceives,
    radiation_lp_regained,
)
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    RollModifiers,
    attacker_modifiers,
    dodge_value,
    roll_check,
    roll_help_bonus,
    roll_modifiers,
    save_value,
)
from game.rulesets.entaria.rules.conditions import (
    CONDITIONS,
    EVASIVE_MOVE_DURATION,
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    REPEAT_DEFENSELESS_DURATION,
    STUDY_DURATION,
    SURPRISE_DURATION,
    ConspicuousAct,
    Faculty,
    MovementRestriction,
    Stacking,
)
from game.rulesets.entaria.rules.damage import LifeState, life_state
from game.rulesets.entaria.rules.durations import DurationKind, DurationRule
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue
from game.rulesets.entaria.rules.turn_budget import TurnBudget

C = Condition
CHECK = RollContext(attribute=Attribute.CHARISMA)
STR_CHECK = RollContext(attribute=Attribute.STRENGTH)
INT_CHECK = RollContext(attribute=Attribute.INTELLIGENCE)
MELEE = RollContext(attribute=Attribute.MELEE, is_attack=True, is_melee=True)
RANGED = RollContext(attribute=Attribute.RANGED, is_attack=True)


# --- the table ------------------------------------------------------------------------


def test_every_condition_has_a_rule_row() -> None:
    """Every Condition of the glossary (32.4) is one row of CONDITIONS (section 16)."""
    assert set(CONDITIONS) == set(Condition)
    for condition, rule in CONDITIONS.items():
        assert rule.condition is condition
        assert rule.rule_ids, condition
        assert rule.german == condition.value


RULES_FILE = Path(__file__).resolve().parents[5] / "shared" / "rules" / "entaria.md"


@pytest.mark.skipif(not RULES_FILE.exists(), reason="rules file not beside the repository")
def test_rule_ids_in_the_table_exist_in_the_rules() -> None:
    """Every rule ID the table names is defined (bold) in entaria.md."""
    defined = set(re.findall(r"\*\*(E-[A-Z0-9ÄÖÜ-]+)\*\*", RULES_FILE.read_text("utf-8")))
    defined |= set(re.findall(r"### (E-OPEN-\d+)", RULES_FILE.read_text("utf-8")))
    for rule in CONDITIONS.values():
        assert set(rule.rule_ids) <= defined, rule.rule_ids
    section_16 = {
        i for i in defined if i.startswith("E-COND-") and i != "E-COND-0"
    }  # E-COND-0 is the general duration rule
    cited = {i for rule in CONDITIONS.values() for i in rule.rule_ids}
    assert section_16 <= cited, section_16 - cited


@pytest.mark.rule("E-COND-0")
def test_e_cond_0_the_source_defines_durations_except_where_section_16_says() -> None:
    """E-COND-0: only Überrascht (E-SURPRISE-2) and Stabiles Koma carry their own duration."""
    with_own = {c for c, r in CONDITIONS.items() if r.duration is not None}
    assert with_own == {C.SURPRISED, C.STABLE_COMA}
    assert CONDITIONS[C.STABLE_COMA].duration.kind is DurationKind.UNTIL_LP_AT_LEAST
    assert CONDITIONS[C.STABLE_COMA].duration.target == 1


# --- held conditions and stacking -----------------------------------------------------


@pytest.mark.rule("E-OPEN-1", "E-COND-IRRITIERT-2", "E-COND-ERSCHOEPFT-1")
def test_condition_set_stacking() -> None:
    """E-OPEN-1: held once; Irritiert counts (E-COND-IRRITIERT-2); Erschöpft has levels."""
    held = ConditionSet.of(C.DISTRACTED, C.DISTRACTED, C.IRRITATED, C.IRRITATED)
    assert held == {C.DISTRACTED: 1, C.IRRITATED: 2}
    assert held.add(C.EXHAUSTED).add(C.EXHAUSTED).count(C.EXHAUSTED) == 2
    assert CONDITIONS[C.IRRITATED].stacking is Stacking.COUNT
    assert CONDITIONS[C.EXHAUSTED].stacking is Stacking.LEVELS
    assert CONDITIONS[C.OVERLOADED].stacking is Stacking.LEVELS
    assert ConditionSet({C.PRONE: 3}) == {C.PRONE: 1}
    assert held.remove(C.IRRITATED, 1).count(C.IRRITATED) == 1
    assert C.DISTRACTED not in held.remove(C.DISTRACTED)
    assert hash(held) == hash(ConditionSet({C.IRRITATED: 2, C.DISTRACTED: 1}))
    with pytest.raises(ValueError):
        ConditionSet({C.IRRITATED: -1})


@pytest.mark.rule("E-COND-ERSCHOEPFT-1", "E-OPEN-41")
def test_e_open_41_exhaustion_is_capped_at_level_10() -> None:
    """E-COND-ERSCHOEPFT-1: each gain +1 level; E-OPEN-41: capped at 10."""
    held = ConditionSet({C.EXHAUSTED: 9})
    assert gain(held, C.EXHAUSTED).held.count(C.EXHAUSTED) == 10
    assert gain(held, C.EXHAUSTED, 5).held.count(C.EXHAUSTED) == 10


# --- closure: what a condition counts as ------------------------------------------------

IMPLIES = [
    pytest.param(C.STUNNED, {C.INCAPACITATED, C.DEFENSELESS}, id="E-COND-BETAEUBT"),
    pytest.param(
        C.UNCONSCIOUS, {C.INCAPACITATED, C.PRONE, C.DEFENSELESS}, id="E-COND-BEWUSSTLOS-1"
    ),
    pytest.param(C.BLINDED, {C.DEFENSELESS}, id="E-COND-BLIND-3"),
    pytest.param(C.HORRIFIED, {C.DEFENSELESS, C.INCAPACITATED}, id="E-COND-ENTSETZT-2"),
    pytest.param(C.FOCUSED, {C.DEFENSELESS, C.IMMOBILIZED}, id="E-COND-FOKUSSIERT-1"),
    pytest.param(C.PARALYZED, {C.INCAPACITATED, C.DEFENSELESS}, id="E-COND-GELAEHMT"),
    pytest.param(C.PRONE, {C.DEFENSELESS}, id="E-COND-LIEGEND-1"),
    pytest.param(
        C.STABLE_COMA,
        {C.UNCONSCIOUS, C.INCAPACITATED, C.PRONE, C.DEFENSELESS},
        id="E-COND-STABILESKOMA-1",
    ),
    pytest.param(
        C.DYING,
        {C.UNCONSCIOUS, C.WOUNDED, C.INCAPACITATED, C.PRONE, C.DEFENSELESS},
        id="E-COND-STERBEND-1",
    ),
    pytest.param(C.SURPRISED, {C.INCAPACITATED}, id="E-COND-UEBERRASCHT"),
    pytest.param(C.POISONED, {C.DISTRACTED}, id="E-COND-VERGIFTET"),
    pytest.param(C.CONFUSED, {C.DISTRACTED}, id="E-COND-VERWIRRT"),
    pytest.param(C.UNDETECTED, {C.PROTECTED}, id="E-COND-UNENTDECKT-2"),
    pytest.param(C.INVISIBLE, {C.PROTECTED}, id="E-COND-UNSICHTBAR-2"),
]


@pytest.mark.parametrize(("condition", "implied"), IMPLIES)
def test_closure_implications(condition: Condition, implied: set[Condition]) -> None:
    """E-COND-BETAEUBT, E-COND-BEWUSSTLOS-1, E-COND-BLIND-3, E-COND-ENTSETZT-2,
    E-COND-FOKUSSIERT-1, E-COND-GELAEHMT, E-COND-LIEGEND-1, E-COND-STABILESKOMA-1,
    E-COND-STERBEND-1, E-COND-UEBERRASCHT, E-COND-VERGIFTET, E-COND-VERWIRRT,
    E-COND-UNENTDECKT-2, E-COND-UNSICHTBAR-2: the condition counts as others."""
    assert closure([condition], source_in_sight=False) == frozenset({condition} | implied)


SOURCE_IN_SIGHT = [
    pytest.param(C.HORRIFIED, id="E-COND-ENTSETZT-1"),
    pytest.param(C.PANICKED, id="E-COND-PANISCH-1"),
    pytest.param(C.FRIGHTENED, id="E-COND-VERAENGSTIGT-1"),
]


@pytest.mark.parametrize("condition", SOURCE_IN_SIGHT)
def test_distracted_only_while_source_in_sight(condition: Condition) -> None:
    """E-COND-ENTSETZT-1, E-COND-PANISCH-1, E-COND-VERAENGSTIGT-1: Abgelenkt while in sight."""
    assert C.DISTRACTED in closure([condition], source_in_sight=True)
    assert C.DISTRACTED not in closure([condition], source_in_sight=False)
    near = roll_modifiers([condition], RollContext(attribute=Attribute.CHARISMA))
    far = roll_modifiers(
        [condition], RollContext(attribute=Attribute.CHARISMA, source_in_sight=False)
    )
    assert (near.edge, far.edge) == (-1, 0)


@pytest.mark.rule("E-COND-ENTSETZT-2", "E-OPEN-40")
def test_e_open_40_horrified_is_defenceless_and_incapacitated_out_of_sight_too() -> None:
    """E-OPEN-40 B: Wehrlos and Handlungsunfähig last as long as Entsetzt, in sight or not."""
    assert not can_act([C.HORRIFIED])
    assert attacker_modifiers([C.HORRIFIED]).edge == 1


@pytest.mark.rule("E-COND-UEBERLASTET-3")
def test_e_cond_ueberlastet_3_distracted_from_level_5() -> None:
    """E-COND-UEBERLASTET-3: from level 5 Überlastet gives Abgelenkt."""
    assert C.DISTRACTED not in closure({C.OVERLOADED: 4})
    assert C.DISTRACTED in closure({C.OVERLOADED: 5})
    assert roll_modifiers({C.OVERLOADED: 5}, CHECK).edge == -1


@pytest.mark.rule("E-COND-UEBERLASTET-4")
def test_e_cond_ueberlastet_4_bew_zero_immobilizes_and_incapacitates() -> None:
    """E-COND-UEBERLASTET-4: BEW 0 from Überlastet -> Bewegungslos and Handlungsunfähig."""
    assert {C.IMMOBILIZED, C.INCAPACITATED} <= closure({C.OVERLOADED: 4}, base_bew=4)
    assert C.INCAPACITATED not in closure({C.OVERLOADED: 3}, base_bew=4)
    assert bew_after_conditions(4, {C.OVERLOADED: 4}) == 0
    assert not can_act({C.OVERLOADED: 4}, base_bew=4)
    assert can_act({C.OVERLOADED: 3}, base_bew=4)


@pytest.mark.parametrize(
    ("level", "implied"),
    [
        pytest.param(7, set(), id="E-COND-ERSCHOEPFT-4-below"),
        pytest.param(8, {C.INCAPACITATED}, id="E-COND-ERSCHOEPFT-4"),
        pytest.param(9, {C.INCAPACITATED, C.UNCONSCIOUS}, id="E-COND-ERSCHOEPFT-5"),
        pytest.param(10, {C.INCAPACITATED, C.UNCONSCIOUS, C.DYING}, id="E-COND-ERSCHOEPFT-6"),
    ],
)
def test_exhaustion_levels(level: int, implied: set[Condition]) -> None:
    """E-COND-ERSCHOEPFT-4/5/6: from level 8 Handlungsunfähig, 9 Bewusstlos, 10 Sterbend."""
    effective = closure({C.EXHAUSTED: level})
    assert implied <= effective
    assert (C.INCAPACITATED in effective) == (level >= 8)
    assert can_act({C.EXHAUSTED: level}) == (level < 8)


@pytest.mark.rule("E-COND-ERSCHOEPFT-4", "E-COND-ERSCHOEPFT-5", "E-COND-ERSCHOEPFT-6")
def test_exhaustion_stops_magic_regeneration_from_level_8() -> None:
    """E-COND-ERSCHOEPFT-4..6: magic points do not regenerate from level 8 on."""
    assert magic_points_regenerate({C.EXHAUSTED: 7})
    for level in (8, 9, 10):
        assert not magic_points_regenerate({C.EXHAUSTED: level})


@pytest.mark.rule("E-COND-ERSCHOEPFT-5", "E-OPEN-41")
def test_e_cond_erschoepft_5_one_insanity_check_on_reaching_level_9() -> None:
    """E-COND-ERSCHOEPFT-5: one Wahnsinn check when level 9 is first reached (E-OPEN-41)."""
    assert gain({C.EXHAUSTED: 8}, C.EXHAUSTED).insanity_checks == 1
    assert gain({C.EXHAUSTED: 7}, C.EXHAUSTED).insanity_checks == 0
    assert gain({C.EXHAUSTED: 9}, C.EXHAUSTED).insanity_checks == 0
    assert gain({C.EXHAUSTED: 7}, C.EXHAUSTED, 3).insanity_checks == 1


@pytest.mark.rule("E-COND-ERSCHOEPFT-6")
def test_e_cond_erschoepft_6_level_10_drops_lp_to_minus_1() -> None:
    """E-COND-ERSCHOEPFT-6: at level 10 LP drop to -1 and the creature is Sterbend."""
    change = gain({C.EXHAUSTED: 9}, C.EXHAUSTED, lp=7)
    assert change.set_lp == -1
    assert C.DYING in closure(change.held)
    assert gain({C.EXHAUSTED: 9}, C.EXHAUSTED, lp=-4).set_lp == -4  # already lower
    assert gain({C.EXHAUSTED: 8}, C.EXHAUSTED).set_lp is None


@pytest.mark.rule("E-COND-ERSCHOEPFT-3")
def test_e_cond_erschoepft_3_rest_heals_one_level() -> None:
    """E-COND-ERSCHOEPFT-3: with the circumstances gone, each rest heals exactly 1 level."""
    held = ConditionSet({C.EXHAUSTED: 3, C.BLEEDING: 1})
    assert rest(held, circumstances_gone=True) == {C.EXHAUSTED: 2, C.BLEEDING: 1}
    assert rest(held, circumstances_gone=False) == held
    assert C.EXHAUSTED not in rest({C.EXHAUSTED: 1}, circumstances_gone=True)


# --- own rolls ---------------------------------------------------------------------------

OWN_NACHTEIL = [
    pytest.param(C.DISTRACTED, id="E-COND-ABGELENKT"),
    pytest.param(C.IN_PAIN, id="E-COND-SCHMERZERFUELLT"),
    pytest.param(C.POISONED, id="E-COND-VERGIFTET-nachteil"),
    pytest.param(C.CONFUSED, id="E-COND-VERWIRRT-nachteil"),
]


@pytest.mark.parametrize("condition", OWN_NACHTEIL)
@pytest.mark.parametrize("attribute", list(Attribute))
def test_nachteil_on_all_checks(condition: Condition, attribute: Attribute) -> None:
    """E-COND-ABGELENKT, E-COND-SCHMERZERFUELLT: Nachteil on every check and save."""
    mods = roll_modifiers([condition], RollContext(attribute=attribute))
    assert mods.edge == -1
    assert mods.modifier == 0
    assert not mods.automatic_failure


@pytest.mark.rule("E-OPEN-1", "E-CORE-ADVDIS-1", "D-2")
def test_e_open_1_each_distinct_nachteil_condition_counts_once() -> None:
    """E-OPEN-1: Abgelenkt reached three ways is one Nachteil; distinct conditions add (D-2)."""
    assert roll_modifiers([C.DISTRACTED, C.POISONED, C.CONFUSED], CHECK).edge == -1
    assert roll_modifiers([C.DISTRACTED, C.IN_PAIN], CHECK).edge == -2
    assert roll_modifiers([C.DISTRACTED, C.IN_PAIN, C.WOUNDED, C.CRAMPED], STR_CHECK).edge == -4


@pytest.mark.rule("E-CORE-ADVDIS-1")
def test_e_core_advdis_1_vorteil_cancels_nachteil() -> None:
    """E-CORE-ADVDIS-1: a Vorteil cancels a Nachteil, giving a normal roll with one d20."""
    mods = roll_modifiers(
        [C.DISTRACTED], RollContext(attribute=Attribute.MELEE, is_attack=True, unforeseen=True)
    )
    assert mods.edge == 0
    roller = ScriptedRoller([12, 3])
    roll = roll_check(5, 15, roller, mods)
    assert roll.dice == (12,) and roller.remaining == 1


@pytest.mark.parametrize(
    ("count", "modifier"),
    [
        pytest.param(1, -1, id="E-COND-IRRITIERT-1"),
        pytest.param(2, -2, id="E-COND-IRRITIERT-2"),
        pytest.param(3, -3, id="E-COND-IRRITIERT-2-three"),
    ],
)
def test_irritated_adds_up_as_modifier(count: int, modifier: int) -> None:
    """E-COND-IRRITIERT-1/2: WM -1 on all checks per instance; no Nachteil (E-OPEN-1)."""
    mods = roll_modifiers({C.IRRITATED: count}, CHECK)
    assert (mods.edge, mods.modifier) == (0, modifier)


@pytest.mark.rule("E-COND-ERSCHOEPFT-2")
def test_e_cond_erschoepft_2_minus_one_per_level_on_checks_saves_and_bew() -> None:
    """E-COND-ERSCHOEPFT-2: WM -1 per level on success values, Rettungswerte and BEW (min 1)."""
    held = {C.EXHAUSTED: 3}
    assert roll_modifiers(held, CHECK).modifier == -3
    assert roll_modifiers(held, RollContext(attribute=Attribute.REFLEXES)).modifier == -3
    assert save_value(14, held, SaveValue.BODY) == 11
    assert save_value(14, held, SaveValue.MIND) == 11
    assert dodge_value(14, held) == 11
    assert bew_after_conditions(6, held) == 3
    assert bew_after_conditions(3, {C.EXHAUSTED: 7}) == 1  # minimum 1 (E-OPEN-41)


BODY = [
    pytest.param(C.WOUNDED, id="E-COND-VERLETZT-2"),
    pytest.param(C.CRAMPED, id="E-COND-VERKRAMPFT-2"),
]


@pytest.mark.parametrize("condition", BODY)
def test_nachteil_on_checks_that_use_the_body(condition: Condition) -> None:
    """E-COND-VERLETZT-2, E-COND-VERKRAMPFT-2, E-OPEN-37: body attributes and attacks only."""
    for attribute in Attribute:
        body = attribute not in (Attribute.INTELLIGENCE, Attribute.CHARISMA)
        assert roll_modifiers([condition], RollContext(attribute=attribute)).edge == (
            -1 if body else 0
        ), attribute
    assert roll_modifiers([condition], MELEE).edge == -1
    assert roll_modifiers([condition], RANGED).edge == -1
    assert roll_modifiers([C.WOUNDED, C.CRAMPED], STR_CHECK).edge == -2


@pytest.mark.rule("E-COND-LIEGEND-3")
def test_e_cond_liegend_3_prone_melee_attacks_and_weapon_size() -> None:
    """E-COND-LIEGEND-3: Nachteil on own melee attacks; WG > KG weapons are unusable."""
    assert roll_modifiers([C.PRONE], MELEE).edge == -1
    assert roll_modifiers([C.PRONE], RANGED).edge == 0
    assert roll_modifiers([C.PRONE], STR_CHECK).edge == 0
    assert not can_wield_melee_weapon([C.PRONE], weapon_size=3, size_category=2)
    assert can_wield_melee_weapon([C.PRONE], weapon_size=2, size_category=2)
    assert can_wield_melee_weapon([], weapon_size=3, size_category=2)


@pytest.mark.rule("E-COND-WUETEND-2")
def test_e_cond_wuetend_2_nachteil_against_others_than_the_source() -> None:
    """E-COND-WUETEND-2: Nachteil on attacks at targets that did not cause Wütend."""
    at_other = RollContext(attribute=Attribute.MELEE, is_attack=True, is_melee=True)
    at_source = RollContext(
        attribute=Attribute.MELEE, is_attack=True, is_melee=True, target_is_condition_source=True
    )
    assert roll_modifiers([C.ENRAGED], at_other).edge == -1
    assert roll_modifiers([C.ENRAGED], at_source).edge == 0
    assert roll_modifiers([C.ENRAGED], CHECK).edge == 0


AUTO_FAIL = [
    pytest.param(
        C.BLINDED, RollContext(attribute=Attribute.RANGED, is_attack=True), id="E-COND-BLIND-2"
    ),
    pytest.param(
        C.BLINDED,
        RollContext(attribute=Attribute.INTELLIGENCE, needs_sight=True),
        id="E-COND-BLIND-2-search",
    ),
    pytest.param(
        C.MUTE, RollContext(attribute=Attribute.CHARISMA, needs_speech=True), id="E-COND-STUMM"
    ),
    pytest.param(
        C.PARALYZED,
        RollContext(attribute=Attribute.CHARISMA, needs_speech=True),
        id="E-COND-GELAEHMT-speech",
    ),
    pytest.param(
        C.DEAF, RollContext(attribute=Attribute.INTELLIGENCE, needs_hearing=True), id="E-COND-TAUB"
    ),
]


@pytest.mark.parametrize(("condition", "context"), AUTO_FAIL)
def test_automatic_failure_without_a_roll(condition: Condition, context: RollContext) -> None:
    """E-COND-BLIND-2, E-COND-STUMM, E-COND-TAUB, E-OPEN-31: fails, no die, even on a 20."""
    mods = roll_modifiers([condition], context)
    assert mods.automatic_failure
    roller = ScriptedRoller([20])
    roll = roll_check(30, 5, roller, mods)
    assert roll.success is False and roll.crit is None and roll.dice == ()
    assert roller.remaining == 1


@pytest.mark.rule("E-COND-BLIND-2", "E-COND-STUMM", "E-COND-TAUB", "E-OPEN-31")
def test_automatic_failure_only_for_the_lost_faculty() -> None:
    """E-COND-BLIND-2, E-COND-STUMM, E-COND-TAUB: other checks are rolled normally."""
    assert not roll_modifiers([C.BLINDED], STR_CHECK).automatic_failure
    assert not roll_modifiers([C.BLINDED], RollContext(needs_hearing=True)).automatic_failure
    assert not roll_modifiers([C.MUTE], RANGED).automatic_failure
    assert not roll_modifiers([C.DEAF], RANGED).automatic_failure
    assert not roll_modifiers(
        [C.BLINDED], RollContext(is_attack=True, needs_sight=False)
    ).automatic_failure
    roll = roll_check(5, 15, ScriptedRoller([20]), roll_modifiers([C.DEAF], RANGED))
    assert roll.success and roll.crit is Crit.SUCCESS


PERCEPTION = [
    pytest.param(C.BLINDED, {Faculty.HEARING, Faculty.SPEECH}, id="E-COND-BLIND-1"),
    pytest.param(C.DEAF, {Faculty.SIGHT, Faculty.SPEECH}, id="E-COND-TAUB-hearing"),
    pytest.param(C.MUTE, {Faculty.SIGHT, Faculty.HEARING}, id="E-COND-STUMM-speech"),
    pytest.param(C.PARALYZED, {Faculty.SIGHT, Faculty.HEARING}, id="E-COND-GELAEHMT-cannot-speak"),
    pytest.param(C.UNCONSCIOUS, set(), id="E-COND-BEWUSSTLOS-3"),
    pytest.param(C.DYING, set(), id="E-COND-STERBEND-1-unconscious"),
]


@pytest.mark.parametrize(("condition", "kept"), PERCEPTION)
def test_faculties(condition: Condition, kept: set[Faculty]) -> None:
    """E-COND-BLIND-1, E-COND-TAUB, E-COND-STUMM, E-COND-GELAEHMT, E-COND-BEWUSSTLOS-3."""
    assert {f for f in Faculty if perceives([condition], f)} == kept
    assert can_speak([condition]) == (Faculty.SPEECH in kept)
    assert can_speak([])


@pytest.mark.rule("E-COND-BEWUSSTLOS-3")
def test_e_cond_bewusstlos_3_unconscious_checks_needing_senses_fail() -> None:
    """E-COND-BEWUSSTLOS-3 (implied): no perception, so sight/hearing checks fail."""
    assert roll_modifiers([C.UNCONSCIOUS], RollContext(needs_hearing=True)).automatic_failure
    assert not roll_modifiers(
        [C.UNCONSCIOUS], RollContext(attribute=Attribute.CONSTITUTION)
    ).automatic_failure


# --- what the target's conditions give attackers ---------------------------------------


@pytest.mark.rule("E-COND-WEHRLOS", "E-OPEN-1")
def test_e_cond_wehrlos_attackers_get_one_vorteil() -> None:
    """E-COND-WEHRLOS: attacks get Vorteil; reached several ways it is still one (E-OPEN-1)."""
    assert attacker_modifiers([C.DEFENSELESS]).edge == 1
    assert attacker_modifiers([C.STUNNED, C.PRONE, C.BLINDED, C.DEFENSELESS]).edge == 1
    assert attacker_modifiers([C.FOCUSED]).edge == 1
    assert attacker_modifiers([C.DISTRACTED, C.CONCENTRATING]).edge == 0


@pytest.mark.rule("E-COND-SCHEMENHAFT")
def test_e_cond_schemenhaft_attackers_get_nachteil() -> None:
    """E-COND-SCHEMENHAFT: every attacker has Nachteil; with Wehrlos they cancel."""
    assert attacker_modifiers([C.OBSCURED]).edge == -1
    assert attacker_modifiers([C.OBSCURED, C.PRONE]).edge == 0


@pytest.mark.rule("E-COND-WEHRLOS", "E-CORE-ADV-1")
def test_ex_act_1_pirates_attack_defenceless_elro_sa_with_vorteil() -> None:
    """EX-ACT-1, E-COND-WEHRLOS: a pirate's shot at Wehrlos Elro-Sa rolls 2 d20, keeps higher."""
    mods = roll_modifiers([], RANGED) + attacker_modifiers([C.DEFENSELESS])
    roll = roll_check(4, 14, ScriptedRoller([6, 13]), mods)
    assert roll.dice == (6, 13) and roll.kept == 13 and roll.success


@pytest.mark.rule("E-COND-GESCHUETZT", "E-ACT-VH-AUSWEICH")
def test_dodge_value() -> None:
    """E-COND-GESCHUETZT +10 on Ausweichen; E-ACT-VH-AUSWEICH +5; cover and Erschöpft add."""
    assert dodge_value(12, []) == 12
    assert dodge_value(12, [C.PROTECTED]) == 22
    assert dodge_value(12, [C.UNDETECTED]) == 22
    assert dodge_value(12, [], evasive_move=True) == 17
    assert dodge_value(12, [C.PROTECTED, C.EXHAUSTED], evasive_move=True, cover_bonus=2) == 28
    assert save_value(12, [C.PROTECTED], SaveValue.MIND) == 12
    assert EVASIVE_MOVE_DURATION.kind is DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND


# --- abilities and movement ------------------------------------------------------------

CANNOT_ACT = [
    pytest.param(C.INCAPACITATED, id="E-COND-HANDLUNGSUNFAEHIG"),
    pytest.param(C.STUNNED, id="E-COND-BETAEUBT-act"),
    pytest.param(C.UNCONSCIOUS, id="E-COND-BEWUSSTLOS-1-act"),
    pytest.param(C.PARALYZED, id="E-COND-GELAEHMT-act"),
    pytest.param(C.SURPRISED, id="E-COND-UEBERRASCHT-act"),
    pytest.param(C.DEAD, id="E-COND-TOD-act"),
]


@pytest.mark.parametrize("condition", CANNOT_ACT)
def test_cannot_act(condition: Condition) -> None:
    """E-COND-HANDLUNGSUNFAEHIG: no FH, VH, HH or LH, also when implied."""
    assert not can_act([condition])


@pytest.mark.parametrize(
    "condition", [c for c in Condition if c not in {p.values[0] for p in CANNOT_ACT}]
)
def test_other_conditions_leave_the_creature_able_to_act(condition: Condition) -> None:
    """E-COND-HANDLUNGSUNFAEHIG: only it (and what implies it) stops actions."""
    expected = condition not in (C.HORRIFIED, C.STABLE_COMA, C.DYING)
    assert can_act([condition], base_bew=6) == expected


@pytest.mark.rule("E-COND-KONZENTRIERT-1")
def test_e_cond_konzentriert_1_concentrating_creature_still_acts() -> None:
    """E-COND-KONZENTRIERT-1: other actions remain possible; no Wehrlos, full BEW."""
    assert can_act([C.CONCENTRATING])
    assert attacker_modifiers([C.CONCENTRATING]).edge == 0
    assert bew_after_conditions(5, [C.CONCENTRATING]) == 5
    assert roll_modifiers([C.CONCENTRATING], MELEE) == RollModifiers()


@pytest.mark.parametrize(
    ("held", "bew", "expected"),
    [
        pytest.param([C.IMMOBILIZED], 6, 0, id="E-COND-BEWEGUNGSLOS"),
        pytest.param([C.FOCUSED], 6, 0, id="E-COND-FOKUSSIERT-1-bew"),
        pytest.param([C.CRAMPED], 7, 3, id="E-COND-VERKRAMPFT-1"),
        pytest.param([C.CONFUSED], 6, 3, id="E-COND-VERWIRRT-bew"),
        pytest.param([C.CRAMPED, C.CONFUSED], 7, 1, id="E-OPEN-12-multiply"),
        pytest.param([C.CRAMPED, C.CONFUSED], 3, 1, id="E-OPEN-12-min-1"),
        pytest.param({C.OVERLOADED: 2}, 6, 4, id="E-COND-UEBERLASTET-2"),
        pytest.param({C.OVERLOADED: 6}, 6, 0, id="E-COND-UEBERLASTET-4-bew"),
        pytest.param({C.OVERLOADED: 2, C.EXHAUSTED: 5}, 3, 1, id="E-COND-ERSCHOEPFT-2-min"),
        pytest.param({C.EXHAUSTED: 2, C.CRAMPED: 1}, 6, 2, id="E-OPEN-12-levels-first"),
        pytest.param([C.IMMOBILIZED, C.CRAMPED], 9, 0, id="E-COND-BEWEGUNGSLOS-wins"),
    ],
)
def test_bew_after_conditions(held: object, bew: int, expected: int) -> None:
    """E-COND-BEWEGUNGSLOS, E-COND-VERKRAMPFT-1, E-COND-VERWIRRT, E-COND-UEBERLASTET-2,
    E-OPEN-12: halvings multiply and round down once, minimum 1 unless Bewegungslos."""
    assert bew_after_conditions(bew, held) == expected  # type: ignore[arg-type]


@pytest.mark.rule("E-COND-VERKRAMPFT-1", "E-COND-VERWIRRT", "E-OPEN-12")
def test_halving_count_counts_each_halving_condition_once() -> None:
    """E-OPEN-12: Verkrampft and Verwirrt each halve once, counted over the closure."""
    assert halving_count([]) == 0
    assert halving_count([C.CRAMPED]) == 1
    assert halving_count([C.CRAMPED, C.CONFUSED, C.POISONED]) == 2
    assert halving_count({C.CONFUSED: 1, C.IRRITATED: 3}) == 1
    # bew_after_conditions and movement.movement_allowance both count with it.
    assert bew_after_conditions(8, [C.CRAMPED, C.CONFUSED]) == 8 >> halving_count(
        [C.CRAMPED, C.CONFUSED]
    )


@pytest.mark.rule("E-OPEN-12")
def test_extra_halvings_from_leaving_reach_combine_with_conditions() -> None:
    """E-OPEN-12: leaving reach while Verkrampft: 9 / 4 -> 2."""
    assert bew_after_conditions(9, [C.CRAMPED], extra_halvings=1) == 2
    assert bew_after_conditions(9, [], extra_halvings=1) == 4
    with pytest.raises(ValueError):
        bew_after_conditions(-1, [])


@pytest.mark.rule("E-COND-UEBERLASTET-1", "E-OPEN-12")
def test_e_cond_ueberlastet_1_one_level_per_full_10_kg() -> None:
    """E-COND-UEBERLASTET-1: 1 level per 10 kg over Traglast, partial 10 kg do not count."""
    assert overload_level(70, 70) == 0
    assert overload_level(79.9, 70) == 0
    assert overload_level(80, 70) == 1
    assert overload_level(95, 70) == 2
    assert overload_level(40, 70) == 0


MOVES = [
    pytest.param(C.PRONE, MovementRestriction.CRAWL, id="E-COND-LIEGEND-2"),
    pytest.param(C.PANICKED, MovementRestriction.RUN_AWAY_FROM_SOURCE, id="E-COND-PANISCH-2"),
    pytest.param(C.FRIGHTENED, MovementRestriction.AWAY_FROM_SOURCE, id="E-COND-VERAENGSTIGT-2"),
    pytest.param(C.ENRAGED, MovementRestriction.TOWARD_SOURCE, id="E-COND-WUETEND-1"),
]


@pytest.mark.parametrize(("condition", "restriction"), MOVES)
def test_movement_restrictions(condition: Condition, restriction: MovementRestriction) -> None:
    """E-COND-LIEGEND-2, E-COND-PANISCH-2, E-COND-VERAENGSTIGT-2, E-COND-WUETEND-1."""
    assert movement_restrictions([condition]) == {restriction}
    assert movement_restrictions([]) == frozenset()


@pytest.mark.rule("E-COND-LIEGEND-2", "E-OPEN-38")
def test_e_open_38_crawling_costs_two_per_field() -> None:
    """E-COND-LIEGEND-2, E-OPEN-38: each crawled field costs 2 movement points."""
    assert movement_cost_factor([C.PRONE]) == 2
    assert movement_cost_factor([C.UNCONSCIOUS]) == 2
    assert movement_cost_factor([C.CRAMPED]) == 1
    assert movement_cost_factor([]) == 1


@pytest.mark.rule("E-COND-LIEGEND-4", "E-ACT-HH-POSITION")
def test_e_cond_liegend_4_standing_up_removes_prone() -> None:
    """E-COND-LIEGEND-4: Positionsänderung removes Liegend (not while Handlungsunfähig)."""
    change = stand_up([C.PRONE, C.BLEEDING])
    assert change.held == {C.BLEEDING: 1}
    assert CONDITIONS[C.PRONE].removed_by_action == "Positionsänderung"
    with pytest.raises(ValueError):
        stand_up([C.PRONE, C.STUNNED])
    with pytest.raises(ValueError):
        stand_up([C.UNCONSCIOUS])


@pytest.mark.rule("E-COND-UNTERKUEHLT-2", "E-INIT-9")
def test_e_cond_unterkuehlt_2_initiative_zero() -> None:
    """E-COND-UNTERKUEHLT-2: Unterkühlt sets initiative to 0."""
    assert initiative_override([C.HYPOTHERMIC]) == 0
    assert initiative_override([C.BLEEDING]) is None


# --- life points -------------------------------------------------------------------------

TURN_LOSS = [
    pytest.param(C.BLEEDING, id="E-COND-BLUTEND"),
    pytest.param(C.BURNING, id="E-COND-BRENNEND"),
    pytest.param(C.CORRODED, id="E-COND-VERAETZT"),
    pytest.param(C.HYPOTHERMIC, id="E-COND-UNTERKUEHLT-1"),
    pytest.param(C.WOUNDED, id="E-COND-VERLETZT-1"),
    pytest.param(C.DYING, id="E-COND-STERBEND-1-lp"),
]


@pytest.mark.parametrize("condition", TURN_LOSS)
def test_one_lp_lost_at_turn_start(condition: Condition) -> None:
    """E-COND-BLUTEND, E-COND-BRENNEND, E-COND-VERAETZT, E-COND-UNTERKUEHLT-1,
    E-COND-VERLETZT-1, E-COND-STERBEND-1: 1 LP at the start of the turn."""
    assert lp_loss_at_turn_start([condition]) == 1


@pytest.mark.rule("E-COND-BLUTEND", "E-COND-VERLETZT-1", "E-COND-STERBEND-1")
def test_lp_loss_counts_distinct_conditions() -> None:
    """Blutend + Verletzt lose 2; Sterbend + Verletzt only 1 (Sterbend counts via Verletzt)."""
    assert lp_loss_at_turn_start([C.BLEEDING, C.WOUNDED]) == 2
    assert lp_loss_at_turn_start([C.DYING, C.WOUNDED]) == 1
    assert lp_loss_at_turn_start([C.BLEEDING, C.BURNING, C.CORRODED, C.HYPOTHERMIC]) == 4
    assert lp_loss_at_turn_start([C.DISTRACTED, C.IRRADIATED]) == 0


@pytest.mark.rule("E-COND-STERBEND-1", "E-ACT-VH-STABILISIEREN-2", "E-COND-STERBEND-3")
def test_ex_stab_1_likron_dying_then_stabilised() -> None:
    """EX-STAB-1: Likron (LP -2, Sterbend) loses 1 LP at turn start; stabilised -> Stabiles Koma."""
    lp = -2
    held = ConditionSet.of(C.DYING)
    lp -= lp_loss_at_turn_start(held)
    assert lp == -3
    change = lose(held, C.DYING, lp=lp)
    assert change.held == {C.STABLE_COMA: 1}
    assert C.UNCONSCIOUS in closure(change.held)
    assert lp_loss_at_turn_start(change.held) == 0
    assert not change.drop_held_items  # he was unconscious already


@pytest.mark.rule("E-COND-STERBEND-2")
def test_e_cond_sterbend_2_immune_to_healing() -> None:
    """E-COND-STERBEND-2: no healing that grants LP or TempLep."""
    assert not can_be_healed([C.DYING])
    assert not can_be_healed({C.EXHAUSTED: 10})
    assert can_be_healed([C.STABLE_COMA])
    assert can_be_healed([C.WOUNDED])


@pytest.mark.rule("E-COND-STABILESKOMA-2", "E-COND-STABILESKOMA-3", "E-OPEN-41")
def test_stable_coma_ends_only_at_positive_lp_and_leaves_exhaustion() -> None:
    """E-COND-STABILESKOMA-2: ends only at LP >= 1; -3: then +1 Erschöpft level (E-OPEN-41)."""
    held = ConditionSet({C.STABLE_COMA: 1, C.EXHAUSTED: 2})
    with pytest.raises(ValueError, match="LP >= 1"):
        lose(held, C.STABLE_COMA, lp=0)
    with pytest.raises(ValueError):
        lose(held, C.STABLE_COMA)
    change = lose(held, C.STABLE_COMA, lp=1)
    assert change.held == {C.EXHAUSTED: 3}
    assert lose([C.STABLE_COMA], C.STABLE_COMA, lp=4).held == {C.EXHAUSTED: 1}


@pytest.mark.rule("E-COND-TOD")
def test_e_cond_tod() -> None:
    """E-COND-TOD: Tod at LP -10; it replaces Sterbend, ends concentration, ends all acting.

    The threshold is damage.py's life_state (D-5), not a second constant here.
    """
    assert life_state(-10) is LifeState.DEAD
    assert life_state(-9) is LifeState.DYING
    change = gain([C.DYING, C.CONCENTRATING], C.DEAD)
    assert change.held == {C.DEAD: 1}
    assert C.CONCENTRATING in change.ended
    assert not can_act(change.held)
    assert not any(perceives(change.held, f) for f in Faculty)


@pytest.mark.rule("E-COND-VERSTRAHLT-1", "E-COND-VERSTRAHLT-2")
def test_verstrahlt() -> None:
    """E-COND-VERSTRAHLT-1: 1 LP per hour, not regenerated; -2: after cure 1 LP per week."""
    assert lp_loss_per_hour([C.IRRADIATED]) == 1
    assert lp_loss_at_turn_start([C.IRRADIATED]) == 0
    assert not CONDITIONS[C.IRRADIATED].lp_regenerates
    assert all(r.lp_regenerates for c, r in CONDITIONS.items() if c is not C.IRRADIATED)
    assert radiation_lp_regained(3, 5) == 3
    assert radiation_lp_regained(10, 5) == 5
    assert radiation_lp_regained(0, 5) == 0


# --- gaining and losing ------------------------------------------------------------------

BREAKS_CONCENTRATION = [
    pytest.param(C.STUNNED, id="E-COND-KONZENTRIERT-5-betaeubt"),
    pytest.param(C.UNCONSCIOUS, id="E-COND-KONZENTRIERT-5-bewusstlos"),
    pytest.param(C.HORRIFIED, id="E-COND-KONZENTRIERT-5-entsetzt"),
    pytest.param(C.PANICKED, id="E-COND-KONZENTRIERT-5-panisch"),
    pytest.param(C.DEAD, id="E-COND-KONZENTRIERT-5-tod"),
    pytest.param(C.DYING, id="E-COND-KONZENTRIERT-5-via-bewusstlos"),
]


@pytest.mark.parametrize("condition", BREAKS_CONCENTRATION)
def test_concentration_lost_on_gaining(condition: Condition) -> None:
    """E-COND-KONZENTRIERT-5: Betäubt, Bewusstlos, Entsetzt, Panisch, Tod end Konzentriert."""
    change = gain([C.CONCENTRATING], condition)
    assert C.CONCENTRATING not in change.held
    assert change.ended == {C.CONCENTRATING}


@pytest.mark.rule("E-COND-KONZENTRIERT-5")
def test_other_conditions_keep_concentration() -> None:
    """E-COND-KONZENTRIERT-5: only the named conditions end it."""
    for condition in (C.BLINDED, C.PRONE, C.DISTRACTED, C.FRIGHTENED, C.WOUNDED):
        change = gain([C.CONCENTRATING], condition)
        assert C.CONCENTRATING in change.held and not change.ended


@pytest.mark.rule("E-COND-KONZENTRIERT-2")
def test_e_cond_konzentriert_2_one_thing_at_a_time() -> None:
    """E-COND-KONZENTRIERT-2: concentrating on something new drops the old focus."""
    assert concentrate_on(None, "Schild") == ("Schild", None)
    assert concentrate_on("Schild", "Flug") == ("Flug", "Schild")
    assert concentrate_on("Flug", "Flug") == ("Flug", None)
    assert ConditionSet.of(C.CONCENTRATING, C.CONCENTRATING).count(C.CONCENTRATING) == 1


@pytest.mark.rule("E-COND-KONZENTRIERT-3", "E-COND-FOKUSSIERT-3")
def test_voluntary_end() -> None:
    """E-COND-KONZENTRIERT-3: drop at any time; E-COND-FOKUSSIERT-3: ends and interrupts."""
    change = end_voluntarily([C.CONCENTRATING], C.CONCENTRATING)
    assert change.held == {} and not change.interrupted_action
    change = end_voluntarily([C.FOCUSED], C.FOCUSED)
    assert change.held == {} and change.interrupted_action
    with pytest.raises(ValueError):
        end_voluntarily([C.STUNNED], C.STUNNED)


@pytest.mark.rule("E-COND-FOKUSSIERT-2", "E-ACT-VH-DISTANZ-4")
def test_e_cond_fokussiert_2_losing_lp_ends_focus_and_the_action() -> None:
    """E-COND-FOKUSSIERT-2: 1 or more LP lost -> Fokussiert ends, the action is interrupted."""
    change = lose_lp([C.FOCUSED], 1)
    assert change.held == {} and change.interrupted_action
    assert change.ended == {C.FOCUSED}
    unchanged = lose_lp([C.FOCUSED], 0)
    assert unchanged.held == {C.FOCUSED: 1} and not unchanged.interrupted_action


@pytest.mark.rule("E-COND-KONZENTRIERT-4")
def test_e_cond_konzentriert_4_reflexe_save_vs_zw_10() -> None:
    """E-COND-KONZENTRIERT-4: Rettungswurf Reflexe vs ZW 10 on LP loss; failing ends it.

    The save is rolled by the engine as the creature's check (D-3, its conditions folded
    in: test_checks_with_conditions); the rule reads the rolled save.
    """
    assert lp_loss_save([C.CONCENTRATING], 3) == (Attribute.REFLEXES, 10)
    assert lp_loss_save([C.CONCENTRATING], 0) is None and lp_loss_save([C.FOCUSED], 3) is None
    passed = success_roll(2, 10, ScriptedRoller([8]))
    kept = lose_lp([C.CONCENTRATING], 3, save=passed)
    assert kept.held == {C.CONCENTRATING: 1} and kept.saves == (passed,)
    lost = lose_lp([C.CONCENTRATING], 3, save=success_roll(2, 10, ScriptedRoller([7])))
    assert lost.held == {} and lost.ended == {C.CONCENTRATING}
    assert not lost.interrupted_action
    with pytest.raises(ValueError):
        lose_lp([C.CONCENTRATING], 1)  # the save must be rolled as a check first


@pytest.mark.rule("E-COND-BEWUSSTLOS-2")
def test_e_cond_bewusstlos_2_drops_everything_held() -> None:
    """E-COND-BEWUSSTLOS-2: becoming Bewusstlos drops what the creature holds."""
    assert gain([], C.UNCONSCIOUS).drop_held_items
    assert gain([], C.DYING).drop_held_items
    assert gain({C.EXHAUSTED: 8}, C.EXHAUSTED).drop_held_items
    assert not gain([C.UNCONSCIOUS], C.DYING).drop_held_items
    assert not gain([], C.STUNNED).drop_held_items


@pytest.mark.rule("E-COND-ENTSETZT-3")
def test_e_cond_entsetzt_3_insanity_check_when_gained() -> None:
    """E-COND-ENTSETZT-3: a Wahnsinn check in the first round of Entsetzt, not again."""
    assert gain([], C.HORRIFIED).insanity_checks == 1
    assert gain([C.HORRIFIED], C.HORRIFIED).insanity_checks == 0
    assert gain([], C.PANICKED).insanity_checks == 0


@pytest.mark.rule("E-COND-STERBEND-3")
def test_lose_unheld_condition_changes_nothing() -> None:
    """E-COND-STERBEND-3 applies only when Sterbend is actually held."""
    change = lose([C.BLEEDING], C.DYING)
    assert change.held == {C.BLEEDING: 1}


# --- hiding and detection ---------------------------------------------------------------


@pytest.mark.rule("E-COND-UNENTDECKT-1", "E-COND-UNENTDECKT-2", "E-COND-UNSICHTBAR-1")
def test_hidden_creatures_cannot_be_targeted() -> None:
    """E-COND-UNENTDECKT-1/2, E-COND-UNSICHTBAR-1/2: no direct target, and Geschützt."""
    assert not can_be_targeted([C.UNDETECTED])
    assert not can_be_targeted([C.INVISIBLE])
    assert can_be_targeted([C.OBSCURED])
    assert can_be_targeted([])
    assert C.PROTECTED in closure([C.INVISIBLE])
    assert perceives([C.INVISIBLE], Faculty.SIGHT)  # it is unseen, not blind


@pytest.mark.parametrize(
    ("hidden", "die", "found"),
    [
        pytest.param(C.UNDETECTED, 10, True, id="E-COND-UNENTDECKT-3"),
        pytest.param(C.UNDETECTED, 9, False, id="E-COND-UNENTDECKT-3-miss"),
        pytest.param(C.INVISIBLE, 15, True, id="E-COND-UNSICHTBAR-3"),
        pytest.param(C.INVISIBLE, 14, False, id="E-COND-UNSICHTBAR-3-miss"),
    ],
)
def test_detection_checks(hidden: Condition, die: int, found: bool) -> None:
    """E-COND-UNENTDECKT-3: Intelligenz vs ZW 15; E-COND-UNSICHTBAR-3: vs ZW 20."""
    roll = detection_check(5, hidden, ScriptedRoller([die]))
    assert roll.success is found
    assert roll.target == (15 if hidden is C.UNDETECTED else 20)


def test_detection_of_a_visible_creature_is_an_error() -> None:
    """E-COND-UNENTDECKT-3: only hidden or invisible creatures are detected."""
    with pytest.raises(ValueError):
        detection_check(5, C.PRONE, ScriptedRoller([10]))


@pytest.mark.rule("E-COND-UNENTDECKT-4", "E-COND-UNSICHTBAR-4")
def test_detection_only_toward_the_detector() -> None:
    """E-COND-UNENTDECKT-4: lost toward the detector; E-COND-UNSICHTBAR-4: becomes Schemenhaft."""
    hidden = ConditionSet.of(C.UNDETECTED)
    toward_detector = after_detection(hidden, C.UNDETECTED)
    assert toward_detector == {}
    assert hidden == {C.UNDETECTED: 1}  # everyone else still faces it hidden
    assert can_be_targeted(toward_detector)
    assert dodge_value(10, toward_detector) == 10

    invisible = after_detection([C.INVISIBLE], C.INVISIBLE)
    assert invisible == {C.OBSCURED: 1}
    assert attacker_modifiers(invisible).edge == -1
    assert can_be_targeted(invisible)


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39")
def test_e_cond_unentdeckt_5_conspicuous_acts_reveal() -> None:
    """E-COND-UNENTDECKT-5: attacking, magic, fast movement, interaction end Unentdeckt."""
    for act in ConspicuousAct:
        assert C.UNDETECTED not in reveal([C.UNDETECTED, C.PRONE], act)
    assert reveal([C.INVISIBLE], ConspicuousAct.ATTACK) == {C.INVISIBLE: 1}
    assert moved_faster_than_walking(5, 4)
    assert not moved_faster_than_walking(4, 4)


# --- unforeseen attacks and surprise -------------------------------------------------------


@pytest.mark.rule("E-UNFORESEEN-1")
def test_e_unforeseen_1_when_an_attack_is_unforeseen() -> None:
    """E-UNFORESEEN-1: the target cannot see the attacker or expects no aggression."""
    assert is_unforeseen(target_sees_attacker=False, target_expects_aggression=True)
    assert is_unforeseen(target_sees_attacker=True, target_expects_aggression=False)
    assert not is_unforeseen(target_sees_attacker=True, target_expects_aggression=True)


@pytest.mark.rule("E-UNFORESEEN-2", "E-UNFORESEEN-1")
def test_e_unforeseen_2_vorteil() -> None:
    """E-UNFORESEEN-2: Vorteil; an Unentdeckt attacker is unforeseen by itself, counted once."""
    flagged = RollContext(attribute=Attribute.MELEE, is_attack=True, is_melee=True, unforeseen=True)
    assert roll_modifiers([], flagged).edge == 1
    assert roll_modifiers([C.UNDETECTED], MELEE).edge == 1
    assert roll_modifiers([C.UNDETECTED], flagged).edge == 1
    assert roll_modifiers([C.UNDETECTED], STR_CHECK).edge == 0


@pytest.mark.rule("E-UNFORESEEN-2", "E-UNFORESEEN-3", "E-COND-UNENTDECKT-5")
def test_ex_hide_1_ron_attacks_from_hiding() -> None:
    """EX-HIDE-1: two different actions, not Wehrlos; attack with Vorteil; Unentdeckt ends."""
    hide = ActionType.HALF  # a talent makes Verbergen an HH (E-ACT-5)
    assert not TurnBudget().spend(Action.WALK).spend(Action.HIDE, as_type=hide).repeated
    ron = ConditionSet.of(C.UNDETECTED)
    roll = roll_check(6, 13, ScriptedRoller([4, 11]), roll_modifiers(ron, MELEE))
    assert roll.kept == 11 and roll.success
    ron = reveal(ron, ConspicuousAct.ATTACK)
    assert roll_modifiers(ron, MELEE).edge == 0  # E-UNFORESEEN-3: the next one is foreseen
    assert not is_unforeseen(target_sees_attacker=True, target_expects_aggression=True)


@pytest.mark.rule("E-UNFORESEEN-4")
def test_e_unforeseen_4_surprise_is_the_gm_s_call() -> None:
    """E-UNFORESEEN-4: the target may get Überrascht, if the GM decides so."""
    surprised = after_unforeseen_attack([], gm_surprises=True)
    assert surprised.held == {C.SURPRISED: 1}
    assert not can_act(surprised.held)
    assert after_unforeseen_attack([C.PRONE], gm_surprises=False).held == {C.PRONE: 1}


@pytest.mark.rule("E-SURPRISE-1", "E-SURPRISE-2")
def test_surprise() -> None:
    """E-SURPRISE-1: Überrascht -> Handlungsunfähig; E-SURPRISE-2: ends at own turn next round."""
    held = gain([], C.SURPRISED).held
    assert not can_act(held)
    assert CONDITIONS[C.SURPRISED].duration is SURPRISE_DURATION
    assert SURPRISE_DURATION.kind is DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND
    assert surprised_until_round() == 2
    assert surprised_until_round(3) == 4
    assert can_act(lose(held, C.SURPRISED).held)
    with pytest.raises(ValueError):
        surprised_until_round(0)


# --- actions that work through conditions --------------------------------------------------


def _first_repeated(actions: list[Action], *, extra_halves: int = 0) -> int | None:
    """Return the index of the action from which the budget is Wehrlos, or None."""
    budget = TurnBudget()
    for _ in range(extra_halves):
        budget = budget.with_extra_half()
    for index, action in enumerate(actions):
        wehrlos = budget.defenceless_after(action)
        budget = budget.spend(action)
        assert budget.repeated == wehrlos
        if wehrlos:
            return index
    return None


@pytest.mark.rule("E-ACT-6", "E-OPEN-9")
def test_e_act_6_repeated_action_makes_defenceless() -> None:
    """E-ACT-6 / EX-ACT-1: the same action twice -> Wehrlos from the second (E-OPEN-9 A).

    The bookkeeping is actions.TurnBudget's (``repeated``, ``defenceless_after``); the
    Wehrlos it gives lasts REPEAT_DEFENSELESS_DURATION.
    """
    spell, walk, shot = Action.CAST_INSTANT_SPELL, Action.WALK, Action.RANGED_ATTACK
    assert _first_repeated([walk, spell]) is None  # Elro, round 1
    assert _first_repeated([spell, spell]) == 1  # Elro, round 2
    assert _first_repeated([shot, shot]) == 1  # Likron, two pirates
    assert _first_repeated([shot, Action.THROW_ATTACK]) is None  # Ron
    shouted = TurnBudget().spend(Action.SHOUT_COMMAND).spend(walk)
    assert not shouted.repeated and not shouted.defenceless_after(Action.SHOUT_COMMAND)
    assert _first_repeated([walk, Action.MELEE_ATTACK] * 2, extra_halves=2) == 2  # Impuls HH
    assert REPEAT_DEFENSELESS_DURATION.kind is DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND


@pytest.mark.rule("E-ACT-VH-STUDIEREN")
def test_e_act_vh_studieren_vorteil_on_first_attack() -> None:
    """E-ACT-VH-STUDIEREN: Vorteil on the first attack at the studied enemy, to next round's end."""
    studied = RollContext(attribute=Attribute.RANGED, is_attack=True, studied_target=True)
    assert roll_modifiers([], studied).edge == 1
    assert roll_modifiers([C.DISTRACTED], studied).edge == 0
    assert STUDY_DURATION.uses == 1
    assert STUDY_DURATION.kind is DurationKind.UNTIL_END_OF_NEXT_ROUND
    with pytest.raises(ValueError):
        RollContext(attribute=Attribute.CHARISMA, studied_target=True)


@pytest.mark.rule("E-ACT-VH-HELFEN", "E-OPEN-22")
def test_e_act_vh_helfen_plus_1w6_on_the_next_check() -> None:
    """E-ACT-VH-HELFEN, E-OPEN-22: +1w6, rolled with the helped check, for that one check."""
    bonus = roll_help_bonus(ScriptedRoller([4]))
    assert bonus == 4
    mods = roll_modifiers([], RollContext(attribute=Attribute.DEXTERITY, help_bonus=bonus))
    assert mods.modifier == 4
    roll = roll_check(3, 15, ScriptedRoller([8]), mods)
    assert roll.total == 15 and roll.success
    assert HELP_DURATION.uses == 1
    assert HELP_DURATION.kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN
    with pytest.raises(ValueError):
        RollContext(help_bonus=7)


@pytest.mark.rule("E-IMP-EFF-IRRITATE", "E-COND-IRRITIERT-2")
def test_e_imp_eff_irritate_twice_is_minus_2() -> None:
    """E-IMP-EFF-IRRITATE: Irritiert twice gives WM -2 on the target's checks."""
    target = ConditionSet().add(C.IRRITATED, 2)
    mods = roll_modifiers(target, CHECK)
    assert (mods.edge, mods.modifier) == (0, -2)
    roll = roll_check(5, 15, ScriptedRoller([11]), mods)
    assert roll.total == 14 and not roll.success


@pytest.mark.rule("E-IMP-EFF-DISTRACT")
def test_e_imp_eff_distract_gives_nachteil() -> None:
    """E-IMP-EFF-DISTRACT: Abgelenkt means the target rolls 2 d20 and keeps the lower."""
    mods = roll_modifiers(ConditionSet.of(C.DISTRACTED), CHECK)
    roll = roll_check(5, 15, ScriptedRoller([18, 6]), mods)
    assert roll.dice == (18, 6) and roll.kept == 6 and not roll.success


@pytest.mark.rule("E-ACT-HH-IRRITIEREN")
def test_irritate_action_duration() -> None:
    """E-ACT-HH-IRRITIEREN: Irritiert until the irritator's first action next round."""
    assert IRRITATE_ACTION_DURATION.kind is DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND


def test_duration_rules() -> None:
    """E-COND-0: durations are data; 1w6 rounds are rolled, bad data is refused."""
    assert DurationRule(DurationKind.DICE_ROUNDS, dice=1).roll_rounds(ScriptedRoller([5])) == 5
    roller = ScriptedRoller([3, 7])
    assert DurationRule(DurationKind.DICE_ROUNDS, dice=2, sides=8).roll_rounds(roller) == 10
    assert roller.rolled == [(8, 3), (8, 7)]
    with pytest.raises(ValueError, match="side"):
        DurationRule(DurationKind.DICE_ROUNDS, dice=1, sides=0)
    assert DurationRule(DurationKind.ROUNDS, rounds=3).roll_rounds(ScriptedRoller([])) == 3
    with pytest.raises(ValueError):
        DurationRule(DurationKind.ROUNDS)
    with pytest.raises(ValueError):
        DurationRule(DurationKind.SAVE_AT_END_OF_OWN_TURN, save=Attribute.REFLEXES)
    with pytest.raises(ValueError):
        SURPRISE_DURATION.roll_rounds(ScriptedRoller([1]))


# --- properties ------------------------------------------------------------------------------

conditions_st = st.lists(st.sampled_from(list(Condition)), max_size=8)
contexts_st = st.builds(
    RollContext,
    attribute=st.one_of(st.none(), st.sampled_from(list(Attribute))),
    needs_speech=st.booleans(),
    needs_hearing=st.booleans(),
    source_in_sight=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(conditions_st, contexts_st)
def test_property_held_once_conditions_count_once(held: list[Condition], ctx: RollContext) -> None:
    """E-OPEN-1: gaining a held-once condition again never changes a roll's modifiers."""
    base = ConditionSet(held)
    for condition in held:
        if CONDITIONS[condition].stacking is Stacking.ONCE:
            assert roll_modifiers(base.add(condition), ctx) == roll_modifiers(base, ctx)


@settings(max_examples=150, deadline=None)
@given(conditions_st, conditions_st)
def test_property_closure_is_monotone_and_idempotent(
    a: list[Condition], b: list[Condition]
) -> None:
    """Closure: more held conditions never remove an implied one; closing twice changes nothing."""
    ca = closure(a)
    assert ca <= closure(a + b)
    assert closure(ca) == ca


@settings(max_examples=150, deadline=None)
@given(conditions_st, st.integers(0, 12), st.integers(0, 3))
def test_property_bew_bounds(held: list[Condition], bew: int, halvings: int) -> None:
    """E-OPEN-12: BEW after conditions is between 0 and BEW; 0 only from Bewegungslos or load."""
    result = bew_after_conditions(bew, held, extra_halvings=halvings)
    assert 0 <= result <= max(bew, 0)
    if result == 0 and bew > 0:
        assert C.IMMOBILIZED in closure(held, base_bew=bew)


def test_roll_context_rejects_attack_flags_on_plain_checks() -> None:
    """RollContext: melee/unforeseen describe attacks only."""
    with pytest.raises(ValueError):
        RollContext(attribute=Attribute.MELEE, is_melee=True)
    with pytest.raises(ValueError):
        RollContext(unforeseen=True)


def test_modifiers_add_up() -> None:
    """RollModifiers combine own and target-side parts (D-2: edges are summed)."""
    total = roll_modifiers([C.DISTRACTED], MELEE) + attacker_modifiers([C.PRONE])
    assert total.edge == 0
    assert len(total.reasons) == 2
    roll = success_roll(5, 15, ScriptedRoller([9]), edge=total.edge)
    assert roll.dice == (9,)
