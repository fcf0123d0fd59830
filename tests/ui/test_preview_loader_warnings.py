"""The mission preview lists the loader's warnings with the playability ones (issue 11)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes import preview
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.scenes.preview_model import load_preview
from game.ui.settings import Settings

TILED = Path(__file__).parents[1] / "missions" / "data" / "tiled"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = open_app(
        home=tmp_path / "home", settings=Settings(), size=(1280, 800), headless=True
    )
    yield application
    pygame.display.quit()


def desert_without_its_picture(folder: Path) -> Path:
    """Copy the Tiled desert map and its tileset, not the tileset's image."""
    for name in ("desert.tmx", "desert.tsx", "desert.tsj"):
        shutil.copy(TILED / name, folder / name)
    return folder / "desert.tmx"


def test_the_preview_model_holds_the_loaders_warnings_first(tmp_path: Path) -> None:
    model = load_preview(desert_without_its_picture(tmp_path))
    messages = [w.message for w in model.warnings]
    assert "tile image 'tmw_desert_spacing.png'" in messages[0]
    assert "file not found" in messages[0]
    assert any("says nothing about terrain" in m for m in messages)
    assert any("no sides" in m for m in messages)  # the playability warnings stay
    assert all(w.warning for w in model.warnings)
    assert list(model.loaded.warnings) == model.warnings[: len(model.loaded.warnings)]


def test_the_preview_model_of_the_real_desert_warns_of_no_terrain() -> None:
    model = load_preview(TILED / "desert.tmx")
    assert any("says nothing about terrain" in w.message for w in model.warnings)
    assert not any("tile image" in w.message for w in model.warnings)


def test_the_preview_scene_draws_the_loaders_warnings(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = preview.draw_text

    def recording(surface: pygame.Surface, fonts: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.append(text)
        return real(surface, fonts, text, *a, **k)

    monkeypatch.setattr(preview, "draw_text", recording)
    scene = PreviewScene(app, desert_without_its_picture(tmp_path))
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None
    text = " ".join(drawn)
    assert "tmw_desert_spacing.png" in text  # the loader's warning, on screen
