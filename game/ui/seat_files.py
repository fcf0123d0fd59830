"""Who plays which side (the seats) and since when each person has the screen, as data.

The seats are written inside the save (its ``seats`` object), so a match and who plays
it are one atomic file. A save written before that had them in a file beside it
(``session.json`` beside the autosave, ``<name>.players.json`` beside a save): that file
is still read, once, when the save itself has no seats.

Seats that do not fit the match (a side it does not have, a side with two seats, a side
nobody plays: a seat file from another game) are never used: every side is then seated
as at a new game and the player gets a message naming the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from game.match.datafiles import ReadReason, ReadRefused, read_strict_json
from game.match.problem_texts import Texts
from game.match.save_reading import refusal_texts
from game.match.save_texts import SaveNote, said, texts_of
from game.ui import undo_rights
from game.ui.undo_rights import MAX_PERSON_NAME, Stretch

#: A seat file beside an old save is small; a bigger one is not read.
MAX_SEATS_BYTES = 64_000
#: More seats than this is no table.
MAX_PLAYERS = 64
MAX_COLOUR = 16


class Role(Enum):
    """Who sits behind a player seat."""

    HUMAN = "human"
    GM = "gm"  # Spielleitung: sees everything, may use the GM commands
    AI = "ai"  # the built-in opponent (the ruleset's policy)


@dataclass
class Player:
    """A seat at the table: a name, a colour and the sides it controls."""

    name: str
    colour: str
    role: Role
    sides: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["role"] = self.role.value
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Player:
        if not isinstance(data, dict):
            raise ValueError("a player is a table")
        role = Role(str(data.get("role", "human")))
        sides = data.get("sides", [])
        if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
            raise ValueError("a player's sides are a list of side keys")
        name = str(data.get("name", "?"))[:MAX_PERSON_NAME]
        colour = str(data.get("colour", "#808080"))[:MAX_COLOUR]  # "#rrggbb"
        return cls(name, colour, role, sides)


@dataclass
class Seats:
    """Seats read for a match: the players (None: seat as at a new game), stretches, note."""

    players: list[Player] | None = None
    stretches: list[Stretch] = field(default_factory=list)
    note: SaveNote | None = None


def seats_data(players: Sequence[Player], stretches: Sequence[Stretch]) -> dict[str, Any]:
    """Return the ``seats`` object a save keeps: the players and the hot-seat stretches."""
    return {
        "players": [p.to_dict() for p in players],
        # since when each person has the screen (hot-seat undo)
        "stretches": undo_rights.stretches_to_data(list(stretches)),
    }


def seats_from(data: Any, source: Path | str, sides: Iterable[str], commands: int) -> Seats:
    """Return the seats in ``data`` (a save's ``seats``, a seat file's object) for a match.

    ``sides`` are the match's side keys and ``commands`` the length of its record.
    Seats that do not fit are not used; the note then says why, naming ``source``.
    """
    try:
        players = _players_of(data)
    except (ValueError, TypeError):
        return Seats(note=_ignored(source, said("seats_malformed")))
    problem = seats_problem(players, list(sides))
    if problem is not None:
        return Seats(note=_ignored(source, problem))
    stretches = undo_rights.stretches_from_data(data.get("stretches"), commands)
    return Seats(players, stretches)


def read_seat_file(path: Path, sides: Iterable[str], commands: int) -> Seats:
    """Return the seats of the file beside an old save; none (no note) when there is none."""
    try:
        data = read_strict_json(path, MAX_SEATS_BYTES)
    except ReadRefused as refused:
        if refused.reason is ReadReason.MISSING:
            return Seats()
        return Seats(note=_ignored(path, refusal_texts(refused)))
    except ValueError as error:  # not JSON, nested too deeply, ...
        return Seats(note=_ignored(path, texts_of(error)))
    return seats_from(data, path, sides, commands)


def seats_problem(players: Sequence[Player], sides: Sequence[str]) -> Texts | None:
    """Return why ``players`` cannot sit at a match of ``sides``, or None when they fit.

    Every side a seat names is the match's, no side has two seats, every side has one.
    """
    seated: set[str] = set()
    for player in players:
        for side in player.sides:
            if side not in sides:
                return said("seats_unknown_side", side=repr(side[:40]))
            if side in seated:
                return said("seats_side_twice", side=repr(side))
            seated.add(side)
    free = [side for side in sides if side not in seated]
    if free:
        return said("seats_side_free", side=repr(free[0]))
    return None


def _players_of(data: Any) -> list[Player]:
    if not isinstance(data, dict):
        raise ValueError("the seats are an object")
    raw = data.get("players")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_PLAYERS:
        raise ValueError("the players are a list")
    return [Player.from_dict(p) for p in raw]


def _ignored(source: Path | str, why: Texts) -> SaveNote:
    return SaveNote(said("seats_ignored", path=str(source), why=why))
