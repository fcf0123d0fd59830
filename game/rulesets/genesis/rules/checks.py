"""Genesis d100 tests: attack, parry, dodge, penalties and half actions."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.board.dice import Roller

ALLY_PARRY_PENALTY = 30
MAX_ATTACKERS = 6


@dataclass(frozen=True)
class TestResult:
    """One d100 roll against a value: success iff roll <= value (G-OPEN-1)."""

    value: int
    roll: int

    @property
    def success(self) -> bool:
        """Return whether the roll met the value."""
        return self.roll <= self.value

    @property
    def margin(self) -> int:
        """Return value minus roll."""
        return self.value - self.roll


def round_half_up(value: float) -> int:
    """Round halves up (42.5 -> 43), not to even."""
    return math.floor(value + 0.5)


def half_value(value: int) -> int:
    """Return the value of a half action: half, rounded half up (AT 85 -> 43)."""
    return round_half_up(value / 2)


def roll_test(roller: Roller, value: int) -> TestResult:
    """Roll one d100 against ``value``."""
    return TestResult(value, roller.roll(100))


def attack_value(at: int, penalty: int = 0, half: bool = False) -> int:
    """Return the AT target value after a chosen penalty, halved for a half action."""
    value = at - penalty
    return half_value(value) if half else value


def defence_value(
    value: int, attack_penalty: int = 0, for_ally: bool = False, half: bool = False
) -> int:
    """Return the PA/AW target value: the attacker's penalty and the ally malus apply."""
    modified = value - attack_penalty - (ALLY_PARRY_PENALTY if for_ally else 0)
    return half_value(modified) if half else modified


def ally_parry_allowed(parrier_passive: bool, ally_declared_attacks: int) -> bool:
    """Return whether a parry for an ally is allowed (not passive, ally not attacking)."""
    return not parrier_passive and ally_declared_attacks == 0


def attackers_allowed(current_attackers: int, reach_weapon: bool = False) -> bool:
    """Return whether one more melee attacker may join on a target (at most six)."""
    return reach_weapon or current_attackers < MAX_ATTACKERS


def dodge_projectiles(roll: int, thresholds: list[int]) -> list[bool]:
    """Return per projectile of one direction whether one dodge roll avoids it."""
    return [roll <= threshold for threshold in thresholds]
