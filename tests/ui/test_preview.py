"""``kampfkarte preview``: a mission read-only, its errors in the window, reloads on change."""

from __future__ import annotations

import os
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.missions.loader import bundled_maps_dir
from game.ui.app import App
from game.ui.locale import LOCALE_DIR
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.settings import Settings


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = open_app(
        home=tmp_path / "home", settings=Settings(), size=(1280, 800), headless=True
    )
    yield application
    pygame.display.quit()


def _copy(name: str, folder: Path) -> Path:
    target = folder / name
    shutil.copy(bundled_maps_dir() / name, target)
    return target


def _touch_later(path: Path) -> None:
    """Move the file's mtime forward: the poll must see a change even on coarse clocks."""
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 2_000_000_000))


@pytest.mark.parametrize("name", ["dretop-versteck.toml", "gefahrenzone.toml"])
def test_preview_opens_a_bundled_map(app: App, tmp_path: Path, name: str) -> None:
    scene = PreviewScene(app, _copy(name, tmp_path))
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None
    model = scene.model
    assert len(model.tokens) == len(model.mission.creatures)
    assert any(side.deployment for side in model.mission.sides)
    assert model.legend  # the terrain legend lists what the map holds
    # a creature on its start field in its side's colour
    token = model.tokens[0]
    centre = scene.camera.cell_centre(token.cell)
    assert scene.camera.contains(centre)
    colour = app.screen.get_at(centre)
    assert (colour.r, colour.g, colour.b) == token.colour


def test_a_broken_file_shows_file_line_and_message_without_raising(
    app: App, tmp_path: Path
) -> None:
    path = tmp_path / "kaputt.toml"
    path.write_text('[mission]\ntitle = "Kaputt"\n\n[map]\nwidth = 3\nheight = = 2\n')
    scene = PreviewScene(app, path)
    app.push(scene)
    app.step()  # draws the error box; nothing is raised
    assert scene.model is None and scene.errors
    lines = scene.error_lines()
    problem = scene.errors[0]
    assert problem.line is not None
    assert any(str(path) in line and f":{problem.line}" in line for line in lines)
    assert any(problem.text(app.t.language) in line for line in lines)  # i12: its language


def test_editing_the_file_reloads_it_and_keeps_the_last_good_map(app: App, tmp_path: Path) -> None:
    path = _copy("dretop-versteck.toml", tmp_path)
    scene = PreviewScene(app, path)
    app.push(scene)
    app.step()
    assert scene.model is not None and scene.reloads == 1
    old_title = scene.model.mission.title
    text = path.read_text(encoding="utf-8")

    path.write_text(text.replace(old_title, "Neuer Titel", 1), encoding="utf-8")
    _touch_later(path)
    scene.update(0.5)
    assert scene.reloads == 1  # polled once a second
    scene.update(0.6)
    assert scene.reloads == 2 and scene.model.mission.title == "Neuer Titel"

    path.write_text(text.replace("[[sides]]", "[[sides]]\nfarbe = 1", 1), encoding="utf-8")
    _touch_later(path)
    scene.update(1.0)
    app.step()
    assert scene.errors and "farbe" in " ".join(scene.error_lines())
    assert scene.model is not None and scene.model.mission.title == "Neuer Titel"

    path.write_text(text, encoding="utf-8")
    _touch_later(path)
    scene.update(1.0)
    assert scene.errors == [] and scene.model.mission.title == old_title


def test_preview_camera_pans_zooms_and_fits(app: App, tmp_path: Path) -> None:
    scene = PreviewScene(app, _copy("strassenkampf.toml", tmp_path))
    app.push(scene)
    app.step()
    camera = scene.camera
    zoom = camera.zoom
    centre = (camera.viewport_w // 2, camera.viewport_h // 2)
    pygame.mouse.set_pos(centre)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0))
    app.step()
    assert camera.zoom > zoom
    x = camera.x
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] - 50, centre[1]), rel=(-50, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=3))
    app.step()
    assert camera.x == pytest.approx(x + 50)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0))
    app.step()
    assert camera.zoom == pytest.approx(zoom)
    assert scene.model is not None
    token = scene.model.tokens[0]
    where = camera.cell_centre(token.cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0)))
    app.step()
    text = scene.hover_text()
    assert f"Feld [{token.cell[0]}, {token.cell[1]}]" in text and token.name in text


def test_preview_of_a_missing_file_is_a_cli_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["preview", str(tmp_path / "nirgends.toml")]) == 1
    assert "nirgends.toml" in capsys.readouterr().err
    assert main(["play", str(tmp_path / "nirgends.toml")]) == 1
    broken = tmp_path / "kaputt.toml"
    broken.write_text('[mission]\ntitle = "Kaputt"\n\n[map]\nwidth = = 3\n')
    capsys.readouterr()
    assert main(["play", str(broken)]) == 1  # checked before any window opens
    assert f"{broken}:5" in capsys.readouterr().err


def test_preview_texts_exist_in_german_and_english() -> None:
    keys = {}
    for language in ("de", "en"):
        with (LOCALE_DIR / language / "preview.toml").open("rb") as handle:
            keys[language] = set(tomllib.load(handle)["preview"])
    assert keys["de"] == keys["en"]
