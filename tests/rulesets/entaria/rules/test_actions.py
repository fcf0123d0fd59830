"""The action catalogue, the turn budget, unarmed options, attack procedures and duels
(rules.actions, turn_budget, unarmed, attacks; entaria.md sections 6, 7, 8, 11, 27, 28).

Push geometry (Schubsen, Zurückdrängen) is movement.py's: see test_movement.py beside this file.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import RandomRoller, ScriptedRoller
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    AIMED_ATTACK_WEAPON_ATTRIBUTES,
    AIMING_OPTICS_IGNORED,
    BLOCKING_MELEE_ARMOR_BONUS,
    COVERING_FIRE_AMMO_FACTOR,
    EVASIVE_DODGE_BONUS,
    FIRST_AID_COOLDOWN_ROUNDS,
    FIRST_AID_HEALING,
    HIDE_SUBJECTS,
    ORIENT_INITIATIVE_BONUS,
    SWEEP_MAX_TARGETS,
    Action,
    MovementSpec,
    Precondition,
    RollSpec,
    action_rule,
    action_span,
)
from game.rulesets.entaria.rules.armour import doff_armor_rounds, don_armor_rounds
from game.rulesets.entaria.rules.attacks import (
    DUEL_STEPS,
    MELEE_ATTACK_STEPS,
    RANGED_ATTACK_STEPS,
    duel_order,
    duel_second_shot,
    resolve_attack_roll,
    weapon_allowed_in_duel,
)
from game.rulesets.entaria.rules.checks import Crit, success_roll
from game.rulesets.entaria.rules.condition_rolls import roll_help_bonus
from game.rulesets.entaria.rules.conditions import (
    EVASIVE_MOVE_DURATION,
    HELP_BONUS_DIE,
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.healing import (
    NANO_HEAL_DIE,
    heal,
    nano_healing,
    revival_cost,
    revive_modifier,
    stabilize_modifier,
)
from game.rulesets.entaria.rules.initiative import effective_initiative
from game.rulesets.entaria.rules.mounts import MOUNT_COMMANDS, mount_command_allowed
from game.rulesets.entaria.rules.ranges import RangeBand, long_shot_edge
from game.rulesets.entaria.rules.reach import sweep_targets_allowed
from game.rulesets.entaria.rules.terms import (
    ActionType,
    Attribute,
    Condition,
    SaveValue,
    WeaponAttribute,
)
from game.rulesets.entaria.rules.turn_budget import (
    READY_TRIGGERED_TYPE,
    ActionNotAllowed,
    TurnBudget,
)
from game.rulesets.entaria.rules.unarmed import (
    GRAPPLE_DRAG_FACTOR,
    GRAPPLE_ESCAPE_SAVE,
    GRAPPLE_ESCAPE_TYPE,
    GRAPPLE_RELEASE_ACTION,
    KNOCK_OUT_DURATION_DIE,
    KNOCK_OUT_RECOVERY_SAVE,
    KNOCK_OUT_RECOVERY_TYPE,
    UNARMED_OPTIONS,
    UnarmedOption,
    grapple_drag_movement,
    grapple_escape,
    knock_out_check,
    knock_out_recovery,
    knock_out_rounds,
    unarmed_option_allowed,
    unarmed_rule,
)

HH, VH, LH, FH = ActionType.HALF, ActionType.FULL, ActionType.LONGER, ActionType.FREE
A = Action
P = Precondition

# ----------------------------------------------------------- the table of 6.1

#: (rule ID, action, type, German name) exactly as section 6.1 lists them.
TYPE_TABLE: list[tuple[str, Action, ActionType, str]] = [
    ("E-ACT-HH-NAHKAMPF", A.MELEE_ATTACK, HH, "Nahkampf"),
    ("E-ACT-HH-FERNKAMPF", A.RANGED_ATTACK, HH, "Fernkampf"),
    ("E-ACT-HH-WAFFENLOS", A.UNARMED_ATTACK, HH, "Waffenloser Kampf"),
    ("E-ACT-HH-GEHEN-1", A.WALK, HH, "Gehen"),
    ("E-ACT-HH-LOESEN", A.DISENGAGE, HH, "Lösen"),
    ("E-ACT-HH-ZAUBER", A.CAST_INSTANT_SPELL, HH, "Sofortigen Zauber ausführen"),
    ("E-ACT-HH-WURF", A.THROW_ATTACK, HH, "Wurfangriff"),
    ("E-ACT-HH-INTERAGIEREN", A.INTERACT, HH, "Interagieren"),
    ("E-ACT-HH-POSITION", A.CHANGE_POSITION, HH, "Positionsänderung"),
    ("E-ACT-HH-MOTIV", A.SENSE_MOTIVE, HH, "Motiv erkennen"),
    ("E-ACT-HH-WISSEN", A.RECALL_KNOWLEDGE, HH, "Wissen abrufen"),
    ("E-ACT-HH-IRRITIEREN", A.IRRITATE, HH, "Irritieren"),
    ("E-ACT-HH-ORIENTIEREN", A.ORIENT, HH, "Orientieren"),
    ("E-ACT-HH-SCHILD", A.USE_SHIELD, HH, "Schildeinsatz"),
    ("E-ACT-VH-MEHRFACH", A.MULTI_ATTACK, VH, "Mehrfachangriff"),
    ("E-ACT-VH-STUDIEREN", A.STUDY_ENEMY, VH, "Gegner studieren"),
    ("E-ACT-VH-LAUFEN-1", A.RUN, VH, "Laufen"),
    ("E-ACT-VH-DAUERFEUER-1", A.AUTO_FIRE, VH, "Dauerfeuer"),
    ("E-ACT-VH-DECKUNGSFEUER-1", A.COVERING_FIRE, VH, "Deckungsfeuer"),
    ("E-ACT-VH-STABILISIEREN-1", A.STABILIZE, VH, "Stabilisieren"),
    ("E-ACT-VH-STURM", A.CHARGE, VH, "Sturmangriff"),
    ("E-ACT-VH-RUNDUM", A.SWEEP_ATTACK, VH, "Rundumschlag"),
    ("E-ACT-VH-BLOCKADE", A.BLOCKING_STANCE, VH, "Blockadehaltung"),
    ("E-ACT-VH-AUSWEICH", A.EVASIVE_MOVE, VH, "Ausweichbewegung"),
    ("E-ACT-VH-DISTANZ-1", A.LONG_SHOT, VH, "Distanzschuss"),
    ("E-ACT-VH-GEZIELT-1", A.AIMED_ATTACK, VH, "Gezielter Angriff"),
    ("E-ACT-VH-HELFEN", A.HELP, VH, "Helfen"),
    ("E-ACT-VH-ZURUECK-1", A.PUSH_BACK, VH, "Zurückdrängen"),
    ("E-ACT-VH-ABWARTEN-1", A.READY, VH, "Abwarten"),
    ("E-ACT-VH-VERBERGEN-1", A.HIDE, VH, "Verbergen"),
    ("E-ACT-VH-UNTERSUCHEN", A.INVESTIGATE, VH, "Untersuchen"),
    ("E-ACT-VH-MECHANISMUS", A.BYPASS_MECHANISM, VH, "Mechanismus umgehen"),
    ("E-ACT-VH-STEHLEN-1", A.STEAL, VH, "Stehlen"),
    ("E-ACT-VH-SPUR", A.TRACK, VH, "Spur verfolgen"),
    ("E-ACT-VH-GEGENSTAND", A.USE_SIMPLE_ITEM, VH, "Einfachen Gegenstand benutzen"),
    ("E-ACT-LH-ZAUBER", A.CAST_LONG_SPELL, LH, "Längeren Zauber ausführen"),
    ("E-ACT-LH-KOMPLEX", A.USE_COMPLEX_ITEM, LH, "Komplexen Gegenstand benutzen"),
    ("E-ACT-LH-PANZERUNG-1", A.DON_ARMOR, LH, "Panzerung anziehen"),
    ("E-ACT-LH-PANZERUNG-3", A.DOFF_ARMOR, LH, "Panzerung ausziehen"),
    ("E-ACT-LH-NANO", A.NANO_HEALBOT_BOOST, LH, "NanoHeilbot-Boost"),
    ("E-ACT-LH-ERSTEHILFE", A.FIRST_AID, LH, "Erste Hilfe"),
    ("E-ACT-LH-WIEDERBELEBEN-1", A.REVIVE, LH, "Wiederbeleben"),
    ("E-ACT-LH-REPARIEREN", A.REPAIR_CRAFT, LH, "Reparieren / Herstellen"),
    ("E-ACT-LH-SOZIAL", A.SOCIAL_INTERACTION, LH, "Soziale Interaktion"),
    ("E-ACT-FH-1", A.SHOUT_COMMAND, FH, "Rufen / Kommandos"),
    ("E-ACT-FH-1", A.FREE_TALENT, FH, "Talent als Freie Handlung"),
    ("E-ACT-FH-1", A.DROP_ITEM, FH, "Gegenstand/Waffe fallen lassen"),
    ("E-ACT-HH-WAFFENLOS-UMKLAMMERN-5", A.RELEASE_GRAPPLE, FH, "Umklammerung lösen"),
    ("E-MOUNT-10", A.MOUNT_COMMAND, FH, "Reittier-Befehl"),
    ("E-MOUNT-5", A.MOUNT, VH, "Aufsitzen"),
    ("E-MOUNT-5", A.DISMOUNT, VH, "Absteigen"),
]


@pytest.mark.parametrize(
    ("rule_id", "action", "action_type", "german"),
    TYPE_TABLE,
    ids=[f"{row[0]} {row[1].name}" for row in TYPE_TABLE],
)
def test_action_type_matches_table_6_1(
    rule_id: str, action: Action, action_type: ActionType, german: str
) -> None:
    """Section 6.1: each action has the type of the overview table and cites its rule."""
    rule = action_rule(action)
    assert rule.action is action
    assert rule.action_type is action_type
    assert rule.german == german
    assert rule_id in rule.rule_ids
    assert rule.enabled


def test_every_action_is_catalogued_once() -> None:
    """E-ACT-1, E-ACT-5: the table covers every Action; only DRAW_AND_THROW and breaking
    free of a grapple (E-ACT-HH-WAFFENLOS-UMKLAMMERN-4, not a row of table 6.1) are outside it."""
    tabled = {row[1] for row in TYPE_TABLE}
    assert set(Action) - tabled == {A.DRAW_AND_THROW, A.BREAK_GRAPPLE}
    assert set(ACTIONS) == set(Action)
    assert all(ACTIONS[action].action is action for action in Action)


@pytest.mark.rule("E-ACT-1")
def test_e_act_1_four_action_types() -> None:
    """E-ACT-1: HH, VH, LH and FH, and each is used by the catalogue."""
    assert {t.value for t in ActionType} == {"HH", "VH", "LH", "FH"}
    assert {rule.action_type for rule in ACTIONS.values()} == set(ActionType)


@pytest.mark.rule("E-ACT-3", "E-OPEN-49")
def test_e_act_3_longer_actions_span_rounds() -> None:
    """E-ACT-3: an LH extends over several rounds; fixed LHs last more than one."""
    assert action_span(LH) is DurationKind.WHILE_ACTION_LASTS
    fixed = [rule.rounds for rule in ACTIONS.values() if rule.rounds is not None]
    assert fixed and all(rounds > 1 for rounds in fixed)
    assert all(rule.action_type is LH for rule in ACTIONS.values() if rule.rounds is not None)


@pytest.mark.rule("E-ACT-4")
def test_e_act_4_full_action_lasts_to_next_turn() -> None:
    """E-ACT-4: a VH runs from the actor's initiative to the start of his next turn."""
    assert action_span(VH) is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN
    assert action_span(HH) is DurationKind.INSTANT
    assert action_span(FH) is DurationKind.INSTANT


