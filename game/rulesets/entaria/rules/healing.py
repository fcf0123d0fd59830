"""Healing and its limits: healed LP, rest, Stabiles Koma, Stabilisieren and Wiederbeleben.

Sterbend gains nothing from healing (E-COND-STERBEND-2); a rest at 0 LP gives exactly 1
(E-OPEN-34); Stabilisieren takes the target's negative LP as WM and Wiederbeleben -1 per
full minute dead (E-OPEN-35). The life states themselves are damage.py's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, success_roll
from game.rulesets.entaria.rules.damage import LifeState, life_state
from game.rulesets.entaria.rules.terms import Condition

__all__ = [
    "NANO_HEAL_DIE",
    "RevivalCost",
    "heal",
    "nano_healing",
    "rest_lp",
    "revival_cost",
    "revive",
    "revive_modifier",
    "stabilize",
    "stabilize_modifier",
    "stable_coma_ends",
]


def heal(lp: int, amount: int, *, dying: bool, max_lp: int | None = None) -> int:
    """Return the LP after healing ``amount``; Sterbend gains nothing (E-COND-STERBEND-2)."""
    if amount < 0:
        raise ValueError(f"healing is never negative, got {amount}")
    if dying:
        return lp
    healed = lp + amount
    return healed if max_lp is None else min(healed, max(max_lp, lp))


def rest_lp(lp: int, constitution: int, *, max_lp: int | None = None) -> int:
    """Return the LP after a rest: exactly 1 at 0 LP (E-LP-2, E-OPEN-34), else + Kon (E-REST-1)."""
    if lp == 0:
        return 1
    healed = lp + constitution
    return healed if max_lp is None else min(healed, max(max_lp, lp))


def stable_coma_ends(lp: int) -> bool:
    """Return whether Stabiles Koma ends: only at 1 LP or more (E-COND-STABILESKOMA-2).

    While it lasts the creature has Bewusstlos (E-COND-STABILESKOMA-1); when it ends
    the creature gets Erschöpft (E-COND-STABILESKOMA-3, see ``STABLE_COMA_END_CONDITION``).
    """
    return lp >= 1


#: Stabiles Koma brings Bewusstlos (E-COND-STABILESKOMA-1).
STABLE_COMA_CONDITIONS: frozenset[Condition] = frozenset(
    {Condition.STABLE_COMA, Condition.UNCONSCIOUS}
)
#: Gained when Stabiles Koma ends (E-COND-STABILESKOMA-3).
STABLE_COMA_END_CONDITION = Condition.EXHAUSTED


# --- Stabilisieren and Wiederbeleben (E-ACT-VH-STABILISIEREN-*, E-ACT-LH-WIEDERBELEBEN-*) ----


def stabilize_modifier(lp: int) -> int:
    """Return the WM for Stabilisieren: the target's negative LP (E-ACT-VH-STABILISIEREN-1).

    Only a Sterbend creature (LP -1..-9, D-5) can be stabilised; any other LP raise
    ValueError: at 0 or more there is nothing to stabilise, at -10 or less it is Tod.
    """
    if life_state(lp) is not LifeState.DYING:
        raise ValueError(f"only a Sterbend creature (LP -1..-9) is stabilised, got LP {lp}")
    return lp


def stabilize(
    intelligence: int, target_lp: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll Stabilisieren: Intelligenz vs ZW 15, the target's LP as WM (E-OPEN-35: Intelligenz)."""
    return success_roll(
        intelligence,
        STANDARD_TARGET,
        roller,
        edge=edge,
        modifier=modifier + stabilize_modifier(target_lp),
    )


def revive_modifier(minutes_dead_at_start: float) -> int:
    """Return the Wiederbeleben WM: -1 per full minute dead when the attempt starts (E-OPEN-35)."""
    if minutes_dead_at_start < 0:
        raise ValueError("minutes dead cannot be negative")
    return -math.floor(minutes_dead_at_start)


@dataclass(frozen=True)
class RevivalCost:
    """What a revival costs (E-ACT-LH-WIEDERBELEBEN-5)."""

    essence_loss: int
    insanity_checks: int


def revival_cost(minutes_dead_at_success: float) -> RevivalCost:
    """Return the Essenz lost and Wahnsinn checks: one each per full minute dead (E-OPEN-35)."""
    if minutes_dead_at_success < 0:
        raise ValueError("minutes dead cannot be negative")
    minutes = math.floor(minutes_dead_at_success)
    return RevivalCost(essence_loss=minutes, insanity_checks=minutes)


#: One attempt at Wiederbeleben takes a minute (E-ACT-LH-WIEDERBELEBEN-3).
REVIVE_ATTEMPT_MINUTES = 1


def revive(
    intelligence: int,
    minutes_dead_at_start: float,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> Roll:
    """Roll Wiederbeleben: Intelligenz vs ZW 15, WM -1 per full minute dead (E-ACT-LH-*-1/2)."""
    return success_roll(
        intelligence,
        STANDARD_TARGET,
        roller,
        edge=edge,
        modifier=modifier + revive_modifier(minutes_dead_at_start),
    )


# --- NanoHeilbot-Boost (E-ACT-LH-NANO) ---------------------------------------------------------

#: A NanoHeilbot-Boost heals 1w6 LP (E-ACT-LH-NANO).
NANO_HEAL_DIE = 6


def nano_healing(roller: Roller) -> int:
    """Roll the LP a NanoHeilbot-Boost heals: 1w6 (E-ACT-LH-NANO).

    Apply them with ``heal`` (a Sterbend creature gains nothing).
    """
    return roller.roll(NANO_HEAL_DIE)
