"""WRS on screen (issue 14): the battle scene plays a WRS mission through its views only."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.missions.loader import bundled_maps_dir
from game.ui.map_kits import kit_for
from game.ui.scenes.battle import AI_DELAY, END_WAIT, BattleScene
from game.ui.scenes.menus import EndScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings
from game.ui.views_select import ViewsSelectTool

MISSION = bundled_maps_dir() / "wrs-lagerhalle.toml"


def _app(home: Path):  # type: ignore[no-untyped-def]
    return open_app(home=home, settings=Settings(animations=False), size=(1280, 800), headless=True)


def test_the_screen_plays_a_wrs_mission_to_its_end_screen(tmp_path: Path) -> None:
    """Given the bundled WRS mission with every side played by the built-in opponent, when
    the screen runs frame by frame, then the fight ends on the end screen with a winner
    and the autosave resumes to the same state (W-END-1)."""
    app = _app(tmp_path)
    probe = GameSession.new(MISSION, home=tmp_path, seed=4, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.AI, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(MISSION, home=tmp_path, seed=4, players=players)
    scene = app.push(BattleScene(app, session))
    assert isinstance(scene.tool, ViewsSelectTool)  # no ENTARIA tool on a WRS map
    for _ in range(5000):
        if session.over:
            break
        app.step(AI_DELAY)
    assert session.over
    app.step(END_WAIT)
    end = app.top
    assert isinstance(end, EndScene)
    summary = end.summary()
    assert summary["winner_key"] in {side.key for side in session.match.setup.sides}
    assert len(summary["creatures"]) == len(session.views.pieces(session.battle))
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.game.snapshot() == session.match.game.snapshot()


def test_a_wrs_match_undoes_and_resumes(tmp_path: Path) -> None:
    """The match machinery is the same for WRS: undo restores the state before the last
    command, redo brings it back, and a save loads to the same state."""
    session = GameSession.new(MISSION, home=tmp_path, seed=7)
    session.set_players([Player(p.name, p.colour, Role.HUMAN, p.sides) for p in session.players])
    game = session.match.game  # hot-seat: an undo takes back one command
    before = None
    for _ in range(12):
        before = session.match.game.snapshot()
        session.apply(session.ruleset.policy_command(session.battle))
    after = session.match.game.snapshot()
    session.undo()
    assert session.match.game.snapshot() == before
    session.redo()
    assert session.match.game.snapshot() == after
    saved = session.save_as("mitten im Kampf")
    assert saved.exists()
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.game.snapshot() == after
    assert game is not None


def test_the_kit_of_wrs_is_the_views_kit() -> None:
    """A ruleset without map tools of its own gets the views-driven default tool."""
    assert kit_for("wrs").select.__name__ == "ViewsSelectTool"
    assert kit_for("entaria").select.__name__ == "SelectTool"


def test_a_frame_draws_with_the_wrs_views(tmp_path: Path) -> None:
    """The battle screen draws a WRS match (map, tokens, HUD) without a rule of its own."""
    app = _app(tmp_path)
    session = GameSession.new(MISSION, home=tmp_path, seed=3)
    scene = app.push(BattleScene(app, session))
    for _ in range(3):
        app.step(AI_DELAY)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert scene.token_list()
