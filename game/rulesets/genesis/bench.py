"""``kampfkarte bench engine`` for a Genesis mission: timings of the engine, as figures.

It prints numbers, not verdicts. Each ``apply`` sample runs on a fresh copy (a
checkpoint resumed) of the same game, so every sample does the same work with the same
dice; whole matches are played by the policy, one seed after the other.
"""

from __future__ import annotations

import json
import statistics
import time
from typing import TextIO

from game.board.dice import RandomRoller
from game.match.bench_table import Row, print_table, timed
from game.rulesets.genesis.autoplay import play_out
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.state import GenesisSetup

__all__ = ["bench_rows", "run_engine_bench"]

MATCH_ROUNDS = 200


def _mid_game(
    setup: GenesisSetup, catalogue: GenesisCatalogue, seed: int, commands: int
) -> GenesisGame:
    """Return a game of ``setup`` after up to ``commands`` policy commands."""
    game = GenesisGame(setup, catalogue, RandomRoller(seed))
    for _ in range(commands):
        if game.over:
            break
        game.apply(choose_command(game))
    return game


def _apply_row(game: GenesisGame, repeats: int) -> Row:
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
    label = f"apply {type(command).__name__} (KR {game.kr})"
    return (label, statistics.median(times), max(times), "")


def bench_rows(
    setup: GenesisSetup, catalogue: GenesisCatalogue, *, repeats: int, seed: int
) -> list[Row]:
    """Measure the Genesis engine on matches of ``setup``; return the rows."""
    rows: list[Row] = []
    median, worst = timed(lambda: GenesisGame(setup, catalogue, RandomRoller(seed)), repeats)
    rows.append(("new game (initiative)", median, worst, ""))
    middle = _mid_game(setup, catalogue, seed, 12)
    if not middle.over:
        median, worst = timed(lambda: choose_command(middle), repeats)
        rows.append((f"policy choose_command (KR {middle.kr})", median, worst, ""))
        rows.append(_apply_row(middle, repeats))
    median, worst = timed(lambda: middle.resume(middle.checkpoint()), repeats)
    rows.append(("checkpoint + resume", median, worst, ""))
    median, worst = timed(lambda: json.dumps(middle.snapshot()), repeats)
    rows.append(("snapshot as JSON", median, worst, ""))
    times, rounds, commands = [], [], []
    for index in range(max(3, repeats // 6)):
        game = GenesisGame(setup, catalogue, RandomRoller(seed + index))
        begin = time.perf_counter()
        outcome = play_out(game, max_rounds=MATCH_ROUNDS)
        times.append((time.perf_counter() - begin) * 1000.0)
        rounds.append(outcome.rounds)
        commands.append(outcome.commands)
    note = (
        f"{len(times)} seeds from {seed}: KR {min(rounds)}..{max(rounds)}, "
        f"commands {min(commands)}..{max(commands)}"
    )
    rows.append(
        (f"whole simulated match: {setup.title}", statistics.median(times), max(times), note)
    )
    return rows


def print_rows(rows: list[Row], *, repeats: int, seed: int, out: TextIO) -> None:
    """Print the rows like ``kampfkarte bench rules`` does, without targets."""
    title = f"kampfkarte bench engine, Genesis  (repeats {repeats}, seed {seed}; times in ms)"
    print_table(title, rows, out, last="note")


def run_engine_bench(
    setup: GenesisSetup, catalogue: GenesisCatalogue, *, repeats: int, seed: int, out: TextIO
) -> None:
    """Measure and print the Genesis engine figures on matches of ``setup``."""
    rows = bench_rows(setup, catalogue, repeats=repeats, seed=seed)
    print_rows(rows, repeats=repeats, seed=seed, out=out)
