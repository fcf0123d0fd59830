"""Armour (Panzerung, section 17; D-4, E-OPEN-36): which pieces count, their side effects."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.board.grid import Cover
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.terms import ArmorCategory

__all__ = [
    "BLOCKING_STANCE_ARMOUR",
    "SPACE_SUIT_DON_ROUNDS",
    "ArmourEffects",
    "ArmourPiece",
    "armour_side_effects",
    "armoured_bew",
    "armoured_dodge",
    "blocking_stance_bonus",
    "doff_armor_rounds",
    "don_armor_rounds",
    "effective_armour",
]


#: Blockadehaltung: Panzerung +2 against melee attacks (E-ACT-VH-BLOCKADE).
BLOCKING_STANCE_ARMOUR = 2
#: A space suit takes two rounds to don (E-ACT-LH-PANZERUNG-2).
SPACE_SUIT_DON_ROUNDS = 2


@dataclass(frozen=True)
class ArmourPiece:
    """One source of Panzerung and its category (E-ARMOR-CAT-*).

    ``movement``, ``initiative`` and ``dodge`` are the item's side effects (E-ARMOR-2,
    input data; usually negative).
    """

    value: int
    category: ArmorCategory
    name: str = ""
    movement: int = 0
    initiative: int = 0
    dodge: int = 0

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError(f"armour value cannot be negative, got {self.value} ({self.name})")


def effective_armour(
    pieces: Iterable[ArmourPiece], *, cover: Cover = Cover.NONE, situational: int = 0
) -> int:
    """Return the Panzerung that counts: the highest per category, categories added.

    The same category does not stack (E-ARMOR-STACK-1; the highest counts, E-OPEN-36);
    categories add (E-ARMOR-STACK-2). Cover's armour (``cover.cover_bonus``) is
    Deckungspanzerung and competes with shields (E-ARMOR-CAT-COVER, E-COVER-5).
    ``situational`` (Blockadehaltung +2 against melee, E-ACT-VH-BLOCKADE) lies outside
    the categories and always adds (E-OPEN-36).
    """
    best: dict[ArmorCategory, int] = {}
    for piece in pieces:
        best[piece.category] = max(best.get(piece.category, 0), piece.value)
    bonus = cover_bonus(cover)  # E-COVER-3/4: +2 / +5, as Deckungspanzerung
    best[bonus.category] = max(best.get(bonus.category, 0), bonus.armour)
    return sum(best.values()) + situational


def blocking_stance_bonus(*, blocking: bool, melee: bool) -> int:
    """Return the situational armour of Blockadehaltung: +2 against melee (E-ACT-VH-BLOCKADE)."""
    return BLOCKING_STANCE_ARMOUR if blocking and melee else 0


@dataclass(frozen=True)
class ArmourEffects:
    """The summed side effects of worn armour on other values (E-ARMOR-2)."""

    movement: int = 0
    initiative: int = 0
    dodge: int = 0


def armour_side_effects(pieces: Iterable[ArmourPiece]) -> ArmourEffects:
    """Return the side effects of every piece worn.

    Side effects add up even where the protection does not stack: two vests give the
    armour of one but weigh like two (E-ARMOR-2 with E-ARMOR-STACK-1).
    """
    movement = initiative = dodge = 0
    for piece in pieces:
        movement += piece.movement
        initiative += piece.initiative
        dodge += piece.dodge
    return ArmourEffects(movement=movement, initiative=initiative, dodge=dodge)


def armoured_bew(bew: int, effects: ArmourEffects) -> int:
    """Return BEW with the armour's change, not below 0 (E-ARMOR-2).

    "Panzerung können auch, oft negativ, die Attribute wie Bewegung, Initiative oder
    Ausweichen des Charakters verändern." This is the BEW every movement allowance starts
    from; conditions and halvings come after it (``rules.movement.movement_allowance``).
    """
    return max(0, bew + effects.movement)


def armoured_dodge(dodge: int, effects: ArmourEffects) -> int:
    """Return the Rettungswert Ausweichen with the armour's change, not below 0 (E-ARMOR-2).

    Conditions, cover and Ausweichbewegung come after it (``condition_rolls.dodge_value``).
    Decision (the book is silent): like BEW, armour alone does not take it below 0.
    """
    return max(0, dodge + effects.dodge)


# --- Donning and doffing (E-ACT-LH-PANZERUNG-*) ----------------------------------------------


def don_armor_rounds(paz: int, *, space_suit: bool = False) -> int:
    """Return the rounds donning takes: PAZ rounds, a space suit 2 (E-ACT-LH-PANZERUNG-1/2).

    An LH takes at least one round, so armour with PAZ 0 takes 1.
    """
    if space_suit:
        return SPACE_SUIT_DON_ROUNDS
    if paz < 0:
        raise ValueError(f"PAZ cannot be negative, got {paz}")
    return max(1, paz)


def doff_armor_rounds(paz: int, *, space_suit: bool = False) -> int:
    """Return the rounds doffing takes: ceil(donning / 2), minimum 1 (E-ACT-LH-PANZERUNG-3).

    E-OPEN-12 rounds the half up.
    """
    donning = don_armor_rounds(paz, space_suit=space_suit)
    return max(1, math.ceil(donning / 2))
