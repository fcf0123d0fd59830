"""A loaded save on the screen (issue 13, "Long fights"): at once, verified a few a frame.

``GameSession.load`` restores the match from the save's snapshot applying no command;
the battle scene replays the record ``CHECK_PER_FRAME`` commands a frame to verify it.
When the replay differs, it wins and the screen says so in one line; undo before the
check is done finishes it at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.match.checkpoints import SPACING
from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import CHECK_PER_FRAME, GameSession

LENGTH = 30


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KAMPFKARTE_HOME", str(folder))
    return folder


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    made = open_app(home=home, headless=True, size=(1280, 800))
    yield made
    pygame.event.clear()


def saved(home: Path) -> tuple[GameSession, Path]:
    """Return a session of LENGTH commands of the built-in opponent's play, and its save."""
    session = GameSession.new(demo_mission_path(), home=home, seed=3, autosave_enabled=False)
    while len(session.match.commands) < LENGTH and not session.over:
        outcome = session.apply(session.ruleset.policy_command(session.battle))
        assert outcome.ok
    return session, session.save_as("lang")


def loaded_in_battle(app: App, path: Path, home: Path) -> tuple[GameSession, BattleScene]:
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    battle = BattleScene(app, session)
    app.replace(battle)
    return session, battle


def test_the_screen_verifies_a_loaded_save_a_few_commands_a_frame(app: App, home: Path) -> None:
    original, path = saved(home)
    session, battle = loaded_in_battle(app, path, home)
    check = session.save_check
    assert check is not None and session.match.replayed == 0  # nothing applied at load
    assert session.match.game.snapshot() == original.match.game.snapshot()
    app.step(1 / 60)
    assert check.replayed == CHECK_PER_FRAME
    for _ in range(LENGTH):
        app.step(1 / 60)
    assert session.save_check is None and check.done and not check.replay_won
    assert session.match.verifier is None  # verified: its autosaves carry snapshots again
    shown = [message.text for message in battle.hud.board.messages]
    assert app.t("save_check.replay_won") not in shown


def test_a_tampered_snapshot_is_replaced_by_the_replay_with_one_line(
    app: App, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original, path = saved(home)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["resume"]["game"]["log"][-1]["de"] = "gefälscht"
    path.write_text(json.dumps(document), encoding="utf-8")
    session, battle = loaded_in_battle(app, path, home)
    assert session.battle.log[-1].de == "gefälscht"
    shown: list[str] = []  # a later turn change clears the board: note what was shown
    monkeypatch.setattr(battle.hud, "message", lambda text, bad=False: shown.append(text))
    for _ in range(LENGTH):
        app.step(1 / 60)
    assert session.save_check is None
    last = len(original.battle.log) - 1  # the built-in opponent may have played on since
    assert session.battle.log[last].de == original.battle.log[last].de != "gefälscht"
    assert shown.count(app.t("save_check.replay_won")) == 1
    assert "Aufzeichnung" in app.t("save_check.replay_won")  # German by default


def test_undo_before_the_check_is_done_finishes_it_at_once(app: App, home: Path) -> None:
    original, path = saved(home)
    session, _ = loaded_in_battle(app, path, home)
    assert session.undo()
    assert session.save_check is None
    assert session.match.replayed < SPACING  # the check's replay left the checkpoints
    assert session.match.commands == original.match.commands[:-1]


def test_a_record_that_stops_replaying_goes_on_before_the_refused_command(home: Path) -> None:
    """The snapshot loads; the check's replay refuses the last command: the replay wins."""
    original, path = saved(home)
    document = json.loads(path.read_text(encoding="utf-8"))
    last = document["commands"][-1]
    document["commands"][-1] = {"kind": "end_turn", "actor": "nobody"}
    assert last != document["commands"][-1]
    path.write_text(json.dumps(document), encoding="utf-8")
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    assert len(session.match.commands) == LENGTH  # the snapshot, not yet checked
    lines = [session.check_save(7) for _ in range(LENGTH)]
    said = [line for line in lines if line is not None]
    assert said == [("save_check.refused_from", {"index": LENGTH})]
    assert session.match.commands == original.match.commands[:-1]
    assert session.match.game.snapshot() != original.match.game.snapshot()


def test_the_built_in_opponent_decides_on_the_verified_match(home: Path) -> None:
    _, path = saved(home)
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    assert session.save_check is not None
    session.ai_step()
    assert session.save_check is None and session.match.verifier is None
