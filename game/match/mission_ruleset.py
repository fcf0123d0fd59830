"""What the missions layer asks the ruleset a mission names (``[mission] ruleset``).

The mission formats (native TOML, Universal VTT, Tiled) are the same for every rule
system. What their rule-specific words mean — terrain kinds and wall materials of the
legend, creature types, equipment, conditions at the start — only the ruleset knows:
the readers parse them as plain names and ask the ruleset's ``MissionTerms``. The
ruleset then turns the whole mission (passed as data, the missions layer's ``Mission``)
into the set-up of a match, and plays a match out headless for ``kampfkarte simulate``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO, runtime_checkable

from game.board.grid import BattleGrid, FieldKind
from game.match.events import Event
from game.match.problem_texts import Texts
from game.match.ruleset import Ruleset

#: A message for the person who wrote the file: English, or texts per language.
Message = str | Texts


class MissionTerms(Protocol):
    """The rule-specific words of a mission file as one ruleset reads them.

    Each ``*_problem`` returns None for a name the ruleset knows, else the message for
    the person who wrote the file (what was found, what was expected): English, or
    texts per language (``game.match.problem_texts``).
    """

    @property
    def terrain_kinds(self) -> Sequence[str]:
        """Return the terrain kind keys a legend may name, in the catalogue's order."""
        ...

    @property
    def creature_types(self) -> Sequence[str]:
        """Return the creature type keys a creature may name, sorted."""
        ...

    def terrain_problem(self, key: str) -> Message | None:
        """Return what is wrong with the legend's terrain kind ``key`` (None: known)."""
        ...

    def material_problem(self, key: str) -> Message | None:
        """Return what is wrong with the legend's wall material ``key`` (None: known)."""
        ...

    def creature_problem(self, key: str) -> Message | None:
        """Return what is wrong with the creature type ``key`` (None: known)."""
        ...

    def equipment_problem(self, key: str) -> Message | None:
        """Return what is wrong with the equipment ``key`` (None: known)."""
        ...

    def held_problems(
        self, creature_type: str, equipment: Sequence[str] | None, held: Sequence[str]
    ) -> list[tuple[int | None, Message]]:
        """Return what is wrong with a creature starting with ``held`` in hand.

        ``equipment`` is the creature's (None: its type's). Each problem is (the index in
        ``held`` it is about, or None for the list as a whole, the message); [] when fine.
        """
        ...

    def condition_key(self, name: str) -> str | None:
        """Return the one key of the condition ``name`` (its names are alike), None if unknown."""
        ...

    def condition_problem(self, name: str) -> Message:
        """Return the message for the unknown condition ``name``."""
        ...

    def creature_name(self, key: str) -> str:
        """Return the name a creature of type ``key`` has when the mission gives none."""
        ...

    def footprint(self, key: str) -> int:
        """Return the side in fields of a creature type's square footprint (unknown: 1)."""
        ...

    def token_art(self, key: str) -> str:
        """Return the token art kind a creature type names (``game.match.token_kinds``; "")."""
        ...

    def terrain_char(self, key: str) -> str:
        """Return the legend character the terrain kind ``key`` suggests ("" for none)."""
        ...

    def terrain_name(self, key: str) -> str:
        """Return the readable name of the terrain kind ``key`` (the key if unknown)."""
        ...

    def material_name(self, key: str) -> str:
        """Return the readable name of the wall material ``key`` (the key if unknown)."""
        ...

    def terrain_field(
        self, key: str, *, difficult: bool | None, target: int | None
    ) -> FieldKind | None:
        """Return the field of terrain kind ``key`` with the legend's overrides (None: unknown)."""
        ...

    def wall_field(self, material: str) -> FieldKind | None:
        """Return the field of a wall, pane or door of ``material`` (None: unknown)."""
        ...


@runtime_checkable
class MissionRuleset(Ruleset, Protocol):
    """A ruleset a mission can name: reads its words, sets up its match, plays it out."""

    def name(self, language: str) -> str:
        """Return the ruleset's name in ``language`` ("de" or "en")."""
        ...

    def mission_terms(self, catalogue: Any) -> MissionTerms:
        """Return how the ruleset reads a mission's words, against ``catalogue``."""
        ...

    def setup_from_mission(
        self, mission: Any, grid: BattleGrid, catalogue: Any, *, path_label: str
    ) -> Any:
        """Return the set-up of a match on ``mission`` (a missions ``Mission``, as data).

        ``grid`` is the mission's rules grid. Raise MissionError naming the mission's
        keys for anything the ruleset cannot start a match with.
        """
        ...

    def play_out(
        self,
        game: Any,
        *,
        max_rounds: int,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> Any:
        """Let the built-in opponent decide for every side until the fight ends.

        Stop after ``max_rounds`` rounds; ``on_events`` sees each command's events.
        Return the outcome (for ``outcome_lines``).
        """
        ...

    def outcome_lines(self, game: Any, outcome: Any, language: str) -> list[str]:
        """Return the lines that say how a played-out fight ended and who stands how."""
        ...

    def mission_facts(self, setup: Any, language: str) -> tuple[str, ...]:
        """Return lines ``check`` prints about a mission's set-up, e.g. its zone count.

        ``setup`` is what ``setup_from_mission`` returned; ``language`` is "de" or "en".
        """
        ...

    def engine_bench(self, setup: Any, *, repeats: int, seed: int, out: TextIO) -> None:
        """Measure the engine on a match of ``setup`` and print the figures to ``out``."""
        ...
