"""What the map shows and plays for a moment after a command: ruleset-neutral effects.

A ruleset's views turn the events of one command into these values
(``Views.effects``); the screen draws and plays them without knowing the rules. Fields
are where the creatures stand (a creature's field is the top-left of its footprint).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.board.grid import Cell

#: How a creature fell: the words of ``Piece.life`` that the map calls out.
FallState = Literal["unconscious", "dying", "dead"]
#: The short sounds the screen can play.
SoundName = Literal["shot", "hit", "explosion", "turn"]
SOUND_NAMES: tuple[SoundName, ...] = ("shot", "hit", "explosion", "turn")


@dataclass(frozen=True)
class Tracer:
    """A shot's line from the shooter's field to the target's (``hit`` False: it missed)."""

    from_cell: Cell
    to_cell: Cell
    hit: bool


@dataclass(frozen=True)
class DamageNumber:
    """The damage a creature on ``cell`` took (after armour), floating up from it."""

    cell: Cell
    amount: int


@dataclass(frozen=True)
class Miss:
    """An attack or throw aimed at ``cell`` that missed."""

    cell: Cell


@dataclass(frozen=True)
class Fell:
    """The creature on ``cell`` fell unconscious, is dying, or died."""

    cell: Cell
    state: FallState


@dataclass(frozen=True)
class Explosion:
    """A blast over ``cells``."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Sound:
    """A short sound to play."""

    name: SoundName


Effect = Tracer | DamageNumber | Miss | Fell | Explosion | Sound
