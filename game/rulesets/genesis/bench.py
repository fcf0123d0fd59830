"""``kampfkarte bench engine`` for a Genesis mission (``game.match.engine_bench``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TextIO

from game.board.dice import RandomRoller
from game.match.bench_table import Row
from game.match.engine_bench import PolicyBench, print_policy_bench
from game.match.record import Match
from game.rulesets.genesis.autoplay import play_out
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.state import GenesisSetup

__all__ = ["bench_rows", "run_engine_bench"]

MATCH_ROUNDS = 200


def _bench(setup: GenesisSetup, catalogue: GenesisCatalogue, ruleset: Any = None) -> PolicyBench:
    """Return the bench of ``setup``; with ``ruleset`` (the Genesis Ruleset) the long-fight rows."""

    def play(game: Any, rounds: int) -> Any:
        return play_out(game, max_rounds=rounds)

    def long_fight(seed: int) -> Match:
        return Match(ruleset, _lasting(setup, catalogue), catalogue, seed)

    return PolicyBench(
        name="Genesis",
        new_game=lambda seed: GenesisGame(setup, catalogue, RandomRoller(seed)),
        choose=choose_command,
        play_out=play,
        round_of=lambda game: int(game.kr),
        round_word="KR",
        rounds_word="KR",
        match_rounds=MATCH_ROUNDS,
        long_fight=long_fight if ruleset is not None else None,
    )


def _lasting(setup: GenesisSetup, catalogue: GenesisCatalogue) -> GenesisSetup:
    """Return ``setup`` with every fighter's LE 40 times as high (a long fight)."""
    fighters = []
    for placed in setup.fighters:
        kind = placed.own or catalogue.fighters[placed.fighter]
        fighters.append(replace(placed, own=replace(kind, le=kind.le * 40)))
    return replace(setup, fighters=tuple(fighters))


def bench_rows(
    setup: GenesisSetup, catalogue: GenesisCatalogue, *, repeats: int, seed: int
) -> list[Row]:
    """Measure the Genesis engine on matches of ``setup``; return the rows."""
    return _bench(setup, catalogue).rows(setup.title, repeats=repeats, seed=seed)


def run_engine_bench(
    setup: GenesisSetup,
    catalogue: GenesisCatalogue,
    *,
    repeats: int,
    seed: int,
    out: TextIO,
    ruleset: Any = None,
) -> None:
    """Measure and print the Genesis engine figures on matches of ``setup``."""
    bench = _bench(setup, catalogue, ruleset)
    print_policy_bench(bench, setup.title, repeats=repeats, seed=seed, out=out)
