"""The action catalogue (Handlungen, section 6) as data, and the per-turn budget.

``ACTIONS`` maps every ``Action`` of the glossary (32.3) to an ``ActionRule``: its
type (HH/VH/LH/FH), its roll, its preconditions, the movement it allows, the
conditions it gives and how long they last. ``TurnBudget`` is the bookkeeping of one
creature's round: one VH or two HH plus one FH (E-ACT-2), Wehrlos for repeating an
action (E-ACT-6, E-OPEN-9 reading A), forfeiting after a critical failure.

Also here: the unarmed options (E-ACT-HH-WAFFENLOS-*), the attack procedures as data
(E-RANGED-*, E-MELEE-*), the duel (E-DUEL-*, E-OPEN-48), the hands a creature acts
with (E-ACT-HH-WAFFENLOS, E-MOUNT-4, E-MOUNT-9) and how many a mount carries (E-MOUNT-4).

Rules that other modules own are imported, not restated: durations are conditions.py's
``DurationRule`` / ``DurationKind``; Stabilisieren and Wiederbeleben (their WM, their
cost) are damage.py's; the Distanzschuss Vorteil is ranges.py's ``long_shot_edge``;
Orientieren's bonus is initiative.py's, Rundumschlag's four targets reach.py's;
the geometry of Schubsen and Zurückdrängen (E-OPEN-18) is movement.py's, which reads
this catalogue for the movement of Gehen, Laufen, Sturmangriff and Lösen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, success_roll
from game.rulesets.entaria.rules.conditions import (
    EVASIVE_MOVE_BONUS,
    EVASIVE_MOVE_DURATION,
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
    DurationKind,
    DurationRule,
    halve_movement,
)
from game.rulesets.entaria.rules.conditions import HELP_BONUS_DIE as HELP_BONUS_DIE
from game.rulesets.entaria.rules.damage import BLOCKING_STANCE_ARMOUR, REVIVE_ATTEMPT_MINUTES
from game.rulesets.entaria.rules.initiative import ORIENT_BONUS
from game.rulesets.entaria.rules.reach import MAX_SWEEP_TARGETS
from game.rulesets.entaria.rules.terms import (
    ActionType,
    Attribute,
    Condition,
    SaveValue,
    WeaponAttribute,
    say,
)

# ---------------------------------------------------------------------- vocabularies


class Action(Enum):
    """Every action a creature can choose (glossary 32.3)."""

    # Halbe Handlungen (E-ACT-HH-*)
    MELEE_ATTACK = "melee_attack"
    RANGED_ATTACK = "ranged_attack"
    UNARMED_ATTACK = "unarmed_attack"
    WALK = "walk"
    DISENGAGE = "disengage"
    CAST_INSTANT_SPELL = "cast_instant_spell"
    THROW_ATTACK = "throw_attack"
    INTERACT = "interact"
    CHANGE_POSITION = "change_position"
    SENSE_MOTIVE = "sense_motive"
    RECALL_KNOWLEDGE = "recall_knowledge"
    IRRITATE = "irritate"
    ORIENT = "orient"
    USE_SHIELD = "use_shield"
    # Volle Handlungen (E-ACT-VH-*)
    MULTI_ATTACK = "multi_attack"
    STUDY_ENEMY = "study_enemy"
    RUN = "run"
    AUTO_FIRE = "auto_fire"
    COVERING_FIRE = "covering_fire"
    STABILIZE = "stabilize"
    CHARGE = "charge"
    SWEEP_ATTACK = "sweep_attack"
    BLOCKING_STANCE = "blocking_stance"
    EVASIVE_MOVE = "evasive_move"
    LONG_SHOT = "long_shot"
    AIMED_ATTACK = "aimed_attack"
    HELP = "help"
    PUSH_BACK = "push_back"
    READY = "ready"
    HIDE = "hide"
    INVESTIGATE = "investigate"
    BYPASS_MECHANISM = "bypass_mechanism"
    STEAL = "steal"
    TRACK = "track"
    USE_SIMPLE_ITEM = "use_simple_item"
    # Längere Handlungen (E-ACT-LH-*)
    CAST_LONG_SPELL = "cast_long_spell"
    USE_COMPLEX_ITEM = "use_complex_item"
    DON_ARMOR = "don_armor"
    DOFF_ARMOR = "doff_armor"
    NANO_HEALBOT_BOOST = "nano_healbot_boost"
    FIRST_AID = "first_aid"
    REVIVE = "revive"
    REPAIR_CRAFT = "repair_craft"
    SOCIAL_INTERACTION = "social_interaction"
    # Freie Handlungen (E-ACT-FH-1)
    SHOUT_COMMAND = "shout_command"
    FREE_TALENT = "free_talent"
    DROP_ITEM = "drop_item"
    RELEASE_GRAPPLE = "release_grapple"
    MOUNT_COMMAND = "mount_command"
    # Outside the table
    MOUNT = "mount"
    DISMOUNT = "dismount"
    DRAW_AND_THROW = "draw_and_throw"
    BREAK_GRAPPLE = "break_grapple"  # E-ACT-HH-WAFFENLOS-UMKLAMMERN-4: the target's HH


class UnarmedOption(Enum):
    """The exclusive choices of Waffenloser Kampf (E-ACT-HH-WAFFENLOS, E-OPEN-19)."""

    DAMAGE = "damage"
    TRIP = "trip"
    SHOVE = "shove"
    DISARM = "disarm"
    GRAPPLE = "grapple"
    KNOCK_OUT = "knock_out"


class Precondition(Enum):
    """What must hold before an action may be chosen; the battle layer checks them."""

    NEEDS_MELEE_WEAPON = "needs_melee_weapon"
    NEEDS_RANGED_WEAPON = "needs_ranged_weapon"
    NEEDS_THROWABLE_WEAPON = "needs_throwable_weapon"
    NEEDS_SEVERAL_WEAPONS = "needs_several_weapons"
    NEEDS_FREE_HAND = "needs_free_hand"
    NEEDS_TWO_FREE_HANDS = "needs_two_free_hands"  # for content (two-handed use); unused here
    NEEDS_AUTO_FIRE_WEAPON = "needs_auto_fire_weapon"
    NEEDS_AUTO_FIRE_OR_AREA_FIRE_WEAPON = "needs_auto_fire_or_area_fire_weapon"
    NEEDS_SCOPE = "needs_scope"
    NEEDS_SHIELD = "needs_shield"
    NEEDS_MEDKIT = "needs_medkit"
    NEEDS_NANO_HEALBOTS = "needs_nano_healbots"
    NOT_AREA_WEAPON = "not_area_weapon"
    HOLDS_ITEM = "holds_item"
    TARGET_IN_MELEE_REACH = "target_in_melee_reach"
    TARGET_IN_WEAPON_RANGE = "target_in_weapon_range"
    TARGET_SIZE_AT_MOST_OWN = "target_size_at_most_own"
    TARGET_DYING = "target_dying"
    TARGET_DEAD = "target_dead"
    TARGET_NOT_FIRST_AIDED_THIS_HOUR = "target_not_first_aided_this_hour"
    NOT_USED_SINCE_REST = "not_used_since_rest"
    NOT_IN_ENEMY_MELEE_REACH = "not_in_enemy_melee_reach"
    OUT_OF_SIGHT_OF_OBSERVERS = "out_of_sight_of_observers"
    SUITABLE_SURROUNDINGS = "suitable_surroundings"
    IS_GRAPPLING = "is_grappling"
    IS_GRAPPLED = "is_grappled"
    IS_MOUNTED = "is_mounted"
    NOT_MOUNTED = "not_mounted"
    MOUNT_ADJACENT = "mount_adjacent"


# ------------------------------------------------------------------------ value types

#: The duration of an action without lasting effects.
NO_DURATION = DurationRule(DurationKind.INSTANT)


@dataclass(frozen=True)
class RollSpec:
    """One check an action asks for.

    ``attribute`` None means "the weapon's attack attribute" (Nahkampf for a melee
    weapon or unarmed, Fernkampf for a ranged one): see ``attribute_for``.
    ``against`` is a fixed ZW, a Rettungswert of the opposing creature, or None when
    the ZW depends on the situation (a mechanism's ZW, the GM's ZW).
    ``edge`` counts Vorteil (+1) and Nachteil (-1) the action itself brings (D-2).
    """

    attribute: Attribute | None
    against: int | SaveValue | None
    edge: int = 0
    edge_removed_by_talent: str | None = None
    modifier_note: str = ""

    def attribute_for(self, *, ranged: bool) -> Attribute:
        """Return the attribute rolled: fixed, or the weapon's attack attribute."""
        if self.attribute is not None:
            return self.attribute
        return Attribute.RANGED if ranged else Attribute.MELEE

    def edge_for(self, *, has_talent: bool = False) -> int:
        """Return the edge, without the Nachteil a fitting talent removes."""
        if has_talent and self.edge_removed_by_talent is not None and self.edge < 0:
            return self.edge + 1
        return self.edge


