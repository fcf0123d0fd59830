"""Wounds against the life points a/b/c (W-WOUND-1..4; effects by W-OPEN-10)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rulesets.wrs.rules.terms import WoundState

_LP_TEXT = re.compile(r"\s*(\d{1,4})\s*/\s*(\d{1,4})\s*/\s*(\d{1,4})\s*")


@dataclass(frozen=True)
class LifePoints:
    """The three LP values: wounds to go down, to fall unconscious, to die."""

    down_at: int
    unconscious_at: int
    dead_at: int

    def __post_init__(self) -> None:
        """Refuse values that are not 1 <= a <= b <= c."""
        if not 1 <= self.down_at <= self.unconscious_at <= self.dead_at:
            raise ValueError(
                "life points a/b/c need 1 <= a <= b <= c, got "
                f"{self.down_at}/{self.unconscious_at}/{self.dead_at}"
            )


#: The seed's example: LP 3/4/10 (W-WOUND-E1).
EXAMPLE_LIFE_POINTS = LifePoints(3, 4, 10)


def parse_life_points(text: str) -> LifePoints:
    """Read LP written "a/b/c" (W-WOUND-1); raise ValueError naming what was expected."""
    match = _LP_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"life points must look like '3/4/10', got {text!r}")
    a, b, c = (int(group) for group in match.groups())
    return LifePoints(a, b, c)


def wound_state(wounds: int, life: LifePoints) -> WoundState:
    """Return the state ``wounds`` reach: from a down, from b unconscious, from c dead
    (W-WOUND-2, W-WOUND-3, W-WOUND-4)."""
    if wounds < 0:
        raise ValueError(f"wounds cannot be negative, got {wounds}")
    if wounds >= life.dead_at:
        return WoundState.DEAD
    if wounds >= life.unconscious_at:
        return WoundState.UNCONSCIOUS
    if wounds >= life.down_at:
        return WoundState.DOWN
    return WoundState.FINE


def can_act(state: WoundState) -> bool:
    """Return whether a character in ``state`` is entitled to act (W-ROUND-2,
    W-OPEN-10: down still acts, unconscious and dead do not)."""
    return state in (WoundState.FINE, WoundState.DOWN)


def defends(state: WoundState) -> bool:
    """Return whether a character makes defence tests (W-OPEN-10: not when
    unconscious or dead; attacks on it hit)."""
    return can_act(state)
