"""New game: pick a mission (bundled or any file), then assign the sides to the players.

A mission that does not load shows its problems (file, line, message) in the window,
never a traceback. Files are chosen in the file chooser (``file_chooser``), the sides
are given to the players in the seats screen (``seats``); both open through the
navigator.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from game.missions.loader import SUPPORTED_SUFFIXES, bundled_maps_dir
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menu_base import MenuScene
from game.ui.scenes.mission_entry import MAX_LISTED, MissionEntry, problem_where, read_mission
from game.ui.theme import parse_colour
from game.ui.widgets import Button, draw_text, wrap

ROW_H = 46


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
        self.button(  # place or edit the creatures first (issue 13)
            pygame.Rect(width - 30 - 220 - 16 - 220, bottom, 220, 48),
            "setup.edit",
            self.set_up,
            enabled=chosen is not None and chosen.ok,
            tooltip=self.t("setup.edit_tip"),
        )

    def choose(self, index: int) -> None:
        self.chosen = index
        self.notice = []  # a refusal was about the mission chosen before
        self.build()

    def choose_file(self) -> None:
        start = self.last_folder or (self.entry.path.parent if self.entry else Path.cwd())
        self.app.nav.choose_file(self.add_file, start)

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
        if entry is None or not entry.ok:
            return
        if not entry.creatures:  # a map: its creatures are placed first (issue 13)
            self.app.nav.setup(entry.path)
            return
        self.app.nav.seats(entry)

    def set_up(self) -> None:
        """Open the chosen mission in the set-up screen: its creatures and sides to edit."""
        entry = self.entry
        if entry is not None and entry.ok:
            self.app.nav.setup(entry.path)

    def back(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop(self)
        else:
            self.app.nav.to_title()

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
        y = self.draw_facts(surface, inner, y + 34, entry)
        y = self.draw_sides(surface, inner, y + 36, entry)
        y += 14
        line_height = fonts.get(22).get_linesize()
        for line in wrap(fonts, entry.text(self.app.t.language), inner.width, 22):
            if y + line_height > inner.bottom:
                break
            draw_text(surface, fonts, line, (inner.x, y), size=22)
            y += line_height

    def draw_facts(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, entry: MissionEntry
    ) -> int:
        """Draw size, players and creatures, as many on a line as fit; return the last y."""
        fonts = self.app.fonts
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
        return y

    def draw_sides(
        self, surface: pygame.Surface, inner: pygame.Rect, y: int, entry: MissionEntry
    ) -> int:
        """Draw the mission's sides with who controls them; return the y below."""
        fonts = self.app.fonts
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
        return y

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
                "menus.newgame.problem",
                where=problem_where(problem),
                message=problem.text(self.app.t.language),
            )
            for line in wrap(fonts, text, inner.width, 20):
                if y + line_height > inner.bottom:
                    return
                draw_text(surface, fonts, line, (inner.x, y), size=20, colour=theme.TEXT_BAD)
                y += line_height
            y += 6
