"""The movement tool's odds: the chance of the Geschick save a path out of reach asks.

The ruleset answers (``queries.chances.leave_reach_save_chance``, D-10: Geschick vs ZW 15,
Laufen with Nachteil, the mover's conditions); this module asks once per change of the
match and writes the ruleset's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.entaria.queries.chances import leave_reach_save_chance
from game.rulesets.entaria.queries.movement import MoveOptions
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.views.chances import leave_reach_line
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost


def leave_reach_lines(scene: MapHost, options: MoveOptions) -> list[str]:
    """Return the save's chance for a move of ``options`` that leaves a melee reach."""
    battle = scene.session.battle
    running = options.action is Action.RUN
    save = layers_of(scene).get(
        scene,
        ("leave_save", options.key, running),
        lambda: leave_reach_save_chance(battle, options.key, running=running),
    )
    return [leave_reach_line(save, scene.app.t)]
