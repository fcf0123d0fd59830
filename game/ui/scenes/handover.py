"""The hot-seat handover screen: covers the map until the next player is ready; and the
confirmation asked of a person at the table (undo past another's turn, SL-Modus)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.session import Player, Role
from game.ui.text import text_cache
from game.ui.theme import Colour, parse_colour
from game.ui.widgets import draw_button, draw_text


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
        self.colour = colour_of(player_name, players)
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


def colour_of(name: str, players: Sequence[Player]) -> Colour:
    """Return the colour of the person called ``name`` at the table (the accent if none)."""
    for player in players:
        if player.name == name and player.role is not Role.AI:
            return parse_colour(player.colour, theme.ACCENT)
    return theme.ACCENT


class ConfirmScene(Scene):
    """Ask a yes-or-no question; ``private`` covers the whole screen as the handover does.

    Private (undo past another person's turn): opaque, nothing of the map shows, and only
    a click on the confirming person's button says yes. Not private (SL-Modus): the map
    stays visible, dimmed, and Enter says yes too. Esc or the other button says no.
    """

    GRACE = HandoverScene.GRACE

    def __init__(
        self,
        app: App,
        question: str,
        yes: str,
        on_yes: Callable[[], None],
        *,
        private: bool = False,
        colour: Colour = theme.ACCENT,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.yes_label = yes
        self.no_label = app.t("menus.confirm.no")
        self.on_yes = on_yes
        self.private = private
        self.transparent = not private
        self.colour = colour
        self.yes_rect = pygame.Rect(0, 0, 0, 0)
        self.no_rect = pygame.Rect(0, 0, 0, 0)
        self._age = 0.0

    def resized(self, size: tuple[int, int]) -> None:
        width, height = size
        text = text_cache(self.app.fonts)
        button_w = max(180, max(text.width(s, 22) for s in (self.yes_label, self.no_label)) + 40)
        y = height // 2 + 30
        self.yes_rect = pygame.Rect(width // 2 - button_w - 10, y, button_w, 44)
        self.no_rect = pygame.Rect(width // 2 + 10, y, button_w, 44)

    def update(self, dt: float) -> None:
        self._age += dt

    def answer(self, yes: bool) -> None:
        """Close the question; run ``on_yes`` after it is off the stack when the answer is yes."""
        self.app.pop(self)
        if yes:
            self.on_yes()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.answer(False)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.private:
                self.answer(True)
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or self._age < self.GRACE:
            return
        if self.yes_rect.collidepoint(event.pos):
            self.answer(True)
        elif self.no_rect.collidepoint(event.pos):
            self.answer(False)

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        if self.private:
            surface.fill(theme.BACKGROUND)
        else:
            veil = pygame.Surface((width, height), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 160))
            surface.blit(veil, (0, 0))
        box = pygame.Rect(0, height // 2 - 90, width, 8)
        pygame.draw.rect(surface, self.colour, box)
        fonts = self.app.fonts
        size = 40
        while size > 20 and fonts.get(size, True).size(self.question)[0] > width - 60:
            size -= 4
        draw_text(
            surface,
            fonts,
            self.question,
            (width // 2, height // 2 - 30),
            size=size,
            colour=self.colour,
            bold=True,
            anchor="center",
        )
        mouse = pygame.mouse.get_pos()
        text = text_cache(fonts)
        for rect, label in ((self.yes_rect, self.yes_label), (self.no_rect, self.no_label)):
            draw_button(surface, text, rect, label, size=22, hover=rect.collidepoint(mouse))
        pygame.draw.rect(surface, self.colour, pygame.Rect(0, height // 2 + 100, width, 8))
