"""The exact chance that an attacker wins a Vergleichsprobe (W-ATK-3, D-15).

Counted over all 100 x 100 pairs of d100 rolls at once (numpy), so the chance is an
exact Fraction, never a sample.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from game.rulesets.wrs.rules.comparison import DIE_SIDES

_FACES: npt.NDArray[np.int64] = np.arange(1, DIE_SIDES + 1, dtype=np.int64)


def hit_chance(
    attacker_pw: int,
    defender_pw: int,
    *,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    require_attacker_success: bool = False,
) -> Fraction:
    """Return the exact chance that the attacker wins (higher margin; tie to defender).

    PW = base + modifier on each side, not clamped (W-OPEN-1); with
    ``require_attacker_success`` the attacker's roll must also be at most its PW."""
    a = attacker_pw + attacker_modifier
    d = defender_pw + defender_modifier
    attacker_rolls = _FACES[:, np.newaxis]
    defender_rolls = _FACES[np.newaxis, :]
    wins = (a - attacker_rolls) > (d - defender_rolls)
    if require_attacker_success:
        wins &= attacker_rolls <= a
    return Fraction(int(np.count_nonzero(wins)), DIE_SIDES * DIE_SIDES)


def hits_expected(chance: Fraction, hits_on_win: int) -> Fraction:
    """Return the mean hits of one test that scores ``hits_on_win`` hits on a win
    (W-FIRE-TEST, W-BONUS-DUAL-3)."""
    return chance * hits_on_win
