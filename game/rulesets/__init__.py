"""The rule systems, one package each, in one explicit table by key.

``RULESETS`` is the only place that lists them; nothing registers itself on import.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.match.ruleset import Ruleset
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria_schnell.ruleset import QUICK
from game.rulesets.genesis.ruleset import GENESIS
from game.rulesets.wrs.ruleset import WRS

#: Every ruleset by its key (the key missions and saves use).
RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {ENTARIA.key: ENTARIA, QUICK.key: QUICK, WRS.key: WRS, GENESIS.key: GENESIS}
)

#: The ruleset of a mission that names none.
DEFAULT_RULESET = ENTARIA.key


class UnknownRuleset(KeyError):
    """A mission or save names a ruleset this program does not have."""

    def __init__(self, key: object) -> None:
        super().__init__(key)
        self.key = key

    def __str__(self) -> str:
        return f"unknown ruleset {self.key!r}; known rulesets: {', '.join(sorted(RULESETS))}"


def ruleset(key: str) -> Ruleset:
    """Return the ruleset ``key``; raise UnknownRuleset naming the known ones."""
    try:
        return RULESETS[key]
    except (KeyError, TypeError):
        raise UnknownRuleset(key) from None
