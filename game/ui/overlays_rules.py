"""The rules' answers a battle screen shows, cached, and the overlays that are always on.

``layers_of(scene)`` holds, per battle screen, every answer of ``game.rulesets.entaria.queries`` the
tools use (movement options, threat zones, range rings, target marks, fire zones, legal
actions), keyed on the session's revision, the battle object and the grid version, so a
query runs once per change of the match and never per frame. It also holds the
shadings built from those answers, the weapon each creature has "in the sights", and
the results that stay on screen until the next click (the scatter diagram of a missed
throw, the saves and damage of an area fire).

``draw_standing_under``/``draw_standing_over`` draw what every tool shows: Deckungsfeuer
and Dauerfeuer zones, threat zones (R), range bands (B), sight and cover marks (L) and
the results kept from the last command.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import pygame

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.entaria import queries
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import LegalAction
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import in_language
from game.rulesets.entaria.state import CreatureState
from game.ui import hud_text, overlays, theme
from game.ui.overlays import FieldShading

if TYPE_CHECKING:
    from game.ui.host import MapHost

T = TypeVar("T")
UNARMED = "unarmed"


# ================================================================ kept results
@dataclass
class ThrowResult:
    """A throw at a field as the engine resolved it (kept until the next click)."""

    thrower: Cell
    intended: Cell
    landing: Cell
    hit: bool
    diagram: queries.ScatterDiagram | None = None
    direction_roll: int | None = None
    distance_roll: int | None = None
    path: queries.ScatterPath | None = None
    area: list[Cell] = field(default_factory=list)


@dataclass
class AreaFireResult:
    """An area fire as the engine resolved it: the filled fields and each creature's lot."""

    anchor: Cell
    values: dict[Cell, int]
    lines: list[str]


Sticky = ThrowResult | AreaFireResult


# ====================================================================== the cache
class Layers:
    """Query answers and shadings of one scene, recomputed only when the match changes."""

    def __init__(self) -> None:
        self._stamp: tuple[Any, ...] | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self.sticky: Sticky | None = None
        self.weapons: dict[str, str] = {}  # creature key -> the weapon chosen for overlays

    # ------------------------------------------------------------------ caching
    def _refresh(self, scene: MapHost) -> None:
        battle = scene.session.battle
        stamp = (scene.session.revision, id(battle), battle.grid.version)
        if stamp != self._stamp:
            self._memo.clear()
            self._stamp = stamp

    def get(self, scene: MapHost, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        """Return the cached answer for ``key``, computing it once per change of the match."""
        self._refresh(scene)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return, unused-ignore]
        value = compute()
        self._memo[key] = value
        return value

    # ------------------------------------------------------------------ queries
    def legal(self, scene: MapHost, key: str) -> dict[Action, LegalAction]:
        battle = scene.session.battle
        return self.get(
            scene, ("legal", key), lambda: {e.action: e for e in battle.legal_actions(key)}
        )

    def moves(
        self, scene: MapHost, key: str, action: Action, weapon: str | None = None
    ) -> queries.MoveOptions:
        battle = scene.session.battle
        return self.get(
            scene,
            ("moves", key, action, weapon),
            lambda: queries.movement_options(battle, key, action, weapon_key=weapon),
        )

    def threats(self, scene: MapHost, key: str) -> queries.ThreatZones:
        battle = scene.session.battle
        return self.get(scene, ("threats", key), lambda: queries.threat_zones(battle, key))

    def rings(self, scene: MapHost, key: str, weapon: str) -> queries.RangeRings:
        battle = scene.session.battle
        return self.get(
            scene, ("rings", key, weapon), lambda: queries.range_rings(battle, key, weapon)
        )

    def marks(self, scene: MapHost, key: str, weapon: str | None) -> dict[str, queries.TargetMark]:
        battle = scene.session.battle
        return self.get(
            scene, ("marks", key, weapon), lambda: queries.target_marks(battle, key, weapon)
        )

    def zones(self, scene: MapHost) -> list[queries.Zone]:
        battle = scene.session.battle
        return self.get(scene, ("zones",), lambda: queries.deckungsfeuer_zones(battle))

    def shading(
        self, scene: MapHost, key: tuple[Any, ...], build: Callable[[], FieldShading]
    ) -> FieldShading:
        return self.get(scene, ("shade", *key), build)

    # ----------------------------------------------------------------- weapons
    def weapon_for(
        self, scene: MapHost, creature: CreatureState, want: Callable[[WeaponType], bool]
    ) -> str | None:
        """Return the weapon chosen for ``creature`` if it passes ``want``, else the first held."""
        battle = scene.session.battle
        chosen = self.weapons.get(creature.key)
        held = [battle.catalogue.weapons[k] for k in creature.held if k in battle.catalogue.weapons]
        for weapon in held:
            if weapon.key == chosen and want(weapon):
                return weapon.key
        for weapon in held:
            if want(weapon):
                return weapon.key
        return None


