"""An undo takes the throw's kept result off the map (D-7 scatter diagram; issue 10
playtest: after Ctrl+Z of a grenade thrown from the belt the grenade was back on the belt
but the scatter diagram of the undone miss still showed over the map)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import EndTurn
from game.ui.app import App
from game.ui.overlays_rules import ThrowResult, layers_of
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    scene.session.apply(EndTurn("elro_sa"))  # seed 3: Elro-Sa, then Ron
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def _press(app: App, key: int, mod: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step()


@pytest.mark.rule("D-7", "E-OPEN-16")
def test_d_7_undo_of_a_belt_throw_drops_its_kept_result_and_redo_brings_it_back(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    battle = scene.session.battle
    assert battle.current.key == "ron" and "handgranate" in battle.current.carried
    button = next(s for s in scene.hud.spots("belt:handgranate") if s.key == "belt:handgranate")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    app.step()
    target = scene.camera.cell_centre((10, 10))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=target, button=1))
    app.step()
    app.step()
    layers = layers_of(scene)
    assert isinstance(layers.sticky, ThrowResult)  # drawn frames keep it
    _press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "handgranate" in scene.session.battle.current.carried
    app.step()
    assert layers.sticky is None  # the frame drawn after the undo dropped it
    _press(app, pygame.K_y, pygame.KMOD_CTRL)
    app.step()
    assert "handgranate" not in scene.session.battle.current.carried
    assert isinstance(layers.sticky, ThrowResult)  # the redone throw's result (H12f)
