"""The hot-seat handover names the side to play in a form that fits a plural name too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.navigate import open_app
from game.ui.settings import Settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KAMPFKARTE_HOME", str(folder))
    return folder


def _app(home: Path, language: str) -> App:
    settings = Settings()
    settings.language = language
    return open_app(home=home, settings=settings, headless=True, size=(1280, 800))


@pytest.fixture
def apps(home: Path) -> Iterator[dict[str, App]]:
    yield {language: _app(home, language) for language in ("de", "en")}
    pygame.event.clear()


@pytest.mark.parametrize(
    ("language", "expected", "wrong"),
    [
        ("de", "Am Zug: Piraten", "Piraten ist am Zug"),
        ("en", "Now playing: Piraten", "Piraten's turn"),
    ],
)
def test_handover_names_a_plural_side_without_a_verb_to_agree(
    apps: dict[str, App], language: str, expected: str, wrong: str
) -> None:
    app = apps[language]
    text = app.t("menus.handover.turn", name="Piraten")
    assert text.startswith(expected)
    assert wrong not in text
