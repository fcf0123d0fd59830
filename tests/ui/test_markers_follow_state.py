"""The map's kept results follow the match (issue 12, point 1): after an Impuls reroll
(E-IMP-EFF-REROLL) turned a hitting grenade into a miss, the map shows the miss — its
scatter diagram and the landing where the grenade now fell (D-7) — and no longer "hit on
[10, 10]"; an undo of the reroll shows the hit again, an undo of the throw takes the
result off the map.

The demo with seed 3: Elro-Sa ends her turn, Ron throws the grenade on his belt at the
pirate on [10, 10] with the d20 scripted (18: a hit), the reroll's fresh d20 is 2 (a miss;
the scatter d20 and the d6 are 3: "ahead" three fields, landing on [13, 10]).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.grid import Cell
from game.missions.loader import demo_mission_path
from game.rulesets.entaria.area_fire_placement import PlaceAreaFire
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.rules.actions import Action
from game.ui.app import App
from game.ui.overlays_rules import AreaFireResult, ThrowResult, layers_of
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene
from game.ui.tools import AreaFireTool
from tests.shots import save_shot

TARGET: Cell = (10, 10)
MISSED: Cell = (13, 10)  # 3 fields "ahead" of the flight from Ron on [5, 11]
CROSS = (255, 60, 40)  # the landing cross of a kept throw result


class Dice:
    """Scripted d20s in order; every other die shows 3 (a d20 past the script too)."""

    def __init__(self, *d20: int) -> None:
        self.d20 = list(d20)

    def roll(self, sides: int) -> int:
        if sides == 20 and self.d20:
            return self.d20.pop(0)
        return min(3, sides)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=(1280, 800), headless=True)
    app.settings.fog_of_war = False
    app.settings.animations = False
    scene = start_battle(app, demo_mission_path(), seed=3)
    scene.session.apply(EndTurn("elro_sa"))  # seed 3: Elro-Sa, then Ron
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


def _press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step()


def throw_hit(app: App, scene: BattleScene) -> ThrowResult:
    """Throw Ron's belt grenade at the pirate with a scripted hit; return the kept result."""
    battle = scene.session.battle
    assert battle.current.key == "ron" and "handgranate" in battle.current.carried
    battle.roller = Dice(18)
    battle.rerolls.fresh_dice = lambda key: Dice(2)
    button = next(s for s in scene.hud.spots("belt:handgranate") if s.key == "belt:handgranate")
    _click(app, button.rect.center)
    _click(app, scene.camera.cell_centre(TARGET))
    app.step()
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult) and kept.hit and kept.landing == TARGET
    return kept


