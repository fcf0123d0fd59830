"""Walls and doors on field edges (D-13) on screen: lines on the borders, in the map tiles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.ui import theme
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.edge_looks import (
    EDGE_OUTLINE,
    EDGE_WALL,
    edge_kinds,
    edge_swatch,
    field_edge_words,
    thickness,
)
from game.ui.map_view import MapRenderer
from game.ui.overlays import draw_fog
from game.ui.scenes.navigate import open_app
from game.ui.scenes.preview import PreviewScene
from game.ui.settings import Settings
from game.ui.theme import Fonts

ROOM = """
..........
..........
..........
..........
..........
..........
"""


@pytest.fixture()
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((640, 480))
    yield surface
    pygame.display.quit()


def _camera(zoom: float = 1.0) -> Camera:
    camera = Camera(zoom=zoom)
    camera.set_viewport(0, 0, 640, 480)
    camera.centre_on(5.0, 3.0)
    return camera


def _rgb(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(pos)
    return (colour.r, colour.g, colour.b)


def _border_point(camera: Camera, left: tuple[int, int]) -> tuple[int, int]:
    """Return the screen pixel on the middle of the right border of field ``left``."""
    x, y = camera.cell_to_screen((left[0] + 1, left[1]))
    return (x, y + camera.cell_px // 2)


def _picture(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(int)


@pytest.mark.rule("D-13")
@pytest.mark.parametrize("zoom", [0.25, 1.0, 2.5, 4.0])
def test_d13_an_edge_wall_is_a_dark_line_on_the_border(screen: pygame.Surface, zoom: float) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    camera = _camera(zoom)
    MapRenderer(grid, Fonts()).draw(screen, camera)
    plain = _picture(screen)
    grid.add_edge_wall((4, 2), (5, 2))
    MapRenderer(grid, Fonts()).draw(screen, camera)
    walled = _picture(screen)
    on_line = _border_point(camera, (4, 2))
    assert _rgb(screen, on_line) == EDGE_WALL
    # the line is centred on the border and about a sixth of a field wide; the fields'
    # middles stay floor
    assert _rgb(screen, camera.cell_centre((4, 2))) == theme.FLOOR
    assert _rgb(screen, camera.cell_centre((5, 2))) == theme.FLOOR
    changed = np.abs(walled - plain).sum(axis=2) > 0
    columns = np.nonzero(changed[:, on_line[1]])[0]
    t = thickness(camera.cell_px)
    assert abs((columns.min() + columns.max()) / 2 - on_line[0]) <= 1.5
    assert t <= len(columns) <= t + 4 * max(1, round(camera.cell_px / 28)) + 2
    # a light outline beside the dark line, so it reads on dark artwork too
    assert EDGE_OUTLINE in {_rgb(screen, (int(c), on_line[1])) for c in columns}
    # nothing changed away from that border
    ys = np.nonzero(changed.any(axis=0))[0]
    top, bottom = camera.cell_to_screen((5, 2))[1], camera.cell_to_screen((5, 3))[1]
    assert ys.min() >= top - t and ys.max() <= bottom + t


@pytest.mark.rule("D-13")
def test_d13_a_wall_along_a_row_border_is_drawn_horizontally(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    for x in (2, 3, 4):
        grid.add_edge_wall((x, 1), (x, 2))
    camera = _camera(2.0)
    MapRenderer(grid, Fonts()).draw(screen, camera)
    for x in (2, 3, 4):
        left, top = camera.cell_to_screen((x, 2))
        for dx in (1, camera.cell_px // 2, camera.cell_px - 1):  # one bar, no gaps
            assert _rgb(screen, (left + dx, top)) == EDGE_WALL
    left, top = camera.cell_to_screen((6, 2))
    assert _rgb(screen, (left + camera.cell_px // 2, top)) != EDGE_WALL


@pytest.mark.rule("D-13")
def test_d13_opening_an_edge_door_redraws_the_tiles_once(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    grid.set_edge_door((4, 2), (5, 2))
    renderer = MapRenderer(grid, Fonts())
    renderer.prefetch = False
    camera = _camera(2.0)
    renderer.draw(screen, camera)
    closed = _picture(screen)
    on_line = _border_point(camera, (4, 2))
    leaf = (on_line[0] - 2, on_line[1])  # beside the seam along the leaf's middle
    assert _rgb(screen, leaf) == theme.DOOR_CLOSED  # the leaf across the doorway
    misses = renderer.tiles.misses
    renderer.draw(screen, camera)
    assert renderer.tiles.misses == misses  # an unchanged map costs no tile a frame
    grid.set_edge_door((4, 2), (5, 2), open=True)
    renderer.draw(screen, camera)
    assert renderer.tiles.misses > misses  # the door's change reached the cached tiles
    opened = _picture(screen)
    assert _rgb(screen, leaf) != theme.DOOR_CLOSED
    assert (np.abs(opened - closed).sum(axis=2) > 0).sum() > camera.cell_px
    # the leaf swung into the right field: pixels there changed
    x, y = camera.cell_to_screen((5, 2))
    assert (np.abs(opened - closed)[x + 2 : x + camera.cell_px, y : y + camera.cell_px]).any()
    grid.clear_edge((4, 2), (5, 2))
    renderer.draw(screen, camera)
    assert _rgb(screen, on_line) != EDGE_WALL


@pytest.mark.rule("D-13")
def test_d13_edges_lie_over_the_background_image(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    grid.add_edge_wall((4, 2), (5, 2))
    image = pygame.Surface((100, 60))
    image.fill((20, 120, 40))
    renderer = MapRenderer(grid, Fonts(), background=image, background_px_per_field=10)
    camera = _camera(1.5)
    renderer.draw(screen, camera)
    on_line = _border_point(camera, (4, 2))
    assert _rgb(screen, on_line) == EDGE_WALL
    red, green, blue = _rgb(screen, camera.cell_centre((4, 2)))
    assert green > red and green > blue  # the image still shows round it


@pytest.mark.rule("D-13")
def test_d13_edges_follow_the_camera(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    grid.add_edge_wall((4, 2), (5, 2))
    renderer = MapRenderer(grid, Fonts())
    for zoom, centre in ((1.0, (5.0, 3.0)), (3.0, (4.0, 2.0)), (0.5, (8.0, 1.0))):
        camera = Camera(zoom=zoom)
        camera.set_viewport(0, 0, 640, 480)
        camera.centre_on(*centre)
        screen.fill((0, 0, 0))
        renderer.draw(screen, camera)
        assert _rgb(screen, _border_point(camera, (4, 2))) == EDGE_WALL


@pytest.mark.rule("D-13")
def test_d13_fog_dims_edges_as_it_dims_fields(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(ROOM)
    grid.add_edge_wall((4, 2), (5, 2))
    camera = _camera(2.0)
    MapRenderer(grid, Fonts()).draw(screen, camera)
    on_line = _border_point(camera, (4, 2))
    lit = _rgb(screen, on_line)

    class View:  # what a side sees: nothing near the wall
        visible = np.zeros(grid.shape, dtype=bool)

    draw_fog(screen, camera, View())
    dim = _rgb(screen, on_line)
    assert sum(dim) < sum(lit) or lit == dim == (0, 0, 0)
    assert _rgb(screen, camera.cell_centre((4, 2))) != theme.FLOOR


@pytest.mark.rule("D-13")
def test_d13_legend_swatches_and_words_for_edges() -> None:
    grid = BattleGrid.from_ascii(ROOM)
    assert edge_kinds(grid.edges) == []
    grid.add_edge_wall((1, 1), (2, 1))
    grid.set_edge_door((1, 1), (1, 2), open=True)
    assert edge_kinds(grid.edges) == [EdgeKind.WALL, EdgeKind.OPEN_DOOR]
    pictures = {
        kind: pygame.surfarray.array3d(edge_swatch(kind, 22)).tobytes() for kind in EdgeKind
    }
    assert len(set(pictures.values())) == 3
    assert field_edge_words(grid.edges, (1, 1), "en") == [
        "door on a field edge, open (bottom)",
        "wall on a field edge (right)",
    ]
    assert field_edge_words(grid.edges, (2, 1), "de") == ["Wand auf der Feldkante (links)"]
    assert field_edge_words(grid.edges, (0, 0), "de") == []


# ------------------------------------------------------------------- preview
MISSION = """
[mission]
title = "Kantenwände"

