"""New game: pick a mission (bundled or any file), then assign the sides to the players.

A mission that does not load shows its problems (file, line, message) in the window,
never a traceback. Files are chosen with an in-window path field and folder list.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pygame

from game.match.problems import MissionError, Problem
from game.missions.loader import SUPPORTED_SUFFIXES, bundled_maps_dir, load_any
from game.rulesets.entaria.setup import SideSetup
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menus import MenuScene, draw_box, open_battle
from game.ui.session import GameSession, Player, Role
from game.ui.text_input import DIGITS, TextInput
from game.ui.theme import parse_colour
from game.ui.widgets import Button, draw_text, wrap

MAX_LISTED = 1000
MAX_SEED = 2**31 - 1
ROW_H = 46

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


# -------------------------------------------------------------------- missions
@dataclass
class MissionEntry:
    """A mission file as the list shows it: its facts or why it does not load."""

    path: Path
    title: str = ""
    width: int = 0
    height: int = 0
    players: tuple[int, int] | None = None
    description: dict[str, str] = field(default_factory=dict)
    sides: tuple[SideSetup, ...] = ()
    creatures: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, language: str) -> str:
        """Return the description in ``language`` (German, then any, when missing)."""
        for key in (language, "de", "en", *self.description):
            text = self.description.get(key)
            if text:
                return " ".join(text.split())
        return ""


def read_mission(path: Path) -> MissionEntry:
    """Return the list entry of a mission file (its problems when it does not load)."""
    from game.missions.setup import battle_setup
    from game.rulesets.entaria.catalogue import load_catalogue

    entry = MissionEntry(Path(path))
    try:
        loaded = load_any(path)
        setup = battle_setup(loaded.mission, load_catalogue(), path_label=str(path))
    except MissionError as error:
        entry.problems = list(error.problems)
        return entry
    except Exception as error:  # any other failure is still shown, never a traceback
        entry.problems = [Problem(str(path), f"{type(error).__name__}: {error}")]
        return entry
    mission = loaded.mission
    entry.title = mission.title or Path(path).stem
    entry.width, entry.height = mission.width, mission.height
    entry.players = mission.players
    entry.description = dict(mission.description)
    entry.sides = tuple(setup.sides)
    entry.creatures = len(setup.creatures)
    return entry


def problem_where(problem: Problem) -> str:
    """Return "file, line 3" style text for a problem's location."""
    where = Path(problem.path).name or problem.path
    if problem.line is not None:
        where += f":{problem.line}"
        if problem.column is not None:
            where += f":{problem.column}"
    if problem.key:
        where += f" [{problem.key}]"
    return where


