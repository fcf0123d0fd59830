"""Conditions (Zustände, section 16): what each one does, as data, and how they fold into rolls.

Every condition is one ``ConditionRule`` in ``CONDITIONS``. The functions below read only
that table, so a rule lives in one row. Three ideas carry the module:

- *Closure*: a condition can count as others (Bewusstlos counts as Handlungsunfähig,
  Liegend and Wehrlos). ``closure`` returns every condition a creature effectively has.
  A condition that grants Nachteil counts once however it is reached (E-OPEN-1): Vergiftet
  and Verwirrt both imply Abgelenkt, and Abgelenkt gives one Nachteil.
- *Counts*: ``ConditionSet`` maps each held condition to a count. Irritiert stacks as a
  count (its WM adds up, E-COND-IRRITIERT-2), Erschöpft and Überlastet are levels, all
  others are held once.
- *Edges are counted* (D-2): each distinct Nachteil-granting condition is -1, each
  Vorteil +1; ``RollModifiers.edge`` is the sum.

Durations are data (``DurationRule``) for the battle engine. ``DurationKind`` is the one
duration vocabulary of the rules module: the action catalogue (actions.py) uses it too.
Only the condition-intrinsic durations and those of actions that work through
conditions live here (the SAF saves live with damage). Life-state thresholds (Tod at
LP -10) are damage.py's ``life_state``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll, automatic_failure, saving_throw, success_roll
from game.rulesets.entaria.rules.terms import BODY_ATTRIBUTES, Attribute, Condition, SaveValue

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
    "Change",
    "ConditionRule",
    "ConditionSet",
    "ConspicuousAct",
    "Detection",
    "DurationKind",
    "DurationRule",
    "Faculty",
    "Held",
    "LpLossReaction",
    "MovementRestriction",
    "RollContext",
    "RollModifiers",
    "Stacking",
    "after_detection",
    "after_unforeseen_attack",
    "as_condition_set",
    "attacker_modifiers",
    "bew_after_conditions",
    "can_act",
    "can_be_healed",
    "can_be_targeted",
    "can_speak",
    "can_wield_melee_weapon",
    "closure",
    "concentrate_on",
    "detection_check",
    "dodge_value",
    "end_voluntarily",
    "gain",
    "halve_movement",
    "halving_count",
    "initiative_override",
    "is_unforeseen",
    "lose",
    "lose_lp",
    "lp_loss_at_turn_start",
    "lp_loss_per_hour",
    "magic_points_regenerate",
    "moved_faster_than_walking",
    "movement_cost_factor",
    "movement_restrictions",
    "overload_level",
    "perceives",
    "radiation_lp_regained",
    "reduced_bew",
    "rest",
    "reveal",
    "roll_check",
    "roll_help_bonus",
    "roll_modifiers",
    "save_value",
    "stand_up",
    "surprised_until_round",
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


class DurationKind(Enum):
    """When a timed effect ends. "Own" is the creature holding the effect.

    The one duration vocabulary of the rules module: conditions, Impuls effects and the
    action catalogue (``ActionRule.duration``) all use it. "Source" is the creature
    that caused the effect (the irritator of Irritieren).
    """

    INSTANT = "instant"  # no lasting effect (Nahkampf, Gehen, ...)
    UNTIL_START_OF_OWN_NEXT_TURN = "start_own_next_turn"
    UNTIL_START_OF_OWN_TURN_NEXT_ROUND = "start_own_turn_next_round"
    UNTIL_END_OF_OWN_NEXT_TURN = "end_own_next_turn"
    UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND = "start_source_turn_next_round"
    UNTIL_END_OF_NEXT_ROUND = "end_next_round"
    ROUNDS = "rounds"
    DICE_ROUNDS = "dice_rounds"  # 1w6 rounds and the like
    SAVE_AT_END_OF_OWN_TURN = "save_end_of_turn"  # each own turn until it succeeds
    UNTIL_LP_AT_LEAST = "lp_at_least"
    UNTIL_HEALED = "healed"
    WHILE_ACTION_LASTS = "while_action_lasts"  # an LH in progress (E-ACT-LH-ZAUBER)
    REST_OF_COMBAT = "rest_of_combat"  # Orientieren's initiative bonus
    UNTIL_BROKEN = "until_broken"  # Unentdeckt from Verbergen, until revealed
    UNTIL_RELEASED = "until_released"  # a grapple, until broken or let go


@dataclass(frozen=True)
class DurationRule:
    """How long an effect lasts, as data for the engine (E-COND-0).

    ``uses`` limits an effect to that many rolls inside its window (Helfen: the next
    check only, E-OPEN-22; Gegner studieren: the first attack).
    """

    kind: DurationKind
    rounds: int = 0
    dice: int = 0  # number of dice for DICE_ROUNDS
    sides: int = 6  # the dice of DICE_ROUNDS: w6 unless a rule says otherwise
    save: Attribute | None = None
    target: int | None = None  # the save's ZW, or the LP threshold
    uses: int | None = None
    rule_ids: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind is DurationKind.ROUNDS and self.rounds < 1:
            raise ValueError("a ROUNDS duration needs rounds >= 1")
        if self.kind is DurationKind.DICE_ROUNDS and self.dice < 1:
            raise ValueError("a DICE_ROUNDS duration needs at least one die")
        if self.sides < 1:
            raise ValueError(f"a die needs at least one side, got {self.sides}")
        if self.kind is DurationKind.SAVE_AT_END_OF_OWN_TURN and (
            self.save is None or self.target is None
        ):
            raise ValueError("a save duration needs the save attribute and its ZW")
        if self.kind is DurationKind.UNTIL_LP_AT_LEAST and self.target is None:
            raise ValueError("an LP duration needs the LP threshold as target")
        if self.uses is not None and self.uses < 1:
            raise ValueError("uses must be at least 1")

    def roll_rounds(self, roller: Roller) -> int:
        """Return the number of rounds: fixed, or rolled as ``dice``w``sides``."""
        if self.kind is DurationKind.ROUNDS:
            return self.rounds
        if self.kind is DurationKind.DICE_ROUNDS:
            return sum(roller.roll(self.sides) for _ in range(self.dice))
        raise ValueError(f"{self.kind.name} is not counted in rounds")


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


# --- held conditions -------------------------------------------------------------------


class ConditionSet(Mapping[Condition, int]):
    """An immutable map of held conditions to counts (Irritiert) or levels (Erschöpft).

    Conditions held once always map to 1. Adding follows each rule's ``stacking``.
    """

    __slots__ = ("_counts",)

    def __init__(self, held: Mapping[Condition, int] | Iterable[Condition] = ()) -> None:
        counts: dict[Condition, int] = {}
        if isinstance(held, Mapping):
            for condition, n in held.items():
                _check_count(condition, n)
                if n:
                    counts[condition] = _stacked(condition, 0, n)
        else:
            for condition in held:
                counts[condition] = _stacked(condition, counts.get(condition, 0), 1)
        self._counts: Mapping[Condition, int] = MappingProxyType(
            {c: counts[c] for c in Condition if counts.get(c)}
        )

    @classmethod
    def of(cls, *conditions: Condition) -> ConditionSet:
        """Return the set holding these conditions (repeats stack as their rule says)."""
        return cls(conditions)

    def __getitem__(self, condition: Condition) -> int:
        return self._counts[condition]

    def __iter__(self) -> Iterator[Condition]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __copy__(self) -> ConditionSet:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, object]) -> ConditionSet:
        return self  # immutable

    def __hash__(self) -> int:
        return hash(frozenset(self._counts.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._counts) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{c.name}: {n}" for c, n in self._counts.items())
        return f"ConditionSet({{{inner}}})"

    def count(self, condition: Condition) -> int:
        """Return the count or level of ``condition``, 0 when not held."""
        return self._counts.get(condition, 0)

    def add(self, condition: Condition, n: int = 1) -> ConditionSet:
        """Return a copy that gained ``condition`` ``n`` times (E-COND-ERSCHOEPFT-1)."""
        if n < 0:
            raise ValueError("use remove() to take conditions away")
        counts = dict(self._counts)
        counts[condition] = _stacked(condition, counts.get(condition, 0), n)
        return ConditionSet(counts)

    def remove(self, condition: Condition, n: int | None = None) -> ConditionSet:
        """Return a copy without ``condition``, or with ``n`` fewer instances or levels."""
        counts = dict(self._counts)
        left = 0 if n is None else max(0, counts.get(condition, 0) - n)
        counts[condition] = left
        return ConditionSet(counts)

    def with_level(self, condition: Condition, level: int) -> ConditionSet:
        """Return a copy with ``condition`` at exactly ``level`` (0 removes it)."""
        _check_count(condition, level)
        counts = dict(self._counts)
        counts[condition] = level
        return ConditionSet(counts)


def _check_count(condition: Condition, n: int) -> None:
    if not isinstance(condition, Condition):
        raise TypeError(f"not a Condition: {condition!r}")
    if n < 0:
        raise ValueError(f"{condition.value}: a count cannot be negative, got {n}")


def _stacked(condition: Condition, current: int, n: int) -> int:
    rule = CONDITIONS[condition]
    if rule.stacking is Stacking.ONCE:
        return 1 if current + n > 0 else 0
    total = current + n
    return total if rule.max_level is None else min(total, rule.max_level)


Held = ConditionSet | Mapping[Condition, int] | Iterable[Condition]


def as_condition_set(held: Held) -> ConditionSet:
    """Return ``held`` as a ConditionSet (a mapping of counts or an iterable of conditions)."""
    return held if isinstance(held, ConditionSet) else ConditionSet(held)


def closure(
    held: Held, *, source_in_sight: bool = True, base_bew: int | None = None
) -> frozenset[Condition]:
    """Return every condition the creature effectively has, implied ones included.

    ``source_in_sight`` switches the Abgelenkt of Entsetzt, Panisch and Verängstigt.
    ``base_bew`` lets Überlastet reach BEW 0 (E-COND-UEBERLASTET-4); without it that
    implication is not evaluated.
    """
    counts = as_condition_set(held)
    result: set[Condition] = set(counts)
    frontier = list(result)

    def add(conditions: Iterable[Condition]) -> None:
        for c in conditions:
            if c not in result:
                result.add(c)
                frontier.append(c)

    while frontier:
        condition = frontier.pop()
        rule = CONDITIONS[condition]
        add(rule.implies)
        if source_in_sight:
            add(rule.implies_while_source_in_sight)
        level = counts.count(condition)
        for threshold, implied in rule.implies_from_level:
            if level >= threshold:
                add(implied)
        if (
            rule.zero_bew_implies
            and base_bew is not None
            and base_bew + rule.bew_per_level * level <= 0
        ):
            add(rule.zero_bew_implies)
    return frozenset(result)


_ENUM_ORDER: dict[Condition, int] = {condition: i for i, condition in enumerate(Condition)}


def _rules(conditions: Iterable[Condition]) -> list[ConditionRule]:
    # Enum order keeps reasons and results deterministic; most creatures hold nothing,
    # and this runs for every creature on every move (enemy reach), so no full scan.
    chosen = set(conditions)
    if not chosen:
        return []
    return [CONDITIONS[c] for c in sorted(chosen, key=_ENUM_ORDER.__getitem__)]


# --- rolls -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollContext:
    """What kind of roll a creature makes, as far as its conditions care.

    Saving throws are checks and take every modifier. ``needs_sight`` None means "attacks
    need sight, other checks do not" (E-COND-BLIND-2). ``target_is_condition_source`` is
    the Wütend test; ``source_in_sight`` the Entsetzt/Panisch/Verängstigt one.
    ``unforeseen``, ``studied_target`` and ``help_bonus`` are the attacker's situational
    Vorteil (E-UNFORESEEN-2, E-ACT-VH-STUDIEREN) and the rolled 1w6 of Helfen.
    """

    attribute: Attribute | None = None
    is_attack: bool = False
    is_melee: bool = False
    needs_sight: bool | None = None
    needs_speech: bool = False
    needs_hearing: bool = False
    target_is_condition_source: bool = False
    source_in_sight: bool = True
    unforeseen: bool = False
    studied_target: bool = False
    help_bonus: int = 0

    def __post_init__(self) -> None:
        if not self.is_attack and (self.is_melee or self.unforeseen or self.studied_target):
            raise ValueError("is_melee, unforeseen and studied_target describe attacks only")
        if not 0 <= self.help_bonus <= HELP_BONUS_DIE:
            raise ValueError(f"Helfen adds one w6 (0 for none), got {self.help_bonus}")

    @property
    def faculties(self) -> frozenset[Faculty]:
        """Return the faculties the roll depends on."""
        sight = self.is_attack if self.needs_sight is None else self.needs_sight
        needed = {Faculty.SIGHT} if sight else set()
        if self.needs_speech:
            needed.add(Faculty.SPEECH)
        if self.needs_hearing:
            needed.add(Faculty.HEARING)
        return frozenset(needed)

    @property
    def uses_body(self) -> bool:
        """Return whether the check uses the body (E-OPEN-37: body attributes, attacks)."""
        return self.is_attack or self.attribute in BODY_ATTRIBUTES


@dataclass(frozen=True)
class RollModifiers:
    """The folded result: counted edge (D-2), summed WM, and whether no roll is made."""

    edge: int = 0
    modifier: int = 0
    automatic_failure: bool = False
    reasons: tuple[str, ...] = ()

    def __add__(self, other: RollModifiers) -> RollModifiers:
        return RollModifiers(
            edge=self.edge + other.edge,
            modifier=self.modifier + other.modifier,
            automatic_failure=self.automatic_failure or other.automatic_failure,
            reasons=self.reasons + other.reasons,
        )


def _edge_text(n: int) -> str:
    return "Vorteil" if n > 0 else "Nachteil"


def roll_modifiers(held: Held, roll: RollContext) -> RollModifiers:
    """Return what the roller's own conditions (and situation) do to its check.

    Each distinct Nachteil-granting condition of the closure counts once (E-OPEN-1,
    E-CORE-ADVDIS-1); Irritiert adds -1 per instance and Erschöpft -1 per level as WM.
    A check that needs a lost faculty fails automatically, without a roll (E-OPEN-31).
    """
    counts = as_condition_set(held)
    effective = closure(counts, source_in_sight=roll.source_in_sight)
    edge = modifier = 0
    reasons: list[str] = []
    failed = False
    for rule in _rules(effective):
        name = rule.german
        parts: list[tuple[int, str]] = [(rule.own_roll_edge, "all checks")]
        if roll.uses_body:
            parts.append((rule.body_checks_edge, "checks that use the body"))
        if roll.is_attack and roll.is_melee:
            parts.append((rule.melee_attack_edge, "melee attacks"))
        if roll.is_attack and not roll.target_is_condition_source:
            parts.append((rule.non_source_attack_edge, "attacks at others than the source"))
        for n, what in parts:
            if n:
                edge += n
                reasons.append(f"{name}: {_edge_text(n)} on {what}")
        if rule.modifier_per_level:
            wm = rule.modifier_per_level * counts.count(rule.condition)
            if wm:
                modifier += wm
                reasons.append(f"{name} x{counts.count(rule.condition)}: WM {wm:+d}")
        lost = rule.lost_faculties & roll.faculties
        if lost:
            failed = True
            senses = ", ".join(sorted(f.value for f in lost))
            reasons.append(f"{name}: fails automatically, needs {senses} (E-OPEN-31)")
    if roll.is_attack and (roll.unforeseen or Condition.UNDETECTED in effective):
        edge += 1
        reasons.append("unforeseen attack: Vorteil (E-UNFORESEEN-2)")
    if roll.studied_target:
        edge += 1
        reasons.append("studied enemy: Vorteil on the first attack (E-ACT-VH-STUDIEREN)")
    if roll.help_bonus:
        modifier += roll.help_bonus
        reasons.append(f"Helfen: WM +{roll.help_bonus} (E-ACT-VH-HELFEN)")
    return RollModifiers(edge, modifier, failed, tuple(reasons))


def attacker_modifiers(target_held: Held) -> RollModifiers:
    """Return what the target's conditions give the attacker's roll.

    Wehrlos: Vorteil (E-COND-WEHRLOS); Schemenhaft: Nachteil (E-COND-SCHEMENHAFT).
    Each counts once, however it is reached (Betäubt and Liegend give one Wehrlos).
    """
    effective = closure(target_held)
    edge = 0
    reasons: list[str] = []
    for rule in _rules(effective):
        if rule.attackers_edge:
            edge += rule.attackers_edge
            text = _edge_text(rule.attackers_edge)
            reasons.append(f"target {rule.german}: {text} for attackers")
    return RollModifiers(edge=edge, reasons=tuple(reasons))


def roll_check(
    value: int,
    target: int | None,
    roller: Roller,
    modifiers: RollModifiers,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a check with folded modifiers; an automatic failure rolls no die (E-OPEN-31)."""
    if modifiers.automatic_failure:
        return automatic_failure(target)
    return success_roll(
        value, target, roller, edge=modifiers.edge + edge, modifier=modifiers.modifier + modifier
    )


