"""Loading a save at once from its snapshot, and verifying its record afterwards.

A save may carry ``resume``: the game's ``snapshot_data`` (``Snapshotting``) and the
match's log marks. ``match_from_snapshot`` restores the match from it without applying a
single command, so a load costs the same after 20 commands and after 20,000. The record
stays the truth: a ``Verifier`` replays it from the seed, ``step`` by ``step`` (the screen,
a few commands a frame) or at once (``finish``), takes the match's checkpoints on the
way, and compares its own snapshot with the stored one. When they differ, or the record
does not replay, the replay wins: the match switches to the replayed game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.match.checkpoints import Resumable, Snapshotting
from game.match.command_lines import start_from
from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.match.record import Match, ReplayError, first_difference, replay_one
from game.match.ruleset import Ruleset
from game.match.save_lines import JsonLines
from game.match.save_reading import SaveError
from game.match.snapshot_codec import SnapshotError, expect
from game.match.snapshot_parts import warm_log

RESUME_KEYS = frozenset({"game", "log_marks"})
#: Commands between two encodings of the replay's log while it verifies (each costs a
#: copy of the log's list; the end then encodes only the last few).
WARM_EVERY = 256


def resume_document(match: Match) -> dict[str, Any] | None:
    """Return a save's ``resume`` object for ``match``, or None (no snapshot possible).

    A match whose loaded snapshot is not verified yet writes it back as it was loaded
    while the match is unchanged (the next load verifies it again), else none.
    """
    battle = match.battle
    verifier = getattr(match, "verifier", None)
    if verifier is not None:
        unchanged = match.command_count == verifier.length
        return verifier.expected if unchanged else None
    if not isinstance(battle, Snapshotting):
        return None
    data = battle.snapshot_data()
    if data is None:
        return None
    return {"game": data, "log_marks": list(match.log_marks)}


def match_from_snapshot(
    ruleset: Ruleset,
    setup: Any,
    catalogue: Any,
    seed: int,
    commands: Sequence[Command],
    resume: Any,
) -> Match:
    """Return the match at the end of ``commands`` as ``resume`` holds it (no command applied).

    Raise SnapshotError naming the JSON path under ``$`` of what cannot be used.
    """
    expect(type(resume) is dict and set(resume) == RESUME_KEYS, "$", "expected game, log_marks")
    match = Match(ruleset, setup, catalogue, seed)
    battle = match.battle
    expect(isinstance(battle, Snapshotting), "$", "this ruleset's games take no snapshot")
    marks = _marks_of(resume["log_marks"], len(commands), match.log_marks[0])
    try:
        restored = battle.restored(resume["game"], commands)
    except SnapshotError as error:  # the game names its paths from its own data
        raise SnapshotError("$.game" + error.where[1:], error.reason) from None
    expect(marks[-1] == len(restored.log), "$.log_marks", "the last mark is not the log's length")
    match.battle = restored
    match.log_marks = marks
    match.checkpoints.replayed = 0
    return match


def _marks_of(raw: Any, length: int, first: int) -> list[int]:
    expect(type(raw) is list and len(raw) == length + 1, "$.log_marks", f"expected {length + 1}")
    expect(set(map(type, raw)) == {int}, "$.log_marks", "expected integers")
    expect(raw[0] == first, "$.log_marks[0]", f"expected {first}")
    expect(raw == sorted(raw), "$.log_marks", "expected growing log lengths")  # C speed
    return list(raw)


class Verifier:
    """The replay of a match loaded from a snapshot, checked against that snapshot.

    ``difference`` (a JSON path) or ``error`` (the refused command) says why the replay
    won; both None after ``done`` means the snapshot was exact. ``replayed`` counts the
    commands replayed so far. The save's commands are built as they are replayed: one
    that does not read is refused like a command the rules refuse, and ``unreadable``
    keeps the save's error for it (``$.commands[i]``).

    The match may play on meanwhile (``Match.apply``; undo and redo wait for the check):
    the replay covers the ``length`` commands of the save. When it wins, the commands
    played since the load are applied to it again; one it refuses ends the match there
    (``error`` names it) and the ones after it are dropped.
    """

    def __init__(self, match: Match, resume: Any) -> None:
        self.match = match
        self.expected = resume
        self.commands: Sequence[Command] = match.battle.record  # LazyCommands from a save
        self.length = len(self.commands)  # the save's record (the match may grow meanwhile)
        self._warmed = 0  # where the replay's log was last encoded
        self.replay: Any = None  # the fresh game, made on the first step (not at load)
        self.marks: list[int] = []
        self.replayed = 0
        self.done = False
        self.difference: str | None = None
        self.error: ReplayError | None = None
        self.unreadable: SaveError | None = None

    @property
    def replay_won(self) -> bool:
        """Return whether the match was switched to the replay (the snapshot was not exact)."""
        return self.difference is not None or self.error is not None

    def step(self, count: int) -> bool:
        """Replay up to ``count`` more commands; return whether verification is done."""
        if self.done:
            return True
        if self.replay is None:
            match = self.match
            self.replay = match.ruleset.new_game(match.setup, match.catalogue, match.seed)
            self.marks = [len(self.replay.log)]
        end = min(self.length, self.replayed + max(1, count))
        for index in range(self.replayed, end):
            try:
                replay_one(self.replay, index, self._command(index))
            except ReplayError as error:
                self.error = error
                self._switch()
                return True
            self.marks.append(len(self.replay.log))
            self.replayed = index + 1
            self.match.checkpoints.replayed += 1  # the load's count: 0 until verified
            self._note_checkpoint(index + 1)
        if self.replayed - self._warmed >= WARM_EVERY and isinstance(self.replay, Snapshotting):
            warm_log(self.replay)  # the log encoded on the way, not all of it at the end
            self._warmed = self.replayed
        if self.replayed == self.length:
            self._conclude()
        return self.done

    def _command(self, index: int) -> Command:
        """Return the ``index``-th command; raise ReplayError when the save's does not read."""
        try:
            return self.commands[index]
        except SaveError as error:
            self.unreadable = error
            refused = ReplayError(f"command {index} does not read: {error}")
            refused.index = index
            raise refused from None

    def finish(self) -> None:
        """Replay every command left now."""
        self.step(self.length)

    def _note_checkpoint(self, position: int) -> None:
        points = self.match.checkpoints
        if isinstance(self.replay, Resumable) and points.due(position, self.length):
            points.add(position, self.replay.checkpoint())

    def _conclude(self) -> None:
        ours = {"game": self.replay.snapshot_data(), "log_marks": self.marks}
        self.difference = first_difference(self.expected, ours, "$.resume")
        if self.difference is not None:
            self._switch()
        else:  # exact: the restored game keeps the commands as a plain record
            live = self.match.battle.record
            record = list(live)
            read = live.as_read() if isinstance(live, LazyCommands) else None
            if isinstance(read, JsonLines) and len(read) == len(record):  # saved as read
                start_from(self.match, record, read)
            self.match.battle.record = record
        self._done()

    def _done(self) -> None:
        self.done = True
        if getattr(self.match, "verifier", None) is self:
            self.match.verifier = None  # verified: the match's saves carry snapshots again

    def _switch(self) -> None:
        """Let the replay win: the match plays on with the replayed game.

        The commands played since the load are applied to it again (a refused one, and
        those after it, are dropped: ``error`` names it).
        """
        match = self.match
        since_load = list(match.battle.record[self.length :])
        match.battle = self.replay
        match.log_marks = list(self.marks)
        match.checkpoints.forget_after(len(self.replay.record))
        if since_load and self.error is None:
            start = len(self.replay.record)
            try:
                match._replay_into(self.replay, since_load, start)
            except ReplayError as error:
                self.error = error
                del match.log_marks[len(self.replay.record) + 1 :]
        self._done()


__all__ = ["SnapshotError", "Verifier", "match_from_snapshot", "resume_document"]
