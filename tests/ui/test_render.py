"""The map, the tokens and the animations on screen: rendered pixels at known places."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.grid import BattleGrid, Cover, Terrain
from game.match.events import Event
from game.match.views import Meter
from game.missions.loader import demo_mission_path
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.views.pieces import CONDITION_BADGES, condition_marks
from game.ui import theme
from game.ui.anim import MAX_DURATION, Animator
from game.ui.camera import BASE_CELL_PX, Camera
from game.ui.map_looks import field_codes, legend_items, look_keys
from game.ui.map_tiles import TILE_PX, FieldLayer, TileCache
from game.ui.map_view import MapRenderer, background_for
from game.ui.theme import Fonts
from game.ui.tokens import TokenRenderer, TokenView, badge_rects, token_views

MAP = """
#########
#.......#
#..#....#
#..#.+..#
#..#....#
#.~:=%..#
#########
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
    return camera


def _token(**changes: object) -> TokenView:
    base = TokenView(
        key="a",
        name="Elro-Sa",
        initials="ES",
        colour=(47, 111, 208),
        cell=(4, 2),
        size=1,
        facing="E",
        meter=Meter(10, 16),
        marks=(),
        stance="standing",
        altitude=0,
        life="ok",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def _rgb(surface: pygame.Surface, pos: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(pos)
    return (colour.r, colour.g, colour.b)


# ------------------------------------------------------------------- map
@pytest.mark.parametrize("zoom", [0.25, 1.0, 4.0])
def test_a_wall_field_shows_the_wall_colour(screen: pygame.Surface, zoom: float) -> None:
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    camera = _camera(zoom)
    camera.centre_on(4.0, 2.5)
    renderer.draw(screen, camera)
    assert _rgb(screen, camera.cell_centre((3, 3))) == theme.WALL
    assert _rgb(screen, camera.cell_centre((4, 1))) == theme.FLOOR


def test_open_and_closed_doors_look_different(screen: pygame.Surface) -> None:
    """A closed door shows its leaf across the doorway; an open one a free doorway."""
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    camera = _camera(2.0)
    door = (5, 3)
    renderer.draw(screen, camera)
    x, y = camera.cell_to_screen(door)
    size = camera.cell_px
    closed = pygame.surfarray.array3d(screen.subsurface((x, y, size, size))).copy()
    assert _rgb(screen, camera.cell_centre(door)) == theme.DOOR_CLOSED
    grid.set_door_open(door, True)
    renderer.draw(screen, camera)
    opened = pygame.surfarray.array3d(screen.subsurface((x, y, size, size)))
    assert _rgb(screen, camera.cell_centre(door)) != theme.DOOR_CLOSED
    assert np.abs(closed.astype(int) - opened.astype(int)).sum(axis=2).astype(bool).mean() > 0.1


def test_the_tile_cache_follows_the_grid_version(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    renderer.prefetch = False
    camera = _camera()
    renderer.draw(screen, camera)
    before = set(renderer.tiles)
    assert before and all(key[1] == grid.version for key in before)  # type: ignore[index]
    renderer.draw(screen, camera)
    assert set(renderer.tiles) == before  # nothing changed: every tile reused
    grid.set_door_open((5, 3), True)
    renderer.draw(screen, camera)
    after = {key for key in renderer.tiles if key[1] == grid.version}  # type: ignore[index]
    assert after and after.isdisjoint(before)
    # a new grid object (after undo) is drawn from fresh tiles even at an equal version
    other = BattleGrid.from_ascii(MAP.replace("#..#.+..#", "#..#.#..#"))
    renderer.set_grid(other)
    renderer.draw(screen, camera)
    assert _rgb(screen, camera.cell_centre((5, 3))) == theme.WALL


def test_idle_frames_prepare_the_next_zoom_step(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import map_view

    monkeypatch.setattr(map_view, "PREFETCH_MS", 10_000.0)  # no dependence on speed
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    camera = _camera()
    renderer.draw(screen, camera)  # renders what is in view
    renderer.draw(screen, camera)  # all cached: prepares the neighbours
    sizes = {key[2] for key in renderer.tiles}  # type: ignore[index]
    assert {camera.cell_px, round(BASE_CELL_PX * 1.15), round(BASE_CELL_PX / 1.15)} <= sizes
    misses = renderer.tiles.misses
    camera.zoom_at((320, 240), 1.15)
    renderer.draw(screen, camera)
    assert renderer.tiles.misses == misses  # the wheel step found its tiles ready


def test_the_tile_cache_is_bounded_and_least_recently_used() -> None:
    cache = TileCache(max_bytes=3 * 16 * 16 * 4)
    for key in range(3):
        cache.put(key, pygame.Surface((16, 16), 0, 32))
    cache.get(0)
    cache.put(3, pygame.Surface((16, 16), 0, 32))
    assert 1 not in cache and 0 in cache and 3 in cache
    assert cache.bytes <= cache.max_bytes
    assert cache.spare((16, 16)) is not None  # the dropped surface is kept for reuse


def test_every_kind_of_field_has_its_own_look() -> None:
    grid = BattleGrid.from_ascii(MAP)
    codes = field_codes(grid)
    assert codes[1, 1] == 0  # plain floor
    looks = {int(codes[y, x]) for x, y in [(3, 3), (5, 3), (2, 5), (3, 5), (4, 5), (5, 5)]}
    assert len(looks) == 6
    assert look_keys(int(codes[5, 2])) == ["water", "difficult"]
    assert "low_obstacle" in look_keys(int(codes[5, 4]))
    assert "smoke" in look_keys(int(codes[5, 5]))
    hazard = BattleGrid.from_arrays(np.zeros((2, 2), bool), hazard=np.eye(2, dtype=bool))
    assert look_keys(int(field_codes(hazard)[0, 0])) == ["hazard"]
    glass = BattleGrid.from_arrays(np.ones((1, 2), bool), see_through=np.array([[1, 0]], bool))
    assert look_keys(int(field_codes(glass)[0, 0])) == ["glass"]
    keys = [item.key for item in legend_items(grid)]
    for key in ("floor", "wall", "door_closed", "water", "low_obstacle", "smoke", "rubble"):
        assert key in keys


@pytest.mark.parametrize("terrain", list(Terrain))
def test_each_terrain_kind_draws_a_pattern_of_its_own(
    screen: pygame.Surface, terrain: Terrain
) -> None:
    grid = BattleGrid.from_arrays(
        np.zeros((1, 1), bool), terrain=np.full((1, 1), int(terrain)), cover=np.zeros((1, 1))
    )
    renderer = MapRenderer(grid, Fonts())
    sprite = renderer.sprite(int(field_codes(grid)[0, 0]), 40)
    colours = {tuple(c) for c in pygame.surfarray.array3d(sprite).reshape(-1, 3)}
    if terrain is Terrain.NONE:
        assert int(field_codes(grid)[0, 0]) == 0
    else:
        assert len(colours) > 2  # ground colour, pattern, grid line at least


def test_cover_objects_are_drawn(screen: pygame.Surface) -> None:
    cover = np.array([[int(Cover.PARTIAL), int(Cover.FULL)]])
    grid = BattleGrid.from_arrays(np.zeros((1, 2), bool), cover=cover)
    renderer = MapRenderer(grid, Fonts())
    camera = _camera(2.0)
    renderer.draw(screen, camera)
    partial = _rgb(screen, camera.cell_centre((0, 0)))
    full = _rgb(screen, camera.cell_centre((1, 0)))
    assert theme.FLOOR not in (partial, full)
    assert partial != full


def test_coordinates_are_drawn_on_the_border(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    camera = _camera(2.0)
    screen.fill((0, 0, 0))
    renderer.draw_coordinates(screen, camera)
    top, left = renderer.coordinate_strips(camera)
    label_area = pygame.surfarray.array3d(screen.subsurface(top)).max(axis=2)
    assert label_area.max() > 150  # light digits on the dark strip
    assert left.width >= 10


BACKGROUND_MISSION = """
[mission]
title = "Bild"

[map]
width = 6
height = 6
rows = '''
......
......
......
......
......
......
'''

[map.background]
path = "bg.png"
pixels_per_field = 20

[[sides]]
key = "a"
name = "A"
colour = "#ff0000"
controller = "player"

[[sides]]
key = "b"
name = "B"
colour = "#0000ff"
controller = "gm"

[[creatures]]
key = "x"
type = "ron"
name = "Ron"
side = "a"
at = [0, 0]

[[creatures]]
key = "y"
type = "dretop_pirat"
name = "Pirat"
side = "b"
at = [5, 5]
"""


def test_a_background_image_lies_under_the_grid(screen: pygame.Surface, tmp_path: Path) -> None:
    image = pygame.Surface((80, 80))
    image.fill((10, 200, 30))
    data = io.BytesIO()
    pygame.image.save(image, data, "bg.png")
    (tmp_path / "bg.png").write_bytes(data.getvalue())
    (tmp_path / "m.toml").write_text(BACKGROUND_MISSION, encoding="utf-8")
    picture, ppf, offset = background_for(tmp_path / "m.toml")
    assert picture is not None and ppf == 20 and offset == (0, 0)
    grid = BattleGrid.open(6, 6)
    renderer = MapRenderer(grid, Fonts(), background=picture, background_px_per_field=ppf)
    camera = _camera()
    renderer.draw(screen, camera)
    assert _rgb(screen, camera.cell_centre((1, 1))) == (10, 200, 30)
    assert _rgb(screen, camera.cell_centre((5, 5))) != (10, 200, 30)  # beyond the image
    assert background_for(tmp_path / "missing.toml") == (None, 0, (0, 0))
    with_image = MapRenderer.for_mission(grid, Fonts(), tmp_path / "m.toml")
    assert with_image.background is not None


def test_a_universal_vtt_map_brings_its_own_image() -> None:
    from game.missions.loader import load_any

    data = Path(__file__).resolve().parent.parent / "missions" / "data"
    loaded = load_any(data / "tavern.dd2vtt")
    picture, ppf, _ = background_for(loaded)
    assert picture is not None and ppf > 0


def test_a_field_layer_tints_its_fields(screen: pygame.Surface) -> None:
    rgba = np.zeros((4, 4, 4), dtype=np.uint8)
    rgba[1, 2] = (255, 0, 0, 255)
    layer = FieldLayer(rgba)
    camera = _camera()
    screen.fill((0, 0, 0))
    layer.draw(screen, camera)
    assert _rgb(screen, camera.cell_centre((2, 1))) == (255, 0, 0)
    assert _rgb(screen, camera.cell_centre((1, 1))) == (0, 0, 0)


def test_tiles_have_one_size_at_every_zoom(screen: pygame.Surface) -> None:
    grid = BattleGrid.from_ascii(MAP)
    renderer = MapRenderer(grid, Fonts())
    for zoom in (0.25, 0.6, 1.0, 2.5, 4.0):
        renderer.draw(screen, _camera(zoom))
    assert all(renderer.tile(0, 0, s).get_size() == (TILE_PX, TILE_PX) for s in (10, 40, 160))


# ---------------------------------------------------------------- camera
@pytest.mark.parametrize("factor", [1.15, 1 / 1.15, 2.0, 0.5])
def test_zoom_at_the_cursor_keeps_the_point_under_it(factor: float) -> None:
    camera = Camera(x=123.0, y=-40.0)
    camera.set_viewport(30, 50, 900, 600)
    cursor = (517, 333)
    before = camera.screen_to_point(cursor)
    camera.zoom_at(cursor, factor)
    assert camera.screen_to_point(cursor) == pytest.approx(before, abs=1 / BASE_CELL_PX)


# ---------------------------------------------------------------- tokens
def test_a_token_shows_its_side_colour_at_its_field_centre(screen: pygame.Surface) -> None:
    renderer = TokenRenderer(Fonts())
    for zoom in (0.5, 1.0, 3.0):
        camera = _camera(zoom)
        screen.fill((0, 0, 0))
        token = _token(selected=True, current=True)
        renderer.draw(screen, camera, [token])
        assert _rgb(screen, camera.cell_centre(token.cell)) == token.colour
        assert renderer.drawn["a"].collidepoint(camera.cell_centre(token.cell))


def test_the_battle_screen_shows_each_token_in_its_side_colour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole scene: every creature's field centre shows its side's colour."""
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    from game.ui.play import start_battle
    from game.ui.scenes.navigate import open_app
    from game.ui.settings import Settings

    app = open_app(
        home=tmp_path, settings=Settings(fog_of_war=False), size=(1280, 800), headless=True
    )
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    app.step()
    checked = 0
    for creature in scene.session.battle.state.creatures.values():
        centre = scene.camera.cell_centre(creature.cell)
        if scene.camera.contains(centre) and not creature.out_of_fight:
            assert _rgb(app.screen, centre) == scene.colours[creature.side], creature.key
            checked += 1
    assert checked >= 2
    pygame.display.quit()


def test_states_and_stances_look_different(screen: pygame.Surface) -> None:
    renderer = TokenRenderer(Fonts())
    camera = _camera(2.0)
    looks = [
        _token(),
        _token(stance="kneeling"),
        _token(stance="prone"),
        _token(life="unconscious", meter=Meter(0, 16)),
        _token(life="dying", meter=Meter(-3, 16)),
        _token(life="dead", meter=Meter(-12, 16)),
        _token(hidden=True),
        _token(altitude=3),
    ]
    pictures = [pygame.image.tobytes(renderer.sprite(t, camera.cell_px), "RGBA") for t in looks]
    assert len(set(pictures)) == len(looks)
    # the dead are marked across the centre; the hidden are faded
    dead = renderer.sprite(_token(life="dead", meter=Meter(-12, 16)), 80)
    centre = dead.get_width() // 2
    assert dead.get_at((centre, centre))[:3] != _token().colour
    hidden = renderer.sprite(_token(hidden=True), 80)
    plain = renderer.sprite(_token(), 80)
    assert hidden.get_at((centre, centre)).a < plain.get_at((centre, centre)).a


def test_condition_badges_sit_where_they_are_drawn(screen: pygame.Surface) -> None:
    renderer = TokenRenderer(Fonts())
    camera = _camera(2.0)
    token = _token(marks=condition_marks((Condition.BLEEDING, Condition.STUNNED)))
    renderer.draw(screen, camera, [token])
    badges = badge_rects(token, camera)
    assert [c for _, c in badges] == [Condition.BLEEDING, Condition.STUNNED]
    rect, condition = badges[0]
    assert renderer.badge_at(rect.center) == (condition, "a")
    assert renderer.badge_at((5, 470)) is None
    crowded = _token(marks=condition_marks(list(CONDITION_BADGES)[:12]))
    shown = badge_rects(crowded, camera)
    assert shown[-1][1] is None and len(shown) < 12  # "+n" for those that do not fit


def test_condition_codes_are_unique() -> None:
    codes = [code for code, _ in CONDITION_BADGES.values()]
    assert len(codes) == len(set(codes))
    assert set(CONDITION_BADGES) == set(Condition)


def test_token_views_follow_the_battle(tmp_path: Path) -> None:
    from game.ui.session import GameSession

    session = GameSession.new(demo_mission_path(), home=tmp_path, seed=3)
    battle = session.battle
    colours = {side: (1, 2, 3) for side in battle.sides}
    first = token_views(session.views, battle, colours)
    again = token_views(session.views, battle, colours)
    assert first == again
    creature = next(iter(battle.state.creatures.values()))
    creature.cell = (creature.cell[0], creature.cell[1] + 1)
    moved = {v.key: v for v in token_views(session.views, battle, colours, selected=creature.key)}
    assert moved[creature.key].cell == creature.cell
    assert moved[creature.key].selected
    assert len(token_views(session.views, battle, colours, visible={creature.key})) == 1


# ------------------------------------------------------------ animations
def _move_event(key: str, path: list[list[int]]) -> Event:
    return Event("move", "", "", key, {"path": path, "action": "WALK"})


def test_a_move_glides_along_its_path_and_ends_on_the_field() -> None:
    animator = Animator(True)
    token = _token(cell=(3, 0))
    animator.place(token)  # seen at its new field already: the state is final
    animator.from_events([_move_event("a", [[0, 0], [1, 0], [2, 0], [3, 0]])])
    assert animator.busy
    assert animator.place(token) == (0.0, 0.0)
    animator.update(0.1)
    x, y = animator.place(token)
    assert 0.0 < x < 3.0 and y == 0.0
    assert "a" in animator.positions()
    animator.update(MAX_DURATION)
    assert not animator.busy
    assert animator.place(token) == (3.0, 0.0)
    assert animator.positions() == {}


def test_switched_off_animations_show_the_final_state() -> None:
    animator = Animator(False)
    token = _token(cell=(3, 0))
    animator.place(_token(cell=(0, 0)))
    animator.from_events([_move_event("a", [[0, 0], [3, 0]])])
    assert not animator.busy
    assert animator.place(token) == (3.0, 0.0)  # no glide for the jump either


def test_hits_flash_and_throws_fly_along_the_scatter_path(screen: pygame.Surface) -> None:
    """D-7: the thrown object flies to the intended field, then to where it lands."""
    animator = Animator(True)
    animator.place(_token(key="t", cell=(1, 1)))
    animator.place(_token(key="v", cell=(6, 2)))
    events = [
        Event("roll", "", "", "t", {"field": [5, 1], "weapon": "granate"}),
        Event("scatter", "", "", "t", {"landing": [6, 2], "step": [1, 1], "distance_roll": 1}),
        Event("area", "", "", "t", {"landing": [6, 2], "fields": [[6, 2], [5, 2]]}),
        Event("damage", "", "", "t", {"target": "v", "final": 3}),
    ]
    animator.from_events(events)
    assert len(animator.flights) == 1
    assert animator.flights[0].points == [(1.5, 1.5), (5.5, 1.5), (6.5, 2.5)]
    assert all(f.flight <= MAX_DURATION and f.scatter <= MAX_DURATION for f in animator.flights)
    assert animator.blasts and animator.flashes
    camera = _camera(2.0)
    for _ in range(40):
        animator.update(0.03)
        animator.draw(screen, camera)
    assert not animator.busy


def test_a_field_change_without_a_move_event_glides_too() -> None:
    animator = Animator(True)
    animator.place(_token(cell=(2, 2)))
    x, _ = animator.place(_token(cell=(4, 2)))  # pushed two fields
    assert x == 2.0 and animator.busy
    animator.update(1.0)
    assert animator.place(_token(cell=(4, 2))) == (4.0, 2.0)


def test_the_token_renderer_asks_the_animator_where_tokens_are(screen: pygame.Surface) -> None:
    animator = Animator(True)
    renderer = TokenRenderer(Fonts())
    camera = _camera()
    token = _token(cell=(5, 0))
    renderer.draw(screen, camera, [token], animator.positions())
    animator.from_events([_move_event("a", [[0, 0], [5, 0]])])
    renderer.draw(screen, camera, [token], animator.positions())
    assert renderer.drawn["a"].topleft == camera.cell_to_screen((0, 0))


# ---------------------------------------------------------------- bench
def test_bench_ui_prints_its_figures() -> None:
    out = io.StringIO()
    from game.ui.bench import run_ui_bench

    assert run_ui_bench(frames=3, out=out) == 0
    text = out.getvalue()
    for figure in ("median frame", "p95 frame", "max frame"):
        assert figure in text
