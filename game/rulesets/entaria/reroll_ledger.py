"""What an Impuls reroll needs to know of a match's commands: their dice and checkpoints.

``Battle.apply`` hands out a ``RollTracker`` for each command: it numbers the rolls and
records the dice drawn. The ``RerollLedger`` (``Battle.rerolls``) keeps the dice of every
recorded command, the rolls and events of the last one, and a checkpoint of the state the
commands since can be replayed from (E-IMP-EFF-REROLL, see ``reroll``). A checkpoint is
taken before a command at least every ``CHECKPOINT_SPACING`` commands (never before a
reroll or an answer a reroll replays), so a reroll replays a bounded number of commands
however long the match is.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.board.dice import RandomRoller, Roller
from game.match.events import Event
from game.rulesets.entaria.rules.terms import say

if TYPE_CHECKING:
    from game.match.commands import Command
    from game.rulesets.entaria.engine import Battle

#: One die of a stream: (sides, value).
Draw = tuple[int, int]


RULE = "E-IMP-EFF-REROLL"

#: Commands between two checkpoints of the ledger: a reroll replays at most about this many.
CHECKPOINT_SPACING = 10


#: Events whose ``data["die"]`` is a damage roll (the other ``die`` fields repeat a die).
DAMAGE_EVENTS = frozenset({"damage", "area_fire", "door_damage", "object_damage"})


_REROLL_KINDS = ("spend_impulse", "gm_impulse")


def is_reroll(command: Command) -> bool:
    """Return whether ``command`` buys an Impuls reroll (E-IMP-EFF-REROLL)."""
    if command.kind not in _REROLL_KINDS:
        return False
    effect = getattr(command, "effect", None)
    return isinstance(effect, str) and effect.upper() == "REROLL"


class ReplayDiverged(Exception):
    """A replay asked for other dice than the record holds."""


class RecordedDice:
    """Hand out recorded dice in order; a replay must ask for exactly these."""

    __slots__ = ("_draws", "_next")

    def __init__(self, draws: Sequence[Draw]) -> None:
        self._draws = draws
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._draws):
            raise ReplayDiverged(
                say(
                    f"the replay asks for a d{sides} the record does not hold",
                    f"die Wiederholung verlangt einen w{sides}, den die Aufzeichnung nicht enthält",
                )
            )
        recorded, value = self._draws[self._next]
        if recorded != sides:
            raise ReplayDiverged(
                say(
                    f"the replay asks for a d{sides} where a d{recorded} was rolled",
                    f"die Wiederholung verlangt einen w{sides}, wo ein w{recorded} gewürfelt wurde",
                )
            )
        self._next += 1
        return value


class NoDice:
    """The dice of a shadow outside its recorded commands: none."""

    def roll(self, sides: int) -> int:
        raise ReplayDiverged(
            say(
                f"a d{sides} is asked for outside a recorded command",
                f"ein w{sides} wird außerhalb eines aufgezeichneten Befehls verlangt",
            )
        )


class RollTracker:
    """The roller of one command: it numbers the rolls and records the dice.

    ``next_roll`` runs on every use of ``battle.roller``; the dice drawn until the next use
    form one roll. A roll listed in ``overrides`` still draws its dice from the main stream
    (set aside, so later rolls keep theirs) and uses the fresh stream's dice instead.
    """

    __slots__ = ("_new", "checkpoint", "draws", "main", "overrides", "rolls")

    def __init__(self, main: Roller, overrides: Mapping[int, Roller] | None = None) -> None:
        self.main = main
        self.draws: list[Draw] = []  # every die of the main stream, in order
        self.rolls: list[list[Draw]] = []  # the dice each roll used
        self.overrides: Mapping[int, Roller] = overrides or {}
        self._new = True
        self.checkpoint: Checkpoint | None = None  # taken before the command, kept if it applies

    def next_roll(self) -> None:
        self._new = True

    def roll(self, sides: int) -> int:
        if self._new:
            self._new = False
            self.rolls.append([])
        value = self.main.roll(sides)
        self.draws.append((sides, value))
        if self.overrides:
            fresh = self.overrides.get(len(self.rolls) - 1)
            if fresh is not None:
                value = fresh.roll(sides)
        self.rolls[-1].append((sides, value))
        return value


@dataclass(frozen=True)
class Checkpoint:
    """The match after its first ``record_len`` commands: state, doors and dice stream."""

    record_len: int
    state: dict[str, Any]  # BattleState.to_dict(): shares nothing with the live state
    doors: npt.NDArray[np.bool_]  # BattleGrid.door_open (edge doors: the state's edge_doors)
    roller: Roller  # the main dice stream at that moment (a private copy)
    log_len: int = 0  # the log's length then (a replayed GmAnswer checks its question)


@dataclass(frozen=True)
class RerollOutcome:
    """A reroll's result, handed from its handler to ``RerollLedger.finish``."""

    draws: tuple[Draw, ...]
    rolls: tuple[tuple[Draw, ...], ...]
    events: tuple[Event, ...]
    overrides: dict[int, int]


