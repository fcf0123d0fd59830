"""The default tool ("select"): the base tool's clicks plus its keys and hand-overs.

What a click does is ``Tool``'s (``base``). The select tool adds what leads to another
tool: M opens the measuring template, and a rolled area fire that waits for its
placement (D-6) takes the player straight back to painting it. C (the game master's
cover ruling) and E (the next held weapon) are its keys as well.
"""

from __future__ import annotations

import pygame

from game.ui.tools.area_fire import AreaFireTool, placement_waiting
from game.ui.tools.base import Tool
from game.ui.tools.template import TemplateTool


class SelectTool(Tool):
    """The tool the map has when no action is under way."""

    def resume_placement(self) -> Tool | None:
        """Enter the placement of a rolled area fire that waits (D-6).

        A scene opened (load, undo) or a tool left while the current creature's rolled
        total waits brings the player straight back to painting it.
        """
        if type(self) is not SelectTool:
            return None
        pending = placement_waiting(self.scene)
        if pending is None:
            return None
        tool = AreaFireTool.placing(self.scene, pending)
        self.scene.tool = tool
        return tool

    def handle(self, event: pygame.event.Event) -> bool:
        if (placing := self.resume_placement()) is not None:
            return placing.handle(event)
        return super().handle(event)

    def key(self, event: pygame.event.Event) -> bool:
        """Keys of the default tool: M template, C cover (game master), E weapon."""
        if event.key == pygame.K_m:
            self.scene.tool = TemplateTool(self.scene)
            return True
        if event.key == pygame.K_c and self.is_gm():
            return self.cycle_cover()
        if event.key == pygame.K_e:
            return self.cycle_weapon()
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        if (placing := self.resume_placement()) is not None:
            placing.draw_under(surface)
            return
        super().draw_under(surface)
