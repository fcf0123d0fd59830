"""The overlay drawing helpers: batched field shading, fog, rings, badges (no rules here)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.ui import overlays
from game.ui.camera import Camera
from game.ui.field_shading import FieldShading, cells_mask, mask_runs
from game.ui.overlays import NumberLayer, draw_fog
from game.ui.theme import Fonts


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.display.init()
    pygame.font.init()


def _camera(cell_px_zoom: float = 1.0, size: tuple[int, int] = (400, 300)) -> Camera:
    camera = Camera(zoom=cell_px_zoom)
    camera.set_viewport(0, 0, *size)
    return camera


def _covered(
    surface: pygame.Surface, camera: Camera, shape: tuple[int, int]
) -> set[tuple[int, int]]:
    """Return the fields whose centre pixel is not the background any more."""
    height, width = shape
    hit = set()
    for y in range(height):
        for x in range(width):
            cx, cy = camera.cell_centre((x, y))
            inside = 0 <= cx < surface.get_width() and 0 <= cy < surface.get_height()
            if inside and surface.get_at((cx, cy))[:3] != (0, 0, 0):
                hit.add((x, y))
    return hit


def test_mask_runs_cover_exactly_the_mask() -> None:
    rng = np.random.default_rng(7)
    mask = rng.random((9, 13)) < 0.4
    ys, x0s, x1s = mask_runs(mask)
    rebuilt = np.zeros_like(mask)
    for y, a, b in zip(ys, x0s, x1s, strict=True):
        assert b > a
        rebuilt[y, a:b] = True
    assert (rebuilt == mask).all()
    assert len(ys) <= mask.sum()  # runs merge neighbours


def test_field_shading_draws_exactly_the_given_fields() -> None:
    camera = _camera()
    shape = (6, 8)
    cells = {(0, 0), (1, 0), (2, 0), (5, 3), (7, 5)}
    shading = FieldShading([(cells, (255, 0, 0, 255), "fill")], shape)
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    shading.draw(surface, camera)
    assert _covered(surface, camera, shape) == cells
    assert len(shading.runs[0]) == 3  # (0..2, 0) is one strip


def test_field_shading_follows_the_camera_and_clips_to_the_view() -> None:
    camera = _camera(size=(120, 120))  # 3 x 3 fields of 40 px
    mask = np.ones((10, 10), dtype=bool)
    shading = FieldShading([(mask, (0, 255, 0, 255), "fill")], mask.shape)
    surface = pygame.Surface((120, 120))
    surface.fill((0, 0, 0))
    shading.draw(surface, camera)
    # one strip per row in view, clipped to the fields in view (the camera adds a margin of 1)
    assert len(shading._blits) == 4
    # pieces may run past the view (cut with a margin; the viewport clip hides it), but
    # only pieces on the fields in view are blitted
    assert all(
        0 <= y < 4 * camera.cell_px and x < 4 * camera.cell_px for _, (x, y) in shading._blits
    )
    camera.pan(80, 80)
    surface.fill((0, 0, 0))
    shading.draw(surface, camera)
    assert surface.get_at((5, 5))[:3] == (0, 255, 0)
    # every piece blitted reaches into the view (pieces wholly off it are dropped)
    assert all(x + image.get_width() > 0 and y > -40 for image, (x, y) in shading._blits)


def test_alpha_blends_over_the_map() -> None:
    camera = _camera()
    shading = FieldShading([({(1, 1)}, (0, 0, 255, 128), "fill")], (4, 4))
    surface = pygame.Surface((400, 300))
    surface.fill((200, 200, 200))
    shading.draw(surface, camera)
    r, _g, b, _ = surface.get_at(camera.cell_centre((1, 1)))
    assert 90 < r < 110 and b > 220


def test_fog_dims_the_fields_the_side_does_not_see() -> None:
    class View:
        visible = np.array([[True, False], [False, True]])

    camera = _camera()
    surface = pygame.Surface((400, 300))
    surface.fill((200, 200, 200))
    draw_fog(surface, camera, View())
    seen = surface.get_at(camera.cell_centre((0, 0)))
    dimmed = surface.get_at(camera.cell_centre((1, 0)))
    assert seen[:3] == (200, 200, 200)
    assert dimmed[0] < 120
    draw_fog(surface, camera, object())  # no mask: nothing to draw


def test_styles_edge_dots_hatch_draw_something() -> None:
    camera = _camera()
    for style in ("edge", "dots", "hatch"):
        surface = pygame.Surface((400, 300))
        surface.fill((0, 0, 0))
        FieldShading([({(2, 2)}, (255, 255, 255, 255), style)], (5, 5)).draw(surface, camera)
        x, y = camera.cell_to_screen((2, 2))
        area = surface.subsurface((x, y, camera.cell_px, camera.cell_px))
        assert pygame.transform.average_color(area)[0] > 5


def test_number_layer_and_text_helpers() -> None:
    fonts = Fonts()
    camera = _camera(1.0)
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    NumberLayer({(1, 1): 3, (2, 1): 12}).draw(surface, camera, fonts)
    x, y = camera.cell_to_screen((1, 1))
    # the digit's own pixels, not their average: a thin font inks less of the corner
    corner = surface.subsurface((x, y, 20, 20))
    assert pygame.mask.from_threshold(corner, (255, 255, 255), (195, 195, 195, 255)).count() >= 10
    label = overlays.label_surface(fonts, ["Kernschuss", "Nachteil ×1"])
    assert label.get_width() > 20 and label.get_height() > 20
    rect = overlays.blit_near(surface, label, (395, 295))
    assert surface.get_rect().contains(rect)
    overlays.cell_text(surface, camera, fonts, (3, 3), "1-4", plate=(0, 0, 0, 150))


def test_ring_rect_is_the_chebyshev_square() -> None:
    """D-1: the fields within n of a field form a (2n+1) x (2n+1) square."""
    camera = _camera()
    rect = overlays.ring_rect(camera, (5, 5), 2)
    assert rect.width == rect.height == 5 * camera.cell_px
    assert camera.screen_to_cell(rect.topleft) == (3, 3)


def test_badges_and_arrows_draw() -> None:
    surface = pygame.Surface((100, 100))
    for cover in ("NONE", "PARTIAL", "FULL", "NOSIGHT"):
        surface.fill((0, 0, 0))
        overlays.draw_cover_badge(surface, (50, 50), 10, cover, override=True)
        assert surface.get_at((50, 50))[:3] != (0, 0, 0) or cover in ("NONE", "NOSIGHT")
    overlays.draw_arrow(surface, (10, 10), (90, 90), (255, 255, 255))
    assert surface.get_at((50, 50))[:3] == (255, 255, 255)


def test_cells_mask_drops_fields_off_the_map() -> None:
    mask = cells_mask([(0, 0), (-1, 2), (3, 1), (9, 9)], (2, 4))
    assert mask.sum() == 2 and mask[0, 0] and mask[1, 3]


@pytest.mark.rule("E-RANGE-MITTEL")
def test_a_ring_seen_by_one_edge_only_gets_its_label_there() -> None:
    """E-RANGE-MITTEL, D-1: a band whose ring shows only its right edge (the Mittel band of a
    shooter far left of the view) still gets its label, on that edge and inside the view."""
    camera = _camera()
    surface = pygame.Surface((400, 300))
    label = pygame.Surface((90, 18))
    label.fill((250, 250, 250))
    ring = overlays.ring_rect(camera, (-12, 3), 12)
    assert ring.right == 40 and ring.top < 0 and ring.bottom > 300 and ring.left < 0
    placed = overlays.draw_ring(surface, camera, (-12, 3), 12, (200, 0, 0), label)
    assert placed is not None and surface.get_rect().contains(placed)
    assert placed.left <= ring.right <= placed.right + 3
    assert surface.get_at(placed.center)[:3] == (250, 250, 250)


def test_a_ring_label_keeps_off_tokens_and_earlier_labels() -> None:
    """The label moves along the ring's edge off the rectangles to avoid, if there is room."""
    camera = _camera()
    surface = pygame.Surface((400, 300))
    label = pygame.Surface((90, 18))
    ring = overlays.ring_rect(camera, (4, 3), 2)
    centre = overlays.draw_ring(surface, camera, (4, 3), 2, (200, 0, 0), label)
    assert centre is not None and centre.top < ring.top < centre.bottom  # on the top edge
    token = pygame.Rect(centre.x - 10, centre.y - 10, 60, 40)
    moved = overlays.draw_ring(surface, camera, (4, 3), 2, (200, 0, 0), label, avoid=[token])
    assert moved is not None and not moved.colliderect(token)
    assert moved.top < ring.top < moved.bottom or moved.left == ring.left + 3
    assert surface.get_rect().contains(moved)
