"""How an ENTARIA fight ended, for the end screen: winner, rounds, LP and state of each."""

from __future__ import annotations

from typing import Any

from game.match.views import Result, Standing, Texts
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.terms import condition_name, life_of

#: Said by the end screen's state column already (its life word).
_LIFE_CONDITIONS = (Condition.DEAD, Condition.DYING, Condition.UNCONSCIOUS)


def result(game: Any, t: Texts) -> Result:
    """Return the winner, the rounds and every creature's LP and state."""
    state = game.state
    rows = []
    for creature in state.creatures.values():
        others = [condition_name(c, t) for c in creature.conditions if c not in _LIFE_CONDITIONS]
        rows.append(
            Standing(
                name=creature.name,
                side=creature.side,
                value=f"{creature.lp}/{creature.max_lp}",
                life=life_of(game.held_conditions(creature)),
                state=", ".join(others),
            )
        )
    return Result(state.winner or None, state.round, t("menus.end.lp"), tuple(rows))