@pytest.mark.rule("E-THROW-1", "E-OPEN-16")
def test_e_throw_1_throw_is_ranged_hh_and_draw_and_throw_disabled() -> None:
    """E-THROW-1: a throw is a normal ranged attack (HH); draw-and-throw is not defined."""
    throw = ACTIONS[A.THROW_ATTACK]
    assert throw.action_type is HH
    assert throw.roll is not None
    assert (throw.roll.attribute, throw.roll.against, throw.roll.edge) == (
        Attribute.RANGED,
        SaveValue.DODGE,
        0,
    )
    assert throw.deals_damage
    draw = ACTIONS[A.DRAW_AND_THROW]
    assert not draw.enabled
    allowed, reason = TurnBudget().can_spend(A.DRAW_AND_THROW)
    assert not allowed and "not available" in reason
    with pytest.raises(ActionNotAllowed):
        TurnBudget().spend(A.DRAW_AND_THROW)


# ------------------------------------------------------------------------ rolls

ROLLS: list[tuple[str, Action, Attribute | None, int | SaveValue | None, int]] = [
    ("E-ACT-HH-NAHKAMPF", A.MELEE_ATTACK, Attribute.MELEE, SaveValue.DODGE, 0),
    ("E-MELEE-3", A.MELEE_ATTACK, Attribute.MELEE, SaveValue.DODGE, 0),
    ("E-ACT-HH-FERNKAMPF", A.RANGED_ATTACK, Attribute.RANGED, SaveValue.DODGE, 0),
    ("E-RANGED-4", A.RANGED_ATTACK, Attribute.RANGED, SaveValue.DODGE, 0),
    ("E-ACT-HH-WAFFENLOS", A.UNARMED_ATTACK, Attribute.MELEE, SaveValue.DODGE, 0),
    ("E-ACT-HH-WURF", A.THROW_ATTACK, Attribute.RANGED, SaveValue.DODGE, 0),
    ("E-ACT-HH-MOTIV", A.SENSE_MOTIVE, Attribute.INTELLIGENCE, SaveValue.MIND, 0),
    ("E-ACT-HH-WISSEN", A.RECALL_KNOWLEDGE, Attribute.INTELLIGENCE, 15, 0),
    ("E-ACT-HH-IRRITIEREN", A.IRRITATE, Attribute.DEXTERITY, SaveValue.MIND, 0),
    ("E-ACT-VH-MEHRFACH", A.MULTI_ATTACK, None, SaveValue.DODGE, -1),
    ("E-ACT-VH-DAUERFEUER-2", A.AUTO_FIRE, Attribute.RANGED, 15, -1),
    ("E-ACT-VH-DECKUNGSFEUER-1", A.COVERING_FIRE, Attribute.RANGED, 15, -1),
    ("E-ACT-VH-STABILISIEREN-1", A.STABILIZE, Attribute.INTELLIGENCE, 15, 0),
    ("E-ACT-VH-STURM", A.CHARGE, Attribute.MELEE, SaveValue.DODGE, 0),
    ("E-ACT-VH-RUNDUM", A.SWEEP_ATTACK, Attribute.MELEE, SaveValue.DODGE, -1),
    ("E-ACT-VH-DISTANZ-2", A.LONG_SHOT, Attribute.RANGED, SaveValue.DODGE, 0),
    ("E-ACT-VH-GEZIELT-1", A.AIMED_ATTACK, None, SaveValue.DODGE, -1),
    ("E-ACT-VH-ZURUECK-1", A.PUSH_BACK, Attribute.MELEE, SaveValue.DODGE, 0),
    ("E-ACT-VH-VERBERGEN-2", A.HIDE, Attribute.DEXTERITY, SaveValue.MIND, 0),
    ("E-ACT-VH-UNTERSUCHEN", A.INVESTIGATE, Attribute.INTELLIGENCE, 15, 0),
    ("E-ACT-VH-MECHANISMUS", A.BYPASS_MECHANISM, Attribute.DEXTERITY, None, -1),
    ("E-ACT-VH-STEHLEN-1", A.STEAL, Attribute.DEXTERITY, SaveValue.MIND, 0),
    ("E-ACT-VH-SPUR", A.TRACK, Attribute.INTELLIGENCE, 15, -1),
    ("E-ACT-LH-WIEDERBELEBEN-1", A.REVIVE, Attribute.INTELLIGENCE, 15, 0),
    ("E-ACT-LH-SOZIAL", A.SOCIAL_INTERACTION, Attribute.CHARISMA, SaveValue.MIND, 0),
]


@pytest.mark.parametrize(
    ("rule_id", "action", "attribute", "against", "edge"),
    ROLLS,
    ids=[row[0] for row in ROLLS],
)
def test_roll_of_action(
    rule_id: str,
    action: Action,
    attribute: Attribute | None,
    against: int | SaveValue | None,
    edge: int,
) -> None:
    """Each action's check: attribute, target (ZW or Rettungswert) and Vorteil/Nachteil."""
    roll = action_rule(action).roll
    assert roll is not None, rule_id
    assert roll.attribute is attribute
    assert roll.against == against
    assert roll.edge == edge


NO_ROLL = [
    ("E-ACT-HH-LOESEN", A.DISENGAGE),
    ("E-ACT-HH-GEHEN-1", A.WALK),
    ("E-ACT-HH-INTERAGIEREN", A.INTERACT),
    ("E-ACT-HH-POSITION", A.CHANGE_POSITION),
    ("E-ACT-HH-ORIENTIEREN", A.ORIENT),
    ("E-ACT-HH-SCHILD", A.USE_SHIELD),
    ("E-ACT-VH-STUDIEREN", A.STUDY_ENEMY),
    ("E-ACT-VH-BLOCKADE", A.BLOCKING_STANCE),
    ("E-ACT-VH-AUSWEICH", A.EVASIVE_MOVE),
    ("E-ACT-VH-HELFEN", A.HELP),
    ("E-ACT-VH-ABWARTEN-1", A.READY),
    ("E-ACT-VH-GEGENSTAND", A.USE_SIMPLE_ITEM),
    ("E-ACT-LH-PANZERUNG-1", A.DON_ARMOR),
    ("E-ACT-LH-NANO", A.NANO_HEALBOT_BOOST),
    ("E-ACT-LH-ERSTEHILFE", A.FIRST_AID),
    ("E-ACT-FH-1", A.SHOUT_COMMAND),
]


@pytest.mark.parametrize(("rule_id", "action"), NO_ROLL, ids=[row[0] for row in NO_ROLL])
def test_actions_without_a_check(rule_id: str, action: Action) -> None:
    """These actions state no check: the engine performs them without a roll."""
    assert action_rule(action).roll is None, rule_id


def test_weapon_attack_attribute_follows_the_weapon() -> None:
    """E-ACT-VH-MEHRFACH, E-ACT-VH-GEZIELT-1: the roll uses the weapon's attack attribute."""
    for action in (A.MULTI_ATTACK, A.AIMED_ATTACK):
        roll = ACTIONS[action].roll
        assert roll is not None
        assert roll.attribute_for(ranged=True) is Attribute.RANGED
        assert roll.attribute_for(ranged=False) is Attribute.MELEE
    melee = ACTIONS[A.MELEE_ATTACK].roll
    assert melee is not None and melee.attribute_for(ranged=True) is Attribute.MELEE


