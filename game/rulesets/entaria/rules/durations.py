"""Durations: when a timed effect ends (E-COND-0), as data for the engine.

The one duration vocabulary of the rules: conditions, Impuls effects and the action
catalogue (``ActionRule.duration``) all say how long an effect lasts with a
``DurationRule`` of a ``DurationKind``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller
from game.rulesets.entaria.rules.terms import Attribute

__all__ = ["DurationKind", "DurationRule"]


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
