"""Initiative in blocks (Reihenfolge bestimmen, Q-INIT-*).

Each character rolls base initiative vs ZW 15 once per combat (Q-INIT-1, Q-OPEN-1 A,
Q-OPEN-4). Successes act first in an order their side chooses, then the enemies in the
game master's order, then the failures (Q-INIT-2..7). A natural 20 brings one extra half
action in round 1 (Q-INIT-3). A failed character keeps his penalties for the whole
combat (Q-INIT-8/9, Q-OPEN-1 A); the order is not rolled again (Q-INIT-10).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, impulse_gain, success_roll

__all__ = [
    "INITIATIVE_TARGET",
    "BlockOrder",
    "InitGroup",
    "InitiativeResult",
    "block_order",
    "extra_half_actions",
    "initiative_impulse",
    "next_round_order",
    "roll_block_initiative",
]

K = TypeVar("K", bound=Hashable)

#: "Erfolgswurf Initiative gegen ZW:15" (Q-INIT-1).
INITIATIVE_TARGET = STANDARD_TARGET


class InitGroup(Enum):
    """The block a character acts in (Q-INIT-2, Q-INIT-7)."""

    BEFORE_ENEMIES = "before_enemies"
    AFTER_ENEMIES = "after_enemies"


@dataclass(frozen=True)
class InitiativeResult:
    """One character's initiative roll and what it decides for the combat."""

    roll: Roll

    @property
    def group(self) -> InitGroup:
        """Return the block: success before the enemies, failure after them (Q-INIT-2/7)."""
        return InitGroup.BEFORE_ENEMIES if self.roll.success else InitGroup.AFTER_ENEMIES

    @property
    def failed(self) -> bool:
        """Return whether the roll failed: the Q-INIT-8/9 penalties hold for the combat."""
        return self.group is InitGroup.AFTER_ENEMIES

    @property
    def extra_half_in_round_one(self) -> bool:
        """Return whether a natural 20 gives one extra half action in round 1 (Q-INIT-3)."""
        return self.roll.is_critical_success


def roll_block_initiative(
    base: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> InitiativeResult:
    """Roll d20 + base initiative + WM vs ZW 15 (Q-INIT-1, Q-OPEN-4).

    A natural 20 always succeeds and a natural 1 always fails (ENTARIA's check).
    """
    return InitiativeResult(
        success_roll(base, INITIATIVE_TARGET, roller, edge=edge, modifier=modifier)
    )


def initiative_impulse(result: InitiativeResult, *, player_character: bool = True) -> int:
    """Return the Impuls the initiative roll itself adds to the group pool (D-14).

    A natural 20 or a natural 1 adds one, also when the roll fails: the crit rule feeds
    the group's pool; the failed character only gains none afterwards (Q-INIT-9).
    """
    return impulse_gain(result.roll, rolled_by_player_character=player_character)


def extra_half_actions(result: InitiativeResult, round_number: int) -> int:
    """Return the extra half actions the roll gives in ``round_number`` (Q-INIT-3, Q-OPEN-4).

    One, once, in the first round after a natural 20; none otherwise.
    """
    if round_number < 1:
        raise ValueError(f"rounds count from 1, got {round_number}")
    return 1 if result.extra_half_in_round_one and round_number == 1 else 0


@dataclass(frozen=True)
class BlockOrder:
    """The turn order of one round: three blocks, each in its own order (Q-INIT-2..7)."""

    before: tuple[Hashable, ...]
    enemies: tuple[Hashable, ...]
    after: tuple[Hashable, ...]

    @property
    def turns(self) -> tuple[Hashable, ...]:
        """Return every actor in turn order: successes, enemies, failures (Q-INIT-4/6)."""
        return (*self.before, *self.enemies, *self.after)

    def block_of(self, actor: Hashable) -> InitGroup | None:
        """Return a character's block; None for an enemy (the GM's block)."""
        if actor in self.before:
            return InitGroup.BEFORE_ENEMIES
        if actor in self.after:
            return InitGroup.AFTER_ENEMIES
        return None


def _ordered(
    results: Mapping[K, InitiativeResult], chosen: Sequence[K] | None, group: InitGroup
) -> tuple[Hashable, ...]:
    """Return the block's members in the chosen order (default: roster order)."""
    members = [actor for actor, result in results.items() if result.group is group]
    if chosen is None:
        return tuple(members)
    if set(chosen) != set(members) or len(chosen) != len(members):
        raise ValueError(f"the chosen order {list(chosen)} must name each of {members} once")
    return tuple(chosen)


def block_order(
    results: Mapping[K, InitiativeResult],
    enemies_gm_order: Iterable[Hashable],
    *,
    successes_order: Sequence[K] | None = None,
    failures_order: Sequence[K] | None = None,
) -> BlockOrder:
    """Return the round's order from the characters' rolls (Q-INIT-2..7).

    ``successes_order``: the order the successful characters agree on (Q-INIT-2); the
    enemies follow in the GM's order (Q-INIT-4/5), then the failures (Q-INIT-6/7), by
    default in roster order. A chosen order must name each member of its block once.
    """
    return BlockOrder(
        before=_ordered(results, successes_order, InitGroup.BEFORE_ENEMIES),
        enemies=tuple(enemies_gm_order),
        after=_ordered(results, failures_order, InitGroup.AFTER_ENEMIES),
    )


def next_round_order(
    order: BlockOrder,
    *,
    successes_order: Sequence[Hashable] | None = None,
    enemies_gm_order: Sequence[Hashable] | None = None,
) -> BlockOrder:
    """Return the next round's order: the blocks stay, no new roll (Q-INIT-10, Q-OPEN-1 A).

    The successes may agree a new order among themselves and the GM may reorder the
    enemies; nobody changes block.
    """
    before = order.before
    if successes_order is not None:
        if set(successes_order) != set(before) or len(successes_order) != len(before):
            raise ValueError("a new order of the successes must name the same characters")
        before = tuple(successes_order)
    enemies = order.enemies
    if enemies_gm_order is not None:
        enemies = tuple(enemies_gm_order)
    return BlockOrder(before=before, enemies=enemies, after=order.after)
