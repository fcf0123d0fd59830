"""Headless quick-rules fights (``autoplay.play_out``, ``kampfkarte simulate``).

The policy plays every side of the quick Straßenkampf; seeds 1-10 end (over = True) with
a winner, and ``outcome_lines`` gives the outcome line and one line per creature, in
German and English (Q-DEFEAT-1/2: Besiegt enemies carry their outcome).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.board.dice import RandomRoller
from game.cli import main
from game.missions.simulate import prepared_mission
from game.rulesets.entaria_schnell.autoplay import QuickOutcome, outcome_lines, play_out
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.ruleset import QUICK
from game.rulesets.entaria_schnell.state import QuickSetup

from .test_fuzz import quick_mission

ROUNDS = 50


@pytest.fixture(scope="module")
def mission_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return quick_mission(tmp_path_factory.mktemp("quick"))


@pytest.fixture(scope="module")
def mission(mission_path: Path) -> tuple[QuickSetup, Any]:
    prepared = prepared_mission(mission_path)
    return prepared.setup, prepared.catalogue


def played(mission: tuple[QuickSetup, Any], seed: int) -> tuple[QuickGame, QuickOutcome]:
    setup, catalogue = mission
    game = QUICK.new_game(setup, catalogue, seed)
    return game, play_out(game, max_rounds=ROUNDS)


@pytest.mark.parametrize("seed", range(1, 11))
def test_play_out_ends_the_quick_strassenkampf(mission: tuple[QuickSetup, Any], seed: int) -> None:
    """Seeds 1-10: the policy's fight ends with a winner, and it agrees with the state."""
    game, outcome = played(mission, seed)
    assert outcome.over and game.over
    assert outcome.winner == game.winner and outcome.winner in {"gruppe", "punks"}
    assert outcome.commands == len(game.record)
    assert 1 <= outcome.rounds <= ROUNDS and outcome.rounds == game.round
    standing = {cr.side for key, cr in game.creatures.items() if game.standing(key)}
    assert standing == {outcome.winner}
    for creature in game.creatures.values():
        if creature.defeated:  # every Besiegt enemy got its outcome (Q-DEFEAT-2)
            assert creature.outcome == "STUNNED"  # the policy stuns


def test_play_out_is_reproducible_per_seed(mission: tuple[QuickSetup, Any]) -> None:
    """The same seed plays the same fight; events reach ``on_events`` as the log has them."""
    setup, catalogue = mission
    seen: list[str] = []
    first = QuickGame(setup, catalogue, RandomRoller(4))
    outcome = play_out(first, max_rounds=ROUNDS, on_events=lambda es: seen.extend(e.en for e in es))
    second, again = played(mission, 4)
    assert again == outcome
    assert second.snapshot() == first.snapshot()
    assert seen and seen == [e.en for e in first.log[-len(seen) :]]  # all after the start


def test_play_out_stops_at_the_round_limit(mission: tuple[QuickSetup, Any]) -> None:
    """A limit of one round stops the fight undecided, and the outcome says so."""
    setup, catalogue = mission
    game = QuickGame(setup, catalogue, RandomRoller(3))
    outcome = play_out(game, max_rounds=1)
    assert not outcome.over and outcome.rounds == 1 and outcome.winner is None
    lines = outcome_lines(game, outcome, "en")
    assert lines[0].startswith("Outcome: round limit of 1 reached")
    assert outcome_lines(game, outcome, "de")[0].startswith("Ergebnis: Rundenlimit 1 erreicht")


@pytest.mark.parametrize("language", ["de", "en"])
def test_outcome_lines_give_one_line_per_creature(
    mission: tuple[QuickSetup, Any], language: str
) -> None:
    """outcome_lines: the outcome, then a line per creature with side, LP, state and zone."""
    game, outcome = played(mission, 1)
    lines = outcome_lines(game, outcome, language)
    assert len(lines) == 1 + len(game.creatures)
    head = lines[0]
    words = {"de": ("Ergebnis:", "Sieger:"), "en": ("Outcome:", "Winner:")}[language]
    assert head.startswith(words[0]) and words[1] in head
    for line, (key, creature) in zip(lines[1:], game.creatures.items(), strict=True):
        assert line.startswith(f"  {creature.name} (")
        assert f": {creature.lp} LP, " in line
        assert line.endswith(game.zones.names[game.zone_of(key)])
        if creature.defeated:
            assert ("defeated, stunned" if language == "en" else "besiegt, stunned") in line
        elif creature.lp <= 0:
            assert ("down" if language == "en" else "kampfunfähig") in line
        else:
            assert ("standing" if language == "en" else "steht") in line


@pytest.mark.parametrize("language", ["de", "en"])
def test_kampfkarte_simulate_plays_the_quick_mission(
    mission_path: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kampfkarte simulate FILE --seed N`` on the quick mission prints the outcome lines."""
    code = main(["simulate", str(mission_path), "--seed", "2", "--language", language])
    out = capsys.readouterr().out
    assert code == 0
    assert ("Outcome:" if language == "en" else "Ergebnis:") in out
