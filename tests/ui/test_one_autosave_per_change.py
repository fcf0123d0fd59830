"""A change that hands the screen over is written in one autosave (issue 13, point 5).

The battle screen defers the session's writes and flushes them once per change, so the
command and the seats it hands the screen to are one atomic file, written once.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui import session as session_module
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role


def test_a_handover_end_of_turn_writes_the_autosave_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given two people at the screen, when one ends the turn, one autosave is written."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = open_app(home=tmp_path, size=(1280, 800), headless=True)
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3)
    session.set_players(
        [
            Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"]),
            Player("Bärbel", "#3c78dc", Role.HUMAN, ["piraten"]),
        ]
    )
    scene = app.push(BattleScene(app, session))
    assert isinstance(scene, BattleScene)
    app.step()
    writes: list[object] = []
    real = session_module.autosave

    def counted(*args: object, **kwargs: object) -> object:
        writes.append(kwargs.get("rotate", True))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(session_module, "autosave", counted)
    viewer_before = scene.viewer
    for _ in range(40):  # end turns until the screen changes hands
        writes.clear()
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
        )
        app.step()
        if scene.viewer is not viewer_before:
            break
    assert scene.viewer is not viewer_before
    assert writes == [True]  # one rotated autosave: the command and the new stretch together
    resumed = GameSession.resume(tmp_path)
    assert resumed.stretches == session.stretches
    pygame.event.clear()
