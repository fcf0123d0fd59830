"""``kampfkarte bench engine`` for a ruleset whose built-in opponent plays every side.

It prints numbers, not verdicts. Each ``apply`` sample runs on a fresh copy (a
checkpoint resumed) of the same game, so every sample does the same work with the same
dice; whole matches are played by the policy, one seed after the other. A ruleset hands
in how to start a game, its policy, its headless play-out and how its rounds are named
(WRS: "round", Genesis: "KR").
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from game.match.bench_table import Row, print_table, timed
from game.match.long_bench import grown_rows

__all__ = ["PolicyBench", "print_policy_bench"]

#: The record lengths of the long-fight rows (issue 13).
LONG_LENGTHS = (100, 2000)


@dataclass(frozen=True)
class PolicyBench:
    """How to bench one ruleset: its name, games, policy, play-out and round counter."""

    name: str
    new_game: Callable[[int], Any]  # seed -> a fresh game of the mission
    choose: Callable[[Any], Any]  # game -> the policy's next command
    play_out: Callable[[Any, int], Any]  # game, round limit -> outcome with .rounds/.commands
    round_of: Callable[[Any], int]  # game -> the round (or KR) it is in
    round_word: str = "round"
    rounds_word: str = "rounds"
    match_rounds: int = 30
    #: seed -> a Match on a set-up whose fighters last (the rows of long fights), or None.
    long_fight: Callable[[int], Any] | None = None

    def _mid_game(self, seed: int, commands: int) -> Any:
        game = self.new_game(seed)
        for _ in range(commands):
            if game.over:
                break
            game.apply(self.choose(game))
        return game

    def _apply_row(self, game: Any, repeats: int) -> Row:
        command = self.choose(game)
        point = game.checkpoint()
        times = []
        for _ in range(repeats + 1):
            copy = game.resume(point)
            start = time.perf_counter()
            copy.apply(command)
            times.append((time.perf_counter() - start) * 1000.0)
        times = times[1:]  # the first one warms up
        label = f"apply {type(command).__name__} ({self.round_word} {self.round_of(game)})"
        return (label, statistics.median(times), max(times), "")

    def rows(self, title: str, *, repeats: int, seed: int) -> list[Row]:
        """Measure the engine on matches of the mission ``title``; return the rows."""
        rows: list[Row] = []
        median, worst = timed(lambda: self.new_game(seed), repeats)
        rows.append(("new game (initiative)", median, worst, ""))
        middle = self._mid_game(seed, 12)
        if not middle.over:
            median, worst = timed(lambda: self.choose(middle), repeats)
            where = f"{self.round_word} {self.round_of(middle)}"
            rows.append((f"policy choose_command ({where})", median, worst, ""))
            rows.append(self._apply_row(middle, repeats))
        median, worst = timed(lambda: middle.resume(middle.checkpoint()), repeats)
        rows.append(("checkpoint + resume", median, worst, ""))
        median, worst = timed(lambda: json.dumps(middle.snapshot()), repeats)
        rows.append(("snapshot as JSON", median, worst, ""))
        times, rounds, commands = [], [], []
        for index in range(max(3, repeats // 6)):
            game = self.new_game(seed + index)
            begin = time.perf_counter()
            outcome = self.play_out(game, self.match_rounds)
            times.append((time.perf_counter() - begin) * 1000.0)
            rounds.append(outcome.rounds)
            commands.append(outcome.commands)
        note = (
            f"{len(times)} seeds from {seed}: {self.rounds_word} {min(rounds)}..{max(rounds)}, "
            f"commands {min(commands)}..{max(commands)}"
        )
        rows.append((f"whole simulated match: {title}", statistics.median(times), max(times), note))
        if self.long_fight is not None:
            rows.extend(self._long_rows(self.long_fight(seed), repeats))
        return rows

    def _long_rows(self, match: Any, repeats: int) -> list[Row]:
        """Return the undo and load rows after 100 and 2,000 commands the policy plays."""

        def grow_to(length: int) -> None:
            while match.command_count < length and not match.battle.over:
                match.apply(self.choose(match.battle))

        return grown_rows(match, grow_to, repeats, LONG_LENGTHS)


def print_policy_bench(
    bench: PolicyBench, title: str, *, repeats: int, seed: int, out: TextIO
) -> None:
    """Measure ``bench`` on the mission ``title`` and print it like ``bench rules``."""
    rows = bench.rows(title, repeats=repeats, seed=seed)
    heading = (
        f"kampfkarte bench engine, {bench.name}  (repeats {repeats}, seed {seed}; times in ms)"
    )
    print_table(heading, rows, out, last="note")
