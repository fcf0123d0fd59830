"""How each side's creatures look on paper, and the short name printed in a token.

Pure values, no PDF library: a colour for colour printers and, for black-and-white
ones, a number, an outline dash and an optional second ring per side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.missions.model import Side

__all__ = ["UNKNOWN_SIDE", "SideStyle", "creature_initials", "side_styles"]


@dataclass(frozen=True)
class SideStyle:
    """How one side's creatures look on paper: colour for colour printers, the rest for B/W."""

    code: str  # printed in every token of the side ("1", "2", …)
    colour: tuple[float, float, float]
    dash: tuple[float, ...] | None  # outline dash pattern, None for solid
    double: bool  # a second, inner ring


_OUTLINES: tuple[tuple[tuple[float, ...] | None, bool], ...] = (
    (None, False),
    ((4.0, 2.0), False),
    (None, True),
    ((1.0, 1.6), False),
    ((6.0, 2.0, 1.0, 2.0), False),
    ((4.0, 2.0), True),
)

#: The style of a creature whose side the mission does not list.
UNKNOWN_SIDE = SideStyle("?", (0.0, 0.0, 0.0), (1.0, 1.0), False)


def _parse_colour(text: str) -> tuple[float, float, float]:
    value = text.strip().lstrip("#")
    if len(value) != 6:
        return (0.0, 0.0, 0.0)
    try:
        red, green, blue = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return (0.0, 0.0, 0.0)
    return (red / 255, green / 255, blue / 255)


def side_styles(sides: Sequence[Side]) -> dict[str, SideStyle]:
    """Return each side's print style: its colour, a number and an outline of its own."""
    styles = {}
    for index, side in enumerate(sides):
        dash, double = _OUTLINES[index % len(_OUTLINES)]
        styles[side.key] = SideStyle(str(index + 1), _parse_colour(side.colour), dash, double)
    return styles


def creature_initials(name: str) -> str:
    """Return the short name printed in a token: "Likron" -> "Li", "Dretop-Pirat 2" -> "DP2"."""
    words = [w for w in name.replace("-", " ").replace("_", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        word = words[0]
        return word if word.isdigit() else word[:2]
    parts = [w if w.isdigit() else w[0].upper() for w in words]
    return "".join(parts)[:4]
