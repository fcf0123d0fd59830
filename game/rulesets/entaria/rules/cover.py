"""What a cover level does to a ranged attack (E-COVER-3/4/5)."""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cover
from game.rulesets.entaria.rules.terms import ArmorCategory


@dataclass(frozen=True)
class CoverBonus:
    """What a cover level does to a ranged attack (E-COVER-3/4/5).

    ``dodge`` and ``armour`` are added to the target's Ausweichen and Panzerung;
    ``attacker_edge`` is the attacker's Vorteil (+) / Nachteil (-) count (D-2). The
    armour is Deckungspanzerung for stacking (E-COVER-5, E-ARMOR-CAT-COVER).
    """

    dodge: int
    armour: int
    attacker_edge: int
    category: ArmorCategory = ArmorCategory.COVER


_BONUS = {
    Cover.NONE: CoverBonus(0, 0, 0),
    Cover.PARTIAL: CoverBonus(2, 2, 0),  # E-COVER-3
    Cover.FULL: CoverBonus(5, 5, -1),  # E-COVER-4
}


def cover_bonus(level: Cover) -> CoverBonus:
    """Return the bonuses a cover level gives (E-COVER-3: +2/+2; E-COVER-4: +5/+5, Nachteil)."""
    return _BONUS[Cover(level)]
