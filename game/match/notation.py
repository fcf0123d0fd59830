"""How the screen, the log and the CLI write a field and a die: one way everywhere.

A field is "[x, y]" (issue 12, point 7). Dice therefore never stand in square brackets,
which would read as a field: a roll's dice are "w20: 14, 14" (German, the rulebook's
"w") or "d20: 14, 14" (English), a single die inside a sum is "w6 (4)" / "d6 (4)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["dice_text", "die_in_sum", "die_word", "field_text"]


def field_text(cell: Sequence[int]) -> str:
    """Return the field ``cell`` as the table writes it: "[5, 11]"."""
    x, y = cell[0], cell[1]
    return f"[{int(x)}, {int(y)}]"


def die_word(sides: int, language: str) -> str:
    """Return the die's name: "w20" in German, "d20" in English."""
    return f"{'d' if language == 'en' else 'w'}{sides}"


def dice_text(sides: int, values: Iterable[int], language: str) -> str:
    """Return the dice thrown: "w20: 3, 9" ("-" when none were thrown)."""
    shown = ", ".join(str(int(v)) for v in values) or "-"
    return f"{die_word(sides, language)}: {shown}"


def die_in_sum(sides: int, value: int, language: str) -> str:
    """Return one die inside a sum: "w6 (4)" ("SW 3 + w6 (4) - Panzerung 2")."""
    return f"{die_word(sides, language)} ({int(value)})"
