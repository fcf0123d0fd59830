"""Checkpoints of a match (issue 13, "Long fights"): undo replays a bounded number of commands.

The machinery is ruleset-neutral: a counting game here offers checkpoints (deep copies,
``Resumable``); the toy ruleset offers none and is replayed from its start as before.
Costs are counted in commands replayed (``Match.replayed``), never timed.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from game.board.dice import RandomRoller, Roller
from game.match.checkpoints import DENSE, SPACING, Checkpoints, Resumable, kept
from game.match.commands import Command, CommandRegistry, CommandRejected
from game.match.decisions import Decision, DecisionKind
from game.match.events import Event
from game.match.record import Match, first_difference, replay
from tests.match.toy_ruleset import TOY, Declare, ToySetup


# ------------------------------------------------------------------ a counting game
@dataclass(frozen=True)
class Add(Command):
    """Add a d6 to the total; ``refuse`` makes the command refused."""

    kind: ClassVar[str] = "add"
    refuse: bool = False


class CountingGame:
    """A game whose state is a total of d6s and the number of checkpoints copied from it."""

    def __init__(self, seed: int) -> None:
        self.roller: Roller = RandomRoller(seed)
        self.record: list[Command] = []
        self.log: list[Event] = []
        self.total = 0

    def decisions(self) -> tuple[Decision, ...]:
        return (Decision(DecisionKind.TURN, "one", "counter"),)

    def snapshot(self) -> dict[str, Any]:
        state = getattr(self.roller, "_rng", None)
        return {"total": self.total, "dice": repr(state.getstate()) if state else None}

    def apply(self, command: Command) -> list[Event]:
        if getattr(command, "refuse", False):
            raise CommandRejected("refused")
        die = self.roller.roll(6)
        self.total += die
        self.record.append(command)
        event = Event("add", f"+{die}", f"+{die}", None, {"die": die})
        self.log.append(event)
        return [event]

    def checkpoint(self) -> Any:
        frozen = copy.copy(self)
        frozen.roller = copy.deepcopy(self.roller)
        frozen.record, frozen.log = [], []
        return (len(self.record), len(self.log), frozen)

    def resume(self, point: Any) -> CountingGame:
        length, log_length, frozen = point
        game = copy.copy(frozen)
        game.roller = copy.deepcopy(frozen.roller)
        game.record, game.log = list(self.record[:length]), list(self.log[:log_length])
        return game


class CountingRuleset:
    key = "counting"
    version = "1"
    commands = CommandRegistry((Add,))

    def load_catalogue(self) -> Any:
        return None

    def new_game(self, setup: Any, catalogue: Any, seed: int, *, roller: Any = None) -> Any:
        return CountingGame(seed)

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        return None


COUNTING = CountingRuleset()


def counting_match(length: int) -> Match:
    match = Match(COUNTING, None, None, 7)
    for _ in range(length):
        match.apply(Add(None))
    return match


def same_as_replay(match: Match) -> None:
    fresh = replay(match.ruleset, None, None, match.seed, match.commands)
    assert first_difference(fresh.snapshot(), match.game.snapshot()) is None
    assert [e.to_dict() for e in fresh.log] == [e.to_dict() for e in match.game.log]


# ------------------------------------------------------------------ thinning
def test_kept_holds_every_spacing_near_the_end_and_thins_with_age() -> None:
    """The last DENSE checkpoints keep the full spacing; older ones double it per doubling."""
    length = 200_000
    held = [p for p in range(0, length + 1, SPACING) if kept(p, length)]
    near = [p for p in held if length - p < SPACING * DENSE]
    window = range(0, length + 1, SPACING)
    assert near == [p for p in window if length - p < SPACING * DENSE]
    assert len(near) == DENSE
    assert len(held) <= DENSE + (DENSE // 2 + 1) * 16  # O(log n), about 50 at the cap
    assert 0 in held  # the start is always there
    for older, newer in itertools.pairwise(held):  # no gap wider than its age
        assert newer - older <= max(SPACING, length - newer), (older, newer)


def test_a_dropped_checkpoint_stays_dropped_as_the_record_grows() -> None:
    """Thinning is monotone: what is not kept at length n is not kept at any later length."""
    for position in range(0, 3000, SPACING):
        dropped_at = next((n for n in range(position, 6000) if not kept(position, n)), None)
        if dropped_at is not None:
            assert not any(kept(position, n) for n in range(dropped_at, 6000, 7))


def test_the_store_is_bounded_and_finds_the_latest_before_a_position() -> None:
    store = Checkpoints(spacing=4, dense=2)
    for position in range(0, 2001, 4):
        store.add(position, f"p{position}")
    assert len(store) <= 2 + 2 * 12
    assert store.latest(2000) == (2000, "p2000")
    found = store.latest(1999)
    assert found is not None and found[0] < 2000
    store.forget_after(1000)
    assert all(p <= 1000 for p in store.positions)
    assert store.latest(-1) is None
    with pytest.raises(ValueError, match="spacing"):
        Checkpoints(spacing=0)


# ------------------------------------------------------------------ undo, redo, load
def test_the_counting_game_is_resumable_and_the_toy_game_is_not() -> None:
    assert isinstance(COUNTING.new_game(None, None, 1), Resumable)
    assert not isinstance(TOY.new_game(ToySetup(), None, 1), Resumable)


BOUNDARIES = [1, SPACING - 1, SPACING, SPACING + 1, 2 * SPACING - 1, 2 * SPACING, 2 * SPACING + 1]


@pytest.mark.parametrize("length", [*BOUNDARIES, 20, 2000])
def test_undo_replays_fewer_than_the_spacing_and_equals_a_full_replay(length: int) -> None:
    """Undo at and around the checkpoint boundaries gives exactly the full replay's state."""
    match = counting_match(length)
    match.undo()
    assert match.replayed < SPACING
    assert len(match.commands) == length - 1
    same_as_replay(match)
    match.redo()
    assert len(match.commands) == length
    same_as_replay(match)


