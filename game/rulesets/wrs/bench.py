"""``kampfkarte bench engine`` for a WRS mission (``game.match.engine_bench``)."""

from __future__ import annotations

from typing import Any, TextIO

from game.board.dice import RandomRoller
from game.match.bench_table import Row
from game.match.engine_bench import PolicyBench, print_policy_bench
from game.rulesets.wrs.autoplay import play_out
from game.rulesets.wrs.catalogue import WrsCatalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.state import WrsSetup

__all__ = ["bench_rows", "run_engine_bench"]

MATCH_ROUNDS = 30


def _bench(setup: WrsSetup, catalogue: WrsCatalogue) -> PolicyBench:
    def play(game: Any, rounds: int) -> Any:
        return play_out(game, max_rounds=rounds)

    return PolicyBench(
        name="WRS",
        new_game=lambda seed: WrsGame(setup, catalogue, RandomRoller(seed)),
        choose=choose_command,
        play_out=play,
        round_of=lambda game: int(game.round),
        round_word="round",
        match_rounds=MATCH_ROUNDS,
    )


def bench_rows(setup: WrsSetup, catalogue: WrsCatalogue, *, repeats: int, seed: int) -> list[Row]:
    """Measure the WRS engine on matches of ``setup``; return the rows."""
    return _bench(setup, catalogue).rows(setup.title, repeats=repeats, seed=seed)


def run_engine_bench(
    setup: WrsSetup, catalogue: WrsCatalogue, *, repeats: int, seed: int, out: TextIO
) -> None:
    """Measure and print the WRS engine figures on matches of ``setup``."""
    print_policy_bench(_bench(setup, catalogue), setup.title, repeats=repeats, seed=seed, out=out)
