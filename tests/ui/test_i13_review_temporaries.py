"""Issue 13 review point 5: orphaned temporary files are cleaned when the program starts
(the App), not only at a session start, and only when at least MIN_TEMPORARY_AGE old,
so a second running game never loses a write under way."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.session import MIN_TEMPORARY_AGE, clean_interrupted_writes


def temporary(folder: Path, name: str, age: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{name}.0123456789abcdef.tmp"
    path.write_bytes(b"{")
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


@pytest.mark.rule("I13-10")
def test_i13_review_5_the_app_start_cleans_old_temporaries_only(tmp_path: Path) -> None:
    old_auto = temporary(tmp_path / "autosave", "autosave-1.json", 3600)
    old_save = temporary(tmp_path / "saves", "abend.json", MIN_TEMPORARY_AGE + 5)
    old_settings = temporary(tmp_path, "settings.json", 3600)  # home holds the config too
    young = temporary(tmp_path / "autosave", "autosave-2.json", 5)  # another game's write
    App(home=tmp_path, headless=True, size=(800, 600))
    assert not old_auto.exists() and not old_save.exists() and not old_settings.exists()
    assert young.exists()


@pytest.mark.rule("I13-10")
def test_i13_review_5_the_minimum_age_is_counted_from_now(tmp_path: Path) -> None:
    path = temporary(tmp_path / "saves", "x.json", 0)
    made = path.stat().st_mtime
    assert clean_interrupted_writes(tmp_path, made + MIN_TEMPORARY_AGE - 1) == []
    assert clean_interrupted_writes(tmp_path, made + MIN_TEMPORARY_AGE + 1) == [path]
