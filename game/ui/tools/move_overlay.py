"""The Gehen overlay: reachable fields shaded by cost, the hovered path and its cost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.board.grid import Cell
from game.rulesets.entaria.queries.movement import MoveOptions
from game.rulesets.entaria.rules.actions import ACTIONS
from game.ui import overlays, theme
from game.ui.field_shading import FieldShading, cells_mask
from game.ui.overlays_rules import Layers, says
from game.ui.tools.move_odds import leave_reach_lines, repeat_lines

if TYPE_CHECKING:
    from game.ui.host import MapHost


class DrawingTool(Protocol):
    """What the overlay uses of the tool that draws it (``base.Tool``)."""

    @property
    def scene(self) -> MapHost: ...

    @property
    def layers(self) -> Layers: ...

    @property
    def t(self) -> Any: ...

    def in_map(self, cell: Cell | None) -> bool: ...

    def tooltip(
        self,
        surface: pygame.Surface,
        lines: Sequence[str] | str,
        border: theme.Colour = ...,
        *,
        offset: int = ...,
    ) -> None: ...


def draw_move_options(tool: DrawingTool, surface: pygame.Surface, options: MoveOptions) -> None:
    """Shade the reachable fields by cost, mark the save fields, dot difficult ground."""
    scene = tool.scene

    def build() -> FieldShading:
        mask = options.cost_mask
        allowance = max(1, options.allowance)
        reach = mask > 0
        near = reach & (mask <= max(1, allowance // 3))
        mid = reach & ~near & (mask <= max(1, (2 * allowance) // 3))
        far = reach & ~near & ~mid
        save = cells_mask(options.needs_save, mask.shape)
        zone = cells_mask(options.disengage, mask.shape)
        return FieldShading(
            [
                (near & ~save, overlays.REACH_NEAR, "fill"),
                (mid & ~save, overlays.REACH_MID, "fill"),
                (far & ~save, overlays.REACH_FAR, "fill"),
                (save, overlays.SAVE_FIELD, "fill"),
                (zone & reach, overlays.DISENGAGE_EDGE, "edge"),
                (reach & options.difficult, overlays.DIFFICULT_DOTS, "dots"),
            ],
            mask.shape,
        )

    key = ("moves", options.key, options.action, id(options))
    tool.layers.shading(scene, key, build).draw(surface, scene.camera)
    numbers = tool.layers.get(
        scene,
        ("move-numbers", id(options)),
        lambda: overlays.NumberLayer(
            {c: v for c, v in options.costs.items() if v > 0}, (235, 240, 255)
        ),
    )
    numbers.draw(surface, scene.camera, scene.app.fonts)


def draw_move_hover(
    tool: DrawingTool, surface: pygame.Surface, options: MoveOptions, cell: Cell
) -> None:
    """Draw the path to the hovered field and what it costs (or why it is out of reach)."""
    scene = tool.scene
    t = tool.t
    action_name = says(scene, ACTIONS[options.action].german, ACTIONS[options.action].english)
    if options.crawling:
        action_name = t("tools.crawling", action=action_name)
    cost = options.cost_of(cell)
    if cost is None or cost == 0:  # out of reach, or the mover's own field
        if tool.in_map(cell) and cost is None:
            tool.tooltip(surface, [action_name, t("tools.unreachable")], theme.TEXT_DIM)
        return
    path = options.path_to(cell)
    if path is None:
        return
    colour = (255, 170, 70) if cell in options.needs_save else theme.PATH
    overlays.draw_path(surface, scene.camera, path, colour)
    allowance = options.halved_allowance if cell in options.needs_save else options.allowance
    lines = [action_name, t("tools.move_cost", cost=cost, allowance=allowance)]
    if cell in options.needs_save:
        lines.append(t("tools.needs_save"))
        lines += leave_reach_lines(scene, options)  # the save's chance (D-10)
    lines += repeat_lines(scene, options)  # a second Gehen: Wehrlos (the views say it)
    tool.tooltip(surface, lines, colour)


def start_field_text(tool: DrawingTool, options: MoveOptions) -> str:
    """Return why a token dropped on its own field does not move."""
    name = _action_name(tool, options)
    return says(
        tool.scene,
        f"{name}: zurück auf dem Startfeld, keine Bewegung",
        f"{name}: dropped on its starting field, no move",
    )


def unreachable_text(tool: DrawingTool, options: MoveOptions, cell: Cell) -> str:
    """Return why a token dropped on ``cell`` does not move there."""
    scene = tool.scene
    name = _action_name(tool, options)
    if not tool.in_map(cell):
        return says(scene, f"{name}: außerhalb der Karte", f"{name}: off the map")
    if scene.piece_at(cell) is not None:  # only a creature the viewer sees
        return says(
            scene,
            f"{name}: nicht erreichbar, dort steht schon jemand",
            f"{name}: out of reach, somebody stands there",
        )
    n = options.allowance
    return says(
        scene,
        f"{name}: nicht erreichbar (weiter als {n} Felder Bewegung oder versperrt)",
        f"{name}: out of reach (farther than {n} fields of movement, or blocked)",
    )


def _action_name(tool: DrawingTool, options: MoveOptions) -> str:
    rule = ACTIONS[options.action]
    name = says(tool.scene, rule.german, rule.english)
    return tool.t("tools.crawling", action=name) if options.crawling else name


def draw_drop_target(
    tool: DrawingTool, surface: pygame.Surface, options: MoveOptions, cell: Cell
) -> None:
    """Frame where the dragged token would stand: bright when it can go there, dim if not."""
    piece = tool.scene.pieces().get(options.key)
    side = piece.size if piece is not None else 1
    colour = theme.PATH if options.cost_of(cell) else theme.TEXT_DIM
    overlays.outline_cell(surface, tool.scene.camera, cell, colour, 3, side)
