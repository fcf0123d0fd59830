"""What the battle map draws over what (task H12b, issue 12 playtest leftovers).

1. Floating texts never overlap ("ver-2hlt") and are drawn over tokens and cover marks.
2. The coordinate strips are opaque and drawn over every map layer (tokens, costs).
3. An area fire's number on a token's field goes beside the token, not over it (D-6).
4. A missed throw's scatter diagram leaves the token on the target field whole (D-7).
5. A fallen creature shows its fall, no cover mark (D-5, D-9).

The battle screen is rendered headless; the tests compare pixels of frames drawn with
and without the layer in question.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from game.match.effects import DamageNumber, Miss
from game.match.events import Event
from game.rulesets.entaria.commands import Attack
from game.rulesets.entaria.queries.scatter import scatter_diagram
from game.rulesets.entaria.views import SIGHT
from game.ui import overlays
from game.ui.camera import Camera
from game.ui.feedback import Feedback
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.token_art import base_reach
from game.ui.tokens import cover_badge_centre
from tests.shots import save_shot
from tests.ui.test_feedback import _Host, _shooter
from tests.ui.test_markers_follow_state import Dice
from tests.ui.test_tools import Table, home

__all__ = ["home"]

ZOOMS = (0.8, 1.0, 1.4, 2.0, 3.0)
PIRATE = (9, 4)  # "p1" of the tools' test mission


def _frame(table: Table) -> np.ndarray:
    table.app.step()
    return pygame.surfarray.array3d(table.app.screen).copy()


def _token_pixels(
    table: Table, monkeypatch: pytest.MonkeyPatch, key: str, draw: Callable[[], None]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (mask of the token's pixels, frame before ``draw``, frame after it).

    The token's pixels are those that change when the token is left out; ``draw`` sets
    up the layer under test, which must leave every one of them as it was.
    """
    scene = table.scene
    with_token = _frame(table)
    every = scene.token_list

    def without() -> Any:
        return [t for t in every() if t.key != key]

    with monkeypatch.context() as patch:
        patch.setattr(scene, "token_list", without)
        without_token = _frame(table)
    mask = (with_token != without_token).any(axis=2)
    draw()
    return mask, with_token, _frame(table)


# ------------------------------------------------------------ 1 floating texts
def test_h12b_texts_on_one_field_stack_instead_of_overlapping() -> None:
    """A "verfehlt" still rising when the next shot's "-2" starts: two texts, no overlap."""
    feedback = Feedback(_Host((Miss(PIRATE),), None))  # type: ignore[arg-type]
    feedback.events([Event("x", "", "")])
    feedback.update(0.1)
    host = feedback.scene
    host.session.views.made = (DamageNumber(PIRATE, 2), DamageNumber((10, 4), 3))  # type: ignore[attr-defined]
    feedback.events([Event("x", "", "")])  # the next command, same field and beside it
    camera = Camera()
    camera.set_viewport(0, 0, 800, 500)
    camera.set_zoom(1.0)
    surface = pygame.Surface((800, 500))
    lifts: dict[int, int] = {}
    for _ in range(20):
        feedback.update(0.05)
        surface.fill((0, 0, 0))
        feedback.draw(surface, camera)
        feedback.draw_texts(surface, camera)
        placed = feedback.placed
        assert len(placed) == len([i for i in feedback.items if i.start <= feedback.clock])
        for i, rect in enumerate(placed):
            assert rect.collidelist(placed[i + 1 :]) < 0, "two texts overlap"
        for item in feedback.items:  # a text pushed up stays up: it never jumps down
            assert item.lift >= lifts.get(id(item), 0)
            lifts[id(item)] = item.lift
    assert len(feedback.placed) == 3 and max(lifts.values()) > 0
    save_shot(surface, "h12b_texts_stacked.png")


