"""Choosing actions in the quick rules (Handlung wählen, Q-ACT-*, Q-INIT-8).

The action overview is missing from the source, so the full rules' catalogue applies
(Q-ACT-2, Q-OPEN-15): ``ACTION_CATALOG`` is ENTARIA's ``ACTIONS``, imported, not copied.
A turn is one VH or two HH (Q-ACT-1) on ENTARIA's ``TurnBudget``, with one FH per round
and Wehrlos on repetition (Q-OPEN-16). A failed-initiative character pays every FH and
HH as a VH (Q-INIT-8, Q-OPEN-2 A). A critical failure costs no further actions here
(Q-CRIT-FAIL-*: no lost turn), so the quick rules never call ``TurnBudget.forfeit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from game.rulesets.entaria.rules.actions import ACTIONS, Action, ActionRule, Precondition
from game.rulesets.entaria.rules.terms import ActionType, WeaponAttribute
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget
from game.rulesets.entaria_schnell.rules.initiative import InitiativeResult, extra_half_actions

__all__ = [
    "ACTION_CATALOG",
    "DEFAULT_MOVES",
    "ActionNotAllowed",
    "MoveParams",
    "QuickTurn",
    "TurnBudget",
    "can_take",
    "new_turn",
    "paid_type",
    "take",
    "turn_for_round",
    "weapon_allows",
    "zones_allowed",
]

#: The Handlungsübersicht: the full rules' catalogue (Q-ACT-2, Q-OPEN-15).
ACTION_CATALOG: Mapping[Action, ActionRule] = ACTIONS


@dataclass(frozen=True)
class MoveParams:
    """Zones per movement action, a mission parameter (Q-MOVE-1, Q-OPEN-5).

    Gehen 1 zone, Laufen up to 3 by default; Lösen always 1 zone (Q-OPEN-15).
    """

    walk_zones: int = 1
    run_zones: int = 3

    def __post_init__(self) -> None:
        if self.walk_zones < 0 or self.run_zones < self.walk_zones:
            raise ValueError(
                f"zones per move need 0 <= walk <= run, got {self.walk_zones}/{self.run_zones}"
            )


#: Gehen 1 zone, Laufen 3 (Q-OPEN-5).
DEFAULT_MOVES = MoveParams()


def zones_allowed(action: Action, params: MoveParams = DEFAULT_MOVES) -> int:
    """Return how many zones an action moves, 0 if it moves none (Q-MOVE-1, Q-OPEN-5/15).

    Gehen: ``walk_zones``; Laufen: ``run_zones``; Lösen: 1 (it leaves the zone). Other
    moving actions (Sturmangriff, BEW × m) convert m × ``walk_zones``, at most
    ``run_zones``.
    """
    movement = ACTION_CATALOG[action].movement
    if movement is None:
        return 0
    if action is Action.WALK:
        return params.walk_zones
    if action is Action.RUN:
        return params.run_zones
    if movement.fixed_fields is not None:
        return movement.fixed_fields
    return min(movement.bew_multiplier * params.walk_zones, params.run_zones)


def new_turn(*, extra_halves: int = 0, incapacitated: bool = False) -> TurnBudget:
    """Return a fresh turn: one VH or two HH (Q-ACT-1), plus granted extra HH (Q-INIT-3)."""
    budget = TurnBudget.for_creature(incapacitated=incapacitated)
    for _ in range(extra_halves):
        budget = budget.with_extra_half()
    return budget


def paid_type(
    action: Action, *, failed_initiative: bool, as_type: ActionType | None = None
) -> ActionType:
    """Return the type an action is paid as (Q-INIT-8, Q-OPEN-2 A).

    A failed-initiative character pays each FH and HH as a VH; VH and LH stay.
    """
    kind = as_type or ACTION_CATALOG[action].action_type
    if failed_initiative and kind in (ActionType.FREE, ActionType.HALF):
        return ActionType.FULL
    return kind


def can_take(
    budget: TurnBudget,
    action: Action,
    *,
    failed_initiative: bool = False,
    as_type: ActionType | None = None,
) -> tuple[bool, str]:
    """Return (allowed, reason) for an action in this turn (Q-ACT-1, Q-INIT-8)."""
    kind = paid_type(action, failed_initiative=failed_initiative, as_type=as_type)
    return budget.can_spend(action, as_type=kind)


def take(
    budget: TurnBudget,
    action: Action,
    *,
    failed_initiative: bool = False,
    as_type: ActionType | None = None,
) -> TurnBudget:
    """Return the budget after an action; raise ActionNotAllowed (Q-ACT-1, Q-INIT-8)."""
    kind = paid_type(action, failed_initiative=failed_initiative, as_type=as_type)
    return budget.spend(action, as_type=kind)


_WEAPON_NEEDS: Mapping[Precondition, frozenset[WeaponAttribute]] = {
    Precondition.NEEDS_AUTO_FIRE_WEAPON: frozenset({WeaponAttribute.AUTO_FIRE}),
    Precondition.NEEDS_AUTO_FIRE_OR_AREA_FIRE_WEAPON: frozenset(
        {WeaponAttribute.AUTO_FIRE, WeaponAttribute.AREA_FIRE}
    ),
    Precondition.NEEDS_SCOPE: frozenset({WeaponAttribute.SCOPE}),
    Precondition.NEEDS_SHIELD: frozenset({WeaponAttribute.SHIELD}),
}


def weapon_allows(action: Action, attributes: frozenset[WeaponAttribute]) -> bool:
    """Return whether the weapon's equipment attributes permit the action (Q-EQUIP-1, Q-DMG-2).

    An action that needs an attribute (Dauerfeuer, Distanzschuss's optics, a shield)
    needs one of the fitting attributes on the weapon; others need none.
    """
    for need in ACTION_CATALOG[action].preconditions:
        fitting = _WEAPON_NEEDS.get(need)
        if fitting is not None and not fitting & attributes:
            return False
    return True


@dataclass(frozen=True)
class QuickTurn:
    """One creature's turn: ENTARIA's budget plus whether its initiative failed (Q-INIT-8)."""

    budget: TurnBudget = field(default_factory=TurnBudget)
    failed_initiative: bool = False

    def can_take(self, action: Action, *, as_type: ActionType | None = None) -> tuple[bool, str]:
        """Return (allowed, reason) for the action (Q-ACT-1, Q-INIT-8)."""
        return can_take(
            self.budget, action, failed_initiative=self.failed_initiative, as_type=as_type
        )

    def take(self, action: Action, *, as_type: ActionType | None = None) -> QuickTurn:
        """Return the turn after the action; raise ActionNotAllowed (Q-ACT-1, Q-INIT-8)."""
        spent = take(self.budget, action, failed_initiative=self.failed_initiative, as_type=as_type)
        return replace(self, budget=spent)


def turn_for_round(
    result: InitiativeResult | None, round_number: int, *, incapacitated: bool = False
) -> QuickTurn:
    """Return a fresh turn for a round (Q-ACT-1, Q-INIT-3, Q-INIT-8).

    ``result`` is the character's initiative (None for an enemy): a natural 20 adds one
    HH in round 1; a failure makes every FH and HH cost the turn's VH.
    """
    if result is None:
        return QuickTurn(new_turn(incapacitated=incapacitated))
    budget = new_turn(
        extra_halves=extra_half_actions(result, round_number), incapacitated=incapacitated
    )
    return QuickTurn(budget, failed_initiative=result.failed)