@pytest.mark.rule("E-ACT-VH-MECHANISMUS")
def test_mechanism_nachteil_removed_by_fitting_talent() -> None:
    """E-ACT-VH-MECHANISMUS: Nachteil unless Schlösser öffnen, Elektronik or Handwerk."""
    roll = ACTIONS[A.BYPASS_MECHANISM].roll
    assert roll is not None
    assert roll.edge_for(has_talent=False) == -1
    assert roll.edge_for(has_talent=True) == 0
    assert roll.edge_removed_by_talent is not None
    for talent in ("Schlösser öffnen", "Elektronik", "Handwerk"):
        assert talent in roll.edge_removed_by_talent
    assert LH in ACTIONS[A.BYPASS_MECHANISM].alternative_types


@pytest.mark.rule("E-ACT-VH-SPUR")
def test_track_nachteil_removed_by_survivalexperte() -> None:
    """E-ACT-VH-SPUR: Intelligenz vs ZW 15 with Nachteil, removed by Survivalexperte."""
    roll = ACTIONS[A.TRACK].roll
    assert roll is not None
    assert roll.edge_removed_by_talent == "Survivalexperte"
    assert (roll.edge_for(), roll.edge_for(has_talent=True)) == (-1, 0)


def test_talent_does_not_remove_a_nachteil_the_rule_does_not_name() -> None:
    """E-ACT-VH-MEHRFACH, E-ACT-VH-RUNDUM: no talent removes these Nachteile."""
    for action in (A.MULTI_ATTACK, A.SWEEP_ATTACK, A.AIMED_ATTACK):
        roll = ACTIONS[action].roll
        assert roll is not None
        assert roll.edge_for(has_talent=True) == -1


@pytest.mark.rule("E-ACT-VH-ZURUECK-1")
def test_push_back_is_melee_without_damage_plus_strength_check() -> None:
    """E-ACT-VH-ZURUECK-1: Nahkampf without damage, plus Stärke vs the target's Körper."""
    rule = ACTIONS[A.PUSH_BACK]
    assert not rule.deals_damage
    assert rule.follow_up == RollSpec(Attribute.STRENGTH, SaveValue.BODY)
    assert P.TARGET_IN_MELEE_REACH in rule.preconditions


# ---------------------------------------------------------------- preconditions

PRECONDITIONS: list[tuple[str, Action, Precondition]] = [
    ("E-MELEE-1", A.MELEE_ATTACK, P.NEEDS_MELEE_WEAPON),
    ("E-MELEE-2", A.MELEE_ATTACK, P.TARGET_IN_MELEE_REACH),
    ("E-RANGED-1", A.RANGED_ATTACK, P.NEEDS_RANGED_WEAPON),
    ("E-RANGED-2", A.RANGED_ATTACK, P.TARGET_IN_WEAPON_RANGE),
    ("E-ACT-HH-WAFFENLOS", A.UNARMED_ATTACK, P.NEEDS_FREE_HAND),
    ("E-ACT-HH-IRRITIEREN", A.IRRITATE, P.TARGET_IN_MELEE_REACH),
    ("E-ACT-HH-SCHILD", A.USE_SHIELD, P.NEEDS_SHIELD),
    ("E-ACT-VH-MEHRFACH", A.MULTI_ATTACK, P.NEEDS_SEVERAL_WEAPONS),
    ("E-ACT-VH-DAUERFEUER-1", A.AUTO_FIRE, P.NEEDS_AUTO_FIRE_WEAPON),
    ("E-ACT-VH-DECKUNGSFEUER-1", A.COVERING_FIRE, P.NEEDS_AUTO_FIRE_OR_AREA_FIRE_WEAPON),
    ("E-ACT-VH-STABILISIEREN-1", A.STABILIZE, P.TARGET_DYING),
    ("E-ACT-VH-STABILISIEREN-1", A.STABILIZE, P.NEEDS_MEDKIT),
    ("E-ACT-VH-STURM", A.CHARGE, P.NOT_IN_ENEMY_MELEE_REACH),
    ("E-ACT-VH-RUNDUM", A.SWEEP_ATTACK, P.NEEDS_MELEE_WEAPON),
    ("E-ACT-VH-RUNDUM", A.SWEEP_ATTACK, P.TARGET_IN_MELEE_REACH),
    ("E-ACT-VH-DISTANZ-1", A.LONG_SHOT, P.NEEDS_SCOPE),
    ("E-ACT-VH-DISTANZ-1", A.LONG_SHOT, P.NEEDS_RANGED_WEAPON),
    ("E-ACT-VH-GEZIELT-3", A.AIMED_ATTACK, P.NOT_AREA_WEAPON),
    ("E-ACT-VH-HELFEN", A.HELP, P.TARGET_IN_MELEE_REACH),
    ("E-ACT-VH-VERBERGEN-1", A.HIDE, P.SUITABLE_SURROUNDINGS),
    ("E-ACT-VH-VERBERGEN-1", A.HIDE, P.OUT_OF_SIGHT_OF_OBSERVERS),
    ("E-ACT-LH-NANO", A.NANO_HEALBOT_BOOST, P.NEEDS_NANO_HEALBOTS),
    ("E-ACT-LH-NANO", A.NANO_HEALBOT_BOOST, P.NOT_USED_SINCE_REST),
    ("E-ACT-LH-ERSTEHILFE", A.FIRST_AID, P.NEEDS_MEDKIT),
    ("E-ACT-LH-ERSTEHILFE", A.FIRST_AID, P.TARGET_NOT_FIRST_AIDED_THIS_HOUR),
    ("E-ACT-LH-WIEDERBELEBEN-1", A.REVIVE, P.TARGET_DEAD),
    ("E-ACT-LH-WIEDERBELEBEN-1", A.REVIVE, P.NEEDS_MEDKIT),
    ("E-ACT-HH-WAFFENLOS-UMKLAMMERN-5", A.RELEASE_GRAPPLE, P.IS_GRAPPLING),
    ("E-ACT-FH-1", A.DROP_ITEM, P.HOLDS_ITEM),
    ("E-MOUNT-10", A.MOUNT_COMMAND, P.IS_MOUNTED),
]


@pytest.mark.parametrize(
    ("rule_id", "action", "precondition"),
    PRECONDITIONS,
    ids=[f"{row[0]} {row[2].name}" for row in PRECONDITIONS],
)
def test_precondition(rule_id: str, action: Action, precondition: Precondition) -> None:
    """The rule's requirement is recorded as a precondition of the action."""
    assert precondition in action_rule(action).preconditions, rule_id


def test_preconditions_not_overreaching() -> None:
    """E-ACT-VH-STURM, E-ACT-VH-GEZIELT-1: no weapon demanded where unarmed is allowed."""
    assert P.NEEDS_MELEE_WEAPON not in ACTIONS[A.CHARGE].preconditions
    assert P.NEEDS_MELEE_WEAPON not in ACTIONS[A.AIMED_ATTACK].preconditions
    assert P.NOT_IN_ENEMY_MELEE_REACH not in ACTIONS[A.WALK].preconditions
    assert P.TARGET_DYING not in ACTIONS[A.REVIVE].preconditions


# --------------------------------------------------------------------- movement


@pytest.mark.rule("E-ACT-HH-GEHEN-1")
def test_walk_moves_bew() -> None:
    """E-ACT-HH-GEHEN-1: Gehen moves up to BEW fields."""
    movement = ACTIONS[A.WALK].movement
    assert movement is not None
    assert movement.allowance(4) == 4
    assert movement.allowance(0) == 0


@pytest.mark.rule("E-ACT-HH-GEHEN-2", "D-10")
def test_walk_leaving_reach_halves_and_saves_geschick() -> None:
    """E-ACT-HH-GEHEN-2: leaving reach halves the move; Geschick vs ZW 15, no Nachteil."""
    movement = ACTIONS[A.WALK].movement
    assert movement is not None
    assert movement.leave_reach_factor == Fraction(1, 2)
    assert movement.leave_reach_save == RollSpec(Attribute.DEXTERITY, 15, edge=0)


@pytest.mark.rule("E-ACT-HH-GEHEN-3", "E-ACT-VH-LAUFEN-3")
def test_failed_leaving_reach_save_gives_liegend() -> None:
    """E-ACT-HH-GEHEN-3, E-ACT-VH-LAUFEN-3: a failure gives Liegend on the start field."""
    for action in (A.WALK, A.RUN):
        movement = ACTIONS[action].movement
        assert movement is not None
        assert movement.leave_reach_failure is Condition.PRONE


@pytest.mark.rule("E-ACT-VH-LAUFEN-1")
def test_run_moves_three_times_bew() -> None:
    """E-ACT-VH-LAUFEN-1: Laufen moves 3 × BEW."""
    movement = ACTIONS[A.RUN].movement
    assert movement is not None and movement.allowance(4) == 12


@pytest.mark.rule("E-ACT-VH-LAUFEN-2")
def test_run_leaving_reach_save_has_nachteil() -> None:
    """E-ACT-VH-LAUFEN-2: the Geschick save vs ZW 15 has Nachteil, and the move halves."""
    movement = ACTIONS[A.RUN].movement
    assert movement is not None
    assert movement.leave_reach_save == RollSpec(Attribute.DEXTERITY, 15, edge=-1)
    assert movement.leave_reach_factor == Fraction(1, 2)


@pytest.mark.rule("E-ACT-VH-STURM", "E-OPEN-20")
def test_charge_moves_twice_bew_in_a_straight_line() -> None:
    """E-ACT-VH-STURM: 2 × BEW in a straight line, then a melee attack."""
    rule = ACTIONS[A.CHARGE]
    assert rule.movement is not None
    assert rule.movement.allowance(5) == 10
    assert rule.movement.straight_line
    assert rule.roll is not None and rule.roll.attribute is Attribute.MELEE
    assert rule.deals_damage


