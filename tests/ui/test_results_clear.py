"""Results belong to the turn they happened in (issue 12, point 8): when the next creature's
turn begins, a throw's kept result (D-7) and an area fire's result box (D-6) leave the
map, and the action bar lights no action of the creature before. An Impuls reroll that
turns a missed area-fire check into a hit (E-IMP-EFF-REROLL) takes the miss's box off the
map: the total now waits to be painted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.grid import Cell
from game.rulesets.entaria.area_fire import AreaFireRoll
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.rules.actions import Action
from game.ui import theme
from game.ui.app import App
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.navigate import open_app
from game.ui.session import GameSession
from game.ui.settings import Settings
from game.ui.tools import AreaFireTool
from tests.shots import save_shot
from tests.ui.test_markers_follow_state import Dice, throw_hit

AREA_BOX = (255, 120, 60)  # the border of an area fire's result box
THROW_BOX = (255, 210, 40)  # the border of a throw's "hit on" label
PIRATE: Cell = (12, 8)  # the field the Dauerfeuer is aimed at

MISSION = """
[mission]
title = "Ergebnisprobe"

[map]
width = 20
height = 12
rows = '''
####################
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
####################
'''

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"

[[sides]]
key = "piraten"
name = "Piraten"
colour = "#c83232"
controller = "gm"

[[creatures]]
key = "schuetze"
type = "likron"
name = "Schuetze"
side = "helden"
at = [2, 8]
equipment = ["maschinenpistole"]
held = ["maschinenpistole"]

[[creatures]]
key = "p2"
type = "dretop_pirat"
name = "Pirat Zwei"
side = "piraten"
at = [12, 8]
held = ["laserpistole"]
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


def _app(home: Path) -> App:
    settings = Settings()
    settings.fog_of_war = False
    settings.animations = False
    return open_app(home=home, settings=settings, size=(1280, 800), headless=True)


def _press(app: App, key: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
    )
    app.step()


def _box_pixels(
    app: App, scene: BattleScene, colour: tuple[int, int, int], beside: Cell | None = None
) -> int:
    """Count the map's pixels of ``colour`` (a result box's border), or right of ``beside``."""
    app.step()
    camera = scene.camera
    view = pygame.Rect(camera.viewport_x, camera.viewport_y, camera.viewport_w, camera.viewport_h)
    if beside is not None:  # where the box of a result at ``beside`` stands
        x, y = camera.cell_to_screen((beside[0] + 1, beside[1]))
        view = view.clip(pygame.Rect(x, y - 4, 320, 140))
    mask = pygame.mask.from_threshold(app.screen.subsurface(view), (*colour, 255), (1, 1, 1, 255))
    return int(mask.count())


def _shooter(home: Path) -> tuple[App, BattleScene]:
    """The inline mission with the Schuetze (Maschinenpistole) on turn."""
    mission = home / "mission.toml"
    mission.write_text(MISSION, encoding="utf-8")
    app = _app(home)
    session = GameSession.new(mission, home=home, seed=5)
    while session.current.key != "schuetze":
        session.apply(EndTurn(session.current.key))
    scene = BattleScene(app, session)
    app.push(scene)
    app.step()
    scene.camera.set_zoom(1.0)
    scene.camera.centre_on(10, 6)
    app.step()
    return app, scene


def _missed_area_fire(app: App, scene: BattleScene) -> AreaFireResult:
    """Dauerfeuer on the pirate's field with the check scripted to miss (3 + 6 < ZW 15)."""
    battle = scene.session.battle
    battle.state.impulse_pool = 3
    scene.start_action(Action.AUTO_FIRE)
    app.step()
    assert isinstance(scene.tool, AreaFireTool)
    battle.roller = Dice(3)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=scene.camera.cell_centre(PIRATE), button=1))
    app.step()
    _press(app, pygame.K_RETURN)
    app.step()
    assert isinstance(battle.record[-1], AreaFireRoll) and not battle.state.pending
    kept = layers_of(scene).sticky
    assert isinstance(kept, AreaFireResult) and kept.lines
    return kept


@pytest.mark.rule("D-6")
def test_d_6_the_area_fire_result_box_leaves_when_the_next_turn_begins(home: Path) -> None:
    app, scene = _shooter(home)
    _missed_area_fire(app, scene)
    assert _box_pixels(app, scene, AREA_BOX) > 40
    save_shot(app.screen, "i12_u1_markers_area_box_in_turn.png")
    _press(app, pygame.K_SPACE, text=" ")
    assert scene.session.battle.current.key != "schuetze"
    assert layers_of(scene).sticky is None
    assert _box_pixels(app, scene, AREA_BOX) == 0
    save_shot(app.screen, "i12_u1_markers_area_box_next_turn.png")


@pytest.mark.rule("D-6", "E-IMP-EFF-REROLL")
def test_d_6_a_reroll_that_hits_takes_the_miss_box_off_and_opens_the_painting(
    home: Path,
) -> None:
    app, scene = _shooter(home)
    _missed_area_fire(app, scene)
    battle = scene.session.battle
    assert _box_pixels(app, scene, AREA_BOX, PIRATE) > 40
    battle.rerolls.fresh_dice = lambda key: Dice(18, 18)  # Nachteil: two d20
    option = next(o for o in battle.rerollable_rolls() if o.kind == "check")
    assert scene.send(SpendImpulse("schuetze", "REROLL", roll=option.index)).ok
    assert battle.state.pending  # the total now waits for its fields
    assert _box_pixels(app, scene, AREA_BOX, PIRATE) == 0  # the painting's own boxes are elsewhere
    assert layers_of(scene).sticky is None
    assert isinstance(scene.tool, AreaFireTool) and scene.tool.phase == "place"


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    from game.missions.loader import demo_mission_path
    from game.ui.play import start_battle

    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    app.settings.animations = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


@pytest.mark.rule("D-7")
def test_d_7_the_throw_result_leaves_when_the_next_turn_begins(
    demo: tuple[App, BattleScene],
) -> None:
    app, scene = demo
    _press(app, pygame.K_SPACE, text=" ")  # seed 3: Elro-Sa, then Ron
    throw_hit(app, scene)
    assert _box_pixels(app, scene, THROW_BOX) > 40  # "hit on [10, 10]"
    _press(app, pygame.K_SPACE, text=" ")
    assert scene.session.battle.current.key != "ron"
    assert not isinstance(layers_of(scene).sticky, ThrowResult)
    assert _box_pixels(app, scene, THROW_BOX) == 0


def _walk_lit(app: App, scene: BattleScene) -> bool:
    """Return whether the action bar draws "Gehen" lit (the accent edge)."""
    app.step()
    spot = next(s for s in scene.hud.spots("action:WALK") if s.key == "action:WALK")
    edge = app.screen.get_at((spot.rect.centerx, spot.rect.top))
    return tuple(edge)[:3] == theme.ACCENT


def test_the_next_creatures_action_bar_lights_nothing_of_the_creature_before(
    demo: tuple[App, BattleScene],
) -> None:
    """Issue 12, point 8: Elro-Sa walks (4), ends her turn; Ron opens the template (M)."""
    app, scene = demo
    assert scene.session.battle.current.key == "elro_sa"
    _press(app, pygame.K_4, text="4")
    assert scene.tool.name != "select" and _walk_lit(app, scene)
    _press(app, pygame.K_SPACE, text=" ")
    assert scene.session.battle.current.key == "ron"
    _press(app, pygame.K_m, text="m")
    assert scene.tool.name != "select"  # a tool is on, but not Ron's "Gehen"
    assert not _walk_lit(app, scene)
    assert scene.hud.active_action is None
