"""The overlays every tool shows, drawn from the cached answers of ``overlays_rules``.

``draw_standing_under``/``draw_standing_over`` draw Deckungsfeuer and Dauerfeuer zones,
threat zones (R), range bands (B), sight and cover marks (L) and the results kept from
the last command (``overlays_results``: their fields under the tokens, texts over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.match.views import Piece
from game.rulesets.entaria.queries.area_fire import Zone
from game.rulesets.entaria.queries.ranges import RangeRings
from game.rulesets.entaria.queries.targets import TargetMark
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.views import THREATS
from game.ui import overlays, theme
from game.ui.field_shading import FieldShading
from game.ui.overlays_objects import draw_object_damage
from game.ui.overlays_results import (
    draw_area_fire_result,
    draw_area_fire_under,
    draw_throw_result,
    draw_throw_result_under,
)
from game.ui.overlays_rules import (
    AreaFireResult,
    ThrowResult,
    band_name,
    cover_name,
    layers_of,
    number_place,
    selected_creature,
    shape_of,
    token_side,
    viewer_enemies,
    weapon_name,
)
from game.ui.tokens import cover_badge_centre

if TYPE_CHECKING:
    from game.ui.host import MapHost


def draw_standing_under(scene: MapHost, surface: pygame.Surface, *, ranges: bool) -> None:
    """Draw fire zones, threat zones and the unusable range bands under the tokens."""
    layers = layers_of(scene)
    camera = scene.camera
    zones = layers.zones(scene)
    if zones:

        def build_zones() -> FieldShading:
            parts: list[tuple[Any, Any, str]] = []
            for zone in zones:
                colour = overlays.ZONE_COVERING if zone.covering else overlays.ZONE_AREA
                parts.append((zone.cells, colour, "fill"))
                edge = (colour[0], colour[1], colour[2], 190)
                parts.append((zone.cells, edge, "hatch"))
            return FieldShading(parts, shape_of(scene))

        layers.shading(scene, ("zones",), build_zones).draw(surface, camera)
    creature = selected_creature(scene)
    if creature is not None:
        draw_creature_under(scene, surface, creature, ranges=ranges)
    sticky = layers.kept(scene)  # its fields and diagram under the tokens, its texts over
    if isinstance(sticky, ThrowResult):
        draw_throw_result_under(scene, surface, sticky)
    elif isinstance(sticky, AreaFireResult):
        draw_area_fire_under(scene, surface, sticky)


def draw_creature_under(
    scene: MapHost, surface: pygame.Surface, creature: CreatureState, *, ranges: bool
) -> None:
    """Draw the selected creature's threat zones and unusable range bands."""
    layers = layers_of(scene)
    camera = scene.camera
    if scene.overlay_shown(THREATS):
        visible = scene.visible_keys()

        def build_threats() -> FieldShading:
            zones_ = layers.threats(scene, creature.key)
            enemy = np.zeros(shape_of(scene), dtype=bool)
            for key, mask in zones_.enemies.items():
                if visible is None or key in visible:
                    enemy |= mask
            own = zones_.own
            return FieldShading(
                [
                    (own & ~enemy, theme.THREAT_OWN, "fill"),
                    (enemy & ~own, theme.THREAT_ENEMY, "fill"),
                    (enemy & own, (240, 190, 60, 70), "fill"),
                    (enemy, (240, 70, 60, 170), "edge"),
                ],
                shape_of(scene),
            )

        key = ("threats", creature.key, None if visible is None else tuple(sorted(visible)))
        layers.shading(scene, key, build_threats).draw(surface, camera)
    if ranges:
        weapon = ranged_weapon(scene, creature)
        if weapon is not None:

            def build_bands() -> FieldShading:
                rings = layers.rings(scene, creature.key, weapon)
                shade = ~rings.usable_mask() & (rings.band_index > 0)
                return FieldShading([(shade, overlays.BAND_SHADE, "fill")], shape_of(scene))

            layers.shading(scene, ("bands", creature.key, weapon), build_bands).draw(
                surface, camera
            )


def ranged_weapon(scene: MapHost, creature: CreatureState) -> str | None:
    """Return the ranged weapon whose bands the screen shows for ``creature``."""
    return layers_of(scene).weapon_for(scene, creature, lambda w: w.ranged)


