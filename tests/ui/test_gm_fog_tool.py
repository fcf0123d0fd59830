"""Issue 12, "Ping" (i12): the game master reveals and hides fog by hand from the GM panel.

"Nebel: Aufdecken / Verbergen / Wie gesehen" asks for whom (all sides or one), then the
fields are painted on the map by click or drag (a diagonal drag stays joined), Enter
sends them as one GmFog, Esc leaves without sending. Driven by posted clicks and keys in
SL-Modus at a table without a GM seat; the fog checked in what the viewer sees and in
rendered pixels.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.grid import Cell
from game.rulesets.entaria.commands import GmFog
from game.ui.app import App
from game.ui.paint_fields import PaintFields, line_cells
from game.ui.scenes.battle import BattleScene
from tests.shots import save_shot
from tests.ui.test_gm_mode_confirm import home, post, press, table

__all__ = ["home"]


def fogged_table(home: Path, language: str = "de") -> tuple[App, BattleScene]:
    """Anna at the screen with the fog of war on, SL-Modus switched on."""
    app, scene = table(home, language)
    app.settings.fog_of_war = True
    scene._fog_cache = None
    scene.hud.toggle_gm_mode()
    app.step()
    assert scene.hud.gm_active and scene.fog() is not None
    return app, scene


def hidden_run(scene: BattleScene, length: int = 3) -> list[Cell]:
    """Return ``length`` fields on a diagonal the viewer does not see, away from walls."""
    view = scene.fog()
    assert view is not None
    grid = scene.session.battle.grid
    seen = np.asarray(view.visible)
    for y in range(2, grid.height - length - 2):
        for x in range(2, grid.width - length - 2):
            run = [(x + i, y + i) for i in range(length)]
            if all(not seen[cy, cx] and not grid.is_wall((cx, cy)) for cx, cy in run):
                return run
    raise AssertionError("no hidden diagonal on the map")


def drag(app: App, scene: BattleScene, start: Cell, end: Cell) -> None:
    """Press on ``start``, move straight to ``end`` in one jump, release there."""
    a, b = scene.camera.cell_centre(start), scene.camera.cell_centre(end)
    post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    post(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.step()


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="")
    app.step()


def start_paint(app: App, scene: BattleScene, mode: str, whom: str) -> PaintFields:
    press(app, scene, f"gm:fog:{mode}")
    press(app, scene, f"gm:fog:{mode}:{whom}")
    tool = scene.tool
    assert isinstance(tool, PaintFields)
    return tool


def sees(scene: BattleScene, cell: Cell) -> bool:
    view = scene.fog()
    assert view is not None
    return bool(view.visible[cell[1], cell[0]])


@pytest.mark.rule("i12")
def test_the_gm_paints_fields_and_reveals_them_as_one_command(home: Path) -> None:
    app, scene = fogged_table(home)
    run = hidden_run(scene)
    commands = len(scene.session.match.commands)
    tool = start_paint(app, scene, "reveal", "freunde")
    assert "Enter" in tool.prompt and "Die drei Freunde" in tool.prompt
    drag(app, scene, run[0], run[-1])  # one jump over the middle field: still joined
    assert list(tool.cells) == run
    assert len(scene.session.match.commands) == commands  # nothing sent while painting
    save_shot(app.screen, "i12_pings_fog_painting.png")
    key(app, pygame.K_RETURN)
    sent = list(scene.session.match.commands[commands:])
    assert sent == [GmFog(None, tuple(run), True, ("freunde",))]
    assert scene.tool.name == "select"
    assert all(sees(scene, cell) for cell in run)
    app.step()
    lines = scene.hud.log.lines()
    # the line names no field (H12c point 8); the GM's details say which
    assert any(line.startswith("[SL]") and "ändert den Nebel" in line for line in lines)
    index = len(scene.session.battle.log) - 1
    details = scene.session.views.log_details(scene.session.battle, index, app.t)
    assert any("deckt 3 Felder" in line for line in details)
    save_shot(app.screen, "i12_pings_fog_revealed.png")


@pytest.mark.rule("i12")
def test_hide_covers_the_revealed_fields_and_undo_gives_them_back(home: Path) -> None:
    app, scene = fogged_table(home)
    run = hidden_run(scene)
    assert scene.send(GmFog(None, tuple(run), True, ("freunde",))).ok
    assert sees(scene, run[1])
    start_paint(app, scene, "hide", "all")
    for cell in run:
        drag(app, scene, cell, cell)  # single clicks paint too
    key(app, pygame.K_KP_ENTER)
    assert not any(sees(scene, cell) for cell in run)
    assert scene.session.match.commands[-1] == GmFog(None, tuple(run), False, ())
    scene.undo()
    assert all(sees(scene, cell) for cell in run)


@pytest.mark.rule("i12")
def test_a_second_stroke_over_painted_fields_wipes_them_and_esc_sends_nothing(
    home: Path,
) -> None:
    app, scene = fogged_table(home)
    run = hidden_run(scene, 4)
    commands = len(scene.session.match.commands)
    tool = start_paint(app, scene, "reveal", "all")
    drag(app, scene, run[0], run[-1])
    drag(app, scene, run[1], run[2])  # starts on a painted field: wipes
    assert list(tool.cells) == [run[0], run[3]]
    key(app, pygame.K_ESCAPE)
    assert scene.tool.name == "select"
    assert len(scene.session.match.commands) == commands
    assert not any(sees(scene, cell) for cell in run)


@pytest.mark.rule("i12")
def test_enter_with_nothing_painted_says_so_and_keeps_painting(home: Path) -> None:
    app, scene = fogged_table(home, "en")
    start_paint(app, scene, "reveal", "all")
    key(app, pygame.K_RETURN)
    assert isinstance(scene.tool, PaintFields)
    texts = [m.text for m in scene.hud.board.messages]
    assert "No field painted: click or drag over fields, then Enter" in texts


@pytest.mark.rule("i12")
def test_without_sl_modus_a_player_has_no_fog_tool(home: Path) -> None:
    _app, scene = table(home)
    assert not scene.hud.gm_active
    assert not [s for s in scene.hud.spots("gm:fog") if s.key.startswith("gm:fog")]


@pytest.mark.rule("i12")
def test_the_fog_row_speaks_english() -> None:
    from game.rulesets.entaria.views.gm import gm_commands
    from game.ui.locale import Translator
    from tests.rulesets.entaria.test_gm_fog import walled

    rows = gm_commands(walled(), None, Translator("en"))
    fog = next(row for row in rows if row.key == "gm:fog")
    assert [o.label for o in fog.offers] == ["Reveal fog", "Hide fog", "As seen"]
    assert [c.label for c in fog.offers[0].choices] == ["All sides", "Helden", "Gegner"]


@pytest.mark.rule("i12")
def test_line_cells_steps_one_field_at_a_time() -> None:
    cells = line_cells((0, 0), (3, 1))
    assert cells[0] == (0, 0) and cells[-1] == (3, 1) and len(cells) == 4
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(cells))


@pytest.mark.rule("i12")
def test_the_other_person_at_the_screen_reads_the_fog_line_marked_too(home: Path) -> None:
    app, scene = table(home)
    scene.hud.toggle_gm_mode()
    assert scene.send(GmFog(None, ((10, 3),), False, ("piraten",))).ok
    for _ in range(12):
        if scene.viewer is not None and scene.viewer.name == "Bärbel":
            break
        scene.end_turn()
        app.step()
    assert scene.viewer is not None and scene.viewer.name == "Bärbel"
    app.step()
    marked = [line for line in scene.hud.log.lines() if line.startswith("[SL]")]
    assert "[SL] Spielleitung: ändert den Nebel" in marked  # no field named (H12c point 8)
