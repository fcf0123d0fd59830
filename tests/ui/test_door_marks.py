"""Edge doors stay readable with tokens on both sides: the doors next to drawn tokens are
painted again over them, a closed door as its leaf, an open one as a light gap (D-13)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.edges import EdgeKind, EdgeLayer
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.door_marks import GAP, DoorMarks, door_picture
from game.ui.edge_looks import EDGE_DOOR, EDGE_DOOR_SEAM, EDGE_WALL, thickness
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene

SIZE = (1280, 800)

MISSION = """
[mission]
title = "Tür zwischen zwei Wesen"
ruleset = "entaria"

[map]
width = 10
height = 10
rows = '''
{rows}'''

[[map.edges]]
between = [[4, 4], [5, 4]]
kind = "door"

[[map.edges]]
between = [[4, 6], [5, 6]]

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"

[[sides]]
key = "piraten"
name = "Piraten"
colour = "#c83232"
controller = "player"

{creatures}
"""

CREATURE = """[[creatures]]
key = "{key}"
type = "ron"
name = "{key}"
side = "{side}"
at = [{x}, {y}]
"""


def _mission(folder: Path) -> Path:
    rows = "".join("." * 10 + "\n" for _ in range(10))
    creatures = "\n".join(
        CREATURE.format(key=key, side=side, x=x, y=y)
        for key, side, x, y in (
            ("links", "helden", 4, 4),
            ("rechts", "piraten", 5, 4),
            ("unten_links", "helden", 4, 6),
            ("unten_rechts", "piraten", 5, 6),
        )
    )
    path = folder / "tuer.toml"
    path.write_text(MISSION.format(rows=rows, creatures=creatures), encoding="utf-8")
    return path


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    app.settings.animations = False
    scene = start_battle(app, _mission(tmp_path), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def _leaf(scene: BattleScene, row: int = 4) -> pygame.Rect:
    """Return the screen rect of the doorway's lower half on the border left of field
    (5, row) (the upper half may carry a tool's sight badge of the left token)."""
    s = scene.camera.cell_px
    x, y = scene.camera.cell_to_screen((5, row))
    t = thickness(s)
    post = max(2, round(s * 0.14))
    return pygame.Rect(x - t // 2, y + s // 2, t, s // 2 - post - 3)


def _share(surface: pygame.Surface, rect: pygame.Rect, colours: set[tuple[int, int, int]]) -> float:
    """Return the share of the pixels of ``rect`` in one of ``colours``."""
    pixels = pygame.surfarray.array3d(surface.subsurface(rect))
    flat = [tuple(int(v) for v in p) for p in pixels.reshape(-1, 3)]
    return sum(p in colours for p in flat) / len(flat)


def _frame(app: App, scene: BattleScene) -> pygame.Surface:
    app.step()
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    return surface


DOOR = {EDGE_DOOR, EDGE_DOOR_SEAM, EDGE_WALL}  # the leaf, its seam and the hinge knob


@pytest.mark.rule("D-13")
def test_d13_a_closed_door_between_two_tokens_shows_its_leaf_over_them(
    game: tuple[App, BattleScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = game
    leaf = _leaf(scene)
    assert _share(_frame(app, scene), leaf, DOOR) > 0.95
    monkeypatch.setattr(DoorMarks, "draw", lambda *_: None)  # as before: tokens over it
    assert _share(_frame(app, scene), leaf, DOOR) < 0.8


@pytest.mark.rule("D-13")
def test_d13_an_open_door_between_two_tokens_shows_a_light_gap_not_a_wall(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    scene.session.battle.grid.set_edge_door((4, 4), (5, 4), open=True)
    frame = _frame(app, scene)
    middle = _leaf(scene).inflate(-(thickness(scene.camera.cell_px) - 2), 0)
    assert _share(frame, middle, {GAP}) > 0.95
    assert _share(frame, _leaf(scene), {EDGE_DOOR}) == 0.0


@pytest.mark.rule("D-13")
def test_d13_a_wall_between_two_tokens_gets_no_mark(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    marks = scene.map.door_marks
    _frame(app, scene)
    doors = marks.near(scene.camera, scene.tokens.drawn.values())
    assert doors == [(True, 4, 5, False)]  # the door at row 4; the wall at row 6 is not one


@pytest.mark.rule("D-13")
def test_d13_only_doors_on_a_tokens_border_are_marked() -> None:
    layer = EdgeLayer(6, 6)
    layer.set((1, 1), (2, 1), EdgeKind.DOOR)  # vertical: right of (1, 1)
    layer.set((3, 3), (3, 4), EdgeKind.OPEN_DOOR)  # horizontal: below (3, 3)
    marks = DoorMarks()
    marks.update(layer, ("v", 1))
    camera = Camera(viewport_w=600, viewport_h=600)
    s = camera.cell_px

    def footprint(cell: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(camera.cell_to_screen(cell), (s, s))

    assert marks.near(camera, [footprint((1, 1))]) == [(True, 1, 2, False)]
    assert marks.near(camera, [footprint((3, 4))]) == [(False, 4, 3, True)]
    assert marks.near(camera, [footprint((2, 2)), footprint((0, 0))]) == []  # diagonal, far
    both = marks.near(camera, [footprint((1, 1)), footprint((2, 1))])
    assert both == [(True, 1, 2, False)]  # one mark for a door between two tokens


@pytest.mark.rule("D-13")
def test_d13_the_door_index_follows_the_grid_version(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    _frame(app, scene)
    grid = scene.session.battle.grid
    grid.set_edge_door((4, 4), (5, 4), open=True)
    _frame(app, scene)
    assert scene.map.door_marks.near(scene.camera, scene.tokens.drawn.values()) == [
        (True, 4, 5, True)
    ]


def test_door_pictures_are_cached_per_kind_and_size() -> None:
    marks = DoorMarks()
    assert marks.picture(True, False, 58) is marks.picture(True, False, 58)
    assert marks.picture(True, True, 58) is not marks.picture(True, False, 58)
    closed, opened = door_picture(False, False, 40), door_picture(False, True, 40)
    assert closed.get_size() == opened.get_size()
    alpha = pygame.surfarray.array_alpha(closed)
    assert alpha.any() and not np.all(alpha)  # painted on the border, clear round it
