"""Issue 12, "Turn flow" (i12): a banner at each new round and each handover, the camera
following the creature whose turn begins, and the built-in opponent's turn quick to
watch and skippable (Tab). Driven by posted events and fake frame times (no wall clock).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.opponent_pace import BETWEEN_CREATURES, SKIP_KEY
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from tests.shots import save_shot

SIZE = (1280, 800)
FRAME = 0.02  # seconds per fake frame


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.event.clear()
    pygame.display.quit()


def post(event_type: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **values))


def key(app: App, code: int, dt: float | None = None) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="")
    post(pygame.KEYUP, key=code, mod=0, unicode="")
    app.step(dt)


def shot(app: App, name: str) -> None:
    save_shot(app.screen, f"i12_turnflow_{name}.png")


def battle(
    home: Path, seats: str, *, fog: bool = False, follow: bool = True, language: str = "de"
) -> tuple[App, BattleScene]:
    """Open the demo: ``solo`` (one person plays both sides), ``demo`` (the built-in
    opponent plays the pirates) or ``hotseat`` (Anna and Bärbel)."""
    app = open_app(home=home, size=SIZE, headless=True)
    app.set_language(language)
    app.settings.fog_of_war = fog
    app.settings.camera_follow = follow
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
    if seats == "solo":
        session.set_players([Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde", "piraten"])])
    elif seats == "hotseat":
        session.set_players(
            [
                Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"]),
                Player("Bärbel", "#3c78dc", Role.HUMAN, ["piraten"]),
            ]
        )
    scene = BattleScene(app, session)
    app.push(scene)
    pygame.event.clear()
    app.step()
    return app, scene


def rect_pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


def banner_pixels_differ(app: App, scene: BattleScene, name: str) -> bool:
    """Return whether the banners change the pixels where they are drawn (shot ``name``)."""
    flow = scene.turn_flow
    app.step(0.4)  # past the slide: fully opaque
    rects = list(flow.banners.drawn)
    assert rects, "no banner drawn"
    with_banner = [rect_pixels(app.screen, r) for r in rects]
    shot(app, name)
    kept = flow.banners.big, flow.banners.small
    flow.banners.clear()
    app.step(0.0)
    without = [rect_pixels(app.screen, r) for r in rects]
    flow.banners.big, flow.banners.small = kept
    return all(a != b for a, b in zip(with_banner, without, strict=True))


def end_turns_until_round(app: App, scene: BattleScene, number: int) -> None:
    views, session = scene.session.views, scene.session
    for _ in range(40):
        if views.current_round(session.battle) == number:
            return
        key(app, pygame.K_SPACE)
    raise AssertionError(f"round {number} never began")


def to_opponent(app: App, scene: BattleScene) -> None:
    """End the humans' turns until the built-in opponent acts."""
    for _ in range(10):
        if scene.session.ai_to_move:
            return
        key(app, pygame.K_SPACE, FRAME)
    raise AssertionError("the opponent never got the turn")


# ------------------------------------------------------------------ banners
def test_i12_a_banner_says_the_new_round(home: Path) -> None:
    app, scene = battle(home, "solo")
    assert scene.session.views.current_round(scene.session.battle) == 1
    end_turns_until_round(app, scene, 2)
    big = scene.turn_flow.banners.big
    assert big is not None and big.text == "Runde 2"
    small = scene.turn_flow.banners.small
    first = scene.session.views.on_turn(scene.session.battle)
    assert first is not None
    name = scene.pieces()[first].name
    assert small is not None and small.text == f"Anna ist am Zug: {name}"  # the seat, then who
    app.step(0.02)
    assert banner_pixels_differ(app, scene, "round")


def test_i12_the_round_banner_in_english(home: Path) -> None:
    app, scene = battle(home, "solo", language="en")
    end_turns_until_round(app, scene, 2)
    big = scene.turn_flow.banners.big
    assert big is not None and big.text == "Round 2"


def test_i12_each_new_turn_gets_a_small_banner_only(home: Path) -> None:
    app, scene = battle(home, "solo")
    key(app, pygame.K_SPACE)
    flow = scene.turn_flow
    key_now = scene.session.views.on_turn(scene.session.battle)
    assert key_now is not None
    assert flow.banners.big is None  # the same round: no large banner
    assert flow.banners.small is not None
    assert flow.banners.small.text == f"Anna ist am Zug: {scene.pieces()[key_now].name}"


def test_i12_banners_fade_within_about_a_second_and_never_take_input(home: Path) -> None:
    app, scene = battle(home, "solo")
    end_turns_until_round(app, scene, 2)
    flow = scene.turn_flow
    app.step(FRAME)
    assert flow.banners.showing
    # Space still ends the turn while the banner shows: the banner takes no key
    turn = scene.session.views.on_turn(scene.session.battle)
    key(app, pygame.K_SPACE, FRAME)
    assert scene.session.views.on_turn(scene.session.battle) != turn
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1)
    assert flow.handle(click) is False
    for _ in range(int(1.3 / FRAME) + 2):
        app.step(FRAME)
    assert not flow.banners.showing
    assert flow.banners.drawn == []