@dataclass(frozen=True)
class MovementSpec:
    """The movement an action allows and what leaving an enemy's reach costs.

    ``bew_multiplier`` × BEW fields, or ``fixed_fields`` when set (Lösen). Leaving an
    enemy's melee reach halves the allowance and asks ``leave_reach_save``; a failure
    gives ``leave_reach_failure`` on the start field (E-ACT-HH-GEHEN-2/3, D-10,
    E-OPEN-11). ``leave_reach_save`` None: the move is exempt (Lösen).
    """

    bew_multiplier: int = 1
    fixed_fields: int | None = None
    straight_line: bool = False
    leave_reach_save: RollSpec | None = None
    leave_reach_factor: Fraction = Fraction(1, 2)
    leave_reach_failure: Condition | None = Condition.PRONE

    def allowance(self, bew: int) -> int:
        """Return the fields this move allows before any halving (up to, E-OPEN-12)."""
        if bew < 0:
            raise ValueError(f"BEW cannot be negative, got {bew}")
        if self.fixed_fields is not None:
            return self.fixed_fields
        return self.bew_multiplier * bew


@dataclass(frozen=True)
class ActionRule:
    """Everything the rules say about one action, as data.

    ``gives_conditions`` go to the actor whatever the roll (Deckungsfeuer: Wehrlos);
    ``on_success_self`` / ``on_success_target`` follow a successful roll (or the plain
    performance when there is no roll). ``duration`` says how long those effects last,
    in conditions.py's vocabulary ("own" is the creature holding the effect: the actor
    for its own conditions, the target for Irritiert, the helped person for Helfen).
    ``rounds`` is the fixed length of a longer action; None when it depends on input
    (armour, spell, GM). ``counts_for_repeat`` is False for free actions (E-OPEN-9).
    ``resolved_by_gm``: the engine rolls, the game master says what the result means.
    """

    action: Action
    action_type: ActionType
    german: str
    english: str
    rule_ids: tuple[str, ...]
    roll: RollSpec | None = None
    follow_up: RollSpec | None = None
    preconditions: tuple[Precondition, ...] = ()
    movement: MovementSpec | None = None
    gives_conditions: tuple[Condition, ...] = ()
    on_success_self: tuple[Condition, ...] = ()
    on_success_target: tuple[Condition, ...] = ()
    removes_conditions: tuple[Condition, ...] = ()
    duration: DurationRule = NO_DURATION
    rounds: int | None = None
    alternative_types: tuple[ActionType, ...] = ()
    counts_for_repeat: bool = True
    enabled: bool = True
    resolved_by_gm: bool = False
    deals_damage: bool = False
    area_fire: bool = False
    max_targets: int | None = None
    resolves_at_next_turn: bool = False
    performed_on_failure: bool = False
    note: str = ""


# ------------------------------------------------------------------------- constants

ROUNDS_PER_MINUTE = 10  # a round is 6 seconds (section 0)
EVASIVE_DODGE_BONUS = EVASIVE_MOVE_BONUS  # E-ACT-VH-AUSWEICH: WM +5 (conditions.dodge_value)
BLOCKING_MELEE_ARMOR_BONUS = BLOCKING_STANCE_ARMOUR  # E-ACT-VH-BLOCKADE: +2 vs melee (damage.py)
ORIENT_INITIATIVE_BONUS = ORIENT_BONUS  # E-ACT-HH-ORIENTIEREN: +5 once per combat (initiative)
COVERING_FIRE_AMMO_FACTOR = 2  # E-ACT-VH-DECKUNGSFEUER-2
SWEEP_MAX_TARGETS = MAX_SWEEP_TARGETS  # E-ACT-VH-RUNDUM: up to 4 enemies (reach.py)
FIRST_AID_HEALING = 1  # E-ACT-LH-ERSTEHILFE: 1 LP
FIRST_AID_COOLDOWN_ROUNDS = 60 * ROUNDS_PER_MINUTE  # once per hour per patient
NANO_HEAL_DIE = 6  # E-ACT-LH-NANO: 1w6 LP
SPACE_SUIT_DON_ROUNDS = 2  # E-ACT-LH-PANZERUNG-2
SHOVE_MAX_FIELDS = 2  # E-ACT-HH-WAFFENLOS-SCHUBSEN
PUSH_BACK_FIELDS = 1  # E-ACT-VH-ZURUECK-2
KNOCK_OUT_DURATION_DIE = 6  # E-ACT-HH-WAFFENLOS-BETAEUBEN-2: Bewusstlos for 1w6 rounds
#: Betäuben's Bewusstlos lasts 1w6 rounds (E-ACT-HH-WAFFENLOS-BETAEUBEN-2).
KNOCK_OUT_DURATION = DurationRule(
    DurationKind.DICE_ROUNDS,
    dice=1,
    sides=KNOCK_OUT_DURATION_DIE,
    rule_ids=("E-ACT-HH-WAFFENLOS-BETAEUBEN-2",),
)
HIDE_SUBJECTS: tuple[str, ...] = ("self", "another creature", "an object")  # VERBERGEN-3

#: Aiming optics (Smartlink, Laservisier, Bildvergrößerer) do nothing for these
#: (E-ACT-VH-DAUERFEUER-2, E-ACT-VH-DECKUNGSFEUER-1).
AIMING_OPTICS_IGNORED: frozenset[Action] = frozenset({Action.AUTO_FIRE, Action.COVERING_FIRE})

#: A Gezielter Angriff gets these weapon attributes for that attack (E-ACT-VH-GEZIELT-2).
AIMED_ATTACK_WEAPON_ATTRIBUTES: tuple[WeaponAttribute, ...] = (WeaponAttribute.BYPASS,)

#: Commands a rider gives as an FH, and whether the mount must be bound to him
#: (Dressur): E-MOUNT-10, E-MOUNT-11.
MOUNT_COMMANDS: Mapping[Action, bool] = MappingProxyType(
    {
        Action.WALK: False,
        Action.RUN: False,
        Action.DISENGAGE: False,
        Action.MELEE_ATTACK: True,
    }
)

#: The type of the one action an Abwarten trigger allows (E-ACT-VH-ABWARTEN-2).
READY_TRIGGERED_TYPE = ActionType.HALF

_ATTACK_MELEE = RollSpec(Attribute.MELEE, SaveValue.DODGE)
_ATTACK_RANGED = RollSpec(Attribute.RANGED, SaveValue.DODGE)
_LEAVE_REACH = RollSpec(Attribute.DEXTERITY, STANDARD_TARGET)

#: The Reflexe save a creature pushed onto a dangerous field may make (E-OPEN-18).
HAZARD_ESCAPE_SAVE = RollSpec(Attribute.REFLEXES, STANDARD_TARGET)


# ---------------------------------------------------------------------- the catalogue


def _rules(*rules: ActionRule) -> Mapping[Action, ActionRule]:
    table = {rule.action: rule for rule in rules}
    missing = [action.name for action in Action if action not in table]
    if missing or len(table) != len(rules):
        raise RuntimeError(f"action catalogue incomplete or duplicated: {missing}")
    return MappingProxyType(table)


_HALF, _FULL, _LONG, _FREE = ActionType.HALF, ActionType.FULL, ActionType.LONGER, ActionType.FREE
_P = Precondition
#: "until the start of his next turn" (E-ACT-VH-DISTANZ-4, E-ACT-VH-ABWARTEN-1).
_NEXT_TURN = DurationRule(DurationKind.UNTIL_START_OF_OWN_NEXT_TURN)
#: "until the start of his turn (first action) in the next round" (E-ACT-VH-BLOCKADE,
#: E-ACT-HH-SCHILD, E-ACT-VH-DECKUNGSFEUER-3), as EVASIVE_MOVE_DURATION.
_NEXT_ROUND = DurationRule(DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND)
_WHILE_ACTION_LASTS = DurationRule(DurationKind.WHILE_ACTION_LASTS)

