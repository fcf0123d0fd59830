"""Genesis as a Ruleset of the seam: commands, catalogue, games, views, missions, set-up fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.board.dice import RandomRoller, Roller
from game.match.commands import Command, CommandRegistry
from game.match.problem_texts import Texts
from game.match.ruleset import CreatureField
from game.match.views import Texts as ScreenTexts
from game.match.views import Views
from game.rulesets.genesis.catalogue import GenesisCatalogue
from game.rulesets.genesis.catalogue_loader import load_catalogue
from game.rulesets.genesis.command_table import COMMANDS
from game.rulesets.genesis.creature_fields import creature_fields, creature_value_problem
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.mission_glue import GenesisMissionRules
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.state import GenesisSetup
from game.rulesets.genesis.views import VIEWS

#: The keys every saved Genesis state has (checked before a save is replayed).
_SNAPSHOT_KEYS = ("kr", "phase", "queue", "fighters", "hits", "over", "winner")


@dataclass(frozen=True)
class GenesisRuleset(GenesisMissionRules):
    """Genesis, 2-second combat rounds with d100 attack and parry (``rules/genesis.md``)."""

    key: str = "genesis"
    version: str = "1"
    name_de: str = "Genesis (Kampfrunden zu 2 Sekunden)"
    name_en: str = "Genesis (2-second combat rounds)"

    @property
    def commands(self) -> CommandRegistry:
        return COMMANDS

    @property
    def views(self) -> Views:
        """Return what the screen draws of Genesis (game.rulesets.genesis.views)."""
        return VIEWS

    def creature_fields(
        self, catalogue: Any, creature_type: str, t: ScreenTexts
    ) -> tuple[CreatureField, ...]:
        """Return the values the set-up screen shows and edits of a fighter."""
        return creature_fields(catalogue, creature_type, t)

    def creature_value_problem(
        self, catalogue: Any, creature_type: str, key: str, value: object
    ) -> Texts | None:
        """Return why ``value`` cannot be the fighter's ``key`` (None: it can)."""
        return creature_value_problem(catalogue, creature_type, key, value)

    def name(self, language: str) -> str:
        """Return the ruleset's name in ``language``."""
        return self.name_en if language == "en" else self.name_de

    def policy_command(self, game: Any) -> Command:
        """Return the built-in opponent's next command for the open decision."""
        return choose_command(game)

    def load_catalogue(self) -> GenesisCatalogue:
        return load_catalogue()

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> GenesisGame:
        if not isinstance(setup, GenesisSetup):
            raise TypeError(f"Genesis plays a GenesisSetup, not {type(setup).__name__}")
        return GenesisGame(setup, catalogue, roller if roller is not None else RandomRoller(seed))

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        for key in _SNAPSHOT_KEYS:
            if key not in snapshot:
                return f".{key}", "missing"
        if not isinstance(snapshot["fighters"], list):
            return ".fighters", "expected a list of fighters"
        return None


GENESIS = GenesisRuleset()
