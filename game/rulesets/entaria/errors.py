"""The refusal of a command: what ENTARIA's handlers raise when a command cannot apply."""

from __future__ import annotations

from game.match.commands import CommandRejected as MatchCommandRejected
from game.rulesets.entaria.rules.terms import german, in_language, rule_ids


class CommandRejected(MatchCommandRejected):
    """A command that cannot be applied now; ``reason`` says why (for the screen).

    ``str(error)`` and ``reason`` are the English; raisers pass a ``Text`` (``say(en, de)``)
    so that ``de`` is the German and ``text(language)`` the one the screen wants.
    ``str(error)`` returns ``reason`` itself, so code that keeps ``str(error)`` keeps the
    German too (``german(str(error))``). ``text`` is for players: without rule IDs, which
    ``rules`` lists for the game master's details.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # keeps a Text's German (the base stores str())

    def __str__(self) -> str:
        return self.reason

    @property
    def de(self) -> str:
        """Return the German reason (the English when the raiser gave none)."""
        return german(self.reason)

    @property
    def rules(self) -> tuple[str, ...]:
        """Return the rule and decision IDs the reason names (for a details view)."""
        return rule_ids(self.reason)

    def text(self, language: str) -> str:
        """Return the reason in ``language`` ("de" German, else English), without rule IDs."""
        return in_language(self.reason, language)
