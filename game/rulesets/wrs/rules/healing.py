"""Bleeding out and mundane healing, checked after the battle (W-HEAL-1..5, W-OPEN-10).

Nothing here runs during a battle: there is no round duration to map minutes onto.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rulesets.wrs.rules.terms import Skill

#: Minutes until an untreated wound kills, "etwa 10 Minuten" (W-HEAL-1).
BLEED_OUT_MINUTES = 10
#: The skill and level that stops bleeding (W-HEAL-3).
FIRST_AID = Skill.MEDICINE_FIRST_AID
FIRST_AID_LEVEL = 1
#: Weeks until treated wounds heal, "etwa 2–3 Wochen" (W-HEAL-4).
HEAL_WEEKS = (2, 3)


@dataclass(frozen=True)
class WoundCare:
    """A character's wounds after the battle: how many, how many treated."""

    wounds: int
    treated: int = 0

    def __post_init__(self) -> None:
        """Refuse counts that are negative or treat more wounds than there are."""
        if not 0 <= self.treated <= self.wounds:
            raise ValueError(f"treated wounds must lie in 0..{self.wounds}, got {self.treated}")

    @property
    def bleeding(self) -> bool:
        """Return whether an untreated wound is left: only treating all stops it
        (W-HEAL-1, W-HEAL-2)."""
        return self.treated < self.wounds


def can_treat(skill_levels: Mapping[Skill, int]) -> bool:
    """Return whether a character may press or bandage wounds (W-HEAL-3)."""
    return skill_levels.get(FIRST_AID, 0) >= FIRST_AID_LEVEL


def treat_all(care: WoundCare) -> WoundCare:
    """Bandage every wound: the bleeding stops (W-HEAL-2, W-HEAL-3)."""
    return WoundCare(care.wounds, care.wounds)


def bleeds_to_death(care: WoundCare, minutes_untreated: float) -> bool:
    """Return whether a wound left untreated for ``minutes_untreated`` kills
    (W-HEAL-1; "etwa" read as exactly 10, W-OPEN-10)."""
    return care.bleeding and minutes_untreated >= BLEED_OUT_MINUTES
