"""Walls and doors on field edges (D-13) on paper: lines on the borders, over the artwork."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.cli import main
from game.export.edges import EDGE_NAMES, WALL_FRACTION
from game.export.pdf import write_map_pdf
from game.missions.model import Background, Mission
from tests.export.test_pdf import (
    FIELD_PT,
    SIDES,
    TOLERANCE_PT,
    Page,
    _objects,
    _png,
    _stream,
    grid_lines,
    read_pdf,
)

ROWS = ("........",) * 5


@pytest.fixture
def rl() -> Any:
    return pytest.importorskip("reportlab")


def _mission(background: Background | None = None) -> tuple[Mission, BattleGrid]:
    grid = BattleGrid.from_ascii("\n".join(ROWS))
    mission = Mission(
        title="Kanten", width=8, height=5, rows=ROWS, sides=SIDES, background=background
    )
    return mission, grid


def _edge_rects(page: Page, paint: str = "f") -> list[tuple[float, ...]]:
    """Return the rects of the map's edges painted with ``paint`` (f: filled, B: and stroked)."""
    return [
        shape.coords
        for shape in page.shapes
        if "KKEdges" in shape.tags and shape.kind == "rect" and shape.paint.rstrip("*") == paint
    ]


def _content(path: Path) -> bytes:
    data = path.read_bytes()
    objects = _objects(data)
    page = next(body for body in objects.values() if re.search(rb"/Type /Page(?!s)", body))
    contents = re.search(rb"/Contents\s+(\d+) 0 R", page)
    assert contents
    return _stream(objects[int(contents.group(1))])


@pytest.mark.rule("D-13")
def test_d13_an_edge_wall_prints_as_a_thick_bar_on_the_border(rl: Any, tmp_path: Path) -> None:
    mission, grid = _mission()
    plain = tmp_path / "plain.pdf"
    write_map_pdf(mission, grid, plain, landscape=True)
    assert "KKEdges" not in read_pdf(plain)[0].ops_by_tag
    for y in (1, 2):  # a wall between columns 3 and 4, rows 1 and 2
        grid.add_edge_wall((3, y), (4, y))
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out, landscape=True)
    page = read_pdf(out)[0]
    xs, ys = grid_lines(page)
    border_x = xs[4]
    top, bottom = ys[-1] - 1 * FIELD_PT, ys[-1] - 3 * FIELD_PT  # rows 1 and 2
    w = WALL_FRACTION * FIELD_PT
    bars = [
        (x, y, bw, bh)
        for x, y, bw, bh in _edge_rects(page)
        if math.isclose(bw, w, abs_tol=TOLERANCE_PT)
    ]
    assert len(bars) == 1  # one bar for the run, not one box per field
    x, y, bw, bh = bars[0]
    assert abs(x + bw / 2 - border_x) <= TOLERANCE_PT  # centred on the grid line
    assert abs(y - (bottom - w / 2)) <= TOLERANCE_PT and abs(y + bh - (top + w / 2)) <= 0.3
    # a white halo under the black bar: a wider rect round it, drawn before it
    halos = [r for r in _edge_rects(page) if r[2] > bw and abs(r[0] + r[2] / 2 - border_x) < 0.1]
    assert halos
    fills = [float(args[0]) for op, args in page.ops_by_tag["KKEdges"] if op == "g"]
    assert fills[:2] == [1.0, 0.0]  # white halo first, then the black bar


@pytest.mark.rule("D-13")
def test_d13_a_wall_along_a_row_border_prints_horizontally(rl: Any, tmp_path: Path) -> None:
    mission, grid = _mission()
    for x in (1, 2, 3):
        grid.add_edge_wall((x, 2), (x, 3))
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out, landscape=True)
    page = read_pdf(out)[0]
    xs, ys = grid_lines(page)
    w = WALL_FRACTION * FIELD_PT
    bars = [r for r in _edge_rects(page) if math.isclose(r[3], w, abs_tol=TOLERANCE_PT)]
    assert len(bars) == 1
    x, y, bw, _ = bars[0]
    assert abs(y + w / 2 - ys[-1 - 3]) <= TOLERANCE_PT  # the border above row 3
    assert abs(x - (xs[1] - w / 2)) <= TOLERANCE_PT and abs(bw - (3 * FIELD_PT + w)) <= 0.3


@pytest.mark.rule("D-13")
def test_d13_edge_doors_print_as_door_marks_and_opening_changes_them(
    rl: Any, tmp_path: Path
) -> None:
    mission, grid = _mission()
    grid.set_edge_door((3, 1), (4, 1))
    closed = tmp_path / "closed.pdf"
    write_map_pdf(mission, grid, closed, landscape=True)
    grid.set_edge_door((3, 1), (4, 1), open=True)
    opened = tmp_path / "opened.pdf"
    write_map_pdf(mission, grid, opened, landscape=True)
    closed_ops = read_pdf(closed)[0].ops_by_tag["KKEdges"]
    opened_ops = read_pdf(opened)[0].ops_by_tag["KKEdges"]
    assert closed_ops != opened_ops
    assert "S" not in {op for op, _ in closed_ops}  # no swing arc stroked on a closed door
    assert {"c", "S"} <= {op for op, _ in opened_ops}  # the open leaf's swing: a curve
    assert any(op == "d" and args[0] for op, args in opened_ops)  # dashed
    # the closed leaf is an outlined white bar on the border (a wall bar is filled black)
    page = read_pdf(closed)[0]
    xs, _ = grid_lines(page)
    leaves = [r for r in _edge_rects(page, "B") if abs(r[0] + r[2] / 2 - xs[4]) < 0.1]
    assert len(leaves) == 1