ACTIONS: Mapping[Action, ActionRule] = _rules(
    # ------------------------------------------------------------ half actions (6.2)
    ActionRule(
        Action.MELEE_ATTACK,
        _HALF,
        "Nahkampf",
        "Melee attack",
        ("E-ACT-HH-NAHKAMPF", "E-MELEE-1", "E-MELEE-2", "E-MELEE-3"),
        roll=_ATTACK_MELEE,
        preconditions=(_P.NEEDS_MELEE_WEAPON, _P.TARGET_IN_MELEE_REACH),
        deals_damage=True,
    ),
    ActionRule(
        Action.RANGED_ATTACK,
        _HALF,
        "Fernkampf",
        "Ranged attack",
        ("E-ACT-HH-FERNKAMPF", "E-RANGED-1", "E-RANGED-2", "E-RANGED-4"),
        roll=_ATTACK_RANGED,
        preconditions=(_P.NEEDS_RANGED_WEAPON, _P.TARGET_IN_WEAPON_RANGE),
        deals_damage=True,
        note="A single shot, from the hand or from a weapon mount.",
    ),
    ActionRule(
        Action.UNARMED_ATTACK,
        _HALF,
        "Waffenloser Kampf",
        "Unarmed combat",
        ("E-ACT-HH-WAFFENLOS", "E-MELEE-1"),
        roll=RollSpec(
            Attribute.MELEE, SaveValue.DODGE, modifier_note="edge per option (UNARMED_OPTIONS)"
        ),
        preconditions=(_P.NEEDS_FREE_HAND, _P.TARGET_IN_MELEE_REACH),
        deals_damage=True,
        note="Choose exactly one UnarmedOption; only DAMAGE deals damage (E-OPEN-19).",
    ),
    ActionRule(
        Action.WALK,
        _HALF,
        "Gehen",
        "Walk",
        ("E-ACT-HH-GEHEN-1", "E-ACT-HH-GEHEN-2", "E-ACT-HH-GEHEN-3"),
        movement=MovementSpec(bew_multiplier=1, leave_reach_save=_LEAVE_REACH),
    ),
    ActionRule(
        Action.DISENGAGE,
        _HALF,
        "Lösen",
        "Disengage",
        ("E-ACT-HH-LOESEN",),
        # Lösen exists to step away carefully: no leaving-reach save (E-OPEN-11, D-10).
        movement=MovementSpec(bew_multiplier=0, fixed_fields=1, leave_reach_save=None),
    ),
    ActionRule(
        Action.CAST_INSTANT_SPELL,
        _HALF,
        "Sofortigen Zauber ausführen",
        "Cast instant spell",
        ("E-ACT-HH-ZAUBER",),
        resolved_by_gm=True,
        note="Spells with casting time 'sofort'; effects are the Kelnetik chapter's.",
    ),
    ActionRule(
        Action.THROW_ATTACK,
        _HALF,
        "Wurfangriff",
        "Throw attack",
        ("E-ACT-HH-WURF", "E-THROW-1"),
        roll=RollSpec(
            Attribute.RANGED,
            SaveValue.DODGE,
            modifier_note="vs ZW 15 when thrown at a field (E-THROW-2)",
        ),
        preconditions=(_P.NEEDS_THROWABLE_WEAPON, _P.TARGET_IN_WEAPON_RANGE),
        deals_damage=True,
    ),
    ActionRule(
        Action.INTERACT,
        _HALF,
        "Interagieren",
        "Interact",
        ("E-ACT-HH-INTERAGIEREN",),
        note="Pick up, draw, holster or swap a weapon; open, close or break a door or "
        "crate; reload; use a simple item (injector, Qad key, helmet, extinguisher).",
    ),
    ActionRule(
        Action.CHANGE_POSITION,
        _HALF,
        "Positionsänderung",
        "Change position",
        ("E-ACT-HH-POSITION", "E-COND-LIEGEND-4"),
        removes_conditions=(Condition.PRONE,),
        note="Stand up (removes Liegend), kneel, or lie down (gives Liegend).",
    ),
    ActionRule(
        Action.SENSE_MOTIVE,
        _HALF,
        "Motiv erkennen",
        "Sense motive",
        ("E-ACT-HH-MOTIV",),
        roll=RollSpec(Attribute.INTELLIGENCE, SaveValue.MIND),
        resolved_by_gm=True,
    ),
    ActionRule(
        Action.RECALL_KNOWLEDGE,
        _HALF,
        "Wissen abrufen",
        "Recall knowledge",
        ("E-ACT-HH-WISSEN",),
        roll=RollSpec(
            Attribute.INTELLIGENCE, STANDARD_TARGET, modifier_note="ZW varies with the knowledge"
        ),
        resolved_by_gm=True,
    ),
    ActionRule(
        Action.IRRITATE,
        _HALF,
        "Irritieren",
        "Irritate",
        ("E-ACT-HH-IRRITIEREN",),
        roll=RollSpec(Attribute.DEXTERITY, SaveValue.MIND),
        preconditions=(_P.TARGET_IN_MELEE_REACH,),
        on_success_target=(Condition.IRRITATED,),
        duration=IRRITATE_ACTION_DURATION,
    ),
    ActionRule(
        Action.ORIENT,
        _HALF,
        "Orientieren",
        "Orient",
        ("E-ACT-HH-ORIENTIEREN", "E-INIT-8"),
        duration=DurationRule(DurationKind.REST_OF_COMBAT),
        resolved_by_gm=True,
        note="Initiative +5 once per combat (E-OPEN-8); the GM hands over information.",
    ),
    ActionRule(
        Action.USE_SHIELD,
        _HALF,
        "Schildeinsatz",
        "Use shield",
        ("E-ACT-HH-SCHILD",),
        preconditions=(_P.NEEDS_SHIELD,),
        duration=_NEXT_ROUND,
        note="The shield's listed attributes apply.",
    ),
    # ------------------------------------------------------------ full actions (6.3)
    ActionRule(
        Action.MULTI_ATTACK,
        _FULL,
        "Mehrfachangriff",
        "Multi-attack",
        ("E-ACT-VH-MEHRFACH",),
        roll=RollSpec(None, SaveValue.DODGE, edge=-1, modifier_note="one roll per weapon"),
        preconditions=(_P.NEEDS_SEVERAL_WEAPONS,),
        deals_damage=True,
    ),
    ActionRule(
        Action.STUDY_ENEMY,
        _FULL,
        "Gegner studieren",
        "Study enemy",
        ("E-ACT-VH-STUDIEREN",),
        duration=STUDY_DURATION,
        note="Vorteil on the first attack against the studied enemy.",
    ),
    ActionRule(
        Action.RUN,
        _FULL,
        "Laufen",
        "Run",
        ("E-ACT-VH-LAUFEN-1", "E-ACT-VH-LAUFEN-2", "E-ACT-VH-LAUFEN-3"),
        movement=MovementSpec(bew_multiplier=3, leave_reach_save=replace(_LEAVE_REACH, edge=-1)),
    ),
    ActionRule(
        Action.AUTO_FIRE,
        _FULL,
        "Dauerfeuer",
        "Automatic fire",
        ("E-ACT-VH-DAUERFEUER-1", "E-ACT-VH-DAUERFEUER-2", "E-AREAFIRE-3"),
        roll=RollSpec(Attribute.RANGED, STANDARD_TARGET, edge=-1),
        preconditions=(_P.NEEDS_AUTO_FIRE_WEAPON,),
        deals_damage=True,
        area_fire=True,
        note="Aiming optics have no effect.",
    ),
    ActionRule(
        Action.COVERING_FIRE,
        _FULL,
        "Deckungsfeuer",
        "Covering fire",
        (
            "E-ACT-VH-DECKUNGSFEUER-1",
            "E-ACT-VH-DECKUNGSFEUER-2",
            "E-ACT-VH-DECKUNGSFEUER-3",
            "E-ACT-VH-DECKUNGSFEUER-4",
            "E-ACT-VH-DECKUNGSFEUER-5",
        ),
        roll=RollSpec(Attribute.RANGED, STANDARD_TARGET, edge=-1),
        preconditions=(_P.NEEDS_AUTO_FIRE_OR_AREA_FIRE_WEAPON,),
        gives_conditions=(Condition.DEFENSELESS,),
        duration=_NEXT_ROUND,
        deals_damage=True,
        area_fire=True,
        note="Ammunition ×2; enemies in or entering the fields take the field's damage "
        "automatically, once each (E-OPEN-23).",
    ),
    ActionRule(
        Action.STABILIZE,
        _FULL,
        "Stabilisieren",
        "Stabilize",
        ("E-ACT-VH-STABILISIEREN-1", "E-ACT-VH-STABILISIEREN-2"),
        roll=RollSpec(
            Attribute.INTELLIGENCE,
            STANDARD_TARGET,
            modifier_note="the target's negative LP as WM (damage.stabilize_modifier)",
        ),
        preconditions=(_P.TARGET_DYING, _P.NEEDS_MEDKIT),
        on_success_target=(Condition.STABLE_COMA,),
        removes_conditions=(Condition.DYING,),
    ),
    ActionRule(
        Action.CHARGE,
        _FULL,
        "Sturmangriff",
        "Charge",
        ("E-ACT-VH-STURM",),
        roll=_ATTACK_MELEE,
        preconditions=(_P.NOT_IN_ENEMY_MELEE_REACH,),
        # D-10 makes every move that leaves an enemy's reach pay for it, Lösen excepted.
        movement=MovementSpec(bew_multiplier=2, straight_line=True, leave_reach_save=_LEAVE_REACH),
        deals_damage=True,
        note="Up to 2 × BEW on a straight line toward one enemy, then a melee attack (E-OPEN-20).",
    ),
    ActionRule(
        Action.SWEEP_ATTACK,
        _FULL,
        "Rundumschlag",
        "Sweep attack",
        ("E-ACT-VH-RUNDUM",),
        roll=replace(_ATTACK_MELEE, edge=-1),
        preconditions=(_P.NEEDS_MELEE_WEAPON, _P.TARGET_IN_MELEE_REACH),
        deals_damage=True,
        max_targets=SWEEP_MAX_TARGETS,
    ),
    ActionRule(
        Action.BLOCKING_STANCE,
        _FULL,
        "Blockadehaltung",
        "Blocking stance",
        ("E-ACT-VH-BLOCKADE",),
        duration=_NEXT_ROUND,
        note="Panzerung +2 against every melee attack.",
    ),
    ActionRule(
        Action.EVASIVE_MOVE,
        _FULL,
        "Ausweichbewegung",
        "Evasive move",
        ("E-ACT-VH-AUSWEICH",),
        duration=EVASIVE_MOVE_DURATION,
        note="WM +5 on Ausweichen.",
    ),
    ActionRule(
        Action.LONG_SHOT,
        _FULL,
        "Distanzschuss",
        "Long shot",
        ("E-ACT-VH-DISTANZ-1", "E-ACT-VH-DISTANZ-2", "E-ACT-VH-DISTANZ-3", "E-ACT-VH-DISTANZ-4"),
        roll=RollSpec(
            Attribute.RANGED,
            SaveValue.DODGE,
            modifier_note="Vorteil at range band Weit or Extrem (ranges.long_shot_edge)",
        ),
        preconditions=(_P.NEEDS_RANGED_WEAPON, _P.NEEDS_SCOPE, _P.TARGET_IN_WEAPON_RANGE),
        gives_conditions=(Condition.FOCUSED,),
        duration=_NEXT_TURN,
        deals_damage=True,
        resolves_at_next_turn=True,
        note="Fires at the start of the next turn, before and on top of its actions; "
        "losing Fokussiert cancels the shot (E-OPEN-10).",
    ),
    ActionRule(
        Action.AIMED_ATTACK,
        _FULL,
        "Gezielter Angriff",
        "Aimed attack",
        ("E-ACT-VH-GEZIELT-1", "E-ACT-VH-GEZIELT-2", "E-ACT-VH-GEZIELT-3"),
        roll=RollSpec(None, SaveValue.DODGE, edge=-1),
        preconditions=(_P.NOT_AREA_WEAPON,),
        deals_damage=True,
        note="With a weapon or unarmed; a hit rolls the body zone from the attack die "
        "(E-OPEN-21) and gets Umgehung.",
    ),
    ActionRule(
        Action.HELP,
        _FULL,
        "Helfen",
        "Help",
        ("E-ACT-VH-HELFEN",),
        preconditions=(_P.TARGET_IN_MELEE_REACH,),
        duration=HELP_DURATION,
        note="WM +1w6 on the helped person's next check, rolled with it (E-OPEN-22).",
    ),
    ActionRule(
        Action.PUSH_BACK,
        _FULL,
        "Zurückdrängen",
        "Push back",
        ("E-ACT-VH-ZURUECK-1", "E-ACT-VH-ZURUECK-2", "E-ACT-VH-ZURUECK-3"),
        roll=_ATTACK_MELEE,
        follow_up=RollSpec(Attribute.STRENGTH, SaveValue.BODY),
        preconditions=(_P.NEEDS_MELEE_WEAPON, _P.TARGET_IN_MELEE_REACH),
        deals_damage=False,
        note="Both rolls succeed: push 1 field in any direction (push_back_destinations).",
    ),
    ActionRule(
        Action.READY,
        _FULL,
        "Abwarten",
        "Ready",
        ("E-ACT-VH-ABWARTEN-1", "E-ACT-VH-ABWARTEN-2"),
        duration=_NEXT_TURN,
        note="Define the event first; when it occurs, perform one HH at once.",
    ),
    ActionRule(
        Action.HIDE,
        _FULL,
        "Verbergen",
        "Hide",
        ("E-ACT-VH-VERBERGEN-1", "E-ACT-VH-VERBERGEN-2", "E-ACT-VH-VERBERGEN-3"),
        roll=RollSpec(
            Attribute.DEXTERITY,
            SaveValue.MIND,
            modifier_note="one roll compared with each observer's Geist; ZW 15 when no "
            "creature observes (E-OPEN-50)",
        ),
        preconditions=(_P.SUITABLE_SURROUNDINGS, _P.OUT_OF_SIGHT_OF_OBSERVERS),
        on_success_self=(Condition.UNDETECTED,),
        duration=DurationRule(DurationKind.UNTIL_BROKEN),
        note="May hide another creature or an object instead.",
    ),
    ActionRule(
        Action.INVESTIGATE,
        _FULL,
        "Untersuchen",
        "Investigate",
        ("E-ACT-VH-UNTERSUCHEN",),
        roll=RollSpec(
            Attribute.INTELLIGENCE, STANDARD_TARGET, modifier_note="ZW depends on the situation"
        ),
        alternative_types=(_LONG,),
        resolved_by_gm=True,
        note="A larger room or a complex object makes it an LH.",
    ),
    ActionRule(
        Action.BYPASS_MECHANISM,
        _FULL,
        "Mechanismus umgehen",
        "Bypass mechanism",
        ("E-ACT-VH-MECHANISMUS",),
        roll=RollSpec(
            Attribute.DEXTERITY,
            None,
            edge=-1,
            edge_removed_by_talent="Schlösser öffnen / Elektronik / Handwerk (a fitting talent)",
            modifier_note="vs the mechanism's ZW",
        ),
        alternative_types=(_LONG,),
        resolved_by_gm=True,
        note="A very large or complex mechanism makes it an LH.",
    ),
    ActionRule(
        Action.STEAL,
        _FULL,
        "Stehlen",
        "Steal",
        ("E-ACT-VH-STEHLEN-1", "E-ACT-VH-STEHLEN-2"),
        roll=RollSpec(
            Attribute.DEXTERITY,
            SaveValue.MIND,
            modifier_note="compared with each affected or watching creature (E-OPEN-50)",
        ),
        resolved_by_gm=True,
        performed_on_failure=True,
        note="The roll decides only whether it goes unnoticed.",
    ),
    ActionRule(
        Action.TRACK,
        _FULL,
        "Spur verfolgen",
        "Track",
        ("E-ACT-VH-SPUR",),
        roll=RollSpec(
            Attribute.INTELLIGENCE,
            STANDARD_TARGET,
            edge=-1,
            edge_removed_by_talent="Survivalexperte",
        ),
        resolved_by_gm=True,
    ),
    ActionRule(
        Action.USE_SIMPLE_ITEM,
        _FULL,
        "Einfachen Gegenstand benutzen",
        "Use simple item",
        ("E-ACT-VH-GEGENSTAND",),
        resolved_by_gm=True,
        note="A device that needs brief attention: a code lock, attaching a mine.",
    ),
    # ---------------------------------------------------------- longer actions (6.4)
    ActionRule(
        Action.CAST_LONG_SPELL,
        _LONG,
        "Längeren Zauber ausführen",
        "Cast long spell",
        ("E-ACT-LH-ZAUBER",),
        gives_conditions=(Condition.FOCUSED,),
        duration=_WHILE_ACTION_LASTS,
        resolved_by_gm=True,
        note="Completes at the caster's initiative in the round its duration is reached "
        "(E-OPEN-49).",
    ),
    ActionRule(
        Action.USE_COMPLEX_ITEM,
        _LONG,
        "Komplexen Gegenstand benutzen",
        "Use complex item",
        ("E-ACT-LH-KOMPLEX",),
        gives_conditions=(Condition.FOCUSED,),
        duration=_WHILE_ACTION_LASTS,
        resolved_by_gm=True,
        note="Rounds, minutes or hours, as the GM sets.",
    ),
    ActionRule(
        Action.DON_ARMOR,
        _LONG,
        "Panzerung anziehen",
        "Don armour",
        ("E-ACT-LH-PANZERUNG-1", "E-ACT-LH-PANZERUNG-2"),
        note="PAZ rounds; a space suit 2 rounds (don_armor_rounds).",
    ),
    ActionRule(
        Action.DOFF_ARMOR,
        _LONG,
        "Panzerung ausziehen",
        "Doff armour",
        ("E-ACT-LH-PANZERUNG-3",),
        note="Half the donning time, rounded up, minimum 1 round (doff_armor_rounds).",
    ),
    ActionRule(
        Action.NANO_HEALBOT_BOOST,
        _LONG,
        "NanoHeilbot-Boost",
        "Nano-healbot boost",
        ("E-ACT-LH-NANO",),
        preconditions=(_P.NEEDS_NANO_HEALBOTS, _P.NOT_USED_SINCE_REST),
        rounds=10 * ROUNDS_PER_MINUTE,
        note="Heals 1w6 LP, once after each rest.",
    ),
    ActionRule(
        Action.FIRST_AID,
        _LONG,
        "Erste Hilfe",
        "First aid",
        ("E-ACT-LH-ERSTEHILFE",),
        preconditions=(_P.NEEDS_MEDKIT, _P.TARGET_NOT_FIRST_AIDED_THIS_HOUR),
        rounds=10 * ROUNDS_PER_MINUTE,
        note="Heals 1 LP; each patient at most once per hour.",
    ),
    ActionRule(
        Action.REVIVE,
        _LONG,
        "Wiederbeleben",
        "Revive",
        (
            "E-ACT-LH-WIEDERBELEBEN-1",
            "E-ACT-LH-WIEDERBELEBEN-2",
            "E-ACT-LH-WIEDERBELEBEN-3",
            "E-ACT-LH-WIEDERBELEBEN-4",
            "E-ACT-LH-WIEDERBELEBEN-5",
        ),
        roll=RollSpec(
            Attribute.INTELLIGENCE,
            STANDARD_TARGET,
            modifier_note="−1 per full minute dead at the start of the attempt "
            "(damage.revive_modifier)",
        ),
        preconditions=(_P.TARGET_DEAD, _P.NEEDS_MEDKIT),
        on_success_target=(Condition.STABLE_COMA,),
        removes_conditions=(Condition.DEAD,),
        rounds=REVIVE_ATTEMPT_MINUTES * ROUNDS_PER_MINUTE,
        note="May be repeated; essence loss and Wahnsinn checks per minute dead "
        "(damage.revival_cost).",
    ),
    ActionRule(
        Action.REPAIR_CRAFT,
        _LONG,
        "Reparieren / Herstellen",
        "Repair / craft",
        ("E-ACT-LH-REPARIEREN",),
        resolved_by_gm=True,
        note="Hours to days; the procedure is the equipment chapter's.",
    ),
    ActionRule(
        Action.SOCIAL_INTERACTION,
        _LONG,
        "Soziale Interaktion",
        "Social interaction",
        ("E-ACT-LH-SOZIAL",),
        roll=RollSpec(Attribute.CHARISMA, SaveValue.MIND),
        resolved_by_gm=True,
    ),
    # ------------------------------------------------------------ free actions (6.5)
    ActionRule(
        Action.SHOUT_COMMAND,
        _FREE,
        "Rufen / Kommandos",
        "Shout / command",
        ("E-ACT-FH-1",),
        counts_for_repeat=False,
    ),
    ActionRule(
        Action.FREE_TALENT,
        _FREE,
        "Talent als Freie Handlung",
        "Free-action talent",
        ("E-ACT-FH-1",),
        counts_for_repeat=False,
        resolved_by_gm=True,
    ),
    ActionRule(
        Action.DROP_ITEM,
        _FREE,
        "Gegenstand/Waffe fallen lassen",
        "Drop item or weapon",
        ("E-ACT-FH-1",),
        preconditions=(_P.HOLDS_ITEM,),
        counts_for_repeat=False,
    ),
    ActionRule(
        Action.RELEASE_GRAPPLE,
        _FREE,
        "Umklammerung lösen",
        "Release grapple",
        ("E-ACT-FH-1", "E-ACT-HH-WAFFENLOS-UMKLAMMERN-5"),
        preconditions=(_P.IS_GRAPPLING,),
        counts_for_repeat=False,
    ),
    ActionRule(
        Action.MOUNT_COMMAND,
        _FREE,
        "Reittier-Befehl",
        "Mount command",
        ("E-ACT-FH-1", "E-MOUNT-10", "E-MOUNT-11"),
        preconditions=(_P.IS_MOUNTED,),
        counts_for_repeat=False,
        note="Gehen, Laufen or Lösen; Nahkampf only to a bound mount (MOUNT_COMMANDS). "
        "The mount acts at once, within the rider's turn (E-OPEN-47).",
    ),
    # -------------------------------------------------------------- outside the table
    ActionRule(
        Action.MOUNT,
        _FULL,
        "Aufsitzen",
        "Mount",
        ("E-MOUNT-5",),
        preconditions=(_P.NOT_MOUNTED, _P.MOUNT_ADJACENT),
        note="Geschick vs ZW 15 when the mount is running (E-MOUNT-6).",
    ),
    ActionRule(
        Action.DISMOUNT,
        _FULL,
        "Absteigen",
        "Dismount",
        ("E-MOUNT-5",),
        preconditions=(_P.IS_MOUNTED,),
        note="Geschick vs ZW 15 when the mount is running (E-MOUNT-6).",
    ),
    ActionRule(
        Action.BREAK_GRAPPLE,
        _HALF,
        "Losreißen",
        "Break free",
        ("E-ACT-HH-WAFFENLOS-UMKLAMMERN-4",),
        roll=RollSpec(Attribute.STRENGTH, SaveValue.BODY),
        preconditions=(_P.IS_GRAPPLED,),
        note="Rettungswurf Stärke vs the grappler's Körper (GRAPPLE_ESCAPE_SAVE); success "
        "ends the grapple and all its conditions (E-OPEN-19). Not in table 6.1.",
    ),
    ActionRule(
        Action.DRAW_AND_THROW,
        _HALF,
        "Wurfwaffe ziehen und werfen",
        "Draw and throw",
        ("E-THROW-1",),
        roll=_ATTACK_RANGED,
        preconditions=(_P.NEEDS_THROWABLE_WEAPON,),
        enabled=False,
        deals_damage=True,
        note="Named but not defined by the source: draw with Interagieren, throw with "
        "Wurfangriff (E-OPEN-16).",
    ),
)