@pytest.mark.rule("E-ACT-HH-LOESEN", "E-OPEN-11")
def test_disengage_moves_one_field_without_save() -> None:
    """E-ACT-HH-LOESEN: Lösen moves exactly 1 field, whatever BEW, with no leaving save."""
    movement = ACTIONS[A.DISENGAGE].movement
    assert movement is not None
    assert movement.allowance(7) == 1
    assert movement.leave_reach_save is None


def test_movement_rejects_negative_bew() -> None:
    with pytest.raises(ValueError):
        MovementSpec().allowance(-1)


# -------------------------------------------------------- conditions and duration


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-5")
def test_covering_fire_makes_shooter_wehrlos() -> None:
    """E-ACT-VH-DECKUNGSFEUER-5: the shooter has Wehrlos for the duration."""
    assert Condition.DEFENSELESS in ACTIONS[A.COVERING_FIRE].gives_conditions


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-3")
def test_covering_fire_lasts_to_shooters_next_turn() -> None:
    """E-ACT-VH-DECKUNGSFEUER-3: until the start of the shooter's first action next round."""
    duration = ACTIONS[A.COVERING_FIRE].duration
    assert duration.kind is DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-2")
def test_covering_fire_doubles_ammunition() -> None:
    """E-ACT-VH-DECKUNGSFEUER-2: ammunition consumption ×2."""
    assert COVERING_FIRE_AMMO_FACTOR == 2


@pytest.mark.rule("E-ACT-VH-DECKUNGSFEUER-4", "E-OPEN-23")
def test_covering_fire_is_area_fire_that_damages() -> None:
    """E-ACT-VH-DECKUNGSFEUER-4: enemies in the covered fields take the weapon's damage."""
    rule = ACTIONS[A.COVERING_FIRE]
    assert rule.area_fire and rule.deals_damage
    assert "automatically" in rule.note


@pytest.mark.rule("E-ACT-VH-DAUERFEUER-1", "E-ACT-VH-DAUERFEUER-2")
def test_auto_fire_lays_area_fire_without_optics() -> None:
    """E-ACT-VH-DAUERFEUER-1/2: area fire; optics have no effect (also Deckungsfeuer)."""
    assert ACTIONS[A.AUTO_FIRE].area_fire
    assert {A.AUTO_FIRE, A.COVERING_FIRE} == AIMING_OPTICS_IGNORED
    assert A.LONG_SHOT not in AIMING_OPTICS_IGNORED


@pytest.mark.rule("E-ACT-VH-DISTANZ-4", "E-COND-FOKUSSIERT-2")
def test_long_shot_gives_fokussiert_until_next_turn() -> None:
    """E-ACT-VH-DISTANZ-4: Fokussiert until the start of the next turn."""
    rule = ACTIONS[A.LONG_SHOT]
    assert rule.gives_conditions == (Condition.FOCUSED,)
    assert rule.duration.kind is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN


@pytest.mark.rule("E-ACT-VH-DISTANZ-2", "E-OPEN-10")
def test_long_shot_fires_at_next_turn() -> None:
    """E-ACT-VH-DISTANZ-2: like Fernkampf, but the weapon fires at the next turn's start."""
    rule = ACTIONS[A.LONG_SHOT]
    assert rule.resolves_at_next_turn
    assert not ACTIONS[A.RANGED_ATTACK].resolves_at_next_turn


@pytest.mark.rule("E-ACT-VH-DISTANZ-3")
def test_long_shot_advantage_at_long_and_extreme() -> None:
    """E-ACT-VH-DISTANZ-3: Vorteil when the target is at Weit or Extrem (ranges.py)."""
    assert [long_shot_edge(band) for band in RangeBand] == [0, 0, 0, 1, 1]
    assert long_shot_edge(None) == 0
    roll = ACTIONS[A.LONG_SHOT].roll
    assert roll is not None and "long_shot_edge" in roll.modifier_note


@pytest.mark.rule("E-ACT-VH-DISTANZ-3", "E-OPEN-1")
def test_long_shot_edge_with_range_bands() -> None:
    """E-ACT-VH-DISTANZ-3 with the real RangeBand: Weit becomes normal, Extrem one Nachteil."""
    assert long_shot_edge(RangeBand.LONG) + RangeBand.LONG.edge == 0
    assert long_shot_edge(RangeBand.EXTREME) + RangeBand.EXTREME.edge == -1
    assert long_shot_edge(RangeBand.MEDIUM) == 0


@pytest.mark.rule("E-ACT-LH-ZAUBER", "E-ACT-LH-KOMPLEX")
def test_long_spell_and_complex_item_give_fokussiert_throughout() -> None:
    """E-ACT-LH-ZAUBER, E-ACT-LH-KOMPLEX: Fokussiert for as long as the LH lasts."""
    for action in (A.CAST_LONG_SPELL, A.USE_COMPLEX_ITEM):
        rule = ACTIONS[action]
        assert rule.gives_conditions == (Condition.FOCUSED,)
        assert rule.duration.kind is DurationKind.WHILE_ACTION_LASTS
        assert rule.rounds is None  # the spell's or the GM's duration


_NEXT_ROUND = DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND
_NEXT_TURN = DurationKind.UNTIL_START_OF_OWN_NEXT_TURN


@pytest.mark.parametrize(
    ("rule_id", "action", "kind"),
    [
        ("E-ACT-VH-BLOCKADE", A.BLOCKING_STANCE, _NEXT_ROUND),
        ("E-ACT-VH-AUSWEICH", A.EVASIVE_MOVE, _NEXT_ROUND),
        ("E-ACT-HH-SCHILD", A.USE_SHIELD, _NEXT_ROUND),
        ("E-ACT-VH-ABWARTEN-1", A.READY, _NEXT_TURN),
        ("E-ACT-HH-IRRITIEREN", A.IRRITATE, DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND),
    ],
    ids=["E-ACT-VH-BLOCKADE", "E-ACT-VH-AUSWEICH", "E-ACT-HH-SCHILD", "E-ACT-VH-ABWARTEN-1",
         "E-ACT-HH-IRRITIEREN"],
)  # fmt: skip
def test_effects_until_start_of_own_next_turn(
    rule_id: str, action: Action, kind: DurationKind
) -> None:
    """These effects last until the start of the actor's turn (first action) next round.

    "Own" is the holder of the effect: Irritiert is the target's, so it ends at the
    source's (the irritator's) turn. Abwarten says "his next turn".
    """
    assert action_rule(action).duration.kind is kind, rule_id
    assert ACTIONS[A.EVASIVE_MOVE].duration is EVASIVE_MOVE_DURATION
    assert ACTIONS[A.IRRITATE].duration is IRRITATE_ACTION_DURATION


@pytest.mark.rule("E-ACT-VH-BLOCKADE", "E-OPEN-36")
def test_blocking_stance_armour_bonus() -> None:
    """E-ACT-VH-BLOCKADE: Panzerung +2 against melee attacks."""
    assert BLOCKING_MELEE_ARMOR_BONUS == 2
    assert "melee" in ACTIONS[A.BLOCKING_STANCE].note


@pytest.mark.rule("E-ACT-VH-AUSWEICH")
def test_evasive_move_dodge_bonus() -> None:
    """E-ACT-VH-AUSWEICH: WM +5 on Ausweichen."""
    assert EVASIVE_DODGE_BONUS == 5


@pytest.mark.rule("E-ACT-VH-STUDIEREN")
def test_study_enemy_lasts_to_end_of_next_round() -> None:
    """E-ACT-VH-STUDIEREN: Vorteil on the first attack, until the end of the next round."""
    rule = ACTIONS[A.STUDY_ENEMY]
    assert rule.duration is STUDY_DURATION
    assert rule.duration.kind is DurationKind.UNTIL_END_OF_NEXT_ROUND
    assert rule.roll is None


@pytest.mark.rule("E-ACT-VH-HELFEN", "E-OPEN-22")
def test_help_gives_w6_until_end_of_helped_next_turn() -> None:
    """E-ACT-VH-HELFEN: WM +1w6 until the end of the helped person's next turn."""
    assert HELP_BONUS_DIE == 6
    roller = ScriptedRoller([5])
    assert roll_help_bonus(roller) == 5 and roller.rolled == [(HELP_BONUS_DIE, 5)]
    assert ACTIONS[A.HELP].duration is HELP_DURATION
    # "Own" is the holder of the bonus: the helped person.
    assert HELP_DURATION.kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN


@pytest.mark.rule("E-ACT-HH-IRRITIEREN")
def test_irritate_gives_irritiert_to_target() -> None:
    """E-ACT-HH-IRRITIEREN: on success the target is Irritiert."""
    rule = ACTIONS[A.IRRITATE]
    assert rule.on_success_target == (Condition.IRRITATED,)
    assert rule.on_success_self == ()


@pytest.mark.rule("E-ACT-HH-ORIENTIEREN", "E-INIT-8", "E-OPEN-8")
def test_orient_raises_initiative_for_the_combat_and_asks_gm() -> None:
    """E-ACT-HH-ORIENTIEREN: initiative +5 for this combat; the GM hands over information."""
    rule = ACTIONS[A.ORIENT]
    assert ORIENT_INITIATIVE_BONUS == 5
    assert effective_initiative(12, oriented=True) == 12 + ORIENT_INITIATIVE_BONUS
    assert rule.duration.kind is DurationKind.REST_OF_COMBAT
    assert rule.resolved_by_gm


