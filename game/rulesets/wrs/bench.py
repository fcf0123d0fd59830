"""``kampfkarte bench engine`` for a WRS mission (``game.match.engine_bench``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TextIO

from game.board.dice import RandomRoller
from game.match.bench_table import Row
from game.match.engine_bench import PolicyBench, print_policy_bench
from game.match.record import Match
from game.rulesets.wrs.autoplay import play_out
from game.rulesets.wrs.catalogue import WrsCatalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.rules.wounds import LifePoints
from game.rulesets.wrs.state import WrsSetup

__all__ = ["bench_rows", "run_engine_bench"]

MATCH_ROUNDS = 30


def _bench(setup: WrsSetup, catalogue: WrsCatalogue, ruleset: Any = None) -> PolicyBench:
    """Return the bench of ``setup``; with ``ruleset`` (the WRS Ruleset) the long-fight rows."""

    def play(game: Any, rounds: int) -> Any:
        return play_out(game, max_rounds=rounds)

    def long_fight(seed: int) -> Match:
        return Match(ruleset, _lasting(setup, catalogue), catalogue, seed)

    return PolicyBench(
        name="WRS",
        new_game=lambda seed: WrsGame(setup, catalogue, RandomRoller(seed)),
        choose=choose_command,
        play_out=play,
        round_of=lambda game: int(game.round),
        round_word="round",
        match_rounds=MATCH_ROUNDS,
        long_fight=long_fight if ruleset is not None else None,
    )


def _lasting(setup: WrsSetup, catalogue: WrsCatalogue) -> WrsSetup:
    """Return ``setup`` with every fighter's LP a/b/c 40 times as high (a long fight)."""
    fighters = []
    for placed in setup.fighters:
        kind = placed.own or catalogue.fighters[placed.fighter]
        lp = kind.life_points
        tough = LifePoints(lp.down_at * 40, lp.unconscious_at * 40, lp.dead_at * 40)
        fighters.append(replace(placed, own=replace(kind, life_points=tough)))
    return replace(setup, fighters=tuple(fighters))


def bench_rows(setup: WrsSetup, catalogue: WrsCatalogue, *, repeats: int, seed: int) -> list[Row]:
    """Measure the WRS engine on matches of ``setup``; return the rows."""
    return _bench(setup, catalogue).rows(setup.title, repeats=repeats, seed=seed)


def run_engine_bench(
    setup: WrsSetup,
    catalogue: WrsCatalogue,
    *,
    repeats: int,
    seed: int,
    out: TextIO,
    ruleset: Any = None,
) -> None:
    """Measure and print the WRS engine figures on matches of ``setup``."""
    bench = _bench(setup, catalogue, ruleset)
    print_policy_bench(bench, setup.title, repeats=repeats, seed=seed, out=out)
