"""The two actions of a turn and what each costs (W-ROUND-3, W-ACT-*, W-OPEN-5/11).

Every listed example costs one action (W-ACT-1); only readiness costs two
(W-ACT-READY-1). An action the text does not list costs one (W-OPEN-11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from game.rulesets.wrs.rules.terms import ActionType

#: Actions per turn (W-ROUND-3).
ACTIONS_PER_TURN = 2
#: Fields one move action covers: 1 to 3 (W-ACT-MOVE; one Schritt is one field, D-15).
MOVE_MIN_FIELDS = 1
MOVE_MAX_FIELDS = 3

#: Cost of each action in actions (W-ACT-1, W-ACT-READY-1, W-OPEN-11).
ACTION_COST: Mapping[ActionType, int] = MappingProxyType(
    {action: (2 if action is ActionType.READY else 1) for action in ActionType}
)


@dataclass(frozen=True)
class TurnCheck:
    """Whether a planned turn is allowed; if not, ``reason`` says why for the player
    (English, ``german`` in German, no rule IDs) and ``rule`` names the broken rule
    for the details view."""

    allowed: bool
    reason: str = ""
    rule: str = ""
    german: str = ""

    def text(self, language: str) -> str:
        """Return the refusal for the screen: German for "de", else English."""
        return self.german if language == "de" else self.reason


def action_cost(action: ActionType) -> int:
    """Return how many of the turn's two actions ``action`` uses (W-ACT-1)."""
    return ACTION_COST[action]


def check_turn(plan: Sequence[ActionType]) -> TurnCheck:
    """Check a turn's actions in order: at most two actions' worth (W-ROUND-3), the
    defensive position only with the last free action (W-ACT-DEF-1), readiness uses
    both actions and nothing else (W-ACT-READY-1, W-ACT-READY-3)."""
    used = sum(action_cost(action) for action in plan)
    if used > ACTIONS_PER_TURN:
        return TurnCheck(
            False,
            f"{used} actions planned, {ACTIONS_PER_TURN} per turn",
            "W-ROUND-3",
            f"{used} Aktionen geplant, {ACTIONS_PER_TURN} je Runde",
        )
    for index, action in enumerate(plan):
        last_free = index == len(plan) - 1 and used == ACTIONS_PER_TURN
        if action is ActionType.DEFENSIVE_STANCE and not last_free:
            return TurnCheck(
                False,
                "the defensive position needs the last free action",
                "W-ACT-DEF-1",
                "die Verteidigungsposition braucht die letzte freie Aktion",
            )
    return TurnCheck(True)


def check_move(fields: int) -> TurnCheck:
    """Check the fields of one move action: 1 to 3 (W-ACT-MOVE)."""
    if MOVE_MIN_FIELDS <= fields <= MOVE_MAX_FIELDS:
        return TurnCheck(True)
    return TurnCheck(
        False,
        f"a move covers {MOVE_MIN_FIELDS} to {MOVE_MAX_FIELDS} fields, not {fields}",
        "W-ACT-MOVE",
        f"ein Lauf geht {MOVE_MIN_FIELDS} bis {MOVE_MAX_FIELDS} Schritte weit, nicht {fields}",
    )


def max_fields_per_turn() -> int:
    """Return the most fields one turn can cover: two moves of 3 (W-ACT-MOVE, derived)."""
    return ACTIONS_PER_TURN * MOVE_MAX_FIELDS


def aim_applies(previous: ActionType | None, current: ActionType) -> bool:
    """Return whether Zielen gives +25 to ``current``: the previous action of the same
    character was Aim and this one attacks, also across turns (W-ACT-AIM, W-OPEN-5)."""
    attacks = current in (ActionType.ATTACK, ActionType.DRAW_BOW_AND_SHOOT)
    return previous is ActionType.AIM and attacks
