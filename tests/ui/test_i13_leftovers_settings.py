"""A damaged settings.json (issue 13 points 3 and 4): defaults, kept aside, said on the title.

Bad JSON, nesting too deep, a FIFO or a link to a device in its place: the game starts
with the default settings, the file is renamed to ``settings.json.bad-<n>`` (never
overwritten without a copy), and the title screen shows one line naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ui.settings as settings_module
from game.ui.app import App
from game.ui.locale import Translator
from game.ui.scenes.navigate import open_app
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings, load_settings

pytestmark = pytest.mark.rule("I13-3")
GOOD = b'{"language": "en", "volume": 30}'


def _settings_file(folder: Path, data: bytes) -> Path:
    path = folder / "settings.json"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'{"language": "en",', "syntax"),
        (b"[" * 30_000 + b"]" * 30_000, "too_deep"),  # 60 KB: a RecursionError once
        (b'{"a": NaN}', "not_json"),
        (b"\xff\xfe{}", "not_json"),  # not UTF-8
        (b'["de"]', "not_object"),
        (b'{"x": "' + b"a" * 70_000 + b'"}', "too_large"),
    ],
)
def test_i13_damaged_settings_give_defaults_and_are_kept(
    tmp_path: Path, data: bytes, reason: str
) -> None:
    path = _settings_file(tmp_path, data)
    settings, damage = load_settings(tmp_path)
    assert settings == Settings()
    assert damage is not None
    assert (damage.path, damage.reason) == (path, reason)
    assert damage.line == (1 if reason == "syntax" else None)
    assert damage.kept == tmp_path / "settings.json.bad-1"
    assert damage.kept.read_bytes() == data
    assert not path.exists()


def test_i13_a_fifo_in_place_of_settings_is_never_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, damage = load_settings(tmp_path)  # a blocking open would hang here
    assert settings == Settings()
    assert damage is not None and damage.reason == "not_regular"
    assert damage.kept is not None and damage.kept.is_fifo()


def test_i13_a_link_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "settings.json").symlink_to("/dev/zero")
    settings, damage = load_settings(tmp_path)
    assert settings == Settings()
    assert damage is not None and damage.reason == "not_regular"
    assert damage.kept is not None and os.readlink(damage.kept) == "/dev/zero"


def test_i13_a_good_or_missing_file_is_no_damage(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)
    assert not list(tmp_path.iterdir())  # nothing made for a missing file
    _settings_file(tmp_path, GOOD)
    settings, damage = load_settings(tmp_path)
    assert damage is None and settings.language == "en" and settings.volume == 30


def test_i13_each_damaged_file_gets_its_own_copy(tmp_path: Path) -> None:
    _settings_file(tmp_path, b"{1")
    load_settings(tmp_path)
    _settings_file(tmp_path, b"{2")
    _settings, damage = load_settings(tmp_path)
    assert damage is not None and damage.kept == tmp_path / "settings.json.bad-2"
    assert (tmp_path / "settings.json.bad-1").read_bytes() == b"{1"
    Settings(language="en").save(tmp_path)
    assert load_settings(tmp_path)[0].language == "en"
    assert (tmp_path / "settings.json.bad-2").read_bytes() == b"{2"


def test_i13_a_file_that_cannot_be_renamed_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: object) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(settings_module.os, "rename", refuse)
    path = _settings_file(tmp_path, b"{broken")
    settings, damage = load_settings(tmp_path)
    assert settings == Settings() and damage is not None and damage.kept is None
    with pytest.raises(OSError):
        Settings(language="en").save(tmp_path)
    assert path.read_bytes() == b"{broken"


@pytest.fixture
def damaged_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("KAMPFKARTE_HOME", str(home))
    _settings_file(home, b"[" * 30_000)
    made = open_app(home=home, headless=True, size=(1280, 800))
    yield made
    pygame.event.clear()


def _bottom(app: App, title: TitleScene) -> bytes:
    surface = pygame.Surface(app.screen.get_size())
    title.draw(surface)
    width, height = surface.get_size()
    strip = surface.subsurface(pygame.Rect(0, height - 60, width, 60)).copy()
    return bytes(pygame.image.tobytes(strip, "RGB"))


def test_i13_title_names_the_damaged_file_in_german(damaged_app: App) -> None:
    app = damaged_app
    path = app.folders.config / "settings.json"
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60)
    text = title.settings_damage_text()
    assert str(path) in text and "zu tief verschachtelt" in text
    assert "Standardwerte" in text and "settings.json.bad-1" in text
    assert (app.folders.config / "settings.json.bad-1").read_bytes() == b"[" * 30_000
    shown = _bottom(app, title)
    app.save_settings()  # the player's settings are whole again: the line goes
    assert app.settings_damage is None and title.settings_damage_text() == ""
    assert _bottom(app, title) != shown
    assert (app.folders.config / "settings.json.bad-1").read_bytes() == b"[" * 30_000


def test_i13_title_names_the_damaged_file_in_english(damaged_app: App) -> None:
    app = damaged_app
    app.t = Translator("en")
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60)
    text = title.settings_damage_text()
    assert "nested too deeply" in text and "default settings are used" in text
    assert str(app.folders.config / "settings.json") in text