def draw_standing_over(
    scene: MapHost, surface: pygame.Surface, *, ranges: bool, sight: bool
) -> None:
    """Draw the range rings and labels, sight marks, zone values and kept results."""
    draw_object_damage(scene, surface)  # a damaged door, wall or pane: cracks, KEP bar
    layers = layers_of(scene)
    layers.ring_labels = []  # filled again by this frame's range rings
    zones = layers.zones(scene)
    if zones:
        draw_zone_labels(scene, surface, zones)
    creature = selected_creature(scene)
    if creature is not None and ranges:
        weapon = ranged_weapon(scene, creature)
        if weapon is not None:
            draw_range_rings(scene, surface, layers.rings(scene, creature.key, weapon))
    if creature is not None and sight:
        draw_sight_marks(scene, surface, creature)
    sticky = layers.kept(scene)
    if isinstance(sticky, ThrowResult):
        draw_throw_result(scene, surface, sticky)
    elif isinstance(sticky, AreaFireResult):
        draw_area_fire_result(scene, surface, sticky)


def draw_zone_labels(scene: MapHost, surface: pygame.Surface, zones: list[Zone]) -> None:
    camera = scene.camera
    fonts = scene.app.fonts
    battle = scene.session.battle
    for zone in zones:
        if camera.cell_px >= 18:
            for cell, value in zone.values.items():
                corner, scale = number_place(scene, cell) or ("center", 0.42)  # off initials
                text = str(value)
                colour = (255, 235, 200)
                overlays.cell_text(
                    surface, camera, fonts, cell, text, colour, scale=scale, corner=corner
                )
        if not zone.cells:
            continue
        top = min(zone.cells, key=lambda c: (c[1], c[0]))
        shooter = battle.state.creatures.get(zone.shooter)
        name = shooter.name if shooter is not None else zone.shooter
        word = "tools.zone.covering" if zone.covering else "tools.zone.area"
        text = scene.app.t(word, name=name)
        label = overlays.label_surface(fonts, text, size=15, colour=(255, 210, 170))
        x, y = camera.cell_to_screen(top)
        surface.blit(label, (x, y - label.get_height() - 1))


def draw_range_rings(scene: MapHost, surface: pygame.Surface, rings: RangeRings) -> None:
    """Draw the five bands as labelled square rings with their Vorteil/Nachteil (E-RANGE-*)."""
    camera = scene.camera
    fonts = scene.app.fonts
    t = scene.app.t

    def labels() -> list[pygame.Surface]:
        made = []
        for index, ring in enumerate(rings.bands):
            colour = overlays.BAND_COLOURS[index % len(overlays.BAND_COLOURS)]
            span = f"{ring.low}" if ring.low == ring.high else f"{ring.low}–{ring.high}"
            text = f"{band_name(scene, ring.band)} {span}: "
            text += overlays.edge_text(ring.edge, t) if ring.usable else t("tools.band_unusable")
            dim = colour if ring.usable else theme.TEXT_DIM
            made.append(overlays.label_surface(fonts, text, size=15, colour=dim, border=colour))
        return made

    images = layers_of(scene).get(scene, ("ring-labels", id(rings), t.language), labels)
    size = camera.cell_px
    # labels keep off the tokens and off each other where their ring leaves room
    grid = scene.session.battle.grid
    x0, y0, x1, y1 = camera.visible_cells(grid.width, grid.height)
    avoid = [  # only the tokens in view can be in a label's way
        pygame.Rect(camera.cell_to_screen(token.cell), (size * token.size, size * token.size))
        for token in scene.token_list()
        if x0 - token.size < token.cell[0] < x1 and y0 - token.size < token.cell[1] < y1
    ]
    # the coordinate strips are drawn over the map later: labels keep clear of them
    previous = surface.get_clip()
    top_strip, left_strip = scene.map.coordinate_strips(camera)
    inner = previous.copy()
    inner.width -= max(0, left_strip.right - inner.left)
    inner.left = max(inner.left, left_strip.right)
    inner.height -= max(0, top_strip.bottom - inner.top)
    inner.top = max(inner.top, top_strip.bottom)
    surface.set_clip(inner)
    for index, ring in enumerate(rings.bands):
        colour = overlays.BAND_COLOURS[index % len(overlays.BAND_COLOURS)]
        label = images[index]
        placed = overlays.draw_ring(
            surface,
            camera,
            rings.origin,
            ring.high,
            colour if ring.usable else (110, 110, 115),
            label,
            avoid=avoid,
        )
        if placed is not None:
            avoid.append(placed)
            layers_of(scene).ring_labels.append(placed)
    surface.set_clip(previous)


