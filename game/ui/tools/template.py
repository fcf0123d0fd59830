"""The template tool: measure with a beam, cone or circle, or lay a spell's area (D-8)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell, distance
from game.board.templates import AreaShape
from game.rulesets.entaria.commands import UseAction
from game.rulesets.entaria.queries.templates import TemplatePreview, template_cells
from game.rulesets.entaria.rules.actions import ACTIONS, Action
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.state import CreatureState
from game.ui import overlays, theme
from game.ui.field_shading import FieldShading
from game.ui.overlays_rules import (
    Slot,
    band_name,
    creature_at,
    says,
    selected_creature,
)
from game.ui.tools.base import Tool

if TYPE_CHECKING:
    from game.ui.host import MapHost

TEMPLATE_SHAPES = (AreaShape.BEAM, AreaShape.CONE, AreaShape.ROUND)
MAX_TEMPLATE = 60  # the longest template the screen offers (fields)


class TemplateTool(Tool):
    """Beam, 90° cone or circle following the mouse; Shift snaps to 45° (D-8).

    Measuring (M) or a spell's area (UseAction with shape, length and angle). A spell
    can also target a creature or a field: Q cycles "target", beam, cone, circle.
    """

    name = "template"

    def __init__(
        self,
        scene: MapHost,
        *,
        action: Action | None = None,
        actor: CreatureState | None = None,
    ) -> None:
        super().__init__(scene)
        self.action = action
        self.actor = actor
        self.shapes: list[AreaShape | None] = list(TEMPLATE_SHAPES)
        if action is not None:
            self.shapes.insert(0, None)  # a spell without a template: a target or nothing
        self.shape_index = 0
        self.lengths = {AreaShape.BEAM: 6, AreaShape.CONE: 4, AreaShape.ROUND: 2}
        selected = selected_creature(scene)
        self.origin: Cell | None = actor.cell if actor else (selected.cell if selected else None)
        self.aim: tuple[float, float] | None = None  # the pointer in field units
        self.snap = False
        self._preview = Slot()
        self._shade = Slot()

    @property
    def shape(self) -> AreaShape | None:
        return self.shapes[self.shape_index]

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.mouse is not None:
            self.aim = self.scene.camera.screen_to_point(self.mouse)

    def angle(self) -> float:
        if self.origin is None or self.aim is None:
            return 0.0
        dx = self.aim[0] - (self.origin[0] + 0.5)
        dy = self.aim[1] - (self.origin[1] + 0.5)
        return math.degrees(math.atan2(dy, dx)) % 360.0 if (dx or dy) else 0.0

    def centre(self) -> Cell | None:
        """Return the field the template is laid from: the circle's centre or the origin."""
        if self.shape is AreaShape.ROUND:
            if self.aim is None:
                return self.origin
            return (math.floor(self.aim[0]), math.floor(self.aim[1]))
        return self.origin

    def preview(self) -> TemplatePreview | None:
        shape = self.shape
        centre = self.centre()
        if shape is None or centre is None:
            return None
        snap = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self.snap
        angle = 0.0 if shape is AreaShape.ROUND else round(self.angle(), 1)
        length = self.lengths[shape]
        return self._preview.get(
            self.scene,
            (shape, centre, angle, length, snap),
            lambda: template_cells(self.battle, shape, centre, angle, length, snap45=snap),
        )

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_q:
            self.shape_index = (self.shape_index + 1) % len(self.shapes)
            return True
        shape = self.shape
        if shape is not None and event.key in (
            pygame.K_RIGHTBRACKET,
            pygame.K_PERIOD,
            pygame.K_PAGEUP,
        ):
            self.lengths[shape] = min(MAX_TEMPLATE, self.lengths[shape] + 1)
            return True
        if shape is not None and event.key in (
            pygame.K_LEFTBRACKET,
            pygame.K_COMMA,
            pygame.K_PAGEDOWN,
        ):
            self.lengths[shape] = max(1, self.lengths[shape] - 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.action is not None:
            self.cast()
            return True
        return False

    def left_click(self, cell: Cell, event: pygame.event.Event) -> bool:
        if self.action is None:
            if self.origin is None or selected_creature(self.scene) is None:
                self.origin = cell if self.in_map(cell) else self.origin
            return True
        if self.shape is None:
            creature = creature_at(self.scene, cell)
            if creature is not None:
                self.send(UseAction(self.actor_key(), self.action.name, target=creature.key))
            elif self.in_map(cell):
                self.send(UseAction(self.actor_key(), self.action.name, cell=cell))
            return True
        self.cast()
        return True

    def actor_key(self) -> str | None:
        return self.actor.key if self.actor is not None else None

    def cast(self) -> None:
        assert self.action is not None
        shape = self.shape
        if shape is None:
            self.send(UseAction(self.actor_key(), self.action.name))
            return
        preview = self.preview()
        if preview is None:
            return
        self.send(
            UseAction(
                self.actor_key(),
                self.action.name,
                cell=preview.origin,
                shape=shape.value,
                length=int(self.lengths[shape]),
                angle=round(preview.angle_deg) % 360,
            )
        )

    def right_click(self, cell: Cell, had_sticky: bool) -> bool:
        self.leave()
        return True

    def draw_own_under(self, surface: pygame.Surface) -> None:
        preview = self.preview()
        if preview is None:
            return
        shading = self._shade.get(
            self.scene,
            (preview.shape, preview.origin, preview.angle_deg, preview.length),
            lambda: FieldShading(
                [
                    (preview.mask, theme.TEMPLATE_FIELD, "fill"),
                    (preview.mask, (255, 210, 60, 180), "edge"),
                ],
                preview.mask.shape,
            ),
        )
        shading.draw(surface, self.scene.camera)

    def draw_own_over(self, surface: pygame.Surface) -> None:
        scene = self.scene
        camera = scene.camera
        t = self.t
        shape = self.shape
        lines: list[str] = []
        if self.action is not None:
            rule = ACTIONS[self.action]
            lines.append(says(scene, rule.german, rule.english))
        if shape is None:
            lines.append(t("tools.template.target_mode"))
            self.tooltip(surface, lines)
            return
        preview = self.preview()
        lines.append(t(f"tools.template.{shape.name}", n=self.lengths[shape]))
        if preview is None:
            lines.append(t("tools.template.pick_origin"))
            self.tooltip(surface, lines)
            return
        if shape is not AreaShape.ROUND and self.origin is not None:
            start = camera.cell_centre(self.origin)
            rad = math.radians(preview.angle_deg)
            px = self.lengths[shape] * camera.cell_px
            end = (int(start[0] + math.cos(rad) * px), int(start[1] + math.sin(rad) * px))
            overlays.draw_arrow(surface, start, end, (255, 210, 60), 2)
            lines.append(t("tools.template.angle", angle=round(preview.angle_deg)))
        cell = self.hover_cell()
        if self.origin is not None and cell is not None:
            fields = distance(self.origin, cell)
            band = range_band(fields)
            lines.append(t("tools.template.distance", n=fields, band=band_name(scene, band)))
        visible = scene.visible_keys()
        names = [
            self.battle.state.creatures[k].name
            for k in preview.creatures
            if visible is None or k in visible
        ]
        lines.append(t("tools.template.fields", n=len(preview.cells)))
        if names:
            lines.append(t("tools.template.inside"))
            lines += [f"· {n}" for n in names]
        else:
            lines.append(t("tools.template.nobody"))
        lines.append(t("tools.template.keys"))
        offset = 16
        if shape is AreaShape.ROUND:  # beside the circle, not over it
            offset = int((self.lengths[shape] + 0.5) * camera.cell_px) + 8
        self.tooltip(surface, lines, (255, 210, 60), offset=offset)
