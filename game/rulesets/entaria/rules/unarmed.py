"""Waffenloser Kampf: the unarmed options, the grapple and Betäuben (E-ACT-HH-WAFFENLOS-*).

Each ``UnarmedOption`` is one ``UnarmedRule`` in ``UNARMED_OPTIONS``: its Nachteil, the
size limit, what a hit does. Breaking and releasing a grapple (UMKLAMMERN-3..5) and
recovering from Betäuben (BETAEUBEN-2/3) are rolled here; the geometry of Schubsen is
movement.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from types import MappingProxyType

from game.board.dice import Roller
from game.rulesets.entaria.rules.actions import ACTIONS, NO_DURATION, Action, Precondition, RollSpec
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, success_roll
from game.rulesets.entaria.rules.condition_effects import halve_movement
from game.rulesets.entaria.rules.durations import DurationKind, DurationRule
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue


class UnarmedOption(Enum):
    """The exclusive choices of Waffenloser Kampf (E-ACT-HH-WAFFENLOS, E-OPEN-19)."""

    DAMAGE = "damage"
    TRIP = "trip"
    SHOVE = "shove"
    DISARM = "disarm"
    GRAPPLE = "grapple"
    KNOCK_OUT = "knock_out"


SHOVE_MAX_FIELDS = 2  # E-ACT-HH-WAFFENLOS-SCHUBSEN


KNOCK_OUT_DURATION_DIE = 6  # E-ACT-HH-WAFFENLOS-BETAEUBEN-2: Bewusstlos for 1w6 rounds
#: Betäuben's Bewusstlos lasts 1w6 rounds (E-ACT-HH-WAFFENLOS-BETAEUBEN-2).
KNOCK_OUT_DURATION = DurationRule(
    DurationKind.DICE_ROUNDS,
    dice=1,
    sides=KNOCK_OUT_DURATION_DIE,
    rule_ids=("E-ACT-HH-WAFFENLOS-BETAEUBEN-2",),
)


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
