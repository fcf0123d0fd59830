"""The ways into and out of the set-up screen (issue 13 point 1).

``kampfkarte play MAP`` and "Neues Spiel" open a mission without creatures in the set-up
screen; "Kampf beginnen" goes on to the seats and the battle on the saved mission;
``kampfkarte simulate`` says in one line that there is nothing to fight.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.missions.simulate import EXIT_INVALID, run_simulate
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.seats import SeatsScene
from game.ui.scenes.setup import SetupScene
from game.ui.settings import Settings

DATA = Path(__file__).parents[1] / "missions" / "data"
DESERT = DATA / "tiled" / "desert.tmx"


def make_app(tmp_path: Path, language: str) -> App:
    return open_app(
        home=tmp_path / "home",
        settings=Settings(language=language),
        size=(1280, 800),
        headless=True,
    )


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def test_new_game_opens_a_map_without_creatures_in_the_setup_screen(app: App) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    scene.add_file(DESERT)
    assert scene.entry is not None and scene.entry.ok and scene.entry.creatures == 0
    scene.next()
    top = app.scenes[-1]
    assert isinstance(top, SetupScene) and top.path == DESERT and top.model is not None
    app.step()  # it draws
    top.back()  # nothing changed: back to the list
    assert app.scenes[-1] is scene


@pytest.mark.parametrize("language", ["de", "en"])
def test_kampfkarte_play_opens_the_setup_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """No IndexError, no refusal: the window opens on the set-up screen."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    shown: list[object] = []
    headless = make_app(tmp_path, language)

    def run(self: App) -> int:
        self.step()
        shown.append(self.scenes[-1])
        return 0

    monkeypatch.setattr("game.ui.play.open_app", lambda: headless)
    monkeypatch.setattr(App, "run", run)
    try:
        assert main(["play", str(DESERT), "--language", language]) == 0
    finally:
        pygame.display.quit()
    assert len(shown) == 1 and isinstance(shown[0], SetupScene)


def test_begin_goes_to_the_seats_and_the_battle_on_the_saved_mission(
    app: App, tmp_path: Path
) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "tavern.dd2vtt"
    shutil.copy(DATA / "tavern.dd2vtt", path)
    scene = SetupScene(app, path)
    app.push(scene)
    app.step()
    assert scene.model is not None
    scene.arm("lara")
    assert scene.place("lara", (0, 0))
    scene.choose_side("side2")
    assert scene.place("dretop_pirat", (6, 5))
    scene.begin()  # not saved yet: refused with the reason
    assert scene.notice_bad and app.scenes[-1] is scene
    scene.file_name.set_text("fight")
    scene.save()
    assert not scene.notice_bad, scene.notice
    scene.begin()
    seats = app.scenes[-1]
    assert isinstance(seats, SeatsScene) and seats.entry.path == folder / "fight.toml"
    assert seats.entry.creatures == 2
    seats.start()
    battle = app.scenes[-1]
    assert isinstance(battle, BattleScene), getattr(seats, "notice", "")
    app.step()


@pytest.mark.parametrize(
    ("language", "said"),
    [("de", "es gibt nichts zu kämpfen"), ("en", "there is nothing to fight")],
)
def test_simulate_says_there_is_nothing_to_fight_in_one_line(language: str, said: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_simulate(DESERT, seed=1, out=out, err=err, language=language) == EXIT_INVALID
    text = err.getvalue()
    assert said in text and text.count("\n") == 1
    assert "IndexError" not in text and "Traceback" not in text and out.getvalue() == ""


def test_kampfkarte_simulate_exits_1_with_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(DESERT), "--seed", "1", "--language", "en"]) == 1
    err = capsys.readouterr().err
    assert "there is nothing to fight" in err and "IndexError" not in err
