"""A match as its record: setup + seed + commands, with undo, redo and replay.

The dice come from a Roller seeded with the match's seed and consumed in the order
the commands are applied, so replaying the same commands on a fresh game of the same
ruleset rolls the same dice and reaches the same state. Undo goes back to the nearest
checkpoint before the last command (``game.match.checkpoints``; the start for a game
without checkpoints) and replays the commands from there; redo applies the undone
command again on the current battle (its dice come next in the stream, as they did the
first time).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.match.checkpoints import Checkpoints, Resumable
from game.match.commands import Command, CommandRejected
from game.match.decisions import Decision
from game.match.events import Event
from game.match.ruleset import Game, Ruleset
from game.match.save_lines import JsonLines


class ReplayError(Exception):
    """A record does not replay: a command is refused, or the state differs from a snapshot."""

    #: For a refused command: its index, the command and the ruleset's refusal (its texts).
    index: int | None = None
    command: Command | None = None
    rejected: CommandRejected | None = None


def replay(
    ruleset: Ruleset, setup: Any, catalogue: Any, seed: int, commands: Iterable[Command]
) -> Any:
    """Return a fresh game with ``commands`` applied in order; raise ReplayError if refused."""
    battle = ruleset.new_game(setup, catalogue, seed)
    for index, command in enumerate(commands):
        replay_one(battle, index, command)
    return battle


def replay_one(battle: Any, index: int, command: Command) -> None:
    """Apply ``command``, the record's ``index``-th, on replay; raise ReplayError if refused."""
    try:
        battle.apply(command)
    except CommandRejected as error:
        refused = ReplayError(
            f"command {index} ({command.kind} by {command.actor!r}) is refused on replay: "
            f"{error.reason}"
        )
        refused.index, refused.command, refused.rejected = index, command, error
        raise refused from None


