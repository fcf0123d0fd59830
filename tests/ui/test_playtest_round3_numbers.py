"""Issue 12 playtest round 3 (task H12i), points 1 and 2: a field's number and the label of
the token standing on it are both readable.

1. Area fire (crops r2-64a, r2-67a): at fit zoom of strassenkampf (fields of about 22 px)
   the order number "1" sat on the "P" of "PK". Where there is no room beside the base the
   number's plate takes the field's lower half and the token draws its label in the upper
   half (D-6).
2. Scatter diagram (crop r2-34a): the same for the range of the field under a token; a range
   on a plate ("12-13") stays inside its field (D-7).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.grid import Cell
from game.rulesets.entaria.queries.scatter import scatter_diagram
from game.ui import overlays
from game.ui.camera import Camera
from game.ui.numbered_fields import NumberedFields
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.theme import Fonts
from game.ui.token_views import TokenView
from game.ui.tokens import TokenRenderer
from tests.shots import save_shot
from tests.ui.test_tools import Table, home

__all__ = ["home"]

CELL_PX = (18, 22, 28, 40)  # the task's zooms: fit of strassenkampf is about 22 px
PIRATE: Cell = (9, 4)  # "p1" of the tools' test mission
CELL: Cell = (5, 5)


def _camera(px: int) -> Camera:
    camera = Camera()
    camera.set_viewport(0, 0, 400, 300)
    camera.set_zoom(px / Camera().cell_px)
    assert camera.cell_px == px
    camera.centre_on(*CELL)
    return camera


def _token(art: str = "") -> TokenView:
    return TokenView(
        "pk", "Punk mit Knüppel", "PK", (200, 120, 40), CELL, 1, "S", None, (), "standing", 0,
        "ok", art=art,
    )  # fmt: skip


def _label_pixels(camera: Camera, token: TokenView, under: int | None) -> set[tuple[int, int]]:
    """Return the screen pixels of the token's label: those that change without its glyphs."""
    renderer = TokenRenderer(Fonts())
    x, y = camera.cell_to_screen(token.cell)
    sprite = renderer.sprite_and_layout(token, camera.cell_px, under)[0]
    blank = TokenRenderer(Fonts())
    blank._glyph = lambda text, px, colour=(0, 0, 0): pygame.Surface((1, 1), pygame.SRCALPHA)  # type: ignore[method-assign]
    bare = blank.sprite_and_layout(token, camera.cell_px, under)[0]
    pad = (sprite.get_width() - camera.cell_px) // 2
    return {
        (x - pad + i, y - pad + j)
        for i in range(sprite.get_width())
        for j in range(sprite.get_height())
        if sprite.get_at((i, j)) != bare.get_at((i, j))
    }


def _number(camera: Camera, text: str) -> tuple[set[tuple[int, int]], int | None]:
    """Return the pixels a number on the token's field draws (plate, shadow, text) and the
    plate's top it marks for the token (None: it found room beside the base)."""
    surface = pygame.Surface((400, 300))
    surface.fill((255, 0, 255))
    camera.numbered.turn()
    overlays.cell_text(
        surface, camera, Fonts(), CELL, text, scale=0.3, corner=overlays.Beside(CELL)
    )
    under = camera.numbered.turn().get(CELL)
    drawn = pygame.mask.from_threshold(surface, (255, 0, 255), (1, 1, 1, 255))
    drawn.invert()
    w, h = drawn.get_size()
    return {(i, j) for i in range(w) for j in range(h) if drawn.get_at((i, j))}, under


# ------------------------------------------------------------ 1 label up, number down
@pytest.mark.rule("D-6")
@pytest.mark.parametrize("px", CELL_PX)
@pytest.mark.parametrize("text", ["1", "8", "15-16"])
def test_d_6_the_number_plate_and_the_label_do_not_overlap(px: int, text: str) -> None:
    pygame.init()
    camera = _camera(px)
    number, under = _number(camera, text)
    x, y = camera.cell_to_screen(CELL)
    field = pygame.Rect(x, y, px, px)
    assert number
    if px > 18 or len(text) < 3:
        assert all(field.collidepoint(p) for p in number)  # in its own field
    else:  # "15-16" is wider than an 18 px field at the smallest font: centred on it
        xs = [p[0] for p in number]
        assert abs((min(xs) + max(xs)) / 2 - field.centerx) <= 1.5
        assert all(field.top <= p[1] < field.bottom for p in number)
    if px <= 28:  # fit zoom: no room beside the base
        assert under is not None and under > px // 2  # the plate: the field's lower part
    for art in ("", "pirat"):
        label = _label_pixels(camera, _token(art), under)
        assert len(label) > 6  # both letters are there
        assert not label & number, (px, text, art)
        assert all(field.collidepoint(p) for p in label)
    if px <= 22 and text == "1":  # the old place (bottom left, over the rim) was on the "P"
        old = overlays.beside_place(camera, CELL, (5, 8), overlays.Beside(CELL))[0]
        assert any(old.collidepoint(p) for p in _label_pixels(camera, _token(), None))