@pytest.mark.rule("E-ACT-HH-POSITION", "E-COND-LIEGEND-4")
def test_change_position_removes_liegend() -> None:
    """E-ACT-HH-POSITION: standing up removes Liegend."""
    assert Condition.PRONE in ACTIONS[A.CHANGE_POSITION].removes_conditions


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_interact_is_engine_resolved_without_roll() -> None:
    """E-ACT-HH-INTERAGIEREN: drawing, doors, reloading: no check, no GM needed."""
    rule = ACTIONS[A.INTERACT]
    assert rule.roll is None and not rule.resolved_by_gm
    assert "reload" in rule.note and "door" in rule.note


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-2")
def test_stabilize_turns_sterbend_into_stabiles_koma() -> None:
    """E-ACT-VH-STABILISIEREN-2: the target loses Sterbend and gets Stabiles Koma."""
    rule = ACTIONS[A.STABILIZE]
    assert rule.on_success_target == (Condition.STABLE_COMA,)
    assert rule.removes_conditions == (Condition.DYING,)


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1")
def test_stabilize_modifier_is_negative_lp() -> None:
    """E-ACT-VH-STABILISIEREN-1 / EX-STAB-1: WM −2 at LP −2, then −3 at LP −3.

    The target must be Sterbend (LP -1..-9): other LP are refused (damage.py).
    """
    assert stabilize_modifier(-2) == -2
    assert stabilize_modifier(-3) == -3
    assert stabilize_modifier(-9) == -9
    for not_dying in (4, 0, -10):
        with pytest.raises(ValueError):
            stabilize_modifier(not_dying)
    assert Precondition.TARGET_DYING in ACTIONS[A.STABILIZE].preconditions


def test_ex_stab_1_valina_fails_then_succeeds() -> None:
    """EX-STAB-1 (E-ACT-VH-STABILISIEREN-1): Int check vs 15 with the LP as WM."""
    roll = ACTIONS[A.STABILIZE].roll
    assert roll is not None and roll.against == 15
    first = success_roll(4, 15, ScriptedRoller([12]), modifier=stabilize_modifier(-2))
    second = success_roll(4, 15, ScriptedRoller([14]), modifier=stabilize_modifier(-3))
    assert (first.total, first.success) == (14, False)
    assert (second.total, second.success) == (15, True)


@pytest.mark.rule("E-ACT-VH-VERBERGEN-2")
def test_hide_gives_unentdeckt_to_self() -> None:
    """E-ACT-VH-VERBERGEN-2: on success the character is Unentdeckt."""
    rule = ACTIONS[A.HIDE]
    assert rule.on_success_self == (Condition.UNDETECTED,)
    assert rule.on_success_target == ()


@pytest.mark.rule("E-ACT-VH-VERBERGEN-3")
def test_hide_can_conceal_others_and_objects() -> None:
    """E-ACT-VH-VERBERGEN-3: another person or an object (a landmine) can be hidden."""
    assert "another creature" in HIDE_SUBJECTS and "an object" in HIDE_SUBJECTS


@pytest.mark.rule("E-ACT-VH-UNTERSUCHEN")
def test_investigate_may_become_longer_and_asks_gm() -> None:
    """E-ACT-VH-UNTERSUCHEN: Int vs ZW 15 (varies); a large room makes it an LH."""
    rule = ACTIONS[A.INVESTIGATE]
    assert rule.alternative_types == (LH,)
    assert rule.resolved_by_gm
    budget = TurnBudget().spend(A.INVESTIGATE, as_type=LH)
    assert not budget.can_spend(A.WALK)[0]


@pytest.mark.rule("E-ACT-VH-STEHLEN-2")
def test_steal_happens_whatever_the_roll() -> None:
    """E-ACT-VH-STEHLEN-2: the action is carried out; the roll decides only noticing."""
    assert ACTIONS[A.STEAL].performed_on_failure
    assert not ACTIONS[A.HIDE].performed_on_failure


@pytest.mark.rule("E-ACT-VH-GEZIELT-2", "E-OPEN-21")
def test_aimed_attack_gets_umgehung() -> None:
    """E-ACT-VH-GEZIELT-2: Umgehung applies to the aimed attack."""
    assert AIMED_ATTACK_WEAPON_ATTRIBUTES == (WeaponAttribute.BYPASS,)
    assert "body zone" in ACTIONS[A.AIMED_ATTACK].note


@pytest.mark.rule("E-ACT-VH-RUNDUM")
def test_sweep_attacks_up_to_four() -> None:
    """E-ACT-VH-RUNDUM: up to 4 enemies in reach, one attack each with Nachteil."""
    assert SWEEP_MAX_TARGETS == 4
    assert ACTIONS[A.SWEEP_ATTACK].max_targets == 4
    assert sweep_targets_allowed(SWEEP_MAX_TARGETS)
    assert not sweep_targets_allowed(SWEEP_MAX_TARGETS + 1)


@pytest.mark.parametrize(
    ("rule_id", "action"),
    [
        ("E-ACT-HH-ZAUBER", A.CAST_INSTANT_SPELL),
        ("E-ACT-HH-MOTIV", A.SENSE_MOTIVE),
        ("E-ACT-HH-WISSEN", A.RECALL_KNOWLEDGE),
        ("E-ACT-VH-GEGENSTAND", A.USE_SIMPLE_ITEM),
        ("E-ACT-LH-REPARIEREN", A.REPAIR_CRAFT),
        ("E-ACT-LH-SOZIAL", A.SOCIAL_INTERACTION),
        ("E-ACT-LH-KOMPLEX", A.USE_COMPLEX_ITEM),
    ],
    ids=["E-ACT-HH-ZAUBER", "E-ACT-HH-MOTIV", "E-ACT-HH-WISSEN", "E-ACT-VH-GEGENSTAND",
         "E-ACT-LH-REPARIEREN", "E-ACT-LH-SOZIAL", "E-ACT-LH-KOMPLEX"],
)  # fmt: skip
def test_outcome_left_to_gm(rule_id: str, action: Action) -> None:
    """The rulebook leaves what these achieve to the GM (or another chapter)."""
    assert action_rule(action).resolved_by_gm, rule_id


def test_combat_actions_are_engine_resolved() -> None:
    """E-ACT-HH-NAHKAMPF, E-ACT-HH-GEHEN-1: the engine resolves attacks and moves itself."""
    for action in (A.MELEE_ATTACK, A.RANGED_ATTACK, A.WALK, A.RUN, A.CHARGE, A.INTERACT):
        assert not ACTIONS[action].resolved_by_gm


# ------------------------------------------------------------------ rounds (LH)


@pytest.mark.rule("E-ACT-LH-PANZERUNG-1")
def test_don_armor_takes_paz_rounds() -> None:
    """E-ACT-LH-PANZERUNG-1: donning takes PAZ rounds, light or heavy."""
    assert don_armor_rounds(3) == 3
    assert don_armor_rounds(8) == 8
    assert don_armor_rounds(0) == 1  # an LH takes at least one round
    with pytest.raises(ValueError):
        don_armor_rounds(-1)


@pytest.mark.rule("E-ACT-LH-PANZERUNG-2")
def test_space_suit_takes_two_rounds() -> None:
    """E-ACT-LH-PANZERUNG-2: a space suit takes 2 rounds, whatever its PAZ."""
    assert don_armor_rounds(7, space_suit=True) == 2


@pytest.mark.rule("E-ACT-LH-PANZERUNG-3", "E-OPEN-12")
def test_doff_armor_half_rounded_up_minimum_one() -> None:
    """E-ACT-LH-PANZERUNG-3: half the donning time, ceil, minimum 1 round."""
    assert [doff_armor_rounds(paz) for paz in (0, 1, 2, 3, 4, 5)] == [1, 1, 1, 2, 2, 3]
    assert doff_armor_rounds(9, space_suit=True) == 1


@pytest.mark.rule("E-ACT-LH-ERSTEHILFE")
def test_first_aid_ten_minutes_one_lp_once_per_hour() -> None:
    """E-ACT-LH-ERSTEHILFE: 10 minutes (100 rounds), heals 1 LP, once per hour each."""
    assert ACTIONS[A.FIRST_AID].rounds == 100
    assert FIRST_AID_HEALING == 1
    assert FIRST_AID_COOLDOWN_ROUNDS == 600


@pytest.mark.rule("E-ACT-LH-NANO")
def test_nano_healbot_boost_ten_minutes_w6() -> None:
    """E-ACT-LH-NANO: 1w6 LP within 10 minutes, once after each rest."""
    assert ACTIONS[A.NANO_HEALBOT_BOOST].rounds == 100
    assert NANO_HEAL_DIE == 6
    roller = ScriptedRoller([4])
    lp = nano_healing(roller)
    assert lp == 4 and roller.rolled == [(NANO_HEAL_DIE, 4)]
    assert heal(3, lp, dying=False) == 7


@pytest.mark.rule("E-ACT-LH-WIEDERBELEBEN-3")
def test_revive_attempt_takes_one_minute() -> None:
    """E-ACT-LH-WIEDERBELEBEN-3: one attempt takes 1 minute (10 rounds)."""
    assert ACTIONS[A.REVIVE].rounds == 10


@pytest.mark.rule("E-ACT-LH-WIEDERBELEBEN-2", "E-OPEN-35")
def test_revive_modifier_minus_one_per_full_minute() -> None:
    """E-ACT-LH-WIEDERBELEBEN-2: WM −1 per full minute dead, rounded down."""
    assert revive_modifier(0) == 0
    assert revive_modifier(0.9) == 0
    assert revive_modifier(1) == -1
    assert revive_modifier(2.5) == -2
    with pytest.raises(ValueError):
        revive_modifier(-1)