def roll_help_bonus(roller: Roller) -> int:
    """Roll the 1w6 of Helfen when the helped check is made (E-ACT-VH-HELFEN, E-OPEN-22)."""
    return roller.roll(HELP_BONUS_DIE)


def save_value(base: int, held: Held, which: SaveValue) -> int:
    """Return a Rettungswert: Erschöpft -1 per level, and Geschützt +10 on Ausweichen."""
    counts = as_condition_set(held)
    value = base
    for rule in _rules(closure(counts)):
        value += rule.save_value_per_level * counts.count(rule.condition)
        if which is SaveValue.DODGE:
            value += rule.dodge_modifier
    return value


def dodge_value(base: int, held: Held, *, evasive_move: bool = False, cover_bonus: int = 0) -> int:
    """Return Ausweichen: Geschützt +10, Ausweichbewegung +5, cover, Erschöpft -1/level."""
    bonus = (EVASIVE_MOVE_BONUS if evasive_move else 0) + cover_bonus
    return save_value(base, held, SaveValue.DODGE) + bonus


# --- abilities and movement --------------------------------------------------------------


def can_act(held: Held, *, base_bew: int | None = None) -> bool:
    """Return whether the creature may take any FH, HH, VH or LH (E-COND-HANDLUNGSUNFAEHIG)."""
    return all(rule.can_act for rule in _rules(closure(held, base_bew=base_bew)))


