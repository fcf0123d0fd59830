"""The preview shows the loader's warnings in the UI's language; the CLI stays English."""

from __future__ import annotations

import base64
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.cli import main
from game.missions.model import LoaderWarning, warning_text
from game.missions.tiled import no_terrain_text
from game.missions.uvtt import picture_warning_text
from game.ui.app import App
from game.ui.scenes import preview
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.scenes.preview_model import load_preview
from game.ui.settings import Settings

TILED = Path(__file__).parents[1] / "missions" / "data" / "tiled"


def desert_without_its_picture(folder: Path) -> Path:
    """Copy the Tiled desert map and its tileset, not the tileset's image."""
    for name in ("desert.tmx", "desert.tsx", "desert.tsj"):
        shutil.copy(TILED / name, folder / name)
    return folder / "desert.tmx"


def webp_uvtt(folder: Path) -> Path:
    """Write a Universal VTT map whose picture is a broken WebP (a warning, no background)."""
    broken = b"RIFF\x10\x00\x00\x00WEBPVP8 " + b"\x00" * 8
    document = {
        "resolution": {"map_size": {"x": 4, "y": 3}, "pixels_per_grid": 10},
        "line_of_sight": [],
        "portals": [],
        "image": base64.b64encode(broken).decode(),
    }
    path = folder / "webp.dd2vtt"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def tiled_outside(folder: Path) -> Path:
    """Write a 6×5 Tiled map with a terrain rectangle above and left of the map."""
    csv = ",".join(["0"] * 30)
    path = folder / "outside.tmx"
    path.write_text(
        f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="5" tilewidth="32"
     tileheight="32" infinite="0">
 <layer name="ground" width="6" height="5"><data encoding="csv">{csv}</data></layer>
 <objectgroup name="areas">
  <object id="1" type="terrain" x="-100" y="-90" width="50" height="40">
   <properties><property name="terrain" value=":"/></properties></object>
 </objectgroup>
</map>
""",
        encoding="utf-8",
    )
    return path


def test_loader_warnings_carry_german_and_english_texts(tmp_path: Path) -> None:
    model = load_preview(desert_without_its_picture(tmp_path))
    loader = list(model.loaded.warnings)
    assert loader and all(isinstance(w, LoaderWarning) for w in loader)
    for warning in loader:
        assert warning.message == warning_text(warning, "en")
        assert warning_text(warning, "de") != warning.message
    german = model.warning_messages("de")
    assert no_terrain_text("de") in german and no_terrain_text("en") not in german
    assert any("das Tile-Bild 'tmw_desert_spacing.png'" in m for m in german)
    english = model.warning_messages("en")
    assert no_terrain_text("en") in english
    assert any("tile image 'tmw_desert_spacing.png'" in m for m in english)
    assert len(german) == len(english) == len(model.warnings)


def test_a_uvtt_picture_warning_comes_in_both_languages(tmp_path: Path) -> None:
    model = load_preview(webp_uvtt(tmp_path))
    [first, *_] = model.warnings
    assert isinstance(first, LoaderWarning) and first.key == "image"
    assert model.warning_messages("de")[0].startswith("das WebP-Bild ist nicht verwendbar")
    assert model.warning_messages("en")[0].startswith("the WebP picture cannot be used")
    reason = first.message.split("(", 1)[1].split(")", 1)[0]
    assert model.warning_messages("de")[0] == picture_warning_text("WebP", reason, "de")


def test_an_object_outside_the_map_is_warned_of_in_both_languages(tmp_path: Path) -> None:
    model = load_preview(tiled_outside(tmp_path))
    assert any("liegt außerhalb der 6x5-Karte" in m for m in model.warning_messages("de"))
    assert any("lies outside the 6x5 map" in m for m in model.warning_messages("en"))


def test_i12_playability_warnings_speak_the_window_language(tmp_path: Path) -> None:
    model = load_preview(desert_without_its_picture(tmp_path))
    own = len(model.loaded.warnings)
    playability = model.warnings[own:]
    assert playability
    assert model.warning_messages("en")[own:] == [w.message for w in playability]
    german = model.warning_messages("de")[own:]
    assert all(text != w.message for text, w in zip(german, playability, strict=True))


@pytest.fixture()
def app_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    opened: list[App] = []

    def make(language: str) -> App:
        monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
        app = open_app(
            home=tmp_path / "home",
            settings=Settings(language=language),
            size=(1280, 800),
            headless=True,
        )
        opened.append(app)
        return app

    yield make
    pygame.display.quit()


@pytest.mark.parametrize(
    ("language", "shown", "not_shown"),
    [
        ("de", "die Karte sagt nichts über Gelände", "the map says nothing about terrain"),
        ("en", "the map says nothing about terrain", "die Karte sagt nichts über Gelände"),
    ],
)
def test_the_preview_scene_draws_the_warnings_in_its_language(
    app_in: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    shown: str,
    not_shown: str,
) -> None:
    drawn: list[str] = []
    real = preview.draw_text

    def recording(surface: pygame.Surface, fonts: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.append(text)
        return real(surface, fonts, text, *a, **k)

    monkeypatch.setattr(preview, "draw_text", recording)
    app = app_in(language)
    scene = PreviewScene(app, desert_without_its_picture(tmp_path))
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None
    text = " ".join(drawn)
    assert shown.split()[0] in text
    assert " ".join(shown.split()[:3]) in text
    assert " ".join(not_shown.split()[:3]) not in text


def test_check_on_the_cli_stays_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = desert_without_its_picture(tmp_path)
    main(["check", "--language", "en", str(path)])
    out = capsys.readouterr()
    printed = out.out + out.err
    assert "the map says nothing about terrain" in printed
    assert "die Karte sagt nichts" not in printed
