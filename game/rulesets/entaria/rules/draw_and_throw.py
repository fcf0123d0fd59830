"""Throwing a weapon from the belt: draw it (Interagieren), then throw it (Wurfangriff).

The source names an action "Wurfwaffe ziehen und werfen" but never defines it
(E-THROW-1, E-OPEN-16); its recommended reading keeps that action unavailable
(``Action.DRAW_AND_THROW`` stays disabled) and has a weapon on the belt drawn with
Interagieren (HH, E-ACT-HH-INTERAGIEREN) and thrown with Wurfangriff (HH, E-ACT-HH-WURF).
The screen offers those two listed actions as one step; this module says what the step
costs: two HH of the turn, spent in that order. They are two different actions, so the
pair alone never makes the thrower Wehrlos (E-ACT-6); an Interagieren or Wurfangriff
taken earlier in the round (a third HH bought with Impuls) does.
"""

from __future__ import annotations

from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget

#: The listed actions a throw from the belt is made of, in the order they are spent.
DRAW_THEN_THROW: tuple[Action, Action] = (Action.INTERACT, Action.THROW_ATTACK)


def budget_after_draw_and_throw(budget: TurnBudget) -> TurnBudget:
    """Return the budget after drawing and throwing; raise ActionNotAllowed with the reason.

    The first refusal is the budget's own (nothing left, a critical failure, a longer
    action); with a single HH left the reason names both actions it would need.
    """
    draw, throw = DRAW_THEN_THROW
    after_draw = budget.spend(draw)
    allowed, _ = after_draw.can_spend(throw)
    if not allowed:
        raise ActionNotAllowed(
            say(
                "drawing (Interact) and throwing (throw attack) take two half actions; "
                "only one is left",
                "Ziehen (Interagieren) und Werfen (Wurfangriff) brauchen zwei Halbe "
                "Handlungen (HH); es ist nur noch eine übrig",
            )
        )
    return after_draw.spend(throw)


def draw_and_throw_refusal(budget: TurnBudget) -> str:
    """Return why the budget cannot pay for drawing and throwing now, or ""."""
    try:
        budget_after_draw_and_throw(budget)
    except ActionNotAllowed as error:
        return error.reason
    return ""


def defenceless_after_draw_and_throw(budget: TurnBudget) -> bool:
    """Return whether drawing and throwing now makes the thrower Wehrlos (E-ACT-6).

    Only an action of the pair already taken this round repeats; the pair itself does not.
    """
    draw, throw = DRAW_THEN_THROW
    if budget.defenceless_after(draw):
        return True
    try:
        return budget.spend(draw).defenceless_after(throw)
    except ActionNotAllowed:
        return False  # nothing is spent, so nothing repeats
