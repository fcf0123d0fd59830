"""The set-up screen on a Tiled map: sides added, renamed, coloured; a token picture (issue 13).

Driven with posted events; the saved mission is read back with the normal loader.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import load_any
from game.missions.model import Controller
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.setup_model import SIDE_HEX
from tests.ui.test_setup_screen import (
    click,
    field_at,
    make_app,
    open_setup,
    panel_button,
    post,
    save_as,
    type_into,
    type_row,
)

DATA = Path(__file__).parents[1] / "missions" / "data"


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def desert(tmp_path: Path) -> Path:
    """Return a copy of Tiled's desert example (40x40, no creature objects)."""
    folder = tmp_path / "tiled"
    shutil.copytree(DATA / "tiled", folder)
    return folder / "desert.tmx"


def side_name_box(scene: SetupScene, index: int) -> pygame.Rect:
    assert scene.panel is not None
    return scene.panel.inputs[index].rect


def test_a_third_side_is_added_renamed_recoloured_and_saved_on_a_tiled_map(
    app: App, tmp_path: Path
) -> None:
    path = desert(tmp_path)
    scene = open_setup(app, path)
    assert scene.model is not None and scene.panel is not None
    add = next(b for b in scene.panel.buttons if b.label == app.t("setup.add_side"))
    click(app, add.rect.center)
    assert [s.key for s in scene.model.sides] == ["side1", "side2", "side3"]
    assert scene.model.side == "side3"  # the new side is the one new creatures join
    click(app, side_name_box(scene, 2).center)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a", scancode=0)
    post(pygame.TEXTINPUT, text="Wüstenräuber")
    app.step()
    assert scene.model.sides[2].name == "Wüstenräuber"
    colour_before = scene.model.sides[2].colour
    assert colour_before == SIDE_HEX[2]  # the first colour no side has
    row_y = side_name_box(scene, 2).y
    assert scene.panel is not None
    swatch = next(b for b in scene.panel.buttons if b.data.get("swatch") and b.rect.y == row_y)
    click(app, swatch.rect.center)
    assert scene.model.sides[2].colour == SIDE_HEX[3]
    click(app, type_row(scene, "dretop_pirat").rect.center)
    click(app, field_at(scene, (10, 12)))
    click(app, panel_button(scene, "side", "side1").rect.center)
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (3, 4)))
    save_as(app, scene, "desert-raid")
    assert not scene.notice_bad, scene.notice
    mission = load_any(path.parent / "desert-raid.toml").mission
    sides = {s.key: s for s in mission.sides}
    assert sides["side3"].name == "Wüstenräuber" and sides["side3"].colour == SIDE_HEX[3]
    assert (
        sides["side3"].controller is Controller.GM
        and sides["side1"].controller is Controller.PLAYER
    )
    placed = {c.cell: c.side for c in mission.creatures}
    assert placed == {(10, 12): "side3", (3, 4): "side1"}
    assert mission.background is not None and (path.parent / mission.background.path).is_file()


def test_an_empty_side_name_is_refused_with_the_reason(app: App, tmp_path: Path) -> None:
    scene = open_setup(app, desert(tmp_path))
    assert scene.model is not None
    click(app, side_name_box(scene, 0).center)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
    app.step()
    assert scene.notice_bad and "200" in scene.notice
    assert scene.model.sides[0].name  # the side keeps its name


def test_a_token_picture_in_the_maps_folder_is_taken_a_missing_one_refused(
    app: App, tmp_path: Path
) -> None:
    path = desert(tmp_path)
    shutil.copy(DATA / "tiled" / "tmw_desert_spacing.png", path.parent / "bo.png")
    scene = open_setup(app, path)
    assert scene.model is not None
    click(app, type_row(scene, "dretop_pirat").rect.center)
    click(app, field_at(scene, (5, 5)))
    type_into(app, scene, "image", "missing.png")
    assert scene.notice_bad and "missing.png" in scene.notice
    type_into(app, scene, "image", "bo.png")
    assert not scene.notice_bad, scene.notice
    click(app, panel_button(scene, "side", "side2").rect.center)
    click(app, field_at(scene, (9, 9)))
    save_as(app, scene, "with-picture")
    assert not scene.notice_bad, scene.notice
    creatures = load_any(path.parent / "with-picture.toml").mission.creatures
    assert {c.cell: c.image for c in creatures} == {(5, 5): "bo.png", (9, 9): ""}


def test_a_second_save_under_the_same_name_replaces_the_first(app: App, tmp_path: Path) -> None:
    """The screen's own file is saved again; a file it did not write is never replaced."""
    path = desert(tmp_path)
    (path.parent / "taken.toml").write_text("# someone else's", encoding="utf-8")
    scene = open_setup(app, path)
    assert scene.model is not None
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (1, 1)))
    save_as(app, scene, "taken")
    assert scene.notice_bad
    assert (path.parent / "taken.toml").read_text(encoding="utf-8") == "# someone else's"
    save_as(app, scene, "mine")
    click(app, field_at(scene, (2, 2)))
    save_as(app, scene, "mine")
    assert not scene.notice_bad, scene.notice
    assert len(load_any(path.parent / "mine.toml").mission.creatures) == 2
