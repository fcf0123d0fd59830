"""Issue 12 playtest (Xvfb, p12 findings), points 2-4 of task H12f: what the map draws.

2. The attack tool's target marks draw no cover mark on a fallen target (D-5, D-9; the
   cover is the attack's, a fallen creature is not one the map marks with it).
3. A number on a field a token stands on stays inside that field (crop 64a: the scatter
   diagram's "15-16" of the field under Orrug sat in the field below; crop 112a: area
   fire's "1" of (8, 11) sat on the border of (8, 12)), D-6 / D-7.
4. A floating text never rises under the top ruler or left of the left ruler (finding
   54: "sterbend" cut at the map's top edge).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.grid import Cell
from game.match.effects import DamageNumber, Fell
from game.rulesets.entaria.queries.scatter import scatter_diagram
from game.rulesets.entaria.rules.actions import Action
from game.ui import overlays
from game.ui.camera import Camera
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.tools.attack import AttackTool
from tests.ui.test_feedback import _shooter
from tests.ui.test_markers_follow_state import Dice
from tests.ui.test_tools import Table, home

__all__ = ["home"]

PIRATE: Cell = (9, 4)  # "p1" of the tools' test mission
CELL_PX = (24, 30, 40, 64, 96)  # fit zoom of the demo (24) up to close


def _zoom_to(camera: Camera, px: int, centre: Cell) -> None:
    camera.set_zoom(px / Camera().cell_px)
    assert camera.cell_px == px
    camera.centre_on(*centre)


def _written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Cell, str, pygame.Rect]]:
    """Record where ``overlays.cell_text`` puts each text (the real drawing still runs)."""
    out: list[tuple[Cell, str, pygame.Rect]] = []
    real = overlays.cell_text

    def spy(surface: Any, camera: Any, fonts: Any, cell: Cell, text: str, *a: Any, **k: Any):
        rect = real(surface, camera, fonts, cell, text, *a, **k)
        out.append((cell, text, rect))
        return rect

    monkeypatch.setattr(overlays, "cell_text", spy)
    return out


def _in_field(camera: Camera, cell: Cell, rect: pygame.Rect) -> bool:
    x, y = camera.cell_to_screen(cell)
    return pygame.Rect(x, y, camera.cell_px, camera.cell_px).contains(rect)


# ------------------------------------------------------------ 3 numbers in their field
@pytest.mark.rule("D-7")
@pytest.mark.parametrize("px", CELL_PX)
def test_d_7_the_diagram_range_of_a_tokens_field_stays_in_that_field(
    home: Path, monkeypatch: pytest.MonkeyPatch, px: int
) -> None:
    """The throw aimed below the pirate: his field is the diagram's top middle (as Orrug's)."""
    table = Table(home, "werfer")
    scene = table.scene
    intended = (PIRATE[0], PIRATE[1] + 1)
    _zoom_to(scene.camera, px, intended)
    diagram = scatter_diagram(scene.session.battle, "werfer", intended)
    assert PIRATE in {c.cell for c in diagram.cells}
    layers_of(scene).sticky = ThrowResult(
        thrower=(2, 2),
        intended=intended,
        landing=(intended[0] + 2, intended[1]),
        hit=False,
        diagram=diagram,
        direction_roll=3,
        distance_roll=2,
    )
    written = _written(monkeypatch)
    table.app.step()
    ranges = {cell: rect for cell, _, rect in written}
    assert set(ranges) == {c.cell for c in diagram.cells}
    mine = ranges[PIRATE]
    assert _in_field(scene.camera, PIRATE, mine), (mine, px)
    others = [rect for cell, rect in ranges.items() if cell != PIRATE]
    assert mine.collidelist(others) < 0  # never over another field's range


@pytest.mark.rule("D-6")
@pytest.mark.parametrize("px", CELL_PX)
def test_d_6_an_area_fire_number_on_a_tokens_field_stays_in_that_field(
    home: Path, monkeypatch: pytest.MonkeyPatch, px: int
) -> None:
    """The result's damage (and, by the same call, the painting's order numbers)."""
    table = Table(home, "schuetze")
    scene = table.scene
    _zoom_to(scene.camera, px, PIRATE)
    below = (PIRATE[0], PIRATE[1] + 1)
    layers_of(scene).sticky = AreaFireResult(PIRATE, {PIRATE: 1, below: 2}, [])
    written = _written(monkeypatch)
    table.app.step()
    rects = {cell: rect for cell, _, rect in written}
    assert _in_field(scene.camera, PIRATE, rects[PIRATE]), (rects[PIRATE], px)
    assert not rects[PIRATE].colliderect(rects[below])


@pytest.mark.rule("D-6")
@pytest.mark.parametrize("px", CELL_PX)
@pytest.mark.parametrize("text", ["1", "8", "15-16", "17-20"])
def test_d_6_a_number_beside_a_token_fits_its_field_at_every_zoom(px: int, text: str) -> None:
    """Smaller where need be, never out of the field, and never below the smallest size."""
    from game.ui.theme import Fonts

    pygame.font.init()
    camera = Camera()
    camera.set_viewport(0, 0, 800, 600)
    _zoom_to(camera, px, (5, 5))
    surface = pygame.Surface((800, 600))
    before = surface.copy()
    rect = overlays.cell_text(
        surface, camera, Fonts(), (5, 5), text, scale=0.3, corner=overlays.Beside((5, 5), 1)
    )
    assert _in_field(camera, (5, 5), rect)
    assert rect.height >= 7  # the pixel font's smallest readable size
    x, y = camera.cell_to_screen((5, 5))
    field = pygame.Rect(x, y, px, px)
    changed = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    changed.invert()  # every pixel drawn (plate, shadow, text)
    assert changed.count() > 0 and before.get_at((0, 0)) == surface.get_at((0, 0))
    bounds = changed.get_bounding_rects()
    assert all(field.contains(b) for b in bounds)


# ------------------------------------------------------------ 2 no cover on the fallen
@pytest.mark.rule("D-5", "D-9")
def test_d_9_the_attack_tool_marks_no_cover_on_a_fallen_target(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _shooter(home)
    battle = scene.session.battle
    battle.state.creatures["p2"].lp = 1
    battle.roller = Dice(19, 19)
    from game.rulesets.entaria.commands import Attack

    assert scene.send(Attack("schuetze", "p2", "laserpistole")).ok
    for _ in range(60):
        app.step(0.05)
    assert scene.pieces()["p2"].life != "ok" and scene.pieces()["p3"].life == "ok"
    actor = battle.state.creatures["schuetze"]
    tool = AttackTool(scene, actor, Action.RANGED_ATTACK, ["laserpistole"])
    scene.tool = tool
    assert {"p2", "p3"} <= set(tool.marks())  # both are target marks of the tool
    badges: list[tuple[int, int]] = []
    real = overlays.draw_cover_badge

    def spy(surface: Any, centre: tuple[int, int], *a: Any, **k: Any) -> None:
        badges.append(centre)
        real(surface, centre, *a, **k)

    monkeypatch.setattr(overlays, "draw_cover_badge", spy)
    app.step()
    camera = scene.camera

    def on(key: str) -> bool:
        x, y = camera.cell_to_screen(scene.pieces()[key].cell)
        box = pygame.Rect(x, y, camera.cell_px, camera.cell_px).inflate(camera.cell_px, 8)
        return any(box.collidepoint(c) for c in badges)

    assert on("p3")  # the standing target: its cover mark
    assert not on("p2")  # the fallen one: none


# ------------------------------------------------------------ 4 floats below the ruler
@pytest.mark.rule("D-9")
def test_d_9_a_float_at_the_top_edge_stays_below_the_ruler(home: Path) -> None:
    app, scene = _shooter(home)
    camera = scene.camera
    top, left = scene.map.coordinate_strips(camera)
    camera.y = float(-top.height)  # row 0 right under the top ruler
    app.step()
    top, left = scene.map.coordinate_strips(camera)
    assert camera.cell_to_screen((10, 0))[1] == top.bottom
    cell = (10, 0)
    feedback = scene.feedback
    feedback.effects = ()
    feedback._start([Fell(cell, "critical", "feedback.dying"), DamageNumber(cell, 4)])
    for _ in range(10):
        app.step(0.1)
        for i, rect in enumerate(feedback.placed):
            assert rect.top >= top.bottom, (rect, top)
            assert rect.left >= left.right
            assert rect.collidelist(feedback.placed[i + 1 :]) < 0  # still no overlap (H12b)
    assert feedback.placed  # the texts were drawn
