"""The results that stay on the map until the next click: a throw's flight, an area fire.

``draw_throw_result`` draws the scatter diagram turned along the flight, the rolled
field, the d6 flight and the landing (D-7); ``draw_area_fire_result`` the filled fields
and each creature's save and damage (D-6). ``area_fire_lines`` reads those from the
events of the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.entaria.queries.scatter import ScatterCell, ScatterDiagram
from game.ui import overlays
from game.ui.field_shading import FieldShading
from game.ui.overlays_rules import AreaFireResult, ThrowResult, shape_of

if TYPE_CHECKING:
    from game.ui.host import MapHost


def draw_throw_result(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Draw the turned scatter diagram, the rolled cell, the d6 flight and the landing (D-7)."""
    camera = scene.camera
    if result.area:
        area = FieldShading([(result.area, overlays.AREA_HIT, "fill")], shape_of(scene))
        area.draw(surface, camera)
    overlays.draw_arrow(
        surface,
        camera.cell_centre(result.thrower),
        camera.cell_centre(result.intended),
        (230, 230, 230),
        2,
    )
    if result.diagram is not None and not result.hit:
        _draw_scatter(scene, surface, result, result.diagram)
    _draw_landing(scene, surface, result)


def _draw_scatter(
    scene: MapHost,
    surface: pygame.Surface,
    result: ThrowResult,
    diagram: ScatterDiagram,
) -> None:
    """Draw the diagram round the intended field, the rolled cell, the flight and its label."""
    camera = scene.camera
    t = scene.app.t
    rolled = diagram.cell_for(result.direction_roll) if result.direction_roll is not None else None
    cells = FieldShading(
        [
            ([c.cell for c in diagram.cells], overlays.SCATTER_CELL, "fill"),
            ([rolled.cell] if rolled else [], overlays.SCATTER_ROLLED, "fill"),
        ],
        shape_of(scene),
    )
    cells.draw(surface, camera)
    frame = _draw_diagram(scene, surface, diagram, rolled)
    if result.path is not None and len(result.path.cells) > 1:
        overlays.draw_path(surface, camera, list(result.path.cells), (255, 80, 60))
    label = [t("tools.scatter.title")]
    if result.direction_roll is not None and rolled is not None:
        label.append(
            t(
                "tools.scatter.rolls",
                d20=result.direction_roll,
                cell=rolled.label,
                d6=result.distance_roll or 0,
            )
        )
    label.append(t("tools.scatter.landing", x=result.landing[0], y=result.landing[1]))
    image = overlays.label_surface(scene.app.fonts, label, size=16, border=(255, 210, 40))
    surface.blit(image, (frame.right + 6, frame.top))


