"""The dice log builds only the newest entries of a long fight (issue 13, long fights).

A long log's first frame must not render every entry: the log builds the newest
``LOG_WINDOW`` and builds older ones when the reader scrolls up to the oldest built one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.missions.loader import demo_mission_path
from game.ui import hud_log
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession
from game.ui.settings import Settings


@pytest.fixture
def scene(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BattleScene:
    monkeypatch.setattr(hud_log, "LOG_WINDOW", 6)
    app = open_app(
        home=tmp_path, settings=Settings(animations=False), size=(1280, 800), headless=True
    )
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3, autosave_enabled=False)
    for _ in range(40):
        if session.over:
            break
        session.apply(session.ruleset.policy_command(session.battle))
    made = app.push(BattleScene(app, session))
    app.step()
    made.hud.log.show_all = True
    return made


def test_only_the_newest_entries_are_built(scene: BattleScene) -> None:
    log = scene.hud.log
    log.window = hud_log.LOG_WINDOW
    assert len(scene.session.battle.log) > 3 * hud_log.LOG_WINDOW
    entries = log.entries(300)
    assert len(entries) == hud_log.LOG_WINDOW
    newest = len(scene.session.battle.log) - 1
    assert entries[-1].key[0][0][0] == newest  # the newest entry is at the bottom


def test_scrolling_to_the_oldest_built_entry_builds_older_ones(scene: BattleScene) -> None:
    log = scene.hud.log
    log.window = hud_log.LOG_WINDOW
    first = log.entries(300)
    log.rect.height = 100
    for _ in range(200):
        log.scroll_by(1)
        if log.window > hud_log.LOG_WINDOW:
            break
    assert log.window == 2 * hud_log.LOG_WINDOW
    more = log.entries(300)
    assert len(more) == 2 * hud_log.LOG_WINDOW
    assert [e.key for e in more[-len(first) :]] == [e.key for e in first]