def action_rule(action: Action) -> ActionRule:
    """Return the catalogue entry of ``action``."""
    return ACTIONS[action]


def action_span(action_type: ActionType) -> DurationKind:
    """Return how long an action of this type occupies the actor (E-ACT-3, E-ACT-4).

    A VH runs from the actor's initiative to the start of his next turn; an LH spans
    rounds until it completes; HH and FH are instant.
    """
    if action_type is ActionType.FULL:
        return DurationKind.UNTIL_START_OF_OWN_NEXT_TURN
    if action_type is ActionType.LONGER:
        return DurationKind.WHILE_ACTION_LASTS
    return DurationKind.INSTANT


def mount_command_allowed(command: Action, *, bound: bool) -> bool:
    """Return whether a rider may give ``command`` as an FH (E-MOUNT-10, E-MOUNT-11)."""
    needs_bond = MOUNT_COMMANDS.get(command)
    if needs_bond is None:
        return False
    return bound or not needs_bond


# ------------------------------------------------------------- numbers of the actions


def don_armor_rounds(paz: int, *, space_suit: bool = False) -> int:
    """Return the rounds donning takes: PAZ rounds, a space suit 2 (E-ACT-LH-PANZERUNG-1/2).

    An LH takes at least one round, so armour with PAZ 0 takes 1.
    """
    if space_suit:
        return SPACE_SUIT_DON_ROUNDS
    if paz < 0:
        raise ValueError(f"PAZ cannot be negative, got {paz}")
    return max(1, paz)


