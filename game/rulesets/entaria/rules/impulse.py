"""Impuls: the group's shared pool and what it buys (section 2).

The pool starts at the number of characters (E-IMP-2), has no upper limit (E-IMP-1) and
grows by one for every crit a player character rolls (E-IMP-3, E-OPEN-3). Each payment
buys one effect (E-IMP-5). The game master spends without a pool, and each point he
spends adds one to the group's pool (E-IMP-GM-1/2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from game.board.grid import Cover
from game.rulesets.entaria.rules.checks import Roll, impulse_gain
from game.rulesets.entaria.rules.durations import DurationKind, DurationRule
from game.rulesets.entaria.rules.held_conditions import ConditionSet, Held, as_condition_set
from game.rulesets.entaria.rules.terms import Condition

__all__ = [
    "EnvironmentInfluence",
    "ImpulseEffect",
    "ImpulsePool",
    "InsufficientImpulse",
    "apply_to_target",
    "can_spend_now",
    "effect_duration",
    "gm_spend",
    "granted_cover",
    "reroll_edge",
    "starting_pool",
    "target_conditions",
]


class ImpulseEffect(Enum):
    """What one payment of Impuls buys, with its cost (E-IMP-5)."""

    TALENT = ("E-IMP-EFF-TALENT", 1)
    REROLL = ("E-IMP-EFF-REROLL", 1)
    COVER = ("E-IMP-EFF-COVER", 1)
    LOESEN = ("E-IMP-EFF-LOESEN", 1)
    ENV = ("E-IMP-EFF-ENV", 1)
    IRRITATE = ("E-IMP-EFF-IRRITATE", 1)
    DISTRACT = ("E-IMP-EFF-DISTRACT", 2)
    HALF = ("E-IMP-EFF-HALF", 5)
    TALENTPOINT = ("E-IMP-EFF-TALENTPOINT", 5)

    def __init__(self, rule_id: str, cost: int) -> None:
        self.rule_id = rule_id
        self.cost = cost

    @property
    def needs_target_in_sight(self) -> bool:
        """Return whether the effect targets one creature in line of sight."""
        return self in (ImpulseEffect.IRRITATE, ImpulseEffect.DISTRACT)

    @property
    def requires_talent(self) -> bool:
        """Return whether a learned talent must provide for the effect (E-IMP-EFF-TALENT)."""
        return self is ImpulseEffect.TALENT

    @property
    def extra_half_actions(self) -> int:
        """Return the additional half actions the effect grants (E-IMP-EFF-HALF)."""
        return 1 if self is ImpulseEffect.HALF else 0

    @property
    def talent_points(self) -> int:
        """Return the talent points the effect grants (E-IMP-EFF-TALENTPOINT)."""
        return 1 if self is ImpulseEffect.TALENTPOINT else 0

    @property
    def disengage_fields(self) -> int:
        """Return the fields of an immediate Lösen (E-IMP-EFF-LOESEN, E-ACT-HH-LOESEN)."""
        return 1 if self is ImpulseEffect.LOESEN else 0


class EnvironmentInfluence(Enum):
    """What the character ignores with E-IMP-EFF-ENV."""

    PARTIAL_COVER = "Teildeckung"
    OBSTACLES = "Hindernisse"
    GRAVITY = "Gravitation"
    WEATHER = "Wetterverhältnisse"
    DARKNESS = "Dunkelheit"
    SMOKE = "Rauch"


class InsufficientImpulse(ValueError):
    """The group's pool holds fewer Impuls than an effect costs."""


@dataclass(frozen=True)
class ImpulsePool:
    """The group's Impuls pool: a count with no upper limit (E-IMP-1)."""

    points: int = 0

    def __post_init__(self) -> None:
        if self.points < 0:
            raise ValueError(f"an Impuls pool cannot be negative, got {self.points}")

    def gain(self, n: int = 1) -> ImpulsePool:
        """Return the pool with ``n`` more Impuls."""
        if n < 0:
            raise ValueError("use spend() to take Impuls from the pool")
        return ImpulsePool(self.points + n)

    def can_afford(self, effect: ImpulseEffect) -> bool:
        """Return whether the pool pays for ``effect``."""
        return self.points >= effect.cost

    def spend(self, effect: ImpulseEffect) -> ImpulsePool:
        """Return the pool after paying for one effect (E-IMP-5)."""
        if not self.can_afford(effect):
            raise InsufficientImpulse(
                f"{effect.name} costs {effect.cost} Impuls, the pool holds {self.points}"
            )
        return ImpulsePool(self.points - effect.cost)

    def gain_from_roll(self, roll: Roll, *, rolled_by_player_character: bool) -> ImpulsePool:
        """Return the pool after a roll: +1 per crit of a player character (E-IMP-3, E-OPEN-3)."""
        return self.gain(impulse_gain(roll, rolled_by_player_character=rolled_by_player_character))


