"""ENTARIA's map tools as the battle screen's kit (``game.ui.map_kits``)."""

from __future__ import annotations

import pygame

from game.rulesets.entaria.views import RANGES
from game.ui.help_sections import HELP_SECTIONS
from game.ui.host import MapHost
from game.ui.map_kit import MapKit
from game.ui.overlays_standing import draw_standing_under
from game.ui.tools.begin import begin_action
from game.ui.tools.select import SelectTool


def _standing_under(scene: MapHost, surface: pygame.Surface) -> None:
    draw_standing_under(scene, surface, ranges=scene.overlay_shown(RANGES))


ENTARIA_KIT = MapKit(
    select=SelectTool,
    begin=begin_action,
    standing_under=_standing_under,
    help_sections=HELP_SECTIONS,
)
