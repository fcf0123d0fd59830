"""What the map shows and plays for a moment after a command: ruleset-neutral effects.

A ruleset's views turn the events of one command into these values
(``Views.effects``); the screen draws and plays them without knowing the rules. Fields
are where the creatures stand (a creature's field is the top-left of its footprint).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from game.board.grid import Cell

#: How badly a creature fell, for the screen's colour: out of the fight, about to die, dead
#: (the ruleset's own word for it comes with the effect).
FallState = Literal["down", "critical", "dead"]
#: The short sounds the screen can play (the one list: the screen makes one of each).
SoundName = Literal["shot", "hit", "explosion", "turn"]
SOUND_NAMES: tuple[SoundName, ...] = get_args(SoundName)


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
    """The creature on ``cell`` fell: how badly, and the text key of the ruleset's word."""

    cell: Cell
    state: FallState
    word: str  # a key of the screen's translator, e.g. "feedback.dead"


@dataclass(frozen=True)
class Explosion:
    """A blast over ``cells``."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Sound:
    """A short sound to play."""

    name: SoundName


Effect = Tracer | DamageNumber | Miss | Fell | Explosion | Sound
