"""Issue 13 review point 1: a game started on a mission whose file name is not UTF-8
autosaves (no UnicodeEncodeError) and "Fortsetzen" finds that very file again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.missions.loader import bundled_maps_dir
from game.ui.session import GameSession


@pytest.mark.rule("I13-2")
def test_i13_review_1_a_non_utf8_mission_name_plays_and_resumes(tmp_path: Path) -> None:
    mission = tmp_path / os.fsdecode(b"versteck\xff.toml")
    shutil.copyfile(bundled_maps_dir() / "dretop-versteck.toml", mission)
    home = tmp_path / "home"
    GameSession.new(mission, home=home, seed=3)  # writes the first autosave
    resumed = GameSession.resume(home)
    assert resumed.mission_path == mission.resolve()
    assert not resumed.warnings  # found at its own path, not by its hash elsewhere