def perceives(held: Held, faculty: Faculty) -> bool:
    """Return whether the creature still has ``faculty`` (Blind, Taub, Bewusstlos)."""
    return all(faculty not in rule.lost_faculties for rule in _rules(closure(held)))


def can_speak(held: Held) -> bool:
    """Return whether the creature can speak (Gelähmt, Stumm)."""
    return perceives(held, Faculty.SPEECH)


def can_be_targeted(held: Held) -> bool:
    """Return whether spells and attacks may target the creature directly.

    ``held`` is what the attacker faces: Unentdeckt and Unsichtbar are per observer
    (E-COND-UNENTDECKT-4). Area effects still reach it (E-OPEN-39).
    """
    return not any(rule.untargetable for rule in _rules(closure(held)))


def can_be_healed(held: Held) -> bool:
    """Return whether healing that grants LP or TempLep works (Sterbend: no)."""
    return not any(rule.healing_immune for rule in _rules(closure(held)))


def can_wield_melee_weapon(held: Held, *, weapon_size: int, size_category: int) -> bool:
    """Return whether a melee weapon is usable: Liegend forbids WG > KG (E-COND-LIEGEND-3)."""
    return Condition.PRONE not in closure(held) or weapon_size <= size_category


def magic_points_regenerate(held: Held) -> bool:
    """Return whether magic points still regenerate (Erschöpft from level 8: no)."""
    counts = as_condition_set(held)
    for rule in _rules(counts):
        start = rule.no_magic_regen_from_level
        if start is not None and counts.count(rule.condition) >= start:
            return False
    return True


