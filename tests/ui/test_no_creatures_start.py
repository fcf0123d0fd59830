"""A map without creatures: a battle cannot begin, the player is told why (issue 11/13).

The engine needs someone whose turn it is; before this, ``GameSession.new`` on such a
map (a Tiled map with no creature objects) ended in an IndexError. ``play`` and "Neues
Spiel" now open such a map in the set-up screen (tests/ui/test_setup_screen_routes.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.match.problems import MissionError
from game.missions.no_creatures import NO_CREATURES, NoCreaturesError
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.scenes.seats import SeatsScene
from game.ui.session import GameSession, autosave_dir
from game.ui.settings import Settings

DESERT = Path(__file__).parents[1] / "missions" / "data" / "tiled" / "desert.tmx"
DEMO = Path(__file__).parents[2] / "maps" / "dretop-versteck.toml"


def make_app(tmp_path: Path, language: str) -> App:
    return open_app(
        home=tmp_path / "home",
        settings=Settings(language=language),
        size=(1280, 800),
        headless=True,
    )


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, "de")
    yield application
    pygame.display.quit()


def test_the_messages_say_what_to_do_in_both_languages() -> None:
    assert NO_CREATURES["de"].startswith("Diese Karte hat keine Wesen")
    assert "nichts zu kämpfen" in NO_CREATURES["de"]
    assert "nothing to fight" in NO_CREATURES["en"]
    assert NO_CREATURES["en"].startswith("This map has no creatures")
    for text in NO_CREATURES.values():
        assert "[[creatures]]" in text and "'creature'" in text


def test_a_new_session_on_a_map_without_creatures_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with pytest.raises(NoCreaturesError) as refused:
        GameSession.new(DESERT, home=home, seed=1)
    error = refused.value
    assert isinstance(error, MissionError)  # every caller of a bad mission catches this
    assert error.problems[0].key == "creatures" and error.problems[0].path == str(DESERT)
    assert error.text("de") == NO_CREATURES["de"] and error.text("en") == NO_CREATURES["en"]
    assert not autosave_dir(home).exists() or not any(autosave_dir(home).iterdir())


def test_a_map_with_creatures_still_starts(tmp_path: Path) -> None:
    session = GameSession.new(DEMO, home=tmp_path / "home", seed=1, autosave_enabled=False)
    assert session.match.battle.state.order


def test_play_start_battle_raises_the_mission_error(app: App) -> None:
    """``kampfkarte play FILE``'s run_play catches MissionError: no traceback."""
    with pytest.raises(MissionError):
        start_battle(app, DESERT, seed=1)


def test_the_seats_screen_refuses_without_a_crash(app: App) -> None:
    """Should the file lose its creatures after the list read it: a notice, no battle."""
    from game.ui.scenes.mission_entry import read_mission

    scene = SeatsScene(app, read_mission(DESERT))
    app.push(scene)
    app.step()
    scene.start()
    said = NO_CREATURES[app.t.language]  # i12: in the window's language
    assert scene.notice_bad and any(said in line for line in scene.notice)
    assert app.scenes[-1] is scene
    app.step()


def test_the_preview_of_the_map_still_works(app: App) -> None:
    scene = PreviewScene(app, DESERT)
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None and scene.model.tokens == []


def test_kampfkarte_print_of_the_map_still_works(tmp_path: Path) -> None:
    pdf = tmp_path / "desert.pdf"
    assert main(["print", "--language", "en", str(DESERT), "-o", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")
