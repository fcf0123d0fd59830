"""The movement tool's odds: the chance of the Geschick save a path out of reach asks.

The ruleset answers through its views (``Views.leave_reach_odds``: D-10, Geschick vs
ZW 15, Laufen with Nachteil, the mover's conditions); this module asks once per change
of the match and shows the views' words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.entaria.queries.movement import MoveOptions
from game.rulesets.entaria.rules.actions import Action
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost


def leave_reach_lines(scene: MapHost, options: MoveOptions) -> list[str]:
    """Return the save's chance for a move of ``options`` that leaves a melee reach."""
    battle, views, t = scene.session.battle, scene.session.views, scene.app.t
    running = options.action is Action.RUN
    lines = layers_of(scene).get(
        scene,
        ("leave_save", options.key, running, t.language),
        lambda: views.leave_reach_odds(battle, options.key, running, t),
    )
    return list(lines)


def repeat_lines(scene: MapHost, options: MoveOptions) -> list[str]:
    """Return the views' warning when this move repeats an action of the turn."""
    views, t = scene.session.views, scene.app.t
    warning = views.repeat_warning(scene.session.battle, options.action, t)
    return [warning] if warning else []
