"""The battle screen asks the ruleset's views: overlays and their keys, the fog of war, the
command that ends a turn, the events said over the map; it names no rule of its own."""

from __future__ import annotations

import ast
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
UI = Path(__file__).resolve().parents[2] / "game" / "ui"


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def key(app: App, key_code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=0, unicode=""))
    app.step()


def test_the_overlay_hotkeys_are_the_views_and_switch_their_overlays(
    game: tuple[App, BattleScene],
) -> None:
    """Each overlay the views offer starts as they say and its hotkey switches it."""
    app, scene = game
    offers = scene.session.views.overlays(app.t)
    assert [o.key for o in offers] == ["threats", "ranges", "sight"]
    assert {o.key for o in offers if o.shown} == scene.shown_overlays == {"sight"}
    for offer in offers:
        before = scene.overlay_shown(offer.key)
        key(app, pygame.key.key_code(offer.hotkey.lower()))
        assert scene.overlay_shown(offer.key) is not before
    assert scene.shown_overlays == {"threats", "ranges"}


def test_the_fog_of_a_seat_joins_what_its_sides_see(game: tuple[App, BattleScene]) -> None:
    """A seat of two sides sees the fields and the creatures either of them sees."""
    _, scene = game
    views, battle = scene.session.views, scene.session.battle
    sides = [side.key for side in scene.session.match.setup.sides]
    one = [views.fog(battle, [side]) for side in sides]
    both = views.fog(battle, sides)
    assert views.fog(battle, []) is None
    assert both is not None and all(view is not None for view in one)
    assert np.array_equal(both.visible, np.logical_or.reduce([v.visible for v in one if v]))
    assert both.creatures == frozenset().union(*(v.creatures for v in one if v))


def test_ending_the_turn_sends_the_views_command(game: tuple[App, BattleScene]) -> None:
    _, scene = game
    views, battle = scene.session.views, scene.session.battle
    first = views.on_turn(battle)
    command = views.end_turn(battle)
    assert command is not None and command.kind == "end_turn"
    scene.end_turn()
    assert battle.record[-1] == command and views.on_turn(scene.session.battle) != first


@pytest.mark.parametrize("module", ["scenes/battle.py", "host.py"])
def test_the_battle_scene_and_its_host_name_no_ruleset(module: str) -> None:
    """Everything rule-specific comes from the views: neither imports a ruleset."""
    tree = ast.parse((UI / module).read_text(encoding="utf-8"))
    names = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    names += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names]
    assert [name for name in names if name.startswith("game.rulesets")] == []
