"""Defeat at 0 LP (Q-DEFEAT-*, Q-OPEN-14).

An enemy whose LP drop to 0 is Besiegt; the character then decides: kill, convince,
interrogate or stun (an outcome decision the log records, none with a further combat
effect). Player characters follow the full rules' thresholds (ENTARIA's ``life_state``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rulesets.entaria.rules.damage import LifeState, apply_damage, life_state
from game.rulesets.entaria.rules.terms import Text, say

__all__ = [
    "DEFEATED",
    "DefeatOutcome",
    "DefeatRecord",
    "character_state",
    "choose_outcome",
    "enemy_lp_after",
    "is_defeated",
]

#: The state of an enemy at 0 LP (Besiegt, glossary of the quick rules).
DEFEATED = "DEFEATED"


class DefeatOutcome(Enum):
    """What the character decides for a Besiegt enemy (Q-DEFEAT-2, Q-OPEN-14)."""

    KILLED = "KILLED"
    CONVINCED = "CONVINCED"
    INTERROGATED = "INTERROGATED"
    STUNNED = "STUNNED"

    @property
    def label(self) -> Text:
        """Return the player-facing text (de + en)."""
        return _LABELS[self]


_LABELS = {
    DefeatOutcome.KILLED: say("kill", "töten"),
    DefeatOutcome.CONVINCED: say("convince", "überzeugen"),
    DefeatOutcome.INTERROGATED: say("interrogate", "befragen"),
    DefeatOutcome.STUNNED: say("stun", "betäuben"),
}


def enemy_lp_after(lp: int, damage: int) -> int:
    """Return an enemy's LP after damage; they stop at 0 (Q-DMG-3, Q-DEFEAT-1)."""
    return max(0, apply_damage(lp, damage))


def is_defeated(lp: int) -> bool:
    """Return whether an enemy is Besiegt: its LP dropped to 0 (Q-DEFEAT-1)."""
    return lp <= 0


def character_state(lp: int) -> LifeState:
    """Return a player character's state: the full rules' 0 / -1..-9 / -10 (Q-OPEN-14)."""
    return life_state(lp)


@dataclass(frozen=True)
class DefeatRecord:
    """The outcome decision for one defeated enemy, as the log records it (Q-DEFEAT-2)."""

    enemy: str
    outcome: DefeatOutcome
    state: str = DEFEATED


def choose_outcome(enemy: str, lp: int, outcome: DefeatOutcome) -> DefeatRecord:
    """Return the record of the character's decision; only a Besiegt enemy (Q-DEFEAT-2)."""
    if not is_defeated(lp):
        raise ValueError(f"{enemy} still has {lp} LP and is not defeated")
    return DefeatRecord(enemy=enemy, outcome=outcome)
