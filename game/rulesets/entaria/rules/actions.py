"""The action catalogue (Handlungen, section 6) as data.

``ACTIONS`` maps every ``Action`` of the glossary (32.3) to an ``ActionRule``: its
type (HH/VH/LH/FH), its roll, its preconditions, the movement it allows, the
conditions it gives and how long they last. The numbers of single actions (Erste
Hilfe, Deckungsfeuer, ...) are constants here.

What a creature may still spend in its turn is turn_budget.py's; the unarmed options
are unarmed.py's, the attack procedures and the duel attacks.py's, hands hands.py's
and mounts mounts.py's. Rules that other modules own are imported, not restated:
durations are durations.py's ``DurationRule`` / ``DurationKind``; Stabilisieren and
Wiederbeleben (their WM, their cost) are healing.py's; the Distanzschuss Vorteil is
ranges.py's ``long_shot_edge``; Orientieren's bonus is initiative.py's, Rundumschlag's
four targets reach.py's; the geometry of Schubsen and Zurückdrängen (E-OPEN-18) is
movement.py's, which reads this catalogue for the movement of Gehen, Laufen,
Sturmangriff and Lösen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from types import MappingProxyType

from game.rulesets.entaria.rules.armour import BLOCKING_STANCE_ARMOUR
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.conditions import (
    EVASIVE_MOVE_BONUS,
    EVASIVE_MOVE_DURATION,
    HELP_DURATION,
    IRRITATE_ACTION_DURATION,
    STUDY_DURATION,
)
from game.rulesets.entaria.rules.durations import DurationKind, DurationRule
from game.rulesets.entaria.rules.healing import REVIVE_ATTEMPT_MINUTES
from game.rulesets.entaria.rules.initiative import ORIENT_BONUS
from game.rulesets.entaria.rules.reach import MAX_SWEEP_TARGETS
from game.rulesets.entaria.rules.terms import (
    ActionType,
    Attribute,
    Condition,
    SaveValue,
    WeaponAttribute,
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


class Precondition(Enum):
    """What must hold before an action may be chosen; the engine checks them."""

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
    in durations.py's vocabulary ("own" is the creature holding the effect: the actor
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
EVASIVE_DODGE_BONUS = EVASIVE_MOVE_BONUS  # E-ACT-VH-AUSWEICH: WM +5 (condition_rolls.dodge_value)
BLOCKING_MELEE_ARMOR_BONUS = BLOCKING_STANCE_ARMOUR  # E-ACT-VH-BLOCKADE: +2 vs melee (armour.py)
ORIENT_INITIATIVE_BONUS = ORIENT_BONUS  # E-ACT-HH-ORIENTIEREN: +5 once per combat (initiative)
COVERING_FIRE_AMMO_FACTOR = 2  # E-ACT-VH-DECKUNGSFEUER-2
SWEEP_MAX_TARGETS = MAX_SWEEP_TARGETS  # E-ACT-VH-RUNDUM: up to 4 enemies (reach.py)
FIRST_AID_HEALING = 1  # E-ACT-LH-ERSTEHILFE: 1 LP
FIRST_AID_COOLDOWN_ROUNDS = 60 * ROUNDS_PER_MINUTE  # once per hour per patient
PUSH_BACK_FIELDS = 1  # E-ACT-VH-ZURUECK-2
HIDE_SUBJECTS: tuple[str, ...] = ("self", "another creature", "an object")  # VERBERGEN-3

#: Aiming optics (Smartlink, Laservisier, Bildvergrößerer) do nothing for these
#: (E-ACT-VH-DAUERFEUER-2, E-ACT-VH-DECKUNGSFEUER-1).
AIMING_OPTICS_IGNORED: frozenset[Action] = frozenset({Action.AUTO_FIRE, Action.COVERING_FIRE})

#: A Gezielter Angriff gets these weapon attributes for that attack (E-ACT-VH-GEZIELT-2).
AIMED_ATTACK_WEAPON_ATTRIBUTES: tuple[WeaponAttribute, ...] = (WeaponAttribute.BYPASS,)


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
            modifier_note="the target's negative LP as WM (healing.stabilize_modifier)",
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
            "(healing.revive_modifier)",
        ),
        preconditions=(_P.TARGET_DEAD, _P.NEEDS_MEDKIT),
        on_success_target=(Condition.STABLE_COMA,),
        removes_conditions=(Condition.DEAD,),
        rounds=REVIVE_ATTEMPT_MINUTES * ROUNDS_PER_MINUTE,
        note="May be repeated; essence loss and Wahnsinn checks per minute dead "
        "(healing.revival_cost).",
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