@pytest.mark.rule("D-6")
def test_d_6_numbered_fields_are_read_by_the_next_frame_and_kept_while_equal() -> None:
    fields = NumberedFields()
    fields.mark((1, 2), 12)
    fields.mark((1, 2), 14)  # two numbers on one field: the higher plate counts
    first = fields.turn()
    assert first == {(1, 2): 12}
    fields.mark((1, 2), 12)
    assert fields.turn() is first  # the same fields: no new mapping each frame
    assert fields.turn() == {}  # nothing marked in the last frame


@pytest.mark.rule("D-6")
@pytest.mark.parametrize("px", CELL_PX)
def test_d_6_on_the_map_the_area_fire_number_leaves_the_initials_readable(
    home: Path, px: int
) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.camera.set_zoom(px / Camera().cell_px)
    scene.camera.centre_on(*PIRATE)
    below = (PIRATE[0], PIRATE[1] + 1)
    layers_of(scene).sticky = AreaFireResult(PIRATE, {PIRATE: 1, below: 8}, [])
    table.app.step()
    table.app.step()  # the numbers of the last frame keep the label above their plate
    token = next(t for t in scene.token_list() if t.key == "p1")
    keys = [k for k in scene.tokens._sprites if k[1:] == scene.tokens._key(token, px)[1:]]
    under = [k[0] for k in keys if k[0] is not None]
    if px <= 28:  # fit zooms: no room beside the base, the plate under the label
        assert under and all(u > px // 2 for u in under), keys
    save_shot(table.app.screen, f"h12i_area_numbers_{px}.png")


# ------------------------------------------------------------ 2 scatter ranges
@pytest.mark.rule("D-7")
@pytest.mark.parametrize("px", CELL_PX)
def test_d_7_a_range_on_a_plate_stays_in_its_field(px: int) -> None:
    """ "12-13" on a field without a token: its plate never juts out of the field."""
    pygame.init()
    camera = _camera(px)
    surface = pygame.Surface((400, 300))
    surface.fill((0, 0, 0))
    overlays.cell_text(
        surface, camera, Fonts(), CELL, "12-13", scale=0.34, plate=(255, 255, 255, 150)
    )
    x, y = camera.cell_to_screen(CELL)
    field = pygame.Rect(x, y, px, px)
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    assert drawn.count() > 0
    assert all(field.contains(b) for b in drawn.get_bounding_rects())


@pytest.mark.rule("D-7")
@pytest.mark.parametrize("px", CELL_PX)
def test_d_7_the_range_of_the_field_under_a_token_keeps_off_its_label(
    home: Path, monkeypatch: pytest.MonkeyPatch, px: int
) -> None:
    table = Table(home, "werfer")
    scene = table.scene
    intended = (PIRATE[0], PIRATE[1] + 1)
    scene.camera.set_zoom(px / Camera().cell_px)
    scene.camera.centre_on(*intended)
    diagram = scatter_diagram(scene.session.battle, "werfer", intended)
    layers_of(scene).sticky = ThrowResult(
        thrower=(2, 2),
        intended=intended,
        landing=(intended[0] + 2, intended[1]),
        hit=False,
        diagram=diagram,
        direction_roll=3,
        distance_roll=2,
    )
    written: dict[Cell, pygame.Rect] = {}
    real = overlays.cell_text

    def spy(surface: Any, camera: Any, fonts: Any, cell: Cell, text: str, *a: Any, **k: Any):
        written[cell] = rect = real(surface, camera, fonts, cell, text, *a, **k)
        return rect

    monkeypatch.setattr(overlays, "cell_text", spy)
    table.app.step()
    table.app.step()
    x, y = scene.camera.cell_to_screen(PIRATE)
    assert pygame.Rect(x, y, px, px).contains(written[PIRATE])
    if px <= 28:
        assert written[PIRATE].top > y + px // 2  # the lower half: the label is above
    others = [rect for cell, rect in written.items() if cell != PIRATE]
    assert written[PIRATE].collidelist(others) < 0
    save_shot(table.app.screen, f"h12i_scatter_{px}.png")
