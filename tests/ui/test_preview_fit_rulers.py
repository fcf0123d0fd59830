"""Issue 12 point 6: the preview's first view and F (fit) keep column 0 and row 0 clear of
the coordinate rulers (camera maths and rendered pixels)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import bundled_maps_dir, demo_mission_path
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.camera_control import fit_beside_rulers
from game.ui.scenes.preview import PreviewScene
from tests.shots import save_shot

WINDOWS = [(1280, 800), (1000, 900), (1600, 600)]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def _cell_rect(camera: Camera, cell: tuple[int, int]) -> pygame.Rect:
    return pygame.Rect(camera.cell_to_screen(cell), (camera.cell_px, camera.cell_px))


def test_i12_fit_with_an_inset_keeps_the_map_out_of_it() -> None:
    camera = Camera()
    camera.set_viewport(0, 0, 800, 600)
    camera.fit(40, 24)
    plain_zoom = camera.zoom
    assert camera.cell_to_screen((0, 0))[0] < 30  # without an inset column 0 is near the edge
    camera.fit(40, 24, inset=(30, 40))
    x, y = camera.cell_to_screen((0, 0))
    assert x >= 30 and y >= 40
    right, bottom = camera.cell_to_screen((40, 24))
    assert right <= 800 and bottom <= 600
    assert camera.zoom <= plain_zoom
    # centred in the free part: equal room left and right of the map within it
    assert abs((x - 30) - (800 - right)) <= 2 and abs((y - 40) - (600 - bottom)) <= 2


def test_i12_fit_beside_rulers_refits_when_the_rulers_grow_with_the_zoom() -> None:
    camera = Camera()
    camera.set_viewport(0, 0, 900, 700)

    def strips(cam: Camera) -> tuple[pygame.Rect, pygame.Rect]:
        thick = 20 if cam.cell_px < 30 else 34  # a bigger font from 30 px fields on
        return pygame.Rect(0, 0, 900, thick), pygame.Rect(0, 0, thick + 10, 700)

    fit_beside_rulers(camera, 12, 10, strips)
    top, left = strips(camera)
    assert camera.cell_to_screen((0, 0))[0] >= left.right
    assert camera.cell_to_screen((0, 0))[1] >= top.bottom


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("mission", ["demo", "musa-lager"])
def test_i12_preview_shows_column_0_and_row_0_whole_at_start_and_after_f(
    home: Path, size: tuple[int, int], mission: str
) -> None:
    path = demo_mission_path() if mission == "demo" else bundled_maps_dir() / f"{mission}.toml"
    app = App(home=home, size=size, headless=True)
    scene = PreviewScene(app, path)
    app.push(scene)
    pygame.event.clear()
    app.step()
    assert scene.model is not None and scene.map is not None
    for moment in ("start", "after F"):
        if moment == "after F":
            scene.camera.set_zoom(3.0)  # somewhere else first, then F
            scene.camera.pan(-300, -200)
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
            )
            app.step()
        cam = scene.camera
        top, left = scene.map.coordinate_strips(cam)
        grid = scene.model.grid
        for cell in [(0, 0), (0, grid.height - 1), (grid.width - 1, 0)]:
            rect = _cell_rect(cam, cell)
            assert not rect.colliderect(top) and not rect.colliderect(left), (moment, cell)
        far = _cell_rect(cam, (grid.width - 1, grid.height - 1))
        assert pygame.Rect(0, 0, cam.viewport_w, cam.viewport_h).contains(far), moment
        _assert_rulers_cover_no_map_pixel(app, scene, moment, size, mission)


def _assert_rulers_cover_no_map_pixel(
    app: App, scene: PreviewScene, moment: str, size: tuple[int, int], mission: str
) -> None:
    """Column 0 and row 0 look the same with and without the rulers drawn."""
    assert scene.map is not None and scene.model is not None
    grid = scene.model.grid
    with_rulers = pygame.Surface(app.screen.get_size())
    scene.draw(with_rulers)
    draw = scene.map.draw_coordinates
    scene.map.draw_coordinates = lambda surface, camera: None  # type: ignore[method-assign]
    try:
        without = pygame.Surface(app.screen.get_size())
        scene.draw(without)
    finally:
        scene.map.draw_coordinates = draw  # type: ignore[method-assign]
    if moment == "start" and size == WINDOWS[0]:
        save_shot(with_rulers, f"i12_u5_preview_fit_{mission}.png")
    cam = scene.camera
    column = _cell_rect(cam, (0, 0)).union(_cell_rect(cam, (0, grid.height - 1)))
    row = _cell_rect(cam, (0, 0)).union(_cell_rect(cam, (grid.width - 1, 0)))
    for strip in (column, row):
        a = pygame.image.tobytes(with_rulers.subsurface(strip), "RGB")
        b = pygame.image.tobytes(without.subsurface(strip), "RGB")
        assert a == b, f"a ruler covers part of the map's edge ({moment}, {size})"
