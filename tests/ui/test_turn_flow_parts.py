"""Issue 12, "Turn flow" (i12), the parts on their own: the opponent's pace, the camera's
glide and when it follows, the banners' timing. Fake frame times only."""

from __future__ import annotations

import pygame

from game.ui.camera import Camera
from game.ui.camera_glide import CameraGlide, ease, needs_follow
from game.ui.opponent_pace import BETWEEN_CREATURES, SKIP_STEPS_PER_FRAME, OpponentPace
from game.ui.theme import Fonts
from game.ui.turn_banner import BANNER_SECONDS, Banner, BannerStrip


def test_i12_pace_waits_only_between_creatures() -> None:
    pace = OpponentPace()
    frames = 0
    while pace.steps(0.02, busy=False) == 0:
        frames += 1
    assert frames * 0.02 <= BETWEEN_CREATURES  # the first step after the short pause
    pace.stepped(passed_turn=False)
    assert pace.steps(0.02, busy=False) == 1  # the same creature goes on at once
    pace.stepped(passed_turn=True)
    assert pace.steps(0.02, busy=False) == 0  # a new creature: a short pause
    assert pace.steps(1.0, busy=True) == 0  # never while the animations run ...
    waited = 0.0
    while pace.steps(0.02, busy=False) == 0:
        waited += 0.02
    assert waited <= BETWEEN_CREATURES  # ... and the pause counts from when they end


def test_i12_skipping_runs_several_steps_a_frame_until_a_human_decides() -> None:
    pace = OpponentPace()
    pace.skip()
    assert pace.steps(0.0, busy=True) == SKIP_STEPS_PER_FRAME
    pace.idle()
    assert not pace.skipping
    assert pace.steps(0.0, busy=False) == 0


def camera() -> Camera:
    cam = Camera()
    cam.set_viewport(0, 0, 800, 600)
    return cam


def test_i12_follow_when_off_screen_or_at_an_edge_with_more_map_beyond() -> None:
    cam = camera()  # 40 px fields, the view shows fields 0..19 x 0..14
    assert not needs_follow(cam, (10, 7), board=(60, 40))
    assert needs_follow(cam, (30, 7), board=(60, 40))  # off screen
    assert needs_follow(cam, (19, 7), board=(60, 40))  # at the right edge, more map beyond
    assert not needs_follow(cam, (19, 7), board=(20, 15))  # the map ends there: in view
    assert not needs_follow(cam, (0, 0), board=(60, 40))  # the map's own corner is in view


def test_i12_the_glide_eases_to_the_centre_and_stops() -> None:
    cam = camera()
    glide = CameraGlide(cam, seconds=0.4)
    glide.towards(40.5, 30.5)
    xs = []
    for _ in range(25):
        glide.update(0.02)
        xs.append(cam.x)
    assert xs == sorted(xs) and xs[0] < xs[-1]
    assert xs[1] - xs[0] > xs[-3] - xs[-4]  # fast first, settling gently
    assert not glide.active
    assert abs(cam.x - (40.5 * 40 - 400)) < 1e-6 and abs(cam.y - (30.5 * 40 - 300)) < 1e-6
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0


def test_i12_a_hand_on_the_camera_cancels_the_glide() -> None:
    cam = camera()
    glide = CameraGlide(cam)
    glide.towards(50.0, 50.0)
    glide.update(0.05)
    cam.set_zoom(2.0)  # the wheel
    where = (cam.x, cam.y)
    glide.update(0.05)
    assert not glide.active and (cam.x, cam.y) == where


def test_i12_a_banner_fades_in_holds_and_is_gone_after_its_time() -> None:
    banner = Banner("Runde 2", (250, 200, 80), big=True)
    assert banner.alpha() == 0 and banner.offset() > 0
    banner.age = 0.6
    assert banner.alpha() == 255 and banner.offset() == 0
    banner.age = BANNER_SECONDS - 0.1
    assert 0 < banner.alpha() < 255
    strip = BannerStrip()
    strip.show("Runde 2", (250, 200, 80), big=True)
    strip.update(5.0)
    assert strip.showing  # never seen: its clock stands
    surface = pygame.Surface((800, 600))
    strip.draw(surface, Fonts(), pygame.Rect(0, 20, 800, 580))
    assert strip.drawn and strip.drawn[0].top >= 20
    strip.update(BANNER_SECONDS)
    assert not strip.showing


def test_i12_a_long_banner_is_cut_to_the_map_width() -> None:
    strip = BannerStrip()
    strip.show("Runde 12 · " + "Sehr lange Namen " * 10 + "übernimmt", (60, 120, 220), big=True)
    surface = pygame.Surface((500, 400))
    area = pygame.Rect(0, 20, 500, 380)
    strip.draw(surface, Fonts(), area)
    assert strip.drawn and area.contains(strip.drawn[0])
