"""Saving and loading: the save and the load dialog (the listing is ``save_files``)."""

from __future__ import annotations

import pygame

from game.match.save_texts import text_in
from game.match.saves import SaveError
from game.ui import theme
from game.ui.app import App
from game.ui.host import BattleHost
from game.ui.scenes.menu_base import MenuScene, draw_box
from game.ui.scenes.save_files import format_when, list_saves, safe_save_name
from game.ui.session import GameSession, saves_dir
from game.ui.text_input import TextInput
from game.ui.theme import Colour
from game.ui.widgets import draw_text


class SaveDialog(MenuScene):
    """Ctrl+S or the pause menu: save the match under a name."""

    def __init__(self, app: App, battle_scene: BattleHost) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene
        session: GameSession = battle_scene.session
        default = app.t(
            "menus.save.default",
            mission=session.match.setup.title or session.mission_path.stem,
            round=session.views.current_round(session.battle) or 1,
        )
        self.field = TextInput(
            pygame.Rect(0, 0, 100, 40),
            safe_save_name(default),
            max_length=60,
            on_submit=lambda _text: self.save(),
            on_cancel=self.back,
            on_change=self._edited,
            focused=True,
        )
        self.inputs = [self.field]

        self.exists = False
        self._check_name()

    def _edited(self, _text: str) -> None:
        self.notice = []  # an old error no longer describes the new name
        self._check_name()

    def _check_name(self) -> None:
        """Look on the disk once per change of the name (not per frame): is it taken?"""
        try:
            name = safe_save_name(self.field.text)
            self.exists = (saves_dir(self.app.home) / f"{name}.json").exists()
        except OSError:
            self.exists = False

    def build(self) -> None:
        self.buttons = []
        self._check_name()
        self.rect = self.panel(640, 330)
        self.field.rect = pygame.Rect(self.rect.x + 24, self.rect.y + 120, self.rect.width - 48, 42)
        save = pygame.Rect(0, 0, 170, 44)
        save.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        cancel = save.move(-190, 0)
        self.button(save, "menus.save.save", self.save)
        self.button(cancel, "menus.common.cancel", self.back)

    def save(self) -> None:
        name = safe_save_name(self.field.text)
        try:
            path = self.battle_scene.session.save_as(name)
        except (SaveError, OSError) as error:
            self.say([self.t("menus.save.failed"), text_in(error, self.app.t.language)], bad=True)
            return
        text = self.t("menus.pause.saved", name=path.stem)
        self.battle_scene.hud.message_key("menus.pause.saved", name=path.stem)
        self.app.pop(self)
        below = self.app.top
        if isinstance(below, MenuScene):
            below.say(text)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.save.title"))
        draw_text(
            surface,
            self.app.fonts,
            self.t("menus.save.name"),
            (self.field.rect.x, self.field.rect.y - 26),
            colour=theme.TEXT_DIM,
        )
        exists = self.exists
        area = pygame.Rect(
            self.field.rect.x, self.field.rect.bottom + 10, self.field.rect.width, 80
        )
        name = safe_save_name(self.field.text)
        if name != self.field.text.strip():  # umlauts and odd characters are spelled out
            draw_text(
                surface,
                self.app.fonts,
                self.t("menus.save.file", name=name),
                area.topleft,
                size=18,
                colour=theme.TEXT_DIM,
            )
            area.y += 24
        if self.notice:
            self.draw_notice(surface, area, 18)
        elif exists:
            draw_text(
                surface,
                self.app.fonts,
                self.t("menus.save.overwrite"),
                area.topleft,
                size=18,
                colour=theme.ACCENT,
            )


