"""The seats of a new game: who plays each side (name, colour, role), the dice seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

import pygame

from game.match.problems import MissionError
from game.match.sides import SideSetup
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menu_base import MenuScene
from game.ui.scenes.mission_entry import MissionEntry, problem_where
from game.ui.seat_files import MAX_PERSON_NAME
from game.ui.session import GameSession, Player, Role
from game.ui.text_input import DIGITS, TextInput
from game.ui.theme import parse_colour
from game.ui.widgets import Button, draw_text

MAX_SEED = 2**31 - 1

#: Seat colours to choose from (a side's own colour is offered first).
PALETTE: tuple[str, ...] = (
    "#3c78dc",
    "#d23c3c",
    "#3caa5a",
    "#c89628",
    "#9650c8",
    "#28aab4",
    "#dc5aaa",
    "#c8c8c8",
)
#: How far apart (sum of the RGB differences) two swatches must be to look different.
SAME_LOOK = 60


def seat_palette(own: str) -> tuple[str, ...]:
    """Return the swatches of a seat: the side's own colour first, then the palette
    without any colour that looks the same as one already offered (no twin swatch)."""
    chosen: list[str] = []
    seen: list[tuple[int, int, int]] = []
    for colour in (own.lower(), *PALETTE):
        rgb = parse_colour(colour)
        if all(
            sum(abs(a - b) for a, b in zip(rgb, other, strict=True)) > SAME_LOOK for other in seen
        ):
            chosen.append(colour)
            seen.append(rgb)
    return tuple(chosen)


@dataclass
class Seat:
    """One side's row: who plays it."""

    side: SideSetup
    name: TextInput
    colour: str
    role: Role
    palette: tuple[str, ...]


ROLES = (Role.HUMAN, Role.GM, Role.AI)
ROLE_KEYS = {Role.HUMAN: "menus.seats.human", Role.GM: "menus.seats.gm", Role.AI: "menus.seats.ai"}