def nano_healing(roller: Roller) -> int:
    """Roll the LP a NanoHeilbot-Boost heals: 1w6 (E-ACT-LH-NANO).

    Apply them with ``damage.heal`` (a Sterbend creature gains nothing).
    """
    return roller.roll(NANO_HEAL_DIE)


def doff_armor_rounds(paz: int, *, space_suit: bool = False) -> int:
    """Return the rounds doffing takes: ceil(donning / 2), minimum 1 (E-ACT-LH-PANZERUNG-3).

    E-OPEN-12 rounds the half up.
    """
    donning = don_armor_rounds(paz, space_suit=space_suit)
    return max(1, math.ceil(donning / 2))


# --------------------------------------------------------------------- turn budget


class ActionNotAllowed(Exception):
    """The budget refuses an action; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class TurnBudget:
    """What a creature has spent in its turn of the current round (E-ACT-2).

    One VH or two HH, or one LH that fills the turn (E-OPEN-49); plus one FH per
    round (E-ACT-FH-2), which costs no HH or VH (E-ACT-FH-1). Each Impuls-bought HH
    (E-IMP-EFF-HALF) adds one more HH, also after a VH. ``spent`` lists the HH/VH/LH
    in order with the type they were paid as; ``readied`` is the HH an Abwarten
    trigger allowed. Values are immutable: every change returns a new budget.
    """

    spent: tuple[tuple[Action, ActionType], ...] = ()
    free_spent: tuple[Action, ...] = ()
    readied: Action | None = None
    extra_halves: int = 0
    incapacitated: bool = False
    forfeited: bool = False
    passed: bool = False

    @classmethod
    def for_creature(cls, incapacitated: bool = False) -> TurnBudget:
        """Return a fresh budget; a Handlungsunfähig creature gets one that refuses all."""
        return cls(incapacitated=incapacitated)

    # ------------------------------------------------------------------ queries
    @property
    def halves_spent(self) -> int:
        return sum(1 for _, kind in self.spent if kind is ActionType.HALF)

    @property
    def full_spent(self) -> bool:
        return any(kind is ActionType.FULL for _, kind in self.spent)

    @property
    def long_spent(self) -> bool:
        return any(kind is ActionType.LONGER for _, kind in self.spent)

    @property
    def halves_left(self) -> int:
        """Return how many HH may still be spent (0 once a VH/LH is spent without extras)."""
        if self.incapacitated or self.forfeited or self.passed or self.long_spent:
            return 0
        allowed = self.extra_halves + (0 if self.full_spent else 2)
        return max(0, allowed - self.halves_spent)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Return every action taken this round, in order, free ones last."""
        taken = [action for action, _ in self.spent]
        if self.readied is not None:
            taken.append(self.readied)
        return (*taken, *self.free_spent)

    def _counting(self) -> list[Action]:
        taken = [action for action, _ in self.spent]
        if self.readied is not None:
            taken.append(self.readied)
        return [action for action in taken if ACTIONS[action].counts_for_repeat]

    @property
    def repeated(self) -> bool:
        """Return whether an action was chosen twice this round: Wehrlos (E-ACT-6, E-OPEN-9)."""
        counting = self._counting()
        return len(counting) != len(set(counting))

    def defenceless_after(self, action: Action) -> bool:
        """Return whether the creature is Wehrlos once ``action`` is (also) taken.

        The same Action counts whatever its target, weapon, spell or unarmed option
        (E-OPEN-9 reading A); free actions never count.
        """
        if self.repeated:
            return True
        return ACTIONS[action].counts_for_repeat and action in self._counting()

    # ---------------------------------------------------------------- spending
    def can_spend(self, action: Action, *, as_type: ActionType | None = None) -> tuple[bool, str]:
        """Return (allowed, reason); ``as_type`` is the type a talent or the situation sets.

        E-ACT-5: a talent may make Verbergen an HH; Untersuchen may become an LH.
        """
        rule = ACTIONS[action]
        if not rule.enabled:
            return False, say(
                f"{rule.english} is not available: the rules do not define it",
                f"{rule.german} ist nicht verfügbar: die Regeln legen diese Handlung nicht fest",
            )
        if self.incapacitated:
            return False, say(
                "the creature is Handlungsunfähig and can perform no action",
                "das Wesen ist Handlungsunfähig und kann keine Handlung ausführen",
            )
        if self.forfeited:
            return False, say(
                "a critical failure forfeited every further action this round",
                "ein kritischer Fehler hat jede weitere Handlung dieser Runde verwirkt",
            )
        kind = as_type or rule.action_type
        if kind is ActionType.FREE:
            if self.free_spent:
                return False, say(
                    "only one free action per round", "nur eine Freie Handlung (FH) pro Runde"
                )
            return True, ""
        if self.passed:
            return False, say("the creature passed its turn", "das Wesen hat seinen Zug ausgesetzt")
        if self.long_spent:
            return False, say(
                "a longer action occupies the whole turn",
                "eine Längere Handlung (LH) füllt den ganzen Zug",
            )
        if kind is ActionType.LONGER:
            if self.spent:
                return False, say(
                    "a longer action needs the whole turn, but actions were spent",
                    "eine Längere Handlung (LH) braucht den ganzen Zug, "
                    "es wurden aber schon Handlungen ausgeführt",
                )
            return True, ""
        if kind is ActionType.FULL:
            if self.full_spent:
                return False, say(
                    "only one full action per turn", "nur eine Volle Handlung (VH) pro Zug"
                )
            if self.halves_spent > self.extra_halves:
                return False, say(
                    "a full action cannot follow half actions in the same turn",
                    "eine Volle Handlung (VH) kann im selben Zug nicht auf Halbe Handlungen folgen",
                )
            return True, ""
        if self.halves_left > 0:
            return True, ""
        if self.full_spent:
            return False, say(
                "a full action leaves no half action in the same turn",
                "nach einer Vollen Handlung (VH) bleibt im selben Zug keine Halbe Handlung",
            )
        return False, say(
            "no half action left: two per turn",
            "keine Halbe Handlung (HH) mehr übrig: zwei pro Zug",
        )

    def spend(self, action: Action, *, as_type: ActionType | None = None) -> TurnBudget:
        """Return the budget after ``action``; raise ActionNotAllowed when it is refused."""
        allowed, reason = self.can_spend(action, as_type=as_type)
        if not allowed:
            raise ActionNotAllowed(reason)
        kind = as_type or ACTIONS[action].action_type
        if kind is ActionType.FREE:
            return replace(self, free_spent=(*self.free_spent, action))
        return replace(self, spent=(*self.spent, (action, kind)))

    def with_extra_half(self) -> TurnBudget:
        """Return the budget with one more HH bought with 5 Impuls (E-IMP-EFF-HALF)."""
        if self.incapacitated or self.forfeited:
            raise ActionNotAllowed(
                say(
                    "the creature cannot act this round, an extra half is lost",
                    "das Wesen kann in dieser Runde nicht handeln, eine zusätzliche HH verfällt",
                )
            )
        if self.long_spent:
            raise ActionNotAllowed(
                say(
                    "a longer action occupies the whole turn",
                    "eine Längere Handlung (LH) füllt den ganzen Zug",
                )
            )
        return replace(self, extra_halves=self.extra_halves + 1)

    def spend_readied(self, action: Action, *, as_type: ActionType | None = None) -> TurnBudget:
        """Return the budget after the one HH an Abwarten trigger allows (E-ACT-VH-ABWARTEN-2)."""
        if self.incapacitated or self.forfeited:
            raise ActionNotAllowed(
                say(
                    "the creature cannot act this round",
                    "das Wesen kann in dieser Runde nicht handeln",
                )
            )
        if Action.READY not in (done for done, _ in self.spent):
            raise ActionNotAllowed(
                say(
                    "only a creature that chose Abwarten can act on its event",
                    "nur ein Wesen, das Abwarten gewählt hat, kann bei seinem Ereignis handeln",
                )
            )
        if self.readied is not None:
            raise ActionNotAllowed(
                say(
                    "the readied half action was already used",
                    "die abgewartete Halbe Handlung wurde schon genutzt",
                )
            )
        rule = ACTIONS[action]
        if not rule.enabled:
            raise ActionNotAllowed(
                say(f"{rule.english} is not available", f"{rule.german} ist nicht verfügbar")
            )
        if (as_type or rule.action_type) is not READY_TRIGGERED_TYPE:
            raise ActionNotAllowed(
                say(
                    "an Abwarten trigger allows one half action only",
                    "ein Abwarten-Auslöser erlaubt nur eine Halbe Handlung (HH)",
                )
            )
        return replace(self, readied=action)

    def forfeit(self) -> TurnBudget:
        """Return the budget after a critical failure: nothing more this round, FH included.

        E-CRIT-FAIL-2, E-OPEN-30 (iii).
        """
        return replace(self, forfeited=True)

    def pass_turn(self) -> TurnBudget:
        """Return the budget of a creature that forgoes its actions (E-ACT-7); the FH stays."""
        return replace(self, passed=True)