def test_i12_the_banner_sits_below_the_ruler_clear_of_the_top_row(home: Path) -> None:
    app, scene = battle(home, "solo")
    end_turns_until_round(app, scene, 2)
    app.step(0.4)
    ruler = scene.map.coordinate_strips(scene.camera)[0]
    top_row_bottom = scene.camera.cell_to_screen((0, 1))[1]
    for rect in scene.turn_flow.banners.drawn:
        assert rect.top >= ruler.bottom
        assert rect.top >= top_row_bottom  # row 0 of the fitted map stays visible


def test_i12_an_undo_shows_no_banner(home: Path) -> None:
    app, scene = battle(home, "solo")
    end_turns_until_round(app, scene, 2)
    scene.turn_flow.banners.clear()
    scene.undo()
    assert not scene.turn_flow.banners.showing


def test_i12_a_banner_after_the_handover_waits_for_the_map(home: Path) -> None:
    app, scene = battle(home, "hotseat", fog=True)
    first = scene.viewer
    assert first is not None
    for _ in range(12):
        key(app, pygame.K_SPACE)
        if isinstance(app.top, HandoverScene):
            break
    handover = app.top
    assert isinstance(handover, HandoverScene)
    second = scene.viewer
    assert second is not None and second is not first
    app.step(1.0)  # the handover screen covers the map: the banner's clock stands
    big = scene.turn_flow.banners.big
    assert big is not None and big.text.endswith(f"{second.name} ist am Zug")
    assert big.age == 0.0 and not big.seen
    post(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1)
    app.step(FRAME)
    assert app.top is scene
    app.step(FRAME)
    assert scene.turn_flow.banners.big is big and big.seen and big.age <= 2 * FRAME
    assert banner_pixels_differ(app, scene, "handover")


def test_i12_without_fog_the_handover_banner_shows_at_once(home: Path) -> None:
    app, scene = battle(home, "hotseat", fog=False)
    first = scene.viewer
    for _ in range(12):
        key(app, pygame.K_SPACE)
        if scene.viewer is not first:
            break
    assert scene.viewer is not first and scene.viewer is not None
    assert app.top is scene
    big = scene.turn_flow.banners.big
    assert big is not None and big.text.endswith(f"{scene.viewer.name} ist am Zug")


def test_i12_a_round_that_begins_with_a_handover_says_both(home: Path) -> None:
    app, scene = battle(home, "hotseat", fog=False)
    end_turns_until_round(app, scene, 2)  # the pirates end round 1, the friends begin 2
    viewer = scene.viewer
    assert viewer is not None and viewer.name == "Anna"
    big = scene.turn_flow.banners.big
    assert big is not None and big.text == "Runde 2 · Anna ist am Zug"


# ------------------------------------------------------------------- camera
def off_screen(app: App, scene: BattleScene) -> tuple[float, float]:
    """Zoom in and look at the far corner, away from every creature."""
    camera = scene.camera
    camera.set_zoom(3.0)
    grid = scene.session.battle.grid
    camera.x = grid.width * camera.cell_px + 2000.0
    camera.y = grid.height * camera.cell_px + 2000.0
    return camera.x, camera.y


def centre_of(scene: BattleScene, key_: str) -> tuple[int, int]:
    piece = scene.pieces()[key_]
    x, y = scene.camera.point_to_screen(
        piece.cell[0] + piece.size / 2, piece.cell[1] + piece.size / 2
    )
    return x, y


def test_i12_the_camera_glides_to_the_creature_on_turn_when_off_screen(home: Path) -> None:
    app, scene = battle(home, "solo", follow=True)
    start = off_screen(app, scene)
    key(app, pygame.K_SPACE, 0.0)
    turn = scene.session.views.on_turn(scene.session.battle)
    assert turn is not None
    assert scene.turn_flow.glide.active
    app.step(0.1)
    midway = (scene.camera.x, scene.camera.y)
    assert midway != start  # gliding, not jumping there at once ...
    for _ in range(30):
        app.step(FRAME)
    assert not scene.turn_flow.glide.active
    camera = scene.camera
    cx, cy = centre_of(scene, turn)
    assert abs(cx - (camera.viewport_x + camera.viewport_w / 2)) <= 2
    assert abs(cy - (camera.viewport_y + camera.viewport_h / 2)) <= 2
    shot(app, "camera_followed")


def test_i12_the_camera_stays_when_the_setting_is_off(home: Path) -> None:
    app, scene = battle(home, "solo", follow=False)
    start = off_screen(app, scene)
    key(app, pygame.K_SPACE, 0.0)
    for _ in range(30):
        app.step(FRAME)
    assert (scene.camera.x, scene.camera.y) == start
    assert not scene.turn_flow.glide.active


def test_i12_the_camera_stays_when_the_creature_is_in_view(home: Path) -> None:
    app, scene = battle(home, "solo", follow=True)  # the first view shows the whole map
    start = (scene.camera.x, scene.camera.y)
    for _ in range(3):
        key(app, pygame.K_SPACE, FRAME)
    assert (scene.camera.x, scene.camera.y) == start