@pytest.mark.rule("D-13")
def test_d13_edges_print_over_the_background_artwork(rl: Any, tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    background = Background("bg.png", pixels_per_field=10, offset=(0, 0))
    mission, grid = _mission(background)
    grid.add_edge_wall((3, 1), (4, 1))
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out, landscape=True, images={"bg.png": _png(80, 50)})
    page = read_pdf(out)[0]
    assert len(page.images) == 1 and _edge_rects(page)
    content = _content(out)
    image_at = re.search(rb"/FormXob\.(?!KK_)\S+ Do", content)  # the background image
    assert image_at is not None
    assert image_at.start() < content.index(b"/KKEdges BMC") < content.index(b"/KKFrame BMC")


@pytest.mark.rule("D-13")
def test_d13_the_legend_explains_the_edge_symbols(rl: Any, tmp_path: Path) -> None:
    mission, grid = _mission()
    plain = tmp_path / "plain.pdf"
    write_map_pdf(mission, grid, plain, landscape=True)
    assert not any(t.startswith("KKEdgeSwatch_") for t in read_pdf(plain)[0].ops_by_tag)
    grid.add_edge_wall((0, 0), (1, 0))
    grid.set_edge_door((2, 2), (2, 3))
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out, landscape=True)
    page = read_pdf(out)[0]
    swatches = {t for t in page.ops_by_tag if t.startswith("KKEdgeSwatch_")}
    assert swatches == {"KKEdgeSwatch_wall", "KKEdgeSwatch_door"}
    for kind in (EdgeKind.WALL, EdgeKind.DOOR):
        german, english = EDGE_NAMES[kind]
        assert german in page.text and english in page.text
    assert EDGE_NAMES[EdgeKind.OPEN_DOOR][0] not in page.text
    wall = page.ops_by_tag["KKEdgeSwatch_wall"]
    door = page.ops_by_tag["KKEdgeSwatch_door"]
    assert [op for op, _ in wall] != [op for op, _ in door]


MISSION = """
[mission]
title = "Kantenwände"

[map]
width = 6
height = 4
rows = '''
......
......
......
......
'''

[[map.edges]]
between = [[2, 0], [3, 0]]

[[map.edges]]
between = [[2, 1], [3, 1]]
kind = "door"
open = true

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"
deployment = [[0, 0]]

[[sides]]
key = "gegner"
name = "Gegner"
colour = "#c83a3a"
controller = "gm"
deployment = [[5, 3]]
"""


@pytest.mark.rule("D-13")
def test_d13_kampfkarte_print_draws_a_missions_edges(
    rl: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kanten.toml"
    path.write_text(MISSION, encoding="utf-8")
    out = tmp_path / "kanten.pdf"
    assert main(["print", "--language", "en", str(path), "-o", str(out), "--landscape"]) == 0
    capsys.readouterr()
    page = read_pdf(out)[0]
    assert _edge_rects(page)
    assert {t for t in page.ops_by_tag if t.startswith("KKEdgeSwatch_")} == {
        "KKEdgeSwatch_wall",
        "KKEdgeSwatch_open_door",
    }


@pytest.mark.rule("D-13")
def test_d13_an_edge_on_a_sheet_border_prints_on_both_sheets(rl: Any, tmp_path: Path) -> None:
    """Glued together, the wall must be whole: both neighbouring sheets print it."""
    from tests.export.test_pdf import wide_mission

    mission, grid = wide_mission(30, 20)
    out = tmp_path / "probe.pdf"
    write_map_pdf(mission, grid, out)
    owned = len(grid_lines(read_pdf(out)[0])[0]) - 1  # the first sheet's columns
    grid.add_edge_wall((owned - 1, 3), (owned, 3))
    report = write_map_pdf(mission, grid, out)
    pages = read_pdf(out)
    assert len(grid_lines(pages[0])[0]) - 1 == owned
    w = WALL_FRACTION * FIELD_PT

    def bars(page: Page) -> list[float]:
        return [r[0] + r[2] / 2 for r in _edge_rects(page) if math.isclose(r[2], w, abs_tol=0.1)]

    first, second = grid_lines(pages[0])[0], grid_lines(pages[1])[0]
    assert [round(x, 2) for x in bars(pages[0])] == [round(first[-1], 2)]  # its right border
    assert [round(x, 2) for x in bars(pages[1])] == [round(second[0], 2)]  # its left border
    assert not bars(pages[2]) and not bars(pages[report.columns])