class RerollLedger:
    """What rerolls need to know about a match's commands (``Battle.rerolls``).

    ``apply`` calls ``start`` before a command and ``finish`` after it applied; a refused
    command leaves the ledger as it was.
    """

    def __init__(self) -> None:
        self.draws: list[tuple[Draw, ...]] = []  # the main-stream dice of each recorded command
        self.rolls: tuple[tuple[Draw, ...], ...] = ()  # the rolls of the last command (dice used)
        self.events: tuple[Event, ...] = ()  # the last command's events (as recomputed)
        self.base: int | None = None  # record index of the command these rolls belong to
        self.base_log = 0  # the log's length before ``base`` (its older questions)
        self.last: int | None = None  # record index of ``base`` or of its latest reroll
        self.overrides: dict[int, int] = {}  # roll index -> fresh stream key, for ``base``
        self.checkpoint: Checkpoint | None = None  # None: the construction
        self.stale = False  # changed outside commands: checkpoint before the next command
        self.spacing = CHECKPOINT_SPACING  # a checkpoint at least every so many commands
        self.replayed = 0  # commands the last rebuild of the state before ``base`` replayed
        self.origin: tuple[Any, ...] | None = None  # the turn as constructed (``constructed``)
        #: Tests: the fresh dice of the reroll at record index ``key`` (default: seeded).
        self.fresh_dice: Callable[[int], Roller] | None = None
        self.shadow = False  # a shadow replays recorded dice only
        self.feed: Sequence[Draw] | None = None  # shadow: the dice of the next command
        self.next_main: Roller | None = None  # shadow: the main stream of the next command
        self.next_overrides: dict[int, Roller] | None = None
        self.pending: RerollOutcome | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> RerollLedger:
        # Copies of a match (clone_battle) share the immutable records: cheap at any length.
        twin = copy.copy(self)
        twin.draws = list(self.draws)
        twin.overrides = dict(self.overrides)
        return twin

    def constructed(self, battle: Battle) -> None:
        """Note the turn the match starts with (``Battle.__init__``)."""
        self.origin = _turn_of(battle)

    def edited(self) -> None:
        """Note that the match was changed outside its commands (new dice, a state set by hand).

        The next command then starts from a checkpoint, so a reroll rebuilds from there.
        """
        self.stale = True

    def start(self, battle: Battle, command: Command) -> RollTracker:
        """Return the roller for ``command`` (``Battle.apply``)."""
        self.pending = None
        if not battle.record and self.origin is not None and _turn_of(battle) != self.origin:
            self.stale = True  # e.g. a test made another creature start: not the construction
        if self.next_main is not None:
            main: Roller = self.next_main
        elif self.feed is not None:
            main = RecordedDice(self.feed)
        else:
            main = battle._roller
        tracker = RollTracker(main, self.next_overrides)
        self.next_main = self.feed = self.next_overrides = None
        if self.transparent(battle, command):
            return tracker  # no checkpoint after the base: a reroll replays the answer
        if not self.shadow and not is_reroll(command) and (self.stale or self._due(battle)):
            tracker.checkpoint = take_checkpoint(battle, copy_roller(battle._roller))
        return tracker

    def _due(self, battle: Battle) -> bool:
        """Return whether the last checkpoint lies ``spacing`` commands or more back."""
        since = self.checkpoint.record_len if self.checkpoint is not None else 0
        return len(battle.record) - since >= self.spacing

    def finish(
        self, battle: Battle, command: Command, tracker: RollTracker, events: list[Event]
    ) -> None:
        """Record the dice and rolls of ``command``, which has just applied."""
        outcome, self.pending = self.pending, None
        if outcome is not None:  # a reroll: the rolls are those of the recomputed command
            self.draws.append(outcome.draws + tuple(tracker.draws))
            self.rolls, self.events = outcome.rolls, outcome.events
            self.overrides = outcome.overrides
            self.last = len(battle.record) - 1
            return
        self.draws.append(tuple(tracker.draws))
        if self.transparent(battle, command):
            return  # the rolls stay those of the base command
        self.rolls = tuple(tuple(r) for r in tracker.rolls)
        self.events = tuple(events)
        self.base = self.last = len(battle.record) - 1
        self.base_log = len(battle.log)  # the events are logged after ``finish``
        self.overrides = {}
        if tracker.checkpoint is not None:
            self.checkpoint = tracker.checkpoint
            self.stale = False

    def transparent(self, battle: Battle, command: Command) -> bool:
        """Return whether ``command`` keeps the rolls of the base command rerollable.

        A ``GmAnswer`` changes nothing but the log; when it answers a question logged
        before the base command, a reroll re-applies it after the recomputed command
        (E-IMP-EFF-REROLL, E-ACT-6).
        """
        if command.kind != "gm_answer" or self.base is None:
            return False
        question = getattr(command, "question", None)
        return type(question) is int and 0 <= question < self.base_log


def _turn_of(battle: Battle) -> tuple[Any, ...]:
    """Return a cheap fingerprint of whose turn it is, to notice a match set up by hand."""
    state = battle.state
    return (tuple(state.order), state.turn_index, state.round, state.budget, state.impulse_pool)


def copy_roller(roller: Roller) -> Roller:
    """Return an independent copy of a dice stream at its current position."""
    if type(roller) is RandomRoller:
        return roller.copy()  # the Mersenne Twister state copies fast this way
    return copy.deepcopy(roller)


def take_checkpoint(battle: Battle, roller: Roller) -> Checkpoint:
    return Checkpoint(
        len(battle.record),
        battle.state.to_dict(),  # a fresh copy: nothing in it is shared
        battle.grid.door_open.copy(),
        roller,
        len(battle.log),
    )