# ------------------------------------------------------------------ unarmed options


@dataclass(frozen=True)
class UnarmedRule:
    """One option of Waffenloser Kampf (E-ACT-HH-WAFFENLOS-*).

    ``on_success_target`` / ``on_success_attacker``: conditions after a hit (for
    KNOCK_OUT, after the ``follow_up`` check also succeeds).
    """

    option: UnarmedOption
    german: str
    english: str
    rule_ids: tuple[str, ...]
    edge: int
    size_limited: bool
    deals_damage: bool
    on_success_target: tuple[Condition, ...] = ()
    on_success_attacker: tuple[Condition, ...] = ()
    follow_up: RollSpec | None = None
    duration: DurationRule = NO_DURATION
    note: str = ""

    @property
    def roll(self) -> RollSpec:
        """Return the attack roll: Nahkampf vs Ausweichen with this option's edge."""
        return RollSpec(Attribute.MELEE, SaveValue.DODGE, edge=self.edge)

    @property
    def preconditions(self) -> tuple[Precondition, ...]:
        """Return the action's preconditions plus the size limit where it applies."""
        base = ACTIONS[Action.UNARMED_ATTACK].preconditions
        return (*base, Precondition.TARGET_SIZE_AT_MOST_OWN) if self.size_limited else base


UNARMED_OPTIONS: Mapping[UnarmedOption, UnarmedRule] = MappingProxyType(
    {
        UnarmedOption.DAMAGE: UnarmedRule(
            UnarmedOption.DAMAGE,
            "Waffenlosen Schaden verursachen",
            "Deal unarmed damage",
            ("E-ACT-HH-WAFFENLOS-SCHADEN",),
            edge=0,
            size_limited=False,
            deals_damage=True,
            note="Normal damage with NSB (E-DMG-2, E-DMG-3).",
        ),
        UnarmedOption.TRIP: UnarmedRule(
            UnarmedOption.TRIP,
            "Zu Fall bringen",
            "Trip",
            ("E-ACT-HH-WAFFENLOS-ZUFALL",),
            edge=-1,
            size_limited=True,
            deals_damage=False,
            on_success_target=(Condition.PRONE,),
        ),
        UnarmedOption.SHOVE: UnarmedRule(
            UnarmedOption.SHOVE,
            "Schubsen",
            "Shove",
            ("E-ACT-HH-WAFFENLOS-SCHUBSEN",),
            edge=-1,
            size_limited=True,
            deals_damage=False,
            note="Up to 2 fields straight back (push_path); Reflexe vs ZW 15 to escape a "
            "dangerous field (E-OPEN-18).",
        ),
        UnarmedOption.DISARM: UnarmedRule(
            UnarmedOption.DISARM,
            "Entwaffnen",
            "Disarm",
            ("E-ACT-HH-WAFFENLOS-ENTWAFFNEN",),
            edge=-1,
            size_limited=False,  # the source states no size limit (E-OPEN-19)
            deals_damage=False,
            note="The weapon or item falls onto the target's field.",
        ),
        UnarmedOption.GRAPPLE: UnarmedRule(
            UnarmedOption.GRAPPLE,
            "Umklammern",
            "Grapple",
            (
                "E-ACT-HH-WAFFENLOS-UMKLAMMERN-1",
                "E-ACT-HH-WAFFENLOS-UMKLAMMERN-2",
                "E-ACT-HH-WAFFENLOS-UMKLAMMERN-3",
                "E-ACT-HH-WAFFENLOS-UMKLAMMERN-4",
                "E-ACT-HH-WAFFENLOS-UMKLAMMERN-5",
            ),
            edge=-1,
            size_limited=True,
            deals_damage=False,
            on_success_target=(
                Condition.DEFENSELESS,
                Condition.DISTRACTED,
                Condition.IMMOBILIZED,
            ),
            on_success_attacker=(Condition.DEFENSELESS, Condition.DISTRACTED),
            duration=DurationRule(DurationKind.UNTIL_RELEASED),
            note="All grapple conditions end with the grapple (E-OPEN-19).",
        ),
        UnarmedOption.KNOCK_OUT: UnarmedRule(
            UnarmedOption.KNOCK_OUT,
            "Betäuben",
            "Knock out",
            (
                "E-ACT-HH-WAFFENLOS-BETAEUBEN-1",
                "E-ACT-HH-WAFFENLOS-BETAEUBEN-2",
                "E-ACT-HH-WAFFENLOS-BETAEUBEN-3",
            ),
            edge=-1,
            size_limited=True,
            deals_damage=False,
            on_success_target=(Condition.UNCONSCIOUS,),
            follow_up=RollSpec(Attribute.STRENGTH, SaveValue.BODY),
            duration=KNOCK_OUT_DURATION,
            note="Bewusstlos for 1w6 rounds; each round a VH Konstitution save vs ZW 15 "
            "ends it, an exception to Handlungsunfähig (E-OPEN-19).",
        ),
    }
)

