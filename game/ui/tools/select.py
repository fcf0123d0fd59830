"""The default tool ("select"): the base tool's clicks plus its keys and hand-overs.

What a click does is ``Tool``'s (``base``). The select tool adds what leads to another
tool: M opens the measuring template, and a rolled area fire that waits for its
placement (D-6) takes the player straight back to painting it. C (the game master's
cover ruling) and E (the next held weapon) are its keys as well.

An enemy the current creature cannot attack (no line of sight, out of range, a wall
between) says why under the mouse and on a click ("Kein Angriff: keine Sichtlinie ..."):
the reason is the ruleset's target mark (``queries.targets``, the attack's own plan),
else the engine's dry run of the Attack the click would send (no Halbe Handlung left),
never the screen's guess. The click still selects the enemy, as before. An enemy it can
attack shows the hit chance under the mouse (``attack_offer.plain_attack_odds``).
"""

from __future__ import annotations

import pygame

from game.board.grid import Cell
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.ui.overlays_rules import UNARMED, creature_at
from game.ui.tools.area_fire import AreaFireTool, placement_waiting
from game.ui.tools.attack_offer import refusal_text
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

    def refusal_of(self, target: CreatureState) -> str:
        """Return why a click on ``target`` would not attack it, or "" (the ruleset's mark).

        Only for an enemy of the current creature while it is selected, when no held
        weapon (nor bare hands) can attack: the reason of the weapon chosen for it.
        """
        actor = self.current_actor()
        if actor is None or self.scene.selected != actor.key or target.key == actor.key:
            return ""
        if target not in self.battle.enemies_of(actor) or self.attack_choice(target) is not None:
            return ""
        weapon = self.layers.weapon_for(self.scene, actor, lambda w: True) or UNARMED
        mark = self.layers.marks(self.scene, actor.key, weapon).get(target.key)
        if mark is None:
            return ""
        if mark.reason:
            return self.t("tools.cannot_attack", reason=in_language(mark.reason, self.t.language))
        # in reach and sight, yet refused (no Halbe Handlung left ...): the engine's words
        return refusal_text(self.scene, Attack(actor.key, target.key, weapon))

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        target = creature_at(self.scene, cell)
        shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
        if target is not None and not shift and (why := self.refusal_of(target)):
            self.message(why, bad=True)  # said, then selected as before
        return super().left_click(cell, event)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        super().draw_own_over(surface)
        cell = self.hover_cell()
        target = creature_at(self.scene, cell) if cell is not None else None
        if target is not None and (why := self.refusal_of(target)):
            self.tooltip(surface, [target.name, why], border=(200, 90, 80))

    def draw_under(self, surface: pygame.Surface) -> None:
        if (placing := self.resume_placement()) is not None:
            placing.draw_under(surface)
            return
        super().draw_under(surface)
