"""The end screen: winner, rounds, each creature's LP and state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.terms import condition_name, life_of
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
        count = len(self.session.battle.state.creatures)
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

    def summary(self) -> dict[str, Any]:
        """Return what the end screen shows (tests read it too)."""
        battle = self.session.battle
        state = battle.state
        side = battle.sides.get(state.winner) if state.winner else None
        return {
            "winner": side.name if side else None,
            "winner_key": state.winner,
            "rounds": state.round,
            "commands": len(self.session.match.commands),
            "creatures": [
                (
                    c.name,
                    c.side,
                    c.lp,
                    c.max_lp,
                    life_of(battle.held_conditions(c)),
                    list(c.conditions),
                )
                for c in state.creatures.values()
            ],
        }

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.t("menus.end.title"))
        fonts = self.app.fonts
        info = self.summary()
        x = self.rect.x + 24
        battle = self.session.battle
        if info["winner"]:
            colour = self._side_colour(info["winner_key"])
            text = self.t("menus.end.winner", name=info["winner"])
        else:
            colour, text = theme.TEXT, self.t("menus.end.nobody")
        draw_text(surface, fonts, text, (x, top), size=30, colour=colour, bold=True)
        line = self.t("menus.end.rounds", rounds=info["rounds"])
        line += "   ·   " + self.t("menus.end.commands", commands=info["commands"])
        draw_text(surface, fonts, line, (x, top + 40), colour=theme.TEXT_DIM)
        y = top + 84
        columns = (x, x + 260, x + 500, x + 600)
        for cx, key in zip(columns, ("creature", "side", "lp", "state"), strict=True):
            draw_text(surface, fonts, self.t(f"menus.end.{key}"), (cx, y), colour=theme.TEXT_DIM)
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
        for name, side_key, lp, max_lp, life, conditions in shown:
            side = battle.sides.get(side_key)
            state_text = self.t(f"menus.end.{life}")
            others = [
                condition_name(c, self.app.t)
                for c in conditions
                if c not in (Condition.DEAD, Condition.DYING, Condition.UNCONSCIOUS)
            ]
            if others:
                state_text += " (" + ", ".join(others) + ")"
            life_colour = theme.TEXT if life == "ok" else theme.TEXT_BAD
            values = (name, side.name if side else side_key, f"{lp}/{max_lp}", state_text)
            colours = (theme.TEXT, self._side_colour(side_key), life_colour, life_colour)
            for cx, value, col in zip(columns, values, colours, strict=True):
                draw_text(surface, fonts, value, (cx, y), size=20, colour=col)
            y += 28

    def _side_colour(self, side_key: str | None) -> Colour:
        if side_key is not None and side_key in self.colours:
            return self.colours[side_key]
        side = self.session.battle.sides.get(side_key) if side_key else None
        return parse_colour(side.colour, theme.TEXT) if side else theme.TEXT