def test_undo_after_2000_commands_costs_what_undo_after_20_costs() -> None:
    """The issue's measure, in commands replayed: the same bound after 20 and after 2,000."""
    short, long = counting_match(20), counting_match(2000)
    short.undo()
    long.undo()
    assert short.replayed < SPACING and long.replayed < SPACING
    assert len(long.checkpoints) <= DENSE + (DENSE // 2 + 1) * 8


def test_many_undos_in_a_row_walk_back_exactly_and_then_apply_anew() -> None:
    """Undoing 300 of 400 commands one by one passes thinned checkpoints; each step exact."""
    match = counting_match(400)
    worst = 0
    for _ in range(300):
        match.undo()
        worst = max(worst, match.replayed)
        if len(match.commands) % 37 == 0:
            same_as_replay(match)
    assert worst < 400 - 100  # never from the start
    assert len(match.commands) == 100
    for _ in range(40):  # a different future after the undos
        match.apply(Add(None))
    same_as_replay(match)
    match.undo()
    assert match.replayed < SPACING


def test_loading_replays_once_and_keeps_checkpoints_for_the_next_undo() -> None:
    """A record handed to Match (a save's) is replayed once, linearly; undo then is cheap."""
    commands = counting_match(500).commands
    loaded = Match(COUNTING, None, None, 7, commands=commands)
    assert loaded.replayed == 500
    loaded.undo()
    assert loaded.replayed < SPACING
    same_as_replay(loaded)


def test_a_refused_command_in_a_record_names_its_index() -> None:
    from game.match.record import ReplayError

    with pytest.raises(ReplayError, match="command 2") as caught:
        Match(COUNTING, None, None, 7, commands=[Add(None), Add(None), Add(None, refuse=True)])
    assert caught.value.index == 2


def test_a_game_without_checkpoints_is_replayed_from_its_start() -> None:
    """The toy ruleset is not Resumable: undo replays every command but the last."""
    match = Match(TOY, ToySetup(), None, 3)
    match.apply(Declare("anna", 2))
    match.apply(Declare("bert", 0))
    match.undo()
    assert match.replayed == 1
    assert len(match.checkpoints) == 0
    assert len(match.commands) == 1


def marks_by_replay(match: Match) -> list[int]:
    game = match.ruleset.new_game(None, None, match.seed)
    marks = [len(game.log)]
    for command in match.commands:
        game.apply(command)
        marks.append(len(game.log))
    return marks


def test_log_marks_follow_apply_undo_redo_and_load() -> None:
    """Match.log_marks: the log's length after each command, as a fresh replay has them."""
    match = counting_match(3 * SPACING + 4)
    assert match.log_marks == marks_by_replay(match)
    for _ in range(SPACING + 2):
        match.undo()
    assert match.log_marks == marks_by_replay(match)
    match.redo()
    match.apply(Add(None))
    assert match.log_marks == marks_by_replay(match)
    loaded = Match(COUNTING, None, None, 7, commands=match.commands)
    assert loaded.log_marks == match.log_marks
    assert len(loaded.log_marks) == len(loaded.commands) + 1
