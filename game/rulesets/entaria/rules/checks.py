"""Success rolls (Erfolgswürfe): d20 + value + WM against a target (D-2, D-3).

Vorteil and Nachteil are counted into an *edge* n (D-2, E-OPEN-1): n > 0 rolls
1 + n d20 and keeps the highest, n < 0 rolls 1 + |n| d20 and keeps the lowest.
Crits are read from the kept die (E-OPEN-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller

D20 = 20
STANDARD_TARGET = 15  # "ZW 15", the chapter's default difficulty


class Crit(Enum):
    """A critical result, read from the kept d20 (E-CORE-CRIT-1/2)."""

    SUCCESS = "success"
    FAILURE = "failure"


@dataclass(frozen=True)
class Roll:
    """The full record of one success roll: every die, the kept one, the result."""

    dice: tuple[int, ...]
    kept: int
    total: int
    target: int | None
    success: bool | None
    crit: Crit | None

    @property
    def is_critical_success(self) -> bool:
        return self.crit is Crit.SUCCESS

    @property
    def is_critical_failure(self) -> bool:
        return self.crit is Crit.FAILURE


def net_edge(advantages: int = 0, disadvantages: int = 0) -> int:
    """Return the edge n: each Vorteil +1, each Nachteil -1 (D-2, E-CORE-ADVDIS-1)."""
    if advantages < 0 or disadvantages < 0:
        raise ValueError("counts of Vorteil and Nachteil cannot be negative")
    return advantages - disadvantages


def roll_d20_with_edge(roller: Roller, edge: int = 0) -> tuple[tuple[int, ...], int]:
    """Roll 1 + |edge| d20 and return (all dice, kept die) (D-2, E-CORE-ADV-1, E-CORE-DIS-1)."""
    dice = tuple(roller.roll(D20) for _ in range(1 + abs(edge)))
    kept = max(dice) if edge > 0 else min(dice)
    return dice, kept


def crit_of(kept: int) -> Crit | None:
    """Return the crit a kept d20 shows: 20 success, 1 failure (D-3)."""
    if kept == D20:
        return Crit.SUCCESS
    if kept == 1:
        return Crit.FAILURE
    return None


def success_roll(
    value: int,
    target: int | None,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a check: kept d20 + value + modifier >= target (D-3, E-CORE-ROLL-1/2).

    A kept natural 20 always succeeds and a kept natural 1 always fails, whatever
    the total. ``target=None`` is an open roll (initiative): success is None.
    """
    dice, kept = roll_d20_with_edge(roller, edge)
    total = kept + value + modifier
    crit = crit_of(kept)
    success: bool | None
    if target is None:
        success = None
    elif crit is Crit.SUCCESS:
        success = True
    elif crit is Crit.FAILURE:
        success = False
    else:
        success = total >= target
    return Roll(dice=dice, kept=kept, total=total, target=target, success=success, crit=crit)


def saving_throw(
    attribute_value: int,
    target: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a Rettungswurf: a check made by the affected creature (section 0)."""
    return success_roll(attribute_value, target, roller, edge=edge, modifier=modifier)


def check_against_save(
    value: int,
    save_value: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll a check against another creature's Rettungswert used as ZW (E-CORE-SAVE-1)."""
    return success_roll(value, save_value, roller, edge=edge, modifier=modifier)


def automatic_failure(target: int | None) -> Roll:
    """Return the record of a check that fails without a roll (E-OPEN-31: Blind, Stumm, Taub)."""
    return Roll(dice=(), kept=0, total=0, target=target, success=False, crit=None)


def impulse_gain(roll: Roll, *, rolled_by_player_character: bool) -> int:
    """Return how many Impuls a roll adds to the group pool (E-IMP-3, D-3, E-OPEN-3).

    Every crit, success or failure, rolled for a player character adds one;
    enemies' and NPCs' crits add nothing.
    """
    return 1 if roll.crit is not None and rolled_by_player_character else 0


# ------------------------------------------------------------------ one roll, several targets
def roll_beats(roll: Roll, target: int) -> bool:
    """Return whether ``roll`` succeeds against ``target``: a natural 20 or 1 decides (D-3).

    For one roll compared with several Rettungswerte (E-OPEN-50: Verbergen, Stehlen). A
    check that failed without a roll (E-OPEN-31) beats nothing.
    """
    if roll.crit is Crit.SUCCESS:
        return True
    if roll.crit is Crit.FAILURE or not roll.dice:
        return False
    return roll.total >= target


def compare_with_each(roll: Roll, targets: dict[str, int]) -> dict[str, bool]:
    """Return, for each observer key, whether the one roll beats its value (E-OPEN-50)."""
    return {observer: roll_beats(roll, value) for observer, value in targets.items()}
