"""The battle screen plays Genesis through its views only (headless, SDL dummy driver).

Hot-seat on the bundled tavern: every side is a human seat; the screen hands over
between the seats (the declarations are secret, G-KR-ADV), the offers of the action bar
are pressed by their hotkeys, enemies are attacked by a click on the map, and the fight
ends. Then the built-in opponent plays both sides of the sunken road to the end screen.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.match.views import Needs, Pick
from game.missions.loader import bundled_maps_dir
from game.rulesets.genesis import commands as gc
from game.rulesets.genesis.policy import choose_command
from game.ui.app import App
from game.ui.scenes.battle import AI_DELAY, END_WAIT, BattleScene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.menus import EndScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings

KEYS = {str(i): getattr(pygame, f"K_{i}") for i in range(10)}


def _app(home: Path) -> App:
    return open_app(home=home, settings=Settings(animations=False), size=(1280, 800), headless=True)


def _press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data = {"pos": pos}
        if kind == pygame.MOUSEMOTION:
            data.update(rel=(0, 0), buttons=(0, 0, 0))
        else:
            data["button"] = 1
        pygame.event.post(pygame.event.Event(kind, **data))
    app.step(1 / 60)


def _screen_answer(app: App, scene: BattleScene) -> bool:
    """Give the policy's answer through the screen; return whether the screen took it."""
    game = scene.session.battle
    want = choose_command(game)
    before = len(game.record)
    if isinstance(want, gc.Strike):
        _click(app, scene.camera.cell_centre(game.fighters[want.target].cell))
        return len(game.record) > before
    for group in scene.session.views.action_groups(game, app.t):
        for offer in group.offers:
            if not (offer.enabled and offer.make and offer.hotkey):
                continue
            field = isinstance(want, gc.Declare) and bool(want.path)
            if offer.needs is Needs.NOTHING and not field and offer.make(Pick()) == want:
                scene.hud.actions.set_group(group.key)
                _press(app, KEYS[offer.hotkey])
                return len(game.record) > before
            if offer.needs is Needs.FIELD and field:
                assert isinstance(want, gc.Declare)
                made = offer.make(Pick(cell=want.path[-1]))
                if isinstance(made, gc.Declare) and (made.attacks, made.defences) == (
                    want.attacks,
                    want.defences,
                ):
                    scene.hud.actions.set_group(group.key)
                    _press(app, KEYS[offer.hotkey])
                    _click(app, scene.camera.cell_centre(want.path[-1]))
                    return len(game.record) > before
    return False


def test_a_hot_seat_fight_through_the_screen_with_handovers(tmp_path: Path) -> None:
    """G-KR-ADV, G-KR-DISADV, G-PHASE-DECL-1, G-PHASE-EXEC-2: declarations, strikes and
    defences through the action bar and the map, a handover whenever the seat changes."""
    app = _app(tmp_path)
    mission = bundled_maps_dir() / "genesis-taverne.toml"
    probe = GameSession.new(mission, home=tmp_path, seed=7, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.HUMAN, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(
        mission, home=tmp_path, seed=7, players=players, autosave_enabled=False
    )
    app.push(BattleScene(app, session))
    surface = pygame.Surface((1280, 800))
    handovers = taken = missed = 0
    for _ in range(3000):
        if session.over:
            break
        top = app.top
        if isinstance(top, HandoverScene):
            handovers += 1
            app.step(HandoverScene.GRACE + 0.05)
            _click(app, (640, 400))
            continue
        assert isinstance(top, BattleScene)
        if _screen_answer(app, top):
            taken += 1
        else:
            missed += 1
            top.send(choose_command(session.battle))
        if taken % 25 == 0:
            top.draw(surface)
    assert session.over
    assert handovers >= 6  # two seats: every change of the deciding seat hands over
    assert taken > 40 and missed <= taken // 10, (taken, missed)


@pytest.mark.parametrize("seed", [2])
def test_the_opponent_plays_genesis_to_the_end_screen(tmp_path: Path, seed: int) -> None:
    """Both sides of the sunken road played by the built-in opponent, frame by frame."""
    app = _app(tmp_path)
    mission = bundled_maps_dir() / "genesis-hohlweg.toml"
    probe = GameSession.new(mission, home=tmp_path, seed=seed, autosave_enabled=False)
    players = [Player(s.name, s.colour, Role.AI, [s.key]) for s in probe.match.setup.sides]
    session = GameSession.new(
        mission, home=tmp_path, seed=seed, players=players, autosave_enabled=False
    )
    scene = app.push(BattleScene(app, session))
    surface = pygame.Surface((1280, 800))
    for step in range(8000):
        if session.over:
            break
        app.step(AI_DELAY)
        if step % 25 == 0:
            scene.draw(surface)
    assert session.over
    app.step(END_WAIT)
    end = app.top
    assert isinstance(end, EndScene)
    assert end.summary()["winner_key"] in {side.key for side in session.match.setup.sides}