class NewGameScene(MenuScene):
    """The mission list with the chosen mission's title, size and description."""

    transparent = False

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.entries: list[MissionEntry] = []
        self.chosen: int | None = None
        self.scroll = 0
        self.last_folder: Path | None = folder
        try:
            base = folder if folder is not None else bundled_maps_dir()
            paths = sorted(p for p in base.glob("*") if p.suffix.lower() in SUPPORTED_SUFFIXES)
        except OSError as error:
            self.say(self.t("menus.newgame.no_bundled", why=str(error)), bad=True)
            paths = []
        for path in paths[:MAX_LISTED]:
            if folder is None and path.suffix.lower() != ".toml":
                continue  # maps/ holds the bundled TOML missions and their notes
            self.entries.append(read_mission(path))
        if self.entries:
            self.chosen = 0

    @property
    def entry(self) -> MissionEntry | None:
        if self.chosen is None or not 0 <= self.chosen < len(self.entries):
            return None
        return self.entries[self.chosen]

    def build(self) -> None:
        self.buttons = []
        width, height = self.size
        list_w = max(260, min(440, int(width * 0.34)))
        self.list_rect = pygame.Rect(30, 96, list_w, height - 96 - 150)
        self.detail_rect = pygame.Rect(
            self.list_rect.right + 24, 96, width - self.list_rect.right - 54, height - 96 - 96
        )
        visible = max(1, self.list_rect.height // (ROW_H + 6))
        self.scroll = max(0, min(self.scroll, len(self.entries) - visible))
        for slot, index in enumerate(
            range(self.scroll, min(len(self.entries), self.scroll + visible))
        ):
            entry = self.entries[index]
            label = (
                entry.title if entry.ok else self.t("menus.newgame.broken", name=entry.path.name)
            )
            rect = pygame.Rect(
                self.list_rect.x, self.list_rect.y + slot * (ROW_H + 6), list_w, ROW_H
            )
            made = Button(
                rect,
                label,
                partial(self.choose, index),
                selected=index == self.chosen,
                tooltip=str(entry.path),
            )
            made.data["entry"] = index
            self.buttons.append(made)
        self.button(
            pygame.Rect(30, self.list_rect.bottom + 12, list_w, ROW_H),
            "menus.newgame.choose_file",
            self.choose_file,
        )
        bottom = height - 70
        self.button(pygame.Rect(30, bottom, 180, 48), "menus.common.back", self.back)
        chosen = self.entry
        self.button(
            pygame.Rect(width - 30 - 220, bottom, 220, 48),
            "menus.newgame.next",
            self.next,
            enabled=chosen is not None and chosen.ok,
        )

    def choose(self, index: int) -> None:
        self.chosen = index
        self.build()

    def choose_file(self) -> None:
        start = self.last_folder or (self.entry.path.parent if self.entry else Path.cwd())
        self.app.push(FileChooserScene(self.app, self.add_file, start))

    def add_file(self, path: Path) -> None:
        """Add a chosen file to the list (or pick it when it is there) and show it."""
        self.last_folder = path.parent
        resolved = path.resolve()
        for index, entry in enumerate(self.entries):
            if entry.path.resolve() == resolved:
                self.entries[index] = read_mission(path)
                self.choose(index)
                return
        self.entries.append(read_mission(path))
        visible = max(1, self.list_rect.height // (ROW_H + 6))
        self.scroll = max(0, len(self.entries) - visible)
        self.choose(len(self.entries) - 1)

    def next(self) -> None:
        entry = self.entry
        if entry is not None and entry.ok:
            self.app.push(SeatsScene(self.app, entry))

    def back(self) -> None:
        from game.ui.scenes.title import TitleScene

        if len(self.app.scenes) > 1:
            self.app.pop(self)
        else:
            self.app.replace(TitleScene(self.app))

    def scrolled(self, steps: int) -> None:
        self.scroll -= steps
        self.build()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            step = -1 if event.key == pygame.K_UP else 1
            current = self.chosen if self.chosen is not None else -step
            self.chosen = max(0, min(len(self.entries) - 1, current + step))
            visible = max(1, self.list_rect.height // (ROW_H + 6))
            if self.chosen < self.scroll:
                self.scroll = self.chosen
            elif self.chosen >= self.scroll + visible:
                self.scroll = self.chosen - visible + 1
            self.build()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next()
            return True
        return False

    # ----------------------------------------------------------------- draw
    def draw_content(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        draw_text(
            surface, fonts, self.t("menus.newgame.title"), (30, 28), size=40, colour=theme.ACCENT
        )
        rect = self.detail_rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
        inner = rect.inflate(-40, -36)
        entry = self.entry
        if self.notice:
            self.draw_notice(surface, inner)
            return
        if entry is None:
            draw_text(surface, fonts, self.t("menus.newgame.pick"), inner.topleft)
            return
        if not entry.ok:
            self.draw_problems(surface, inner, entry)
            return
        y = inner.y
        title_size = 34 if fonts.get(34, True).size(entry.title)[0] <= inner.width else 26
        for part in wrap(fonts, entry.title, int(inner.width * 0.9), title_size)[:2]:
            draw_text(surface, fonts, part, (inner.x, y), size=title_size, bold=True)
            y += fonts.get(title_size).get_linesize()
        draw_text(surface, fonts, entry.path.name, (inner.x, y + 2), size=18, colour=theme.TEXT_DIM)
        y += 34
        facts = [self.t("menus.newgame.size", w=entry.width, h=entry.height)]
        if entry.players:
            facts.append(
                self.t("menus.newgame.players", min=entry.players[0], max=entry.players[1])
            )
        facts.append(self.t("menus.newgame.creatures", count=entry.creatures))
        line = ""
        for fact in facts:  # as many facts on a line as fit
            candidate = f"{line}   ·   {fact}" if line else fact
            if line and fonts.get(22).size(candidate)[0] > inner.width:
                draw_text(surface, fonts, line, (inner.x, y), size=22)
                y += 26
                candidate = fact
            line = candidate
        draw_text(surface, fonts, line, (inner.x, y), size=22)
        y += 36
        draw_text(
            surface, fonts, self.t("menus.newgame.sides"), (inner.x, y), colour=theme.TEXT_DIM
        )
        y += 26
        for side in entry.sides:
            colour = parse_colour(side.colour, theme.TEXT)
            pygame.draw.circle(surface, colour, (inner.x + 9, y + 10), 8)
            controller = (
                "menus.newgame.controller_gm"
                if side.controller == "gm"
                else "menus.newgame.controller_player"
            )
            draw_text(
                surface, fonts, f"{side.name} — {self.t(controller)}", (inner.x + 26, y), size=22
            )
            y += 28
        y += 14
        line_height = fonts.get(22).get_linesize()
        for line in wrap(fonts, entry.text(self.app.t.language), inner.width, 22):
            if y + line_height > inner.bottom:
                break
            draw_text(surface, fonts, line, (inner.x, y), size=22)
            y += line_height

    def draw_problems(
        self, surface: pygame.Surface, inner: pygame.Rect, entry: MissionEntry
    ) -> None:
        fonts = self.app.fonts
        y = inner.y
        draw_text(
            surface,
            fonts,
            self.t("menus.newgame.errors"),
            (inner.x, y),
            size=28,
            colour=theme.TEXT_BAD,
            bold=True,
        )
        y += 36
        for line in wrap(
            fonts, self.t("menus.newgame.file", path=str(entry.path)), inner.width, 18
        ):
            draw_text(surface, fonts, line, (inner.x, y), size=18, colour=theme.TEXT_DIM)
            y += fonts.get(18).get_linesize()
        y += 10
        line_height = fonts.get(20).get_linesize()
        for problem in entry.problems:
            text = self.t(
                "menus.newgame.problem", where=problem_where(problem), message=problem.message
            )
            for line in wrap(fonts, text, inner.width, 20):
                if y + line_height > inner.bottom:
                    return
                draw_text(surface, fonts, line, (inner.x, y), size=20, colour=theme.TEXT_BAD)
                y += line_height
            y += 6


# ------------------------------------------------------------------ file chooser
class FileChooserScene(MenuScene):
    """A path field and the folder's subfolders and mission files (no native dialog)."""

    ROW = 30

    def __init__(self, app: App, on_choose: Callable[[Path], None], start: Path) -> None:
        super().__init__(app)
        self.on_choose = on_choose
        self.folder = Path(start)
        self.items: list[tuple[str, Path, bool]] = []
        self.more = 0
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.field = TextInput(
            pygame.Rect(0, 0, 100, 40),
            str(self.folder),
            max_length=1000,
            on_submit=self.submit,
            on_cancel=self.back,
            focused=True,
        )
        self.inputs = [self.field]
        self.open_folder(self.folder)

    def open_folder(self, folder: Path) -> None:
        """List ``folder``: the parent, subfolders, then mission files, by name."""
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name.casefold())
        except OSError as error:
            self.say(self.t("menus.files.unreadable", why=error.strerror or str(error)), bad=True)
            return
        self.folder = folder
        self.field.set_text(str(folder))
        self.notice = []
        folders: list[tuple[str, Path, bool]] = []
        files: list[tuple[str, Path, bool]] = []
        for item in entries:
            if item.name.startswith("."):
                continue
            try:
                is_dir = item.is_dir()
            except OSError:
                continue
            if is_dir:
                folders.append((item.name + os.sep, Path(item.path), True))
            elif Path(item.name).suffix.lower() in SUPPORTED_SUFFIXES:
                files.append((item.name, Path(item.path), False))
        listed = folders + files
        self.more = max(0, len(listed) - MAX_LISTED)
        self.items = listed[:MAX_LISTED]
        if folder.parent != folder:
            self.items.insert(0, (self.t("menus.files.up"), folder.parent, True))
        self.scroll = 0
        self._place_rows()

    def submit(self, text: str) -> None:
        path = Path(os.path.expanduser(text.strip() or "."))
        if not path.is_absolute():
            path = self.folder / path
        if path.is_dir():
            self.open_folder(path)
        elif path.is_file():
            self.choose(path)
        else:
            self.say(self.t("menus.files.not_found", path=str(path)), bad=True)

    def choose(self, path: Path) -> None:
        if path.suffix.lower() not in SUPPORTED_SUFFIXES:
            self.say(
                [self.t("menus.files.not_mission", name=path.name), self.t("menus.files.kinds")],
                bad=True,
            )
            return
        self.app.pop(self)
        self.on_choose(path)

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(1000, 700)
        self.field.rect = pygame.Rect(
            self.rect.x + 24, self.rect.y + 110, self.rect.width - 48 - 150, 40
        )
        self.button(
            pygame.Rect(self.field.rect.right + 10, self.field.rect.y, 140, 40),
            "menus.files.open",
            lambda: self.submit(self.field.text),
        )
        self.list_rect = pygame.Rect(
            self.rect.x + 24, self.field.rect.bottom + 14, self.rect.width - 48, 0
        )
        self.list_rect.height = self.rect.bottom - 140 - self.list_rect.y
        cancel = pygame.Rect(0, 0, 170, 44)
        cancel.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(cancel, "menus.common.cancel", self.back)
        self._place_rows()

    def _place_rows(self) -> None:
        if not hasattr(self, "list_rect"):
            return
        visible = max(1, self.list_rect.height // self.ROW)
        self.scroll = max(0, min(self.scroll, len(self.items) - visible))
        self.rows = []
        for slot, index in enumerate(
            range(self.scroll, min(len(self.items), self.scroll + visible))
        ):
            rect = pygame.Rect(
                self.list_rect.x, self.list_rect.y + slot * self.ROW, self.list_rect.width, 28
            )
            self.rows.append((rect, index))

    def clicked(self, pos: tuple[int, int]) -> None:
        for rect, index in self.rows:
            if rect.collidepoint(pos):
                _label, path, is_dir = self.items[index]
                if is_dir:
                    self.open_folder(path)
                else:
                    self.choose(path)
                return

    def scrolled(self, steps: int) -> None:
        self.scroll -= steps * 3
        self._place_rows()

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.files.title"))
        fonts = self.app.fonts
        draw_text(
            surface,
            fonts,
            self.t("menus.files.path"),
            (self.field.rect.x, self.field.rect.y - 26),
            colour=theme.TEXT_DIM,
        )
        mouse = pygame.mouse.get_pos()
        for rect, index in self.rows:
            label, _path, is_dir = self.items[index]
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, theme.BUTTON_HOVER, rect, border_radius=4)
            colour = theme.ACCENT if is_dir else theme.TEXT
            draw_text(
                surface, fonts, label, (rect.x + 8, rect.centery), colour=colour, anchor="midleft"
            )
        below = self.list_rect.bottom + 6
        if not self.items or (
            len(self.items) == 1 and self.items[0][0] == self.t("menus.files.up")
        ):
            draw_text(
                surface, fonts, self.t("menus.files.empty"), (self.list_rect.x, below), size=18
            )
            below += 22
        if self.more:
            draw_text(
                surface,
                fonts,
                self.t("menus.files.more", count=self.more),
                (self.list_rect.x, below),
                size=18,
                colour=theme.TEXT_DIM,
            )
            below += 22
        draw_text(
            surface,
            fonts,
            self.t("menus.files.kinds"),
            (self.list_rect.x, below),
            size=18,
            colour=theme.TEXT_DIM,
        )
        area = pygame.Rect(self.list_rect.x, below + 26, self.rect.width - 48 - 200, 60)
        self.draw_notice(surface, area, 18)


# ------------------------------------------------------------------------ seats
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
            palette = tuple(dict.fromkeys([side.colour.lower(), *PALETTE]))
            role = Role.AI if side.controller == "gm" else Role.HUMAN
            name = TextInput(pygame.Rect(0, 0, 10, 38), side.name, max_length=40)
            self.seats.append(Seat(side, name, side.colour.lower(), role, palette))
        self.gm_seat = False
        self.gm_name = TextInput(
            pygame.Rect(0, 0, 10, 38), app.t("menus.seats.gm_name"), max_length=40
        )
        self.seed = TextInput(
            pygame.Rect(0, 0, 10, 38),
            str(random.randrange(1, MAX_SEED)),
            max_length=10,
            allowed=lambda ch: ch in DIGITS,
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
                self.t("menus.newgame.problem", where=problem_where(p), message=p.message)
                for p in error.problems
            ]
            self.say(lines, bad=True)
            return
        except Exception as error:  # a mission changed on disk since the list read it
            self.say([self.t("menus.seats.failed"), f"{type(error).__name__}: {error}"], bad=True)
            return
        open_battle(self.app, session)

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
