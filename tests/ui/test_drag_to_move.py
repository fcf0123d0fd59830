"""Drag-to-move (issue 12, point 5): a token dragged onto a field moves as the click does.

Driven headless with posted MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP events on the
test mission of ``test_tools``; each test checks the command the engine recorded (or that
none was), the HUD's message and, while dragging, the drawn path.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.rules.actions import Action
from game.ui import theme
from game.ui.overlays_rules import layers_of
from game.ui.tools import MoveTool
from game.ui.tools.base import DRAG_SLOP
from tests.shots import save_shot
from tests.ui import test_tools
from tests.ui.test_tools import Table

home = test_tools.home  # the fixture

Cell = tuple[int, int]


def press(table: Table, pos: tuple[int, int]) -> None:
    table.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    table.app.step()


def move(table: Table, pos: tuple[int, int]) -> None:
    table.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    table.app.step()


def release(table: Table, pos: tuple[int, int]) -> None:
    table.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    table.app.step()


def drag(table: Table, cells: list[Cell], *, let_go: bool = True) -> None:
    """Press on the first field's centre, move over the others, release on the last."""
    press(table, table.centre(cells[0]))
    for cell in cells[1:]:
        move(table, table.centre(cell))
    if let_go:
        release(table, table.centre(cells[-1]))


def commands(table: Table) -> int:
    return len(table.battle.record)


# ------------------------------------------------------------------ select tool
@pytest.mark.rule("D-10", "E-MOVE-1")
def test_d10_dragging_the_current_token_onto_a_reachable_field_walks_the_shown_path(
    home: Path,
) -> None:
    """The path shows while the button is held; the release sends the click's Move."""
    table = Table(home, "schuetze")
    scene = table.scene
    goal = (5, 9)
    options = layers_of(scene).moves(scene, "schuetze", Action.WALK)
    path = options.path_to(goal)
    assert path is not None and len(path) > 2
    before = commands(table)
    drag(table, [(2, 8), (3, 8), (4, 9), goal], let_go=False)
    assert commands(table) == before  # nothing moves before the release
    dot = table.app.screen.get_at(table.centre(path[1]))
    assert (dot.r, dot.g, dot.b) == (255, 255, 255)  # the path's dot on its first step
    save_shot(table.app.screen, "i12_u3_drag_path.png")
    release(table, table.centre(goal))
    assert commands(table) == before + 1
    last = table.battle.record[-1]
    assert isinstance(last, Move) and last.action == "WALK" and list(last.path) == path
    assert table.battle.creature("schuetze").cell == goal


@pytest.mark.rule("D-10")
def test_d10_a_drag_released_on_the_start_field_stays_and_says_so(home: Path) -> None:
    table = Table(home, "schuetze")
    before = commands(table)
    drag(table, [(2, 8), (3, 8), (4, 8), (2, 8)])
    assert commands(table) == before
    assert table.battle.creature("schuetze").cell == (2, 8)
    assert any("Startfeld" in m for m in table.messages)


@pytest.mark.rule("D-10", "E-MOVE-1")
def test_d10_a_drag_released_out_of_reach_stays_and_says_why(home: Path) -> None:
    table = Table(home, "schuetze")
    before = commands(table)
    drag(table, [(2, 8), (8, 9), (15, 9)])
    assert commands(table) == before
    assert table.battle.creature("schuetze").cell == (2, 8)
    assert any("nicht erreichbar" in m and "Felder" in m for m in table.messages)
    table.messages.clear()
    drag(table, [(2, 8), (3, 5), (3, 4)])  # onto the Pistolero
    assert commands(table) == before
    assert any("dort steht schon jemand" in m for m in table.messages)


