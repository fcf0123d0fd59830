"""Save errors on the screen in the player's language (issue 12 point 7, "i12").

Fortsetzen, Laden and Speichern show a broken save's error in German in a German
screen (English after switching the language), and the warnings of a load too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.match.save_texts import SaveNote
from game.match.saves import SaveError
from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu_base import MenuScene, MessageScene
from game.ui.scenes.navigate import open_app
from game.ui.scenes.saves import LoadDialog, SaveDialog
from game.ui.scenes.title import TitleScene
from game.ui.session import GameSession, autosave_dir, saves_dir
from tests.shots import save_shot

SIZE = (1280, 800)
#: Words of the English save messages that must not show in a German screen.
ENGLISH = re.compile(
    r"\b(the|file|is|empty|corrupted|truncated|expected|found|save|line|column|not|"
    r"text|byte|loads|skipped|autosave|interrupted|no)\b"
)


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


def _step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def _click_button(app: App, key: str) -> None:
    scene = app.top
    assert isinstance(scene, MenuScene), scene
    button = scene.find_button(key)
    assert button is not None and button.enabled, key
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    _step(app)


def _german_only(lines: list[str], home: Path) -> str:
    """Return the lines joined; assert no English word is in them (paths taken out)."""
    joined = " ".join(lines)
    text = joined
    for folder in (autosave_dir(home), saves_dir(home), home):
        text = text.replace(str(folder), "")
    text = re.sub(r"[\w.-]+\.json", "", text)  # the file names
    assert not ENGLISH.findall(text), text
    return joined


def _continue(app: App) -> None:
    app.push(TitleScene(app))
    _step(app)
    _click_button(app, "menus.title.continue")


def test_i12_continue_on_a_broken_autosave_shows_german(app: App, home: Path) -> None:
    (autosave_dir(home) / "autosave-1.json").write_text("", encoding="utf-8")
    _continue(app)
    title = app.top
    assert isinstance(title, TitleScene)
    assert title.notice_bad
    assert title.notice[0] == "Die letzte Partie lässt sich nicht fortsetzen:"
    text = _german_only(title.notice, home)
    assert "autosave-1.json: die Datei ist leer (unterbrochenes Speichern?)" in text
    assert "lässt sich laden" in text
    _step(app)
    save_shot(app.screen, "saveerrors/title_continue_broken_de.png")


def test_i12_continue_on_a_broken_autosave_follows_the_language(app: App, home: Path) -> None:
    (autosave_dir(home) / "autosave-1.json").write_bytes(b"\xff\xfe")
    app.set_language("en")
    _continue(app)
    title = app.top
    assert isinstance(title, TitleScene)
    text = " ".join(title.notice)
    assert "autosave-1.json: not UTF-8 text at byte 0: corrupted" in text
    assert "beschädigt" not in text and "Zeile" not in text


def test_i12_continue_past_a_broken_autosave_warns_in_german(app: App, home: Path) -> None:
    GameSession.new(demo_mission_path(), home=home, seed=3)  # writes autosave-1
    folder = autosave_dir(home)
    (folder / "autosave-1.json").replace(folder / "autosave-2.json")
    (folder / "autosave-1.json").write_text('{"format": "kampf', encoding="utf-8")
    _continue(app)
    message = app.top
    assert isinstance(message, MessageScene)
    text = _german_only(message.notice, home)
    assert "Übersprungen (ein Spielstand lässt sich nicht laden)" in text
    assert "autosave-1.json: Zeile 1, Spalte 12: die Datei endet zu früh" in text
    _step(app)
    save_shot(app.screen, "saveerrors/continue_warning_de.png")
    battle = app.find(BattleScene)
    assert battle is not None
    assert battle.hud.notice.startswith("Übersprungen")


def test_i12_loading_a_broken_save_shows_german(app: App, home: Path) -> None:
    (saves_dir(home) / "kaputt.json").write_text("[1]", encoding="utf-8")
    dialog = LoadDialog(app)
    app.push(dialog)
    _step(app)
    assert dialog.saves and dialog.saves[0].path.name == "kaputt.json"
    dialog.load()
    assert dialog.notice_bad and dialog.notice[0] == "Laden fehlgeschlagen:"
    text = _german_only(dialog.notice, home)
    assert "kaputt.json: $: erwartet: ein Objekt auf der obersten Ebene" in text
    _step(app)
    save_shot(app.screen, "saveerrors/load_broken_de.png")


def test_i12_a_failed_save_shows_german(
    app: App, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new(demo_mission_path(), home=home, seed=3, autosave_enabled=False)
    battle = BattleScene(app, session)
    app.replace(battle)

    def refuse(name: str) -> Path:
        raise SaveError(saves_dir(home) / f"{name}.json", "", {"en": "too big", "de": "zu groß"})

    monkeypatch.setattr(session, "save_as", refuse)
    dialog = SaveDialog(app, battle)
    app.push(dialog)
    _step(app)
    dialog.save()
    assert dialog.notice[0] == "Speichern fehlgeschlagen:"
    assert dialog.notice[1].endswith(".json: zu groß")


def test_i12_a_load_warning_reaches_the_battle_in_german(app: App, home: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=home, seed=3, autosave_enabled=False)
    session.warnings.append(SaveNote({"en": "the mission changed", "de": "die Mission ist neu"}))
    app.nav.to_battle(session)
    message = app.top
    assert isinstance(message, MessageScene)
    assert message.notice == ["die Mission ist neu"]
    battle = app.find(BattleScene)
    assert battle is not None and battle.hud.notice == "die Mission ist neu"
