"""Issue 13 review point 4: moving an old ~/.kampfkarte into data folders that already
hold saves merges the folders file by file, overwrites nothing (a taken name is kept as
``<name>-alt``), and marks the move done only when the old folder is empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.places import MOVED_MARKER, UserFolders, move_legacy_home


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> UserFolders:
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    return UserFolders(tmp_path / "data", tmp_path / "config", tmp_path / "log")


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.mark.rule("I13-move")
def test_i13_review_4_saves_are_merged_and_nothing_is_overwritten(
    tmp_path: Path, folders: UserFolders
) -> None:
    old = tmp_path / "user" / ".kampfkarte"
    write(old / "saves" / "abend.json", "old abend")
    write(old / "saves" / "nur-alt.json", "only old")
    write(old / "autosave" / "autosave-1.json", "old auto")
    write(folders.data / "saves" / "abend.json", "new abend")
    write(folders.data / "saves" / "abend-alt.json", "an earlier alt")
    write(folders.data / "autosave" / "autosave-1.json", "new auto")
    assert move_legacy_home(folders)
    saves = folders.data / "saves"
    assert (saves / "abend.json").read_text(encoding="utf-8") == "new abend"
    assert (saves / "abend-alt.json").read_text(encoding="utf-8") == "an earlier alt"
    assert (saves / "abend-alt-2.json").read_text(encoding="utf-8") == "old abend"
    assert (saves / "nur-alt.json").read_text(encoding="utf-8") == "only old"
    autosave = folders.data / "autosave"
    assert (autosave / "autosave-1.json").read_text(encoding="utf-8") == "new auto"
    assert (autosave / "autosave-1-alt.json").read_text(encoding="utf-8") == "old auto"
    assert not old.exists()
    assert (folders.data / MOVED_MARKER).is_file()


@pytest.mark.rule("I13-move")
def test_i13_review_4_no_marker_while_something_stays_behind(
    tmp_path: Path, folders: UserFolders, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "user" / ".kampfkarte"
    write(old / "saves" / "abend.json", "old abend")
    write(folders.data / "saves" / "abend.json", "new abend")
    import game.match.places as places

    def refuse(source: str, target: str) -> str:
        raise PermissionError(source)

    monkeypatch.setattr(places.shutil, "move", refuse)
    assert not move_legacy_home(folders)
    assert (old / "saves" / "abend.json").is_file()
    assert not (folders.data / MOVED_MARKER).exists()  # the next start tries again
    monkeypatch.undo()
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    assert move_legacy_home(folders)
    assert (folders.data / "saves" / "abend-alt.json").read_text(encoding="utf-8") == "old abend"
