"""Issue 13, "Installing": settings, saves and the error log live in the platform's folders.

``$KAMPFKARTE_HOME`` still holds everything; otherwise (a fake HOME and XDG folders here)
settings go to the config folder, saves to the data folder, the error log to the log
folder, and an older ``~/.kampfkarte`` is moved over once. The error log rotates.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.cli_language import cli_language, settings_path
from game.match.places import MOVED_MARKER, UserFolders, user_folders
from game.ui import error_log
from game.ui.app import App
from game.ui.error_log import write_error
from game.ui.settings import home_dir

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the XDG folders are Linux's"
)


@pytest.fixture
def fake_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user without $KAMPFKARTE_HOME: HOME and the XDG folders point into tmp_path."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.delenv("KAMPFKARTE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    return home


def _expected(tmp_path: Path) -> UserFolders:
    return UserFolders(
        data=tmp_path / "xdg-data" / "kampfkarte",
        config=tmp_path / "xdg-config" / "kampfkarte",
        log=tmp_path / "xdg-state" / "kampfkarte" / "log",
    )


def _old_home(home: Path) -> Path:
    """Write a ~/.kampfkarte as older versions left it; return it."""
    old = home / ".kampfkarte"
    (old / "saves").mkdir(parents=True)
    (old / "autosave").mkdir()
    (old / "settings.json").write_text(json.dumps({"language": "en"}), encoding="utf-8")
    (old / "saves" / "abend.json").write_text("{}", encoding="utf-8")
    (old / "autosave" / "autosave-1.json").write_text("{}", encoding="utf-8")
    (old / "errors.log").write_text("old error\n", encoding="utf-8")
    return old


def test_the_platform_folders_without_kampfkarte_home(fake_home: Path, tmp_path: Path) -> None:
    """Data, config and log are three different XDG folders; nothing lands in ~/.kampfkarte."""
    folders = user_folders()
    assert folders == _expected(tmp_path)
    assert settings_path() == folders.config / "settings.json"  # the CLI reads the same file
    assert home_dir() == folders.data and folders.data.is_dir()
    assert not (fake_home / ".kampfkarte").exists()


def test_kampfkarte_home_still_holds_everything(
    fake_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """$KAMPFKARTE_HOME wins over the platform's folders, and nothing is moved into it."""
    old = _old_home(fake_home)
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "kh"))
    assert user_folders() == UserFolders.all_in(tmp_path / "kh")
    assert settings_path() == tmp_path / "kh" / "settings.json"
    assert (old / "settings.json").is_file()  # left alone


def test_an_old_home_is_moved_over_once(fake_home: Path, tmp_path: Path) -> None:
    """Settings to config, saves and autosave to data, the log to log; then never again."""
    old = _old_home(fake_home)
    folders = _expected(tmp_path)
    assert cli_language(None) == "en"  # the first look moves the settings it reads
    assert (folders.config / "settings.json").is_file()
    assert (folders.data / "saves" / "abend.json").is_file()
    assert (folders.data / "autosave" / "autosave-1.json").is_file()
    assert (folders.log / "errors.log").read_text(encoding="utf-8") == "old error\n"
    assert not old.exists()
    assert (folders.data / MOVED_MARKER).is_file()
    (old / "saves").mkdir(parents=True)  # an older version run again writes a new one
    (old / "saves" / "later.json").write_text("{}", encoding="utf-8")
    user_folders()
    assert (old / "saves" / "later.json").is_file()  # once means once
    assert not (folders.data / "saves" / "later.json").exists()


def test_the_move_overwrites_nothing(fake_home: Path, tmp_path: Path) -> None:
    """A settings file already in the config folder stays; the old one is kept beside it."""
    old = _old_home(fake_home)
    folders = _expected(tmp_path)
    folders.config.mkdir(parents=True)
    (folders.config / "settings.json").write_text(json.dumps({"language": "de"}), "utf-8")
    assert cli_language(None) == "de"
    kept = folders.config / "settings-alt.json"  # review of issue 13: kept, not left behind
    assert json.loads(kept.read_text("utf-8")) == {"language": "en"}
    assert not old.exists()
    assert (folders.data / "saves" / "abend.json").is_file()  # the rest moved


def test_the_app_keeps_settings_and_errors_in_their_folders(
    fake_home: Path, tmp_path: Path
) -> None:
    """The window reads and writes settings in config, logs errors in log, saves in data."""
    folders = _expected(tmp_path)
    folders.config.mkdir(parents=True)
    (folders.config / "settings.json").write_text(json.dumps({"language": "en"}), "utf-8")
    app = App(size=(800, 600), headless=True)
    assert app.settings.language == "en" and app.home == folders.data
    app.settings.volume = 42
    app.save_settings()
    assert json.loads((folders.config / "settings.json").read_text("utf-8"))["volume"] == 42
    app.report_error("Traceback: a frame went wrong")
    assert "a frame went wrong" in (folders.log / "errors.log").read_text("utf-8")
    assert not (folders.data / "errors.log").exists()


def test_the_error_log_rotates_and_stays_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the size limit the log moves to .1 … .3; the oldest is dropped."""
    monkeypatch.setattr(error_log, "MAX_LOG_BYTES", 1_000)
    path = tmp_path / "log" / "errors.log"
    for number in range(60):
        write_error(path, f"error {number:02d} " + "x" * 190)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["errors.log", "errors.log.1", "errors.log.2", "errors.log.3"]
    assert all(p.stat().st_size <= 1_000 + 300 for p in path.parent.iterdir())
    assert "error 59" in path.read_text("utf-8")  # the newest is in the current file


def test_an_unwritable_log_does_not_stop_the_window(tmp_path: Path) -> None:
    """A log folder that cannot be made: write_error raises OSError, the App goes on."""
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(OSError):
        write_error(blocker / "errors.log", "boom")
    app = App(home=tmp_path / "home", size=(800, 600), headless=True)
    app.folders = UserFolders(tmp_path, tmp_path, blocker)
    app.report_error("boom")  # no exception
    assert app.errors == ["boom"]
