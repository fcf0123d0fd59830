"""The attack procedures as data and their rolls: ranged, melee (E-RANGED-*, E-MELEE-*)
and the duel (E-DUEL-*, E-OPEN-48).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from game.board.dice import Roller
from game.rulesets.entaria.rules.checks import Roll, success_roll

# ---------------------------------------------------------------- attack procedures

RANGED_ATTACK_STEPS: tuple[tuple[str, str], ...] = (
    ("E-RANGED-1", "The weapon must be usable in ranged combat."),
    ("E-RANGED-2", "Check the range to the target (range bands, section 9)."),
    ("E-RANGED-3", "Check the target's cover (section 10)."),
    ("E-RANGED-4", "Roll Fernkampf against the target's Rettungswert Ausweichen."),
    ("E-RANGED-5", "A failed roll misses; a success determines damage (section 13)."),
    ("E-RANGED-6", "A natural 20 is a critical success, a natural 1 a critical failure."),
)

MELEE_ATTACK_STEPS: tuple[tuple[str, str], ...] = (
    ("E-MELEE-1", "Attack with a weapon usable in melee; unarmed attacks count as melee."),
    ("E-MELEE-2", "The target must be within melee reach (an adjacent field)."),
    ("E-MELEE-3", "Roll Nahkampf against the target's Rettungswert Ausweichen."),
    ("E-MELEE-4", "A failed roll misses; a success determines damage including NSB."),
    ("E-MELEE-5", "A natural 20 is a critical success, a natural 1 a critical failure."),
)


def resolve_attack_roll(
    attack_value: int, dodge: int, roller: Roller, *, edge: int = 0, modifier: int = 0
) -> Roll:
    """Roll an attack: kept d20 + attack value + WM against the target's Ausweichen.

    A kept natural 20 hits and a natural 1 misses whatever the total (E-RANGED-4..6,
    E-MELEE-3..5, D-3).
    """
    return success_roll(attack_value, dodge, roller, edge=edge, modifier=modifier)


# -------------------------------------------------------------------------- duels

DuelParty = Literal["a", "b"]

DUEL_STEPS: tuple[tuple[str, str], ...] = (
    ("E-DUEL-1", "The duel takes place outside, and independently of, a combat round."),
    ("E-DUEL-2", "Only weapons with WG at most the duellist's KG."),
    ("E-DUEL-3", "Both roll Reflexe; the higher result fires first, once (ties: reroll)."),
    ("E-DUEL-4", "Then the other party fires once."),
    ("E-DUEL-5", "The duel ends; a normal combat round may follow."),
)

#: Rerolls of a tied duel before the roller is taken to be broken.
MAX_DUEL_ROLLS = 1000


@dataclass(frozen=True)
class DuelOrder:
    """Who draws first in a duel, with every pair of Reflexe rolls (a, b) made."""

    first: DuelParty
    rolls: tuple[tuple[Roll, Roll], ...]

    @property
    def second(self) -> DuelParty:
        return "b" if self.first == "a" else "a"

    @property
    def shots(self) -> tuple[DuelParty, DuelParty]:
        """Return the firing order: each party fires once (E-DUEL-3, E-DUEL-4)."""
        return (self.first, self.second)


def duel_order(
    reflexes_a: int,
    reflexes_b: int,
    roller: Roller,
    *,
    edge_a: int = 0,
    edge_b: int = 0,
) -> DuelOrder:
    """Roll Reflexe for both duellists; the higher total draws first (E-DUEL-3).

    Equal totals are rerolled by both until they differ (E-OPEN-48). ``duel_draw`` with
    bare rolls of the given values; the engine rolls each as the creature's check.
    """
    return duel_draw(
        lambda: (
            success_roll(reflexes_a, None, roller, edge=edge_a),
            success_roll(reflexes_b, None, roller, edge=edge_b),
        )
    )


def duel_draw(roll_pair: Callable[[], tuple[Roll, Roll]]) -> DuelOrder:
    """Roll pairs of Reflexe (a, b) with ``roll_pair`` until one is higher (E-DUEL-3).

    Equal totals are rolled again by both (E-OPEN-48), at most ``MAX_DUEL_ROLLS`` times.
    """
    rolls: list[tuple[Roll, Roll]] = []
    for _ in range(MAX_DUEL_ROLLS):
        roll_a, roll_b = roll_pair()
        rolls.append((roll_a, roll_b))
        first = duel_leader(roll_a, roll_b)
        if first is not None:
            return DuelOrder(first=first, rolls=tuple(rolls))
    raise RuntimeError(f"the duel stayed tied after {MAX_DUEL_ROLLS} rolls; the roller is stuck")


def duel_leader(roll_a: Roll, roll_b: Roll) -> DuelParty | None:
    """Return who draws first after one pair of Reflexe rolls; None: tied, roll again.

    The higher total draws first (E-DUEL-3); equal totals are rerolled (E-OPEN-48). The
    engine's duel rolls each Reflexe as the creature's check (D-3) and asks this.
    """
    if roll_a.total == roll_b.total:
        return None
    return "a" if roll_a.total > roll_b.total else "b"


def duel_second_shot(*, incapacitated: bool, dead: bool) -> bool:
    """Return whether the slower duellist still fires (E-DUEL-4, E-OPEN-48)."""
    return not (incapacitated or dead)


def weapon_allowed_in_duel(weapon_size: int, size_category: int) -> bool:
    """Return whether a weapon may be used in a duel: WG <= KG (E-DUEL-2)."""
    return weapon_size <= size_category
