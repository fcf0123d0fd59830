"""A WRS mission plays out headless: ``kampfkarte simulate`` ends, says who won, benches.

The fights run through the python API (``prepared_mission``, the ruleset's ``play_out``),
never against the clock.
"""

from __future__ import annotations

import io

import numpy as np
import pytest

from game.board.grid import BattleGrid
from game.missions.simulate import DEFAULT_ROUNDS, prepared_mission, run_simulate
from game.rulesets.wrs.autoplay import WrsOutcome, outcome_lines
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.mission_setup import SideInfo, WrsMissionSetup
from game.rulesets.wrs.ruleset import WRS
from game.rulesets.wrs.state import FighterSetup
from tests.rulesets.wrs.mission_support import bundled_path, wrs_known

CAT = load_catalogue()


def hand_built() -> WrsMissionSetup:
    """Return three against three on an open 14 x 10 board, with side names."""
    grid = BattleGrid(np.zeros((10, 14), dtype=bool))
    a = [FighterSetup(k, k, "a", (1, 2 + 3 * i)) for i, k in enumerate(("gerold", "ulf", "mira"))]
    b = [
        FighterSetup(k, k, "b", (12, 2 + 3 * i))
        for i, k in enumerate(("brunhild", "konrad", "hanna"))
    ]
    sides = (SideInfo("a", "Wache"), SideInfo("b", "Söldner", "gm"))
    return WrsMissionSetup("Probe", grid, (*a, *b), sides=sides, names=(("ulf", "Ulf"),))


@pytest.mark.usefixtures(wrs_known.__name__)
@pytest.mark.parametrize("seed", range(1, 11))
def test_w_round_2_bundled_mission_ends_with_a_winner_for_seeds_1_to_10(seed: int) -> None:
    """W-ROUND-2, W-WOUND-3: the bundled mission, played by the policy, ends in the
    default rounds with one side left that can act."""
    prepared = prepared_mission(bundled_path())
    assert prepared.ruleset is WRS or prepared.ruleset.key == "wrs"
    game = WRS.new_game(prepared.setup, prepared.catalogue, seed)
    outcome = WRS.play_out(game, max_rounds=DEFAULT_ROUNDS)
    assert outcome.over and outcome.rounds <= DEFAULT_ROUNDS
    assert outcome.winner in {s.key for s in prepared.mission.sides}
    assert not game.decisions()


@pytest.mark.usefixtures(wrs_known.__name__)
def test_simulate_prints_the_winner_in_german_and_english() -> None:
    """``kampfkarte simulate --quiet`` prints the title, the outcome and the standings."""
    for language, words in (
        ("de", ("Ergebnis", "Wunden", "Sieger")),
        ("en", ("Outcome", "wounds")),
    ):
        out = io.StringIO()
        code = run_simulate(bundled_path(), 3, quiet=True, out=out, language=language)
        text = out.getvalue()
        assert code == 0, text
        assert all(word in text for word in words), text
        assert "Die Lagerhalle am Kanal" in text


def test_w_wound_1_outcome_lines_name_sides_wounds_lp_and_armour() -> None:
    """W-WOUND-1, W-ARMOR-2: every line shows wounds against LP a/b/c and armour points."""
    game = WRS.new_game(hand_built(), CAT, 4)
    outcome = WRS.play_out(game, max_rounds=200)
    assert isinstance(outcome, WrsOutcome) and outcome.over
    lines = outcome_lines(game, outcome, "de")
    winner = "Wache" if outcome.winner == "a" else "Söldner"
    assert lines[0].endswith(f"Sieger: {winner}")
    assert len(lines) == 7
    assert any(line.startswith("  Ulf (Wache): Wunden ") for line in lines)
    assert any("bei LP 3/4/10, Rüstungspunkte" in line for line in lines)
    english = WRS.outcome_lines(game, outcome, "en")
    assert english[0].startswith("Outcome: the fight is over") and "of LP 3/4/10" in english[1]


def test_w_round_3_round_limit_is_reported_as_undecided() -> None:
    """W-ROUND-3: a fight stopped at the round limit is said to go on."""
    game = WRS.new_game(hand_built(), CAT, 4)
    outcome = WRS.play_out(game, max_rounds=1)
    assert not outcome.over and outcome.rounds == 1
    assert "nicht entschieden" in WRS.outcome_lines(game, outcome, "de")[0]
    assert "goes on" in WRS.outcome_lines(game, outcome, "en")[0]


def test_play_out_shows_every_commands_events() -> None:
    """``on_events`` sees the events of each command, in order."""
    game = WRS.new_game(hand_built(), CAT, 9)
    seen: list[str] = []
    outcome = WRS.play_out(
        game, max_rounds=200, on_events=lambda ev: seen.extend(e.kind for e in ev)
    )
    assert outcome.commands == len(game.record)
    assert seen[-1] == "over"


def test_engine_bench_prints_figures_without_verdicts() -> None:
    """The bench prints a header and rows of milliseconds, no targets."""
    out = io.StringIO()
    WRS.engine_bench(hand_built(), repeats=2, seed=3, out=out)
    text = out.getvalue()
    assert text.startswith("kampfkarte bench engine, WRS")
    assert "whole simulated match: Probe" in text and "checkpoint + resume" in text
    assert "undo after 100 commands" in text and "load a save of 100 commands" in text
    assert "target" not in text and "<=" not in text
