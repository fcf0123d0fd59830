"""Conditions (Zustände, section 16): what each one does, as data.

Every condition is one ``ConditionRule`` in ``CONDITIONS``; the functions that read the
table keep a rule in one row: held_conditions.py (the counts a creature holds and their
closure), condition_rolls.py (how they fold into rolls), condition_effects.py (what they
allow and cost: acting, senses, movement, LP) and condition_changes.py (gaining and
losing them, hiding and surprise).

Durations are data (``DurationRule`` of durations.py) for the battle engine. Only the
condition-intrinsic durations and those of actions that work through conditions live
here (the SAF saves live with damage). Life-state thresholds (Tod at LP -10) are
damage.py's ``life_state``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from game.rulesets.entaria.rules.durations import DurationKind, DurationRule
from game.rulesets.entaria.rules.terms import Attribute, Condition

__all__ = [
    "CONDITIONS",
    "EVASIVE_MOVE_BONUS",
    "EVASIVE_MOVE_DURATION",
    "HALVING_CONDITIONS",
    "HELP_BONUS_DIE",
    "HELP_DURATION",
    "IRRITATE_ACTION_DURATION",
    "REPEAT_DEFENSELESS_DURATION",
    "STUDY_DURATION",
    "SURPRISE_DURATION",
    "ConditionRule",
    "ConspicuousAct",
    "Detection",
    "Faculty",
    "LpLossReaction",
    "MovementRestriction",
    "Stacking",
]

#: Ausweichbewegung: WM +5 on Ausweichen (E-ACT-VH-AUSWEICH).
EVASIVE_MOVE_BONUS = 5
#: Helfen adds 1w6 to the helped person's next check (E-ACT-VH-HELFEN, E-OPEN-22).
HELP_BONUS_DIE = 6
#: Konzentriert: Rettungswurf Reflexe vs ZW 10 on losing LP (E-COND-KONZENTRIERT-4).
CONCENTRATION_SAVE = (Attribute.REFLEXES, 10)
#: Erschöpft levels end at 10 (E-OPEN-41).
MAX_EXHAUSTION = 10


# --- vocabularies ------------------------------------------------------------------------


class Stacking(Enum):
    """How repeated gains of one condition combine."""

    ONCE = "once"  # held or not; a second gain changes nothing (E-OPEN-1)
    COUNT = "count"  # each instance counts (Irritiert, E-COND-IRRITIERT-2)
    LEVELS = "levels"  # a level that rises by one per gain (Erschöpft, Überlastet)


class Faculty(Enum):
    """A sense or ability a condition can take away; checks that need it fail (E-OPEN-31)."""

    SIGHT = "sight"
    HEARING = "hearing"
    SPEECH = "speech"


class MovementRestriction(Enum):
    """Where and how a creature may move."""

    AWAY_FROM_SOURCE = "away"  # Verängstigt (E-COND-VERAENGSTIGT-2)
    TOWARD_SOURCE = "toward"  # Wütend (E-COND-WUETEND-1)
    RUN_AWAY_FROM_SOURCE = "run_away"  # Panisch: Laufen every round (E-COND-PANISCH-2)
    CRAWL = "crawl"  # Liegend (E-COND-LIEGEND-2)


class LpLossReaction(Enum):
    """What losing LP does to a condition."""

    NONE = "none"
    ENDS = "ends"  # Fokussiert (E-COND-FOKUSSIERT-2)
    SAVE_OR_ENDS = "save_or_ends"  # Konzentriert: Reflexe vs ZW 10 (E-COND-KONZENTRIERT-4)


class ConspicuousAct(Enum):
    """Acts that end Unentdeckt toward everyone (E-COND-UNENTDECKT-5)."""

    ATTACK = "attack"
    MAGIC = "magic"
    FAST_MOVEMENT = "fast_movement"  # more fields in a round than BEW (E-OPEN-39)
    INTERACTION = "interaction"
    OBVIOUS = "obvious"  # anything else that points plainly to the creature


@dataclass(frozen=True)
class Detection:
    """How a hidden creature is found (E-COND-UNENTDECKT-3, E-COND-UNSICHTBAR-3)."""

    target: int
    becomes: Condition | None  # what the detector sees instead (Unsichtbar -> Schemenhaft)


# --- the rules table ---------------------------------------------------------------------


@dataclass(frozen=True)
class ConditionRule:
    """Everything one condition does. Defaults mean "no effect of that kind"."""

    condition: Condition
    rule_ids: tuple[str, ...]
    # Conditions this one counts as; the second set only while its source is in sight.
    implies: frozenset[Condition] = frozenset()
    implies_while_source_in_sight: frozenset[Condition] = frozenset()
    implies_from_level: tuple[tuple[int, frozenset[Condition]], ...] = ()
    stacking: Stacking = Stacking.ONCE
    max_level: int | None = None
    # The holder's own rolls (edges are counted, D-2).
    own_roll_edge: int = 0  # every check and save
    body_checks_edge: int = 0  # checks with BODY_ATTRIBUTES and attacks (E-OPEN-37)
    melee_attack_edge: int = 0  # own melee weapon attacks (Liegend)
    non_source_attack_edge: int = 0  # attacks at targets that are not the source (Wütend)
    modifier_per_level: int = 0  # WM on own checks per instance or level
    # What the condition gives others, and the holder's Rettungswerte.
    attackers_edge: int = 0
    dodge_modifier: int = 0
    save_value_per_level: int = 0
    untargetable: bool = False
    detection: Detection | None = None
    # Movement.
    bew_zero: bool = False
    bew_halved: bool = False
    bew_per_level: int = 0
    bew_floor: int = 0  # a level penalty cannot push BEW below this (Erschöpft: 1)
    zero_bew_implies: frozenset[Condition] = frozenset()
    movement: MovementRestriction | None = None
    crawl_cost: int = 1  # movement points per field (E-OPEN-38)
    initiative_override: int | None = None
    # Abilities.
    can_act: bool = True
    lost_faculties: frozenset[Faculty] = frozenset()
    # Life points.
    lp_loss_at_turn_start: int = 0
    lp_loss_per_hour: int = 0
    lp_regenerates: bool = True
    healing_immune: bool = False
    lp_set_at_level: tuple[int, int] | None = None  # (level, LP): Erschöpft 10 -> LP -1
    no_magic_regen_from_level: int | None = None
    # Gaining, keeping and losing.
    on_lp_loss: LpLossReaction = LpLossReaction.NONE
    interrupts_action_when_lost: bool = False
    voluntary_end: bool = False
    ends_concentration: bool = False
    drops_held_items: bool = False
    insanity_check_on_gain: bool = False
    insanity_check_at_level: int | None = None
    replaced_on_loss_by: Condition | None = None
    min_lp_to_end: int | None = None
    removed_by_action: str | None = None
    duration: DurationRule | None = None  # None: the source defines it (E-COND-0)

    @property
    def german(self) -> str:
        """Return the German name the rulebook uses."""
        return self.condition.value


def _set(*conditions: Condition) -> frozenset[Condition]:
    return frozenset(conditions)


C = Condition

#: Überrascht ends at the start of its holder's turn in the next round (E-SURPRISE-2).
SURPRISE_DURATION = DurationRule(
    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND, rule_ids=("E-SURPRISE-2",)
)
#: Irritiert from the action Irritieren ends when the irritator starts acting next round.
IRRITATE_ACTION_DURATION = DurationRule(
    DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND, rule_ids=("E-ACT-HH-IRRITIEREN",)
)
#: Wehrlos from choosing the same action twice in a round (E-ACT-6).
REPEAT_DEFENSELESS_DURATION = DurationRule(
    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND, rule_ids=("E-ACT-6",)
)
#: Ausweichbewegung: WM +5 on Ausweichen until the start of the next own turn.
EVASIVE_MOVE_DURATION = DurationRule(
    DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND, rule_ids=("E-ACT-VH-AUSWEICH",)
)
#: Gegner studieren: Vorteil on the first attack at that enemy, until the end of next round.
STUDY_DURATION = DurationRule(
    DurationKind.UNTIL_END_OF_NEXT_ROUND, uses=1, rule_ids=("E-ACT-VH-STUDIEREN",)
)
#: Helfen: +1w6 on the helped person's next check within their next turn (E-OPEN-22).
HELP_DURATION = DurationRule(
    DurationKind.UNTIL_END_OF_OWN_NEXT_TURN, uses=1, rule_ids=("E-ACT-VH-HELFEN", "E-OPEN-22")
)

_RULES: tuple[ConditionRule, ...] = (
    ConditionRule(C.DISTRACTED, ("E-COND-ABGELENKT",), own_roll_edge=-1),
    ConditionRule(
        C.STUNNED,
        ("E-COND-BETAEUBT", "E-COND-KONZENTRIERT-5"),
        implies=_set(C.INCAPACITATED, C.DEFENSELESS),
        ends_concentration=True,
    ),
    ConditionRule(C.IMMOBILIZED, ("E-COND-BEWEGUNGSLOS",), bew_zero=True),
    ConditionRule(
        C.UNCONSCIOUS,
        ("E-COND-BEWUSSTLOS-1", "E-COND-BEWUSSTLOS-2", "E-COND-BEWUSSTLOS-3"),
        implies=_set(C.INCAPACITATED, C.PRONE, C.DEFENSELESS),
        # It perceives nothing; speech is gone too (implied: it can neither act nor perceive).
        lost_faculties=frozenset(Faculty),
        drops_held_items=True,
        ends_concentration=True,
    ),
    ConditionRule(
        C.BLINDED,
        ("E-COND-BLIND-1", "E-COND-BLIND-2", "E-COND-BLIND-3"),
        implies=_set(C.DEFENSELESS),
        lost_faculties=frozenset({Faculty.SIGHT}),
    ),
    ConditionRule(C.BLEEDING, ("E-COND-BLUTEND",), lp_loss_at_turn_start=1),
    ConditionRule(C.BURNING, ("E-COND-BRENNEND",), lp_loss_at_turn_start=1),
    ConditionRule(
        C.EXHAUSTED,
        tuple(f"E-COND-ERSCHOEPFT-{n}" for n in range(1, 7)),
        stacking=Stacking.LEVELS,
        max_level=MAX_EXHAUSTION,
        modifier_per_level=-1,
        save_value_per_level=-1,
        bew_per_level=-1,
        bew_floor=1,
        implies_from_level=(
            (8, _set(C.INCAPACITATED)),
            (9, _set(C.UNCONSCIOUS)),
            (10, _set(C.DYING)),
        ),
        lp_set_at_level=(10, -1),
        insanity_check_at_level=9,
        no_magic_regen_from_level=8,
    ),
    ConditionRule(
        C.HORRIFIED,
        ("E-COND-ENTSETZT-1", "E-COND-ENTSETZT-2", "E-COND-ENTSETZT-3", "E-OPEN-40"),
        implies=_set(C.DEFENSELESS, C.INCAPACITATED),
        implies_while_source_in_sight=_set(C.DISTRACTED),
        insanity_check_on_gain=True,
        ends_concentration=True,
    ),
    ConditionRule(
        C.FOCUSED,
        ("E-COND-FOKUSSIERT-1", "E-COND-FOKUSSIERT-2", "E-COND-FOKUSSIERT-3"),
        implies=_set(C.DEFENSELESS, C.IMMOBILIZED),
        on_lp_loss=LpLossReaction.ENDS,
        interrupts_action_when_lost=True,
        voluntary_end=True,
    ),
    ConditionRule(
        C.PARALYZED,
        ("E-COND-GELAEHMT",),
        implies=_set(C.INCAPACITATED, C.DEFENSELESS),
        lost_faculties=frozenset({Faculty.SPEECH}),
    ),
    ConditionRule(C.PROTECTED, ("E-COND-GESCHUETZT",), dodge_modifier=10),
    ConditionRule(C.INCAPACITATED, ("E-COND-HANDLUNGSUNFAEHIG",), can_act=False),
    ConditionRule(
        C.IRRITATED,
        ("E-COND-IRRITIERT-1", "E-COND-IRRITIERT-2"),
        stacking=Stacking.COUNT,
        modifier_per_level=-1,
    ),
    ConditionRule(
        C.CONCENTRATING,
        tuple(f"E-COND-KONZENTRIERT-{n}" for n in range(1, 6)),
        on_lp_loss=LpLossReaction.SAVE_OR_ENDS,
        voluntary_end=True,
    ),
    ConditionRule(
        C.PRONE,
        tuple(f"E-COND-LIEGEND-{n}" for n in range(1, 5)),
        implies=_set(C.DEFENSELESS),
        melee_attack_edge=-1,
        movement=MovementRestriction.CRAWL,
        crawl_cost=2,
        removed_by_action="Positionsänderung",
    ),
    ConditionRule(
        C.PANICKED,
        ("E-COND-PANISCH-1", "E-COND-PANISCH-2", "E-COND-KONZENTRIERT-5"),
        implies_while_source_in_sight=_set(C.DISTRACTED),
        movement=MovementRestriction.RUN_AWAY_FROM_SOURCE,
        ends_concentration=True,
    ),
    ConditionRule(C.OBSCURED, ("E-COND-SCHEMENHAFT",), attackers_edge=-1),
    ConditionRule(C.IN_PAIN, ("E-COND-SCHMERZERFUELLT",), own_roll_edge=-1),
    ConditionRule(
        C.STABLE_COMA,
        ("E-COND-STABILESKOMA-1", "E-COND-STABILESKOMA-2", "E-COND-STABILESKOMA-3"),
        implies=_set(C.UNCONSCIOUS),
        min_lp_to_end=1,
        replaced_on_loss_by=C.EXHAUSTED,
        duration=DurationRule(
            DurationKind.UNTIL_LP_AT_LEAST, target=1, rule_ids=("E-COND-STABILESKOMA-2",)
        ),
    ),
    ConditionRule(
        C.DYING,
        ("E-COND-STERBEND-1", "E-COND-STERBEND-2", "E-COND-STERBEND-3"),
        implies=_set(C.UNCONSCIOUS, C.WOUNDED),
        healing_immune=True,
        replaced_on_loss_by=C.STABLE_COMA,
    ),
    ConditionRule(C.MUTE, ("E-COND-STUMM",), lost_faculties=frozenset({Faculty.SPEECH})),
    ConditionRule(C.DEAF, ("E-COND-TAUB",), lost_faculties=frozenset({Faculty.HEARING})),
    ConditionRule(
        C.DEAD,
        ("E-COND-TOD", "E-COND-KONZENTRIERT-5"),
        can_act=False,
        lost_faculties=frozenset(Faculty),
        ends_concentration=True,
    ),
    ConditionRule(
        C.UNDETECTED,
        tuple(f"E-COND-UNENTDECKT-{n}" for n in range(1, 6)),
        implies=_set(C.PROTECTED),
        untargetable=True,
        detection=Detection(target=15, becomes=None),
    ),
    ConditionRule(
        C.INVISIBLE,
        tuple(f"E-COND-UNSICHTBAR-{n}" for n in range(1, 5)),
        implies=_set(C.PROTECTED),
        untargetable=True,
        detection=Detection(target=20, becomes=C.OBSCURED),
    ),
    ConditionRule(
        C.HYPOTHERMIC,
        ("E-COND-UNTERKUEHLT-1", "E-COND-UNTERKUEHLT-2"),
        lp_loss_at_turn_start=1,
        initiative_override=0,
    ),
    ConditionRule(
        C.OVERLOADED,
        tuple(f"E-COND-UEBERLASTET-{n}" for n in range(1, 5)),
        stacking=Stacking.LEVELS,
        bew_per_level=-1,
        implies_from_level=((5, _set(C.DISTRACTED)),),
        zero_bew_implies=_set(C.IMMOBILIZED, C.INCAPACITATED),
    ),
    ConditionRule(
        C.SURPRISED,
        ("E-COND-UEBERRASCHT", "E-SURPRISE-1", "E-SURPRISE-2"),
        implies=_set(C.INCAPACITATED),
        duration=SURPRISE_DURATION,
    ),
    ConditionRule(
        C.FRIGHTENED,
        ("E-COND-VERAENGSTIGT-1", "E-COND-VERAENGSTIGT-2"),
        implies_while_source_in_sight=_set(C.DISTRACTED),
        movement=MovementRestriction.AWAY_FROM_SOURCE,
    ),
    ConditionRule(C.CORRODED, ("E-COND-VERAETZT",), lp_loss_at_turn_start=1),
    ConditionRule(C.POISONED, ("E-COND-VERGIFTET",), implies=_set(C.DISTRACTED)),
    ConditionRule(
        C.CRAMPED,
        ("E-COND-VERKRAMPFT-1", "E-COND-VERKRAMPFT-2"),
        bew_halved=True,
        body_checks_edge=-1,
    ),
    ConditionRule(
        C.WOUNDED,
        ("E-COND-VERLETZT-1", "E-COND-VERLETZT-2"),
        lp_loss_at_turn_start=1,
        body_checks_edge=-1,
    ),
    ConditionRule(
        C.IRRADIATED,
        ("E-COND-VERSTRAHLT-1", "E-COND-VERSTRAHLT-2"),
        lp_loss_per_hour=1,
        lp_regenerates=False,
    ),
    ConditionRule(C.CONFUSED, ("E-COND-VERWIRRT",), implies=_set(C.DISTRACTED), bew_halved=True),
    ConditionRule(C.DEFENSELESS, ("E-COND-WEHRLOS",), attackers_edge=1),
    ConditionRule(
        C.ENRAGED,
        ("E-COND-WUETEND-1", "E-COND-WUETEND-2"),
        movement=MovementRestriction.TOWARD_SOURCE,
        non_source_attack_edge=-1,
    ),
)

#: Every condition of section 16 and what it does.
CONDITIONS: Mapping[Condition, ConditionRule] = MappingProxyType({r.condition: r for r in _RULES})

if set(CONDITIONS) != set(Condition):  # pragma: no cover - a table error, caught at import
    raise RuntimeError(f"conditions without a rule: {set(Condition) - set(CONDITIONS)}")


#: Conditions that halve BEW (E-COND-VERKRAMPFT-1, E-COND-VERWIRRT).
HALVING_CONDITIONS: frozenset[Condition] = frozenset(
    rule.condition for rule in _RULES if rule.bew_halved
)
