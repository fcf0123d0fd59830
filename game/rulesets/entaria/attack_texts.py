"""What an attack roll's text tells the table: its target value and every edge, in words.

The numbers come from the rules (``creature_values``, ``condition_rolls.dodge_value``,
``rules.cover``, the range bands); this module only splits them into the parts a game
master checks at the table: "gegen Ausweichen 12 (Grundwert 14, Panzerung -2,
Teildeckung +2)", "Kernschuss: Nachteil". Parts that add nothing are left out. No rule
IDs here: the texts are player-facing (E-ARMOR-2, E-COVER-3/4, E-RANGE-*).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.board.grid import Cover
from game.rulesets.entaria.creature_values import base_dodge
from game.rulesets.entaria.engine import EVASIVE_MOVE, Battle
from game.rulesets.entaria.rules.condition_rolls import dodge_value
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.held_conditions import Held, as_condition_set, closure, held_rules
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import SaveValue
from game.rulesets.entaria.state import CreatureState

__all__ = [
    "BAND_ENGLISH",
    "COVER_WORDS",
    "TargetValue",
    "attack_dodge",
    "band_cause",
    "edge_cause",
    "edge_words",
]

#: The range bands' names in English (the German ones are ``RangeBand.german``).
BAND_ENGLISH = {
    RangeBand.POINT_BLANK: "point blank",
    RangeBand.NEAR: "near range",
    RangeBand.MEDIUM: "medium range",
    RangeBand.LONG: "long range",
    RangeBand.EXTREME: "extreme range",
}
#: Cover in the book's words, German and English.
COVER_WORDS = {
    Cover.PARTIAL: ("Teildeckung", "partial cover"),
    Cover.FULL: ("Volldeckung", "full cover"),
}


def edge_words(n: int) -> tuple[str, str]:
    """Return "Vorteil" / "Nachteil x2" and the English words for an edge n != 0 (D-2)."""
    times = f" x{abs(n)}" if abs(n) > 1 else ""
    if n > 0:
        return f"Vorteil{times}", f"advantage{times}"
    return f"Nachteil{times}", f"disadvantage{times}"


def edge_cause(n: int, de: str, en: str) -> tuple[str, str]:
    """Return the cause "{de}: Nachteil" and its English for an edge n != 0."""
    word_de, word_en = edge_words(n)
    return f"{de}: {word_de}", f"{en}: {word_en}"


def band_cause(band: RangeBand) -> tuple[str, str]:
    """Return the range band's edge in words: "Kernschuss: Nachteil" (E-RANGE-KERN)."""
    return edge_cause(band.edge, band.german, BAND_ENGLISH[band])


@dataclass(frozen=True)
class TargetValue:
    """An attack's target value and the parts it is made of, in German and English.

    ``parts``: (German, English, change) after the listed Grundwert, each not zero.
    """

    value: int
    listed: int
    parts: tuple[tuple[str, str, int], ...] = ()

    def texts(self) -> tuple[str, str]:
        """Return "Ausweichen 12 (Grundwert 14, Panzerung -2)" and the English."""
        if not self.parts:
            return f"Ausweichen {self.value}", f"Dodge {self.value}"
        de = ", ".join([f"Grundwert {self.listed}", *(f"{d} {n:+d}" for d, _, n in self.parts)])
        en = ", ".join([f"base {self.listed}", *(f"{e} {n:+d}" for _, e, n in self.parts)])
        return f"Ausweichen {self.value} ({de})", f"Dodge {self.value} ({en})"


def _dodge_conditions(held: Held) -> tuple[str, str]:
    """Return the names of the held conditions that change Ausweichen (Geschützt, Erschöpft)."""
    counts = as_condition_set(held)
    named = [
        rule
        for rule in held_rules(closure(counts))
        if rule.dodge_modifier or rule.save_value_per_level
    ]
    de = ", ".join(rule.german for rule in named) or "Zustände"
    en = ", ".join(rule.condition.name.lower().replace("_", " ") for rule in named)
    return de, en or "conditions"


def attack_dodge(
    battle: Battle, target: CreatureState, facing: Held, *, cover: Cover, melee: bool
) -> TargetValue:
    """Return the Ausweichen an attack on ``target`` rolls against, with its parts.

    The value is ``condition_rolls.dodge_value`` of the armoured Ausweichen (E-ARMOR-2)
    with the conditions ``facing`` the attacker, Ausweichbewegung and a ranged attack's
    cover (E-COVER-3/4); each part is the difference one more of them makes.
    """
    listed = battle.creature_type(target).save(SaveValue.DODGE)
    armoured = base_dodge(battle, target)
    evasive = battle.has_effect(target, EVASIVE_MOVE)
    bonus = 0 if melee else cover_bonus(cover).dodge
    held = dodge_value(armoured, facing)
    moved = dodge_value(armoured, facing, evasive_move=evasive)
    total = dodge_value(armoured, facing, evasive_move=evasive, cover_bonus=bonus)
    cover_de, cover_en = COVER_WORDS.get(cover, ("Deckung", "cover"))
    cond_de, cond_en = _dodge_conditions(facing)
    steps: Iterable[tuple[str, str, int]] = (
        ("Panzerung", "armour", armoured - listed),
        (cond_de, cond_en, held - armoured),
        ("Ausweichbewegung", "evasive move", moved - held),
        (cover_de, cover_en, total - moved),
    )
    return TargetValue(total, listed, tuple(step for step in steps if step[2]))
