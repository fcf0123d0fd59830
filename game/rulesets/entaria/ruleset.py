"""ENTARIA's full grid rules as a Ruleset: what the match machinery and screen ask."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.board.dice import Roller
from game.match.commands import Command, CommandRegistry
from game.match.problem_texts import Texts
from game.match.ruleset import CreatureField
from game.match.views import Texts as ScreenTexts
from game.match.views import Views
from game.rulesets.entaria.catalogue import Catalogue
from game.rulesets.entaria.catalogue_loader import load_catalogue
from game.rulesets.entaria.command_table import COMMANDS, new_battle
from game.rulesets.entaria.creature_fields import creature_fields, creature_value_problem
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.mission_glue import EntariaMissionRules
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.views import VIEWS


@dataclass(frozen=True)
class EntariaRuleset(EntariaMissionRules):
    """ENTARIA, full grid combat rules (``rules/entaria.md``, E- IDs)."""

    key: str = "entaria"
    #: Raised whenever a change of the rules makes older saves replay differently.
    #: 2: issue 10 (checks, armour, held, objects); 3: issue 11 (edge walls, reach past walls).
    version: str = "3"
    name_de: str = "ENTARIA (Gitterregeln)"
    name_en: str = "ENTARIA (grid rules)"

    @property
    def commands(self) -> CommandRegistry:
        return COMMANDS

    @property
    def views(self) -> Views:
        """Return what the screen draws of the rules (game.rulesets.entaria.views)."""
        return VIEWS

    def policy_command(self, game: Any) -> Command:
        """Return the built-in opponent's next command for the creature on turn."""
        return choose_command(game)

    def name(self, language: str) -> str:
        """Return the ruleset's name in ``language``."""
        return self.name_en if language == "en" else self.name_de

    def load_catalogue(self) -> Catalogue:
        return load_catalogue()

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> Battle:
        if not isinstance(setup, BattleSetup):
            raise TypeError(f"ENTARIA plays a BattleSetup, not {type(setup).__name__}")
        return new_battle(setup, catalogue, seed, roller=roller)

    def creature_fields(
        self, catalogue: Any, creature_type: str, t: ScreenTexts
    ) -> tuple[CreatureField, ...]:
        """Return what the set-up screen edits of a creature (``creature_fields``)."""
        return creature_fields(catalogue, creature_type, t)

    def creature_value_problem(
        self, catalogue: Any, creature_type: str, key: str, value: object
    ) -> Texts | None:
        """Return why ``value`` cannot be a placed creature's ``key``, as the catalogue checks."""
        return creature_value_problem(catalogue, creature_type, key, value)

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        for key in _SNAPSHOT_KEYS:
            if key not in snapshot:
                return f".{key}", "missing"
        if not isinstance(snapshot["creatures"], list):
            return ".creatures", "expected a list of creatures"
        return None


#: The keys every saved ENTARIA state has (checked before a save is replayed).
_SNAPSHOT_KEYS = ("creatures", "order", "round", "turn_index", "budget", "over", "winner")

ENTARIA = EntariaRuleset()