def starting_pool(number_of_characters: int) -> ImpulsePool:
    """Return the pool at the start of a session: one per character (E-IMP-2)."""
    if number_of_characters < 0:
        raise ValueError("the number of characters cannot be negative")
    return ImpulsePool(number_of_characters)


def gm_spend(effect: ImpulseEffect, pool: ImpulsePool) -> ImpulsePool:
    """Return the group's pool after the GM buys ``effect``: it gains the cost (E-IMP-GM-2)."""
    return pool.gain(effect.cost)


def can_spend_now(effect: ImpulseEffect, *, own_turn: bool, by_gm: bool = False) -> bool:
    """Return whether ``effect`` may be bought now.

    A character spends on his own turn, before, during or after his action (E-IMP-4);
    a reroll may also be bought during the enemies' turns (E-IMP-EFF-REROLL). The GM may
    spend at any time (E-IMP-GM-1). No other per-turn limit applies (E-OPEN-4).
    """
    return by_gm or own_turn or effect is ImpulseEffect.REROLL


def reroll_edge(is_impulse_reroll: bool, *, explicitly_repeatable: bool = False) -> int:
    """Return the edge a repeated check adds: Nachteil (-1) unless exempt.

    A failed check repeated is rolled with Nachteil (E-CORE-REPEAT-1); the Impuls reroll
    and actions the rules call repeatable are exempt (E-OPEN-5 B).
    """
    return 0 if is_impulse_reroll or explicitly_repeatable else -1


_DURATIONS: Mapping[ImpulseEffect, DurationRule] = MappingProxyType(
    {
        ImpulseEffect.COVER: DurationRule(
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN, rule_ids=("E-IMP-EFF-COVER", "E-OPEN-4")
        ),
        ImpulseEffect.ENV: DurationRule(
            DurationKind.UNTIL_START_OF_OWN_NEXT_TURN, rule_ids=("E-IMP-EFF-ENV", "E-OPEN-4")
        ),
        ImpulseEffect.IRRITATE: DurationRule(
            DurationKind.UNTIL_END_OF_OWN_NEXT_TURN, rule_ids=("E-IMP-EFF-IRRITATE",)
        ),
        ImpulseEffect.DISTRACT: DurationRule(
            DurationKind.UNTIL_END_OF_OWN_NEXT_TURN, rule_ids=("E-IMP-EFF-DISTRACT",)
        ),
    }
)

_TARGET_CONDITIONS: Mapping[ImpulseEffect, Mapping[Condition, int]] = MappingProxyType(
    {
        ImpulseEffect.IRRITATE: MappingProxyType({Condition.IRRITATED: 2}),
        ImpulseEffect.DISTRACT: MappingProxyType({Condition.DISTRACTED: 1}),
    }
)


def effect_duration(effect: ImpulseEffect) -> DurationRule | None:
    """Return how long an effect lasts for the creature it affects, None if instant.

    Cover and ignoring the environment: until the start of the character's next turn
    (E-OPEN-4). Irritiert and Abgelenkt: until the end of the target's next turn.
    """
    return _DURATIONS.get(effect)


def target_conditions(effect: ImpulseEffect) -> Mapping[Condition, int]:
    """Return the conditions (with counts) the effect gives its target."""
    return _TARGET_CONDITIONS.get(effect, MappingProxyType({}))


def apply_to_target(effect: ImpulseEffect, held: Held) -> ConditionSet:
    """Return the target's conditions after the effect (Irritiert twice, or Abgelenkt)."""
    result = as_condition_set(held)
    if not effect.needs_target_in_sight:
        raise ValueError(f"{effect.name} has no target creature")
    for condition, n in target_conditions(effect).items():
        result = result.add(condition, n)
    return result


def granted_cover(effect: ImpulseEffect) -> Cover | None:
    """Return the cover the effect grants: Teildeckung for E-IMP-EFF-COVER."""
    return Cover.PARTIAL if effect is ImpulseEffect.COVER else None