def test_i12_panning_by_hand_cancels_the_glide(home: Path) -> None:
    app, scene = battle(home, "solo", follow=True)
    off_screen(app, scene)
    key(app, pygame.K_SPACE, 0.0)
    app.step(0.05)
    assert scene.turn_flow.glide.active
    scene.camera.pan(-150, 40)  # the player drags the map
    dragged = (scene.camera.x, scene.camera.y)
    for _ in range(20):
        app.step(FRAME)
    assert not scene.turn_flow.glide.active
    assert (scene.camera.x, scene.camera.y) == dragged


def test_i12_the_camera_does_not_show_a_creature_hidden_by_fog(home: Path) -> None:
    app, scene = battle(home, "demo", fog=True, follow=True)
    session, flow = scene.session, scene.turn_flow
    hidden = shown = 0
    for _ in range(600):
        if hidden and shown:
            break
        off_screen(app, scene)  # every creature is off screen: a seen one pulls the camera
        flow.glide.cancel()
        turn = session.views.on_turn(session.battle)
        if session.ai_to_move:
            app.step(FRAME)
        else:
            key(app, pygame.K_SPACE, 0.0)
        new_turn = session.views.on_turn(session.battle)
        if new_turn is None or new_turn == turn:
            continue
        visible = scene.visible_keys()
        assert visible is not None  # the viewer sees through the fog
        if new_turn in visible:
            shown += 1
            assert flow.glide.active
        else:
            hidden += 1
            assert not flow.glide.active
            small = flow.banners.small
            assert small is not None and small.text == "Ein verborgener Gegner ist am Zug"
    assert hidden and shown


# -------------------------------------------------------- the opponent's turn
def test_i12_the_opponent_steps_with_no_more_than_the_short_pause(home: Path) -> None:
    app, scene = battle(home, "demo", fog=False)
    to_opponent(app, scene)
    session = scene.session
    idle = 0.0
    worst = 0.0
    busy_frames = 0
    for _ in range(2000):
        if not session.ai_to_move:
            break
        before = len(session.match.commands)
        app.step(FRAME)
        stepped = len(session.match.commands) > before
        if scene.animator.busy:
            busy_frames += 1
        if stepped or scene.animator.busy:
            idle = 0.0
        else:
            idle += FRAME
            worst = max(worst, idle)
    assert not session.ai_to_move, "the opponent's turn never ended"
    assert busy_frames > 0  # its moves are animated
    assert worst <= BETWEEN_CREATURES + 1e-6  # no idle seconds between its steps


def test_i12_the_hint_names_the_skip_key_while_the_opponent_acts(home: Path) -> None:
    app, scene = battle(home, "demo", fog=False)
    assert scene.turn_flow.hint_shown == ""
    to_opponent(app, scene)
    app.step(0.0)
    assert scene.turn_flow.hint_shown == "Gegner am Zug — [Tab] überspringen"
    shot(app, "opponent_hint")


def test_i12_tab_skips_the_opponent_without_animation(home: Path) -> None:
    app, scene = battle(home, "demo", fog=False)
    to_opponent(app, scene)
    session = scene.session
    for _ in range(200):  # watch until something is animated
        app.step(FRAME)
        if scene.animator.busy:
            break
    assert scene.animator.busy
    before = len(session.match.commands)
    key(app, SKIP_KEY, FRAME)
    assert not scene.animator.busy  # finished at once
    frames = 0
    while session.ai_to_move and frames < 100:
        app.step(FRAME)
        frames += 1
        assert not scene.animator.busy  # every further step unanimated
        assert not scene.animator.glides
    assert not session.ai_to_move  # a human decides now
    assert len(session.match.commands) > before + 1
    assert frames <= 20  # a few frames, not the watched pace
    turn = session.views.on_turn(session.battle)
    assert turn is not None
    small = scene.turn_flow.banners.small
    name = scene.pieces()[turn].name  # the seat keeps its side's name: the side is said
    assert small is not None and small.text.startswith("Am Zug: ")
    assert small.text.endswith(f" — {name}")
    app.step(FRAME)
    assert not scene.turn_flow.pace.skipping  # the next opponent's turn is watched again
    assert scene.animator.enabled
    shot(app, "after_skip")


def test_i12_tab_on_a_human_turn_does_nothing(home: Path) -> None:
    _app, scene = battle(home, "demo", fog=False)
    assert not scene.session.ai_to_move
    tab = pygame.event.Event(pygame.KEYDOWN, key=SKIP_KEY, mod=0, unicode="\t")
    assert scene.turn_flow.handle(tab) is False
    assert not scene.turn_flow.pace.skipping


def test_i12_alt_tab_does_not_skip_the_opponent(home: Path) -> None:
    app, scene = battle(home, "demo", fog=False)
    to_opponent(app, scene)
    alt_tab = pygame.event.Event(pygame.KEYDOWN, key=SKIP_KEY, mod=pygame.KMOD_LALT, unicode="")
    assert scene.turn_flow.handle(alt_tab) is False
    assert not scene.turn_flow.pace.skipping