def movement_restrictions(held: Held) -> frozenset[MovementRestriction]:
    """Return every restriction on where and how the creature moves."""
    return frozenset(r.movement for r in _rules(closure(held)) if r.movement is not None)


def movement_cost_factor(held: Held) -> int:
    """Return the movement points per field: 2 while crawling (E-OPEN-38), else 1."""
    return max((rule.crawl_cost for rule in _rules(closure(held))), default=1)


def initiative_override(held: Held) -> int | None:
    """Return the initiative a condition forces (Unterkühlt: 0), or None."""
    values = [r.initiative_override for r in _rules(closure(held))]
    forced = [v for v in values if v is not None]
    return min(forced) if forced else None


#: Conditions that halve BEW (E-COND-VERKRAMPFT-1, E-COND-VERWIRRT).
HALVING_CONDITIONS: frozenset[Condition] = frozenset(
    rule.condition for rule in _RULES if rule.bew_halved
)


def reduced_bew(bew: int, held: Held) -> int:
    """Return BEW after the conditions that take from it, before any halving.

    Bewegungslos gives 0. Überlastet takes 1 per level down to 0, which is Bewegungslos
    (E-COND-UEBERLASTET-2/4); Erschöpft takes 1 per level but not below 1
    (E-COND-ERSCHOEPFT-2, E-OPEN-41), and cannot lift an overloaded creature off 0.
    """
    if bew < 0:
        raise ValueError("BEW cannot be negative")
    counts = as_condition_set(held)
    if any(rule.bew_zero for rule in _rules(closure(counts, base_bew=bew))):
        return 0
    value = bew
    # Penalties that can reach 0 (Überlastet) first, so Erschöpft's minimum 1 holds after.
    for rule in sorted(_rules(counts), key=lambda r: r.bew_floor):
        if rule.bew_per_level:
            lowered = value + rule.bew_per_level * counts.count(rule.condition)
            value = max(lowered, min(value, rule.bew_floor))
    return max(0, value)


