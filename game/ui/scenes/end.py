"""The end screen: winner, rounds, each creature's LP and state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.match.views import Result
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.theme import Colour, parse_colour
from game.ui.widgets import draw_text


class EndScene(MenuScene):
    """The fight is over: winner, rounds, each creature's LP and state, commands."""

    def __init__(self, app: App, session: Any, colours: Mapping[str, Colour] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.colours = colours or {}  # the sides' colours on the battle screen

    def build(self) -> None:
        self.buttons = []
        count = len(self.result().standings)
        self.rect = self.panel(940, 200 + count * 28 + 90)
        y = self.rect.bottom - 64
        x = self.rect.x + 24
        for key, action in (
            ("menus.end.main_menu", lambda: self.app.nav.to_title()),
            ("menus.end.look", self.back),
            ("menus.end.quit", self.app.quit),
        ):
            self.button(pygame.Rect(x, y, 240, 44), key, action)
            x += 260

    def result(self) -> Result:
        """Return the ruleset's word on how the fight ended (its views')."""
        return self.session.views.result(self.session.battle, self.app.t)

    def summary(self) -> dict[str, Any]:
        """Return what the end screen shows (tests read it too)."""
        result = self.result()
        names = self._side_names()
        return {
            "winner": names.get(result.winner, result.winner) if result.winner else None,
            "winner_key": result.winner,
            "rounds": result.rounds,
            "commands": self.session.match.command_count,
            "value_heading": result.value_heading,
            "creatures": [
                (row.name, row.side, row.value, row.life, row.state) for row in result.standings
            ],
        }

    def _side_names(self) -> dict[str, str]:
        return {side.key: side.name for side in self.session.match.setup.sides}

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.t("menus.end.title"))
        fonts = self.app.fonts
        info = self.summary()
        x = self.rect.x + 24
        if info["winner"]:
            colour = self._side_colour(info["winner_key"])
            text = self.t("menus.end.winner", name=info["winner"])
        else:
            colour, text = theme.TEXT, self.t("menus.end.nobody")
        draw_text(surface, fonts, text, (x, top), size=30, colour=colour, bold=True)
        line = self.t("menus.end.commands", commands=info["commands"])
        if info["rounds"] is not None:
            line = self.t("menus.end.rounds", rounds=info["rounds"]) + "   ·   " + line
        draw_text(surface, fonts, line, (x, top + 40), colour=theme.TEXT_DIM)
        y = top + 84
        columns = (x, x + 260, x + 500, x + 600)
        headings = (
            self.t("menus.end.creature"),
            self.t("menus.end.side"),
            info["value_heading"],
            self.t("menus.end.state"),
        )
        for cx, heading in zip(columns, headings, strict=True):
            draw_text(surface, fonts, heading, (cx, y), colour=theme.TEXT_DIM)
        y += 30
        room = max(1, (self.rect.bottom - 80 - y) // 28)
        shown = info["creatures"]
        if len(shown) > room:  # a crowded fight: the rest as a count
            shown = shown[: room - 1]
            more = len(info["creatures"]) - len(shown)
            draw_text(
                surface,
                fonts,
                self.t("menus.files.more", count=more),
                (x, y + len(shown) * 28),
                colour=theme.TEXT_DIM,
            )
        names = self._side_names()
        for name, side_key, value, life, others in shown:
            state_text = self.t(f"menus.end.{life}")
            if others:
                state_text += " (" + others + ")"
            life_colour = theme.TEXT if life == "ok" else theme.TEXT_BAD
            values = (name, names.get(side_key, side_key), value, state_text)
            colours = (theme.TEXT, self._side_colour(side_key), life_colour, life_colour)
            for cx, text_value, col in zip(columns, values, colours, strict=True):
                draw_text(surface, fonts, text_value, (cx, y), size=20, colour=col)
            y += 28

    def _side_colour(self, side_key: str | None) -> Colour:
        if side_key is not None and side_key in self.colours:
            return self.colours[side_key]
        sides = {side.key: side for side in self.session.match.setup.sides}
        side = sides.get(side_key) if side_key else None
        return parse_colour(side.colour, theme.TEXT) if side else theme.TEXT
