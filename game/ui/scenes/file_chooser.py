"""The file chooser: a path field and a folder's subfolders and mission files."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from game.missions.loader import SUPPORTED_SUFFIXES
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.scenes.mission_entry import MAX_LISTED
from game.ui.screen_font import screen_text
from game.ui.text_input import TextInput
from game.ui.widgets import draw_text


class FileChooserScene(MenuScene):
    """A path field and the folder's subfolders and mission files (no native dialog)."""

    ROW = 30

    def __init__(self, app: App, on_choose: Callable[[Path], None], start: Path) -> None:
        super().__init__(app)
        self.on_choose = on_choose
        self.folder = Path(start)
        self.shown = ""  # the open folder as the field shows it
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
        self.shown = screen_text(str(folder))  # a name that is not UTF-8 shows U+FFFD
        self.field.set_text(self.shown)
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
        # the field as shown names the open folder, even if its real name is not UTF-8
        shown = text.strip() == self.shown.strip()
        path = self.folder if shown else Path(os.path.expanduser(text.strip() or "."))
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
