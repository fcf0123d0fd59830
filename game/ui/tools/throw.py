"""The throw tool: Wurfangriff at a field, with the scatter diagram of a miss (D-7).

With ``from_belt`` the weapon is still on the belt: a click draws and throws it in one
step (Interagieren, then Wurfangriff; ``DrawAndThrowAtField``, E-OPEN-16).

Hovering a field asks the engine whether it would take the click's command there (a dry
run, ``queries.dry_runs.refusal``, once per field and match revision): a refused field
shows the engine's reason ("Kein Angriff: Feld [6, 2] ist nicht in Sichtlinie") instead of
the template, so the screen never decides the rule itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.draw_and_throw import DrawAndThrowAtField
from game.rulesets.entaria.queries.dry_runs import refusal
from game.rulesets.entaria.queries.scatter import scatter_diagram, scatter_path
from game.rulesets.entaria.queries.templates import TemplatePreview, template_cells
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.throwing import ThrowAtField
from game.ui import overlays, theme
from game.ui.field_shading import FieldShading
from game.ui.overlays_rules import Slot, ThrowResult, band_name, layers_of, weapon_name
from game.ui.overlays_standing import draw_standing_over, draw_standing_under
from game.ui.tools.base import Tool, _title

if TYPE_CHECKING:
    from game.ui.host import MapHost


AIM = (255, 220, 80)
REFUSED = (255, 70, 60)  # as the ranged attack's reticle on a target it cannot attack


class ThrowTool(Tool):
    """Wurfangriff at a field; a miss leaves the scatter diagram on screen (D-7)."""

    name = "throw"

    def __init__(
        self, scene: MapHost, actor: CreatureState, weapon: str, *, from_belt: bool = False
    ) -> None:
        super().__init__(scene)
        self.actor = actor
        self.weapon = weapon
        self.from_belt = from_belt  # drawn first (Interagieren), then thrown
        self.layers.weapons[actor.key] = weapon
        self._impact = Slot()
        self._impact_shade = Slot()
        self._refusal = Slot()

    def weapon_data(self) -> WeaponType:
        weapon: WeaponType = self.battle.catalogue.weapons[self.weapon]
        return weapon

    def preview(self, cell: Cell) -> TemplatePreview | None:
        weapon = self.weapon_data()
        if weapon.area_shape is None or weapon.area_size is None or not self.in_map(cell):
            return None
        shape, size, origin = weapon.area_shape, weapon.area_size, self.actor.cell
        return self._impact.get(
            self.scene,
            (self.weapon, cell, origin),
            lambda: template_cells(self.battle, shape, cell, 0.0, size, impact_from=origin),
        )

    def refusal(self, cell: Cell) -> str:
        """Return why the engine would refuse the click at ``cell`` now, or "" (cached)."""
        return self._refusal.get(
            self.scene,
            (self.weapon, self.from_belt, cell, self.actor.key),
            lambda: refusal(self.battle, self.command(cell)),
        )

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        if not self.in_map(cell):
            return True
        return self.throw_at(cell)

    def throw_at(self, cell: Cell) -> bool:
        """Throw at ``cell``; keep the result (and the scatter diagram of a miss) on screen."""
        scene = self.scene
        actor = self.actor
        thrower = actor.cell
        diagram = scatter_diagram(self.battle, actor.key, cell)
        outcome = scene.send(self.command(cell))
        if not outcome.ok:
            return True
        result = ThrowResult(thrower=thrower, intended=cell, landing=cell, hit=True)
        for event in outcome.events:
            if event.kind == "scatter":
                data = event.data
                result.hit = False
                result.diagram = diagram
                result.direction_roll = int(data["direction_roll"])
                result.distance_roll = int(data["distance_roll"])
                result.landing = (int(data["landing"][0]), int(data["landing"][1]))
                step = (int(data["step"][0]), int(data["step"][1]))
                result.path = scatter_path(scene.session.battle, cell, step, result.distance_roll)
            elif event.kind == "area" and "fields" in event.data:
                result.area = [(int(x), int(y)) for x, y in event.data["fields"]]
                landing = event.data.get("landing")
                if landing is not None:
                    result.landing = (int(landing[0]), int(landing[1]))
        layers_of(scene).sticky = result
        return True

    def command(self, cell: Cell) -> Command:
        """Return the throw at ``cell``: from the hand, or drawn from the belt first."""
        if self.from_belt:
            return DrawAndThrowAtField(self.actor.key, self.weapon, cell)
        return ThrowAtField(self.actor.key, self.weapon, cell)

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def draw_under(self, surface: pygame.Surface) -> None:
        draw_standing_under(self.scene, surface, ranges=True)
        cell = self.hover_cell()
        refused = cell is None or not self.in_map(cell) or bool(self.refusal(cell))
        preview = self.preview(cell) if cell is not None and not refused else None
        if preview is not None:
            shading = self._impact_shade.get(
                self.scene,
                (self.weapon, preview.origin),
                lambda: FieldShading(
                    [(preview.mask, theme.TEMPLATE_FIELD, "fill")], preview.mask.shape
                ),
            )
            shading.draw(surface, self.scene.camera)

    def draw_over(self, surface: pygame.Surface) -> None:
        draw_standing_over(self.scene, surface, ranges=True, sight=False)
        cell = self.hover_cell()
        weapon = self.weapon_data()
        title = _title(self.scene, Action.THROW_ATTACK)
        lines = [f"{title}: {weapon_name(self.scene, self.weapon)}"]
        if self.from_belt:
            lines.append(self.t("tools.from_belt"))
        border = theme.ACCENT
        if cell is not None and self.in_map(cell):
            reason = self.refusal(cell)
            colour = REFUSED if reason else AIM
            camera = self.scene.camera
            overlays.outline_cell(surface, camera, cell, colour, 2)
            overlays.draw_arrow(
                surface,
                camera.cell_centre(self.actor.cell),
                camera.cell_centre(cell),
                colour,
                2,
            )
            rings = self.layers.rings(self.scene, self.actor.key, weapon.key)
            band = int(rings.band_index[cell[1], cell[0]])
            ring = next((r for r in rings.bands if int(r.band) == band), None)
            if ring is not None:
                state = (
                    overlays.edge_text(ring.edge, self.t)
                    if ring.usable
                    else self.t("tools.band_unusable")
                )
                lines.append(f"{band_name(self.scene, ring.band)}: {state}")
            if reason:  # what the click would answer, not the template
                language = self.t.language
                lines.append(self.t("tools.cannot_attack", reason=in_language(reason, language)))
                border = theme.TEXT_BAD
            else:
                lines += self.chance(cell)
                preview = self.preview(cell)
                if preview is not None:
                    lines += self.inside(preview)
        else:
            lines.append(self.t("tools.pick_field"))
        self.tooltip(surface, lines, border)
        self.draw_controls(surface)

    def chance(self, cell: Cell) -> tuple[str, ...]:
        """Return the views' chance that the throw lands on ``cell``, once per change."""
        battle, key, weapon, t = self.battle, self.actor.key, self.weapon, self.t
        views = self.scene.session.views
        return self.layers.get(
            self.scene,
            ("throw_chance", key, weapon, cell, t.language),
            lambda: views.throw_odds(battle, key, weapon, cell, t),
        )

    def blast(self, creature: str) -> str:
        """Return the blast's damage to ``creature`` after its armour (E-AREA-2), cached."""
        battle, key, weapon, t = self.battle, self.actor.key, self.weapon, self.t
        views = self.scene.session.views
        return self.layers.get(
            self.scene,
            ("blast_damage", key, weapon, creature, t.language),
            lambda: views.blast_odds(battle, key, weapon, creature, t),
        )

    def inside(self, preview: TemplatePreview) -> list[str]:
        visible = self.scene.visible_keys()
        keys = [k for k in preview.creatures if visible is None or k in visible]
        if not keys:
            return [self.t("tools.template.nobody")]
        rows = [f"· {self.battle.state.creatures[k].name}: {self.blast(k)}" for k in keys]
        return [self.t("tools.template.inside"), *rows]
