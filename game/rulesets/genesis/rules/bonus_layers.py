"""Genesis bonus layers: which bonuses combine, and the compounded value of one stat.

Reading G-OPEN-17: layers PASSIVE -> COMBAT_ENHANCEMENT -> ACTIVE, KR-active counted in
ACTIVE; per layer value = (value + absolutes) x (1 + percentages / 100); fractions kept,
rounded half up at the end; per stat the best positive and the worst negative enhancement
both apply; of several all-combinable effects on one stat the largest counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.rulesets.genesis.rules.checks import round_half_up


class BonusLayer(Enum):
    """The bonus types of the text."""

    PASSIVE = "passive"
    COMBAT_ENHANCEMENT = "combat_enhancement"
    ACTIVE = "active"
    ROUND_ACTIVE = "round_active"


class Duration(Enum):
    """How long a bonus lasts."""

    LASTING = "lasting"  # weapon bonus, lasting items, permanent abilities
    COMBAT = "combat"  # one combat or several minutes
    ACTION = "action"  # one strike or parry
    SECONDS = "seconds"  # a few seconds, or triggered


_LAYER_OF = {
    Duration.LASTING: BonusLayer.PASSIVE,
    Duration.COMBAT: BonusLayer.COMBAT_ENHANCEMENT,
    Duration.ACTION: BonusLayer.ACTIVE,
    Duration.SECONDS: BonusLayer.ROUND_ACTIVE,
}


def layer_for(duration: Duration) -> BonusLayer:
    """Return the bonus type of a bonus lasting ``duration``."""
    return _LAYER_OF[duration]


@dataclass(frozen=True)
class Bonus:
    """One bonus (or malus, if negative) on one stat."""

    layer: BonusLayer
    stat: str
    absolute: float = 0.0
    percent: float = 0.0
    all_combinable: bool = False
    source: str = ""


def _apply(value: float, bonuses: Sequence[Bonus]) -> float:
    absolute = sum(b.absolute for b in bonuses)
    percent = sum(b.percent for b in bonuses)
    return (value + absolute) * (1 + percent / 100)


def _strength(bonus: Bonus) -> float:
    return _apply(100.0, [bonus]) - 100.0


def counted_enhancements(bonuses: Sequence[Bonus], stat: str) -> list[Bonus]:
    """Return the combat enhancements that count on ``stat``.

    The best positive, the worst negative, and one all-combinable effect (the largest).
    """
    own = [b for b in bonuses if b.stat == stat and b.layer is BonusLayer.COMBAT_ENHANCEMENT]
    plain = [b for b in own if not b.all_combinable]
    extra = [b for b in own if b.all_combinable]
    counted: list[Bonus] = []
    positive = [b for b in plain if _strength(b) > 0]
    negative = [b for b in plain if _strength(b) < 0]
    if positive:
        counted.append(max(positive, key=_strength))
    if negative:
        counted.append(min(negative, key=_strength))
    if extra:
        counted.append(max(extra, key=_strength))
    return counted


def effective_value(base: float, bonuses: Sequence[Bonus], stat: str) -> int:
    """Return ``stat`` after all bonuses on it, compounding the layers in order."""
    mine = [b for b in bonuses if b.stat == stat]
    value = _apply(base, [b for b in mine if b.layer is BonusLayer.PASSIVE])
    value = _apply(value, counted_enhancements(mine, stat))
    active = [b for b in mine if b.layer in (BonusLayer.ACTIVE, BonusLayer.ROUND_ACTIVE)]
    return round_half_up(_apply(value, active))


@dataclass(frozen=True)
class Ability:
    """An active or KR-active ability: its kind, class (e.g. Megaschlag I / II) and flags."""

    kind: str
    klass: int = 1
    all_combinable: bool = False
    repeatable: bool = False


def action_combination_allowed(abilities: Sequence[Ability]) -> bool:
    """Return whether the active abilities may go into one action: one, plus all-combinables."""
    return sum(1 for a in abilities if not a.all_combinable) <= 1


def round_uses_allowed(used_this_kr: Sequence[Ability]) -> bool:
    """Return whether these active abilities fit one KR: one per kind and class."""
    keys = [(a.kind, a.klass) for a in used_this_kr]
    return len(keys) == len(set(keys))


def round_active_combination_allowed(simultaneous: Sequence[Ability]) -> bool:
    """Return whether KR-active abilities may run at the same time: one, plus all-combinables."""
    return action_combination_allowed(simultaneous)


def round_active_available(ability: Ability, used_in_combat: Sequence[Ability]) -> bool:
    """Return whether a KR-active ability may still be used: once per combat unless repeatable."""
    if ability.repeatable:
        return True
    return all((u.kind, u.klass) != (ability.kind, ability.klass) for u in used_in_combat)
