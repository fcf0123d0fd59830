"""Objects on the map: a damaged object's cracks and KEP bar, the hovered object's values.

The rules answer (``game.rulesets.entaria.queries.objects``): which objects are damaged,
their KEP and PAK; this module only draws them. Every tool shows the damage
(``overlays_standing.draw_standing_over``); the attack tools show the object under the
mouse (``object_lines``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.board.grid import Cell
from game.rulesets.entaria.queries.objects import ObjectMark, damaged_objects, object_mark_at
from game.ui.overlays_rules import layers_of

if TYPE_CHECKING:
    from game.ui.host import MapHost

CRACK = (30, 24, 20)
BAR_BACK = (20, 20, 24)
BAR_EDGE = (235, 235, 235)


def object_marks(scene: MapHost) -> list[ObjectMark]:
    """Return the damaged objects, asked once per change of the match."""
    battle = scene.session.battle
    return layers_of(scene).get(scene, ("objects",), lambda: damaged_objects(battle))


def object_under(scene: MapHost, cell: Cell | None) -> ObjectMark | None:
    """Return the object on ``cell`` (None: none there, or off the map)."""
    if cell is None:
        return None
    battle = scene.session.battle
    return layers_of(scene).get(scene, ("object_at", cell), lambda: object_mark_at(battle, cell))


def _bar_colour(fraction: float) -> tuple[int, int, int]:
    if fraction > 2 / 3:
        return (120, 210, 110)
    if fraction > 1 / 3:
        return (235, 200, 70)
    return (230, 80, 60)


def draw_object_damage(scene: MapHost, surface: pygame.Surface) -> None:
    """Draw cracks and a KEP bar on every damaged object's field."""
    camera = scene.camera
    s = camera.cell_px
    if s < 8:
        return
    view = pygame.Rect(camera.viewport_x, camera.viewport_y, camera.viewport_w, camera.viewport_h)
    for mark in object_marks(scene):
        x, y = camera.cell_to_screen(mark.cell)
        if not view.colliderect((x, y, s, s)):
            continue
        _draw_cracks(surface, x, y, s, 1.0 - mark.fraction)
        width = max(6, s - 6)
        bar = pygame.Rect(x + 3, y + s - max(4, s // 7) - 2, width, max(4, s // 7))
        pygame.draw.rect(surface, BAR_BACK, bar)
        filled = bar.copy()
        filled.width = max(1, round(bar.width * mark.fraction)) if mark.kep > 0 else 0
        if filled.width:
            pygame.draw.rect(surface, _bar_colour(mark.fraction), filled)
        pygame.draw.rect(surface, BAR_EDGE, bar, 1)


def _draw_cracks(surface: pygame.Surface, x: int, y: int, s: int, damage: float) -> None:
    """Draw up to three jagged cracks from the field's centre, more as damage grows."""
    cx, cy = x + s // 2, y + s // 2
    rays = ((-0.45, -0.4), (0.42, -0.3), (-0.2, 0.42))
    count = 1 + int(damage * 2.99)
    width = max(1, s // 18)
    for dx, dy in rays[:count]:
        mid = (cx + int(dx * s * 0.45) + int(dy * s * 0.12), cy + int(dy * s * 0.45))
        end = (cx + int(dx * s), cy + int(dy * s))
        pygame.draw.lines(surface, CRACK, False, [(cx, cy), mid, end], width)


def object_lines(scene: MapHost, cell: Cell | None) -> list[str]:
    """Return the tooltip lines for the object on ``cell``: name, KEP left, PAK."""
    mark = object_under(scene, cell)
    if mark is None:
        return []
    t = scene.app.t
    lines = [
        mark.name(t.language),
        t("tools.object.values", kep=max(0, mark.kep), max=mark.max_kep, pak=mark.pak),
    ]
    if mark.broken:
        lines.append(t("tools.object.broken"))
    return lines