#: The target's HH to break a grapple: Stärke vs the attacker's Körper (UMKLAMMERN-4).
GRAPPLE_ESCAPE_SAVE = RollSpec(Attribute.STRENGTH, SaveValue.BODY)
GRAPPLE_ESCAPE_TYPE = ActionType.HALF
#: The catalogue's action for breaking free (its own Action: repeating it makes Wehrlos,
#: an unarmed attack after it does not, E-ACT-6).
GRAPPLE_ESCAPE_ACTION = Action.BREAK_GRAPPLE
#: The attacker ends the grapple at any time as an FH (UMKLAMMERN-5).
GRAPPLE_RELEASE_ACTION = Action.RELEASE_GRAPPLE
#: A grappler dragging the target moves at half BEW (UMKLAMMERN-3, rounding: E-OPEN-12).
GRAPPLE_DRAG_FACTOR = Fraction(1, 2)
#: The knocked-out target's save, a VH that Handlungsunfähig does not forbid (BETAEUBEN-3).
KNOCK_OUT_RECOVERY_SAVE = RollSpec(Attribute.CONSTITUTION, STANDARD_TARGET)
KNOCK_OUT_RECOVERY_TYPE = ActionType.FULL


def unarmed_rule(option: UnarmedOption) -> UnarmedRule:
    """Return the rules of one unarmed option."""
    return UNARMED_OPTIONS[option]


def unarmed_option_allowed(option: UnarmedOption, *, attacker_size: int, target_size: int) -> bool:
    """Return whether the size categories allow ``option`` (target KG <= own KG)."""
    return not UNARMED_OPTIONS[option].size_limited or target_size <= attacker_size


def grapple_drag_movement(bew: int) -> int:
    """Return a grappler's BEW while dragging: half, rounded down, minimum 1 (E-OPEN-12)."""
    if bew <= 0:
        return 0
    return halve_movement(bew, 1)


