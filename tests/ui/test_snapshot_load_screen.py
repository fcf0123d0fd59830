"""A loaded save on the screen (issue 13, "Long fights"): at once, verified a few a frame.

``GameSession.load`` restores the match from the save's snapshot applying no command;
the battle scene replays the record ``CHECK_PER_FRAME`` commands a frame at least (more
while the frame's ``CHECK_SECONDS`` last) to verify it. When the replay differs, it wins
and the screen says so in one line; undo before the check is done finishes it at once;
a command (the player's or the built-in opponent's) does not wait for the check: if its
replay wins, the command is applied to it again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match.checkpoints import SPACING
from game.match.commands import Command, CommandRejected
from game.match.saves import SaveError
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


def forged_and_loaded(home: Path) -> tuple[GameSession, GameSession]:
    """Return the original session and the load of its save with a forged log entry (the
    check's replay will win), autosaves off."""
    original, path = saved(home)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["resume"]["game"]["log"][-1]["de"] = "gefälscht"
    path.write_text(json.dumps(document), encoding="utf-8")
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    return original, session


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
    assert check.replayed >= CHECK_PER_FRAME
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


def test_issue13_the_built_in_opponent_acts_at_once_and_the_check_goes_on(home: Path) -> None:
    original, path = saved(home)
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    check = session.save_check
    assert check is not None
    if not session.ai_to_move:
        pytest.skip("the saved fight waits for a person")  # the seeded demo: the pirates
    assert session.ai_step().ok
    assert session.save_check is check and check.replayed == 0  # nothing waited
    command = session.match.record[-1]
    while session.save_check is not None:
        assert session.check_save(7) is None  # exact: no line
    assert check.done and not check.replay_won
    original.apply(command)
    assert session.match.commands == original.match.commands
    assert session.match.game.snapshot() == original.match.game.snapshot()


def test_issue13_a_command_played_during_the_check_is_applied_again_when_the_replay_wins(
    home: Path,
) -> None:
    original, session = forged_and_loaded(home)
    command = session.ruleset.policy_command(session.battle)
    assert session.apply(command).ok and session.save_check is not None
    lines = []
    while session.save_check is not None:
        lines.append(session.check_save(7))
    assert [line for line in lines if line] == [("save_check.replay_won", {})]
    original.apply(command)
    assert session.match.commands == original.match.commands
    assert session.match.game.snapshot() == original.match.game.snapshot()
    assert [e.de for e in session.battle.log] == [e.de for e in original.battle.log]
    assert session.match.log_marks == original.match.log_marks


def test_issue13_a_command_the_winning_replay_refuses_is_dropped_and_named(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original, session = forged_and_loaded(home)
    check = session.save_check
    assert check is not None
    played = session.ruleset.policy_command(session.battle)
    assert session.apply(played).ok
    session.check_save(1)  # the replay exists now: it will refuse what was played
    real = check.replay.apply

    def refusing(command: Command) -> Any:
        if command is played:
            raise CommandRejected("not on the replayed game")
        return real(command)

    monkeypatch.setattr(check.replay, "apply", refusing)
    lines = []
    while session.save_check is not None:
        lines.append(session.check_save(7))
    assert [line for line in lines if line] == [("save_check.refused_from", {"index": LENGTH + 1})]
    assert session.match.commands == original.match.commands  # the played one is dropped
    assert session.match.game.snapshot() == original.match.game.snapshot()
    assert session.match.log_marks == original.match.log_marks


def test_issue13_an_undo_during_the_check_waits_with_the_screen_alive(app: App, home: Path) -> None:
    """Ctrl+Z before the check is done: one line, the frames go on, the undo follows it."""
    original, path = saved(home)
    session, battle = loaded_in_battle(app, path, home)
    check = session.save_check
    assert check is not None
    battle.undo(confirmed=True)
    assert session.save_check is check and session.match.command_count == LENGTH  # waits
    shown = [message.text for message in battle.hud.board.messages]
    assert app.t("battle.waits_for_check") in shown
    for _ in range(LENGTH):
        if session.save_check is None:
            break
        app.step(1 / 60)
    assert session.save_check is None and check.done and not check.replay_won
    assert session.match.command_count < LENGTH  # the undo came right after the check
    assert session.match.commands == original.match.commands[: session.match.command_count]


def test_issue13_a_command_that_meets_an_unreadable_saved_command_lets_the_replay_win(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The live game read a command of the save that does not read (a reroll looks back):
    the check is finished first (its replay meets the bad line and wins), then the command
    is applied again on the match the check leaves."""
    original, path = saved(home)
    session = GameSession.load(path, home=home)
    session.autosave_enabled = False
    assert session.save_check is not None
    command = session.ruleset.policy_command(session.battle)
    real, calls = session.match.apply, []

    def unreadable_once(sent: Command) -> Any:
        calls.append(sent)
        if len(calls) == 1:
            raise SaveError(path, "$.commands[2]", "line 4: Expecting value")
        return real(sent)

    monkeypatch.setattr(session.match, "apply", unreadable_once)
    assert session.apply(command).ok
    assert session.save_check is None and calls == [command, command]
    original.apply(command)
    assert session.match.commands == original.match.commands
