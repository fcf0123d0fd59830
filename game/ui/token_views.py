"""What a token shows: the ruleset's piece plus the screen's colour and rings.

``tokens`` draws them; this module only builds them from the ruleset's views.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
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


def initials_of(name: str) -> str:
    """Return up to two capital letters for a name ("Elro-Sa" -> "ES")."""
    parts = [p for p in name.replace("-", " ").split() if p]
    if not parts:
        return "?"
    if len(parts) == 1:
        return parts[0][:2].capitalize()
    return (parts[0][0] + parts[1][0]).upper()


def token_view(
    piece: Piece, colour: Colour, *, selected: bool = False, current: bool = False
) -> TokenView:
    """Return the token of ``piece`` in the side's ``colour``."""
    return TokenView(
        key=piece.key,
        name=piece.name,
        initials=initials_of(piece.name),
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
    tokens = []
    for key, piece in views.pieces(game).items():
        if visible is not None and key not in visible:
            continue
        colour = colours.get(piece.side, (128, 128, 128))
        tokens.append(token_view(piece, colour, selected=key == selected, current=key == current))
    return tokens