def grapple_escape(
    strength: int, attacker_body: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll the target's escape: Stärke vs the grappler's Körper (UMKLAMMERN-4)."""
    return success_roll(strength, attacker_body, roller, edge=edge, modifier=modifier)


def knock_out_check(
    strength: int, target_body: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll the second check of Betäuben: Stärke vs the target's Körper (BETAEUBEN-2)."""
    return success_roll(strength, target_body, roller, edge=edge, modifier=modifier)


def knock_out_rounds(roller: Roller) -> int:
    """Roll how long Betäuben's Bewusstlos lasts: 1w6 rounds (BETAEUBEN-2)."""
    return KNOCK_OUT_DURATION.roll_rounds(roller)


def knock_out_recovery(
    constitution: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll the knocked-out target's VH save: Konstitution vs ZW 15 (BETAEUBEN-3)."""
    return success_roll(constitution, STANDARD_TARGET, roller, edge=edge, modifier=modifier)


# ---------------------------------------------------------------- attack procedures

RANGED_ATTACK_STEPS: tuple[tuple[str, str], ...] = (
    ("E-RANGED-1", "The weapon must be usable in ranged combat."),
    ("E-RANGED-2", "Check the range to the target (range bands, section 9)."),
    ("E-RANGED-3", "Check the target's cover (section 10)."),
    ("E-RANGED-4", "Roll Fernkampf against the target's Rettungswert Ausweichen."),
    ("E-RANGED-5", "A failed roll misses; a success determines damage (section 13)."),
    ("E-RANGED-6", "A natural 20 is a critical success, a natural 1 a critical failure."),
)

MELEE_ATTACK_STEPS: tuple[tuple[str, str], ...] = (
    ("E-MELEE-1", "Attack with a weapon usable in melee; unarmed attacks count as melee."),
    ("E-MELEE-2", "The target must be within melee reach (an adjacent field)."),
    ("E-MELEE-3", "Roll Nahkampf against the target's Rettungswert Ausweichen."),
    ("E-MELEE-4", "A failed roll misses; a success determines damage including NSB."),
    ("E-MELEE-5", "A natural 20 is a critical success, a natural 1 a critical failure."),
)


def resolve_attack_roll(
    attack_value: int, dodge: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll an attack: kept d20 + attack value + WM against the target's Ausweichen.

    A kept natural 20 hits and a natural 1 misses whatever the total (E-RANGED-4..6,
    E-MELEE-3..5, D-3).
    """
    return success_roll(attack_value, dodge, roller, edge=edge, modifier=modifier)


# -------------------------------------------------------------------------- duels

DuelParty = Literal["a", "b"]

DUEL_STEPS: tuple[tuple[str, str], ...] = (
    ("E-DUEL-1", "The duel takes place outside, and independently of, a combat round."),
    ("E-DUEL-2", "Only weapons with WG at most the duellist's KG."),
    ("E-DUEL-3", "Both roll Reflexe; the higher result fires first, once (ties: reroll)."),
    ("E-DUEL-4", "Then the other party fires once."),
    ("E-DUEL-5", "The duel ends; a normal combat round may follow."),
)

#: Rerolls of a tied duel before the roller is taken to be broken.
MAX_DUEL_ROLLS = 1000


@dataclass(frozen=True)
class DuelOrder:
    """Who draws first in a duel, with every pair of Reflexe rolls (a, b) made."""

    first: DuelParty
    rolls: tuple[tuple[Roll, Roll], ...]

    @property
    def second(self) -> DuelParty:
        return "b" if self.first == "a" else "a"

    @property
    def shots(self) -> tuple[DuelParty, DuelParty]:
        """Return the firing order: each party fires once (E-DUEL-3, E-DUEL-4)."""
        return (self.first, self.second)


def duel_order(
    reflexes_a: int,
    reflexes_b: int,
    roller: Roller,
    *,
    edge_a: int = 0,
    edge_b: int = 0,
) -> DuelOrder:
    """Roll Reflexe for both duellists; the higher total draws first (E-DUEL-3).

    Equal totals are rerolled by both until they differ (E-OPEN-48).
    """
    rolls: list[tuple[Roll, Roll]] = []
    for _ in range(MAX_DUEL_ROLLS):
        roll_a = success_roll(reflexes_a, None, roller, edge=edge_a)
        roll_b = success_roll(reflexes_b, None, roller, edge=edge_b)
        rolls.append((roll_a, roll_b))
        if roll_a.total != roll_b.total:
            first: DuelParty = "a" if roll_a.total > roll_b.total else "b"
            return DuelOrder(first=first, rolls=tuple(rolls))
    raise RuntimeError(f"the duel stayed tied after {MAX_DUEL_ROLLS} rolls; the roller is stuck")


def duel_second_shot(*, incapacitated: bool, dead: bool) -> bool:
    """Return whether the slower duellist still fires (E-DUEL-4, E-OPEN-48)."""
    return not (incapacitated or dead)


def weapon_allowed_in_duel(weapon_size: int, size_category: int) -> bool:
    """Return whether a weapon may be used in a duel: WG <= KG (E-DUEL-2)."""
    return weapon_size <= size_category


# -------------------------------------------------------------------------- hands
#
# The source counts hands in three places: Waffenloser Kampf needs at least one free
# hand (E-ACT-HH-WAFFENLOS), climbing two (E-TERRAIN-CLIMB-1, terrain.py), and on a
# mount the reins take one hand of the rider (E-MOUNT-9) and holding on one hand of
# each passenger (E-MOUNT-4). It names no two-handed weapon; the reading here compares
# WG with KG as E-SIZE-2's rules do (E-COND-LIEGEND-3, E-DUEL-2: a weapon up to the own
# KG is a handy one): a weapon whose WG exceeds the wielder's KG needs both hands to be
# used. Holding anything takes one hand (a rifle can be carried in one); using a held
# weapon needs its hands out of those the other held things (one each), the reins and
# holding on leave; a reload needs two such hands (magazine and weapon), also for a
# one-handed weapon.

#: Hands a creature has unless its catalogue entry says otherwise (a humanoid's two).
DEFAULT_HANDS = 2
#: Hands a held thing takes while it is only held, whatever its size.
HOLDING_HANDS = 1
#: Free hands a precondition asks for (E-ACT-HH-WAFFENLOS: "at least one free hand").
FREE_HANDS_NEEDED: Mapping[Precondition, int] = MappingProxyType(
    {Precondition.NEEDS_FREE_HAND: 1, Precondition.NEEDS_TWO_FREE_HANDS: 2}
)
#: Hands a reload takes: one for the weapon, one for the magazine (a reading, see above).
RELOAD_HANDS = 2


def hands_needed(action: Action) -> int:
    """Return the free hands ``action`` needs by its preconditions (0: none)."""
    return max((FREE_HANDS_NEEDED.get(p, 0) for p in ACTIONS[action].preconditions), default=0)


def weapon_hands(weapon_size: int, size_category: int) -> int:
    """Return the hands a weapon needs: two when its WG exceeds the wielder's KG, else one.

    E-SIZE-2: WG and KG are compared (the reading above; the source names no two-handed
    weapons).
    """
    if weapon_size < 0 or size_category < 0:
        raise ValueError("WG and KG cannot be negative")
    return 2 if weapon_size > size_category else 1


def hands_for_actions(hands: int, *, holding_reins: bool = False, holding_on: bool = False) -> int:
    """Return the hands a creature can act with: the reins (E-MOUNT-9) and holding on as a
    passenger (E-MOUNT-4) take one each.
    """
    if hands < 0:
        raise ValueError(f"hands cannot be negative, got {hands}")
    return max(0, hands - int(holding_reins) - int(holding_on))


def free_hands(
    hands: int,
    held: Iterable[int] = (),
    *,
    holding_reins: bool = False,
    holding_on: bool = False,
) -> int:
    """Return the hands that hold nothing: ``held`` lists the hands each held item takes
    (``HOLDING_HANDS`` while it is only held)."""
    usable = hands_for_actions(hands, holding_reins=holding_reins, holding_on=holding_on)
    return max(0, usable - sum(held))


def can_use_held(
    needed: int,
    hands: int,
    other_held: Iterable[int] = (),
    *,
    holding_reins: bool = False,
    holding_on: bool = False,
) -> bool:
    """Return whether held things that take ``needed`` hands can be used together.

    ``other_held``: the hands of everything else in hand; the reins and holding on
    take theirs first (E-MOUNT-4, E-MOUNT-9).
    """
    left = free_hands(hands, other_held, holding_reins=holding_reins, holding_on=holding_on)
    return needed <= left


# ----------------------------------------------------------------- passengers
#
# E-MOUNT-4 lets a mount carry passengers "depending on its size"; E-MOUNT-2 asks every
# rider to be at least one KG smaller than the mount (E-OPEN-47). The rule of thumb
# here: every size category the mount is larger than the largest creature on it is one
# seat, the rider's included (a KG 5 horse carries two humans of KG 3, a KG 4 one; a
# KG 6 beast three). Passengers halve the mount's BEW unless it is built for them.


def mount_seats(mount_size: int, largest_aboard: int) -> int:
    """Return how many creatures (rider and passengers) a mount carries (E-MOUNT-4).

    One seat per size category the mount exceeds the largest of them by; 0 when it
    is not larger at all (E-MOUNT-2).
    """
    return max(0, mount_size - largest_aboard)


def may_board(mount_size: int, aboard: Iterable[int], newcomer: int) -> bool:
    """Return whether a creature of KG ``newcomer`` fits on a mount carrying ``aboard``.

    Each creature is at least one KG smaller than the mount (E-MOUNT-2) and all of them
    fit the seats of ``mount_seats`` (E-MOUNT-4).
    """
    sizes = [*aboard, newcomer]
    return len(sizes) <= mount_seats(mount_size, max(sizes))


def passengers_halve_movement(passengers: int, *, built_for_passengers: bool) -> bool:
    """Return whether a mount's BEW is halved: it carries passengers and is not built
    for them (E-MOUNT-4; the rider is no passenger).
    """
    if passengers < 0:
        raise ValueError(f"passengers cannot be negative, got {passengers}")
    return passengers > 0 and not built_for_passengers
