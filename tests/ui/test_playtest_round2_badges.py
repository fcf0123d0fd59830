"""Issue 12 playtest round 2 (p12 findings), task H12h point 4: cover marks in their field.

Crop 20a: the Terraner's cover mark (top right of his token) was drawn over the ring of
Elro-Sa standing next to him. From the demo's fit zoom (24 px) on, the mark stays inside
its own field, smaller at low zoom, and still leaves the initials free (D-9).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.match.views import Meter
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.views import SIGHT
from game.ui import overlays
from game.ui.camera import Camera
from game.ui.overlays_standing import BADGE_INSIDE_PX, badge_place
from game.ui.theme import Fonts
from game.ui.tokens import TokenRenderer, TokenView, _pad
from tests.ui.test_token_badges import _covered, _ink
from tests.ui.test_tools import Table, home

__all__ = ["home"]

ZOOMS = (24, 28, 32, 40, 60, 80, 120, 160)


@pytest.mark.rule("D-9")
@pytest.mark.parametrize("px", ZOOMS)
def test_d_9_the_cover_mark_fits_its_field_and_leaves_the_initials(px: int) -> None:
    assert px >= BADGE_INSIDE_PX
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    token = TokenView(
        "p3", "Pirat Drei", "PD", (200, 50, 50), (0, 0), 1, "S", Meter(12, 12), (),
        "standing", 0, "ok",
    )  # fmt: skip
    pad = _pad(px)
    surface = pygame.Surface((px + 2 * pad + 40, px + 2 * pad + 40))
    surface.fill((0, 0, 0))
    surface.blit(TokenRenderer(Fonts()).sprite(token, px), (20, 20))
    x = y = 20 + pad
    field = pygame.Rect(x, y, px, px)
    ink = _ink(surface, field)
    assert len(ink) > 10
    centre, radius = badge_place(x, y, px, px)
    for cover in ("NONE", "PARTIAL", "FULL", "NOSIGHT"):
        before = surface.copy()
        overlays.draw_cover_badge(surface, centre, radius, cover)
        assert _covered(ink, surface) == 0, cover
        diff = np.any(pygame.surfarray.array3d(surface) != pygame.surfarray.array3d(before), axis=2)
        xs, ys = np.nonzero(diff)
        assert len(xs) > 0
        assert field.collidepoint(int(xs.min()), int(ys.min()))  # every changed pixel is
        assert field.collidepoint(int(xs.max()), int(ys.max()))  # inside the own field


@pytest.mark.rule("D-9")
@pytest.mark.parametrize("px", (24, 32, 48, 80))
@pytest.mark.parametrize("attack_tool", [False, True])
def test_d_9_a_cover_mark_leaves_the_neighbours_fields_alone(
    home: Path, monkeypatch: pytest.MonkeyPatch, px: int, attack_tool: bool
) -> None:
    """Allies above and diagonally above right of Pirat Zwei: their fields stay as drawn."""
    table = Table(home, "schuetze")
    scene = table.scene
    creatures = scene.session.battle.state.creatures
    assert creatures["p2"].cell == (12, 8)
    creatures["werfer"].cell = (13, 7)
    creatures["pistolero"].cell = (12, 7)
    scene.selected = "schuetze"
    scene.camera.set_zoom(px / Camera().cell_px)
    scene.camera.centre_on(12, 8)
    scene.show_overlay(SIGHT, False)
    table.hover((0, 11))
    camera = scene.camera

    def fields() -> list[bytes]:
        out = []
        for cell in ((13, 7), (12, 7), (13, 8)):
            x, y = camera.cell_to_screen(cell)
            rect = pygame.Rect(x, y, camera.cell_px, camera.cell_px)
            out.append(bytes(table.app.screen.subsurface(rect).copy().get_view("2").raw))
        return out

    x, y = camera.cell_to_screen((12, 8))
    own = pygame.Rect(x, y, camera.cell_px, camera.cell_px)
    mark = own.inflate(-4, -4).move(camera.cell_px // 2, -camera.cell_px // 2).clip(own)
    real = overlays.draw_cover_badge
    if attack_tool:  # the same frame without the marks: the tool's reticles stay
        monkeypatch.setattr(overlays, "draw_cover_badge", lambda *a, **k: None)
        scene.start_action(Action.RANGED_ATTACK)
        table.app.step()
    plain, plain_mark = fields(), table.app.screen.subsurface(mark).copy()
    monkeypatch.setattr(overlays, "draw_cover_badge", real)
    scene.show_overlay(SIGHT, not attack_tool)
    table.app.step()
    assert scene.pieces()["p2"].life == "ok"
    shown = table.app.screen.subsurface(mark).copy()
    assert bytes(shown.get_view("2").raw) != bytes(plain_mark.get_view("2").raw)  # marked
    assert fields() == plain  # the neighbours' fields (and their rings) unchanged