class Slot:
    """One remembered answer that follows the mouse: recomputed when its key or the match
    changes (a template at a new angle replaces the previous one instead of piling up)."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._value: Any = None

    def get(self, scene: MapHost, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        full = (scene.session.revision, id(scene.session.battle), *key)
        if self._key != full:
            self._value = compute()
            self._key = full
        return self._value


_LAYERS: weakref.WeakKeyDictionary[Any, Layers] = weakref.WeakKeyDictionary()


def layers_of(scene: MapHost) -> Layers:
    """Return the scene's Layers (created on first use)."""
    layers = _LAYERS.get(scene)
    if layers is None:
        layers = _LAYERS[scene] = Layers()
    return layers


# ===================================================================== helpers
def shape_of(scene: MapHost) -> tuple[int, int]:
    grid = scene.session.battle.grid
    return (grid.height, grid.width)


def says(scene: MapHost, de: str, en: str) -> str:
    """Return the German or English text, as the screen's language is."""
    return hud_text.says(scene.app.t.language, de, en)


def weapon_name(scene: MapHost, key: str | None) -> str:
    if key is None or key == UNARMED:
        return scene.app.t("tools.unarmed")
    weapon = scene.session.battle.catalogue.weapons.get(key)
    if weapon is None:
        return key
    return says(scene, weapon.name, weapon.english)


def band_name(scene: MapHost, band: Any) -> str:
    return scene.app.t(f"tools.band.{band.name}") if band is not None else ""


def cover_name(scene: MapHost, cover: Any) -> str:
    return scene.app.t(f"tools.cover.{cover.name if cover is not None else 'NOSIGHT'}")


def viewer_enemies(scene: MapHost, creature: CreatureState) -> list[CreatureState]:
    """Return the enemies of ``creature`` the viewer may be shown (fog of war)."""
    battle = scene.session.battle
    visible = scene.visible_keys()
    enemies = layers_of(scene).get(
        scene, ("enemies", creature.key), lambda: battle.enemies_of(creature)
    )
    return [e for e in enemies if visible is None or e.key in visible]


def token_side(scene: MapHost, creature: CreatureState) -> int:
    return scene.session.battle.creature_type(creature).size_fields


def event_lines(scene: MapHost, events: Sequence[Event]) -> list[str]:
    return [e.text(scene.app.t.language) for e in events]


# ============================================================ standing overlays
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
    creature = scene.selected_creature
    if creature is None:
        return
    if scene.show_threats:
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
    layers = layers_of(scene)
    zones = layers.zones(scene)
    if zones:
        draw_zone_labels(scene, surface, zones)
    creature = scene.selected_creature
    if creature is not None and ranges:
        weapon = ranged_weapon(scene, creature)
        if weapon is not None:
            draw_range_rings(scene, surface, layers.rings(scene, creature.key, weapon))
    if creature is not None and sight:
        draw_sight_marks(scene, surface, creature)
    sticky = layers.sticky
    if isinstance(sticky, ThrowResult):
        draw_throw_result(scene, surface, sticky)
    elif isinstance(sticky, AreaFireResult):
        draw_area_fire_result(scene, surface, sticky)