[map]
width = 8
height = 5
rows = '''
........
........
........
........
........
'''

[[map.edges]]
between = [[3, 1], [4, 1]]

[[map.edges]]
between = [[3, 2], [4, 2]]

[[map.edges]]
between = [[3, 3], [4, 3]]
kind = "door"

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"
deployment = [[0, 0], [0, 1]]

[[sides]]
key = "gegner"
name = "Gegner"
colour = "#c83a3a"
controller = "gm"
deployment = [[7, 3], [7, 4]]
"""


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path / "home"))
    application = open_app(
        home=tmp_path / "home", settings=Settings(), size=(1280, 800), headless=True
    )
    yield application
    pygame.display.quit()


@pytest.mark.rule("D-13")
def test_d13_the_preview_draws_a_missions_edges(app: App, tmp_path: Path) -> None:
    path = tmp_path / "kanten.toml"
    path.write_text(MISSION, encoding="utf-8")
    scene = PreviewScene(app, path)
    app.push(scene)
    app.step()
    assert scene.errors == [] and scene.model is not None
    assert scene.model.edge_legend == [EdgeKind.WALL, EdgeKind.DOOR]
    camera = scene.camera
    assert _rgb(app.screen, _border_point(camera, (3, 1))) == EDGE_WALL
    door = _border_point(camera, (3, 3))
    assert _rgb(app.screen, (door[0] - 1, door[1])) == theme.DOOR_CLOSED
    assert _rgb(app.screen, _border_point(camera, (5, 1))) != EDGE_WALL
    scene.hover_cell = (4, 2)
    assert "(" in scene.hover_text() and (
        "Feldkante" in scene.hover_text() or "field edge" in scene.hover_text()
    )


@pytest.mark.rule("D-13")
def test_d13_the_bench_map_with_edges_loads_with_them(tmp_path: Path) -> None:
    from game.missions.grid import build_grid
    from game.missions.loader import load_any
    from game.rulesets.entaria.catalogue_loader import load_catalogue
    from game.ui.bench import bench_edges, bench_rows, write_bench_mission

    catalogue = load_catalogue()
    expected = bench_edges(bench_rows(2026))
    path = write_bench_mission(tmp_path, 2026, edges=True)
    grid = build_grid(load_any(path, catalogue=catalogue).mission, catalogue)
    kinds = [edge.kind for edge in grid.edge_list()]
    assert len(kinds) == len(expected) > 500
    assert {EdgeKind.WALL, EdgeKind.DOOR, EdgeKind.OPEN_DOOR} == set(kinds)
    (tmp_path / "plain").mkdir()
    plain = write_bench_mission(tmp_path / "plain", 2026)
    assert not load_any(plain, catalogue=catalogue).mission.edges


BATTLE = """
[mission]
title = "Kantentür"

