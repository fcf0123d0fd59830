"""Decisions: who must decide what next, whatever the rule system.

A ruleset does not have "the creature on turn"; it has open decisions. Each names its
kind, the side whose seat answers it (None: only the game master) and, where one
creature decides, that creature. Every answer is an ordinary command, so the record,
replay, undo and saves need nothing special for any kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class DecisionKind(Enum):
    """What kind of decision is open."""

    TURN = "turn"  # a creature's turn: its actions until it ends the turn
    REACTION = "reaction"  # out of turn: readiness, Abwarten, a reroll after a roll
    DECLARATION = "declaration"  # announced before anything is rolled (Genesis AT/PA counts)
    DEFENCE = "defence"  # the defender answers an attack (parry, dodge)
    OUTCOME = "outcome"  # a choice of what a result means (the quick rules' Besiegt)
    ORDER = "order"  # a side picks who acts next (the quick rules' successful block)


@dataclass(frozen=True)
class Decision:
    """One open decision: its kind, the deciding side (None: the GM) and creature."""

    kind: DecisionKind
    side: str | None
    creature: str | None = None
    #: A short note for logs and the details view (what is asked).
    note: str = ""

    def allows(self, side: str | None, *, game_master: bool = False) -> bool:
        """Return whether a command from ``side`` (or the game master) may answer."""
        return game_master or (self.side is not None and side == self.side)


def owner_refusal(decision: Decision | None, side: str | None, *, game_master: bool) -> str:
    """Return why a command from ``side`` may not answer ``decision`` ("" when it may)."""
    if decision is None:
        return "no decision is open: the fight is over"
    if decision.allows(side, game_master=game_master):
        return ""
    who = "the game master" if decision.side is None else f"side {decision.side!r}"
    what = f" ({decision.creature})" if decision.creature else ""
    return f"it is {who}'s {decision.kind.value}{what}, not {side!r}'s"