@pytest.mark.rule("E-ACT-LH-WIEDERBELEBEN-4")
def test_revive_gives_stabiles_koma() -> None:
    """E-ACT-LH-WIEDERBELEBEN-4: on success Stabiles Koma replaces Tod (E-OPEN-34)."""
    rule = ACTIONS[A.REVIVE]
    assert rule.on_success_target == (Condition.STABLE_COMA,)
    assert rule.removes_conditions == (Condition.DEAD,)


@pytest.mark.rule("E-ACT-LH-WIEDERBELEBEN-5")
def test_revival_cost_per_minute_dead() -> None:
    """E-ACT-LH-WIEDERBELEBEN-5: one Wahnsinn check and 1 Essenz per minute dead."""
    cost = revival_cost(4.5)
    assert (cost.essence_loss, cost.insanity_checks) == (4, 4)


def test_ex_revive_1_employer() -> None:
    """EX-REVIVE-1 (E-ACT-LH-WIEDERBELEBEN-1..5): WM −1, then −2; 3 Essenz, 3 checks."""
    dead_before_help = 1
    rounds = ACTIONS[A.REVIVE].rounds
    assert rounds is not None
    attempt = rounds // 10  # minutes per attempt
    assert revive_modifier(dead_before_help) == -1
    assert revive_modifier(dead_before_help + attempt) == -2
    cost = revival_cost(dead_before_help + 2 * attempt)
    assert cost.essence_loss == 3 and cost.insanity_checks == 3


# ----------------------------------------------------------------------- budget


@pytest.mark.rule("E-ACT-2")
def test_two_half_actions_then_refused() -> None:
    """E-ACT-2: two HH per turn; a third is refused with a reason."""
    budget = TurnBudget().spend(A.WALK).spend(A.RANGED_ATTACK)
    allowed, reason = budget.can_spend(A.INTERACT)
    assert not allowed and "two per turn" in reason
    with pytest.raises(ActionNotAllowed) as raised:
        budget.spend(A.INTERACT)
    assert raised.value.reason == reason


@pytest.mark.rule("E-ACT-2")
def test_full_action_after_half_refused() -> None:
    """E-ACT-2: a VH excludes HH and vice versa."""
    after_half = TurnBudget().spend(A.WALK)
    allowed, reason = after_half.can_spend(A.RUN)
    assert not allowed and "full action" in reason
    after_full = TurnBudget().spend(A.RUN)
    allowed, reason = after_full.can_spend(A.WALK)
    assert not allowed and "full action" in reason
    allowed, reason = after_full.can_spend(A.HIDE)
    assert not allowed and "only one full action" in reason


@pytest.mark.rule("E-ACT-FH-2", "E-ACT-FH-1")
def test_one_free_action_per_round() -> None:
    """E-ACT-FH-2: one FH per round; E-ACT-FH-1: it costs no HH or VH."""
    budget = TurnBudget().spend(A.SHOUT_COMMAND)
    assert budget.halves_left == 2
    assert budget.can_spend(A.RUN) == (True, "")
    allowed, reason = budget.can_spend(A.DROP_ITEM)
    assert not allowed and "one free action" in reason
    full_then_free = TurnBudget().spend(A.RUN).spend(A.DROP_ITEM)
    assert full_then_free.actions == (A.RUN, A.DROP_ITEM)


@pytest.mark.rule("E-IMP-EFF-HALF", "E-OPEN-9")
def test_extra_half_from_impuls() -> None:
    """E-IMP-EFF-HALF: 5 Impuls buy a third HH; it also counts for Wehrlos."""
    budget = TurnBudget().with_extra_half()
    budget = budget.spend(A.WALK).spend(A.RANGED_ATTACK)
    assert budget.can_spend(A.INTERACT) == (True, "")
    assert budget.defenceless_after(A.WALK)
    budget = budget.spend(A.WALK)
    assert budget.repeated
    assert not budget.can_spend(A.INTERACT)[0]


def test_extra_half_after_full_action() -> None:
    """E-IMP-EFF-HALF: the additional HH also follows a VH (it is on top of E-ACT-2)."""
    budget = TurnBudget().spend(A.RUN)
    assert not budget.can_spend(A.RANGED_ATTACK)[0]
    budget = budget.with_extra_half()
    assert budget.halves_left == 1
    budget = budget.spend(A.RANGED_ATTACK)
    assert budget.halves_left == 0


def test_extra_half_then_full_action() -> None:
    """E-ACT-2 with E-IMP-EFF-HALF: one HH covered by the extra still allows the VH."""
    budget = TurnBudget().with_extra_half().spend(A.INTERACT)
    assert budget.can_spend(A.RUN) == (True, "")
    two = TurnBudget().with_extra_half().spend(A.INTERACT).spend(A.WALK)
    assert not two.can_spend(A.RUN)[0]


@pytest.mark.rule("E-COND-HANDLUNGSUNFAEHIG")
def test_incapacitated_creature_spends_nothing() -> None:
    """E-COND-HANDLUNGSUNFAEHIG: no FH, VH, HH or LH."""
    budget = TurnBudget.for_creature(incapacitated=True)
    for action in (A.WALK, A.RUN, A.FIRST_AID, A.SHOUT_COMMAND):
        allowed, reason = budget.can_spend(action)
        assert not allowed and "Handlungsunfähig" in reason
    with pytest.raises(ActionNotAllowed):
        budget.with_extra_half()
    assert TurnBudget.for_creature(incapacitated=False).can_spend(A.WALK) == (True, "")


@pytest.mark.rule("E-CRIT-FAIL-2", "E-OPEN-30")
def test_forfeit_after_critical_failure() -> None:
    """E-CRIT-FAIL-2: all further actions this round are forfeited, the FH too."""
    budget = TurnBudget().spend(A.RANGED_ATTACK).forfeit()
    for action in (A.WALK, A.SHOUT_COMMAND, A.RELEASE_GRAPPLE):
        allowed, reason = budget.can_spend(action)
        assert not allowed and "critical failure" in reason
    with pytest.raises(ActionNotAllowed):
        budget.spend(A.WALK)
    assert TurnBudget().can_spend(A.WALK) == (True, "")  # next round: a fresh budget


@pytest.mark.rule("E-ACT-7")
def test_pass_turn() -> None:
    """E-ACT-7: a creature may forgo its action and stay passive."""
    budget = TurnBudget().pass_turn()
    assert not budget.can_spend(A.WALK)[0]
    assert not budget.repeated
    assert budget.can_spend(A.SHOUT_COMMAND) == (True, "")


@pytest.mark.rule("E-ACT-5")
def test_talent_changes_action_type() -> None:
    """E-ACT-5: a talent (Schatten) makes Verbergen a half action."""
    budget = TurnBudget().spend(A.WALK)
    assert not budget.can_spend(A.HIDE)[0]
    budget = budget.spend(A.HIDE, as_type=HH)
    assert budget.halves_left == 0
    assert budget.spent[-1] == (A.HIDE, HH)


@pytest.mark.rule("E-OPEN-49", "E-ACT-3")
def test_longer_action_fills_the_turn() -> None:
    """E-OPEN-49: an LH occupies all HH/VH of the turn; the FH stays (E-ACT-FH-1)."""
    after_half = TurnBudget().spend(A.WALK)
    allowed, reason = after_half.can_spend(A.FIRST_AID)
    assert not allowed and "whole turn" in reason
    busy = TurnBudget().spend(A.FIRST_AID)
    for action in (A.WALK, A.RUN, A.REVIVE):
        allowed, reason = busy.can_spend(action)
        assert not allowed and "longer action" in reason
    with pytest.raises(ActionNotAllowed):
        busy.with_extra_half()
    assert busy.can_spend(A.SHOUT_COMMAND) == (True, "")


@pytest.mark.rule("E-ACT-6", "E-OPEN-9")
def test_same_action_twice_makes_wehrlos() -> None:
    """E-ACT-6: the same action twice in a round gives Wehrlos from the second one."""
    budget = TurnBudget().spend(A.WALK)
    assert not budget.repeated
    assert budget.defenceless_after(A.WALK)
    assert not budget.defenceless_after(A.RANGED_ATTACK)
    assert budget.spend(A.WALK).repeated


@pytest.mark.rule("E-OPEN-9", "E-ACT-6")
def test_free_actions_never_count_for_repeat() -> None:
    """E-OPEN-9: FHs do not count toward Wehrlos."""
    assert all(not rule.counts_for_repeat for rule in ACTIONS.values() if rule.action_type is FH)
    assert all(rule.counts_for_repeat for rule in ACTIONS.values() if rule.action_type is not FH)
    budget = TurnBudget().spend(A.WALK).spend(A.DROP_ITEM)
    assert not budget.repeated
    assert not budget.defenceless_after(A.DROP_ITEM)


@pytest.mark.rule("E-ACT-VH-ABWARTEN-2")
def test_ready_allows_one_half_action_on_the_event() -> None:
    """E-ACT-VH-ABWARTEN-2: when the event occurs, one HH at once, and only one."""
    assert READY_TRIGGERED_TYPE is HH
    with pytest.raises(ActionNotAllowed):
        TurnBudget().spend_readied(A.RANGED_ATTACK)
    waiting = TurnBudget().spend(A.READY)
    with pytest.raises(ActionNotAllowed):
        waiting.spend_readied(A.RUN)
    fired = waiting.spend_readied(A.RANGED_ATTACK)
    assert fired.actions == (A.READY, A.RANGED_ATTACK)
    assert not fired.repeated
    with pytest.raises(ActionNotAllowed):
        fired.spend_readied(A.WALK)
    with pytest.raises(ActionNotAllowed):
        waiting.forfeit().spend_readied(A.WALK)  # E-OPEN-30 (iii): pending triggers too


