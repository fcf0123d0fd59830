"""Message toasts keep clear of the column ruler and the range bands' labels under it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene

SIZE = (1280, 800)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def _drawn_rows(scene: BattleScene) -> np.ndarray:
    """Return the screen rows the message board paints on an empty surface."""
    surface = pygame.Surface(SIZE, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    scene.hud.board.draw(surface)
    alpha = pygame.surfarray.pixels_alpha(surface)
    rows = np.nonzero(alpha.any(axis=0))[0]
    del alpha
    return rows


def test_messages_stay_below_the_column_ruler_and_its_band_labels(
    game: tuple[App, BattleScene],
) -> None:
    _, scene = game
    for n in range(4):
        scene.hud.message(f"Meldung {n}: Feld [6, 2] ist nicht in Sichtlinie", bad=n % 2 == 0)
    rows = _drawn_rows(scene)
    assert rows.size, "the messages were drawn"
    ruler = scene.map.coordinate_strips(scene.camera)[0]
    label_h = 22  # a range band's label, clamped just below the ruler, is this tall
    assert rows.min() >= ruler.bottom + label_h
    assert rows.max() < scene.hud.viewport.bottom  # still over the map


def test_messages_leave_the_pick_banner_row_free(game: tuple[App, BattleScene]) -> None:
    _, scene = game
    scene.hud.message("Gespeichert: Runde 1")
    rows = _drawn_rows(scene)
    banner_top = (
        scene.hud.viewport.bottom - 8 - scene.app.fonts.get(scene.hud.fs, True).get_linesize() - 4
    )
    assert rows.max() < banner_top


def test_many_long_messages_drop_the_oldest_rather_than_cover_the_ruler(
    game: tuple[App, BattleScene],
) -> None:
    _, scene = game
    scene.hud.board.messages.clear()
    long = "eine sehr lange Meldung, die umgebrochen wird " * 40
    for n in range(4):
        scene.hud.message(f"{n} {long}", bad=True)
    rows = _drawn_rows(scene)
    ruler = scene.map.coordinate_strips(scene.camera)[0]
    assert rows.size and rows.min() > ruler.bottom
