"""Issue 12 playtest round 3 (task H12i), points 3 and 4: the HUD's notices.

3. A map tooltip is drawn above the notice strip (crop r2b-34a: "Gehen / nicht erreichbar"
   had its second line under "Rückgängig gemacht …"), D-9.
4. A notice follows the language: "Gespeichert: P12 Test" reads "Saved: P12 Test" after a
   switch to English (r2/45, r2/46); a plain text made in German is dropped then, D-9.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui import tooltip
from game.ui.app import App
from game.ui.play import start_battle
from game.ui.scenes.battle import BattleScene

SIZE = (1280, 800)
PINK = (255, 0, 255)


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, BattleScene]]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    pygame.event.clear()
    app.step()
    yield app, scene
    pygame.display.quit()


# ------------------------------------------------------------ 3 tooltip above notices
@pytest.mark.rule("D-9")
def test_d_9_a_map_tooltip_is_drawn_over_the_notice_strip(
    game: tuple[App, BattleScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = game
    box = pygame.Surface((300, 120))
    box.fill(PINK)
    asked: list[pygame.Rect] = []
    real_draw_over = scene.tool.draw_over

    def draw_over(surface: pygame.Surface) -> None:
        real_draw_over(surface)
        area = scene.hud.board.area()  # where the notices go: a tooltip at its bottom
        pos = (area.centerx - 150, area.bottom - 100)
        asked.append(tooltip.blit_near(surface, box, pos, 0))

    monkeypatch.setattr(scene.tool, "draw_over", draw_over)
    scene.hud.message("Rückgängig gemacht: Elro-Sa geht 3 Felder " * 3)
    app.step()
    screen = app.screen
    notices = scene.hud.board.area()
    rect = asked[-1]
    assert rect.colliderect(notices)
    # the notice is drawn where the tooltip is, yet every pixel of the tooltip is pink
    for x in range(rect.left, rect.right, 7):
        for y in range(rect.top, rect.bottom, 7):
            assert tuple(screen.get_at((x, y)))[:3] == PINK, (x, y)


@pytest.mark.rule("D-9")
def test_d_9_held_tooltips_keep_their_place_and_clip() -> None:
    surface = pygame.Surface((200, 100))
    surface.fill((0, 0, 0))
    surface.set_clip(pygame.Rect(0, 0, 120, 100))
    box = pygame.Surface((50, 30))
    box.fill(PINK)
    tooltip.hold()
    rect = tooltip.blit_near(surface, box, (100, 10), 0)
    assert tuple(surface.get_at((rect.x, rect.y)))[:3] == (0, 0, 0)  # not yet
    surface.set_clip(None)
    tooltip.release(surface)
    assert tuple(surface.get_at((rect.x, rect.y)))[:3] == PINK
    assert tuple(surface.get_at((125, 20)))[:3] == (0, 0, 0)  # the clip still held
    tooltip.release(surface)  # nothing held: a no-op
    assert tooltip.blit_near(surface, box, (0, 60), 0).size == (50, 30)  # drawn at once


# ------------------------------------------------------------ 4 notices follow the language
@pytest.mark.rule("D-9")
def test_d_9_a_saved_notice_follows_the_language_switch(game: tuple[App, BattleScene]) -> None:
    app, scene = game
    board = scene.hud.board
    scene.hud.message_key("menus.pause.saved", name="P12 Test")
    scene.hud.message("Eine Meldung nur auf Deutsch")
    app.step()
    assert [m.text for m in board.messages] == [
        "Gespeichert: P12 Test",
        "Eine Meldung nur auf Deutsch",
    ]
    app.set_language("en")
    app.step()
    assert [m.text for m in board.messages] == ["Saved: P12 Test"]
    app.set_language("de")
    app.step()
    assert [m.text for m in board.messages] == ["Gespeichert: P12 Test"]