# ------------------------------------------------------------------ load dialog
class LoadDialog(MenuScene):
    """The saves folder as a list (name, date, mission, round); load the chosen one."""

    ROW = 34

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves = list_saves(app.home)
        self.chosen: int | None = 0 if self.saves else None
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(980, 640)
        self.list_rect = pygame.Rect(
            self.rect.x + 24, self.rect.y + 110, self.rect.width - 48, self.rect.height - 230
        )
        load = pygame.Rect(0, 0, 170, 44)
        load.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(load, "menus.load.load", self.load, enabled=self.chosen is not None)
        self.button(load.move(-190, 0), "menus.common.cancel", self.back)
        self._place_rows()

    def _place_rows(self) -> None:
        visible = max(1, self.list_rect.height // self.ROW)
        self.scroll = max(0, min(self.scroll, len(self.saves) - visible))
        self.rows = []
        for slot, index in enumerate(
            range(self.scroll, min(len(self.saves), self.scroll + visible))
        ):
            rect = pygame.Rect(
                self.list_rect.x, self.list_rect.y + slot * self.ROW, self.list_rect.width, 32
            )
            self.rows.append((rect, index))

    def clicked(self, pos: tuple[int, int]) -> None:
        for rect, index in self.rows:
            if rect.collidepoint(pos):
                self.chosen = index
                self.notice = []
                self.build()
                return

    def scrolled(self, steps: int) -> None:
        self.scroll -= steps
        self._place_rows()

    def key(self, event: pygame.event.Event) -> bool:
        if not self.saves:
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            current = self.chosen if self.chosen is not None else -step
            self.chosen = max(0, min(len(self.saves) - 1, current + step))
            visible = max(1, self.list_rect.height // self.ROW)
            if self.chosen < self.scroll:
                self.scroll = self.chosen
            elif self.chosen >= self.scroll + visible:
                self.scroll = self.chosen - visible + 1
            self.build()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.load()
            return True
        return False

    def load(self) -> None:
        if self.chosen is None or not 0 <= self.chosen < len(self.saves):
            self.say(self.t("menus.load.choose"), bad=True)
            return
        path = self.saves[self.chosen].path
        try:
            session = GameSession.load(path, home=self.app.home)
        except SaveError as error:
            self.say([self.t("menus.load.failed"), error.text(self.app.t.language)], bad=True)
            return
        except Exception as error:  # a damaged save must never end the program
            self.say([self.t("menus.load.failed"), f"{path.name}: {error}"], bad=True)
            return
        self.app.nav.to_battle(session)

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.t("menus.load.title"))
        fonts = self.app.fonts
        columns = self._columns()
        for (x, _), key in zip(columns, ("name", "date", "mission", "round"), strict=True):
            draw_text(
                surface, fonts, self.t(f"menus.load.{key}"), (x, top + 4), colour=theme.TEXT_DIM
            )
        if not self.saves:
            draw_text(
                surface,
                fonts,
                self.t("menus.load.empty", folder=str(saves_dir(self.app.home))),
                self.list_rect.topleft,
                colour=theme.TEXT_DIM,
            )
        mouse = pygame.mouse.get_pos()
        for rect, index in self.rows:
            info = self.saves[index]
            chosen = index == self.chosen
            colour = theme.BUTTON_HOVER if rect.collidepoint(mouse) else theme.BUTTON
            pygame.draw.rect(surface, colour, rect, border_radius=4)
            if chosen:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=4)
            values = [
                info.name,
                format_when(info.when),
                info.mission if not info.problem else self.t("menus.load.broken"),
                str(info.round) if info.round is not None else "–",
            ]
            text_colour = theme.TEXT_BAD if info.problem else theme.TEXT
            for (x, width), value in zip(columns, values, strict=True):
                self._cell(surface, value, x, rect.centery, width, text_colour)
        area = pygame.Rect(
            self.rect.x + 24, self.list_rect.bottom + 8, self.rect.width - 48 - 380, 100
        )
        self.draw_notice(surface, area, 18)

    def _columns(self) -> list[tuple[int, int]]:
        x, width = self.list_rect.x + 8, self.list_rect.width - 16
        shares = (0.34, 0.2, 0.36, 0.1)
        columns = []
        for share in shares:
            columns.append((x, int(width * share) - 8))
            x += int(width * share)
        return columns

    def _cell(
        self, surface: pygame.Surface, text: str, x: int, centre_y: int, width: int, colour: Colour
    ) -> None:
        font = self.app.fonts.get(20)
        while font.size(text)[0] > width and len(text) > 2:
            text = text[:-2] + "…"
        draw_text(surface, self.app.fonts, text, (x, centre_y), colour=colour, anchor="midleft")
