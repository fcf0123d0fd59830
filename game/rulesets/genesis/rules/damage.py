"""Genesis damage: SP after armour, doubling above WS, knock-out and LE limits."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller, roll_dice

UNCONSCIOUS_SHARE = 0.15


class LifeState(Enum):
    """Where a combatant's LE stands against its limits."""

    FIGHTING = "fighting"
    UNCONSCIOUS = "unconscious"
    FATALLY_WOUNDED = "fatally_wounded"


def net_damage(tp: int, rs: int) -> int:
    """Return SP = TP - RS, never below 0 (G-OPEN-6)."""
    return max(0, tp - rs)


def le_loss(sp: int, ws: int) -> int:
    """Return the LE lost: points above WS count twice."""
    return sp + max(0, sp - ws)


def knocked_out(sp: int, ws: int) -> bool:
    """Return whether SP (before doubling) exceed three times WS (D-16)."""
    return sp > 3 * ws


@dataclass(frozen=True)
class Limits:
    """The unconsciousness threshold and the death limit of one combatant."""

    unconscious_below: float
    death_below: int


def limits(max_le: int, self_control_x: int = 0) -> Limits:
    """Return the LE limits; a Selbstbeherrschung X lowers both by X (G-OPEN-7)."""
    return Limits(max_le * UNCONSCIOUS_SHARE - self_control_x, -self_control_x)


def life_state(le: int, bounds: Limits) -> LifeState:
    """Return the state for current LE: below the death limit first."""
    if le < bounds.death_below:
        return LifeState.FATALLY_WOUNDED
    if le < bounds.unconscious_below:
        return LifeState.UNCONSCIOUS
    return LifeState.FIGHTING


def self_control_x(value: int, roll: int) -> int:
    """Return X of a Selbstbeherrschung test: value // 10 on success, else 0."""
    return value // 10 if roll <= value else 0


def fall_dice(height_m: float) -> tuple[int, int]:
    """Return (number of d20, flat TP) for a fall; no damage below 1 m (G-OPEN-19)."""
    h = int(height_m)
    if h < 1:
        return (0, 0)
    if h >= 200:
        return (5, 200)
    return (min(5, h // 5 + 1), h)


def fall_tp(roller: Roller, height_m: float, kbh_modifier: int = 0) -> int:
    """Roll the fall TP; the KBH modifier lowers them, never below 0."""
    count, flat = fall_dice(height_m)
    if count == 0:
        return 0
    return max(0, sum(roll_dice(roller, count, 20)) + flat - kbh_modifier)


def fall_kbh_modifier(kbh: int, roll: int) -> int:
    """Return trunc((KBH - 20 - roll) / 5): positive lowers the fall TP."""
    return int((kbh - 20 - roll) / 5)
