"""The benchmark's overlays: movement, range bands and a template at once (``bench ui``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.board.templates import AreaShape
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.views import RANGES, THREATS
from game.ui.overlays_rules import selected_creature
from game.ui.tools.base import Tool
from game.ui.tools.move_overlay import draw_move_options
from game.ui.tools.template import TemplateTool

if TYPE_CHECKING:
    from game.ui.host import MapHost


def overlay_bench_setup(scene: MapHost) -> Tool:
    """Switch on the movement overlay, the range bands and a template (``bench ui``).

    Selects the current creature (falling back to any creature holding a ranged
    weapon), turns on range bands and threat zones, and installs a TemplateTool that
    also draws the creature's Gehen overlay, with a cone aimed 6 fields east. Returns
    the tool (``scene.tool``).
    """
    battle = scene.session.battle
    weapons = battle.catalogue.weapons
    creatures = list(battle.state.creatures.values())
    pick = battle.current if battle.state.order else (creatures[0] if creatures else None)
    if pick is not None and not any(k in weapons and weapons[k].ranged for k in pick.held):
        pick = next(
            (c for c in creatures if any(k in weapons and weapons[k].ranged for k in c.held)), pick
        )
    if pick is not None:
        scene.select(pick.key)
    scene.show_overlay(RANGES)
    scene.show_overlay(THREATS)
    tool = BenchTool(scene)
    if pick is not None:
        tool.origin = pick.cell
        tool.aim = (pick.cell[0] + 6.5, pick.cell[1] + 2.5)
        tool.shape_index = tool.shapes.index(AreaShape.CONE)
    scene.tool = tool
    return tool


class BenchTool(TemplateTool):
    """A template plus the selected creature's Gehen overlay (for the benchmark)."""

    name = "bench"

    def draw_own_under(self, surface: pygame.Surface) -> None:
        creature = selected_creature(self.scene)
        if creature is not None:
            options = self.layers.moves(self.scene, creature.key, Action.WALK)
            draw_move_options(self, surface, options)
        super().draw_own_under(surface)

    def on_motion(self, event: pygame.event.Event) -> None:
        """The benchmark's template stays where it was aimed."""
