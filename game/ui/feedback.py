"""Feedback on the map for what just happened: tracers, damage numbers, misses, sounds.

The battle scene hands over the events the viewer may see (``events``) and calls
``update``, ``draw`` (tracers, blasts, rings: over the tokens) and ``draw_texts`` (the
floating words, last but the coordinate strips: over the tokens' cover marks too) each
frame. The ruleset's views turn the events into neutral
effects (``Views.effects``, ``game.match.effects``); this draws them for a moment and
plays their sounds (``game.ui.sounds``). Nothing here changes the battle.

What it draws: a tracer streaking from the shooter to the target (a miss flies past
it), the damage number rising from the hurt creature, "verfehlt" over a missed target,
"bewusstlos" / "sterbend" / "tot" with a ring round a creature that fell, and a ring
spreading from a blast. Only what the viewer sees under the fog of war is shown: a
tracer needs both its ends in sight, and a creature the viewer may not be shown (hidden
on a field in sight) shows nothing either.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.board.grid import Cell
from game.match.effects import (
    DamageNumber,
    Effect,
    Explosion,
    Fell,
    Miss,
    Sound,
    Tracer,
)
from game.match.events import Event
from game.match.views import Fog, Piece, Views
from game.ui.anim import FLIGHT_SECONDS, SCATTER_SECONDS
from game.ui.camera import Camera
from game.ui.locale import Translator
from game.ui.settings import Settings
from game.ui.sounds import Sounds
from game.ui.theme import Colour, Fonts

TRACER_FLIGHT = 0.14  # seconds for the streak's head to reach the target
TRACER_SECONDS = 0.5
TRACER_GAP = 0.05  # between the tracers of one command (area fire's bursts)
FLOAT_SECONDS = 1.2
FELL_SECONDS = 1.8
BURST_SECONDS = 0.55
FLOAT_RISE = 0.7  # fields a number rises over its time
MAX_ITEMS = 60  # the opponent's quick turns never pile up more than this

HIT_COLOUR: Colour = (255, 226, 110)
MISS_COLOUR: Colour = (190, 205, 225)
DAMAGE_COLOUR: Colour = (255, 96, 72)
NO_DAMAGE_COLOUR: Colour = (205, 205, 210)
BURST_COLOUR: Colour = (255, 160, 50)
OUTLINE: Colour = (16, 16, 20)
FALL_COLOURS: dict[str, Colour] = {
    "down": (255, 200, 80),
    "critical": (255, 120, 60),
    "dead": (235, 60, 50),
}

Point = tuple[float, float]


class _App(Protocol):
    @property
    def t(self) -> Translator: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def settings(self) -> Settings: ...


class _Session(Protocol):
    @property
    def views(self) -> Views: ...

    @property
    def battle(self) -> Any: ...


class FeedbackHost(Protocol):
    """What the feedback asks of the battle screen (``BattleScene`` is one)."""

    @property
    def app(self) -> _App: ...

    @property
    def session(self) -> _Session: ...

    def pieces(self) -> Mapping[str, Piece]: ...

    def fog(self) -> Fog | None: ...


@dataclass
class _Item:
    """One effect on the map: when it starts, how long it lasts, where it is."""

    effect: Effect
    start: float
    duration: float
    points: tuple[Point, ...]  # field units: tracer ends; a float's anchor, creature centre
    text: str = ""
    colour: Colour = HIT_COLOUR
    radius: float = 0.5  # fields: a blast's reach, a fallen creature's ring
    row: int = 0  # a float started after earlier ones on the same creature (delay)
    surface: pygame.Surface | None = None
    surface_px: int = 0
    lift: int = 0  # pixels pushed up off earlier texts; only grows, so a text never drops

    @property
    def end(self) -> float:
        return self.start + self.duration


class Feedback:
    """What the map shows for a moment after a command (and the sounds it plays)."""

    def __init__(self, scene: FeedbackHost, sounds: Sounds | None = None) -> None:
        self.scene = scene
        self.sounds = sounds if sounds is not None else Sounds(scene.app.settings)
        self.clock = 0.0
        self.items: list[_Item] = []
        self.queued: list[tuple[float, str]] = []  # (when, sound name)
        self.effects: tuple[Effect, ...] = ()  # the latest command's, for tests and looks
        self.placed: list[pygame.Rect] = []  # where this frame's texts went (tests, looks)

    # --------------------------------------------------------------- events
    def events(self, seen: Sequence[Event]) -> None:
        """Start the feedback for the events the viewer may see."""
        if not seen:
            return
        scene = self.scene
        views = scene.session.views
        made = getattr(views, "effects", None)  # a ruleset older than Views.effects: none
        self.effects = tuple(made(scene.session.battle, seen)) if made is not None else ()
        if self.effects:
            self._start(self.effects)

    def _start(self, effects: Sequence[Effect]) -> None:
        """Queue the items and sounds of one command's effects, in a short sequence."""
        sight = _Sight(self.scene.fog(), self.scene.pieces())
        timing = _Timing.of(effects, animated=bool(self.scene.app.settings.animations))
        now = self.clock
        stacked: dict[object, int] = {}  # floats per field, and the tracers so far
        for effect in effects:
            if isinstance(effect, Sound):
                self.queued.append((now + timing.sound(effect.name), effect.name))
                continue
            item = self._item(effect, sight, now, timing, stacked)
            if item is not None:
                self.items.append(item)
        del self.items[:-MAX_ITEMS]

    def _item(
        self,
        effect: Effect,
        sight: _Sight,
        now: float,
        timing: _Timing,
        stacked: dict[object, int],
    ) -> _Item | None:
        """Return the map item of one effect (None: the viewer does not see it)."""
        t = self.scene.app.t
        if isinstance(effect, Tracer):
            if not (sight.sees(effect.from_cell) and sight.sees(effect.to_cell)):
                return None
            start, end = sight.centre(effect.from_cell), sight.centre(effect.to_cell)
            ends = _tracer_ends(start, end, effect)
            colour = HIT_COLOUR if effect.hit else MISS_COLOUR
            shot = stacked.get(Tracer, 0)  # several shots of one command: one after another
            stacked[Tracer] = shot + 1
            return _Item(effect, now + TRACER_GAP * shot, TRACER_SECONDS, ends, colour=colour)
        if isinstance(effect, Explosion):
            cells = [c for c in effect.cells if sight.sees(c)]
            if not cells:
                return None
            cx = sum(c[0] for c in cells) / len(cells) + 0.5
            cy = sum(c[1] for c in cells) / len(cells) + 0.5
            reach = max(math.dist((cx, cy), (c[0] + 0.5, c[1] + 0.5)) for c in cells) + 0.5
            when = now + timing.blast
            return _Item(effect, when, BURST_SECONDS, ((cx, cy),), "", BURST_COLOUR, reach)
        if isinstance(effect, Sound) or not sight.sees(effect.cell):
            return None
        cell = effect.cell
        text, colour, duration = _float_text(effect, t)
        row = stacked.get(cell, 0)
        stacked[cell] = row + 1
        when = now + (timing.arrive if isinstance(effect, Miss) else timing.after) + 0.12 * row
        points = (sight.top(cell), sight.centre(cell))
        radius = sight.size(cell) * 0.6
        return _Item(effect, when, duration, points, text, colour, radius, row=row)

    def clear(self) -> None:
        """Drop every running effect (an undo took back what they showed)."""
        self.items.clear()
        self.queued.clear()
        self.effects = ()

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        """Advance the running effects by ``dt`` seconds; play the sounds now due."""
        self.clock += max(0.0, dt)
        now = self.clock
        if self.items:
            self.items = [item for item in self.items if item.end > now]
        if self.queued:
            due = [name for when, name in self.queued if when <= now]
            self.queued = [(when, name) for when, name in self.queued if when > now]
            for name in dict.fromkeys(due):
                self.sounds.play(name)

    @property
    def busy(self) -> bool:
        return bool(self.items or self.queued)

    def texts(self) -> list[str]:
        """Return the texts floating over the map now (or about to)."""
        return [item.text for item in self.items if item.text]

    # -------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the running tracers, blasts and fall rings (over the tokens)."""
        now = self.clock
        for item in self.items:
            if now < item.start:
                continue
            age = (now - item.start) / item.duration
            effect = item.effect
            if isinstance(effect, Tracer):
                _draw_tracer(surface, camera, item, now - item.start)
            elif isinstance(effect, Explosion):
                _draw_burst(surface, camera, item, age)
            elif isinstance(effect, Fell):
                _draw_ring(surface, camera, item, age)

    def draw_texts(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the floating texts; the battle screen calls it over tokens and their marks.

        Each text is pushed up off the texts started before it (``_place_float``), so two
        texts never overlap; ``placed`` keeps where they went.
        """
        self.placed = []
        now = self.clock
        floats = [
            item
            for item in self.items
            if item.start <= now and not isinstance(item.effect, (Tracer, Explosion))
        ]
        floats.sort(key=lambda item: (item.start, item.row))  # earlier texts first
        area = self.text_area(surface, camera)
        for item in floats:
            self._draw_float(surface, camera, item, (now - item.start) / item.duration, area)

    def text_area(self, surface: pygame.Surface, camera: Camera) -> pygame.Rect:
        """Return where floating texts may go: the map's view below the top ruler and
        right of the left ruler (issue 12: a text rising at the top edge is never cut)."""
        clip = surface.get_clip()
        view = pygame.Rect(
            camera.viewport_x, camera.viewport_y, camera.viewport_w, camera.viewport_h
        )
        area = view.clip(clip) if clip.width and clip.height else view
        strips = getattr(getattr(self.scene, "map", None), "coordinate_strips", None)
        if strips is not None:
            top, left = strips(camera)
            x, y = max(area.left, left.right), max(area.top, top.bottom)
            area = pygame.Rect(x, y, max(0, area.right - x), max(0, area.bottom - y))
        return area

    def _draw_float(
        self, surface: pygame.Surface, camera: Camera, item: _Item, age: float, area: pygame.Rect
    ) -> None:
        """Draw a rising text, fading out in its last part, above the texts placed before."""
        px = max(20, min(34, round(camera.cell_px * 0.7)))  # readable at fit zoom too
        if item.surface is None or item.surface_px != px:
            item.surface = _outlined(self.scene.app.fonts, item.text, px, item.colour)
            item.surface_px = px
            item.lift = 0  # another size: placed afresh
        (ax, ay) = item.points[0]
        rise = FLOAT_RISE * (1 - (1 - age) ** 2)  # quick at first, then slowing
        x, y = camera.point_to_screen(ax, ay - rise)
        text = item.surface
        rect = text.get_rect(midbottom=(x, y))
        rect = _place_float(rect, item, self.placed, area)
        self.placed.append(rect)
        text.set_alpha(round(255 * min(1.0, max(0.0, (1 - age) / 0.4))))
        surface.blit(text, rect)


@dataclass(frozen=True)
class _Timing:
    """When, after a command, its shot arrives, its blast goes off and its numbers rise.

    A tracer reaches its target after ``TRACER_FLIGHT``; a thrown object follows the
    animator's flight (and scatter), so its blast and numbers wait for it to land.
    """

    arrive: float = 0.0
    blast: float = 0.0
    after: float = 0.0

    @classmethod
    def of(cls, effects: Sequence[Effect], *, animated: bool) -> _Timing:
        if any(isinstance(e, Explosion) for e in effects):
            arrive = FLIGHT_SECONDS if animated else 0.0
            missed = animated and any(isinstance(e, Miss) for e in effects)
            blast = arrive + (SCATTER_SECONDS if missed else 0.0)
            return cls(arrive, blast, blast + 0.05)
        arrive = TRACER_FLIGHT if any(isinstance(e, Tracer) for e in effects) else 0.0
        return cls(arrive, arrive, arrive)

    def sound(self, name: str) -> float:
        """Return when the sound ``name`` plays: the shot at once, the rest as they happen."""
        if name == "shot":
            return 0.0
        if name == "explosion":
            return self.blast
        if name == "hit":
            return self.after
        return self.after + 0.2 if self.after else 0.0  # the turn: after the rest


class _Sight:
    """Where the viewer sees fields and creatures: the fog's mask, the pieces' sizes."""

    def __init__(self, fog: Fog | None, pieces: Mapping[str, Piece]) -> None:
        self.mask = None if fog is None else fog.visible
        self.sizes = {piece.cell: max(1, piece.size) for piece in pieces.values()}
        shown = None if fog is None else fog.creatures
        #: fields of creatures the viewer may not be shown (hidden on a field in sight)
        self.hidden = {p.cell for p in pieces.values() if shown is not None and p.key not in shown}

    def sees(self, cell: Cell) -> bool:
        mask = self.mask
        if mask is None:
            return True
        x, y = cell
        inside = 0 <= y < mask.shape[0] and 0 <= x < mask.shape[1]
        return inside and bool(mask[y, x]) and cell not in self.hidden

    def size(self, cell: Cell) -> int:
        return self.sizes.get(cell, 1)

    def centre(self, cell: Cell) -> Point:
        half = self.size(cell) / 2
        return (cell[0] + half, cell[1] + half)

    def top(self, cell: Cell) -> Point:
        """Return the middle of the top edge of the creature's footprint on ``cell``."""
        return (cell[0] + self.size(cell) / 2, cell[1] + 0.15)


def _place_float(
    rect: pygame.Rect,
    item: _Item,
    placed: Sequence[pygame.Rect],
    area: pygame.Rect | None = None,
) -> pygame.Rect:
    """Return ``rect`` moved up off every rectangle in ``placed`` (texts drawn before),
    inside ``area`` (the map below and right of its rulers).

    The lift is kept on the item and only grows: a text pushed up once stays up while
    the one under it lasts, and rises on from there instead of jumping about. A text
    that would leave ``area`` at its top is held at the top edge and, if another text
    is in the way there, goes below that one instead (issue 12: never cut by a ruler).
    """
    others = list(placed)
    moved = rect.move(0, -item.lift)
    for _ in range(len(others) + 1):
        hit = moved.collidelist(others)
        if hit < 0:
            break
        moved.bottom = others[hit].top  # just above the one in the way
    item.lift = max(item.lift, rect.top - moved.top)
    moved = rect.move(0, -item.lift)
    if area is None or (area.width < moved.width or area.height < moved.height):
        return moved
    if area.contains(moved):
        return moved
    moved = moved.clamp(area)
    for _ in range(len(others) + 1):
        hit = moved.collidelist(others)
        if hit < 0:
            break
        moved.top = others[hit].bottom  # just below the one in the way
    return moved


def _tracer_ends(start: Point, end: Point, tracer: Tracer) -> tuple[Point, Point]:
    """Return where the streak starts and ends; a miss flies past the target, to one side."""
    sx, sy = start
    ex, ey = end
    length = math.dist(start, end)
    if length <= 0:
        return (start, end)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    sx, sy = sx + ux * 0.35, sy + uy * 0.35  # from the shooter's edge, not its middle
    if tracer.hit:
        return ((sx, sy), (ex - ux * 0.2, ey - uy * 0.2))
    side = 1 if (tracer.to_cell[0] * 7 + tracer.to_cell[1] * 3) % 2 else -1  # same every time
    past = 1.6
    return ((sx, sy), (ex + ux * past - uy * 0.55 * side, ey + uy * past + ux * 0.55 * side))


def _float_text(effect: Effect, t: Translator) -> tuple[str, Colour, float]:
    """Return the floating text of a damage number, a miss or a fall, its colour and time."""
    if isinstance(effect, DamageNumber):
        if effect.amount <= 0:
            return "0", NO_DAMAGE_COLOUR, FLOAT_SECONDS
        return f"-{effect.amount}", DAMAGE_COLOUR, FLOAT_SECONDS
    if isinstance(effect, Miss):
        return t("feedback.miss"), MISS_COLOUR, FLOAT_SECONDS
    if isinstance(effect, Fell):
        return t(effect.word), FALL_COLOURS[effect.state], FELL_SECONDS
    return "", HIT_COLOUR, FLOAT_SECONDS


def _outlined(fonts: Fonts, text: str, px: int, colour: Colour) -> pygame.Surface:
    """Render ``text`` with a dark outline, readable on any floor."""
    font = fonts.get(px, bold=True)
    face = font.render(text, True, colour)
    edge = font.render(text, True, OUTLINE)
    out = pygame.Surface((face.get_width() + 4, face.get_height() + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 0), (0, 2), (4, 2), (2, 4)):
        out.blit(edge, (dx, dy))
    out.blit(face, (2, 2))
    return out


def _draw_tracer(surface: pygame.Surface, camera: Camera, item: _Item, elapsed: float) -> None:
    """Draw the streak: its head races to the end, its tail follows, a spark on a hit."""
    (ax, ay), (bx, by) = item.points
    head = min(1.0, elapsed / TRACER_FLIGHT)
    tail = max(0.0, (elapsed - TRACER_FLIGHT * 0.6) / (item.duration - TRACER_FLIGHT * 0.6))
    if tail >= head:
        return
    start = camera.point_to_screen(ax + (bx - ax) * tail, ay + (by - ay) * tail)
    end = camera.point_to_screen(ax + (bx - ax) * head, ay + (by - ay) * head)
    width = max(2, camera.cell_px // 12)
    pygame.draw.line(surface, OUTLINE, start, end, width + 2)
    pygame.draw.line(surface, item.colour, start, end, width)
    pygame.draw.line(surface, (255, 255, 245), start, end, max(1, width // 2))
    if head >= 1.0 and isinstance(item.effect, Tracer) and item.effect.hit:
        spark = max(3, round(camera.cell_px * 0.22 * (1 - tail)))
        pygame.draw.circle(surface, item.colour, end, spark)
        pygame.draw.circle(surface, (255, 255, 245), end, max(1, spark // 2))


def _draw_burst(surface: pygame.Surface, camera: Camera, item: _Item, age: float) -> None:
    """Draw a ring spreading over the blast, thinning as it goes."""
    cx, cy = item.points[0]
    centre = camera.point_to_screen(cx, cy)
    radius = max(2, round(item.radius * camera.cell_px * (0.25 + 0.75 * math.sqrt(age))))
    width = max(1, round(camera.cell_px * 0.3 * (1 - age)))
    pygame.draw.circle(surface, item.colour, centre, radius, min(width, radius))
    if age < 0.2:  # the flash of the blast itself, brief
        pygame.draw.circle(surface, (255, 240, 200), centre, max(1, round(radius * 0.35)))


def _draw_ring(surface: pygame.Surface, camera: Camera, item: _Item, age: float) -> None:
    """Draw a ring pulsing round a creature that fell (twice, then it fades)."""
    centre = camera.point_to_screen(*item.points[1])
    pulse = (age * 2) % 1.0
    radius = round(camera.cell_px * item.radius * (0.9 + 0.35 * pulse))
    if age < 0.9 and radius > 2:
        pygame.draw.circle(surface, item.colour, centre, radius, max(2, camera.cell_px // 14))
