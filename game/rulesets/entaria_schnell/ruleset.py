"""ENTARIA's quick rules as a Ruleset: zones over the map, built on ENTARIA's pure rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.board.dice import RandomRoller, Roller
from game.match.commands import Command, CommandRegistry
from game.match.problem_texts import Texts
from game.match.ruleset import CreatureField
from game.match.views import Texts as ScreenTexts
from game.match.views import Views
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.mission_terms import EntariaMissionTerms
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria_schnell.command_table import COMMANDS
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.mission_glue import QuickMissionRules
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.state import QuickSetup
from game.rulesets.entaria_schnell.views import VIEWS

#: The keys every saved quick-rules state has (checked before a save is replayed).
_SNAPSHOT_KEYS = ("creatures", "order", "round", "remaining", "current", "over", "winner")


@dataclass(frozen=True)
class QuickRuleset(QuickMissionRules):
    """ENTARIA's quick rules (``rules/entaria-schnell.md``, Q- IDs).

    The catalogue, the mission's words and the set-up screen's fields are ENTARIA's
    (asked of ENTARIA); commands, games, views, opponent and the missions' zones are its own.
    """

    key: str = "entaria-schnell"
    version: str = "1"
    name_de: str = "ENTARIA Schnellregeln (Zonen)"
    name_en: str = "ENTARIA quick rules (zones)"

    def name(self, language: str) -> str:
        """Return the ruleset's name in ``language``."""
        return self.name_en if language == "en" else self.name_de

    def load_catalogue(self) -> Catalogue:
        """Return ENTARIA's catalogue: V is Ausweichen, zone bands from field bands."""
        return ENTARIA.load_catalogue()

    def mission_terms(self, catalogue: Catalogue) -> EntariaMissionTerms:
        """Return how a mission's words read: ENTARIA's terrain, creatures and items."""
        return ENTARIA.mission_terms(catalogue)

    def creature_fields(
        self, catalogue: Any, creature_type: str, t: ScreenTexts
    ) -> tuple[CreatureField, ...]:
        """Return what the set-up screen edits of a creature: ENTARIA's fields."""
        return ENTARIA.creature_fields(catalogue, creature_type, t)

    def creature_value_problem(
        self, catalogue: Any, creature_type: str, key: str, value: object
    ) -> Texts | None:
        """Return why ``value`` cannot be a placed creature's ``key`` (ENTARIA's checks)."""
        return ENTARIA.creature_value_problem(catalogue, creature_type, key, value)

    @property
    def commands(self) -> CommandRegistry:
        return COMMANDS

    @property
    def views(self) -> Views:
        """Return what the screen draws of the quick rules."""
        return VIEWS

    def policy_command(self, game: Any) -> Command:
        """Return the built-in opponent's next command for the open decision."""
        return choose_command(game)

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> QuickGame:
        if not isinstance(setup, QuickSetup):
            raise TypeError(f"the quick rules play a QuickSetup, not {type(setup).__name__}")
        return QuickGame(setup, catalogue, roller if roller is not None else RandomRoller(seed))

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        for key in _SNAPSHOT_KEYS:
            if key not in snapshot:
                return f".{key}", "missing"
        if not isinstance(snapshot["creatures"], list):
            return ".creatures", "expected a list of creatures"
        return None


QUICK = QuickRuleset()
