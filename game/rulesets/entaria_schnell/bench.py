"""``kampfkarte bench engine`` for a quick-rules mission: timings of the engine, as figures.

It prints numbers, not verdicts (as the WRS and ENTARIA benches do). Each ``apply``
sample runs on a fresh copy (a checkpoint resumed) of the same game, so every sample does
the same work with the same dice; whole matches are played by the policy, one seed after
the other, and their commands per second are the note of that row. The undo rows build a
long record on a ``Match`` (moves and ended turns, so the fight goes on) and time an
undo of its last command, each followed by an untimed redo.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any, TextIO

from game.board.dice import RandomRoller
from game.match.bench_table import Row, print_table, timed
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.long_bench import grown_rows
from game.match.record import Match
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.errors import CommandRejected
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.autoplay import play_out
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.state import QuickSetup

__all__ = ["bench_rows", "long_rows", "run_engine_bench"]

#: Rounds a whole simulated match may last.
MATCH_ROUNDS = 30
#: The record lengths the undo rows compare.
LENGTHS = (100, 2000)


def _mid_game(setup: QuickSetup, catalogue: Catalogue, seed: int, commands: int) -> QuickGame:
    """Return a game of ``setup`` after ``commands`` policy commands, at a creature's turn
    (the policy's costly decision: attack plans and moves), or the last state reached."""
    game = QuickGame(setup, catalogue, RandomRoller(seed))
    for done in range(commands + 100):
        if game.over:
            break
        if done >= commands and game.decisions()[0].kind is DecisionKind.TURN:
            break
        game.apply(choose_command(game))
    return game


def _decision_row(setup: QuickSetup, catalogue: Catalogue, seed: int) -> Row:
    """Time every policy decision of one whole match: the median and the slowest."""
    game = QuickGame(setup, catalogue, RandomRoller(seed))
    samples = []
    while not game.over and game.round <= MATCH_ROUNDS:
        start = time.perf_counter()
        command = choose_command(game)
        samples.append((time.perf_counter() - start) * 1000.0)
        game.apply(command)
    label = f"policy choose_command, each decision of a match ({len(samples)})"
    return (label, statistics.median(samples), max(samples), f"seed {seed}")


def _apply_row(game: QuickGame, repeats: int) -> Row:
    """Time ``apply`` of the policy's next command on fresh copies of ``game``."""
    command = choose_command(game)
    point = game.checkpoint()
    times = []
    for _ in range(repeats + 1):
        copy = game.resume(point)
        start = time.perf_counter()
        copy.apply(command)
        times.append((time.perf_counter() - start) * 1000.0)
    times = times[1:]  # the first one warms up
    label = f"apply {type(command).__name__} (round {game.round})"
    return (label, statistics.median(times), max(times), "")


def _match_rows(setup: QuickSetup, catalogue: Catalogue, *, repeats: int, seed: int) -> list[Row]:
    """Time whole policy-played matches; the note gives their commands per second."""
    times, rounds, commands = [], [], []
    for index in range(max(3, repeats // 6)):
        game = QuickGame(setup, catalogue, RandomRoller(seed + index))
        begin = time.perf_counter()
        outcome = play_out(game, max_rounds=MATCH_ROUNDS)
        times.append((time.perf_counter() - begin) * 1000.0)
        rounds.append(outcome.rounds)
        commands.append(outcome.commands)
    per_second = sum(commands) / (sum(times) / 1000.0) if sum(times) else 0.0
    note = (
        f"{len(times)} seeds from {seed}: rounds {min(rounds)}..{max(rounds)}, "
        f"commands {min(commands)}..{max(commands)}, {per_second:,.0f} commands/s"
    )
    return [(f"whole simulated match: {setup.title}", statistics.median(times), max(times), note)]


def bench_rows(setup: QuickSetup, catalogue: Catalogue, *, repeats: int, seed: int) -> list[Row]:
    """Measure the quick-rules engine on matches of ``setup``; return the rows."""
    rows: list[Row] = []
    median, worst = timed(lambda: QuickGame(setup, catalogue, RandomRoller(seed)), repeats)
    rows.append(("new game (initiative)", median, worst, ""))
    middle = _mid_game(setup, catalogue, seed, 12)
    if not middle.over:
        median, worst = timed(lambda: choose_command(middle), repeats)
        kind = middle.decisions()[0].kind.value
        rows.append((f"policy choose_command ({kind}, round {middle.round})", median, worst, ""))
        rows.append(_apply_row(middle, repeats))
    median, worst = timed(lambda: middle.resume(middle.checkpoint()), repeats)
    rows.append(("checkpoint + resume", median, worst, ""))
    median, worst = timed(lambda: json.dumps(middle.snapshot()), repeats)
    rows.append(("snapshot as JSON", median, worst, ""))
    rows.append(_decision_row(setup, catalogue, seed))
    rows.extend(_match_rows(setup, catalogue, repeats=repeats, seed=seed))
    return rows


# ---------------------------------------------------------------- long records: undo
def _long_command(game: QuickGame, rng: random.Random) -> Command:
    """Return a command that keeps the fight going: a walk now and then, else end the turn.

    ORDER and OUTCOME decisions are the policy's.
    """
    found = game.decisions()[0]
    if found.kind is not DecisionKind.TURN:
        return choose_command(game)
    key = found.creature or ""
    if game.turn_allows(key, Action.WALK) and rng.random() < 0.5:
        zones = sorted(game.move_targets(key, "walk"))
        free = [zone for zone in zones if game.landing(key, zone) is not None]
        if free:
            return c.Move(actor=key, action="walk", zone=rng.choice(free))
    return c.EndTurn(actor=key)


def grow(match: Match, rng: random.Random, length: int) -> None:
    """Apply the keep-going mix until the record holds ``length`` commands (or it is over)."""
    while match.command_count < length and not match.battle.over:
        try:
            match.apply(_long_command(match.battle, rng))
        except CommandRejected:
            continue


def long_rows(
    ruleset: Any,
    setup: QuickSetup,
    catalogue: Catalogue,
    seed: int,
    repeats: int,
    *,
    lengths: tuple[int, ...] = LENGTHS,
) -> list[Row]:
    """Return the undo and load rows after each of ``lengths`` commands (the quick rules)."""
    match = Match(ruleset, setup, catalogue, seed)
    rng = random.Random(seed)
    return grown_rows(match, lambda length: grow(match, rng, length), repeats, lengths)


def print_rows(rows: list[Row], *, repeats: int, seed: int, out: TextIO) -> None:
    """Print the rows like the other engine benches do."""
    title = (
        f"kampfkarte bench engine, ENTARIA quick rules  (repeats {repeats}, seed {seed}; "
        "times in ms)"
    )
    print_table(title, rows, out, last="note")


def run_engine_bench(
    setup: QuickSetup, *, repeats: int, seed: int, out: TextIO, ruleset: Any
) -> None:
    """Measure and print the quick-rules engine figures on matches of ``setup``.

    ``ruleset`` is the quick rules' Ruleset (the match machinery's undo rows need it).
    """
    catalogue = ruleset.load_catalogue()
    rows = bench_rows(setup, catalogue, repeats=repeats, seed=seed)
    rows.extend(long_rows(ruleset, setup, catalogue, seed, repeats))
    print_rows(rows, repeats=repeats, seed=seed, out=out)
