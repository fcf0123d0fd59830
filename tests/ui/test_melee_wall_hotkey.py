"""Pressing a greyed melee action beside an enemy across a wall names it (D-13, E-MELEE-2).

Playtest pt11 in the divided room: Raufbold at (4, 6), Pirat Zwei at (5, 6) across the
wall. Without fog the message names the pirate; with fog, where the viewer does not see
him, it stays "kein Gegner in Nahkampfreichweite" (D-9: the fog tells no one's place).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.rules.actions import Action
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from game.ui.tools.attack import AttackTool
from tests.rulesets.entaria.test_door_between_policy import fight_toml

SIZE = (1280, 800)


def _open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fog: bool) -> tuple[App, BattleScene]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    mission = tmp_path / "fight.toml"
    mission.write_text(fight_toml(), encoding="utf-8")
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = fog
    app.settings.animations = False
    scene = start_battle(app, mission, seed=3)  # Raufbold acts first with this seed
    app.push(scene)
    pygame.event.clear()
    app.step()
    return app, scene


@pytest.fixture
def quit_display() -> Iterator[None]:
    yield
    pygame.display.quit()


def _press_1(app: App, scene: BattleScene) -> list[tuple[str, bool]]:
    said: list[tuple[str, bool]] = []
    original = scene.hud.message

    def message(text: str, bad: bool = False) -> None:
        said.append((text, bad))
        original(text, bad)

    scene.hud.message = message  # type: ignore[method-assign]
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    app.step()
    app.step()
    return said


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_d13_the_melee_hotkey_names_the_pirate_across_the_wall(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quit_display: None
) -> None:
    app, scene = _open(tmp_path, monkeypatch, fog=False)
    assert scene.session.battle.current.key == "raufbold"
    said = _press_1(app, scene)
    assert ("Nahkampf geht nicht: Pirat Zwei steht jenseits einer Wand", True) in said


@pytest.mark.rule("D-13", "D-9", "E-MELEE-2")
def test_d13_under_fog_the_melee_hotkey_names_no_unseen_pirate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quit_display: None
) -> None:
    app, scene = _open(tmp_path, monkeypatch, fog=True)
    assert scene.session.battle.current.key == "raufbold"
    visible = scene.visible_keys()
    assert visible is not None and "p2" not in visible
    said = _press_1(app, scene)
    assert ("Nahkampf geht nicht: kein Gegner in Nahkampfreichweite", True) in said
    assert not any("Pirat" in text for text, _ in said)


@pytest.mark.rule("D-13", "E-MELEE-2")
@pytest.mark.parametrize("action_name", ["SWEEP_ATTACK", "PUSH_BACK"])
def test_d13_a_target_across_the_wall_is_not_picked_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quit_display: None, action_name: str
) -> None:
    _app, scene = _open(tmp_path, monkeypatch, fog=False)
    actor = scene.session.battle.current
    assert actor.key == "raufbold"
    tool = AttackTool(scene, actor, Action[action_name], ["knueppel"])
    scene.tool = tool
    said: list[tuple[str, bool]] = []
    tool.message = lambda text, bad=False: said.append((text, bad))  # type: ignore[method-assign]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1)
    assert tool.left_click((5, 6), click)  # Pirat Zwei, across the wall
    assert tool.targets == [] and tool.push_target is None
    assert said == [
        (
            "Kein Angriff: Pirat Zwei ist nicht in Nahkampfreichweite: eine Wand steht dazwischen",
            True,
        )
    ]
