"""Short animations: a token gliding along its path, a hit flash, a thrown object's flight.

The scene calls ``from_events``/``update``/``positions``/``draw``/``busy`` and nothing
else. Animations never change the battle: they only show what the engine already
decided (the state is final before they start), and each lasts at most
``MAX_DURATION`` seconds. Switched off (``enabled`` False, the settings' animations),
nothing is queued and tokens stand on their fields.

What the events give (game/battle): a ``move`` event carries its ``path`` (the fields
walked, start included); ``damage`` names its ``target`` and ``lp`` its ``actor``; a
throw's ``roll`` carries the intended ``field`` and the ``weapon``, a ``scatter`` the
``landing`` (D-7), ``area``/``area_fire`` the ``fields`` hit. The events do not say
where a creature stands, so ``positions()`` returns a ``Places`` mapping whose
``where(token)`` the token renderer asks for each token it draws: that tells the
animator where every token is (a thrower's field, a hit creature's field), and a token
whose field changed without a move event (a push, a charge, being dragged) glides there
in a straight line.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.board.grid import Cell
from game.match.events import Event
from game.ui.camera import Camera

MAX_DURATION = 0.5
STEP_SECONDS = 0.07  # per field of a move
FLASH_SECONDS = 0.35
FLIGHT_SECONDS = 0.3
SCATTER_SECONDS = 0.25
BLAST_SECONDS = 0.4
IMPLICIT_SECONDS = 0.25
IMPLICIT_MAX_FIELDS = 8  # farther jumps (undo, loading) are not animated
MAX_QUEUE_SECONDS = 1.5  # a long batch of events never delays the screen longer

Point = tuple[float, float]

FLASH_COLOUR = (255, 70, 50)
FLIGHT_COLOUR = (250, 250, 250)
SCATTER_COLOUR = (255, 140, 40)
BLAST_COLOUR = (255, 150, 40)


class _Token(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def cell(self) -> Cell: ...
    @property
    def size(self) -> int: ...


@dataclass
class _Glide:
    key: str
    path: list[Point]
    start: float
    duration: float

    @property
    def end(self) -> float:
        return self.start + self.duration

    def at(self, now: float) -> Point:
        """Return the position along the path (constant speed, eased) at time ``now``."""
        if now <= self.start:
            return self.path[0]
        t = min(1.0, (now - self.start) / self.duration)
        return _along(self.path, t * t * (3 - 2 * t))


@dataclass
class _Flash:
    key: str
    start: float
    duration: float = FLASH_SECONDS

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass
class _Flight:
    """A thrown object: from the thrower to the intended field, then scattering."""

    points: list[Point]  # field centres: thrower, intended field[, landing]
    start: float
    flight: float
    scatter: float

    @property
    def end(self) -> float:
        return self.start + self.flight + self.scatter


@dataclass
class _Blast:
    fields: list[Cell]
    start: float
    duration: float = BLAST_SECONDS

    @property
    def end(self) -> float:
        return self.start + self.duration


class Places(dict[str, Point]):
    """What ``Animator.positions()`` returns: tokens away from their field right now.

    ``where(token)`` is asked by the token renderer for every token it draws; it
    answers the token's place (field units, top-left of the footprint) and lets the
    animator learn where tokens stand.
    """

    def __init__(self, animator: Animator) -> None:
        super().__init__()
        self.animator = animator

    def where(self, token: _Token) -> Point:
        return self.animator.place(token)

    def static(self, tokens: object) -> bool:
        """Return whether ``tokens`` stand where they stood last frame (no ``where`` needed)."""
        return self.animator.static(tokens)


@dataclass
class _Pending:
    """A throw seen in the events, waiting for its scatter and area events."""

    actor: str | None
    target: Cell
    landing: Cell | None = None
    blast: list[Cell] = field(default_factory=list)


class Animator:
    """Animations in progress (empty when switched off in the settings)."""

    def __init__(self, enabled: bool = True) -> None:
        self._enabled = enabled
        self.clock = 0.0
        self.glides: dict[str, _Glide] = {}
        self.flashes: list[_Flash] = []
        self.flights: list[_Flight] = []
        self.blasts: list[_Blast] = []
        self.seen: dict[str, tuple[Cell, int]] = {}
        self.shown: set[str] = set()  # the tokens drawn in the latest frame
        self._places = Places(self)
        self._placed: object = None  # the token list placed last (see ``static``)
        self._squares: dict[int, pygame.Surface] = {}
        self._discs: dict[int, pygame.Surface] = {}

    # ------------------------------------------------------------ switching
    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        if not self._enabled:
            self.clear()

    def clear(self) -> None:
        """Drop every animation (tokens stand on their fields at once)."""
        self.glides.clear()
        self.flashes.clear()
        self.flights.clear()
        self.blasts.clear()

    # --------------------------------------------------------------- events
    def _tail(self) -> float:
        ends = [g.end for g in self.glides.values()]
        ends += [f.end for f in self.flights]
        return min(max([self.clock, *ends]), self.clock + MAX_QUEUE_SECONDS)

    def from_events(self, events: Sequence[Event]) -> None:
        """Start the animations the events describe (moves, hits, scatter paths)."""
        if not self._enabled or not events:
            return
        cursor = self._tail()
        throw: _Pending | None = None
        flashed: set[str] = set()
        for event in events:
            data = event.data or {}
            if event.kind == "move" and event.actor and isinstance(data.get("path"), list):
                path = [_point(p) for p in data["path"] if _is_pair(p)]
                if len(path) >= 2:
                    duration = min(MAX_DURATION, 0.06 + STEP_SECONDS * (len(path) - 1))
                    self.glides[event.actor] = _Glide(event.actor, path, cursor, duration)
                    cursor += duration
            elif event.kind == "roll" and _is_pair(data.get("field")) and "weapon" in data:
                cursor = self._start_throw(throw, cursor)
                target = _cell(data["field"])
                throw = _Pending(event.actor, target)
            elif event.kind == "scatter" and _is_pair(data.get("landing")):
                if throw is None:
                    throw = _Pending(event.actor, _cell(data["landing"]))
                throw.landing = _cell(data["landing"])
            elif event.kind in ("area", "area_fire") and isinstance(data.get("fields"), list):
                fields = [_cell(f[:2]) for f in data["fields"] if _is_cell_item(f)]
                if throw is not None and event.kind == "area":
                    throw.blast = fields
                    cursor = self._start_throw(throw, cursor)
                    throw = None
                else:
                    self.blasts.append(_Blast(fields, cursor))
            elif event.kind in ("damage", "lp"):
                key = data.get("target") if event.kind == "damage" else event.actor
                if isinstance(key, str) and key not in flashed:
                    flashed.add(key)
                    self.flashes.append(_Flash(key, cursor + 0.04 * (len(flashed) - 1)))
        self._start_throw(throw, cursor)

    def _start_throw(self, throw: _Pending | None, cursor: float) -> float:
        """Queue a pending throw's flight (and blast); return the time after it."""
        if throw is None:
            return cursor
        points: list[Point] = []
        if throw.actor is not None and throw.actor in self.shown:
            (x, y), size = self.seen[throw.actor]
            points.append((x + size / 2, y + size / 2))
        points.append((throw.target[0] + 0.5, throw.target[1] + 0.5))
        scatter = 0.0
        if throw.landing is not None and throw.landing != throw.target:
            points.append((throw.landing[0] + 0.5, throw.landing[1] + 0.5))
            scatter = SCATTER_SECONDS
        flight = FLIGHT_SECONDS if len(points) - (1 if scatter else 0) >= 2 else 0.05
        item = _Flight(points, cursor, flight, scatter)
        self.flights.append(item)
        if throw.blast:
            self.blasts.append(_Blast(throw.blast, item.end))
        return item.end

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.clock += max(0.0, dt)
        now = self.clock
        self.glides = {k: g for k, g in self.glides.items() if g.end > now}
        self.flashes = [f for f in self.flashes if f.end > now]
        self.flights = [f for f in self.flights if f.end > now]
        self.blasts = [b for b in self.blasts if b.end > now]

    @property
    def busy(self) -> bool:
        return bool(self.glides or self.flashes or self.flights or self.blasts)

    # ------------------------------------------------------------ positions
    def positions(self) -> dict[str, tuple[float, float]]:
        """Return tokens drawn away from their field right now (key -> field coordinates)."""
        places = self._places
        places.clear()
        for key, glide in self.glides.items():
            places[key] = glide.at(self.clock)
        return places

    def static(self, tokens: object) -> bool:
        """Return True when nothing glides and ``tokens`` is the list placed last frame.

        The renderer then draws every token on its field without asking ``place``: an
        idle animator costs nothing per token. Otherwise the placement starts afresh
        (``shown`` is rebuilt by the ``place`` calls that follow).
        """
        if not self.glides and tokens is self._placed:
            return True
        self._placed = tokens
        self.shown = set()
        return False

    def place(self, token: _Token) -> Point:
        """Return where to draw ``token`` now; note where it stands (see ``Places``)."""
        key, cell = token.key, (int(token.cell[0]), int(token.cell[1]))
        before = self.seen.get(key)
        self.seen[key] = (cell, max(1, int(token.size)))
        self.shown.add(key)
        glide = self.glides.get(key)
        if glide is None and self._enabled and before is not None and before[0] != cell:
            jump = max(abs(before[0][0] - cell[0]), abs(before[0][1] - cell[1]))
            if jump <= IMPLICIT_MAX_FIELDS:
                start = (float(before[0][0]), float(before[0][1]))
                glide = _Glide(
                    key, [start, (float(cell[0]), float(cell[1]))], self.clock, IMPLICIT_SECONDS
                )
                self.glides[key] = glide
        if glide is not None:
            return glide.at(self.clock)
        return (float(cell[0]), float(cell[1]))

    # -------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw flashes and flight paths over the tokens."""
        if not self.busy:
            return
        now = self.clock
        s = camera.cell_px
        for blast in self.blasts:
            if now < blast.start:
                continue
            fade = 1.0 - (now - blast.start) / blast.duration
            square = self._square(s)
            square.set_alpha(round(170 * max(0.0, fade)))
            surface.fblits([(square, camera.cell_to_screen(c)) for c in blast.fields])
        for flight in self.flights:
            self._draw_flight(surface, camera, flight, now)
        for flash in self.flashes:
            if now < flash.start or flash.key not in self.shown:
                continue  # a creature the viewer does not see shows no hit either
            (x, y), size = self.seen[flash.key]
            glide = self.glides.get(flash.key)
            fx, fy = glide.at(now) if glide is not None else (float(x), float(y))
            fade = 1.0 - (now - flash.start) / flash.duration
            disc = self._disc(s * size)
            disc.set_alpha(round(200 * max(0.0, fade)))
            surface.blit(disc, camera.point_to_screen(fx, fy))

    def _draw_flight(
        self, surface: pygame.Surface, camera: Camera, flight: _Flight, now: float
    ) -> None:
        if now < flight.start:
            return
        elapsed = now - flight.start
        points = flight.points
        screen: list[Point] = [camera.point_to_screen(px, py) for px, py in points]
        width = max(1, camera.cell_px // 16)
        has_scatter = flight.scatter > 0 and len(points) >= 2
        first_end = len(points) - 1 if has_scatter else len(points)
        first = screen[:first_end]
        if elapsed < flight.flight:
            t = elapsed / flight.flight if flight.flight > 0 else 1.0
            pos = _screen(_along(first, t))
            if len(first) >= 2:
                pygame.draw.line(surface, FLIGHT_COLOUR, first[0], pos, width)
        else:
            if len(first) >= 2:
                pygame.draw.line(surface, FLIGHT_COLOUR, first[0], first[-1], width)
            pos = _screen(first[-1])
            if has_scatter:
                t = min(1.0, (elapsed - flight.flight) / flight.scatter)
                pos = _screen(_along([screen[-2], screen[-1]], t))
                pygame.draw.line(surface, SCATTER_COLOUR, screen[-2], pos, width + 1)
                pygame.draw.circle(
                    surface, SCATTER_COLOUR, screen[-1], max(4, camera.cell_px // 3), 2
                )
        radius = max(3, camera.cell_px // 7)
        pygame.draw.circle(surface, (30, 30, 34), pos, radius)
        pygame.draw.circle(surface, FLIGHT_COLOUR, pos, radius, 1)

    def _square(self, s: int) -> pygame.Surface:
        square = self._squares.get(s)
        if square is None:
            square = pygame.Surface((s, s))
            square.fill(BLAST_COLOUR)
            self._squares = {s: square}
        return square

    def _disc(self, side: int) -> pygame.Surface:
        disc = self._discs.get(side)
        if disc is None:
            disc = pygame.Surface((side, side), pygame.SRCALPHA)
            pygame.draw.circle(disc, (*FLASH_COLOUR, 255), (side // 2, side // 2), side // 2)
            pygame.draw.circle(disc, (255, 255, 255, 255), (side // 2, side // 2), side // 4)
            if len(self._discs) > 8:
                self._discs.clear()
            self._discs[side] = disc
        return disc


def _is_pair(value: object) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _is_cell_item(value: object) -> bool:
    return isinstance(value, (list, tuple)) and len(value) >= 2 and _is_pair(list(value[:2]))


def _point(value: Sequence[int]) -> Point:
    return (float(value[0]), float(value[1]))


def _cell(value: Sequence[int]) -> Cell:
    return (int(value[0]), int(value[1]))


def _along(points: Sequence[Point], t: float) -> Point:
    """Return the point a fraction ``t`` of the way along a polyline."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in itertools.pairwise(points)]
    goal = max(0.0, min(1.0, t)) * sum(lengths)
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if goal <= length and length > 0:
            f = goal / length
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        goal -= length
    return points[-1]


def _screen(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))
