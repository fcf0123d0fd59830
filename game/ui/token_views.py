"""What a token shows: the ruleset's piece plus the screen's colour and rings.

``tokens`` draws them; this module only builds them from the ruleset's views.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.board.grid import Cell
from game.match.views import Mark, Meter, Piece, Views
from game.ui.theme import Colour


@dataclass(frozen=True)
class TokenView:
    """Everything a token shows: the ruleset's piece plus the screen's colour and rings."""

    key: str
    name: str
    initials: str
    colour: Colour
    cell: Cell
    size: int  # side of the square footprint in fields
    facing: str  # "N", "NE", ... "NW"
    meter: Meter | None
    marks: tuple[Mark, ...]
    stance: str  # "standing" | "kneeling" | "prone"
    altitude: int
    life: str  # "ok" | "unconscious" | "dying" | "dead"
    selected: bool = False
    current: bool = False
    hidden: bool = False  # hidden from the other sides: drawn faded for its own side
    art: str = ""  # token art kind (assets/tokens/<art>.svg); "": initials
    image: str = ""  # the mission's picture (relative to its folder); "": none


def _words(name: str) -> list[str]:
    return [p for p in name.replace("-", " ").split() if p]


def short_label(name: str) -> str:
    """Return a creature's short label: first letters of its first and last word.

    "Punk mit Knüppel" -> "PK", "Elro-Sa" -> "ES"; one word gives its first two letters.
    """
    words = _words(name)
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[-1][0]).upper()


def short_labels(names: Mapping[str, str]) -> dict[str, str]:
    """Return a short label per creature key, unique among ``names`` (key -> name).

    Each label is ``short_label``; creatures whose labels are equal get the first
    letter of their first word and a digit instead ("P1", "P2", in the given order),
    skipping digits another creature's label already uses.
    """
    labels = {key: short_label(name) for key, name in names.items()}
    counts: dict[str, int] = {}
    for label in labels.values():
        counts[label] = counts.get(label, 0) + 1
    taken = {label for label, n in counts.items() if n == 1}
    for key, name in names.items():
        if counts[labels[key]] == 1:
            continue
        first = (_words(name) or ["?"])[0][0].upper()
        number = 1
        while f"{first}{number}" in taken:
            number += 1
        labels[key] = f"{first}{number}"
        taken.add(labels[key])
    return labels


@lru_cache(maxsize=16)
def _labels_of(names: tuple[tuple[str, str], ...]) -> Mapping[str, str]:
    return short_labels(dict(names))


def creature_labels(pieces: Mapping[str, Piece]) -> Mapping[str, str]:
    """Return the short label of every creature of a match, unique among them.

    Worked out once per set of creatures (remembered), so tokens and initiative chips
    of the same match always say the same.
    """
    return _labels_of(tuple((key, piece.name) for key, piece in pieces.items()))


def token_view(
    piece: Piece,
    colour: Colour,
    *,
    selected: bool = False,
    current: bool = False,
    label: str | None = None,
) -> TokenView:
    """Return the token of ``piece`` in the side's ``colour`` (``label``: its short label)."""
    return TokenView(
        key=piece.key,
        name=piece.name,
        initials=label if label is not None else short_label(piece.name),
        colour=colour,
        cell=piece.cell,
        size=piece.size,
        facing=piece.facing,
        meter=piece.meter,
        marks=piece.marks,
        stance=piece.stance,
        altitude=piece.altitude,
        life=piece.life,
        selected=selected,
        current=current,
        hidden=piece.hidden,
        art=piece.token,
        image=piece.image,
    )


def token_views(
    views: Views,
    game: Any,
    colours: Mapping[str, Colour],
    *,
    visible: Collection[str] | None = None,
    selected: str | None = None,
) -> list[TokenView]:
    """Return the tokens to draw (``visible``: the keys the viewer may see; None = all)."""
    current = views.on_turn(game)
    pieces = views.pieces(game)
    labels = creature_labels(pieces)  # unique among all creatures, seen or not
    tokens = []
    for key, piece in pieces.items():
        if visible is not None and key not in visible:
            continue
        colour = colours.get(piece.side, (128, 128, 128))
        view = token_view(
            piece, colour, selected=key == selected, current=key == current, label=labels.get(key)
        )
        tokens.append(view)
    return tokens
