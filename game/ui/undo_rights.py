"""Who may take back what at a hot-seat table (issue 12, point 3), and the log's GM marks.

No pygame here. A *stretch* is the part of the record since the screen was handed to a
person: ``(record length at the handover, the person's name)``. A person may undo and
redo freely inside their own stretch; one step further back goes past another person's
turn and needs a confirmation — by the game master when the table has a GM seat, else by
that other person behind the handover's privacy. The game master at the screen, and a
table with only one person, undo freely (nobody to be unfair to).

GM spans: the log indices the commands ``gm_*`` wrote, so every log can mark them
(point 4) — kept by the screen, not the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from game.match.commands import Command
from game.match.lazy_commands import LazyCommands

Stretch = tuple[int, str]
Span = tuple[int, int]


class Person(Protocol):
    """A seat at the table as seen here (the session's Player)."""

    name: str

    @property
    def role(self) -> Any: ...


class Table(Protocol):
    """What the check reads of the session."""

    match: Any
    stretches: list[Stretch]

    def humans(self) -> Sequence[Person]: ...

    @property
    def gm(self) -> Person | None: ...


class Gate(Enum):
    """Whether a step back (or forward) is open to the person at the screen."""

    FREE = "free"
    ASK = "ask"  # goes past another person's turn: somebody must confirm
    NONE = "none"  # nothing to undo or redo


@dataclass(frozen=True)
class UndoCheck:
    """The answer for one person: the gate, whose turn it goes past, who must confirm."""

    gate: Gate
    past: str = ""
    confirmer: str = ""


def note_viewer(stretches: list[Stretch], length: int, player: Person | None) -> None:
    """Keep ``stretches`` in step: drop those undone, start one when the screen changes hands."""
    stretches[:] = [s for s in stretches if s[0] <= length]
    if player is None or player.role.value == "ai":
        return
    if not stretches or stretches[-1][1] != player.name:
        stretches.append((length, player.name))


#: At most this many stretches are kept in a session file (the last ones count; the file
#: stays well within the session file's size bound).
MAX_STRETCHES = 500
#: The longest name of a person at the table (every name field, seat and stretch).
MAX_PERSON_NAME = 40


def stretches_to_data(stretches: Sequence[Stretch]) -> list[list[int | str]]:
    """Return the stretches as JSON data: ``[[record length, name], ...]``."""
    return [[start, name] for start, name in stretches[-MAX_STRETCHES:]]


def stretches_from_data(data: Any, commands: int) -> list[Stretch]:
    """Return the stretches a session file holds ([] when missing or not well-formed).

    Only those that fit the loaded record (start within its ``commands``, in order) are
    kept, so a file beside another save cannot open an undo it should not.
    """
    if not isinstance(data, list):
        return []
    stretches: list[Stretch] = []
    for item in data[-MAX_STRETCHES:]:
        if not (isinstance(item, list) and len(item) == 2):
            return []
        start, name = item
        if type(start) is not int or not isinstance(name, str) or not 0 <= start <= commands:
            return []
        if stretches and start < stretches[-1][0]:
            return []
        stretches.append((start, name[:MAX_PERSON_NAME]))
    return stretches


def check(session: Table, viewer: Person | None, *, redo: bool) -> UndoCheck:
    """Return whether ``viewer`` may undo (or redo) now, and who must confirm if not."""
    match = session.match
    if not (match.can_redo if redo else match.can_undo):
        return UndoCheck(Gate.NONE)
    if viewer is None or viewer.role.value == "gm" or len(session.humans()) < 2:
        return UndoCheck(Gate.FREE)
    length = match.command_count
    stretches = session.stretches
    note_viewer(stretches, length, viewer)
    start, name = stretches[-1]
    if name == viewer.name and (redo or length > start):
        return UndoCheck(Gate.FREE)
    past = _previous_person(session, viewer)
    gm = session.gm
    return UndoCheck(Gate.ASK, past, gm.name if gm is not None else past)


def _previous_person(session: Table, viewer: Person) -> str:
    """Return who had the screen before ``viewer`` (another person when not known)."""
    for _, name in reversed(session.stretches[:-1]):
        if name != viewer.name:
            return name
    others = [p.name for p in session.humans() if p.name != viewer.name and p.role.value != "gm"]
    return others[0] if others else viewer.name


# ------------------------------------------------------------------ GM marks
def is_gm_command(command: Command) -> bool:
    return is_gm_kind(command.kind)


def is_gm_kind(kind: str) -> bool:
    return kind.startswith("gm_")


def trim_spans(spans: list[Span], log_length: int) -> None:
    """Drop the spans an undo took out of the log (and cut one it took out in part)."""
    spans[:] = [(a, min(b, log_length)) for a, b in spans if a < log_length]


def spans_of_record(record: Sequence[Command], log_marks: Sequence[int]) -> list[Span]:
    """Return the GM spans of a loaded record from ``Match.log_marks`` (no second replay).

    A lazily read record (a snapshot load) gives its kinds without building its commands.
    """
    kinds = record.kinds() if isinstance(record, LazyCommands) else [c.kind for c in record]
    return [
        (log_marks[index], log_marks[index + 1])
        for index, kind in enumerate(kinds)
        if is_gm_kind(kind)
    ]


def in_spans(spans: Sequence[Span], index: int) -> bool:
    return any(a <= index < b for a, b in spans)
