"""Which ruleset a mission plays (``[mission] ruleset``), from ``game.rulesets.RULESETS``.

The missions layer knows rulesets only through this table and the protocols of
``game.match.mission_ruleset``; it names no rule system itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.board.grid import FieldKind
from game.match.mission_ruleset import Message, MissionRuleset, MissionTerms
from game.match.problem_texts import Texts
from game.match.problems import MissionError, problem_of, suggested
from game.missions.loader_texts import mission_say
from game.rulesets import RULESETS

__all__ = [
    "UNCHECKED_TERMS",
    "known_rulesets",
    "mission_ruleset",
    "mission_terms",
    "ruleset_problem",
]


def known_rulesets() -> list[str]:
    """Return the keys of the rulesets a mission may name, sorted."""
    return sorted(key for key, ruleset in RULESETS.items() if isinstance(ruleset, MissionRuleset))


def ruleset_problem(key: str) -> Texts | None:
    """Return what is wrong with the ruleset key ``key`` of a mission, per language
    (None: known)."""
    known = known_rulesets()
    if key in known:
        return None
    listed = ", ".join(repr(k) for k in known)
    return mission_say("unknown_ruleset", key=key, hint=suggested(key, known), listed=listed)


def mission_ruleset(key: str, *, path_label: str = "<mission>") -> MissionRuleset:
    """Return the ruleset ``key``; raise MissionError naming the known ones."""
    problem = ruleset_problem(key)
    ruleset = RULESETS.get(key)
    if problem is not None or not isinstance(ruleset, MissionRuleset):
        raise MissionError([problem_of(path_label, problem or "", key="mission.ruleset")])
    return ruleset


def mission_terms(
    key: str, catalogue: Any | None = None, *, path_label: str = "<mission>"
) -> MissionTerms:
    """Return how the ruleset ``key`` reads a mission's words.

    ``catalogue`` is that ruleset's catalogue (None: the one it ships).
    """
    ruleset = mission_ruleset(key, path_label=path_label)
    return ruleset.mission_terms(ruleset.load_catalogue() if catalogue is None else catalogue)


class _UncheckedTerms:
    """The words of a mission whose ruleset is unknown: every name passes unchecked.

    Its ruleset is reported once; checking its names against another ruleset would only
    bury that one message under wrong ones.
    """

    terrain_kinds: Sequence[str] = ()
    creature_types: Sequence[str] = ()

    def terrain_problem(self, key: str) -> str | None:
        return None

    def material_problem(self, key: str) -> str | None:
        return None

    def creature_problem(self, key: str) -> str | None:
        return None

    def equipment_problem(self, key: str) -> str | None:
        return None

    def held_problems(
        self, creature_type: str, equipment: Sequence[str] | None, held: Sequence[str]
    ) -> list[tuple[int | None, Message]]:
        return []

    def condition_key(self, name: str) -> str | None:
        return name.lower()

    def condition_problem(self, name: str) -> Texts:
        return mission_say("unknown_condition", name=name)

    def creature_name(self, key: str) -> str:
        return key

    def footprint(self, key: str) -> int:
        return 1

    def token_art(self, key: str) -> str:
        return ""

    def terrain_char(self, key: str) -> str:
        return ""

    def terrain_name(self, key: str) -> str:
        return key

    def material_name(self, key: str) -> str:
        return key

    def terrain_field(
        self, key: str, *, difficult: bool | None, target: int | None
    ) -> FieldKind | None:
        return None

    def wall_field(self, material: str) -> FieldKind | None:
        return None


#: The terms of a mission whose ruleset is unknown (see _UncheckedTerms).
UNCHECKED_TERMS: MissionTerms = _UncheckedTerms()
