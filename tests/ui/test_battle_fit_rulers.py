"""Issue 12 point 6 on the battle screen: the first view and F (fit) keep column 0 and
row 0 clear of the coordinate rulers, in every window shape."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene

WINDOWS = [(1280, 800), (1000, 900), (1600, 600)]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def _clear_of_rulers(scene: BattleScene) -> bool:
    top, left = scene.map.coordinate_strips(scene.camera)
    x, y = scene.camera.cell_to_screen((0, 0))
    grid = scene.session.battle.grid
    right, bottom = scene.camera.cell_to_screen((grid.width, grid.height))
    camera = scene.camera
    return (
        x >= left.right
        and y >= top.bottom
        and right <= camera.viewport_x + camera.viewport_w + 1
        and bottom <= camera.viewport_y + camera.viewport_h + 1
    )


@pytest.mark.parametrize("size", WINDOWS)
def test_i12_battle_shows_column_0_and_row_0_whole_at_start_and_after_f(
    home: Path, size: tuple[int, int]
) -> None:
    app = App(home=home, size=size, headless=True)
    app.settings.animations = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    assert _clear_of_rulers(scene), "first view"
    scene.camera.set_zoom(3.0)
    scene.camera.pan(-300, -200)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
    )
    app.step()
    assert _clear_of_rulers(scene), "after F"
