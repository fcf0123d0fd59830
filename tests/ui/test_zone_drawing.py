"""Zones a ruleset lays over the map (D-14) on screen: borders, names, shading, caches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.match.views import ZoneLayout
from game.missions.loader import demo_mission_path
from game.rulesets.entaria.views import EntariaViews
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.play import start_battle
from game.ui.scenes.preview import PreviewScene
from game.ui.theme import Fonts
from game.ui.zone_layer import BORDER, CURRENT, ZoneLayer, border_masks, name_fields


def lattice(height: int, width: int, size: int = 5) -> np.ndarray:
    """Return zone ids of an N×N lattice over a height×width map (D-14)."""
    ys, xs = np.mgrid[0:height, 0:width]
    across = -(-width // size)
    return ((ys // size) * across + xs // size).astype(np.int32)


def layout_of(ids: np.ndarray, **kwargs: Any) -> ZoneLayout:
    names = tuple(f"Zone {i + 1}" for i in range(int(ids.max()) + 1))
    return ZoneLayout(ids, names, **kwargs)


@pytest.fixture()
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((640, 480))
    yield surface
    pygame.display.quit()


def _camera() -> Camera:
    camera = Camera(zoom=1.0)
    camera.set_viewport(0, 0, 640, 480)
    camera.centre_on(5.0, 5.0)
    return camera


def _rgb(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(pos)
    return (colour.r, colour.g, colour.b)


def test_d14_borders_where_the_zone_changes_between_two_zoned_fields() -> None:
    """D-14: an edge is a border when both fields are in zones and the ids differ."""
    ids = np.array([[0, 0, 1], [0, -1, 1], [2, 2, 1]], dtype=np.int32)
    horizontal, vertical = border_masks(ids)
    assert horizontal.shape == (4, 3) and vertical.shape == (3, 4)
    assert vertical[0, 2]  # 0 | 1 in row 0
    assert not vertical[0, 1]  # 0 | 0
    assert not vertical[1, 1] and not vertical[1, 2]  # next to the wall: no border
    assert horizontal[2, 0]  # 0 above 2
    assert not horizontal[2, 1]  # the wall above 2
    assert not horizontal[0].any() and not horizontal[3].any()  # the map's rim
    assert name_fields(ids) == {0: (0, 0), 1: (2, 0), 2: (0, 2)}


def test_d14_the_border_is_drawn_at_a_zone_edge_and_not_inside(screen: pygame.Surface) -> None:
    """D-14: the border colour lies on the edge between two zones, not inside a zone."""
    ids = lattice(10, 10)
    camera = _camera()
    screen.fill((0, 0, 0))
    ZoneLayer(Fonts()).draw(screen, camera, layout_of(ids))
    x, y = camera.cell_to_screen((5, 7))  # the edge between zones 3 and 4
    assert _rgb(screen, (x, y + camera.cell_px // 2)) == BORDER
    x, y = camera.cell_to_screen((7, 7))  # inside zone 4, an edge between two of its fields
    assert _rgb(screen, (x, y + camera.cell_px // 2)) == (0, 0, 0)
    pygame.image.save(screen, "/tmp/zones_layer.png")


def test_d14_reachable_zones_are_shaded_and_the_current_outlined(screen: pygame.Surface) -> None:
    """D-14: reachable zones get a translucent fill, the creature's zone an outline."""
    ids = lattice(10, 10)
    camera = _camera()
    screen.fill((0, 0, 0))
    layout = layout_of(ids, reachable=frozenset({1}), current=0)
    ZoneLayer(Fonts()).draw(screen, camera, layout)
    x, y = camera.cell_to_screen((7, 2))
    assert _rgb(screen, (x + 3, y + 3)) != (0, 0, 0)  # zone 1 is shaded
    x, y = camera.cell_to_screen((2, 7))
    assert _rgb(screen, (x + 3, y + 3)) == (0, 0, 0)  # zone 2 is not
    x, y = camera.cell_to_screen((0, 2))  # zone 0's outline on the map's rim
    assert _rgb(screen, (x, y + camera.cell_px // 2)) == CURRENT


def test_d14_the_zone_image_is_kept_between_frames_and_rebuilt_on_change(
    screen: pygame.Surface,
) -> None:
    """D-14: the borders and names are built once per layout and zoom."""
    layer = ZoneLayer(Fonts())
    camera = _camera()
    layout = layout_of(lattice(10, 10))
    layer.draw(screen, camera, layout)
    first = layer.image
    camera.pan(20, 10)
    layer.draw(screen, camera, ZoneLayout(layout.ids.copy(), layout.names))  # same bytes
    assert layer.image is first and layer.builds == 1
    layer.draw(screen, camera, layout_of(lattice(10, 10, size=3)))
    assert layer.image is not first and layer.builds == 2
    second = layer.image
    camera.set_zoom(2.0)
    layer.draw(screen, camera, layout_of(lattice(10, 10, size=3)))
    assert layer.image is not second and layer.builds == 3


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def _fake_zones(monkeypatch: pytest.MonkeyPatch) -> None:
    def zone_layout(self: EntariaViews, game: Any) -> ZoneLayout:
        grid = game.grid
        ids = lattice(grid.height, grid.width)
        walls = np.array(
            [[grid.is_wall((x, y)) for x in range(grid.width)] for y in range(grid.height)]
        )
        ids[walls] = -1
        return layout_of(ids, reachable=frozenset({1}), current=0)

    monkeypatch.setattr(EntariaViews, "zone_layout", zone_layout)


def test_d14_the_battle_screen_draws_the_views_zones(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D-14: the battle screen asks the views for zones once per change and draws them."""
    _fake_zones(monkeypatch)
    app = App(home=home, size=(1280, 800), headless=True)
    app.settings.animations = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    image = scene.zones.image
    assert image is not None and len(image.rects) and image.labels
    app.step()
    assert scene.zones.image is image and scene.zones.builds == 1
    pygame.image.save(app.screen, "/tmp/zones_battle.png")


def test_d14_the_preview_draws_the_zones_borders_and_names(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D-14: the mission preview draws the ruleset's zones (borders and names only)."""
    _fake_zones(monkeypatch)
    path = demo_mission_path()
    app = App(home=home, size=(1280, 800), headless=True)
    scene = PreviewScene(app, path)
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None
    zones = scene.model.zones
    assert zones is not None and zones.reachable == frozenset() and zones.current is None
    image = scene.rule_zones.image
    assert image is not None and len(image.rects) and image.labels
    pygame.image.save(app.screen, "/tmp/zones_preview.png")
