"""The quick rules' answers to the missions layer (``MissionRuleset``).

Mission words, catalogue and set-up fields are ENTARIA's (the quick rules reuse its
catalogue, Q-OPEN-15); the set-up adds the zones, the fight and its bench are our own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from game.board.grid import BattleGrid
from game.match.events import Event
from game.rulesets.entaria_schnell.autoplay import QuickOutcome, outcome_lines, play_out
from game.rulesets.entaria_schnell.bench import run_engine_bench
from game.rulesets.entaria_schnell.mission_setup import quick_setup
from game.rulesets.entaria_schnell.state import QuickSetup

__all__ = ["QuickMissionRules"]


class QuickMissionRules:
    """What a mission that names ``ruleset = "entaria-schnell"`` gets from the quick rules."""

    def setup_from_mission(
        self, mission: Any, grid: BattleGrid, catalogue: Any, *, path_label: str
    ) -> QuickSetup:
        """Return the QuickSetup of ``mission`` on ``grid``; raise MissionError."""
        return quick_setup(mission, grid, path_label=path_label)

    def play_out(
        self,
        game: Any,
        *,
        max_rounds: int,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> QuickOutcome:
        """Let the policy play every side of ``game``; return how it ended."""
        return play_out(game, max_rounds=max_rounds, on_events=on_events)

    def outcome_lines(self, game: Any, outcome: Any, language: str) -> list[str]:
        """Return the outcome line and the standing of every creature."""
        return outcome_lines(game, outcome, language)

    def mission_facts(self, setup: Any, language: str) -> tuple[str, ...]:
        """Return what ``check`` says of the set-up: the zone count (D-14)."""
        count = setup.zones.count
        return (f"{count} zones" if language == "en" else f"{count} Zonen",)

    def engine_bench(self, setup: Any, *, repeats: int, seed: int, out: TextIO) -> None:
        """Print the engine figures on matches of ``setup``."""
        run_engine_bench(setup, repeats=repeats, seed=seed, out=out, ruleset=self)
