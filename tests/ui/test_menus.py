"""Menus and hot-seat, driven headless with posted input events.

Set KAMPFKARTE_SHOTS=<folder> to keep a screenshot of every screen the tests visit.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.board.grid import DIRECTIONS_8
from game.missions.loader import DEMO_MISSION, demo_mission_path
from game.rulesets.entaria.commands import GmEndFight, Move
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.file_chooser import FileChooserScene
from game.ui.scenes.menus import (
    EndScene,
    HandoverScene,
    HelpOverlay,
    LoadDialog,
    MenuScene,
    MessageScene,
    PauseMenu,
    SaveDialog,
    SettingsScene,
    safe_save_name,
)
from game.ui.scenes.navigate import open_app
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameSession, Role, autosave_dir, saves_dir
from game.ui.settings import Settings
from game.ui.text_input import DIGITS, TextInput

SIZE = (1280, 800)


# ----------------------------------------------------------------------- helpers
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KAMPFKARTE_HOME", str(folder))
    return folder


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    made = open_app(home=home, headless=True, size=SIZE)
    yield made
    pygame.event.clear()


def shot(app: App, name: str) -> None:
    folder = os.environ.get("KAMPFKARTE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


def step(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(frames):
        app.step(dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def click_button(app: App, key: str) -> None:
    scene = app.top
    assert isinstance(scene, MenuScene), scene
    button = scene.find_button(key)
    assert button is not None, f"no button {key} on {type(scene).__name__}"
    assert button.enabled, f"button {key} is disabled"
    click(app, button.rect.center)


def press(app: App, key: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
    )
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
    step(app)


def type_into(app: App, field: TextInput, text: str) -> None:
    """Click into ``field``, clear it with backspace and type ``text`` (TEXTINPUT events)."""
    click(app, field.rect.center)
    assert field.focused
    press(app, pygame.K_END)
    for _ in range(len(field.text)):
        pygame.event.post(
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0
            )
        )
    step(app)
    assert field.text == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app)


def dismiss_handover(app: App) -> None:
    assert isinstance(app.top, HandoverScene)
    step(app, dt=HandoverScene.GRACE + 0.05)
    click(app, (SIZE[0] // 2, SIZE[1] // 2))
    assert not isinstance(app.top, HandoverScene)


def battle_of(app: App) -> BattleScene:
    scene = app.find(BattleScene)
    assert scene is not None
    return scene


def rendered_alone(app: App, scene: Scene) -> pygame.Surface:
    surface = pygame.Surface(app.screen.get_size())
    surface.fill(theme.BACKGROUND)
    scene.draw(surface)
    return surface


def assert_hides_the_map(app: App, handover: HandoverScene) -> None:
    """The screen equals the handover drawn alone: no pixel of the map shows through."""
    battle = battle_of(app)
    under = pygame.Surface(app.screen.get_size())
    battle.draw(under)
    floor = np.all(pygame.surfarray.array3d(under) == theme.FLOOR, axis=2)
    assert floor.sum() > 10_000  # the map itself shows plenty of floor
    step(app)
    screen = pygame.surfarray.array3d(app.screen)
    assert np.array_equal(screen, pygame.surfarray.array3d(rendered_alone(app, handover)))
    assert not np.all(screen == theme.FLOOR, axis=2).any()


def start_demo_for_two(app: App) -> BattleScene:
    """Title -> new game -> the demo mission -> Anna and Bärbel -> start."""
    app.push(TitleScene(app))
    step(app)
    shot(app, "01_title")
    click_button(app, "menus.title.new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    index = next(i for i, e in enumerate(scene.entries) if e.path.name == DEMO_MISSION)
    button = next(b for b in scene.buttons if b.data.get("entry") == index)
    click(app, button.rect.center)
    assert scene.entry is not None and scene.entry.ok
    shot(app, "02_new_game")
    click_button(app, "menus.newgame.next")
    seats = app.top
    assert isinstance(seats, SeatsScene)
    type_into(app, seats.seats[0].name, "Anna")
    type_into(app, seats.seats[1].name, "Bärbel")
    click_button(app, "role.1.human")
    type_into(app, seats.seed, "3")
    players = seats.players()
    assert [(p.name, p.role, p.sides) for p in players] == [
        ("Anna", Role.HUMAN, ["freunde"]),
        ("Bärbel", Role.HUMAN, ["piraten"]),
    ]
    shot(app, "03_seats")
    click_button(app, "menus.seats.start")
    return battle_of(app)


# -------------------------------------------------------------------------- flows
def test_new_game_hot_seat_handover_save_and_load(app: App, home: Path) -> None:
    battle = start_demo_for_two(app)
    session = battle.session
    assert session.match.seed == 3
    # the first player is asked to the screen before the map shows
    assert isinstance(app.top, HandoverScene) and app.top.player_name == "Anna"
    assert_hides_the_map(app, app.top)
    shot(app, "04_handover_anna")
    dismiss_handover(app)
    assert app.top is battle
    shot(app, "05_battle_anna")

    # Anna ends her creatures' turns; when the turn passes to Bärbel the map is hidden
    for _ in range(12):
        assert session.current_player is not None
        if session.current_player.name == "Bärbel":
            break
        press(app, pygame.K_SPACE, text=" ")
        if session.current_player.name == "Anna":
            assert app.top is battle  # Anna's next creature: no handover
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.player_name == "Bärbel"
    assert handover.colour == theme.parse_colour(session.players[1].colour)
    # the press that ended the turn must not dismiss it, nor an early click
    click(app, (100, 100))
    assert app.top is handover
    assert_hides_the_map(app, handover)
    shot(app, "06_handover_baerbel")
    dismiss_handover(app)
    assert battle.viewer is session.players[1]

    # Ctrl+S: save under a name with an umlaut
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, SaveDialog)
    type_into(app, dialog.field, "Probe Ä")
    shot(app, "07_save")
    press(app, pygame.K_RETURN, text="\r")
    assert app.top is battle
    saved = saves_dir(home) / "Probe Ae.json"
    assert saved.is_file()
    state = session.battle.state.to_dict()
    commands = [c.to_dict() for c in session.match.commands]

    # play on, then load the save from the pause menu
    press(app, pygame.K_SPACE, text=" ")
    assert session.battle.state.to_dict() != state
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    shot(app, "08_pause")
    click_button(app, "menus.pause.load")
    load = app.top
    assert isinstance(load, LoadDialog)
    names = [info.name for info in load.saves]
    assert "Probe Ae" in names
    row = next(rect for rect, i in load.rows if load.saves[i].name == "Probe Ae")
    click(app, row.center)
    shot(app, "09_load")
    click_button(app, "menus.load.load")
    loaded = battle_of(app)
    assert loaded is not battle
    assert loaded.session.battle.state.to_dict() == state
    assert [c.to_dict() for c in loaded.session.match.commands] == commands
    assert [p.name for p in loaded.session.players] == ["Anna", "Bärbel"]
    # the loaded game is Bärbel's turn: the map stays hidden until she is at the screen
    assert isinstance(app.top, HandoverScene) and app.top.player_name == "Bärbel"
    dismiss_handover(app)
    assert app.top is loaded


def test_no_handover_without_fog_but_a_message(app: App) -> None:
    app.settings.fog_of_war = False
    battle = start_demo_for_two(app)
    assert app.top is battle
    for _ in range(12):
        press(app, pygame.K_SPACE, text=" ")
        assert app.top is battle
        if battle.session.current_player and battle.session.current_player.name == "Bärbel":
            break
    assert battle.session.current_player is not None
    assert battle.session.current_player.name == "Bärbel"


def _moved_session(home: Path) -> tuple[GameSession, str, tuple[int, int]]:
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
    creature = session.current
    x, y = creature.cell
    for dx, dy in DIRECTIONS_8:
        target = (x + dx, y + dy)
        if session.apply(Move(creature.key, "WALK", ((x, y), target))).ok:
            return session, creature.key, target
    raise AssertionError("no free neighbouring field")


def test_continue_after_closing_the_window_keeps_the_move(home: Path) -> None:
    first = open_app(home=home, headless=True, size=SIZE)
    first.push(TitleScene(first))
    step(first)
    title = first.top
    assert isinstance(title, TitleScene)
    continue_button = title.find_button("menus.title.continue")
    assert continue_button is not None and not continue_button.enabled
    session, key, target = _moved_session(home)
    first.replace(BattleScene(first, session))
    step(first)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(first)
    assert not first.running  # closed mid-fight: the autosave holds the move

    again = open_app(home=home, headless=True, size=SIZE)
    again.push(TitleScene(again))
    step(again)
    shot(again, "10_title_continue")
    click_button(again, "menus.title.continue")
    resumed = battle_of(again)
    assert resumed.session.battle.state.creatures[key].cell == target
    assert len(resumed.session.match.commands) == 1


def test_continue_skips_a_broken_autosave_and_shows_why(app: App, home: Path) -> None:
    _moved, key, target = _moved_session(home)
    start = GameSession.new(demo_mission_path(), home=home, seed=3, autosave_enabled=False)
    before = start.battle.state.creatures[key].cell
    (autosave_dir(home) / "autosave-1.json").write_text('{"format": "kampf', encoding="utf-8")
    app.push(TitleScene(app))
    step(app)
    click_button(app, "menus.title.continue")
    message = app.top
    assert isinstance(message, MessageScene)
    assert any("autosave-1.json" in line for line in message.notice)
    shot(app, "11_resume_warning")
    click_button(app, "menus.common.ok")
    resumed = battle_of(app)
    assert resumed.session.battle.state.creatures[key].cell == before != target


def test_continue_shows_the_error_when_no_autosave_loads(app: App, home: Path) -> None:
    folder = autosave_dir(home)
    (folder / "autosave-1.json").write_text("", encoding="utf-8")
    app.push(TitleScene(app))
    step(app)
    click_button(app, "menus.title.continue")
    title = app.top
    assert isinstance(title, TitleScene)
    assert title.notice_bad and "autosave-1.json" in " ".join(title.notice)
    shot(app, "12_resume_failed")


def test_settings_language_switch_changes_visible_labels(app: App, home: Path) -> None:
    app.push(TitleScene(app))
    step(app)
    title = app.top
    assert isinstance(title, TitleScene)
    new_game = title.find_button("menus.title.new_game")
    assert new_game is not None and new_game.label == "Neues Spiel"
    before = app.screen.subsurface(new_game.rect).copy()
    click_button(app, "menus.title.settings")
    settings = app.top
    assert isinstance(settings, SettingsScene)
    done = settings.find_button("menus.settings.done")
    assert done is not None and done.label == "Fertig"
    shot(app, "13_settings_de")
    click_button(app, "language.en")
    step(app)
    done = settings.find_button("menus.settings.done")
    assert done is not None and done.label == "Done"
    shot(app, "14_settings_en")
    click_button(app, "menus.settings.done")
    assert app.top is title
    new_game = title.find_button("menus.title.new_game")
    assert new_game is not None and new_game.label == "New game"
    after = app.screen.subsurface(new_game.rect).copy()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    assert Settings.load(home).language == "en"


def test_settings_dpi_ruler_and_toggles(app: App, home: Path) -> None:
    app.push(SettingsScene(app))
    step(app)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    click_button(app, "+")
    assert app.settings.dpi == 97.0
    type_into(app, settings.dpi_field, "120")
    assert app.settings.dpi == 120.0
    # the ruler's square is 25 mm at 120 dpi: 118 px of floor colour in its top row
    step(app)
    pixels = pygame.surfarray.array3d(app.screen)
    row = pixels[:, settings.ruler_top + 5]
    run = np.all(row == theme.FLOOR, axis=1)
    assert abs(int(run.sum()) - round(120 * 25 / 25.4)) <= 2
    shot(app, "15_settings_ruler")
    click_button(app, "toggle.animations")
    click_button(app, "toggle.fog")
    click_button(app, "menus.settings.done")
    stored = Settings.load(home)
    assert (stored.dpi, stored.animations, stored.fog_of_war) == (120.0, False, False)


def _write_broken_mission(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "kaputt.toml"
    path.write_text('[mission]\ntitle = "Kaputt"\n\n[map]\nwidth = "breit"\n', encoding="utf-8")
    return path


def test_a_broken_mission_in_the_list_shows_its_problems(app: App, tmp_path: Path) -> None:
    path = _write_broken_mission(tmp_path / "missions")
    (tmp_path / "missions" / "notes.txt").write_text("not a mission", encoding="utf-8")
    scene = NewGameScene(app, folder=path.parent)
    app.push(scene)
    step(app)
    assert [e.path.name for e in scene.entries] == ["kaputt.toml"]
    entry = scene.entries[0]
    assert not entry.ok and entry.problems
    assert any(p.line is not None for p in entry.problems)
    next_button = scene.find_button("menus.newgame.next")
    assert next_button is not None and not next_button.enabled
    pixels = pygame.surfarray.array3d(app.screen)
    detail = scene.detail_rect
    area = pixels[detail.left : detail.right, detail.top : detail.bottom]
    assert np.all(area == theme.TEXT_BAD, axis=2).sum() > 200  # the problems in red
    shot(app, "16_broken_mission")


def test_choose_a_file_from_a_folder_in_the_window(app: App, tmp_path: Path) -> None:
    path = _write_broken_mission(tmp_path / "eigene")
    app.push(TitleScene(app))
    step(app)
    click_button(app, "menus.title.new_game")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    click_button(app, "menus.newgame.choose_file")
    chooser = app.top
    assert isinstance(chooser, FileChooserScene)
    type_into(app, chooser.field, str(path.parent))
    press(app, pygame.K_RETURN, text="\r")
    assert chooser.folder == path.parent
    labels = [chooser.items[i][0] for _, i in chooser.rows]
    assert "kaputt.toml" in labels
    shot(app, "17_file_chooser")
    row = next(rect for rect, i in chooser.rows if chooser.items[i][0] == "kaputt.toml")
    click(app, row.center)
    assert app.top is scene
    assert scene.entry is not None and scene.entry.path == path and not scene.entry.ok
    shot(app, "18_chosen_broken")
    # a good file from the same field: the demo mission, by its path
    click_button(app, "menus.newgame.choose_file")
    chooser = app.top
    assert isinstance(chooser, FileChooserScene)
    type_into(app, chooser.field, str(demo_mission_path()))
    press(app, pygame.K_RETURN, text="\r")
    assert scene.entry is not None and scene.entry.ok
    assert scene.entry.title == "Das Versteck der Dretop-Piraten"


def test_help_pause_and_end_screens(app: App) -> None:
    session = GameSession.new(demo_mission_path(), home=app.home, seed=3)
    battle = BattleScene(app, session)
    app.push(battle)
    step(app)
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    shot(app, "19_help")
    press(app, pygame.K_ESCAPE)
    assert app.top is battle
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    click_button(app, "menus.pause.settings")
    assert isinstance(app.top, SettingsScene)
    click_button(app, "menus.settings.done")
    click_button(app, "menus.pause.resume")
    assert app.top is battle

    outcome = battle.send(GmEndFight(None, winner="freunde"))
    assert outcome.ok, outcome.rejected
    step(app)
    end = app.top
    assert isinstance(end, EndScene)
    summary = end.summary()
    assert summary["winner"] == "Die drei Freunde"
    assert summary["commands"] == 1
    assert len(summary["creatures"]) == len(session.battle.state.creatures)
    shot(app, "20_end")
    click_button(app, "menus.end.look")
    assert app.top is battle
    press(app, pygame.K_ESCAPE)
    click_button(app, "menus.pause.main_menu")
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


def test_seats_share_a_player_and_add_a_gm_seat(app: App) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    step(app)
    click_button(app, "menus.newgame.next")
    seats = app.top
    assert isinstance(seats, SeatsScene)
    type_into(app, seats.seats[0].name, "Carla")
    type_into(app, seats.seats[1].name, "carla ")
    click_button(app, "role.1.human")
    swatch = next(r for r, i, c in seats.swatches if i == 0 and c == "#9650c8")
    click(app, swatch.center)
    click_button(app, "gm_seat")
    type_into(app, seats.gm_name, "Dora")
    players = seats.players()
    assert [(p.name, p.role, p.sides, p.colour) for p in players] == [
        ("Carla", Role.HUMAN, ["freunde", "piraten"], "#9650c8"),
        ("Dora", Role.GM, [], "#c8c8c8"),
    ]
    shot(app, "21_seats_shared")


# ------------------------------------------------------------------ the widgets
def test_text_input_umlauts_backspace_enter_escape_and_max_length() -> None:
    submitted: list[str] = []
    cancelled: list[bool] = []
    field = TextInput(
        pygame.Rect(0, 0, 200, 40),
        max_length=6,
        on_submit=submitted.append,
        on_cancel=lambda: cancelled.append(True),
        focused=True,
    )

    def key(code: int, mod: int = 0) -> bool:
        return field.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))

    assert field.handle(pygame.event.Event(pygame.TEXTINPUT, text="Bärbel"))
    assert field.text == "Bärbel"
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="ß"))
    assert field.text == "Bärbel"  # max length
    key(pygame.K_BACKSPACE)
    assert field.text == "Bärbe"
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="ö\n\t"))
    assert field.text == "Bäröbe"  # control characters never enter
    assert key(pygame.K_s)  # a letter key is typing, not a shortcut of the scene
    key(pygame.K_RETURN)
    assert submitted == ["Bäröbe"]
    key(pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    assert field.text == "be"
    key(pygame.K_ESCAPE)
    assert cancelled == [True] and not field.focused
    assert not field.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"))

    digits = TextInput(pygame.Rect(0, 0, 80, 30), allowed=lambda ch: ch in DIGITS, focused=True)
    digits.handle(pygame.event.Event(pygame.TEXTINPUT, text="4a2"))
    assert digits.text == "42"


def test_safe_save_names_and_save_errors_are_shown(app: App) -> None:
    assert safe_save_name("Runde 3: Ärger/Übel") == "Runde 3- Aerger-Uebel"
    assert safe_save_name("..") == "save"
    session = GameSession.new(demo_mission_path(), home=app.home, seed=3)
    battle = BattleScene(app, session)
    app.push(battle)
    dialog = SaveDialog(app, battle)
    app.push(dialog)
    step(app)
    type_into(app, dialog.field, "-start")  # a save name must start with a letter or digit
    click_button(app, "menus.save.save")
    assert app.top is dialog and dialog.notice_bad
    assert "Name eines Spielstands" in " ".join(dialog.notice)  # German screen (i12)
    shot(app, "22_save_error")


def test_load_dialog_lists_date_mission_round_and_marks_damaged_saves(app: App, home: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
    session.save_as("gut")
    (saves_dir(home) / "kaputt.json").write_text("{", encoding="utf-8")
    app.push(TitleScene(app))
    step(app)
    click_button(app, "menus.title.load")
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    infos: dict[str, Any] = {info.name: info for info in dialog.saves}
    assert set(infos) == {"gut", "kaputt"}
    assert infos["gut"].mission == "Das Versteck der Dretop-Piraten"
    assert infos["gut"].round == 1 and not infos["gut"].problem
    assert infos["kaputt"].problem
    shot(app, "23_load_list")
    row = next(rect for rect, i in dialog.rows if dialog.saves[i].name == "kaputt")
    click(app, row.center)
    click_button(app, "menus.load.load")
    assert app.top is dialog and dialog.notice_bad
    assert "kaputt.json" in " ".join(dialog.notice)
    assert json.loads((saves_dir(home) / "gut.json").read_text(encoding="utf-8"))["seed"] == 3


def test_run_play_without_a_mission_opens_the_title(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import play

    seen: list[list[Scene]] = []

    def fake_run(self: App) -> int:
        seen.append(list(self.scenes))
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    assert play.run_play() == 0
    assert len(seen) == 1 and len(seen[0]) == 1 and isinstance(seen[0][0], TitleScene)