# ----------------------------------------------------------- worked examples


def test_ex_act_1_round_1_and_2() -> None:
    """EX-ACT-1 (E-ACT-2, E-ACT-6, E-OPEN-9): who is Wehrlos in the pirate fight."""
    # Round 1. Elro-Sa: move + instant spell "Machtschrei" -> different actions.
    elro = TurnBudget().spend(A.WALK).spend(A.CAST_INSTANT_SPELL)
    assert not elro.repeated
    # Ron: move + draw (Interagieren).
    ron = TurnBudget().spend(A.WALK).spend(A.INTERACT)
    assert not ron.repeated
    # Three prone pirates: Positionsänderung + Interagieren; two standing: draw + shoot.
    prone_pirate = TurnBudget().spend(A.CHANGE_POSITION).spend(A.INTERACT)
    standing_pirate = TurnBudget().spend(A.INTERACT).spend(A.RANGED_ATTACK)
    assert not prone_pirate.repeated and not standing_pirate.repeated
    # Likron: move + shoot.
    assert not TurnBudget().spend(A.WALK).spend(A.RANGED_ATTACK).repeated

    # Round 2. Elro-Sa casts "Resonanzfrequenz" twice -> Wehrlos from the second.
    elro = TurnBudget().spend(A.CAST_INSTANT_SPELL)
    assert elro.defenceless_after(A.CAST_INSTANT_SPELL)
    elro = elro.spend(A.CAST_INSTANT_SPELL)
    assert elro.repeated
    # Ron: Fernkampf + Wurfangriff (grenade) -> different actions.
    ron = TurnBudget().spend(A.RANGED_ATTACK).spend(A.THROW_ATTACK)
    assert not ron.repeated
    # Pirates: Fernkampf + move.
    assert not TurnBudget().spend(A.RANGED_ATTACK).spend(A.WALK).repeated
    # Likron: Fernkampf at pirate A + Fernkampf at pirate B -> Wehrlos (reading A).
    likron = TurnBudget().spend(A.RANGED_ATTACK).spend(A.RANGED_ATTACK)
    assert likron.repeated


def test_ex_multi_1_two_rolls_each_with_nachteil() -> None:
    """EX-MULTI-1 (E-ACT-VH-MEHRFACH): laser and taser pistol, one VH, two rolls."""
    rule = ACTIONS[A.MULTI_ATTACK]
    assert rule.action_type is VH and rule.roll is not None
    budget = TurnBudget().spend(A.MULTI_ATTACK)
    assert budget.halves_left == 0
    roller = ScriptedRoller([18, 5, 3, 17])
    laser = resolve_attack_roll(6, 12, roller, edge=rule.roll.edge)
    taser = resolve_attack_roll(6, 12, roller, edge=rule.roll.edge)
    assert (laser.dice, laser.kept, laser.success) == ((18, 5), 5, False)
    assert (taser.dice, taser.kept, taser.success) == ((3, 17), 3, False)
    assert roller.remaining == 0


def test_ex_hide_1_ron_and_the_traa_guard() -> None:
    """EX-HIDE-1 (E-ACT-VH-VERBERGEN-2, E-ACT-5): move + Verbergen as HH, not Wehrlos."""
    ron = TurnBudget().spend(A.WALK).spend(A.HIDE, as_type=HH)  # talent Schatten
    assert not ron.repeated
    rule = ACTIONS[A.HIDE]
    assert rule.roll is not None
    assert rule.roll.attribute is Attribute.DEXTERITY
    assert rule.roll.against is SaveValue.MIND  # the guard's Geist
    guard_mind = 14
    hidden = success_roll(5, guard_mind, ScriptedRoller([10]), edge=rule.roll.edge)
    assert hidden.success
    assert rule.on_success_self == (Condition.UNDETECTED,)


# ------------------------------------------------------- budget invariants (D-2)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(list(Action)), max_size=8),
    st.integers(min_value=0, max_value=2),
)
def test_budget_invariants(sequence: list[Action], extras: int) -> None:
    """E-ACT-2, E-ACT-FH-2, E-OPEN-49: whatever is tried, the budget never overspends."""
    budget = TurnBudget()
    for _ in range(extras):
        budget = budget.with_extra_half()
    for action in sequence:
        allowed, reason = budget.can_spend(action)
        if allowed:
            budget = budget.spend(action)
        else:
            assert reason
            with pytest.raises(ActionNotAllowed):
                budget.spend(action)
    kinds = [kind for _, kind in budget.spent]
    fulls, longs, halves = kinds.count(VH), kinds.count(LH), kinds.count(HH)
    assert len(budget.free_spent) <= 1
    assert fulls <= 1 and longs <= 1
    if longs:
        assert kinds == [LH]
    assert halves <= extras + (0 if fulls else 2)
    assert A.DRAW_AND_THROW not in budget.actions
    counted = [a for a in budget.actions if ACTIONS[a].counts_for_repeat]
    assert budget.repeated == (len(counted) != len(set(counted)))


# --------------------------------------------------------------- unarmed options

UNARMED: list[tuple[str, UnarmedOption, int, bool, bool]] = [
    ("E-ACT-HH-WAFFENLOS-SCHADEN", UnarmedOption.DAMAGE, 0, False, True),
    ("E-ACT-HH-WAFFENLOS-ZUFALL", UnarmedOption.TRIP, -1, True, False),
    ("E-ACT-HH-WAFFENLOS-SCHUBSEN", UnarmedOption.SHOVE, -1, True, False),
    ("E-ACT-HH-WAFFENLOS-ENTWAFFNEN", UnarmedOption.DISARM, -1, False, False),
    ("E-ACT-HH-WAFFENLOS-UMKLAMMERN-1", UnarmedOption.GRAPPLE, -1, True, False),
    ("E-ACT-HH-WAFFENLOS-BETAEUBEN-1", UnarmedOption.KNOCK_OUT, -1, True, False),
]


@pytest.mark.parametrize(
    ("rule_id", "option", "edge", "size_limited", "deals_damage"),
    UNARMED,
    ids=[row[0] for row in UNARMED],
)
def test_unarmed_option(
    rule_id: str, option: UnarmedOption, edge: int, size_limited: bool, deals_damage: bool
) -> None:
    """Each option: its Nachteil, its size limit, and whether it deals damage (E-OPEN-19)."""
    rule = unarmed_rule(option)
    assert rule_id in rule.rule_ids
    assert rule.edge == edge
    assert rule.roll == RollSpec(Attribute.MELEE, SaveValue.DODGE, edge=edge)
    assert rule.size_limited is size_limited
    assert (P.TARGET_SIZE_AT_MOST_OWN in rule.preconditions) is size_limited
    assert P.NEEDS_FREE_HAND in rule.preconditions
    assert rule.deals_damage is deals_damage
    assert unarmed_option_allowed(option, attacker_size=3, target_size=3)
    assert unarmed_option_allowed(option, attacker_size=3, target_size=4) is not size_limited


@pytest.mark.rule("E-ACT-HH-WAFFENLOS", "E-OPEN-19")
def test_unarmed_options_cover_the_enum_and_only_damage_hurts() -> None:
    """E-ACT-HH-WAFFENLOS: exactly one of six options; only DAMAGE deals damage."""
    assert set(UNARMED_OPTIONS) == set(UnarmedOption)
    assert [o for o, r in UNARMED_OPTIONS.items() if r.deals_damage] == [UnarmedOption.DAMAGE]


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-ZUFALL")
def test_trip_gives_liegend() -> None:
    """E-ACT-HH-WAFFENLOS-ZUFALL: a hit throws the target down: Liegend."""
    assert unarmed_rule(UnarmedOption.TRIP).on_success_target == (Condition.PRONE,)


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-2")
def test_grapple_conditions() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-2: both Wehrlos + Abgelenkt, target also Bewegungslos."""
    rule = unarmed_rule(UnarmedOption.GRAPPLE)
    assert set(rule.on_success_attacker) == {Condition.DEFENSELESS, Condition.DISTRACTED}
    assert set(rule.on_success_target) == {
        Condition.DEFENSELESS,
        Condition.DISTRACTED,
        Condition.IMMOBILIZED,
    }
    assert rule.duration.kind is DurationKind.UNTIL_RELEASED


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-3", "E-OPEN-12")
def test_grapple_drag_halves_movement() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-3: dragging the target halves BEW (down, min 1)."""
    assert Fraction(1, 2) == GRAPPLE_DRAG_FACTOR
    assert [grapple_drag_movement(bew) for bew in (0, 1, 2, 5, 6)] == [0, 1, 1, 2, 3]


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-4")
def test_grapple_escape_is_hh_strength_vs_body() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-4: HH, Stärke vs the attacker's Körper."""
    assert RollSpec(Attribute.STRENGTH, SaveValue.BODY) == GRAPPLE_ESCAPE_SAVE
    assert GRAPPLE_ESCAPE_TYPE is HH
    assert grapple_escape(3, 14, ScriptedRoller([11])).success
    assert not grapple_escape(3, 14, ScriptedRoller([10])).success


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-UMKLAMMERN-5")
def test_grapple_release_is_free() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-5: the attacker ends the grapple any time as an FH."""
    assert GRAPPLE_RELEASE_ACTION is A.RELEASE_GRAPPLE
    budget = TurnBudget().spend(A.UNARMED_ATTACK).spend(A.WALK)
    assert budget.can_spend(A.RELEASE_GRAPPLE) == (True, "")
    assert not budget.spend(A.RELEASE_GRAPPLE).repeated


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-BETAEUBEN-2")
def test_knock_out_second_check_and_duration() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-2: Stärke vs the target's Körper, then Bewusstlos 1w6."""
    rule = unarmed_rule(UnarmedOption.KNOCK_OUT)
    assert rule.follow_up == RollSpec(Attribute.STRENGTH, SaveValue.BODY)
    assert rule.on_success_target == (Condition.UNCONSCIOUS,)
    assert rule.duration.kind is DurationKind.DICE_ROUNDS and rule.duration.dice == 1
    assert KNOCK_OUT_DURATION_DIE == 6
    assert rule.duration.sides == KNOCK_OUT_DURATION_DIE
    roller = ScriptedRoller([4])
    assert knock_out_rounds(roller) == 4
    assert roller.rolled == [(KNOCK_OUT_DURATION_DIE, 4)]
    assert knock_out_check(4, 13, ScriptedRoller([9])).success
    assert not knock_out_check(4, 13, ScriptedRoller([8])).success