def halving_count(held: Held, *, base_bew: int | None = None) -> int:
    """Return how many conditions halve the creature's movement (Verkrampft, Verwirrt).

    Counted over the closure, so a halving condition counts however it is reached, and
    each one once (E-OPEN-12). ``base_bew`` as for ``closure``.
    """
    return len(HALVING_CONDITIONS & closure(held, base_bew=base_bew))


def halve_movement(allowance: int, halvings: int) -> int:
    """Return a movement allowance after ``halvings`` halvings (E-OPEN-12).

    All halvings multiply and round down once at the end, minimum 1; an allowance of
    0 (Bewegungslos) stays 0.
    """
    if allowance < 0 or halvings < 0:
        raise ValueError("an allowance and the number of halvings cannot be negative")
    if allowance == 0:
        return 0
    return max(1, allowance >> halvings)


def bew_after_conditions(bew: int, held: Held, *, extra_halvings: int = 0) -> int:
    """Return the movement allowance after conditions (E-OPEN-12).

    Level penalties come first (``reduced_bew``), then every halving (Verkrampft,
    Verwirrt, ``extra_halvings`` such as leaving reach or dragging a grappled target)
    multiplies, rounded down once, minimum 1 (``halve_movement``). Bewegungslos, and
    Überlastet reaching 0, give 0.
    """
    if bew < 0 or extra_halvings < 0:
        raise ValueError("BEW and the number of halvings cannot be negative")
    counts = as_condition_set(held)
    halvings = extra_halvings + halving_count(counts, base_bew=bew)
    return halve_movement(reduced_bew(bew, counts), halvings)


