"""The preview's error box speaks the window's language (issue 12 point 7, "i12")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.mission_entry import read_mission
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.settings import Settings
from tests.shots import save_shot

BROKEN = '[mission]\ntitle = "Kaputt"\n\n[map]\nwidth = "drei"\nheight = 2\nrows = ["..", ".."]\n'


@pytest.fixture()
def app_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], App]]:
    def make(language: str) -> App:
        monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
        return open_app(
            home=tmp_path / "home",
            settings=Settings(language=language),
            size=(1280, 800),
            headless=True,
        )

    yield make
    pygame.display.quit()


def _broken(folder: Path) -> Path:
    path = folder / "kaputt.toml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def test_i12_the_preview_shows_a_broken_file_in_german(
    app_in: Callable[[str], App], tmp_path: Path
) -> None:
    app = app_in("de")
    scene = PreviewScene(app, _broken(tmp_path))
    app.push(scene)
    app.step()  # draws the error box
    save_shot(app.screen, "i12_preview_problem_de.png")
    lines = scene.error_lines()
    [problem] = scene.errors
    assert any(": Fehler: map.width: gefunden: der Text 'drei'" in line for line in lines)
    assert any("erwartet: eine ganze Zahl" in line for line in lines)
    assert not any(problem.message in line or "expected" in line for line in lines)


def test_i12_the_preview_shows_a_broken_file_in_english(
    app_in: Callable[[str], App], tmp_path: Path
) -> None:
    app = app_in("en")
    scene = PreviewScene(app, _broken(tmp_path))
    app.push(scene)
    app.step()
    lines = scene.error_lines()
    english = ": error: map.width: found the text 'drei'; expected an integer"
    assert any(english in line for line in lines)
    assert not any("erwartet" in line for line in lines)


def test_i12_the_mission_list_entry_keeps_both_texts(tmp_path: Path) -> None:
    entry = read_mission(_broken(tmp_path))
    [problem] = entry.problems
    assert "erwartet: eine ganze Zahl" in problem.text("de")
    assert "expected an integer" in problem.text("en")
