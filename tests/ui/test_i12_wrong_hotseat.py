"""Issue 12, "Wrong" (c, e, g): SL-Modus and messages at a hot-seat handover, the banner
above the map, a replaced roll in the dice log, and the game master's details view.

Driven through the battle scene headless (sent commands, posted clicks); the banner, the
struck roll and the greyed dice checked in rendered pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import Attack, EndTurn
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.rules.terms import RULE_ID
from game.ui.app import App
from game.ui.hud_gm import BANNER_FILL
from game.ui.hud_log import KEPT_FACE
from game.ui.scenes.battle import BattleScene
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


def table(home: Path, language: str = "de") -> tuple[App, BattleScene]:
    """Anna plays the friends, Bärbel the pirates, no GM seat (demo, seed 3)."""
    settings = Settings()
    settings.language = language
    app = open_app(home=home, settings=settings, size=SIZE, headless=True)
    app.settings.fog_of_war = False
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
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


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.event.clear()
    pygame.display.quit()


def end_turn(app: App, scene: BattleScene) -> None:
    assert scene.send(EndTurn(scene.session.current.key)).ok
    app.step()


def sl_modus_on(app: App, scene: BattleScene) -> None:
    scene.hud.toggle_gm_mode()  # the confirmation itself: test_gm_mode_confirm.py
    app.step()
    assert scene.hud.gm_active


# ------------------------------------------------------------------ c: the handover
@pytest.mark.rule("I12-3", "I12-4")
def test_i12_sl_modus_and_the_last_persons_messages_end_at_the_handover(home: Path) -> None:
    app, scene = table(home)
    end_turn(app, scene)  # Elro-Sa -> Ron (both Anna's)
    end_turn(app, scene)  # Ron -> Likron (Anna's)
    sl_modus_on(app, scene)
    scene.hud.message("Annas Nachricht")
    app.step()
    assert any(m.text == "Annas Nachricht" for m in scene.hud.board.messages)
    assert scene.viewer is not None and scene.viewer.name == "Anna"
    end_turn(app, scene)  # Likron -> Grimmiger Terraner: Bärbel's turn, a handover
    assert scene.viewer is not None and scene.viewer.name == "Bärbel"
    assert not scene.hud.gm_mode and not scene.hud.gm_active
    texts = [m.text for m in scene.hud.board.messages]
    assert "Annas Nachricht" not in texts and "SL-Modus an: die SL-Befehle sind frei." not in texts
    assert "SL-Modus ist bei der Übergabe ausgeschaltet worden." in texts
    assert scene.hud.gm.banner_rect is None
    view = scene.hud.viewport
    assert view.top == scene.hud.initiative.rect.bottom  # the map has its room back
    save_shot(app.screen, "i12_wrong_handover.png")


@pytest.mark.rule("I12-4")
def test_i12_the_sl_banner_covers_no_field_the_map_moves_below_it(home: Path) -> None:
    app, scene = table(home)
    camera = scene.camera
    row0_before = camera.cell_to_screen((0, 0))[1] - scene.hud.viewport.top
    sl_modus_on(app, scene)
    banner = scene.hud.gm.banner_rect
    assert banner is not None
    view = scene.hud.viewport
    assert banner.bottom <= view.top and banner.top >= scene.hud.initiative.rect.bottom
    # the map is fitted again into the smaller view (H12c point 7): row 0 below the
    # rulers as before, and the last row no longer under the action bar
    ruler, _rows = scene.map.coordinate_strips(camera)
    assert row0_before > 0 and camera.cell_to_screen((0, 0))[1] >= ruler.bottom
    grid = scene.session.battle.grid
    assert camera.cell_to_screen((grid.width, grid.height))[1] <= view.bottom + 1
    screen = pygame.surfarray.array3d(app.screen)
    red = np.all(screen == np.array(BANNER_FILL), axis=-1)
    assert red[:, banner.top : banner.bottom].sum() > 500  # the banner is drawn ...
    assert red[view.left : view.right, view.top : view.bottom].sum() == 0  # ... not on the map
    save_shot(app.screen, "i12_wrong_banner_strip.png")


# ----------------------------------------------------------- e: the replaced roll
def _shot_and_reroll(app: App, scene: BattleScene) -> tuple[int, int]:
    """Ron shoots the Terraner, then rerolls the attack roll; return both rolls' indices."""
    end_turn(app, scene)  # Elro-Sa -> Ron
    assert scene.send(Interact("ron", "draw", item="laserpistole")).ok
    outcome = scene.send(Attack("ron", "terraner", "laserpistole"))
    assert outcome.ok
    log = scene.session.battle.log
    old = next(i for i in range(len(log) - 1, -1, -1) if log[i].kind == "roll")
    assert scene.send(SpendImpulse("ron", "REROLL", roll=0)).ok
    new = next(i for i in range(len(log) - 1, -1, -1) if log[i].kind == "roll")
    assert new > old and any(e.kind == "reroll" for e in log[old:new])
    scene.hud.log.show_all = False
    app.step()
    return old, new