def cross_at(app: App, scene: BattleScene, cell: Cell) -> bool:
    """Return whether the landing mark is drawn on ``cell``: its red frame (over a token
    that stands there; the cross in the middle lies under the token)."""
    app.step()
    x, y = scene.camera.cell_to_screen(cell)
    return tuple(app.screen.get_at((x + 1, y + scene.camera.cell_px // 2)))[:3] == CROSS


def reroll_the_throw(scene: BattleScene) -> None:
    """Buy the reroll of the throw's check with the group's Impuls (as the panel does)."""
    battle = scene.session.battle
    option = next(o for o in battle.rerollable_rolls() if o.kind == "check")
    assert scene.send(SpendImpulse("ron", "REROLL", roll=option.index)).ok


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_a_reroll_that_turns_the_hit_into_a_miss_shows_the_scatter_and_the_new_landing(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    throw_hit(app, scene)
    assert cross_at(app, scene, TARGET)
    reroll_the_throw(scene)
    assert cross_at(app, scene, MISSED) and not cross_at(app, scene, TARGET)
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult)
    assert not kept.hit and kept.landing == MISSED
    assert kept.diagram is not None and kept.direction_roll == 3 and kept.distance_roll == 3
    save_shot(app.screen, "i12_u1_markers_reroll_miss.png")


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_a_reroll_bought_outside_the_screen_is_followed_at_the_next_frame(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    throw_hit(app, scene)
    battle = scene.session.battle
    option = next(o for o in battle.rerollable_rolls() if o.kind == "check")
    assert scene.session.apply(SpendImpulse("ron", "REROLL", roll=option.index)).ok
    assert cross_at(app, scene, MISSED) and not cross_at(app, scene, TARGET)


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_undo_and_redo_of_the_reroll_show_the_hit_then_the_miss_again(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    throw_hit(app, scene)
    reroll_the_throw(scene)
    app.step()
    _press(app, pygame.K_z, pygame.KMOD_CTRL)  # takes back the reroll: the hit again
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult) and kept.hit and kept.landing == TARGET
    assert cross_at(app, scene, TARGET) and not cross_at(app, scene, MISSED)
    scene.session.battle.rerolls.fresh_dice = lambda key: Dice(2)  # the replay's own dice
    _press(app, pygame.K_y, pygame.KMOD_CTRL)  # the reroll again: the miss again
    # the scatter dice of the replayed match are its seed's: the landing is the log's
    scatter = [e for e in scene.session.battle.log if e.kind == "scatter"][-1]
    landing = (int(scatter.data["landing"][0]), int(scatter.data["landing"][1]))
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult) and not kept.hit and kept.landing == landing
    assert kept.diagram is not None
    assert cross_at(app, scene, landing) and not cross_at(app, scene, TARGET)


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_undo_of_the_reroll_and_of_the_throw_leaves_no_marker_of_either(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    throw_hit(app, scene)
    reroll_the_throw(scene)
    app.step()
    _press(app, pygame.K_z, pygame.KMOD_CTRL)
    _press(app, pygame.K_z, pygame.KMOD_CTRL)  # and the throw
    assert "handgranate" in scene.session.battle.current.carried
    assert layers_of(scene).sticky is None
    assert not cross_at(app, scene, MISSED) and not cross_at(app, scene, TARGET)
    _press(app, pygame.K_y, pygame.KMOD_CTRL)  # the throw again: its own hit (H12f), no miss
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult) and kept.hit and kept.landing == TARGET
    assert not cross_at(app, scene, MISSED)


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_a_later_command_takes_the_result_of_the_earlier_one_off_the_map(
    game: tuple[App, BattleScene],
) -> None:
    app, scene = game
    throw_hit(app, scene)
    assert scene.session.apply(EndTurn("ron")).ok  # not through the screen: the frame sees it
    assert not cross_at(app, scene, TARGET)
    assert layers_of(scene).sticky is None


@pytest.fixture
def shooter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    from tests.ui.test_results_clear import _shooter

    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield _shooter(tmp_path)
    pygame.display.quit()


@pytest.mark.rule("D-6", "E-AREAFIRE-9", "E-IMP-EFF-REROLL")
def test_d_6_a_rerolled_save_rewrites_the_area_fire_result_box(
    shooter: tuple[App, BattleScene],
) -> None:
    """Dauerfeuer hits (18, 18), 3 painted on the pirate; his Reflexe save (d20 3) fails;
    the reroll of the save (fresh d20 20) saves: the box says so, with the new damage."""
    app, scene = shooter
    battle = scene.session.battle
    battle.state.impulse_pool = 3
    pirate = (12, 8)
    scene.start_action(Action.AUTO_FIRE)
    app.step()
    battle.roller = Dice(18, 18)
    _click(app, scene.camera.cell_centre(pirate))
    _press(app, pygame.K_RETURN)
    tool = scene.tool
    assert isinstance(tool, AreaFireTool) and tool.phase == "place"
    for _ in range(3):
        _click(app, scene.camera.cell_centre(pirate))
    _press(app, pygame.K_RETURN)
    assert isinstance(battle.record[-1], PlaceAreaFire)
    kept = layers_of(scene).sticky
    assert isinstance(kept, AreaFireResult) and kept.values == {pirate: 3}
    failed = [line for line in kept.lines if line.startswith("Pirat Zwei")]
    assert failed and "misslungen" in failed[0]
    battle.rerolls.fresh_dice = lambda key: Dice(20)
    option = next(o for o in battle.rerollable_rolls() if o.kind == "check")
    assert scene.send(SpendImpulse("schuetze", "REROLL", roll=option.index)).ok
    app.step()
    kept = layers_of(scene).sticky
    assert isinstance(kept, AreaFireResult) and kept.values == {pirate: 3}
    saved = [line for line in kept.lines if line.startswith("Pirat Zwei")]
    assert saved and "geschafft" in saved[0] and saved != failed


@pytest.mark.rule("D-7")
def test_d_7_the_scatter_label_never_covers_the_landing() -> None:
    """Right of the diagram as before, unless the grenade landed there: then to its left."""
    from game.ui.overlays_results import scatter_label_place

    surface = pygame.Surface((800, 600))
    frame = pygame.Rect(300, 200, 72, 72)  # the 3x3 diagram at 24 px a field
    far = pygame.Rect(600, 500, 24, 24)
    assert scatter_label_place(surface, (160, 56), frame, far) == (378, 200)
    beside = pygame.Rect(396, 224, 24, 24)  # three fields ahead, right of the diagram
    x, y = scatter_label_place(surface, (160, 56), frame, beside)
    assert not pygame.Rect(x, y, 160, 56).colliderect(beside)
    assert (x, y) == (300 - 6 - 160, 200)


@pytest.mark.rule("D-7", "E-IMP-EFF-REROLL")
def test_d_7_the_impuls_panels_reroll_row_clicked_moves_the_marker(
    game: tuple[App, BattleScene],
) -> None:
    """The player's way: a click on the Impuls panel's "reroll: [18] Ron throws …" row."""
    app, scene = game
    throw_hit(app, scene)
    row = next(s for s in scene.hud.spots("impulse:reroll:0") if s.key == "impulse:reroll:0")
    _click(app, row.rect.center)
    app.step()
    assert scene.session.match.commands[-1].kind == "spend_impulse"
    kept = layers_of(scene).sticky
    assert isinstance(kept, ThrowResult) and not kept.hit and kept.landing == MISSED
    assert cross_at(app, scene, MISSED) and not cross_at(app, scene, TARGET)
