"""WRS as a Ruleset of the seam: commands, catalogue, games, views, missions, set-up fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.board.dice import RandomRoller, Roller
from game.match.commands import Command, CommandRegistry
from game.match.problem_texts import Texts
from game.match.ruleset import CreatureField
from game.match.views import Texts as ScreenTexts
from game.match.views import Views
from game.rulesets.wrs.catalogue import WrsCatalogue
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.command_table import COMMANDS
from game.rulesets.wrs.creature_fields import creature_fields, creature_value_problem
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.mission_glue import WrsMissionRules
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.state import WrsSetup
from game.rulesets.wrs.views import VIEWS

#: The keys every saved WRS state has (checked before a save is replayed).
_SNAPSHOT_KEYS = ("fighters", "first_order", "order", "round", "turn_index", "over", "winner")


@dataclass(frozen=True)
class WrsRuleset(WrsMissionRules):
    """WRS, combat rounds (``rules/wrs.md``, W- IDs)."""

    key: str = "wrs"
    version: str = "1"
    name_de: str = "WRS (Kampfrunden)"
    name_en: str = "WRS (combat rounds)"

    @property
    def commands(self) -> CommandRegistry:
        return COMMANDS

    @property
    def views(self) -> Views:
        """Return what the screen draws of WRS (game.rulesets.wrs.views)."""
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

    def load_catalogue(self) -> WrsCatalogue:
        return load_catalogue()

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> WrsGame:
        if not isinstance(setup, WrsSetup):
            raise TypeError(f"WRS plays a WrsSetup, not {type(setup).__name__}")
        return WrsGame(setup, catalogue, roller if roller is not None else RandomRoller(seed))

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        for key in _SNAPSHOT_KEYS:
            if key not in snapshot:
                return f".{key}", "missing"
        if not isinstance(snapshot["fighters"], list):
            return ".fighters", "expected a list of fighters"
        return None


WRS = WrsRuleset()