@pytest.mark.rule("E-ACT-HH-WAFFENLOS-BETAEUBEN-3", "E-OPEN-19")
def test_knock_out_recovery_is_vh_constitution_save() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-3: VH Konstitution vs ZW 15 each round."""
    assert RollSpec(Attribute.CONSTITUTION, 15) == KNOCK_OUT_RECOVERY_SAVE
    assert KNOCK_OUT_RECOVERY_TYPE is VH
    roll = knock_out_recovery(3, ScriptedRoller([12]))
    assert roll.target == 15 and roll.success
    assert not knock_out_recovery(3, ScriptedRoller([11])).success


# ----------------------------------------------------------- attack procedures


def test_ranged_attack_steps_in_order() -> None:
    """E-RANGED-1..6: the ranged attack procedure, step by step."""
    ids = [rule_id for rule_id, _ in RANGED_ATTACK_STEPS]
    assert ids == ["E-RANGED-1", "E-RANGED-2", "E-RANGED-3", "E-RANGED-4", "E-RANGED-5",
                   "E-RANGED-6"]  # fmt: skip
    text = dict(RANGED_ATTACK_STEPS)
    assert "cover" in text["E-RANGED-3"]
    assert "range" in text["E-RANGED-2"]
    assert "Ausweichen" in text["E-RANGED-4"]


def test_melee_attack_steps_in_order() -> None:
    """E-MELEE-1..5: the melee attack procedure, step by step."""
    ids = [rule_id for rule_id, _ in MELEE_ATTACK_STEPS]
    assert ids == ["E-MELEE-1", "E-MELEE-2", "E-MELEE-3", "E-MELEE-4", "E-MELEE-5"]
    text = dict(MELEE_ATTACK_STEPS)
    assert "unarmed" in text["E-MELEE-1"]
    assert "NSB" in text["E-MELEE-4"]
    unarmed = ACTIONS[A.UNARMED_ATTACK].roll
    assert unarmed is not None and unarmed.attribute is Attribute.MELEE  # E-MELEE-1


@pytest.mark.rule("E-RANGED-4", "E-RANGED-5", "E-MELEE-3", "E-MELEE-4")
def test_attack_roll_against_ausweichen() -> None:
    """E-RANGED-4/5, E-MELEE-3/4: d20 + value + WM >= Ausweichen hits, less misses."""
    hit = resolve_attack_roll(5, 15, ScriptedRoller([10]))
    assert (hit.total, hit.target, hit.success) == (15, 15, True)
    miss = resolve_attack_roll(5, 15, ScriptedRoller([9]))
    assert not miss.success
    modified = resolve_attack_roll(5, 15, ScriptedRoller([9]), modifier=1)
    assert modified.success


@pytest.mark.rule("E-RANGED-6", "E-MELEE-5", "E-CRIT-HIT-1", "E-CRIT-FAIL-1")
def test_attack_roll_natural_20_hits_natural_1_misses() -> None:
    """E-RANGED-6, E-MELEE-5: a natural 20 always hits, a natural 1 always misses."""
    crit = resolve_attack_roll(0, 40, ScriptedRoller([20]))
    assert crit.success and crit.crit is Crit.SUCCESS
    fumble = resolve_attack_roll(30, 5, ScriptedRoller([1]))
    assert not fumble.success and fumble.crit is Crit.FAILURE
    with_edge = resolve_attack_roll(30, 5, ScriptedRoller([1, 20]), edge=-1)
    assert with_edge.kept == 1 and not with_edge.success


# ---------------------------------------------------------------------- mounts


@pytest.mark.rule("E-MOUNT-5")
def test_mount_and_dismount_are_full_actions() -> None:
    """E-MOUNT-5: mounting and dismounting are each a VH."""
    assert ACTIONS[A.MOUNT].action_type is VH
    assert ACTIONS[A.DISMOUNT].action_type is VH
    assert P.NOT_MOUNTED in ACTIONS[A.MOUNT].preconditions
    assert P.IS_MOUNTED in ACTIONS[A.DISMOUNT].preconditions


@pytest.mark.rule("E-MOUNT-10", "E-OPEN-47")
def test_mount_commands_walk_run_disengage_as_free_action() -> None:
    """E-MOUNT-10: Gehen, Laufen or Lösen as an FH; one command per round (E-OPEN-47)."""
    for command in (A.WALK, A.RUN, A.DISENGAGE):
        assert mount_command_allowed(command, bound=False)
    assert not mount_command_allowed(A.CHARGE, bound=True)
    assert ACTIONS[A.MOUNT_COMMAND].action_type is FH
    budget = TurnBudget().spend(A.MOUNT_COMMAND)
    assert not budget.can_spend(A.MOUNT_COMMAND)[0]


@pytest.mark.rule("E-MOUNT-11")
def test_mount_melee_command_needs_bound_mount() -> None:
    """E-MOUNT-11: only a mount bound to the rider takes the command Nahkampf."""
    assert MOUNT_COMMANDS[A.MELEE_ATTACK] is True
    assert not mount_command_allowed(A.MELEE_ATTACK, bound=False)
    assert mount_command_allowed(A.MELEE_ATTACK, bound=True)


# ------------------------------------------------------------------------ duels


def test_duel_steps() -> None:
    """E-DUEL-1..5: the duel procedure as data, in order."""
    assert [rule_id for rule_id, _ in DUEL_STEPS] == [
        "E-DUEL-1",
        "E-DUEL-2",
        "E-DUEL-3",
        "E-DUEL-4",
        "E-DUEL-5",
    ]
    assert "outside" in dict(DUEL_STEPS)["E-DUEL-1"]


@pytest.mark.rule("E-DUEL-2")
def test_duel_weapon_size_at_most_size_category() -> None:
    """E-DUEL-2: only weapons with WG <= KG."""
    assert weapon_allowed_in_duel(2, 3)
    assert weapon_allowed_in_duel(3, 3)
    assert not weapon_allowed_in_duel(4, 3)


@pytest.mark.rule("E-DUEL-3", "E-DUEL-4")
def test_duel_higher_reflexes_result_fires_first() -> None:
    """E-DUEL-3/4: the higher Reflexe result fires first, then the other, once each."""
    order = duel_order(3, 5, ScriptedRoller([15, 10]))
    assert order.first == "a" and order.second == "b"
    assert order.shots == ("a", "b")
    (roll_a, roll_b), *rest = order.rolls
    assert (roll_a.total, roll_b.total) == (18, 15) and rest == []
    assert roll_a.target is None and roll_a.success is None


@pytest.mark.rule("E-DUEL-3", "E-OPEN-48")
def test_duel_tie_is_rerolled() -> None:
    """E-OPEN-48: equal results are rerolled until they differ."""
    order = duel_order(4, 4, ScriptedRoller([10, 10, 7, 7, 6, 12]))
    assert order.first == "b"
    assert len(order.rolls) == 3
    assert [(a.total, b.total) for a, b in order.rolls] == [(14, 14), (11, 11), (10, 16)]


@pytest.mark.rule("E-DUEL-3")
def test_duel_edges_apply() -> None:
    """E-DUEL-3 with D-2: a duellist's Nachteil rolls two d20 and keeps the lower."""
    order = duel_order(4, 4, ScriptedRoller([18, 2, 10]), edge_a=-1)
    assert order.rolls[0][0].dice == (18, 2)
    assert order.first == "b"


@pytest.mark.rule("E-DUEL-4", "E-DUEL-5", "E-OPEN-48")
def test_duel_second_shot_and_end() -> None:
    """E-DUEL-4/5: the other fires once unless down; then the duel is over."""
    assert duel_second_shot(incapacitated=False, dead=False)
    assert not duel_second_shot(incapacitated=True, dead=False)
    assert not duel_second_shot(incapacitated=False, dead=True)
    order = duel_order(4, 1, RandomRoller(7))
    assert len(order.shots) == 2 and set(order.shots) == {"a", "b"}


@pytest.mark.rule("E-DUEL-1", "E-OPEN-48")
def test_duel_is_independent_of_rounds_and_random_ties_end() -> None:
    """E-DUEL-1: resolved on its own, with no budget; seeded ties always end."""
    for seed in range(30):
        order = duel_order(2, 2, RandomRoller(seed))
        last_a, last_b = order.rolls[-1]
        assert last_a.total != last_b.total
        assert all(a.total == b.total for a, b in order.rolls[:-1])
