"""Menus and screens around the battle: pause, save, load, settings, help, handover, end.

Contract used by the battle scene: PauseMenu(app, battle_scene), SaveDialog(app,
battle_scene), HelpOverlay(app), HandoverScene(app, player_name), EndScene(app, session).
The title screen and the new-game screens build on ``MenuScene`` from here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.battle.saves import MAX_SAVE_BYTES, SaveError
from game.rules.terms import Condition
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.camera import DEFAULT_DPI
from game.ui.hud_text import condition_name
from game.ui.locale import LANGUAGES
from game.ui.session import GameSession, Role, saves_dir
from game.ui.text_input import TextInput
from game.ui.theme import Colour, parse_colour
from game.ui.tokens import life_of
from game.ui.widgets import Button, draw_text, draw_tooltip, wrap

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

DIM: tuple[int, int, int, int] = (8, 9, 12, 170)
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
MIN_DPI = 40.0
MAX_DPI = 400.0
MM_PER_INCH = 25.4


# --------------------------------------------------------------------------- base
class MenuScene(Scene):
    """A screen of buttons and text fields; rebuilt on resize and on a language switch.

    Subclasses create their text fields once (so typed text survives a rebuild) and
    place them and create their buttons in ``build``.
    """

    transparent = True  # over the battle: dimmed map behind the panel

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.inputs: list[TextInput] = []
        self.notice: list[str] = []
        self.notice_bad = False
        self.size: tuple[int, int] = app.screen.get_size()
        self._language = app.t.language
        self._dim: pygame.Surface | None = None

    def t(self, key: str, **values: Any) -> str:
        return self.app.t(key, **values)

    def build(self) -> None:
        """Place the fields and create the buttons for ``self.size``."""

    def say(self, lines: str | Sequence[str], bad: bool = False) -> None:
        """Show a notice (errors in red) in the scene's notice area."""
        self.notice = [lines] if isinstance(lines, str) else list(lines)
        self.notice_bad = bad

    def back(self) -> None:
        self.app.pop(self)

    # ----------------------------------------------------------- Scene API
    def resized(self, size: tuple[int, int]) -> None:
        self.size = size
        self.build()

    def update(self, dt: float) -> None:
        if self.app.t.language != self._language:  # switched live in the settings
            self._language = self.app.t.language
            self.build()

    def handle(self, event: pygame.event.Event) -> None:
        for field in self.inputs:
            if field.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in list(self.buttons):
                if button.click(event.pos):
                    return
            self.clicked(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scrolled(event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB and self.inputs:
                self._next_field(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif not self.key(event) and event.key == pygame.K_ESCAPE:
                self.back()

    def key(self, event: pygame.event.Event) -> bool:
        """Handle a key the fields did not take; return whether it was used."""
        return False

    def clicked(self, pos: tuple[int, int]) -> None:
        """A left click that hit no button and no field."""

    def scrolled(self, steps: int) -> None:
        """The mouse wheel turned (positive: up)."""

    def _next_field(self, step: int) -> None:
        focused = [i for i, f in enumerate(self.inputs) if f.focused]
        index = (focused[0] + step) % len(self.inputs) if focused else 0
        for field in self.inputs:
            field.blur()
        self.inputs[index].focus()

    def draw(self, surface: pygame.Surface) -> None:
        if self.transparent:
            if self._dim is None or self._dim.get_size() != surface.get_size():
                self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                self._dim.fill(DIM)
            surface.blit(self._dim, (0, 0))
        self.draw_content(surface)
        mouse = pygame.mouse.get_pos()
        for button in self.buttons:
            button.draw(surface, self.app.fonts, mouse)
        for field in self.inputs:
            field.draw(surface, self.app.fonts)
        for button in self.buttons:
            if button.tooltip and button.contains(mouse):
                draw_tooltip(surface, self.app.fonts, button.tooltip, mouse, size=18)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw everything but the buttons and fields."""

    # ------------------------------------------------------------- helpers
    def button(
        self,
        rect: pygame.Rect,
        key: str,
        on_click: Callable[[], None] | None,
        **options: Any,
    ) -> Button:
        """Create, register and return a button labelled with the text ``key``."""
        made = Button(pygame.Rect(rect), self.t(key), on_click, **options)
        made.data["key"] = key
        self.buttons.append(made)
        return made

    def opens(self, factory: Callable[[], Scene]) -> Callable[[], None]:
        """Return a click action that pushes the scene ``factory`` makes."""

        def run() -> None:
            self.app.push(factory())

        return run

    def find_button(self, key: str) -> Button | None:
        """Return the button labelled with the text ``key`` (tests and hotkeys use it)."""
        for button in self.buttons:
            if button.data.get("key") == key:
                return button
        return None

    def panel(self, width: int, height: int) -> pygame.Rect:
        """Return a centred panel rectangle that fits the window."""
        w = min(width, self.size[0] - 40)
        h = min(height, self.size[1] - 40)
        return pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def draw_notice(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 20) -> int:
        """Draw the notice wrapped into ``rect``; return the height used."""
        if not self.notice:
            return 0
        colour = theme.TEXT_BAD if self.notice_bad else theme.TEXT_GOOD
        y = rect.y
        line_height = self.app.fonts.get(size).get_linesize()
        for paragraph in self.notice:
            for line in wrap(self.app.fonts, paragraph, rect.width, size):
                if y + line_height > rect.bottom:
                    return y - rect.y
                draw_text(surface, self.app.fonts, line, (rect.x, y), size=size, colour=colour)
                y += line_height
        return y - rect.y


def draw_box(surface: pygame.Surface, app: App, rect: pygame.Rect, title: str = "") -> int:
    """Draw a panel with a big title; return the y below the title."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
    if not title:
        return rect.y + 16
    title_rect = draw_text(
        surface, app.fonts, title, (rect.x + 24, rect.y + 18), size=36, colour=theme.ACCENT
    )
    return title_rect.bottom + 14


def stack(
    rect: pygame.Rect, top: int, count: int, height: int = 46, gap: int = 10
) -> list[pygame.Rect]:
    """Return ``count`` full-width rows inside ``rect`` from ``top`` downwards."""
    x, width = rect.x + 24, rect.width - 48
    return [pygame.Rect(x, top + i * (height + gap), width, height) for i in range(count)]


# --------------------------------------------------------------- open a battle
def open_battle(app: App, session: GameSession) -> BattleScene:
    """Put ``session`` on screen (replacing every scene); hide the map for hot-seat."""
    from game.ui.scenes.battle import BattleScene

    scene = BattleScene(app, session)
    app.replace(scene)
    if session.warnings:
        app.push(MessageScene(app, app.t("menus.title.warnings"), session.warnings))
    viewer = scene.viewer
    if app.settings.fog_of_war and len(session.humans()) >= 2 and viewer is not None:
        # whoever sits at the screen now must not see the map before the right player does
        app.push(HandoverScene(app, viewer.name))
    return scene


def go_to_title(app: App) -> None:
    from game.ui.scenes.title import TitleScene

    app.replace(TitleScene(app))


# --------------------------------------------------------------- saves listing
@dataclass(frozen=True)
class SaveInfo:
    """What the load dialog shows of one save file."""

    path: Path
    name: str
    when: datetime
    mission: str
    round: int | None
    problem: str = ""


@cache
def mission_title(path: str) -> str:
    """Return a mission's title (the file name when it does not load)."""
    try:
        from game.missions.loader import load_any

        return load_any(path).mission.title or Path(path).stem
    except Exception:  # a broken or missing mission still has a name to show
        return Path(path).stem


def save_info(path: Path) -> SaveInfo:
    """Return the date, mission and round of a save without replaying it."""
    try:
        stat = path.stat()
        when = datetime.fromtimestamp(stat.st_mtime)
    except OSError as error:
        return SaveInfo(path, path.stem, datetime.now(), "?", None, str(error.strerror or error))
    try:
        if stat.st_size > MAX_SAVE_BYTES:
            raise ValueError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
        mission = str(data["mission"]["path"])
        round_ = data["snapshot"]["round"]
        if not isinstance(round_, int) or isinstance(round_, bool):
            raise ValueError("no round")
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        return SaveInfo(path, path.stem, when, "?", None, str(error) or type(error).__name__)
    return SaveInfo(path, path.stem, when, mission_title(mission), round_)


def list_saves(home: Path) -> list[SaveInfo]:
    """Return the saves in the saves folder, newest first."""
    try:
        files = [
            p
            for p in saves_dir(home).glob("*.json")
            if not p.name.endswith(".players.json") and p.is_file()
        ]
    except OSError:
        return []
    infos = [save_info(p) for p in files[:500]]
    return sorted(infos, key=lambda info: info.when, reverse=True)


def format_when(when: datetime) -> str:
    return when.strftime("%d.%m.%Y %H:%M")


UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def safe_save_name(text: str) -> str:
    """Return ``text`` as a save's file name: umlauts spelled out, odd characters as '-'."""
    out = []
    for ch in text.strip():
        ch = UMLAUTS.get(ch, ch)
        out.append(ch if all(c.isascii() and (c.isalnum() or c in " ._-") for c in ch) else "-")
    return "".join(out).strip(" .") or "save"


# ------------------------------------------------------------------ messages
class MessageScene(MenuScene):
    """A panel with a few lines of text and an OK button (warnings after loading)."""

    def __init__(self, app: App, title: str, lines: Sequence[str], bad: bool = True) -> None:
        super().__init__(app)
        self.title = title
        self.say(lines, bad)

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(760, 420)
        ok = pygame.Rect(0, 0, 160, 44)
        ok.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(ok, "menus.common.ok", self.back)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.back()
            return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.title)
        area = pygame.Rect(self.rect.x + 24, top, self.rect.width - 48, 0)
        area.height = self.rect.bottom - 80 - top
        self.draw_notice(surface, area)


# ----------------------------------------------------------------- pause menu
class PauseMenu(MenuScene):
    """Esc during the battle: resume, save, load, settings, help, main menu, quit."""

    ITEMS = ("resume", "save", "load", "settings", "help", "main_menu", "quit")

    def __init__(self, app: App, battle_scene: Any) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(420, 40 + 70 + len(self.ITEMS) * 56 + 50)
        actions: dict[str, Callable[[], None]] = {
            "resume": self.back,
            "save": self.opens(lambda: SaveDialog(self.app, self.battle_scene)),
            "load": self.opens(lambda: LoadDialog(self.app)),
            "settings": self.opens(lambda: SettingsScene(self.app)),
            "help": self.opens(lambda: HelpOverlay(self.app)),
            "main_menu": lambda: go_to_title(self.app),
            "quit": self.app.quit,
        }
        rows = stack(self.rect, self.rect.y + 80, len(self.ITEMS))
        for rect, item in zip(rows, self.ITEMS, strict=True):
            self.button(rect, f"menus.pause.{item}", actions[item])

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.pause.title"))
        area = pygame.Rect(self.rect.x + 24, self.rect.bottom - 40, self.rect.width - 48, 30)
        self.draw_notice(surface, area, 18)


# ------------------------------------------------------------------ save dialog
class SaveDialog(MenuScene):
    """Ctrl+S or the pause menu: save the match under a name."""

    def __init__(self, app: App, battle_scene: Any) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene
        session: GameSession = battle_scene.session
        default = app.t(
            "menus.save.default",
            mission=session.mission_path.stem,
            round=session.battle.state.round,
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
            self.say([self.t("menus.save.failed"), str(error)], bad=True)
            return
        text = self.t("menus.pause.saved", name=path.stem)
        hud = getattr(self.battle_scene, "hud", None)
        if hud is not None:
            hud.message(text)
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
            self.say([self.t("menus.load.failed"), str(error)], bad=True)
            return
        except Exception as error:  # a damaged save must never end the program
            self.say([self.t("menus.load.failed"), f"{path.name}: {error}"], bad=True)
            return
        open_battle(self.app, session)

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


# -------------------------------------------------------------------- settings
class SettingsScene(MenuScene):
    """Language, true-size DPI (with a 25 mm ruler), animations, fog of war."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dpi_field = TextInput(
            pygame.Rect(0, 0, 90, 40),
            _dpi_text(app.settings.dpi),
            max_length=5,
            allowed=lambda ch: ch.isdigit() or ch == ".",
            on_change=self._typed_dpi,
            on_submit=lambda _text: self.dpi_field.blur(),
        )
        self.inputs = [self.dpi_field]

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(900, 760)
        x = self.rect.x + 24
        label_w = 330
        y = self.rect.y + 90
        for i, language in enumerate(LANGUAGES):
            rect = pygame.Rect(x + label_w + i * 160, y, 150, 40)
            made = Button(
                rect,
                LANGUAGE_NAMES.get(language, language),
                partial(self.set_language, language),
                selected=self.app.settings.language == language,
            )
            made.data["key"] = f"language.{language}"
            self.buttons.append(made)
        y += 56
        self.toggle_y = y
        self._toggle(x + label_w, y, "animations", self.app.settings.animations)
        self._toggle(x + label_w, y + 54, "fog", self.app.settings.fog_of_war)
        # the ruler comes last: at a high DPI its 25 mm square needs the room below
        y += 54 + 46 + 44
        minus = pygame.Rect(x + label_w, y, 44, 40)
        self.button(minus, "−", lambda: self.change_dpi(-1))
        self.dpi_field.rect = pygame.Rect(minus.right + 8, y, 90, 40)
        self.button(pygame.Rect(self.dpi_field.rect.right + 8, y, 44, 40), "+", self._plus)
        self.button(
            pygame.Rect(self.dpi_field.rect.right + 64, y, 170, 40),
            "menus.settings.dpi_default",
            lambda: self.set_dpi(DEFAULT_DPI),
        )
        self.dpi_y = y
        self.ruler_top = y + 56
        done = pygame.Rect(0, 0, 170, 44)
        done.bottomright = (self.rect.right - 24, self.rect.bottom - 20)
        self.button(done, "menus.settings.done", self.back)

    def _plus(self) -> None:
        self.change_dpi(1)

    def _toggle(self, x: int, y: int, name: str, value: bool) -> None:
        key = "menus.common.on" if value else "menus.common.off"
        made = Button(pygame.Rect(x, y, 150, 40), self.t(key), lambda: self.toggle(name))
        made.selected = value
        made.data["key"] = f"toggle.{name}"
        self.buttons.append(made)

    # -------------------------------------------------------------- changes
    def set_language(self, language: str) -> None:
        self.app.set_language(language)
        self.app.save_settings()
        self._language = self.app.t.language
        self.build()

    def change_dpi(self, step: float) -> None:
        mods = pygame.key.get_mods()
        self.set_dpi(self.app.settings.dpi + step * (10 if mods & pygame.KMOD_SHIFT else 1))

    def set_dpi(self, dpi: float) -> None:
        dpi = round(max(MIN_DPI, min(MAX_DPI, dpi)), 1)
        self.app.settings.dpi = dpi
        self.dpi_field.set_text(_dpi_text(dpi))
        self.app.save_settings()

    def _typed_dpi(self, text: str) -> None:
        try:
            dpi = float(text)
        except ValueError:
            return
        if MIN_DPI <= dpi <= MAX_DPI:
            self.app.settings.dpi = dpi
            self.app.save_settings()

    def toggle(self, name: str) -> None:
        settings = self.app.settings
        if name == "animations":
            settings.animations = not settings.animations
            for scene in self.app.scenes:
                animator = getattr(scene, "animator", None)
                if animator is not None:
                    animator.enabled = settings.animations
        else:
            settings.fog_of_war = not settings.fog_of_war
        self.app.save_settings()
        self.build()

    def back(self) -> None:
        if not MIN_DPI <= _float_or(self.dpi_field.text, 0.0) <= MAX_DPI:
            self.dpi_field.set_text(_dpi_text(self.app.settings.dpi))
        self.app.save_settings()
        super().back()

    # ----------------------------------------------------------------- draw
    def draw_content(self, surface: pygame.Surface) -> None:
        draw_box(surface, self.app, self.rect, self.t("menus.settings.title"))
        fonts = self.app.fonts
        x = self.rect.x + 24

        def label(key: str, y: int) -> None:
            draw_text(surface, fonts, self.t(key), (x, y + 20), anchor="midleft")

        label("menus.settings.language", self.rect.y + 90)
        label("menus.settings.animations", self.toggle_y)
        label("menus.settings.fog", self.toggle_y + 54)
        y = self.toggle_y + 100
        for line in wrap(fonts, self.t("menus.settings.fog_hint"), self.rect.width - 48, 18):
            draw_text(surface, fonts, line, (x, y), size=18, colour=theme.TEXT_DIM)
            y += fonts.get(18).get_linesize()
        label("menus.settings.dpi", self.dpi_y)
        previous = surface.get_clip()
        inside = self.rect.inflate(-4, -4)
        inside.height = self.rect.bottom - 76 - inside.y  # above the Done button
        surface.set_clip(inside.clip(previous))
        self.draw_ruler(surface, x, self.ruler_top)
        surface.set_clip(previous)

    def draw_ruler(self, surface: pygame.Surface, x: int, y: int) -> None:
        """Draw a 25 mm square and a 10 cm scale at the chosen DPI (compare with a ruler)."""
        fonts = self.app.fonts
        px_per_mm = self.app.settings.dpi / MM_PER_INCH
        side = round(25 * px_per_mm)
        square = pygame.Rect(x, y, side, side)
        pygame.draw.rect(surface, theme.FLOOR, square)
        pygame.draw.rect(surface, theme.ACCENT, square, 1)
        draw_text(
            surface,
            fonts,
            self.t("menus.settings.ruler"),
            square.center,
            size=20,
            colour=theme.BACKGROUND,
            anchor="center",
        )
        left = square.right + 30
        length = min(100.0, (self.rect.right - 24 - left) / px_per_mm)
        base = y + side // 2
        pygame.draw.line(
            surface, theme.TEXT, (left, base), (left + round(length * px_per_mm), base)
        )
        for mm in range(int(length) + 1):
            tick = 14 if mm % 10 == 0 else 9 if mm % 5 == 0 else 5
            tx = left + round(mm * px_per_mm)
            pygame.draw.line(surface, theme.TEXT, (tx, base), (tx, base - tick))
            if mm % 10 == 0:
                draw_text(surface, fonts, str(mm // 10), (tx, base + 4), size=16, anchor="midtop")
        hint = pygame.Rect(left, base + 26, self.rect.right - 24 - left, 60)
        ty = hint.y
        for line in wrap(fonts, self.t("menus.settings.ruler_hint"), hint.width, 18):
            draw_text(surface, fonts, line, (left, ty), size=18, colour=theme.TEXT_DIM)
            ty += fonts.get(18).get_linesize()


def _dpi_text(dpi: float) -> str:
    return str(int(dpi)) if float(dpi).is_integer() else f"{dpi:.1f}"


def _float_or(text: str, default: float) -> float:
    try:
        return float(text)
    except ValueError:
        return default


# ------------------------------------------------------------------------ help
#: The shortcuts the battle scene (scenes/battle.py) and the HUD (number keys) react to.
HELP_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("map", ("pan_drag", "pan_keys", "zoom_wheel", "zoom_keys", "fit", "true_size")),
    ("turn", ("select", "actions", "groups", "end_turn", "undo", "redo")),
    ("overlays", ("threats", "ranges", "sight")),
    (
        "tools",
        ("measure", "shape", "length", "snap", "weapon", "paint", "confirm", "gm_cover", "cancel"),
    ),
    ("program", ("save", "help")),
)


class HelpOverlay(MenuScene):
    """F1: every shortcut and mouse action; any key or click closes it."""

    def build(self) -> None:
        self.buttons = []
        self.rect = self.panel(1160, 620)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw_content(self, surface: pygame.Surface) -> None:
        top = draw_box(surface, self.app, self.rect, self.t("menus.help.title"))
        fonts = self.app.fonts
        size = 20 if self.rect.height >= 640 else 17
        line = fonts.get(size).get_linesize() + 2
        column_w = (self.rect.width - 72) // 2
        # two columns of about equal length: the map and the turn left, the rest right
        half = sum(len(items) + 1 for _, items in HELP_SECTIONS) / 2
        columns: list[list[tuple[str, tuple[str, ...]]]] = [[], []]
        count = 0
        for entry in HELP_SECTIONS:
            columns[0 if count < half else 1].append(entry)
            count += len(entry[1]) + 1
        for number, sections in enumerate(columns):
            x = self.rect.x + 24 + number * (column_w + 24)
            keys = [self.t(f"menus.help.{item}_keys") for _, items in sections for item in items]
            keys_w = min(column_w // 2, max(fonts.get(size, True).size(k)[0] for k in keys) + 16)
            y = top
            for section, items in sections:
                draw_text(
                    surface,
                    fonts,
                    self.t(f"menus.help.{section}"),
                    (x, y),
                    size=size + 2,
                    colour=theme.ACCENT,
                )
                y += line + 2
                for item in items:
                    # wrap measures the regular font; the bold keys are about a tenth wider
                    key_text = self.t(f"menus.help.{item}_keys")
                    key_lines = wrap(fonts, key_text, int((keys_w - 12) * 0.88), size)
                    text_lines = wrap(fonts, self.t(f"menus.help.{item}"), column_w - keys_w, size)
                    for i, part in enumerate(key_lines):
                        draw_text(surface, fonts, part, (x, y + i * line), size=size, bold=True)
                    for i, part in enumerate(text_lines):
                        draw_text(surface, fonts, part, (x + keys_w, y + i * line), size=size)
                    y += line * max(len(key_lines), len(text_lines))
                y += line // 2
        draw_text(
            surface,
            fonts,
            self.t("menus.common.close_hint"),
            (self.rect.centerx, self.rect.bottom - 16),
            size=18,
            colour=theme.TEXT_DIM,
            anchor="midbottom",
        )


# -------------------------------------------------------------------- hot-seat
class HandoverScene(Scene):
    """Hot-seat: cover the whole screen until the next player clicks or presses a key.

    Opaque (``transparent = False``): the battle scene below is not drawn at all, so
    no field and no token of the previous player's view can show through.
    """

    transparent = False
    GRACE = 0.3  # seconds: a held key or the end-turn click must not dismiss it at once

    def __init__(self, app: App, player_name: str) -> None:
        super().__init__(app)
        self.player_name = player_name
        self.colour = self._colour_of(player_name)
        self._age = 0.0
        self._pressed = False

    def _colour_of(self, name: str) -> Colour:
        from game.ui.scenes.battle import BattleScene

        battle = self.app.find(BattleScene)
        if battle is not None:
            for player in battle.session.players:
                if player.name == name and player.role is not Role.AI:
                    return parse_colour(player.colour, theme.ACCENT)
        return theme.ACCENT

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


# ------------------------------------------------------------------ end screen
class EndScene(MenuScene):
    """The fight is over: winner, rounds, each creature's LP and state, commands."""

    def __init__(self, app: App, session: Any) -> None:
        super().__init__(app)
        self.session = session

    def build(self) -> None:
        self.buttons = []
        count = len(self.session.battle.state.creatures)
        self.rect = self.panel(940, 200 + count * 28 + 90)
        y = self.rect.bottom - 64
        x = self.rect.x + 24
        for key, action in (
            ("menus.end.main_menu", lambda: go_to_title(self.app)),
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
        language = self.app.t.language
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
                condition_name(c, language)
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
        from game.ui.scenes.battle import BattleScene

        battle = self.app.find(BattleScene)
        if battle is not None and side_key in battle.colours:
            colour: Colour = battle.colours[side_key]
            return colour
        side = self.session.battle.sides.get(side_key) if side_key else None
        return parse_colour(side.colour, theme.TEXT) if side else theme.TEXT