def draw_zone_labels(scene: MapHost, surface: pygame.Surface, zones: list[queries.Zone]) -> None:
    camera = scene.camera
    fonts = scene.app.fonts
    battle = scene.session.battle
    for zone in zones:
        if camera.cell_px >= 18:
            for cell, value in zone.values.items():
                overlays.cell_text(surface, camera, fonts, cell, str(value), (255, 235, 200))
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


def draw_range_rings(scene: MapHost, surface: pygame.Surface, rings: queries.RangeRings) -> None:
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
    surface.set_clip(previous)


def draw_sight_marks(scene: MapHost, surface: pygame.Surface, creature: CreatureState) -> None:
    """Mark every enemy the viewer sees: no cover, Teildeckung, Volldeckung or no sight (D-9)."""
    layers = layers_of(scene)
    weapon = layers.weapon_for(scene, creature, lambda w: True)
    marks = layers.marks(scene, creature.key, weapon)
    camera = scene.camera
    grid = scene.session.battle.grid
    x0, y0, x1, y1 = camera.visible_cells(grid.width, grid.height)
    px = camera.cell_px
    radius = max(5, px // 6)
    blits = []
    for enemy in viewer_enemies(scene, creature):
        mark = marks.get(enemy.key)
        ex, ey = enemy.cell
        if mark is None or not (x0 - 3 <= ex < x1 and y0 - 3 <= ey < y1):
            continue  # off screen
        size = px * token_side(scene, enemy)
        x, y = camera.cell_to_screen(enemy.cell)
        cover = "NOSIGHT" if not mark.sight or mark.cover is None else mark.cover.name
        image = overlays.badge_image(radius, cover, mark.override is not None)
        half = image.get_width() // 2
        blits.append((image, (x + size - radius - half, y + radius - half)))
    if blits:
        surface.fblits(blits)


def mark_lines(scene: MapHost, mark: queries.TargetMark, weapon: str | None) -> list[str]:
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


# ================================================================ kept results
def draw_throw_result(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Draw the turned scatter diagram, the rolled cell, the d6 flight and the landing (D-7)."""
    camera = scene.camera
    fonts = scene.app.fonts
    t = scene.app.t
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
    diagram = result.diagram
    if diagram is not None and not result.hit:
        size = camera.cell_px
        rolled = (
            diagram.cell_for(result.direction_roll) if result.direction_roll is not None else None
        )
        cells = FieldShading(
            [
                ([c.cell for c in diagram.cells], overlays.SCATTER_CELL, "fill"),
                ([rolled.cell] if rolled else [], overlays.SCATTER_ROLLED, "fill"),
            ],
            shape_of(scene),
        )
        cells.draw(surface, camera)
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
                fonts,
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
        image = overlays.label_surface(fonts, label, size=16, border=(255, 210, 40))
        surface.blit(image, (frame.right + 6, frame.top))
    # The landing field.
    overlays.outline_cell(surface, camera, result.landing, (255, 60, 40), 3)
    cx, cy = camera.cell_centre(result.landing)
    d = max(3, camera.cell_px // 4)
    pygame.draw.line(surface, (255, 60, 40), (cx - d, cy - d), (cx + d, cy + d), 3)
    pygame.draw.line(surface, (255, 60, 40), (cx - d, cy + d), (cx + d, cy - d), 3)
    if result.hit:
        text = t("tools.scatter.hit", x=result.landing[0], y=result.landing[1])
        image = overlays.label_surface(fonts, text, size=16, border=(255, 210, 40))
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


__all__ = [
    "AreaFireResult",
    "Layers",
    "Slot",
    "ThrowResult",
    "area_fire_lines",
    "draw_standing_over",
    "draw_standing_under",
    "layers_of",
    "mark_lines",
]
