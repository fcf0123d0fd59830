"""The Vergleichsprobe and the initiative order (W-ATK-2..4, W-INIT-1..3, D-15).

D-15 (W-OPEN-1 reading a): each side rolls 1d100 against its PW (attribute plus
modifiers, not clamped); margin = PW - roll; the attacker wins iff its margin is
greater; a tie goes to the defender. The text names no doubles or criticals, so a roll
has no special faces. Initiative orders by margin, high first; ties re-roll (W-OPEN-2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.board.dice import Roller

#: The die of every Vergleichsprobe (D-15).
DIE_SIDES = 100

K = TypeVar("K")


@dataclass(frozen=True)
class Side:
    """One side's part of a Vergleichsprobe: its PW and its roll."""

    test_value: int
    roll: int

    @property
    def margin(self) -> int:
        """Return PW minus roll (negative when the roll is above the PW)."""
        return self.test_value - self.roll

    @property
    def succeeded(self) -> bool:
        """Return whether the roll is at most the PW."""
        return self.roll <= self.test_value


@dataclass(frozen=True)
class Comparison:
    """The outcome of one Vergleichsprobe between an attacker and a defender."""

    attacker: Side
    defender: Side
    attacker_wins: bool


def attacker_wins(
    attacker: Side, defender: Side, *, require_attacker_success: bool = False
) -> bool:
    """Return whether the attacker wins: greater margin, a tie to the defender (D-15).

    ``require_attacker_success`` adds reading (b)'s condition roll <= PW (W-OPEN-1,
    default off)."""
    if require_attacker_success and not attacker.succeeded:
        return False
    return attacker.margin > defender.margin


def compare(
    attacker_pw: int,
    defender_pw: int,
    roller: Roller,
    *,
    require_attacker_success: bool = False,
) -> Comparison:
    """Roll the attacker's d100, then the defender's, and compare (W-ATK-2, D-15)."""
    attacker = Side(attacker_pw, roller.roll(DIE_SIDES))
    defender = Side(defender_pw, roller.roll(DIE_SIDES))
    wins = attacker_wins(attacker, defender, require_attacker_success=require_attacker_success)
    return Comparison(attacker, defender, wins)


def initiative_order(
    mind_values: Mapping[K, int], roller: Roller, *, max_rerolls: int = 1000
) -> list[K]:
    """Return the participants, first to act first, by a Geist comparison (W-INIT-1/2).

    Each rolls 1d100 in the mapping's order; a higher margin acts earlier; a tied block
    re-rolls among itself and keeps its place (W-OPEN-2, D-15). Raise ValueError after
    ``max_rerolls`` rounds of ties (only a broken roller can get there)."""
    return _order(list(mind_values), mind_values, roller, max_rerolls)


def _order(keys: Sequence[K], mind: Mapping[K, int], roller: Roller, budget: int) -> list[K]:
    """Order ``keys`` by fresh margins; re-roll each tied block recursively."""
    if len(keys) <= 1:
        return list(keys)
    if budget <= 0:
        raise ValueError("initiative ties did not resolve: the roller repeats itself")
    margins = {key: mind[key] - roller.roll(DIE_SIDES) for key in keys}
    result: list[K] = []
    for margin in sorted(set(margins.values()), reverse=True):
        block = [key for key in keys if margins[key] == margin]
        result.extend(block if len(block) == 1 else _order(block, mind, roller, budget - 1))
    return result
