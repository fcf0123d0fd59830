"""A token's cover mark leaves both initials readable (issue 12, point 11).

The mark used to sit inside the token's top-right corner and hid the second initial at
small zooms ("PD" read "P"). It now sits on the corner (``tokens.cover_badge_centre``).
The tests compare rendered pixels: every pixel of the initials' ink is the same with
and without the marks drawn over the token.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.match.views import Meter
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.views import SIGHT
from game.ui import overlays
from game.ui.theme import Fonts
from game.ui.tokens import TokenRenderer, TokenView, _pad, cover_badge_centre
from tests.shots import save_shot
from tests.ui.test_tools import Table, home

__all__ = ["home"]

ZOOMS = (18, 20, 24, 28, 32, 40, 60, 80, 120, 160)


def _ink(surface: pygame.Surface, rect: pygame.Rect) -> dict[tuple[int, int], pygame.Color]:
    """Return the light pixels (the white initials) on the token's base inside ``rect``."""
    cx, cy = rect.center
    reach = (rect.width * 0.42 * 0.8) ** 2  # inside the base, off the map's floor
    rect = rect.clip(surface.get_rect())
    return {
        (x, y): surface.get_at((x, y))
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if (x - cx) ** 2 + (y - cy) ** 2 <= reach and min(tuple(surface.get_at((x, y)))[:3]) >= 150
    }


def _covered(before: dict[tuple[int, int], pygame.Color], surface: pygame.Surface) -> int:
    return sum(surface.get_at(p) != colour for p, colour in before.items())


def _left_and_right(ink: dict[tuple[int, int], pygame.Color], centre_x: int) -> tuple[int, int]:
    return sum(x < centre_x for x, _ in ink), sum(x > centre_x for x, _ in ink)


@pytest.mark.rule("D-9")
@pytest.mark.parametrize("cell_px", ZOOMS)
def test_the_cover_mark_leaves_both_initials_visible(cell_px: int) -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    renderer = TokenRenderer(Fonts())
    token = TokenView(
        "p3",
        "Pirat Drei",
        "PD",
        (200, 50, 50),
        (0, 0),
        1,
        "S",
        Meter(12, 12),
        (),
        "standing",
        0,
        "ok",
    )
    pad = _pad(cell_px)
    surface = pygame.Surface((cell_px + 2 * pad + 40, cell_px + 2 * pad + 40))
    surface.fill((0, 0, 0))
    surface.blit(renderer.sprite(token, cell_px), (20, 20))
    x = y = 20 + pad
    ink = _ink(surface, pygame.Rect(x, y, cell_px, cell_px))
    left, right = _left_and_right(ink, x + cell_px // 2)
    assert left > 3 and right > 3  # both letters are drawn
    radius = max(5, cell_px // 6)
    for cover in ("NONE", "PARTIAL", "FULL", "NOSIGHT"):
        overlays.draw_cover_badge(surface, cover_badge_centre(x, y, cell_px, radius), radius, cover)
        assert _covered(ink, surface) == 0, cover


@pytest.mark.rule("D-9")
@pytest.mark.parametrize("attack_tool", [False, True])
def test_on_the_map_the_marks_leave_the_pirates_initials(home: Path, attack_tool: bool) -> None:
    table = Table(home, "pistolero")
    scene = table.scene
    scene.camera.set_zoom(0.5)  # 20 px fields: where the old mark hid the "D"
    scene.camera.centre_on(10, 6)
    scene.show_overlay(SIGHT, False)
    table.hover((0, 11))
    rect = scene.tokens.drawn["p3"]
    ink = _ink(table.app.screen, rect)
    plain = (
        table.app.screen.subsurface(pygame.Rect(rect.right - 4, rect.top - 4, 8, 8))
        .copy()
        .get_view("2")
        .raw
    )
    left, right = _left_and_right(ink, rect.centerx)
    assert left > 3 and right > 3
    if attack_tool:
        scene.start_action(Action.RANGED_ATTACK)
    else:
        scene.show_overlay(SIGHT, True)
    table.app.step()
    assert _covered(ink, table.app.screen) == 0
    # the mark is there: pixels round the token's top-right corner changed
    corner = pygame.Rect(rect.right - 4, rect.top - 4, 8, 8)
    assert plain != table.app.screen.subsurface(corner).copy().get_view("2").raw
    name = "attack" if attack_tool else "sight"
    save_shot(table.app.screen, f"i12_u4_badge_{name}.png")


@pytest.mark.rule("D-6")
@pytest.mark.parametrize("zoom", [0.7, 1.0, 2.0])
def test_area_fire_numbers_stand_off_the_initials(home: Path, zoom: float) -> None:
    """A chosen field with a token carries its number bottom right, off the initials."""
    table = Table(home, "schuetze")
    scene = table.scene
    scene.camera.set_zoom(zoom)
    scene.camera.centre_on(12, 8)
    scene.show_overlay(SIGHT, False)
    table.hover((0, 11))
    rect = scene.tokens.drawn["p2"]
    ink = _ink(table.app.screen, rect)
    assert len(ink) > 10
    corner = pygame.Rect(rect.right - rect.width // 3, rect.bottom - rect.height // 3, 0, 0)
    corner.size = (rect.width // 3, rect.height // 3)
    plain = table.app.screen.subsurface(corner).copy()
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    letters = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    between = table.app.screen.subsurface(letters).copy()  # the initials and their gap
    scene.start_action(Action.AUTO_FIRE)
    table.app.step()
    table.click((12, 8))  # the field under Pirat Zwei, numbered 1
    table.hover((0, 11))
    save_shot(table.app.screen, f"i12_u4_area_number_{zoom}.png")
    assert _covered(ink, table.app.screen) == 0
    now = table.app.screen.subsurface(letters)
    assert all(
        now.get_at((x, y)) == between.get_at((x, y))
        for x in range(letters.width)
        for y in range(letters.height)
    )
    shown = table.app.screen.subsurface(corner)
    changed = sum(
        shown.get_at((x, y)) != plain.get_at((x, y))
        for x in range(corner.width)
        for y in range(corner.height)
    )
    assert changed > 5  # the number is in the corner
