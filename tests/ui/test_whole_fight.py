"""A whole fight on screen: the battle scene runs a bundled mission to its end screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.missions.loader import bundled_maps_dir
from game.rulesets.entaria.commands import EndTurn
from game.ui.scenes.battle import AI_DELAY, END_WAIT, BattleScene
from game.ui.scenes.menus import EndScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings


def test_the_screen_plays_a_mission_to_its_end_screen(tmp_path: Path) -> None:
    """Given strassenkampf with both sides played by the built-in opponent, when the screen
    runs frame by frame, then the fight ends, the end screen shows, and the autosave
    replays to the same state."""
    app = open_app(
        home=tmp_path, settings=Settings(animations=False), size=(1280, 800), headless=True
    )
    mission = bundled_maps_dir() / "strassenkampf.toml"
    probe = GameSession.new(mission, home=tmp_path, seed=4, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.AI, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(mission, home=tmp_path, seed=4, players=players)
    scene = app.push(BattleScene(app, session))
    for _ in range(5000):
        if session.over:
            break
        app.step(AI_DELAY)
    assert session.over
    app.step(END_WAIT)  # the end screen waits for the last effects, END_WAIT at most
    assert isinstance(app.top, EndScene)
    resumed = GameSession.resume(tmp_path)
    assert resumed.battle.state.to_dict() == session.battle.state.to_dict()
    assert scene.session is session


def test_a_human_turn_waits_for_the_human(tmp_path: Path) -> None:
    """The built-in opponent never plays a human's creature: the turn waits for a command."""
    app = open_app(
        home=tmp_path, settings=Settings(animations=False), size=(1280, 800), headless=True
    )
    mission = bundled_maps_dir() / "strassenkampf.toml"
    session = GameSession.new(mission, home=tmp_path, seed=4)
    app.push(BattleScene(app, session))
    for _ in range(400):
        if not session.ai_to_move:
            break
        app.step(AI_DELAY)
    current = session.current
    commands = len(session.match.commands)
    for _ in range(20):
        app.step(AI_DELAY)
    assert len(session.match.commands) == commands  # nobody moved for the human
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    app.step()
    assert session.match.commands[-1] == EndTurn(current.key)
    assert session.current.key != current.key or session.over