@pytest.mark.rule("D-10")
def test_d10_a_jitter_under_the_drag_slop_is_a_click_even_across_a_field_border(
    home: Path,
) -> None:
    """A press near the token's right border that slips a few pixels into the next
    field is a click on the token: it selects and nothing moves, nothing is said."""
    table = Table(home, "schuetze")
    scene = table.scene
    scene.select(None)
    before = commands(table)
    x, y = table.scene.camera.cell_to_screen((2, 8))
    size = table.scene.camera.cell_px
    start = (x + size - 2, y + size // 2)
    end = (start[0] + DRAG_SLOP - 2, start[1] + 1)
    assert table.scene.camera.screen_to_cell(end) == (3, 8)
    press(table, start)
    move(table, end)
    release(table, end)
    assert scene.selected == "schuetze"
    assert commands(table) == before and table.messages == []


@pytest.mark.rule("D-10")
def test_d10_dragging_a_token_whose_turn_it_is_not_says_so(home: Path) -> None:
    table = Table(home, "schuetze")
    before = commands(table)
    drag(table, [(3, 4), (4, 4), (5, 4)])
    assert commands(table) == before
    assert table.battle.creature("pistolero").cell == (3, 4)
    assert any("Pistolero ist nicht am Zug" in m for m in table.messages)


@pytest.mark.rule("D-10")
def test_d10_a_drag_that_starts_on_a_free_field_is_the_click_on_it(home: Path) -> None:
    """The press on a reachable field walks at once (the click); the release adds none."""
    table = Table(home, "schuetze")
    table.click((2, 8))
    before = commands(table)
    drag(table, [(4, 8), (5, 8), (6, 8)])
    assert commands(table) == before + 1
    last = table.battle.record[-1]
    assert isinstance(last, Move) and last.path[-1] == (4, 8)


# ------------------------------------------------------------------ movement tool
@pytest.mark.rule("E-ACT-VH-LAUFEN-1")
def test_dragging_in_the_run_tool_runs_as_its_click(home: Path) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.RUN)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, MoveTool)
    path = tool.options().path_to((11, 9))
    drag(table, [(2, 8), (6, 9), (11, 9)])
    last = table.battle.record[-1]
    assert isinstance(last, Move) and last.action == "RUN" and list(last.path) == path
    assert table.battle.creature("schuetze").cell == (11, 9)


@pytest.mark.rule("E-ACT-VH-LAUFEN-1")
def test_the_run_tool_press_on_the_token_waits_and_its_drops_say_why(home: Path) -> None:
    """No 'out of reach' on the press; a click or a drop on the start field says it
    stays, a drop out of reach says why, and the tool stays for another try."""
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.RUN)
    table.app.step()
    tool = scene.tool
    before = commands(table)
    press(table, table.centre((2, 8)))
    assert table.messages == []
    release(table, table.centre((2, 8)))
    assert any("Startfeld" in m for m in table.messages)
    table.messages.clear()
    drag(table, [(2, 8), (10, 2), (18, 1)])
    assert any("nicht erreichbar" in m for m in table.messages)
    assert commands(table) == before and scene.tool is tool


@pytest.mark.rule("E-ACT-VH-STURM")
def test_dragging_onto_an_enemy_in_the_charge_tool_charges_it(home: Path) -> None:
    table = Table(home, "schuetze")
    scene = table.scene
    scene.start_action(Action.CHARGE)
    table.app.step()
    tool = scene.tool
    assert isinstance(tool, MoveTool)
    end = tool.options().charges["p2"][-1]
    drag(table, [(2, 8), (7, 8), (12, 8)])
    last = table.battle.record[-1]
    assert isinstance(last, Charge) and last.target == "p2"
    assert table.battle.creature("schuetze").cell == end


@pytest.mark.rule("D-10")
def test_d10_the_field_under_a_dragged_token_is_framed_bright_when_reachable(
    home: Path,
) -> None:
    """While the token is dragged the landing field gets a frame: the path's white where
    it can go, dim where not; a plain hover (no drag) frames nothing."""
    table = Table(home, "schuetze")
    table.click((2, 8))
    goal, far = (5, 9), (15, 9)
    table.hover(goal)
    assert table.pixel(goal, 0.5, 0.03) != pygame.Color(255, 255, 255)  # hover only
    drag(table, [(2, 8), (4, 9), goal], let_go=False)
    assert table.pixel(goal, 0.5, 0.03) == pygame.Color(255, 255, 255)
    move(table, table.centre(far))
    dim = table.pixel(far, 0.5, 0.03)
    assert (dim.r, dim.g, dim.b) == theme.TEXT_DIM[:3]
    release(table, table.centre(far))
    assert table.battle.creature("schuetze").cell == (2, 8)


@pytest.mark.rule("D-10")
def test_d10_a_refused_drop_says_why_in_english_on_an_english_screen(home: Path) -> None:
    table = Table(home, "schuetze")
    table.app.set_language("en")
    drag(table, [(2, 8), (3, 8), (2, 8)])
    drag(table, [(2, 8), (8, 9), (15, 9)])
    assert "Walk: dropped on its starting field, no move" in table.messages
    assert any(m.startswith("Walk: out of reach (farther than") for m in table.messages)