def first_difference(expected: Any, actual: Any, where: str = "$") -> str | None:
    """Return the JSON path of the first place two plain values differ, or None."""
    plain = (dict, list)
    if type(expected) in plain and type(actual) in plain and _same_json(expected, actual):
        return None  # equal as compact JSON (C speed): nothing to look for
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                return f"{where}.{key} (missing)"
            found = first_difference(expected[key], actual[key], f"{where}.{key}")
            if found:
                return found
        extra = [key for key in actual if key not in expected]
        return f"{where}.{extra[0]} (unexpected)" if extra else None
    lines = isinstance(expected, JsonLines) and isinstance(actual, JsonLines)
    if lines and expected.same_text(actual):  # a long log compared as bytes, not item by item
        return None
    if _is_list(expected) and _is_list(actual):
        for index, (a, b) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(a, b, f"{where}[{index}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{where} (length {len(expected)} != {len(actual)})"
        return None
    if type(expected) is not type(actual) and not (
        isinstance(expected, int | float) and isinstance(actual, int | float)
    ):
        return f"{where} ({expected!r} != {actual!r})"
    return None if expected == actual else f"{where} ({expected!r} != {actual!r})"


#: Compact JSON as a save writes it: true is not 1, 1 is not 1.0 (refuses the rest).
_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _same_json(expected: Any, actual: Any) -> bool:
    """Return whether both encode to the same compact JSON (False for what JSON cannot hold,
    such as a save's lines: those are compared item by item)."""
    try:
        return bool(_JSON.encode(expected) == _JSON.encode(actual))
    except (TypeError, ValueError):
        return False


def _is_list(value: Any) -> bool:
    """Return whether a value is a JSON list (a list, tuple or other sequence, not text)."""
    return isinstance(value, list | tuple) or (
        isinstance(value, Sequence) and not isinstance(value, str | bytes)
    )


#: Called after every change of a match (apply, undo, redo): autosaves, screens.
Listener = Callable[["Match"], None]


class Match:
    """One match: a ruleset's game plus its record, undo/redo and listeners (autosave).

    ``battle`` is the live game (typed ``Any``: each ruleset's screen code knows its
    own game's type; the machinery here uses only the ``Game`` protocol). A ``Resumable``
    game leaves a checkpoint every few commands (``checkpoints``): undo replays only the
    commands since the nearest one. The commands of ``commands`` are replayed once, in
    order, taking checkpoints on the way.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Any,
        catalogue: Any,
        seed: int,
        *,
        commands: Sequence[Command] = (),
        checkpoints: Checkpoints | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.catalogue = catalogue
        self.seed = int(seed)
        self.checkpoints = Checkpoints() if checkpoints is None else checkpoints
        self.battle: Any = ruleset.new_game(setup, catalogue, self.seed)
        self._resumable = isinstance(self.battle, Resumable)
        #: The log's length after the start and after each command: command ``i`` wrote
        #: ``log[log_marks[i]:log_marks[i + 1]]`` (the screen marks GM entries by it).
        self.log_marks: list[int] = [len(self.battle.log)]
        self._note_checkpoint()
        self._replay_into(self.battle, commands, 0)
        self._redo: list[Command] = []
        self.listeners: list[Listener] = []
        #: A loaded snapshot's verification under way (``snapshot_load.Verifier``), or None.
        self.verifier: Any = None

    # ------------------------------------------------------------------ queries
    @property
    def commands(self) -> tuple[Command, ...]:
        """Return the applied commands in order (the match record)."""
        return tuple(self.battle.record)

    @property
    def record(self) -> Sequence[Command]:
        """Return the record itself, no copy (a loaded save's builds its commands on use)."""
        record: Sequence[Command] = self.battle.record
        return record

    @property
    def command_count(self) -> int:
        """Return how many commands the record holds (no copy: a screen asks every frame)."""
        return len(self.battle.record)

    @property
    def game(self) -> Game:
        """Return the live game as the match machinery sees it."""
        game: Game = self.battle
        return game

    def decision(self) -> Decision | None:
        """Return the decision the fight waits for (None: it is over)."""
        open_now = self.game.decisions()
        return open_now[0] if open_now else None

    @property
    def can_undo(self) -> bool:
        return bool(self.battle.record)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def replayed(self) -> int:
        """Return how many commands the last undo (or the load) replayed."""
        return self.checkpoints.replayed

    # ----------------------------------------------------------------- changes
    def apply(self, command: Command) -> list[Event]:
        """Apply ``command`` and record it; raise CommandRejected (nothing changes).

        A loaded snapshot's verification under way goes on: it covers the save's record,
        and if its replay wins, this command is applied to it again (``Verifier``).
        """
        events = self.battle.apply(command)
        self._redo.clear()
        self.log_marks.append(len(self.battle.log))
        self._note_checkpoint()
        self._changed()
        return events

    def undo(self) -> Command:
        """Take back the last command: replay from the nearest checkpoint before it; return it."""
        self.settle()
        record = self.battle.record
        if not record:
            raise IndexError("nothing to undo")
        last, target = record[-1], len(record) - 1
        self.checkpoints.forget_after(target)
        start = self.checkpoints.latest(target) if self._resumable else None
        if start is None:
            battle, first = self.ruleset.new_game(self.setup, self.catalogue, self.seed), 0
        else:
            first, point = start
            battle = self.battle.resume(point)
        self._replay_into(battle, record[first:target], first)
        self.battle = battle
        self._redo.append(last)
        self._changed()
        return last

    def redo(self) -> list[Event]:
        """Apply the last undone command again (same dice: they come next in the stream)."""
        self.settle()
        if not self._redo:
            raise IndexError("nothing to redo")
        command = self._redo[-1]
        events = self.battle.apply(command)
        self._redo.pop()
        self.log_marks.append(len(self.battle.log))
        self._note_checkpoint()
        self._changed()
        return events

    def settle(self) -> None:
        """Finish a loaded snapshot's verification under way (before an undo or a redo)."""
        verifier, self.verifier = self.verifier, None
        if verifier is not None:
            verifier.finish()

    def verify(self) -> None:
        """Replay the record from the seed; raise ReplayError if the state differs."""
        fresh = replay(self.ruleset, self.setup, self.catalogue, self.seed, self.battle.record)
        where = first_difference(self.game.snapshot(), fresh.snapshot())
        if where is not None:
            raise ReplayError(f"the record does not replay to the same state: {where}")

    def _replay_into(self, battle: Any, commands: Sequence[Command], first: int) -> None:
        """Apply ``commands`` (record index ``first`` on) on ``battle``, noting checkpoints."""
        self.checkpoints.replayed = 0
        final = first + len(commands)
        del self.log_marks[first + 1 :]
        for offset, command in enumerate(commands):
            replay_one(battle, first + offset, command)
            self.log_marks.append(len(battle.log))
            self.checkpoints.replayed += 1
            self._note_checkpoint(battle, final)

    def _note_checkpoint(self, battle: Any = None, final: int | None = None) -> None:
        """Keep a checkpoint of ``battle`` (default: the live one) where one is due.

        ``final``: the length a replay under way reaches (checkpoints it would thin away
        at once are not taken).
        """
        battle = self.battle if battle is None else battle
        position = len(battle.record)
        if self._resumable and self.checkpoints.due(position, final):
            self.checkpoints.add(position, battle.checkpoint())

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)
