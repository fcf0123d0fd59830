"""Issue 12 (feedback): the end screen waits until the last fall was seen on the map."""

from __future__ import annotations

from pathlib import Path

from game.missions.loader import bundled_maps_dir
from game.rulesets.entaria.commands import GmEndFight
from game.ui.app import App
from game.ui.scenes.battle import END_WAIT, BattleScene
from game.ui.scenes.menus import EndScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings


class _Running:
    """Feedback whose effects still run (a damage number floating over the last foe)."""

    busy = True

    def __getattr__(self, name: str) -> object:
        return lambda *args, **kwargs: None


def _battle(home: Path) -> tuple[App, BattleScene, str]:
    app = open_app(home=home, settings=Settings(), size=(1280, 800), headless=True)
    mission = bundled_maps_dir() / "strassenkampf.toml"
    probe = GameSession.new(mission, home=home, seed=4, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.HUMAN, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(mission, home=home, seed=4, players=players[:1])
    scene = app.push(BattleScene(app, session))
    return app, scene, players[0].sides[0]


def test_i12_end_screen_waits_for_running_effects_then_shows(tmp_path: Path) -> None:
    app, scene, side = _battle(tmp_path)
    scene.feedback = _Running()  # type: ignore[assignment]
    assert scene.send(GmEndFight(None, winner=side)).ok
    app.step(0.5)
    assert app.top is scene  # the last effects are still on the map
    app.step(END_WAIT)
    assert isinstance(app.top, EndScene)  # never longer than END_WAIT


def test_i12_end_screen_shows_at_once_when_nothing_runs(tmp_path: Path) -> None:
    app, scene, side = _battle(tmp_path)
    assert scene.send(GmEndFight(None, winner=side)).ok
    app.step(1 / 60)
    assert isinstance(app.top, EndScene)
