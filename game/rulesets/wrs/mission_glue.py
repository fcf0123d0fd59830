"""WRS's answers to the missions layer (``game.match.mission_ruleset.MissionRuleset``).

The ``WrsRuleset`` has these methods from here: how a mission's words read, the
WrsSetup of a mission, the headless fight of ``kampfkarte simulate`` and the engine
bench on a mission's match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from game.board.grid import BattleGrid
from game.match.events import Event
from game.rulesets.wrs.autoplay import WrsOutcome, outcome_lines, play_out
from game.rulesets.wrs.bench import run_engine_bench
from game.rulesets.wrs.catalogue import WrsCatalogue
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.mission_setup import WrsMissionSetup, wrs_setup
from game.rulesets.wrs.mission_terms import WrsMissionTerms

__all__ = ["WrsMissionRules"]


class WrsMissionRules:
    """What a mission that names ``ruleset = "wrs"`` gets from WRS."""

    def mission_terms(self, catalogue: WrsCatalogue) -> WrsMissionTerms:
        """Return how WRS reads a mission's words, against ``catalogue``."""
        return WrsMissionTerms(catalogue)

    def setup_from_mission(
        self, mission: Any, grid: BattleGrid, catalogue: Any, *, path_label: str
    ) -> WrsMissionSetup:
        """Return the WrsSetup of ``mission`` on ``grid``; raise MissionError."""
        return wrs_setup(mission, grid, catalogue, path_label=path_label)

    def play_out(
        self,
        game: Any,
        *,
        max_rounds: int,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> WrsOutcome:
        """Let the policy play every side of the WrsGame ``game``; return how it ended."""
        return play_out(game, max_rounds=max_rounds, on_events=on_events)

    def outcome_lines(self, game: Any, outcome: Any, language: str) -> list[str]:
        """Return the outcome line and the standing of every character."""
        return outcome_lines(game, outcome, language)

    def mission_facts(self, setup: Any, language: str) -> tuple[str, ...]:
        """Return nothing: ``check``'s summary already says all a set-up holds."""
        return ()

    def engine_bench(self, setup: Any, *, repeats: int, seed: int, out: TextIO) -> None:
        """Print the engine figures on matches of ``setup``."""
        run_engine_bench(setup, load_catalogue(), repeats=repeats, seed=seed, out=out, ruleset=self)