def draw_sight_marks(scene: MapHost, surface: pygame.Surface, creature: CreatureState) -> None:
    """Mark every enemy the viewer sees: no cover, Teildeckung, Volldeckung or no sight (D-9).

    A fallen enemy (unconscious, dying, dead) gets no mark: its token shows its fall.
    """
    layers = layers_of(scene)
    weapon = layers.weapon_for(scene, creature, lambda w: True)
    marks = layers.marks(scene, creature.key, weapon)
    pieces = scene.pieces()
    camera = scene.camera
    grid = scene.session.battle.grid
    x0, y0, x1, y1 = camera.visible_cells(grid.width, grid.height)
    px = camera.cell_px
    blits = []
    for enemy in viewer_enemies(scene, creature):
        mark = marks.get(enemy.key)
        ex, ey = enemy.cell
        if mark is None or not (x0 - 3 <= ex < x1 and y0 - 3 <= ey < y1):
            continue  # off screen
        if not stands(pieces.get(enemy.key)):
            continue  # fallen: the token's fall mark, no cover mark over it
        size = px * token_side(scene, enemy)
        x, y = camera.cell_to_screen(enemy.cell)
        cover = "NOSIGHT" if not mark.sight or mark.cover is None else mark.cover.name
        (cx, cy), radius = badge_place(x, y, size, px)  # in its field, clear of the initials
        image = overlays.badge_image(radius, cover, mark.override is not None)
        half = image.get_width() // 2
        blits.append((image, (cx - half, cy - half)))
    if blits:
        surface.fblits(blits)


BADGE_INSIDE_PX = 24  #: from this field size on a cover mark fits inside its own field


def badge_place(x: int, y: int, side: int, px: int) -> tuple[tuple[int, int], int]:
    """Return the centre and radius of the cover mark of a token at (``x``, ``y``).

    From 24 px fields on the mark sits in the footprint's top-right corner inside its own
    fields, so it never covers a neighbour's ring (p12 crop 20a), smaller at low zoom to
    leave the initials free. Below that there is no room beside the initials: it reaches
    over the corner (``tokens.cover_badge_centre``).
    """
    if px < BADGE_INSIDE_PX:
        radius = max(5, px // 6)
        return cover_badge_centre(x, y, side, radius), radius
    radius = max(3, px // 7)
    reach = radius + 2  # the mark's dark rim
    return (x + side - reach, y + reach), radius


def stands(piece: Piece | None) -> bool:
    """Return whether a creature's token may carry a cover mark: it is on the map, not fallen."""
    return piece is not None and piece.life == "ok"


def mark_lines(scene: MapHost, mark: TargetMark, weapon: str | None) -> list[str]:
    """Return the lines a target's tooltip shows: weapon, band, cover, net edge or why not.

    ``weapon`` None leaves the weapon's name out (the tool's title names it).
    """
    t = scene.app.t
    lines = [weapon_name(scene, weapon)] if weapon is not None else []
    where = []
    if mark.melee:
        where.append(t("tools.melee"))
    elif mark.band is not None:
        where.append(f"{band_name(scene, mark.band)} ({mark.distance})")
    where.append(cover_name(scene, mark.cover if mark.sight else None))
    if mark.override is not None:
        where.append(t("tools.gm_ruled"))
    lines.append(", ".join(where))
    if mark.attackable:
        net = overlays.edge_text(mark.edge, t)
        lines.append(t("tools.net_edge", edge=net))
        if mark.reasons:
            lines.append("· " + "; ".join(mark.reasons))
        if mark.automatic_failure:
            lines.append(t("tools.automatic_failure"))
    else:
        lines.append(t("tools.cannot_attack", reason=in_language(mark.reason, t.language)))
    return lines
