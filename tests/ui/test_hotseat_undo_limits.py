"""Issue 12, point 3: at a hot-seat table a person undoes only their own commands since
the screen was handed to them; further back needs the other person's (or the game
master's) confirmation behind the handover's privacy. Driven by posted events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.locale import Translator
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import ConfirmScene, HandoverScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.undo_rights import Gate
from tests.shots import save_shot

SIZE = (1280, 800)


def post(event_type: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **values))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


def key(app: App, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
    post(pygame.KEYUP, key=code, mod=mod, unicode="")
    app.step()


def ctrl_z(app: App) -> None:
    key(app, pygame.K_z, pygame.KMOD_LCTRL)


def shot(app: App, name: str) -> None:
    save_shot(app.screen, f"i12_u2_hotseat_{name}.png")


def table(home: Path, *, with_gm: bool) -> tuple[App, BattleScene]:
    app = open_app(home=home, size=SIZE, headless=True)
    app.settings.fog_of_war = True
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
    players = [
        Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"]),
        Player("Bärbel", "#3c78dc", Role.HUMAN, ["piraten"]),
    ]
    if with_gm:
        players.append(Player("Gerd", "#9650c8", Role.GM, []))
    session.set_players(players)
    scene = BattleScene(app, session)
    app.push(scene)
    pygame.event.clear()
    app.step()
    return app, scene


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.event.clear()
    pygame.display.quit()


def dismiss_handover(app: App) -> None:
    handover = app.top
    assert isinstance(handover, HandoverScene)
    app.step(1.0)  # past the grace time
    click(app, (10, 10))
    assert app.top is not handover


def pass_to_other_person(app: App, scene: BattleScene) -> str:
    """End turns (Space) until the screen goes to the other person; return who had it."""
    first = scene.viewer
    assert first is not None
    for _ in range(12):
        key(app, pygame.K_SPACE)
        if isinstance(app.top, HandoverScene):
            dismiss_handover(app)
            assert scene.viewer is not first
            return first.name
    raise AssertionError("the screen never went to the other person")


def undo_spot(scene: BattleScene, name: str = "actions:undo"):  # type: ignore[no-untyped-def]
    return next(s for s in scene.hud.spots(name) if s.key == name)


@pytest.mark.rule("I12-3")
def test_the_second_person_cannot_ctrl_z_the_first_persons_end_of_turn(home: Path) -> None:
    app, scene = table(home, with_gm=False)
    first = pass_to_other_person(app, scene)
    second = scene.viewer
    assert second is not None
    commands = len(scene.session.match.commands)
    assert scene.session.match.can_undo  # the engine could, the table may not
    spot = undo_spot(scene)
    assert not spot.enabled  # greyed
    assert first in spot.tooltip and "Übergabe" in spot.tooltip  # says why
    ctrl_z(app)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene) and confirm.private
    assert confirm.question == f"Rückgängig über den Zug von {first} hinaus?"
    assert confirm.yes_label == f"{first} bestätigt"
    assert len(scene.session.match.commands) == commands  # nothing taken back yet
    assert scene.viewer is second
    shot(app, "confirm")
    # the privacy: the confirmation covers every pixel of the map (one colour bar apart)
    pixels = pygame.surfarray.array3d(app.screen)
    map_area = pixels[scene.camera.viewport_x + 5 : scene.camera.viewport_x + 200, 60:200]
    assert (map_area == map_area[0, 0]).all()
    app.step(1.0)
    click(app, confirm.no_rect.center)  # Abbrechen: nothing happens
    assert app.top is scene and len(scene.session.match.commands) == commands


@pytest.mark.rule("I12-3")
def test_the_first_persons_confirmation_undoes_and_hands_the_screen_back(home: Path) -> None:
    app, scene = table(home, with_gm=False)
    first = pass_to_other_person(app, scene)
    commands = len(scene.session.match.commands)
    ctrl_z(app)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    app.step(1.0)
    click(app, confirm.yes_rect.center)
    assert len(scene.session.match.commands) == commands - 1
    assert scene.viewer is not None and scene.viewer.name == first
    # the first person's view is behind the handover screen, not shown to the second
    assert isinstance(app.top, HandoverScene) and app.top.player_name == first
    dismiss_handover(app)
    # back at the first person's turn: their own commands of it are theirs to undo
    assert scene.session.undo_check(scene.viewer).gate is Gate.FREE


@pytest.mark.rule("I12-3")
def test_a_person_undoes_and_redoes_their_own_commands_freely(home: Path) -> None:
    app, scene = table(home, with_gm=False)
    pass_to_other_person(app, scene)
    second = scene.viewer
    commands = len(scene.session.match.commands)
    key(app, pygame.K_SPACE)  # seed 3: the next creature is the second person's too
    assert app.top is scene
    assert scene.viewer is second and len(scene.session.match.commands) == commands + 1
    assert undo_spot(scene).enabled
    ctrl_z(app)
    assert app.top is scene and len(scene.session.match.commands) == commands
    assert undo_spot(scene, "actions:redo").enabled
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert len(scene.session.match.commands) == commands + 1


@pytest.mark.rule("I12-3")
def test_with_a_gm_seat_the_game_master_confirms(home: Path) -> None:
    app, scene = table(home, with_gm=True)
    if scene.viewer is not None and scene.viewer.role is Role.GM:
        pytest.skip("the GM has the screen first")
    first = pass_to_other_person(app, scene)
    spot = undo_spot(scene)
    assert not spot.enabled and "Gerd" in spot.tooltip
    ctrl_z(app)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.question == f"Rückgängig über den Zug von {first} hinaus?"
    assert confirm.yes_label == "Gerd bestätigt"


@pytest.mark.rule("I12-3")
def test_the_game_master_at_the_screen_and_a_single_person_undo_freely(home: Path) -> None:
    app, scene = table(home, with_gm=True)
    session = scene.session
    pass_to_other_person(app, scene)
    gm = session.gm
    assert session.undo_check(gm).gate is Gate.FREE
    alone = GameSession.new(demo_mission_path(), home=home / "alone", seed=3)
    key_on_turn = alone.views.on_turn(alone.battle)
    assert key_on_turn is not None
    command = alone.views.end_turn(alone.battle)
    assert command is not None and alone.apply(command).ok
    assert alone.undo_check(alone.humans()[0]).gate is Gate.FREE  # one person, AI opponent


@pytest.mark.rule("I12-3")
@pytest.mark.parametrize(
    ("language", "question", "yes", "why"),
    [
        ("de", "Rückgängig über den Zug von Anna hinaus?", "Anna bestätigt", "Übergabe"),
        ("en", "Undo past Anna's turn?", "Anna confirms", "handover"),
    ],
)
def test_the_confirmation_and_the_reason_speak_the_screens_language(
    language: str, question: str, yes: str, why: str
) -> None:
    t = Translator(language)
    assert t("battle.undo_ask", past="Anna") == question
    assert t("battle.confirm_by", name="Anna") == yes
    assert why in t("hud.actions.undo_own", past="Anna", name="Anna")
    assert why in t("hud.actions.redo_own", past="Anna", name="Anna")
