"""ENTARIA's answers to the missions layer (``game.match.mission_ruleset.MissionRuleset``).

The ``EntariaRuleset`` has these methods from here: how a mission's words read, the
BattleSetup of a mission, the headless fight of ``kampfkarte simulate`` and the engine
bench on a mission's match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from game.board.grid import BattleGrid
from game.match.events import Event
from game.rulesets.entaria.autoplay import outcome_lines, play_out
from game.rulesets.entaria.bench import run_engine_bench
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.mission_setup import battle_setup
from game.rulesets.entaria.mission_terms import EntariaMissionTerms
from game.rulesets.entaria.policy import Outcome
from game.rulesets.entaria.setup import BattleSetup


class EntariaMissionRules:
    """What a mission that names ``ruleset = "entaria"`` gets from ENTARIA."""

    def mission_terms(self, catalogue: Catalogue) -> EntariaMissionTerms:
        """Return how ENTARIA reads a mission's words, against ``catalogue``."""
        return EntariaMissionTerms(catalogue)

    def setup_from_mission(
        self, mission: Any, grid: BattleGrid, catalogue: Any, *, path_label: str
    ) -> BattleSetup:
        """Return the BattleSetup of ``mission`` on ``grid``; raise MissionError."""
        return battle_setup(mission, grid, path_label=path_label)

    def play_out(
        self,
        game: Any,
        *,
        max_rounds: int,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> Outcome:
        """Let the policy play every side of the Battle ``game``; return how it ended."""
        return play_out(game, max_rounds=max_rounds, on_events=on_events)

    def outcome_lines(self, game: Any, outcome: Any, language: str) -> list[str]:
        """Return the outcome line and the standing of every creature."""
        return outcome_lines(game, outcome, language)

    def mission_facts(self, setup: Any, language: str) -> tuple[str, ...]:
        """Return nothing: ``check``'s summary already says all a set-up holds."""
        return ()

    def engine_bench(self, setup: Any, *, repeats: int, seed: int, out: TextIO) -> None:
        """Print the engine figures, the whole match of ``setup`` and long fights included."""
        run_engine_bench(repeats=repeats, seed=seed, out=out, match_setup=setup, ruleset=self)