def _entry(scene: BattleScene, index: int):  # type: ignore[no-untyped-def]
    log = scene.hud.log
    entries = log.entries(log.rect.width or 300)
    return next(e for e in entries if any(s.key == f"log:roll:{index}" for s in e.spots))


@pytest.mark.rule("E-IMP-EFF-REROLL", "I12-1")
@pytest.mark.parametrize(("language", "word"), [("de", "ersetzt:"), ("en", "replaced:")])
def test_i12_the_rerolled_roll_reads_as_replaced_and_keeps_no_die(
    home: Path, language: str, word: str
) -> None:
    app, scene = table(home, language)
    old, new = _shot_and_reroll(app, scene)
    assert scene.session.views.replaced_rolls(scene.session.battle) == frozenset({old})
    old_entry, new_entry = _entry(scene, old), _entry(scene, new)
    assert old_entry.plain.startswith(word)
    assert not new_entry.plain.startswith(word)
    kept = np.array(KEPT_FACE)

    def kept_pixels(surface: pygame.Surface) -> int:
        return int(np.all(pygame.surfarray.array3d(surface) == kept, axis=-1).sum())

    assert kept_pixels(old_entry.surface) == 0  # greyed: no live kept die
    assert kept_pixels(new_entry.surface) > 50
    tip = next(s.tooltip for s in old_entry.spots if s.key == f"log:roll:{old}")
    assert tip.splitlines()[0] == scene.app.t("hud.log.replaced_tip")
    save_shot(app.screen, f"i12_wrong_replaced_{language}.png")
    scene.undo()  # the reroll taken back: the first roll is live again
    app.step()
    assert scene.session.views.replaced_rolls(scene.session.battle) == frozenset()
    assert not _entry(scene, old).plain.startswith(word)


# --------------------------------------------------------------- g: the GM's details
@pytest.mark.rule("I12-7")
@pytest.mark.parametrize(("language", "rules"), [("de", "Regeln: "), ("en", "Rules: ")])
def test_i12_in_sl_modus_a_click_on_a_roll_opens_its_details_with_the_rule_ids(
    home: Path, language: str, rules: str
) -> None:
    app, scene = table(home, language)
    _, new = _shot_and_reroll(app, scene)
    # a player's tooltip: no rule IDs, and a click opens nothing
    spot = next(s for s in _entry(scene, new).spots if s.key == f"log:roll:{new}")
    assert spot.on_click is None and not RULE_ID.search(spot.tooltip)
    sl_modus_on(app, scene)
    scene.hud.log.follow()
    app.step()
    shown = [s for s in scene.hud.spots("log:roll:") if s.on_click is not None]
    assert shown  # the rolls the log shows open their details
    spot = shown[-1]
    index = int(spot.key.rsplit(":", 1)[1])
    click(app, spot.rect.center)
    popup = scene.hud.popup
    assert popup is not None and popup.title == app.t("hud.details.title")
    labels = [item.label for item in popup.items]
    ids = next(label for label in labels if label.startswith(rules))
    assert RULE_ID.search(ids), labels  # the rule IDs, for the game master only
    event = scene.session.battle.log[index]
    assert labels[0] == event.text(language)
    die = event.data.get("die") if event.kind == "damage" else event.data["dice"][0]
    assert any(f"({die})" in label or f"{die} -" in label for label in labels[1:]), labels
    save_shot(app.screen, f"i12_wrong_gm_details_{language}.png")