def _draw_diagram(
    scene: MapHost,
    surface: pygame.Surface,
    diagram: ScatterDiagram,
    rolled: ScatterCell | None,
) -> pygame.Rect:
    """Draw the 3x3 frame with the d20 ranges and the "ahead" arrow; return the frame."""
    camera = scene.camera
    size = camera.cell_px
    # The 3x3 frame: the intended field in the middle, its 8 neighbours turned.
    left, top = camera.cell_to_screen((diagram.target[0] - 1, diagram.target[1] - 1))
    frame = pygame.Rect(left, top, 3 * size, 3 * size)
    pygame.draw.rect(surface, (250, 250, 250), frame, 2)
    for i in (1, 2):
        pygame.draw.line(
            surface,
            (250, 250, 250),
            (left + i * size, top),
            (left + i * size, top + 3 * size),
            1,
        )
        pygame.draw.line(
            surface,
            (250, 250, 250),
            (left, top + i * size),
            (left + 3 * size, top + i * size),
            1,
        )
    for cell in diagram.cells:
        colour = (255, 220, 60) if rolled is not None and cell is rolled else (255, 255, 255)
        overlays.cell_text(
            surface,
            camera,
            scene.app.fonts,
            cell.cell,
            cell.label,
            colour,
            scale=0.34,
            plate=(0, 0, 0, 150),
        )
    # "ahead": a small arrow in the middle field along the flight.
    cx, cy = camera.cell_centre(diagram.target)
    fx, fy = diagram.flight_step
    overlays.draw_arrow(
        surface,
        (cx - fx * size // 4, cy - fy * size // 4),
        (cx + fx * size // 3, cy + fy * size // 3),
        (255, 255, 255),
        2,
    )
    return frame


def _draw_landing(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Mark the landing field with a cross (and say "hit" beside it when it hit)."""
    camera = scene.camera
    overlays.outline_cell(surface, camera, result.landing, (255, 60, 40), 3)
    cx, cy = camera.cell_centre(result.landing)
    d = max(3, camera.cell_px // 4)
    pygame.draw.line(surface, (255, 60, 40), (cx - d, cy - d), (cx + d, cy + d), 3)
    pygame.draw.line(surface, (255, 60, 40), (cx - d, cy + d), (cx + d, cy - d), 3)
    if result.hit:
        text = scene.app.t("tools.scatter.hit", x=result.landing[0], y=result.landing[1])
        image = overlays.label_surface(scene.app.fonts, text, size=16, border=(255, 210, 40))
        x, y = camera.cell_to_screen(result.landing)
        surface.blit(image, (x + camera.cell_px + 4, y))


def draw_area_fire_result(scene: MapHost, surface: pygame.Surface, result: AreaFireResult) -> None:
    """Draw the filled fields and each creature's save and damage beside the area."""
    camera = scene.camera
    fonts = scene.app.fonts
    shading = FieldShading([(list(result.values), overlays.PAINT_OK, "fill")], shape_of(scene))
    shading.draw(surface, camera)
    for cell, value in result.values.items():
        overlays.cell_text(surface, camera, fonts, cell, str(value))
    if result.lines:
        image = overlays.label_surface(fonts, result.lines, size=16, border=(255, 120, 60))
        cells = list(result.values) or [result.anchor]
        left, top = camera.cell_to_screen((min(c[0] for c in cells), min(c[1] for c in cells)))
        right, bottom = camera.cell_to_screen(
            (max(c[0] for c in cells) + 1, max(c[1] for c in cells) + 1)
        )
        area = surface.get_clip() if surface.get_clip().width else surface.get_rect()
        width, height = image.get_size()
        # Beside the area (right, else left), else below or above it: never over its fields.
        if right + 4 + width <= area.right:
            x, y = right + 4, top
        elif left - 4 - width >= area.left:
            x, y = left - 4 - width, top
        else:
            x = left
            y = bottom + 4 if bottom + 4 + height <= area.bottom else top - 4 - height
        x = max(area.left, min(x, area.right - width))
        y = max(area.top, min(y, area.bottom - height))
        surface.blit(image, (x, y))


def area_fire_lines(scene: MapHost, events: Sequence[Event]) -> tuple[dict[Cell, int], list[str]]:
    """Return the filled fields and one line per creature (save and damage) from the events."""
    battle = scene.session.battle
    t = scene.app.t
    values: dict[Cell, int] = {}
    saves: dict[str, bool | None] = {}
    lines: list[str] = []
    for event in events:
        data = event.data
        if event.kind == "area_fire":
            values = {(int(x), int(y)): int(v) for x, y, v in data.get("fields", [])}
            lines.append(event.text(t.language))
        elif event.kind == "miss":
            lines.append(event.text(t.language))
        elif event.kind == "roll" and data.get("rule") == "E-AREAFIRE-9" and event.actor:
            saves[event.actor] = data.get("success")
        elif event.kind == "damage" and data.get("target"):
            key = str(data["target"])
            creature = battle.state.creatures.get(key)
            name = creature.name if creature is not None else key
            saved = saves.get(key)
            if saved is None:
                verdict = t("tools.area.no_save")
            else:
                verdict = t("tools.area.saved") if saved else t("tools.area.failed")
            lines.append(
                t("tools.area.line", name=name, verdict=verdict, damage=data.get("final", 0))
            )
    return values, lines
