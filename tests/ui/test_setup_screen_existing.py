"""The set-up screen on a mission that has creatures: edit them, save a new mission (issue 13).

Opening a mission with creatures for editing is the optional part of issue 13 point 1:
"Neues Spiel" offers "Aufstellung" for any mission that loads. What the screen does not
edit (facing, what a creature holds, deployment zones) stays as the mission had it.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import load_any
from game.ui.app import App
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.setup import SetupScene
from tests.ui.test_setup_screen import click, field_at, make_app, open_setup, save_as, type_into

DEMO = Path(__file__).parents[2] / "maps" / "dretop-versteck.toml"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, "de")
    yield application
    pygame.display.quit()


def demo(tmp_path: Path) -> Path:
    target = tmp_path / "missions" / DEMO.name
    target.parent.mkdir()
    shutil.copy(DEMO, target)
    return target


def test_new_game_offers_the_setup_of_a_mission_with_creatures(app: App, tmp_path: Path) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    scene.add_file(demo(tmp_path))
    edit = next(b for b in scene.buttons if b.data.get("key") == "setup.edit")
    assert edit.enabled
    click(app, edit.rect.center)
    top = app.scenes[-1]
    assert isinstance(top, SetupScene) and top.model is not None
    assert len(top.model.creatures) == len(load_any(DEMO).mission.creatures)


def test_an_edited_creature_keeps_what_the_screen_does_not_edit(app: App, tmp_path: Path) -> None:
    path = demo(tmp_path)
    original = load_any(path).mission
    scene = open_setup(app, path)
    assert scene.model is not None
    first = original.creatures[0]
    click(app, field_at(scene, first.cell))  # choose it on the map
    assert scene.selected == first.key
    type_into(app, scene, "lp", "5")
    save_as(app, scene, "dretop-versteck")  # the mission's own file is never overwritten
    assert scene.notice_bad
    save_as(app, scene, "dretop-versteck-5lp")
    assert not scene.notice_bad, scene.notice
    saved = load_any(path.parent / "dretop-versteck-5lp.toml").mission
    assert saved.creatures[0] == dataclasses.replace(first, life_points=5)
    assert saved.creatures[1:] == original.creatures[1:]  # facing, held: as they were
    assert saved.sides == original.sides  # deployment zones kept
    assert saved.rows == original.rows and saved.legend == original.legend
