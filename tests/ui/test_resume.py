"""Fortsetzen loads the newest save that loads and deletes nothing (issue 9)."""

from __future__ import annotations

import json
from pathlib import Path

from game.missions.loader import demo_mission_path
from game.ui.session import GameSession, autosave_dir


def _break(path: Path) -> None:
    """Make a save that no longer replays, as a changed rule would."""
    document = json.loads(path.read_text(encoding="utf-8"))
    document["ruleset"]["version"] = "0"
    document["snapshot"]["round"] = 99
    path.write_text(json.dumps(document), encoding="utf-8")


def test_resume_falls_back_from_broken_autosaves_to_a_manual_save(tmp_path: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3)
    manual = session.save_as("vor dem Zug")
    for autosave in sorted(autosave_dir(tmp_path).glob("autosave-*.json")):
        _break(autosave)
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.game.snapshot() == session.match.game.snapshot()
    assert all(p.exists() for p in autosave_dir(tmp_path).glob("autosave-*.json"))
    assert manual.exists()


def test_resume_prefers_the_newest_autosave(tmp_path: Path) -> None:
    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3)
    session.save_as("alt")
    resumed = GameSession.resume(tmp_path)
    assert resumed.match.commands == session.match.commands