def test_h12b_a_floating_text_is_drawn_over_the_cover_mark(home: Path) -> None:
    """The miss word rises over the pirate's cover mark (L): every pixel of it shows."""
    app, scene = _shooter(home)
    scene.selected = "schuetze"
    scene.show_overlay(SIGHT, True)
    scene.camera.set_zoom(1.6)
    scene.camera.centre_on(12, 8)
    scene.session.battle.roller = Dice(2)
    assert scene.send(Attack("schuetze", "p2", "laserpistole")).ok
    app.step(0.3)
    item = next(i for i in scene.feedback.items if isinstance(i.effect, Miss))
    (rect,) = scene.feedback.placed
    x, y = scene.camera.cell_to_screen((12, 8))
    radius = max(5, scene.camera.cell_px // 6)
    centre = cover_badge_centre(x, y, scene.camera.cell_px, radius)
    badge = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    badge.center = centre
    assert rect.colliderect(badge)  # the text crosses the mark
    text = item.surface
    assert text is not None
    alpha = pygame.surfarray.pixels_alpha(text)
    colours = pygame.surfarray.array3d(text)
    screen = pygame.surfarray.array3d(app.screen)
    solid = np.argwhere(alpha == 255)
    del alpha
    shown = screen[solid[:, 0] + rect.x, solid[:, 1] + rect.y]
    assert len(solid) > 50 and (shown == colours[solid[:, 0], solid[:, 1]]).all()
    save_shot(app.screen, "h12b_text_over_badge.png")


# ------------------------------------------------------------ 2 the rulers
@pytest.mark.parametrize("zoom", [2.5, 4.0])
def test_h12b_the_rulers_are_opaque_over_tokens_and_move_costs(
    home: Path, monkeypatch: pytest.MonkeyPatch, zoom: float
) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.selected = "schuetze"  # its move costs are written on the fields
    camera = scene.camera
    camera.set_zoom(zoom)
    x, y = camera.cell_to_screen((2, 8))
    top, left = scene.map.coordinate_strips(camera)
    camera.pan(x - left.right + camera.cell_px // 3, y - top.bottom - camera.cell_px // 3)
    normal = _frame(table)
    top, left = scene.map.coordinate_strips(camera)
    token = scene.tokens.drawn["schuetze"]
    assert token.colliderect(left) and token.right > left.right  # half under the strip
    # the same frame with nothing of the map under the strips: magenta everywhere
    real = scene.map.draw_coordinates

    def over_magenta(surface: pygame.Surface, cam: Camera) -> None:
        surface.fill((255, 0, 255), surface.get_clip())
        real(surface, cam)

    monkeypatch.setattr(scene.map, "draw_coordinates", over_magenta)
    magenta = _frame(table)
    for strip in (top, left):
        area = (slice(strip.left, strip.right), slice(strip.top, strip.bottom))
        assert (normal[area] == magenta[area]).all(), "the map shows through the strip"
    beside = (token.right - 2, token.centery)  # the token itself is drawn beside the strip
    assert tuple(normal[beside]) != tuple(magenta[beside])
    save_shot(table.app.screen, f"h12b_rulers_{zoom}.png")


# ------------------------------------------------------------ 3 area-fire numbers
@pytest.mark.rule("D-6")
@pytest.mark.parametrize("zoom", ZOOMS)
def test_h12b_d_6_an_area_fire_number_leaves_the_token_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, zoom: float
) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.camera.set_zoom(zoom)
    scene.camera.centre_on(*PIRATE)
    layers = layers_of(scene)
    result = AreaFireResult(anchor=PIRATE, values={PIRATE: 3, (10, 4): 2}, lines=[])
    layers.sticky = result
    monkeypatch.setattr(overlays, "cell_text", lambda *a, **k: pygame.Rect(0, 0, 0, 0))
    base = _frame(table)  # the filled fields, no numbers yet
    monkeypatch.undo()

    def numbers() -> None:
        layers.sticky = result

    mask, _, after = _token_pixels(table, monkeypatch, "p1", numbers)
    layers.sticky = None
    assert mask.sum() > 50
    changed = (after != base).any(axis=2)
    if zoom >= 2.0:  # room in the field's corner off the base (smaller zooms: over its rim)
        assert not (changed & mask).any(), "the number covers the token"
    x, y = scene.camera.cell_to_screen(PIRATE)
    s = scene.camera.cell_px
    assert changed[x : x + s, y : y + s].sum() > 10  # the number is drawn, in its field
    assert not changed[x - s // 2 : x, y : y + s + s // 2].any()  # never out of it (H12f)
    assert not changed[x : x + s, y + s : y + s + s // 2].any()
    save_shot(table.app.screen, f"h12b_area_number_{zoom}.png")


# ------------------------------------------------------------ 4 scatter diagram
@pytest.mark.rule("D-7")
@pytest.mark.parametrize("zoom", ZOOMS)
def test_h12b_d_7_the_scatter_diagram_leaves_the_target_token_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, zoom: float
) -> None:
    table = Table(home, "werfer")
    scene = table.scene
    scene.camera.set_zoom(zoom)
    scene.camera.centre_on(*PIRATE)
    diagram = scatter_diagram(scene.session.battle, "werfer", PIRATE)
    rolled = diagram.cell_for(3)
    result = ThrowResult(
        thrower=(2, 2),
        intended=PIRATE,
        landing=(PIRATE[0] + 2, PIRATE[1]),
        hit=False,
        diagram=diagram,
        direction_roll=3,
        distance_roll=2,
    )
    assert rolled.cell != PIRATE

    def throw() -> None:
        layers_of(scene).sticky = result

    mask, before, after = _token_pixels(table, monkeypatch, "p1", throw)
    assert layers_of(scene).sticky is result
    assert mask.sum() > 50
    assert (before != after).any(axis=2).sum() > 100  # the diagram is drawn
    assert (before[mask] == after[mask]).all(), "the diagram covers the token"
    save_shot(table.app.screen, f"h12b_scatter_{zoom}.png")


# ------------------------------------------------------------ 5 fallen: no cover mark
@pytest.mark.rule("D-5", "D-9")
def test_h12b_a_fallen_creature_shows_no_cover_mark(home: Path) -> None:
    app, scene = _shooter(home)
    battle = scene.session.battle
    battle.state.creatures["p2"].lp = 1
    battle.roller = Dice(19, 19)
    assert scene.send(Attack("schuetze", "p2", "laserpistole")).ok
    for _ in range(60):
        app.step(0.05)  # the fall's words are gone
    assert scene.pieces()["p2"].life != "ok" and scene.pieces()["p3"].life == "ok"
    scene.selected = "schuetze"
    scene.camera.set_zoom(1.4)
    scene.camera.centre_on(14, 5)

    def badge_area(cell: tuple[int, int]) -> pygame.Rect:
        x, y = scene.camera.cell_to_screen(cell)
        radius = max(5, scene.camera.cell_px // 6)
        centre = cover_badge_centre(x, y, scene.camera.cell_px, radius)
        return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)

    def pixels(rect: pygame.Rect) -> np.ndarray:
        return pygame.surfarray.array3d(app.screen.subsurface(rect)).copy()

    scene.show_overlay(SIGHT, False)
    app.step()
    off = {key: pixels(badge_area(cell)) for key, cell in (("p2", (12, 8)), ("p3", (17, 2)))}
    scene.show_overlay(SIGHT, True)
    app.step()
    on = {key: pixels(badge_area(cell)) for key, cell in (("p2", (12, 8)), ("p3", (17, 2)))}
    assert (on["p3"] != off["p3"]).any()  # the standing pirate is marked
    assert (on["p2"] == off["p2"]).all()  # the fallen one is not
    save_shot(app.screen, "h12b_fallen_no_cover_mark.png")


@pytest.mark.rule("D-6")
@pytest.mark.parametrize("cell_px", [16, 24, 40, 64, 120])
@pytest.mark.parametrize("side", [1, 2])
def test_h12b_d_6_numbers_beside_a_token_keep_off_its_base_and_off_each_other(
    cell_px: int, side: int
) -> None:
    """Each field of a footprint writes its number by its own outer corner, inside the field,
    off the base where the field has room (H12f: never out of the field)."""
    camera = Camera()
    camera.set_viewport(0, 0, 800, 600)
    camera.set_zoom(cell_px / camera.cell_px)
    assert camera.cell_px == cell_px
    token = overlays.Beside((3, 3), side)
    left, top = camera.cell_to_screen((3, 3))
    centre = (left + cell_px * side / 2, top + cell_px * side / 2)
    reach = base_reach(cell_px * side)
    rects = []
    for cell in [(3 + dx, 3 + dy) for dx in range(side) for dy in range(side)]:
        rect, clear = overlays.beside_place(camera, cell, (14, 12), token)
        assert rect == overlays.beside_rect(camera, cell, (14, 12), token)
        room = overlays.beside_field(camera, cell)  # in its own field (H12f) ...
        if room.width >= rect.width:
            assert room.contains(rect)
        else:  # ... a text wider than the field (cell_text shrinks it first): centred on it
            assert (
                rect.centerx == room.centerx and room.top <= rect.top <= rect.bottom <= room.bottom
            )
        corners = [rect.topleft, rect.topright, rect.bottomleft, rect.bottomright]
        off_base = min(np.hypot(x - centre[0], y - centre[1]) for x, y in corners) >= reach
        assert off_base or not clear  # off the base where the field has room for it
        assert clear or cell_px < 120
        rects.append(rect)
    for i, rect in enumerate(rects):
        assert rect.collidelist(rects[i + 1 :]) < 0
    if side == 1 and cell_px >= 40:  # a one-field token: the bottom-left corner
        assert rects[0].right <= centre[0] and rects[0].top >= centre[1]
