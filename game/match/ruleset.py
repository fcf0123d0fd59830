"""The Ruleset protocol: what the match machinery and the screen ask a rule system.

A ruleset is one object (``game/rulesets/<key>/``, listed in ``game.rulesets.RULESETS``).
The match machinery needs only the part below: its key and version, its command table,
its catalogue, a fresh game for a set-up and a seed, and that game's answers (apply a
command, the open decisions, the state as JSON). The screen plays a ``PlayableRuleset``:
it asks the ruleset's views for everything rule-specific (``game.match.views``) and lets
the ruleset's built-in opponent choose the commands of the seats it plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from game.board.dice import Roller
from game.match.commands import Command, CommandRegistry
from game.match.decisions import Decision
from game.match.events import Event
from game.match.problem_texts import Texts
from game.match.views import Texts as ScreenTexts
from game.match.views import Views


class Game(Protocol):
    """One live match of a ruleset: the state machine its commands drive."""

    @property
    def record(self) -> Sequence[Command]:
        """Return the commands applied so far, in order."""
        ...

    @property
    def log(self) -> Sequence[Event]:
        """Return every event so far, in order."""
        ...

    def apply(self, command: Command) -> list[Event]:
        """Apply ``command`` or raise ``CommandRejected`` (then nothing changed)."""
        ...

    def decisions(self) -> tuple[Decision, ...]:
        """Return the open decisions, the one the fight waits for first (empty: over)."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """Return the state as plain JSON data (what a save stores and compares)."""
        ...


class Ruleset(Protocol):
    """A rule system as the match machinery sees it."""

    @property
    def key(self) -> str:
        """Return the key missions and saves name the ruleset by."""
        ...

    @property
    def version(self) -> str:
        """Return the version of the rules; a save records it."""
        ...

    @property
    def commands(self) -> CommandRegistry:
        """Return the table of the ruleset's command kinds."""
        ...

    def load_catalogue(self) -> Any:
        """Return the ruleset's bundled catalogue (its static definitions)."""
        ...

    def new_game(
        self, setup: Any, catalogue: Any, seed: int, *, roller: Roller | None = None
    ) -> Game:
        """Return a fresh game of ``setup`` whose dice come from ``seed`` (or ``roller``)."""
        ...

    def snapshot_problem(self, snapshot: dict[str, Any]) -> tuple[str, str] | None:
        """Return (where below ``$.snapshot``, what is wrong) for a malformed saved state."""
        ...


@runtime_checkable
class PlayableRuleset(Ruleset, Protocol):
    """A ruleset the screen can play: its views and its built-in opponent."""

    @property
    def views(self) -> Views:
        """Return what the screen draws of the rules (``game.match.views``)."""
        ...

    def policy_command(self, game: Any) -> Command:
        """Return the built-in opponent's next command for the open decision of ``game``."""
        ...


# ------------------------------------------------------------------ set-up screen
class ValueKind(Enum):
    """How a creature's value is entered on the set-up screen."""

    TEXT = "text"  # one line of text, at most ``max_length`` characters
    NUMBER = "number"  # a whole number in ``low..high``
    NAMES = "names"  # a list of names out of ``choices`` (comma-separated on screen)
    PICTURE = "picture"  # a picture file, relative to the mission's folder
    SHOWN = "shown"  # the type's values, shown but not stored per creature


@dataclass(frozen=True)
class CreatureField:
    """One value of a placed creature the set-up screen shows and edits.

    ``key`` is the native mission's ``[[creatures]]`` key it is saved under (``name``,
    ``lp``, ``equipment``, ``image``, or ``values.<name>``: one entry of the creature's
    ``values`` table); a ``SHOWN`` field is not saved, its ``default`` is the text shown.
    ``label`` (short) and ``hint`` (the tooltip) are in the screen's language; ``default``
    is the type's value.
    """

    key: str
    kind: ValueKind
    label: str
    default: str | int | tuple[str, ...] = ""
    low: int = 0
    high: int = 0
    max_length: int = 0
    choices: tuple[str, ...] = ()
    hint: str = ""


@runtime_checkable
class SetupRuleset(Ruleset, Protocol):
    """A ruleset whose creatures the set-up screen places and edits (issue 13)."""

    def creature_fields(
        self, catalogue: Any, creature_type: str, t: ScreenTexts
    ) -> tuple[CreatureField, ...]:
        """Return the values a creature of ``creature_type`` has, in the screen's order.

        Labels and shown values are in ``t``'s language.
        """
        ...

    def creature_value_problem(
        self, catalogue: Any, creature_type: str, key: str, value: object
    ) -> Texts | None:
        """Return why ``value`` cannot be the creature's ``key`` (None: it can), per language.

        Checked as the catalogue checks its creature types' values.
        """
        ...
