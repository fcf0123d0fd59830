"""The set-up screen (issue 13 point 1): place creatures on an imported map, edit, save.

Driven with posted events, as a player would: drag a catalogue row onto a field, click a
row and then a field, type into the value fields, press "Speichern als Mission". The
saved file is read back with the normal loader.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import load_any
from game.ui.app import App
from game.ui.scenes.navigate import open_app
from game.ui.scenes.setup import SetupScene
from game.ui.settings import Settings
from game.ui.widgets import Button

DATA = Path(__file__).parents[1] / "missions" / "data"


def make_app(tmp_path: Path, language: str) -> App:
    return open_app(
        home=tmp_path / "home",
        settings=Settings(language=language),
        size=(1280, 800),
        headless=True,
    )


@pytest.fixture(params=["de", "en"])
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = make_app(tmp_path, request.param)
    yield application
    pygame.display.quit()


def tavern(tmp_path: Path) -> Path:
    """Return a copy of the Universal VTT tavern (no creatures, a wall at 2,1)."""
    target = tmp_path / "maps" / "tavern.dd2vtt"
    target.parent.mkdir()
    shutil.copy(DATA / "tavern.dd2vtt", target)
    return target


def open_setup(app: App, path: Path) -> SetupScene:
    scene = SetupScene(app, path)
    app.push(scene)
    app.step()
    assert scene.model is not None and scene.panel is not None, scene.errors
    return scene


def post(kind: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **values))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - start[0], end[1] - start[1]), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step()


def type_row(scene: SetupScene, creature_type: str) -> Button:
    assert scene.panel is not None
    for _ in range(50):  # scroll the catalogue until the row shows
        for row in scene.panel.type_rows:
            if row.data["type"] == creature_type:
                return row
        scene.scroll += 1
        scene.build()
    raise AssertionError(f"no catalogue row {creature_type}")


def panel_button(scene: SetupScene, name: str, value: str) -> Button:
    assert scene.panel is not None
    return next(b for b in scene.panel.buttons if b.data.get(name) == value)


def field_at(scene: SetupScene, cell: tuple[int, int]) -> tuple[int, int]:
    return scene.camera.cell_centre(cell)


def type_into(app: App, scene: SetupScene, key: str, text: str) -> None:
    """Click the chosen creature's ``key`` field, replace its text, press Enter."""
    assert scene.panel is not None
    box = scene.panel.value_inputs[key]
    click(app, box.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a", scancode=0)
    post(pygame.TEXTINPUT, text=text)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step()


def save_as(app: App, scene: SetupScene, name: str) -> None:
    scene.file_name.set_text(name)
    click(app, panel_button(scene, "action", "save").rect.center)


def test_two_creatures_of_two_sides_are_placed_edited_saved_and_load(
    app: App, tmp_path: Path
) -> None:
    """Drag one type, click-then-field another, edit a name and LP; the mission loads."""
    path = tavern(tmp_path)
    scene = open_setup(app, path)
    assert scene.model is not None
    drag(app, type_row(scene, "lara").rect.center, field_at(scene, (0, 0)))
    assert [(c.type, c.cell, c.side) for c in scene.model.creatures] == [("lara", (0, 0), "side1")]
    click(app, panel_button(scene, "side", "side2").rect.center)  # the enemies' side
    click(app, type_row(scene, "dretop_pirat").rect.center)  # choose the type ...
    click(app, field_at(scene, (6, 5)))  # ... then the field
    assert scene.model.creatures[-1].side == "side2" and scene.selected == "dretop_pirat-1"
    type_into(app, scene, "name", "Käpt'n Bo")
    type_into(app, scene, "lp", "7")
    assert not scene.notice_bad, scene.notice
    save_as(app, scene, "tavern-fight")
    assert not scene.notice_bad, scene.notice
    saved = path.parent / "tavern-fight.toml"
    loaded = load_any(saved)
    mission = loaded.mission
    assert [s.key for s in mission.sides] == ["side1", "side2"]
    creatures = {c.key: c for c in mission.creatures}
    assert creatures["lara-1"].cell == (0, 0) and creatures["lara-1"].side == "side1"
    pirate = creatures["dretop_pirat-1"]
    assert (pirate.name, pirate.life_points, pirate.side, pirate.cell) == (
        "Käpt'n Bo",
        7,
        "side2",
        (6, 5),
    )
    assert mission.edges == load_any(path).mission.edges  # the map's edge walls kept (D-13)
    assert panel_button(scene, "action", "begin").enabled


def test_lp_zero_and_a_too_long_name_are_refused_with_the_reason(app: App, tmp_path: Path) -> None:
    """The catalogue's bounds: LP 1..9999, a name of at most 100 characters."""
    scene = open_setup(app, tavern(tmp_path))
    assert scene.model is not None
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (0, 0)))
    type_into(app, scene, "lp", "0")
    assert scene.notice_bad and "9999" in scene.notice
    placed = scene.model.creatures[0]
    assert "lp" not in placed.values  # the type's LP stay
    type_into(app, scene, "name", "x" * 101)
    assert scene.notice_bad and "100" in scene.notice
    assert scene.model.name_of(placed) != "x" * 101
    type_into(app, scene, "equipment", "no_such_thing")
    assert scene.notice_bad and "no_such_thing" in scene.notice


def test_an_occupied_or_impassable_field_is_refused_with_the_reason(
    app: App, tmp_path: Path
) -> None:
    scene = open_setup(app, tavern(tmp_path))
    assert scene.model is not None
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (0, 0)))
    click(app, panel_button(scene, "side", "side2").rect.center)
    drag(app, type_row(scene, "dretop_pirat").rect.center, field_at(scene, (0, 0)))
    assert scene.notice_bad and "0, 0" in scene.notice
    word = "steht schon" if app.t.language == "de" else "already stands"
    assert word in scene.notice
    click(app, field_at(scene, (2, 1)))  # a wall of the tavern (still the chosen type)
    wall = "Wand" if app.t.language == "de" else "wall"
    assert scene.notice_bad and wall in scene.notice
    assert len(scene.model.creatures) == 1


def test_right_click_and_delete_remove_a_creature(app: App, tmp_path: Path) -> None:
    scene = open_setup(app, tavern(tmp_path))
    assert scene.model is not None
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (0, 0)))
    click(app, field_at(scene, (3, 3)))
    assert len(scene.model.creatures) == 2
    click(app, field_at(scene, (0, 0)), button=3)
    assert [c.cell for c in scene.model.creatures] == [(3, 3)]
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)  # stop placing
    app.step()
    click(app, field_at(scene, (3, 3)))  # choose it
    post(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode="", scancode=0)
    app.step()
    assert scene.model.creatures == []


def test_a_creature_is_dragged_to_another_field(app: App, tmp_path: Path) -> None:
    scene = open_setup(app, tavern(tmp_path))
    assert scene.model is not None
    click(app, type_row(scene, "lara").rect.center)
    click(app, field_at(scene, (0, 0)))
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step()
    drag(app, field_at(scene, (0, 0)), field_at(scene, (4, 4)))
    assert scene.model.creatures[0].cell == (4, 4)


def test_saving_without_creatures_is_refused(app: App, tmp_path: Path) -> None:
    path = tavern(tmp_path)
    scene = open_setup(app, path)
    save_as(app, scene, "empty")
    assert scene.notice_bad and not (path.parent / "empty.toml").exists()
    assert not panel_button(scene, "action", "begin").enabled
