"""Area-fire painting (issue 12, point 9): a neutral start, joined drags (D-6, D-13).

Step 2 opens with a prompt, not a red verdict on an empty painting; a drag paints the
side-joined line walk between successive mouse positions, so a diagonal or fast drag
keeps the painted fields joined as D-6 requires. Driven with posted mouse events on the
test mission of ``test_tools``; ``edge_walk`` is checked on its own as well.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.rules.area_joins import edge_groups, edge_parted
from game.ui import theme
from game.ui.tools import AreaFireTool
from game.ui.tools.paint_walk import edge_walk
from tests.shots import save_shot
from tests.ui import test_tools
from tests.ui.test_tools import Table, _area_tool, _rolled

home = test_tools.home  # the fixture

Cell = tuple[int, int]


def drag(table: Table, cells: list[Cell]) -> None:
    """Press on the first field, one motion event per further field, release on the last."""
    table.post(pygame.MOUSEBUTTONDOWN, pos=table.centre(cells[0]), button=1)
    table.app.step()
    for cell in cells[1:]:
        table.hover(cell, buttons=(1, 0, 0))
    table.post(pygame.MOUSEBUTTONUP, pos=table.centre(cells[-1]), button=1)
    table.app.step()


def red_pixels(table: Table, tool: AreaFireTool) -> int:
    """Count the pixels in the problem colour in the lower left of the map view."""
    camera = table.scene.camera
    top = camera.viewport_y + camera.viewport_h - 260
    area = pygame.Rect(camera.viewport_x, top, camera.viewport_w // 2, 260)
    pixels = pygame.surfarray.pixels3d(table.app.screen.subsurface(area))
    near = np.abs(pixels.astype(int) - np.array(theme.TEXT_BAD)).sum(axis=2) <= 30
    return int(near.sum())


def joined(cells: list[Cell], grid: BattleGrid | None = None) -> bool:
    return len(edge_groups(cells, grid)) == 1


# ------------------------------------------------------------------ neutral start
@pytest.mark.rule("D-6", "E-AREAFIRE-5")
def test_d6_step_two_opens_with_a_prompt_and_no_verdict_until_a_field_is_painted(
    home: Path,
) -> None:
    table = Table(home, "schuetze")
    tool = _rolled(table)
    table.hover((5, 2))
    preview = tool.preview()
    assert not preview.valid  # nothing painted: the engine would refuse it
    assert tool.shown_problems == []  # ... but the screen does not say so yet
    assert red_pixels(table, tool) == 0
    lines = tool.place_lines(preview)
    assert any("Klicke oder ziehe" in line and "12 Schaden" in line for line in lines)
    assert tool.confirm_button.tooltip == ""
    save_shot(table.app.screen, "i12_u3_area_step2_start.png")
    table.click((12, 8))
    assert tool.painted == {(12, 8): 1}
    assert any("verteilt werden müssen genau 12" in e for e in tool.shown_problems)
    assert red_pixels(table, tool) > 40  # the verdict now shows, in red
    assert not any("Klicke oder ziehe" in line for line in tool.place_lines(tool.preview()))
    assert tool.confirm_button.tooltip != ""
    save_shot(table.app.screen, "i12_u3_area_step2_painted.png")


@pytest.mark.rule("D-6")
def test_d6_the_paint_prompt_is_english_on_an_english_screen(home: Path) -> None:
    table = Table(home, "schuetze")
    tool = _rolled(table)
    table.app.set_language("en")
    lines = tool.place_lines(tool.preview())
    assert "Click or drag over the chosen fields to place 12 damage" in lines


# ------------------------------------------------------------------ joined drags
@pytest.mark.rule("D-6", "E-AREAFIRE-6")
def test_d6_a_diagonal_drag_in_step_one_chooses_a_side_joined_area(home: Path) -> None:
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    diagonal = [(10, 7), (11, 8), (12, 9), (13, 10)]
    drag(table, diagonal)
    assert all(cell in tool.chosen for cell in diagonal)
    assert len(tool.chosen) == 7  # three fields between the corners
    assert joined(tool.chosen)
    for a, b in zip(tool.chosen, tool.chosen[1:], strict=False):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1  # in the order painted
    assert not any("joined" in str(e) for e in tool.preview().errors)
    assert tool.shown_problems == [] or not any("Kante" in e for e in tool.shown_problems)
    save_shot(table.app.screen, "i12_u3_area_diagonal.png")


@pytest.mark.rule("D-6", "E-AREAFIRE-6")
def test_d6_a_fast_drag_fills_the_fields_the_mouse_jumped(home: Path) -> None:
    table = Table(home, "schuetze")
    tool = _area_tool(table)
    drag(table, [(9, 9), (13, 9)])  # one motion event four fields on
    assert tool.chosen == [(9, 9), (10, 9), (11, 9), (12, 9), (13, 9)]


@pytest.mark.rule("D-6", "E-AREAFIRE-6")
def test_d6_a_diagonal_drag_in_step_two_bends_over_the_chosen_fields(home: Path) -> None:
    """From (12, 7) to (13, 6) the line crosses a corner; (13, 7) is not chosen, so the
    walk paints (12, 6) between: joined, and nothing said about the field passed over."""
    table = Table(home, "schuetze")
    tool = _rolled(table)
    table.messages.clear()
    drag(table, [(12, 7), (13, 6)])
    assert tool.painted == {(12, 7): 1, (12, 6): 1, (13, 6): 1}
    assert joined(list(tool.painted))
    assert not any("Nur auf die gewählten" in m for m in table.messages)
    assert not any("Kante" in e for e in tool.shown_problems)
    drag(table, [(12, 6), (11, 5)])  # off the chosen fields under the mouse: said
    assert (11, 5) not in tool.painted
    assert any("Nur auf die gewählten" in m for m in table.messages)


# ------------------------------------------------------------------ the walk itself
@pytest.mark.rule("D-6")
def test_d6_edge_walk_steps_by_sides_from_start_to_end_for_every_offset() -> None:
    for dx in range(-5, 6):
        for dy in range(-5, 6):
            walk = edge_walk((0, 0), (dx, dy))
            assert len(walk) == abs(dx) + abs(dy)
            previous = (0, 0)
            for cell in walk:
                assert abs(cell[0] - previous[0]) + abs(cell[1] - previous[1]) == 1
                previous = cell
            assert previous == (dx, dy)
            # it keeps to the straight line: no field farther than one from it
            for x, y in walk:
                if dx or dy:
                    distance = abs(dy * x - dx * y) / (dx * dx + dy * dy) ** 0.5
                    assert distance <= 1.0


@pytest.mark.rule("D-6", "D-13")
def test_d13_edge_walk_bends_round_a_wall_on_the_edge_it_would_cross() -> None:
    grid = BattleGrid(np.zeros((4, 4), dtype=bool))
    grid.add_edge_wall((0, 0), (1, 0))  # the x-first step of a diagonal
    walk = edge_walk((0, 0), (1, 1), lambda a, b: not edge_parted(grid, a, b))
    assert walk == [(0, 1), (1, 1)]
    assert joined([(0, 0), *walk], grid)
    assert edge_walk((0, 0), (1, 1)) == [(1, 0), (1, 1)]  # without the wall: x first
