"""The results that stay on the map until the next click: a throw's flight, an area fire.

``draw_throw_result_under`` draws the scatter diagram turned along the flight, the
rolled field, the d6 flight and the landing under the tokens, ``draw_throw_result`` its
texts over them (D-7); ``draw_area_fire_under`` fills the hit fields under the tokens,
``draw_area_fire_result`` writes their damage beside the tokens and each creature's save
and damage in a box (D-6). So a token on a marked field stays whole and readable.
``area_fire_lines`` reads those from the events of the command.

``KeptResults`` makes a kept result follow the match (issue 12): an Impuls reroll of its
command rebuilds it from the command's events as recomputed, an undo, a later command or
the next turn drops it, so the map never shows a result the log no longer holds; a redo
that brings its command back (and its rerolls) brings it back as the events now say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.area_fire import AreaFireRoll, placement_of
from game.rulesets.entaria.queries.scatter import (
    ScatterCell,
    ScatterDiagram,
    scatter_diagram,
    scatter_path,
)
from game.rulesets.entaria.reroll_ledger import is_reroll
from game.ui import overlays
from game.ui.field_shading import FieldShading
from game.ui.overlays_rules import (
    AreaFireResult,
    Sticky,
    ThrowResult,
    layers_of,
    number_place,
    shape_of,
)

if TYPE_CHECKING:
    from game.ui.host import MapHost


def draw_throw_result_under(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Draw the throw's marks that go under the tokens: the blast, the flight arrow, the
    turned scatter diagram with the d6 flight, and the landing (D-7).

    Under the tokens, so the creature on the target field (and on any field of the
    diagram) stays whole; the texts go over them (``draw_throw_result``).
    """
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
        diagram = result.diagram
        rolled = _rolled(result, diagram)
        cells = FieldShading(
            [
                ([c.cell for c in diagram.cells], overlays.SCATTER_CELL, "fill"),
                ([rolled.cell] if rolled else [], overlays.SCATTER_ROLLED, "fill"),
            ],
            shape_of(scene),
        )
        cells.draw(surface, camera)
        _draw_diagram(scene, surface, diagram)
        if result.path is not None and len(result.path.cells) > 1:
            overlays.draw_path(surface, camera, list(result.path.cells), (255, 80, 60))
    _draw_landing(scene, surface, result)