[map]
width = 22
height = 5
rows = '''
......................
......................
......................
......................
......................
'''

[[map.edges]]
between = [[17, 1], [18, 1]]

[[map.edges]]
between = [[17, 2], [18, 2]]
kind = "door"

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"
deployment = [[0, 0]]

[[sides]]
key = "gegner"
name = "Gegner"
colour = "#c83a3a"
controller = "player"
deployment = [[0, 4]]

[[creatures]]
key = "a"
type = "dretop_pirat"
name = "Pirat A"
side = "helden"
at = [0, 0]

[[creatures]]
key = "b"
type = "dretop_pirat"
name = "Pirat B"
side = "gegner"
at = [0, 4]
"""


@pytest.mark.rule("D-13")
def test_d13_the_battle_screen_redraws_an_edge_door_the_match_opens(
    app: App, tmp_path: Path
) -> None:
    from game.rulesets.entaria.commands import GmDoor
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import GameSession

    app.settings.fog_of_war = False  # the fog's dimming is tested above
    path = tmp_path / "kanten.toml"
    path.write_text(BATTLE, encoding="utf-8")
    session = GameSession.new(path, home=tmp_path / "home", seed=1, autosave_enabled=False)
    scene = BattleScene(app, session)
    app.push(scene)
    scene.camera.set_zoom(2.0)
    scene.camera.centre_on(18.0, 2.5)  # far from the creatures and their overlays
    app.step()
    door = _border_point(scene.camera, (17, 2))
    leaf = (door[0] - 1, door[1])
    wall = _border_point(scene.camera, (17, 1))
    assert _rgb(app.screen, wall) == EDGE_WALL
    assert _rgb(app.screen, leaf) == theme.DOOR_CLOSED
    outcome = scene.send(GmDoor(None, (17, 2), True, edge_to=(18, 2)))
    assert not outcome.rejected
    app.step()
    assert _rgb(app.screen, leaf) != theme.DOOR_CLOSED  # the doorway stands free
    assert _rgb(app.screen, wall) == EDGE_WALL
    opened_grid = session.battle.grid
    scene.undo()  # the match goes back to a grid of its own, at a lower version
    assert session.battle.grid is not opened_grid
    app.step()
    assert _rgb(app.screen, leaf) == theme.DOOR_CLOSED  # back as it was
