"""Issue 12 leftovers (H12a, point 4): the handover and turn banners say who is to act,
"<Name> ist am Zug" / "<name> to act": the seat's person, else the side ("Am Zug:
Piraten", a plural side name needs no verb to agree). Driven by posted events (I12-3).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.handover import HandoverScene
from game.ui.session import Player, Role
from game.ui.turn_flow import acting_seat
from tests.ui.test_turn_flow import FRAME, battle, home, key

__all__ = ["home"]


def _to_handover(app: App) -> None:
    """End turns (Space) until the handover screen covers the map."""
    for _ in range(12):
        key(app, pygame.K_SPACE)
        if isinstance(app.top, HandoverScene):
            return
    raise AssertionError("the screen never went to the other person")


@pytest.mark.rule("I12-3")
def test_the_handover_banner_names_the_person_to_act(home: Path) -> None:
    app, scene = battle(home, "hotseat", fog=True)
    _to_handover(app)
    viewer = scene.viewer
    assert viewer is not None
    big = scene.turn_flow.banners.big
    assert big is not None and big.text.endswith(f"{viewer.name} ist am Zug")
    small = scene.turn_flow.banners.small
    turn = scene.session.views.on_turn(scene.session.battle)
    assert turn is not None
    assert small is not None and small.text == (
        f"{viewer.name} ist am Zug: {scene.pieces()[turn].name}"
    )
    app.step(1.0)  # the handover's grace time, then the click that hands over
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
    app.step(FRAME)
    assert app.top is scene
    app.step(FRAME)
    assert scene.turn_flow.banners.drawn  # drawn over the map once it shows


@pytest.mark.rule("I12-3")
def test_the_banners_say_who_is_to_act_in_english(home: Path) -> None:
    app, scene = battle(home, "hotseat", fog=False, language="en")
    first = scene.viewer
    for _ in range(12):
        key(app, pygame.K_SPACE)
        if scene.viewer is not first:
            break
    viewer = scene.viewer
    assert viewer is not None and viewer is not first
    big = scene.turn_flow.banners.big
    assert big is not None and big.text.endswith(f"{viewer.name} to act")
    small = scene.turn_flow.banners.small
    assert small is not None and small.text.startswith(f"{viewer.name} to act: ")


@pytest.mark.rule("I12-3")
def test_a_seat_of_the_built_in_opponent_is_named_by_its_side(home: Path) -> None:
    app, scene = battle(home, "demo")
    sides = {s.key: s.name for s in scene.session.match.setup.sides}
    assert acting_seat(scene, "piraten") == (sides["piraten"], False)
    scene.session.set_players(
        [
            Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"]),
            Player("KI", "#3c78dc", Role.AI, ["piraten"]),
        ]
    )
    assert acting_seat(scene, "freunde") == ("Anna", True)
    assert acting_seat(scene, "piraten") == (sides["piraten"], False)  # not "KI"
    t = app.t
    assert t("turnflow.to_act_side", who="Piraten") == "Am Zug: Piraten"
    assert "ist" not in t("turnflow.turn_by_side", who="Piraten", name="Pirat Krask")


@pytest.mark.rule("I12-3")
def test_the_opponents_turn_banner_names_its_side(home: Path) -> None:
    app, scene = battle(home, "demo")
    for _ in range(10):
        if scene.session.ai_to_move:
            break
        key(app, pygame.K_SPACE, 0.0)
    assert scene.session.ai_to_move
    small = scene.turn_flow.banners.small
    turn = scene.session.views.on_turn(scene.session.battle)
    assert turn is not None and small is not None
    piece = scene.pieces()[turn]
    side = next(s.name for s in scene.session.match.setup.sides if s.key == piece.side)
    assert small.text == f"Am Zug: {side} — {piece.name}"