def overload_level(carried_kg: float, capacity_kg: float) -> int:
    """Return the Überlastet level: 1 per full 10 kg over capacity (E-OPEN-12)."""
    return max(0, int((carried_kg - capacity_kg) // 10))


# --- life points -------------------------------------------------------------------------


def lp_loss_at_turn_start(held: Held) -> int:
    """Return the LP lost at the start of the creature's turn.

    Each distinct condition costs 1 (Blutend and Verletzt: 2). Sterbend counts through
    the Verletzt it implies, so Sterbend with Verletzt still costs 1.
    """
    return sum(rule.lp_loss_at_turn_start for rule in _rules(closure(held)))


def lp_loss_per_hour(held: Held) -> int:
    """Return the LP lost per hour (Verstrahlt); those LP do not regenerate normally."""
    return sum(rule.lp_loss_per_hour for rule in _rules(closure(held)))


def radiation_lp_regained(weeks_since_cure: int, lp_lost: int) -> int:
    """Return the radiation LP regained: 1 per week after the cure, up to those lost."""
    if weeks_since_cure < 0 or lp_lost < 0:
        raise ValueError("weeks and LP lost cannot be negative")
    return min(weeks_since_cure, lp_lost)


# --- gaining and losing ------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """The result of a change to a creature's conditions, with its side effects."""

    held: ConditionSet
    ended: frozenset[Condition] = frozenset()  # lost as a consequence
    insanity_checks: int = 0  # Wahnsinn checks the creature must make now
    drop_held_items: bool = False  # Bewusstlos (E-COND-BEWUSSTLOS-2)
    set_lp: int | None = None  # Erschöpft level 10 (E-COND-ERSCHOEPFT-6)
    interrupted_action: bool = False  # Fokussiert lost (E-COND-FOKUSSIERT-2/3)
    saves: tuple[Roll, ...] = ()


def _newly_unconscious(before: ConditionSet, after: ConditionSet) -> bool:
    return Condition.UNCONSCIOUS in closure(after) and Condition.UNCONSCIOUS not in closure(before)


def _concentration_check(after: ConditionSet) -> tuple[ConditionSet, bool]:
    if Condition.CONCENTRATING not in after:
        return after, False
    if any(rule.ends_concentration for rule in _rules(closure(after))):
        return after.remove(Condition.CONCENTRATING), True
    return after, False


def gain(held: Held, condition: Condition, n: int = 1, *, lp: int | None = None) -> Change:
    """Return the conditions after gaining ``condition`` ``n`` times, with side effects.

    Betäubt, Bewusstlos, Entsetzt, Panisch and Tod end Konzentriert (also when implied,
    e.g. by Sterbend). Entsetzt newly gained and Erschöpft first reaching level 9 ask
    for a Wahnsinn check. Erschöpft 10 sets LP to -1 (or keeps lower ``lp``). Newly
    Bewusstlos drops what it holds. Tod replaces Sterbend and Stabiles Koma.
    """
    before = as_condition_set(held)
    after = before.add(condition, n)
    if condition is Condition.DEAD:
        after = after.remove(Condition.DYING).remove(Condition.STABLE_COMA)
    after, concentration_lost = _concentration_check(after)
    rule = CONDITIONS[condition]
    old, new = before.count(condition), after.count(condition)
    insanity = 0
    if rule.insanity_check_on_gain and old == 0 and new > 0:
        insanity += 1
    if rule.insanity_check_at_level is not None and old < rule.insanity_check_at_level <= new:
        insanity += 1
    set_lp = None
    if rule.lp_set_at_level is not None:
        level, value = rule.lp_set_at_level
        if old < level <= new:
            set_lp = value if lp is None else min(lp, value)
    return Change(
        held=after,
        ended=frozenset({Condition.CONCENTRATING}) if concentration_lost else frozenset(),
        insanity_checks=insanity,
        drop_held_items=_newly_unconscious(before, after),
        set_lp=set_lp,
    )


def lose(
    held: Held, condition: Condition, *, lp: int | None = None, n: int | None = None
) -> Change:
    """Return the conditions after losing ``condition`` (or ``n`` of its levels).

    Sterbend is replaced by Stabiles Koma (E-COND-STERBEND-3); Stabiles Koma ends only
    at LP >= 1 and then adds one Erschöpft level (E-COND-STABILESKOMA-2/3, E-OPEN-41).
    Losing Fokussiert interrupts the action in progress.
    """
    before = as_condition_set(held)
    if condition not in before:
        return Change(held=before)
    rule = CONDITIONS[condition]
    if rule.min_lp_to_end is not None and (lp is None or lp < rule.min_lp_to_end):
        raise ValueError(
            f"{rule.german} ends only at LP >= {rule.min_lp_to_end}, got LP {lp} "
            f"({rule.rule_ids[0]})"
        )
    after = before.remove(condition, n)
    if condition in after:
        return Change(held=after)
    if rule.replaced_on_loss_by is not None:
        follow = gain(after, rule.replaced_on_loss_by, lp=lp)
        return replace(
            follow,
            drop_held_items=_newly_unconscious(before, follow.held),
            interrupted_action=follow.interrupted_action or rule.interrupts_action_when_lost,
        )
    return Change(held=after, interrupted_action=rule.interrupts_action_when_lost)


def end_voluntarily(held: Held, condition: Condition) -> Change:
    """Return the conditions after the creature drops Fokussiert or Konzentriert by choice."""
    rule = CONDITIONS[condition]
    if not rule.voluntary_end:
        raise ValueError(f"{rule.german} cannot be ended at will")
    return lose(held, condition)


def lose_lp(held: Held, lp_lost: int, roller: Roller, *, reflexes: int) -> Change:
    """Return the conditions after losing ``lp_lost`` LP.

    Fokussiert ends and interrupts the action (E-COND-FOKUSSIERT-2). Konzentriert needs
    a Rettungswurf Reflexe vs ZW 10, with the creature's own conditions folded in; a
    failure ends it (E-COND-KONZENTRIERT-4).
    """
    counts = as_condition_set(held)
    if lp_lost <= 0:
        return Change(held=counts)
    after = counts
    ended: set[Condition] = set()
    saves: list[Roll] = []
    interrupted = False
    for rule in _rules(counts):
        if rule.on_lp_loss is LpLossReaction.ENDS:
            after = after.remove(rule.condition)
            ended.add(rule.condition)
            interrupted = interrupted or rule.interrupts_action_when_lost
        elif rule.on_lp_loss is LpLossReaction.SAVE_OR_ENDS:
            attribute, target = CONCENTRATION_SAVE
            mods = roll_modifiers(counts, RollContext(attribute=attribute))
            if mods.automatic_failure:
                save = automatic_failure(target)
            else:
                save = saving_throw(
                    reflexes, target, roller, edge=mods.edge, modifier=mods.modifier
                )
            saves.append(save)
            if not save.success:
                after = after.remove(rule.condition)
                ended.add(rule.condition)
    return Change(
        held=after,
        ended=frozenset(ended),
        interrupted_action=interrupted,
        saves=tuple(saves),
    )


def stand_up(held: Held) -> Change:
    """Return the conditions after Positionsänderung removes Liegend (E-COND-LIEGEND-4)."""
    counts = as_condition_set(held)
    if Condition.PRONE not in counts:
        raise ValueError("the creature is not lying down (Liegend)")
    if not can_act(counts):
        raise ValueError("a Handlungsunfähig creature cannot stand up")
    return Change(held=counts.remove(Condition.PRONE))


def rest(held: Held, *, circumstances_gone: bool) -> ConditionSet:
    """Return the conditions after one rest: Erschöpft heals one level (E-COND-ERSCHOEPFT-3)."""
    counts = as_condition_set(held)
    if not circumstances_gone:
        return counts
    return counts.remove(Condition.EXHAUSTED, 1)


def concentrate_on(current: Hashable | None, new: Hashable) -> tuple[Hashable, Hashable | None]:
    """Return (new focus, dropped focus): one thing at a time (E-COND-KONZENTRIERT-2)."""
    dropped = current if current is not None and current != new else None
    return new, dropped


# --- hiding, detection, unforeseen attacks, surprise -----------------------------------


def detection_check(
    intelligence: int,
    hidden: Condition,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll Intelligenz vs ZW 15 (Unentdeckt) or ZW 20 (Unsichtbar) to find a creature."""
    detection = CONDITIONS[hidden].detection
    if detection is None:
        raise ValueError(f"{hidden.value} is not found by a detection check")
    return success_roll(intelligence, detection.target, roller, edge=edge, modifier=modifier)


def after_detection(held_toward_detector: Held, hidden: Condition) -> ConditionSet:
    """Return what the detector now faces: Unentdeckt gone, Unsichtbar -> Schemenhaft.

    Only toward the detector (E-COND-UNENTDECKT-4, E-COND-UNSICHTBAR-4).
    """
    counts = as_condition_set(held_toward_detector)
    detection = CONDITIONS[hidden].detection
    if detection is None:
        raise ValueError(f"{hidden.value} is not found by a detection check")
    after = counts.remove(hidden)
    return after.add(detection.becomes) if detection.becomes is not None else after


def reveal(held: Held, act: ConspicuousAct) -> ConditionSet:
    """Return the conditions after a conspicuous act: Unentdeckt ends toward everyone."""
    del act  # every ConspicuousAct reveals; the argument documents the cause
    return as_condition_set(held).remove(Condition.UNDETECTED)


def moved_faster_than_walking(fields_this_round: int, bew: int) -> bool:
    """Return whether a round's movement breaks Unentdeckt: more than BEW fields (E-OPEN-39)."""
    return fields_this_round > bew


def is_unforeseen(*, target_sees_attacker: bool, target_expects_aggression: bool) -> bool:
    """Return whether an attack is unforeseen (E-UNFORESEEN-1).

    After one such attack the target knows its attacker: pass
    ``target_expects_aggression=True`` from then on (E-UNFORESEEN-3).
    """
    return not target_sees_attacker or not target_expects_aggression


def after_unforeseen_attack(target_held: Held, *, gm_surprises: bool) -> Change:
    """Return the target's conditions after an unforeseen attack: Überrascht if the GM says so."""
    counts = as_condition_set(target_held)
    return gain(counts, Condition.SURPRISED) if gm_surprises else Change(held=counts)


def surprised_until_round(round_gained: int = 1) -> int:
    """Return the round at whose holder's turn Überrascht ends (E-SURPRISE-2).

    A fight breaking out counts as round 1, so a surprised creature skips round 1.
    """
    if round_gained < 1:
        raise ValueError("rounds are counted from 1")
    return round_gained + 1