class SeatsScene(MenuScene):
    """Assign each side to a player: name, colour, human / game master / built-in opponent."""

    transparent = False
    ROW = 96

    def __init__(self, app: App, entry: MissionEntry) -> None:
        super().__init__(app)
        self.entry = entry
        self.seats: list[Seat] = []
        for side in entry.sides:
            palette = seat_palette(side.colour)
            role = Role.AI if side.controller == "gm" else Role.HUMAN
            name = TextInput(
                pygame.Rect(0, 0, 10, 38),
                side.name,
                max_length=MAX_PERSON_NAME,
                label=app.t("menus.seats.name"),
                select_on_focus=True,  # typing replaces the default name
            )
            self.seats.append(Seat(side, name, side.colour.lower(), role, palette))
        self.gm_seat = False
        self.gm_name = TextInput(
            pygame.Rect(0, 0, 10, 38),
            app.t("menus.seats.gm_name"),
            max_length=MAX_PERSON_NAME,
            label=app.t("menus.seats.name"),
            select_on_focus=True,
        )
        self.seed = TextInput(
            pygame.Rect(0, 0, 10, 38),
            str(random.randrange(1, MAX_SEED)),
            max_length=10,
            allowed=lambda ch: ch in DIGITS,
            select_on_focus=True,
        )
        self.inputs = [seat.name for seat in self.seats] + [self.gm_name, self.seed]
        self.swatches: list[tuple[pygame.Rect, int, str]] = []

    # -------------------------------------------------------------- players
    def players(self) -> list[Player]:
        """Return the seats at the table: sides with the same player name share a seat."""
        players: list[Player] = []
        by_name: dict[str, Player] = {}
        for seat in self.seats:
            name = " ".join(seat.name.text.split()) or seat.side.name
            player = by_name.get(name.casefold())
            if player is None:
                player = Player(name, seat.colour, seat.role, [])
                by_name[name.casefold()] = player
                players.append(player)
            player.sides.append(seat.side.key)
        if self.gm_seat:
            name = " ".join(self.gm_name.text.split()) or self.t("menus.seats.gm_name")
            if name.casefold() in by_name:
                by_name[name.casefold()].role = Role.GM
            else:
                players.append(Player(name, "#c8c8c8", Role.GM, []))
        return players

    def seed_value(self) -> int:
        text = self.seed.text.strip()
        if not text:
            value = random.randrange(1, MAX_SEED)
            self.seed.set_text(str(value))
            return value
        return int(text) % (MAX_SEED + 1)

    def start(self) -> None:
        try:
            session = GameSession.new(
                self.entry.path,
                home=self.app.home,
                seed=self.seed_value(),
                players=self.players(),
            )
        except MissionError as error:
            lines = [self.t("menus.seats.failed")]
            lines += [
                self.t(
                    "menus.newgame.problem",
                    where=problem_where(p),
                    message=p.text(self.app.t.language),
                )
                for p in error.problems
            ]
            self.say(lines, bad=True)
            return
        except Exception as error:  # a mission changed on disk since the list read it
            self.say([self.t("menus.seats.failed"), f"{type(error).__name__}: {error}"], bad=True)
            return
        self.app.nav.to_battle(session)

    # ---------------------------------------------------------------- build
    def build(self) -> None:
        self.buttons = []
        self.swatches = []
        width, height = self.size
        fonts = self.app.fonts
        labels = [self.t("menus.seats.gm_seat"), self.t("menus.seats.seed")]
        label_w = max(fonts.get(20).size(text)[0] for text in labels) + 24
        col_name = 30 + max(label_w, min(int(width * 0.22), 300))
        name_w = max(180, min(300, int(width * 0.22)))
        col_palette = col_name + name_w + 20
        role_w = max(110, min(170, (width - 30 - col_name) // 3 - 10))
        y = 110
        for index, seat in enumerate(self.seats):
            seat.name.rect = pygame.Rect(col_name, y, name_w, 38)
            swatch = max(16, min(30, (width - 30 - col_palette) // len(seat.palette) - 6))
            for i, colour in enumerate(seat.palette):
                rect = pygame.Rect(col_palette + i * (swatch + 6), y + 4, swatch, swatch)
                self.swatches.append((rect, index, colour))
            bx = col_name
            for role in ROLES:
                made = Button(
                    pygame.Rect(bx, y + 46, role_w, 38),
                    self.t(ROLE_KEYS[role]),
                    partial(self.set_role, index, role),
                    selected=seat.role is role,
                    size=20,
                )
                made.data["key"] = f"role.{index}.{role.value}"
                self.buttons.append(made)
                bx += role_w + 10
            y += self.ROW
        self.rows_bottom = y
        toggle = Button(
            pygame.Rect(col_name, y + 6, 170, 38),
            self.t("menus.common.on" if self.gm_seat else "menus.common.off"),
            self.toggle_gm,
            selected=self.gm_seat,
            size=20,
        )
        toggle.data["key"] = "gm_seat"
        self.buttons.append(toggle)
        self.gm_name.rect = pygame.Rect(col_name + 180, y + 6, name_w, 38)
        if not self.gm_seat:
            self.gm_name.blur()
        # the GM's name field exists only while there is a separate GM seat
        self.inputs = [seat.name for seat in self.seats]
        self.inputs += [self.gm_name, self.seed] if self.gm_seat else [self.seed]
        self.seed.rect = pygame.Rect(col_name, y + 56, 170, 38)
        self.button(
            pygame.Rect(col_name + 180, y + 56, 140, 38),
            "menus.seats.random",
            lambda: self.seed.set_text(str(random.randrange(1, MAX_SEED))),
            size=20,
        )
        self.table_y = y + 112
        bottom = height - 70
        self.button(pygame.Rect(30, bottom, 180, 48), "menus.common.back", self.back)
        self.button(pygame.Rect(width - 30 - 260, bottom, 260, 48), "menus.seats.start", self.start)

    def set_role(self, index: int, role: Role) -> None:
        self.seats[index].role = role
        self.build()

    def toggle_gm(self) -> None:
        self.gm_seat = not self.gm_seat
        self.build()

    def clicked(self, pos: tuple[int, int]) -> None:
        for rect, index, colour in self.swatches:
            if rect.collidepoint(pos):
                self.seats[index].colour = colour
                return

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    # ----------------------------------------------------------------- draw
    def draw_content(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_text(
            surface, fonts, self.t("menus.seats.title"), (30, 28), size=40, colour=theme.ACCENT
        )
        draw_text(surface, fonts, self.entry.title, (30, 70), size=22, colour=theme.TEXT_DIM)
        y = 110
        for seat in self.seats:
            colour = parse_colour(seat.side.colour, theme.TEXT)
            label = seat.side.name
            while fonts.get(24, True).size(label)[0] > seat.name.rect.x - 50 and len(label) > 4:
                label = label[:-2] + "…"
            draw_text(surface, fonts, label, (30, y + 6), size=24, colour=colour, bold=True)
            controller = (
                "menus.newgame.controller_gm"
                if seat.side.controller == "gm"
                else "menus.newgame.controller_player"
            )
            draw_text(
                surface, fonts, self.t(controller), (30, y + 36), size=18, colour=theme.TEXT_DIM
            )
            y += self.ROW
        for rect, index, colour_text in self.swatches:
            colour = parse_colour(colour_text)
            pygame.draw.rect(surface, colour, rect, border_radius=4)
            if self.seats[index].colour == colour_text:
                pygame.draw.rect(surface, theme.SELECTED, rect.inflate(6, 6), 3, border_radius=6)
        y = self.rows_bottom
        draw_text(surface, fonts, self.t("menus.seats.gm_seat"), (30, y + 16), size=20)
        draw_text(surface, fonts, self.t("menus.seats.seed"), (30, y + 66), size=20)
        y = self.table_y
        draw_text(surface, fonts, self.t("menus.seats.table"), (30, y), colour=theme.TEXT_DIM)
        draw_text(
            surface,
            fonts,
            self.t("menus.seats.shared_hint"),
            (200, y),
            size=18,
            colour=theme.TEXT_DIM,
        )
        y += 28
        sides = {seat.side.key: seat.side.name for seat in self.seats}
        for player in self.players():
            names = ", ".join(sides.get(key, key) for key in player.sides)
            text = self.t(
                "menus.seats.seat_line",
                name=player.name,
                role=self.t(ROLE_KEYS[player.role]),
                sides=names or self.t("menus.seats.no_sides"),
            )
            pygame.draw.circle(surface, parse_colour(player.colour), (40, y + 10), 8)
            draw_text(surface, fonts, text, (56, y), size=20)
            y += 26
        area = pygame.Rect(30, y + 10, self.size[0] - 60, self.size[1] - 80 - y - 10)
        self.draw_notice(surface, area, 18)
