"""Genesis time: KR numbering, initiative rounds, AKR/BKR and the GW split."""

from __future__ import annotations

import math
from enum import Enum
from statistics import fmean

from game.board.dice import Roller


class RoundKind(Enum):
    """What a KR is: one of the two initiative rounds, or an alpha / beta round."""

    INI_1 = "ini_1"
    INI_2 = "ini_2"
    ALPHA = "alpha"
    BETA = "beta"


def round_kind(kr: int) -> RoundKind:
    """Return the kind of KR ``kr`` (1-based): KR 3 is the first AKR."""
    if kr < 1:
        raise ValueError(f"combat rounds count from 1, got {kr}")
    if kr <= 2:
        return RoundKind.INI_1 if kr == 1 else RoundKind.INI_2
    return RoundKind.ALPHA if kr % 2 == 1 else RoundKind.BETA


def seconds_of(kr: int) -> tuple[int, int]:
    """Return the two seconds of KR ``kr``: 2k-1 and 2k."""
    return (2 * kr - 1, 2 * kr)


def spell_effect_second(casting_seconds: float) -> int:
    """Return the second a spell takes effect: the one after its casting ends."""
    return math.ceil(casting_seconds) + 1


def kr_of_second(second: int) -> int:
    """Return the KR containing ``second``."""
    return (second + 1) // 2


def gw_split(gw: float, more_first: bool) -> tuple[float, float]:
    """Split GW over two KRs as evenly as whole actions allow (GW 5 -> 3 + 2)."""
    whole = math.floor(gw)
    low, high = float(whole // 2), float(whole - whole // 2)
    low += gw - whole  # the half action evens out the split (7.5 -> 4 + 3.5, G-OPEN-4)
    low, high = sorted((low, high))
    return (high, low) if more_first else (low, high)


def declaration_order_ini1(initiatives: dict[str, int]) -> tuple[str, list[str]]:
    """Return (the passive slowest, declaration order from second slowest up) for KR 1."""
    ordered = sorted(initiatives, key=lambda name: initiatives[name])
    return ordered[0], ordered[1:]


def declaration_order_ini2(initiatives: dict[str, int]) -> list[str]:
    """Return the KR 2 declaration order: fastest first (G-OPEN-22)."""
    return sorted(initiatives, key=lambda name: -initiatives[name])


def may_attack_in_ini1(attacker_ini: int, target_ini: int) -> bool:
    """Return whether an attack in KR 1 is allowed: only on lower initiative."""
    return target_ini < attacker_ini


def group_initiative(results: list[int]) -> float:
    """Return a side's group INI: the mean of its members' results."""
    return fmean(results)


def group_winner(a: list[int], b: list[int], roller: Roller) -> int:
    """Return 0 if side a wins the group INI, 1 for side b; a tie is a coin flip."""
    ga, gb = group_initiative(a), group_initiative(b)
    if ga != gb:
        return 0 if ga > gb else 1
    return 0 if roller.roll(2) == 1 else 1


def first_declarer(kr: int, ini_winner: int) -> int:
    """Return the side that declares first in an AKR/BKR: the one without advantage."""
    kind = round_kind(kr)
    if kind is RoundKind.ALPHA:
        return 1 - ini_winner
    if kind is RoundKind.BETA:
        return ini_winner
    raise ValueError("initiative rounds declare by INI order, not by side")


def must_shift(kr: int, side: int, ini_winner: int) -> bool:
    """Return whether attacking in this AKR/BKR costs a shift (it is the side's PA round)."""
    return first_declarer(kr, ini_winner) == side
