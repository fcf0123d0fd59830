"""Pings: a person points at a field (Alt+click) so everybody at the screen sees it.

The battle scene passes events first to ``handle``; ``update`` and ``draw`` run each
frame (``draw`` after the fog and the tokens, so a ping shows on a fogged field too).

A ping is no command: it changes nothing of the match, is not saved and is not undone.
It shows the pinging person's colour (the colour of their first side, else their seat's
colour) as rings widening from the field for ``PING_SECONDS``, with their name over the
field; the HUD says "Anna zeigt auf [12, 7]". Several pings may run at once (the oldest
goes beyond ``MAX_PINGS``). The Alt+press and its release are swallowed, so the tool
under it never moves or attacks for it — except where the tool claims the Alt+click for
itself (``claims_alt_click(cell)``: the attack tool aiming at the weapon in a hand).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.board.grid import Cell
from game.ui import theme
from game.ui.camera import Camera
from game.ui.host import BattleHost
from game.ui.session import Player
from game.ui.text import text_cache
from game.ui.theme import Colour, parse_colour

#: How long a ping shows, and the share of it at the end in which it fades out.
PING_SECONDS = 3.0
FADE_SECONDS = 0.8
#: Rings widening at once, and how long one ring takes to widen.
RINGS = 3
RING_SECONDS = 1.0
#: The most pings shown at once (a busy table does not fill the map).
MAX_PINGS = 8
#: The smallest ring a ping draws, in pixels (readable at fit zoom).
MIN_RING_PX = 40
LABEL_SIZE = 15


@dataclass
class Ping:
    """One field pointed at: by whom, in what colour, for how long so far."""

    cell: Cell
    name: str
    colour: Colour
    age: float = 0.0
    label: pygame.Surface | None = None  # the name over the field (this ping's own copy)

    @property
    def strength(self) -> float:
        """Return 1 while the ping shows fully, falling to 0 at its end."""
        left = PING_SECONDS - self.age
        return max(0.0, min(1.0, left / FADE_SECONDS))


def ring_phases(age: float) -> list[float]:
    """Return each ring's widening (0 just started .. 1 widest) at ``age`` seconds."""
    phases = []
    for ring in range(RINGS):
        start = ring * RING_SECONDS / RINGS
        if age >= start:
            phases.append(((age - start) % RING_SECONDS) / RING_SECONDS)
    return phases


class Pings:
    """The fields pointed at, fading out after a few seconds."""

    def __init__(self, scene: BattleHost) -> None:
        self.scene = scene
        self.pings: list[Ping] = []
        self._pressed = False  # an Alt+press was swallowed: swallow its release too

    # ------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        """Return True when ``event`` was a ping (Alt+click on the map) or its release."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not _alt_held(event) or not self.scene.camera.contains(event.pos):
                return False
            cell = self.scene.camera.screen_to_cell(event.pos)
            claims = getattr(self.scene.tool, "claims_alt_click", None)
            if callable(claims) and claims(cell):
                return False  # the tool's own Alt+click (the attack aims at a held weapon)
            self._pressed = True
            if self.scene.session.battle.grid.in_bounds(cell):
                self.ping(cell)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            self._pressed = False
            return True
        return False

    def ping(self, cell: Cell) -> Ping:
        """Point at ``cell`` as the person at the screen; say so in the HUD."""
        scene = self.scene
        viewer = scene.viewer
        t = scene.app.t
        name = viewer.name if viewer is not None and viewer.name else t("pings.someone")
        ping = Ping(cell, name, self._colour(viewer))
        self.pings.append(ping)
        del self.pings[:-MAX_PINGS]
        scene.hud.message(t("pings.points", name=name, field=f"[{cell[0]}, {cell[1]}]"))
        return ping

    def _colour(self, viewer: Player | None) -> Colour:
        if viewer is None:
            return theme.ACCENT
        for side in viewer.sides:
            colour = self.scene.colours.get(side)
            if colour is not None:
                return colour
        return parse_colour(viewer.colour, theme.ACCENT)

    def clear(self) -> None:
        """Take every ping off the map."""
        self.pings.clear()

    # ------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        """Let the pings fade by ``dt`` seconds."""
        if not self.pings:
            return
        for ping in self.pings:
            ping.age += dt
        self.pings = [p for p in self.pings if p.age < PING_SECONDS]

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw the pings over the map."""
        for ping in self.pings:
            self._draw_one(surface, camera, ping)

    def _draw_one(self, surface: pygame.Surface, camera: Camera, ping: Ping) -> None:
        size = camera.cell_px
        x, y = camera.cell_to_screen(ping.cell)
        centre = (x + size // 2, y + size // 2)
        strength = ping.strength
        widest = max(MIN_RING_PX, int(size * 2))
        layer = pygame.Surface((widest * 2 + 4, widest * 2 + 4), pygame.SRCALPHA)
        middle = (widest + 2, widest + 2)
        for phase in ring_phases(ping.age):
            radius = max(4, int(widest * (0.15 + 0.85 * phase)))
            alpha = int(230 * (1.0 - phase) * strength)
            pygame.draw.circle(layer, (*ping.colour, alpha), middle, radius, max(3, size // 12))
        dot = max(3, size // 6)
        pygame.draw.circle(layer, (*ping.colour, int(255 * strength)), middle, dot)
        pygame.draw.circle(layer, (255, 255, 255, int(200 * strength)), middle, dot, 1)
        surface.blit(layer, (centre[0] - middle[0], centre[1] - middle[1]))
        edge = (*ping.colour, int(255 * strength))
        frame = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(frame, edge, frame.get_rect(), max(2, size // 16))
        surface.blit(frame, (x, y))
        self._draw_label(surface, ping, centre, widest, strength)

    def _draw_label(
        self,
        surface: pygame.Surface,
        ping: Ping,
        centre: tuple[int, int],
        widest: int,
        strength: float,
    ) -> None:
        if ping.label is None:
            text = text_cache(self.scene.app.fonts).render(ping.name, LABEL_SIZE, ping.colour)
            box = pygame.Surface((text.get_width() + 8, text.get_height() + 2), pygame.SRCALPHA)
            box.fill((*theme.PANEL, 210))
            box.blit(text, (4, 1))
            ping.label = box
        ping.label.set_alpha(int(255 * strength))
        top = centre[1] - min(widest, 40) - ping.label.get_height()
        surface.blit(ping.label, (centre[0] - ping.label.get_width() // 2, top))


def _alt_held(event: pygame.event.Event) -> bool:
    """Return whether Alt is held for a mouse event (its own ``mod``, else the keyboard's)."""
    mods = getattr(event, "mod", None)
    if mods is None:
        mods = pygame.key.get_mods()
    return bool(mods & pygame.KMOD_ALT)
