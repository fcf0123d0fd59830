"""The hot-seat handover screen: covers the map until the next player is ready."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.session import Player, Role
from game.ui.theme import Colour, parse_colour
from game.ui.widgets import draw_text


class HandoverScene(Scene):
    """Hot-seat: cover the whole screen until the next player clicks or presses a key.

    Opaque (``transparent = False``): the battle scene below is not drawn at all, so
    no field and no token of the previous player's view can show through.
    """

    transparent = False
    GRACE = 0.3  # seconds: a held key or the end-turn click must not dismiss it at once

    def __init__(self, app: App, player_name: str, players: Sequence[Player] = ()) -> None:
        super().__init__(app)
        self.player_name = player_name
        self.colour = _colour_of(player_name, players)
        self._age = 0.0
        self._pressed = False

    def update(self, dt: float) -> None:
        self._age += dt

    def handle(self, event: pygame.event.Event) -> None:
        # dismiss on the release of a press that began on this screen (not the click or
        # key that ended the last turn, whose release may still be on its way)
        if self._age < self.GRACE:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._pressed = True
        elif event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP) and self._pressed:
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        width, height = surface.get_size()
        fonts = self.app.fonts
        text = self.app.t("menus.handover.turn", name=self.player_name)
        size = 56
        while size > 24 and fonts.get(size, True).size(text)[0] > width - 60:
            size -= 4
        pygame.draw.rect(
            surface, self.colour, pygame.Rect(0, height // 2 - 90, width, 8), border_radius=0
        )
        draw_text(
            surface,
            fonts,
            text,
            (width // 2, height // 2 - 20),
            size=size,
            colour=self.colour,
            bold=True,
            anchor="center",
        )
        draw_text(
            surface,
            fonts,
            self.app.t("menus.handover.hint"),
            (width // 2, height // 2 + 40),
            size=22,
            colour=theme.TEXT_DIM,
            anchor="center",
        )
        pygame.draw.rect(surface, self.colour, pygame.Rect(0, height // 2 + 82, width, 8))


def _colour_of(name: str, players: Sequence[Player]) -> Colour:
    """Return the colour of the person called ``name`` at the table (the accent if none)."""
    for player in players:
        if player.name == name and player.role is not Role.AI:
            return parse_colour(player.colour, theme.ACCENT)
    return theme.ACCENT
