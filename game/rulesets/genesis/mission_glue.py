"""Genesis' answers to the missions layer (``game.match.mission_ruleset.MissionRuleset``).

The ``GenesisRuleset`` has these methods from here: how a mission's words read, the
GenesisSetup of a mission, the headless fight of ``kampfkarte simulate`` and the engine
bench on a mission's match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from game.board.grid import BattleGrid
from game.match.events import Event
from game.rulesets.genesis.autoplay import GenesisOutcome, outcome_lines, play_out
from game.rulesets.genesis.bench import run_engine_bench
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.catalogue_loader import load_catalogue
from game.rulesets.genesis.mission_setup import GenesisMissionSetup, genesis_setup
from game.rulesets.genesis.mission_terms import GenesisMissionTerms

__all__ = ["GenesisMissionRules"]


class GenesisMissionRules:
    """What a mission that names ``ruleset = "genesis"`` gets from Genesis."""

    def mission_terms(self, catalogue: GenesisCatalogue) -> GenesisMissionTerms:
        """Return how Genesis reads a mission's words, against ``catalogue``."""
        return GenesisMissionTerms(catalogue)

    def setup_from_mission(
        self, mission: Any, grid: BattleGrid, catalogue: Any, *, path_label: str
    ) -> GenesisMissionSetup:
        """Return the GenesisSetup of ``mission`` on ``grid``; raise MissionError."""
        return genesis_setup(mission, grid, catalogue, path_label=path_label)

    def play_out(
        self,
        game: Any,
        *,
        max_rounds: int,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> GenesisOutcome:
        """Let the policy play every side of the GenesisGame ``game``; return how it ended."""
        return play_out(game, max_rounds=max_rounds, on_events=on_events)

    def outcome_lines(self, game: Any, outcome: Any, language: str) -> list[str]:
        """Return the outcome line and the standing of every fighter."""
        return outcome_lines(game, outcome, language)

    def mission_facts(self, setup: Any, language: str) -> tuple[str, ...]:
        """Return the scale of the map: one field is one metre (D-16)."""
        return ("1 Feld = 1 m",) if language != "en" else ("1 field = 1 m",)

    def engine_bench(self, setup: Any, *, repeats: int, seed: int, out: TextIO) -> None:
        """Print the engine figures on matches of ``setup``."""
        run_engine_bench(setup, load_catalogue(), repeats=repeats, seed=seed, out=out, ruleset=self)
