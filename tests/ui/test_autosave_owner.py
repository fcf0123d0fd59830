"""Issue 13, "nothing lost": opening a game never overwrites another game's autosave.

A seat change writes the newest autosave again in place only when it holds this match;
a loaded save (Laden) or an older autosave continued (the newest did not load) writes a
new autosave first, so the one it would have replaced is kept (rotated). A continued
autosave written again before its check is done keeps its snapshot and its record as
read (the next load is quick again).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match import saves
from game.match.lazy_commands import LazyCommands
from game.ui.session import GameSession, autosave_dir
from tests.save_files import read_document
from tests.ui.test_files_hardened_sessions import ANNA, BAERBEL, DEMO


def _played(home: Path, commands: int, seed: int = 4) -> GameSession:
    session = GameSession.new(DEMO, home=home, seed=seed)
    session.set_players([ANNA, BAERBEL])
    for _ in range(commands):
        assert session.apply(session.ruleset.policy_command(session.battle)).ok
    return session


def test_issue13_a_loaded_save_does_not_overwrite_the_newest_autosave(tmp_path: Path) -> None:
    other = _played(tmp_path, 8, seed=5)  # the game in autosave-1
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    before = newest.read_bytes()
    saved = other.save_as("kurz")
    loaded = GameSession.load(saved, home=tmp_path)
    assert not loaded.owns_autosave
    loaded.stretches.clear()  # a save without stretches: the viewer makes a new one
    loaded.note_viewer(loaded.players[0])
    kept = autosave_dir(tmp_path) / "autosave-2.json"
    assert kept.read_bytes() == before  # rotated, not overwritten
    assert loaded.owns_autosave


def test_issue13_an_older_autosave_continued_keeps_the_broken_newest(tmp_path: Path) -> None:
    _played(tmp_path, 6)
    _played(tmp_path, 9, seed=6)
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    broken = newest.read_bytes()[:-40]  # cut off: does not load
    newest.write_bytes(broken)
    session = GameSession.resume(tmp_path)
    assert not session.owns_autosave
    session.stretches.clear()
    session.note_viewer(session.players[0])
    assert (autosave_dir(tmp_path) / "autosave-2.json").read_bytes() == broken


def test_issue13_a_continued_autosave_written_before_its_check_keeps_its_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "LINES_FROM", 0)
    _played(tmp_path, 20)
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    session = GameSession.resume(tmp_path)
    assert session.owns_autosave and session.save_check is not None
    session.stretches.clear()
    session.note_viewer(session.players[1])  # a new stretch: autosave-1 again, in place
    record = session.match.record
    assert isinstance(record, LazyCommands) and record.built == 0  # written back as read
    document, _ = read_document(newest)
    assert "resume" in document and document["seats"]["stretches"]
    again = GameSession.resume(tmp_path)
    assert again.save_check is not None and again.match.replayed == 0


def test_issue13_a_command_during_the_check_gets_its_snapshot_when_the_check_ends(
    tmp_path: Path,
) -> None:
    """The autosave of a command made before the check is done has no snapshot (the match
    is not verified yet); once the check is done, autosave-1 is written again with one."""
    _played(tmp_path, 20)
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    session = GameSession.resume(tmp_path)
    assert session.save_check is not None
    while session.ai_to_move:
        assert session.ai_step().ok
    assert session.apply(session.ruleset.policy_command(session.battle)).ok
    assert "resume" not in read_document(newest)[0]
    while session.save_check is not None:
        assert session.check_save(5) is None
    document, _ = read_document(newest)
    assert "resume" in document and len(document["commands"]) == session.match.command_count
    again = GameSession.resume(tmp_path)
    assert again.save_check is not None and again.match.replayed == 0
