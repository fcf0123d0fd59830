"""The action bar offers the throw of a weapon on the belt (E-OPEN-16): "Wurfangriff:
Handgranate" draws (Interagieren) and throws (Wurfangriff) in one step; greyed, it says
why; the undefined "Wurfwaffe ziehen und werfen" is no dead button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.grid import Cell
from game.board.sight import line_of_sight
from game.missions.loader import demo_mission_path
from game.rulesets.entaria.draw_and_throw import DrawAndThrowAtField
from game.rulesets.entaria.rules.actions import Action
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.popup import Hotspot
from game.ui.scenes.battle import BattleScene
from game.ui.tools.throw import ThrowTool

SIZE = (1280, 800)


def _start(tmp_path: Path, held: list[str]) -> tuple[App, BattleScene]:
    """The demo, the first creature with a grenade on its belt and ``held`` in hand."""
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    actor = scene.session.battle.current
    actor.held, actor.carried = list(held), [*actor.carried, "handgranate"]
    app.push(scene)
    pygame.event.clear()
    app.step()
    return app, scene


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield _start(tmp_path, [])
    pygame.display.quit()


@pytest.fixture
def full_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield _start(tmp_path, ["laserpistole", "taserpistole"])
    pygame.display.quit()


def _post(event_type: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **values))


def move_to(app: App, pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step()


def click(app: App, pos: tuple[int, int]) -> None:
    move_to(app, pos)
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


def spot(scene: BattleScene, name: str) -> Hotspot:
    found = [s for s in scene.hud.spots(name) if s.key == name]
    assert found, f"no hotspot {name!r}: {[s.key for s in scene.hud.spots()]}"
    return found[0]


def _open_field_near(scene: BattleScene) -> Cell:
    """Return a floor field 3 fields from the creature on turn (Nah) that it sees."""
    battle = scene.session.battle
    x, y = battle.current.cell
    for cell in [(x + dx, y + dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3) if dx or dy]:
        if (
            battle.grid.in_bounds(cell)
            and not battle.grid.is_wall(cell)
            and line_of_sight(battle.grid, battle.current.cell, cell)
        ):
            return cell
    raise AssertionError("no open field near the creature on turn")


@pytest.mark.rule("E-OPEN-16", "E-ACT-HH-WURF", "E-ACT-HH-INTERAGIEREN")
def test_e_open_16_the_bar_shows_the_belts_throw_and_a_click_and_a_field_throw_it(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    battle = scene.session.battle
    actor = battle.current
    button = spot(scene, "belt:handgranate")
    assert button.enabled
    move_to(app, button.rect.center)
    assert "Interagieren" in scene.hud.tooltip and "Wurfangriff" in scene.hud.tooltip
    click(app, button.rect.center)
    tool = scene.tool
    assert isinstance(tool, ThrowTool) and tool.from_belt and tool.weapon == "handgranate"
    target = _open_field_near(scene)
    assert tool.command(target) == DrawAndThrowAtField(actor.key, "handgranate", target)
    click(app, scene.camera.cell_centre(target))
    assert battle.record[-1] == DrawAndThrowAtField(actor.key, "handgranate", target)
    assert battle.state.budget.actions == (Action.INTERACT, Action.THROW_ATTACK)
    assert "handgranate" not in actor.carried + actor.held


@pytest.mark.rule("E-OPEN-16", "E-ACT-2")
def test_e_open_16_a_greyed_throw_from_the_belt_carries_its_reason(
    full_hands: tuple[App, BattleScene],
) -> None:
    """Both hands full: the entry is greyed, its tooltip and a click say why; no tool."""
    app, scene = full_hands
    button = spot(scene, "belt:handgranate")
    assert not button.enabled
    move_to(app, button.rect.center)
    assert "keine Hand frei" in scene.hud.tooltip
    before = scene.tool.name
    click(app, button.rect.center)
    assert "keine Hand frei" in scene.hud.notice
    assert scene.tool.name == before and not scene.session.battle.record


@pytest.mark.rule("E-OPEN-16", "E-THROW-1")
def test_e_open_16_the_bar_has_no_button_for_the_undefined_draw_and_throw(
    game: tuple[App, BattleScene],
) -> None:
    _, scene = game
    groups = scene.hud.actions.groups()
    keys = {offer.key for group in groups for offer in group.offers}
    assert "belt:handgranate" in keys and "action:THROW_ATTACK" in keys
    assert "action:DRAW_AND_THROW" not in keys
