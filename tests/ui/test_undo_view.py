"""Issue 12 leftovers (H12a, points 3 and 5): after a confirmed undo back into the other
person's turn the selection and the creature card are the seat's now at the screen, not
the other person's; while the built-in opponent acts (or, fogged, another seat decides)
the "Rückgängig" button is drawn greyed with the reason and Ctrl+Z takes nothing back.
Driven by posted events on the demo (I12-3: the hot-seat undo limits).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import ChangePosition
from game.rulesets.entaria.state import Stance
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import ConfirmScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Role
from game.ui.undo_guard import button, not_now, selection_after_step
from tests.ui.test_hotseat_undo_limits import (
    SIZE,
    click,
    ctrl_z,
    dismiss_handover,
    home,
    pass_to_other_person,
    table,
    undo_spot,
)

__all__ = ["home"]


def _owner_name(scene: BattleScene, key: str | None) -> str | None:
    """Return the name of the seat that plays creature ``key`` (None: nobody's)."""
    if key is None:
        return None
    piece = scene.pieces()[key]
    player = scene.session.player_of_side(piece.side)
    return player.name if player is not None else None


@pytest.mark.rule("I12-3")
def test_confirmed_undo_into_the_other_persons_turn_selects_for_them(home: Path) -> None:
    app, scene = table(home, with_gm=False)
    first = pass_to_other_person(app, scene)
    second = scene.viewer
    assert second is not None
    assert _owner_name(scene, scene.selected) == second.name  # the second person's creature
    ctrl_z(app)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    app.step(1.0)
    click(app, confirm.yes_rect.center)
    dismiss_handover(app)
    assert scene.viewer is not None and scene.viewer.name == first
    on_turn = scene.session.views.on_turn(scene.session.battle)
    assert on_turn is not None and _owner_name(scene, on_turn) == first
    assert scene.selected == on_turn  # the creature whose turn it is: theirs
    assert scene.hud.card.subject() == on_turn  # the card follows the selection


@pytest.mark.rule("I12-3")
def test_an_undo_inside_ones_own_turn_keeps_the_selection(home: Path) -> None:
    app, scene = table(home, with_gm=False)
    viewer = scene.viewer
    on_turn = scene.session.views.on_turn(scene.session.battle)
    assert on_turn is not None and scene.selected == on_turn
    assert viewer is not None
    ally = next(k for k in scene.pieces() if k != on_turn and _owner_name(scene, k) == viewer.name)
    assert scene.send(ChangePosition(on_turn, Stance.KNEELING.value)).ok
    commands = len(scene.session.match.commands)
    scene.select(ally)
    ctrl_z(app)
    assert len(scene.session.match.commands) == commands - 1
    assert scene.selected == ally  # the same seat, the same turn: the choice stays


@pytest.mark.rule("I12-3")
def test_selection_after_step_rules() -> None:
    """The pure rule: a change of viewer or turn takes the default; a hidden one goes."""
    kw = {"visible": None, "default": "likron"}
    assert selection_after_step("terraner", viewer_changed=True, turn_changed=False, **kw) == (
        "likron"
    )
    assert selection_after_step("terraner", viewer_changed=False, turn_changed=True, **kw) == (
        "likron"
    )
    assert selection_after_step("ron", viewer_changed=False, turn_changed=False, **kw) == "ron"
    hidden = {"visible": {"ron"}, "default": None}
    assert selection_after_step("pirat_2", viewer_changed=False, turn_changed=False, **hidden) is (
        None
    )
    none = {"visible": None, "default": None}
    assert selection_after_step("terraner", viewer_changed=True, turn_changed=True, **none) is None


# ------------------------------------------------------------- point 5: the opponent
def _demo_against_the_opponent(home: Path, language: str = "de") -> tuple[App, BattleScene]:
    app = open_app(home=home, size=SIZE, headless=True)
    app.set_language(language)
    app.settings.animations = False
    session = GameSession.new(demo_mission_path(), home=home, seed=3)  # pirates: the opponent
    scene = BattleScene(app, session)
    app.push(scene)
    pygame.event.clear()
    app.step(0.0)
    return app, scene


def _to_the_opponents_turn(app: App, scene: BattleScene) -> None:
    """End the heroes' turns until the built-in opponent acts (no frame time: it waits)."""
    for _ in range(8):
        if scene.session.ai_to_move:
            app.step(0.0)
            return
        scene.end_turn()
        app.step(0.0)
    raise AssertionError("the opponent never got the turn")


def _button_pixels(app: App, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    shown = rect.clip(app.screen.get_rect())  # a hotspot's rect is on the screen
    assert shown.width > 8 and shown.height > 8
    return [
        tuple(app.screen.get_at((x, y)))[:3]  # type: ignore[misc]
        for x in range(shown.left + 2, shown.right - 2, 3)
        for y in range(shown.top + 2, shown.bottom - 2, 3)
    ]


@pytest.mark.rule("I12-3")
def test_undo_is_greyed_with_a_reason_while_the_opponent_acts(home: Path) -> None:
    app, scene = _demo_against_the_opponent(home)
    scene.end_turn()  # something to undo: the first hero's end of turn
    app.step(0.0)
    if scene.session.ai_to_move:
        pytest.skip("seed 3: the opponent is already on turn after one turn")
    spot = undo_spot(scene)
    assert spot.enabled
    enabled_look = _button_pixels(app, spot.rect)
    _to_the_opponents_turn(app, scene)
    assert scene.session.ai_to_move and scene.session.match.can_undo
    spot = undo_spot(scene)
    assert not spot.enabled
    assert spot.tooltip == "Der Gegner ist am Zug: Rückgängig geht erst, wenn er fertig ist."
    assert _button_pixels(app, spot.rect) != enabled_look  # drawn greyed
    redo = undo_spot(scene, "actions:redo")
    assert not redo.enabled
    commands = len(scene.session.match.commands)
    before = len(scene.hud.board.messages)
    scene.undo()  # what Ctrl+Z calls (a frame with time would let the opponent step)
    assert len(scene.session.match.commands) == commands  # nothing taken back
    assert len(scene.hud.board.messages) > before
    assert scene.hud.board.messages[-1].text == spot.tooltip


@pytest.mark.rule("I12-3")
def test_the_opponents_undo_reason_in_english(home: Path) -> None:
    app, scene = _demo_against_the_opponent(home, "en")
    _to_the_opponents_turn(app, scene)
    spot = undo_spot(scene)
    assert not spot.enabled and spot.tooltip.startswith("The opponent is acting")


@pytest.mark.rule("I12-3")
def test_fogged_another_seats_decision_greys_undo_for_the_viewer(home: Path) -> None:
    app, scene = table(home, with_gm=True)
    session = scene.session
    owner = session.current_player
    assert owner is not None and owner.role is Role.HUMAN
    other = next(p for p in session.humans() if p is not owner and p.role is Role.HUMAN)
    why = not_now(session, other, True, app.t)
    assert why == f"{owner.name} ist am Zug: Rückgängig geht nur am eigenen Zug."
    enabled, tip, _ = button(session, other, app.t, fogged=True)
    assert not enabled and tip == why
    assert not_now(session, other, False, app.t) == ""  # without fog: the limits of I12-3
    assert not_now(session, owner, True, app.t) == ""  # the owner's own turn
    assert not_now(session, session.gm, True, app.t) == ""  # the game master may