def draw_throw_result(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Draw over the tokens the landing's frame (round a token, off its base) and the
    texts: the diagram's d20 ranges (beside a token that stands on their field), the
    label with the rolls, "hit" beside the landing."""
    camera = scene.camera
    overlays.outline_cell(surface, camera, result.landing, LANDING_MARK, 3)
    if result.diagram is not None and not result.hit:
        _draw_scatter_texts(scene, surface, result, result.diagram)
    if result.hit:
        text = scene.app.t("tools.scatter.hit", x=result.landing[0], y=result.landing[1])
        image = overlays.label_surface(scene.app.fonts, text, size=16, border=(255, 210, 40))
        x, y = camera.cell_to_screen(result.landing)
        surface.blit(image, (x + camera.cell_px + 4, y))


def _rolled(result: ThrowResult, diagram: ScatterDiagram) -> ScatterCell | None:
    """Return the diagram's field the d20 chose (None: not rolled yet)."""
    if result.direction_roll is None:
        return None
    return diagram.cell_for(result.direction_roll)


def _draw_scatter_texts(
    scene: MapHost,
    surface: pygame.Surface,
    result: ThrowResult,
    diagram: ScatterDiagram,
) -> None:
    """Write the d20 ranges on the diagram's fields and the label beside the diagram."""
    camera = scene.camera
    t = scene.app.t
    rolled = _rolled(result, diagram)
    for cell in diagram.cells:
        colour = (255, 220, 60) if rolled is not None and cell is rolled else (255, 255, 255)
        corner, scale = number_place(scene, cell.cell) or ("center", 0.34)  # off a token
        overlays.cell_text(
            surface,
            camera,
            scene.app.fonts,
            cell.cell,
            cell.label,
            colour,
            scale=min(scale, 0.34),
            corner=corner,
            plate=(0, 0, 0, 150),
        )
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
    x, y = camera.cell_to_screen(result.landing)
    landing = pygame.Rect(x, y, camera.cell_px, camera.cell_px)
    frame = _diagram_frame(scene, diagram)
    surface.blit(image, scatter_label_place(surface, image.get_size(), frame, landing))


def scatter_label_place(
    surface: pygame.Surface, size: tuple[int, int], frame: pygame.Rect, landing: pygame.Rect
) -> tuple[int, int]:
    """Return where the scatter label goes: beside the diagram, never over the landing."""
    area = surface.get_clip() if surface.get_clip().width else surface.get_rect()
    width, height = size
    spots = [
        (frame.right + 6, frame.top),  # right of the diagram, as before
        (frame.left - 6 - width, frame.top),
        (frame.left, frame.bottom + 6),
        (frame.left, frame.top - 6 - height),
        (frame.right + 6, frame.bottom - height),
    ]
    for x, y in spots:
        rect = pygame.Rect(x, y, width, height)
        if area.contains(rect) and not rect.colliderect(landing.inflate(4, 4)):
            return x, y
    return spots[0]


def _diagram_frame(scene: MapHost, diagram: ScatterDiagram) -> pygame.Rect:
    """Return the screen rectangle of the 3x3 frame round the intended field."""
    camera = scene.camera
    size = camera.cell_px
    left, top = camera.cell_to_screen((diagram.target[0] - 1, diagram.target[1] - 1))
    return pygame.Rect(left, top, 3 * size, 3 * size)


def _draw_diagram(scene: MapHost, surface: pygame.Surface, diagram: ScatterDiagram) -> None:
    """Draw the 3x3 frame and the "ahead" arrow (the d20 ranges are texts, drawn over)."""
    camera = scene.camera
    size = camera.cell_px
    # The 3x3 frame: the intended field in the middle, its 8 neighbours turned.
    frame = _diagram_frame(scene, diagram)
    left, top = frame.topleft
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


LANDING_MARK = (255, 60, 40)


def _draw_landing(scene: MapHost, surface: pygame.Surface, result: ThrowResult) -> None:
    """Mark the landing field with a cross, under a token that stands there (its frame
    is drawn over the tokens: ``draw_throw_result``)."""
    camera = scene.camera
    cx, cy = camera.cell_centre(result.landing)
    d = max(3, camera.cell_px // 4)
    pygame.draw.line(surface, LANDING_MARK, (cx - d, cy - d), (cx + d, cy + d), 3)
    pygame.draw.line(surface, LANDING_MARK, (cx - d, cy + d), (cx + d, cy - d), 3)


def draw_area_fire_under(scene: MapHost, surface: pygame.Surface, result: AreaFireResult) -> None:
    """Fill the fields the area fire hit, under the tokens (D-6)."""
    shading = FieldShading([(list(result.values), overlays.PAINT_OK, "fill")], shape_of(scene))
    shading.draw(surface, scene.camera)


def draw_area_fire_result(scene: MapHost, surface: pygame.Surface, result: AreaFireResult) -> None:
    """Write each field's damage (beside a token on it) and each creature's save and damage
    in a box beside the area, over the tokens (the fill is ``draw_area_fire_under``)."""
    camera = scene.camera
    fonts = scene.app.fonts
    for cell, value in result.values.items():
        corner, scale = number_place(scene, cell) or ("center", 0.42)  # beside the token
        overlays.cell_text(surface, camera, fonts, cell, str(value), scale=scale, corner=corner)
    if result.lines:
        image = overlays.label_surface(fonts, result.lines, size=16, border=(255, 120, 60))
        cells = list(result.values) or [result.anchor]
        left, top = camera.cell_to_screen((min(c[0] for c in cells), min(c[1] for c in cells)))
        right, bottom = camera.cell_to_screen(
            (max(c[0] for c in cells) + 1, max(c[1] for c in cells) + 1)
        )
        area = surface.get_clip() if surface.get_clip().width else surface.get_rect()
        fields = pygame.Rect(left, top, right - left, bottom - top)
        layers = layers_of(scene)
        place = result_box_place(image.get_size(), fields, area, layers.ring_labels)
        surface.blit(image, place)
        layers.result_box = pygame.Rect(place, image.get_size())


def result_box_place(
    size: tuple[int, int],
    fields: pygame.Rect,
    area: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
) -> tuple[int, int]:
    """Return where the area-fire result box goes: beside its fields, off ``avoid``.

    Beside the fields (right, else left), else below or above them, each slid along
    the fields' side; the first place inside ``area`` that covers neither the fields
    nor a range band's label wins (issue 12, point 8). Without one: the first place
    inside ``area`` off the fields, as before.
    """
    width, height = size
    steps = [0, *(n * s for n in range(1, 12) for s in (height // 2 + 4, -(height // 2 + 4)))]
    starts = [
        (fields.right + 4, fields.top, 0, 1),
        (fields.left - 4 - width, fields.top, 0, 1),
        (fields.left, fields.bottom + 4, 1, 0),
        (fields.left, fields.top - 4 - height, 1, 0),
    ]
    fallback: tuple[int, int] | None = None
    for x0, y0, along_x, along_y in starts:
        for step in steps:
            x = x0 + step * along_x * 2
            y = y0 + step * along_y
            box = pygame.Rect(x, y, width, height)
            if not area.contains(box) or box.colliderect(fields):
                continue
            if box.collidelist(list(avoid)) < 0:
                return x, y
            if fallback is None:
                fallback = (x, y)
    if fallback is not None:
        return fallback
    x = max(area.left, min(fields.right + 4, area.right - width))
    y = max(area.top, min(fields.top, area.bottom - height))
    return x, y


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


# ============================================================ following the match
def throw_result(
    scene: MapHost, thrower: Cell, intended: Cell, events: Sequence[Event], actor: str | None
) -> ThrowResult:
    """Return the throw at ``intended`` as ``events`` resolved it (a miss: its scatter, D-7)."""
    result = ThrowResult(thrower=thrower, intended=intended, landing=intended, hit=True)
    battle = scene.session.battle
    for event in events:
        data = event.data
        if event.kind == "scatter":
            result.hit = False
            if actor is not None and actor in battle.state.creatures:
                result.diagram = scatter_diagram(battle, actor, intended)
            result.direction_roll = int(data["direction_roll"])
            result.distance_roll = int(data["distance_roll"])
            result.landing = (int(data["landing"][0]), int(data["landing"][1]))
            step = (int(data["step"][0]), int(data["step"][1]))
            result.path = scatter_path(battle, intended, step, result.distance_roll)
        elif event.kind == "area" and "fields" in data:
            result.area = [(int(x), int(y)) for x, y in data["fields"]]
            landing = data.get("landing")
            if landing is not None:
                result.landing = (int(landing[0]), int(landing[1]))
    return result


def area_fire_result(
    scene: MapHost, command: Command, old: AreaFireResult, events: Sequence[Event]
) -> AreaFireResult | None:
    """Return the area fire as ``events`` resolved it (None: it now waits to be placed)."""
    battle = scene.session.battle
    t = scene.app.t
    if isinstance(command, AreaFireRoll):
        if command.actor is not None and placement_of(battle, command.actor) is not None:
            return None  # the rerolled check hit: the total waits for its fields (D-6)
        lines = [
            e.text(t.language)
            for e in events
            if e.kind == "roll" and e.data.get("rule") == "E-AREAFIRE-3"
        ]
        lines += area_fire_lines(scene, events)[1]
        return AreaFireResult(old.anchor, {}, lines)
    values, lines = area_fire_lines(scene, events)
    return AreaFireResult(old.anchor, values, lines)


@dataclass
class _Origin:
    """Where a kept result came from: its command, the battle and the turn then."""

    result: Sticky
    battle: Any  # an undo replays the match into a new battle object
    index: int  # the command's place in the record
    command: Command
    turn: str | None
    revision: int


#: Kept results remembered by their command, for a redo to bring back.
MAX_REMEMBERED = 32


class KeptResults:
    """Make the scene's kept result follow the match (reroll, undo, redo, next turn)."""

    def __init__(self) -> None:
        self._origin: _Origin | None = None
        self._remembered: list[_Origin] = []  # by command: what a redo brings back
        self._revision = -1  # the session's revision at the last ``follow``

    def follow(self, scene: MapHost) -> Sticky | None:
        """Rebuild or drop the kept result after a change of the match; return it."""
        layers = layers_of(scene)
        sticky = layers.sticky
        session = scene.session
        changed, self._revision = session.revision != self._revision, session.revision
        if sticky is None:
            self._origin = None
            if changed:  # e.g. a redo brought a throw back: its result comes back too
                layers.sticky = self._brought_back(scene)
            return layers.sticky
        origin = self._origin
        if origin is None or origin.result is not sticky:
            self._origin = self._origin_of(scene, sticky)
            self._remember(self._origin)
            return sticky
        if origin.revision == session.revision:
            return sticky
        origin.revision = session.revision
        rebuilt = self._rebuilt(scene, origin)
        layers.sticky = rebuilt
        if rebuilt is None:
            self._origin = None
        else:
            origin.result = rebuilt
        return rebuilt

    def drop(self, scene: MapHost) -> None:
        """Take the kept result off the map (a new turn begins)."""
        layers_of(scene).sticky = None
        self._origin = None

    def _remember(self, origin: _Origin | None) -> None:
        """Keep ``origin`` by its command (the newest first; a few only)."""
        if origin is None:
            return
        kept = [o for o in self._remembered if o.command is not origin.command]
        self._remembered = [origin, *kept][:MAX_REMEMBERED]

    def _brought_back(self, scene: MapHost) -> Sticky | None:
        """Return the result of the match's last command if it had one (a redo), else None.

        The last command that is no Impuls reroll must be the very command the result
        was kept for, at the same place in the record, on the same turn, with nothing
        but its rerolls after it; the result is rebuilt from its events as they now are.
        """
        session = scene.session
        record = session.match.record
        index = next((i for i in range(len(record) - 1, -1, -1) if not is_reroll(record[i])), -1)
        if index < 0:
            return None
        command = record[index]
        origin = next((o for o in self._remembered if o.command is command), None)
        if origin is None or origin.index != index:
            return None
        battle = session.battle
        if session.views.on_turn(battle) != origin.turn or battle.rerolls.base != index:
            return None
        origin.battle = battle
        origin.revision = session.revision
        rebuilt = _result_from(scene, origin, battle.rerolls.events)
        if rebuilt is not None:
            origin.result = rebuilt
            self._origin = origin
        return rebuilt

    @staticmethod
    def _origin_of(scene: MapHost, sticky: Sticky) -> _Origin | None:
        session = scene.session
        record = session.match.record
        # the result is of the last command that is not an Impuls reroll (E-IMP-EFF-REROLL)
        index = next((i for i in range(len(record) - 1, -1, -1) if not is_reroll(record[i])), -1)
        if index < 0:
            return None
        turn = session.views.on_turn(session.battle)
        return _Origin(sticky, session.battle, index, record[index], turn, session.revision)

    @staticmethod
    def _rebuilt(scene: MapHost, origin: _Origin) -> Sticky | None:
        """Return the result as the match now holds it (None: its command is gone or past)."""
        session = scene.session
        battle = session.battle
        record = session.match.record
        if session.views.on_turn(battle) != origin.turn:
            return None  # the next creature's turn began
        if len(record) <= origin.index or record[origin.index] is not origin.command:
            return None  # the command was taken back
        later = record[origin.index + 1 :]
        if any(not is_reroll(command) for command in later):
            return None  # a later command: the result belonged to the one before
        if not later and battle is origin.battle:
            return origin.result
        # a reroll recomputed the command, or an undo of a reroll replayed it: its events now
        origin.battle = battle
        return _result_from(scene, origin, battle.rerolls.events)


def _result_from(scene: MapHost, origin: _Origin, events: Sequence[Event]) -> Sticky | None:
    """Return the kept result of ``origin``'s command as ``events`` resolved it."""
    old = origin.result
    if isinstance(old, ThrowResult):
        return throw_result(scene, old.thrower, old.intended, events, origin.command.actor)
    return area_fire_result(scene, origin.command, old, events)
