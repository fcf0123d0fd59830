"""Issue 12, point 4: without a GM seat, SL-Modus is a deliberate act everybody sees — a
confirmation, a banner over the map while it is on, and every GM command marked in the
log ("[SL] …"). Driven by posted clicks and keys; the banner checked in rendered pixels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import GmSetLifePoints
from game.ui.app import App
from game.ui.hud_gm import BANNER_FILL
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import ConfirmScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession, Player, Role
from game.ui.settings import Settings
from tests.shots import save_shot

SIZE = (1280, 800)


def post(event_type: int, **values: object) -> None:
    pygame.event.post(pygame.event.Event(event_type, **values))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()


def press(app: App, scene: BattleScene, name: str) -> None:
    spot = next(s for s in scene.hud.spots(name) if s.key == name)
    click(app, spot.rect.center)


def shot(app: App, name: str) -> None:
    save_shot(app.screen, f"i12_u2_gm_{name}.png")


def table(home: Path, language: str = "de", *, with_gm: bool = False) -> tuple[App, BattleScene]:
    settings = Settings()
    settings.language = language
    app = open_app(home=home, settings=settings, size=SIZE, headless=True)
    app.settings.fog_of_war = False
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


def banner_pixels(app: App, scene: BattleScene) -> int:
    """Count the banner's red between the initiative strip and the map's first 120 px."""
    view = scene.hud.viewport
    top = scene.hud.initiative.rect.bottom
    pixels = pygame.surfarray.array3d(app.screen)[view.x : view.right, top : view.y + 120]
    return int(np.all(pixels == np.array(BANNER_FILL), axis=-1).sum())


@pytest.mark.rule("I12-4")
def test_sl_modus_asks_first_and_esc_leaves_it_off(home: Path) -> None:
    app, scene = table(home)
    press(app, scene, "gm:mode")
    confirm = app.top
    assert isinstance(confirm, ConfirmScene) and not confirm.private
    assert confirm.question == "SL-Modus einschalten? Alle am Tisch sehen es."
    assert not scene.hud.gm_mode and not scene.hud.gm_active
    shot(app, "confirm")
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step()
    assert app.top is scene and not scene.hud.gm_mode
    assert banner_pixels(app, scene) == 0


@pytest.mark.rule("I12-4")
def test_sl_modus_on_after_the_yes_shows_a_banner_and_goes_off_with_one_click(
    home: Path,
) -> None:
    app, scene = table(home)
    assert banner_pixels(app, scene) == 0
    press(app, scene, "gm:mode")
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    app.step(1.0)
    click(app, confirm.yes_rect.center)
    assert app.top is scene and scene.hud.gm_mode and scene.hud.gm_active
    app.step()
    assert banner_pixels(app, scene) > 200  # the red banner over the map
    assert scene.hud.gm.banner_rect is not None
    # its own strip above the map (issue 12, "Wrong" c): it covers no field
    assert scene.hud.gm.banner_rect.bottom <= scene.hud.viewport.top
    shot(app, "banner")
    press(app, scene, "gm:mode")  # off: no question
    assert app.top is scene and not scene.hud.gm_mode
    app.step()
    assert banner_pixels(app, scene) == 0


@pytest.mark.rule("I12-4")
@pytest.mark.parametrize(("language", "mark"), [("de", "[SL] "), ("en", "[GM] ")])
def test_every_gm_command_is_marked_in_the_log_also_after_undo_and_load(
    home: Path, language: str, mark: str
) -> None:
    app, scene = table(home, language)
    session = scene.session
    before = list(scene.hud.log.lines())
    assert not any(line.startswith(mark) for line in before)
    scene.hud.log.show_all = True
    assert scene.send(GmSetLifePoints("gm", "terraner", 3)).ok
    app.step()
    lines = scene.hud.log.lines()
    marked = [line for line in lines if line.startswith(mark)]
    assert marked, lines
    assert len(marked) < len(lines)  # only the GM command's lines
    shot(app, f"log_{language}")
    loaded = GameSession.resume(home)
    assert loaded.gm_spans == session.gm_spans  # rebuilt from the record on load
    scene.undo()
    assert session.gm_spans == []
    assert not any(line.startswith(mark) for line in scene.hud.log.lines())


@pytest.mark.rule("I12-4")
def test_with_a_gm_seat_there_is_no_sl_modus_button_and_no_banner(home: Path) -> None:
    app, scene = table(home, with_gm=True)
    assert not scene.hud.spots("gm:mode")
    assert banner_pixels(app, scene) == 0
