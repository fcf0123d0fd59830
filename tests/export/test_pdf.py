"""Printing at true scale: the PDF is measured from the file itself.

A small PDF reader below (xref table, Flate/ASCII85 streams, a content-stream
interpreter that tracks the transformation matrix) pulls out the grid lines, the
calibration bar, the images and the text, so the 25 mm field is checked in the
PDF's own units (1 pt = 1/72 in; 25 mm = 70.866 pt).
"""

from __future__ import annotations

import base64
import builtins
import io
import itertools
import math
import os
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.board.grid import BattleGrid, Cover, FieldKind, Terrain
from game.export import layout
from game.export.calibration import CALIBRATION_TEXT
from game.export.layout import (
    FIELD_MM,
    MM,
    fields_per_page,
    page_label,
    paper_size_mm,
    plan_sheets,
    row_letters,
    split,
)
from game.export.patterns import MARKS, TERRAIN_MARKS, mark_masks, pattern_names
from game.export.pdf import PRINT_EXTRA_MESSAGE, PrintUnavailable, write_map_pdf
from game.export.sheet import FIRST_COORDINATE
from game.export.styles import creature_initials, side_styles
from game.missions.model import Background, Controller, CreaturePlacement, Mission, Side

FIELD_PT = 25.0 / 25.4 * 72.0  # 70.866 pt
TOLERANCE_PT = 0.1 / 25.4 * 72.0  # 0.1 mm = 0.283 pt
CALIBRATION_PT = 50.0 / 25.4 * 72.0


# ------------------------------------------------------------- a tiny PDF reader
@dataclass
class Shape:
    """A painted path piece in device space (points), with the marked-content tags around it."""

    kind: str  # "line" or "rect"
    coords: tuple[float, ...]  # line: x1, y1, x2, y2; rect: x, y, w, h
    tags: tuple[str, ...]
    paint: str = ""


@dataclass
class Page:
    media_box: tuple[float, ...]
    shapes: list[Shape] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    images: list[tuple[float, ...]] = field(default_factory=list)  # CTM at each image Do
    forms: list[str] = field(default_factory=list)  # names of the field-pattern forms placed
    ops_by_tag: dict[str, list[tuple[str, tuple[Any, ...]]]] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)


def _objects(data: bytes) -> dict[int, bytes]:
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    table = data[start:]
    header = re.match(rb"xref\s+(\d+)\s+(\d+)\s+", table)
    assert header, "no classic xref table"
    first, count = int(header.group(1)), int(header.group(2))
    entries = re.findall(rb"(\d{10}) (\d{5}) ([nf])", table[header.end() :])[:count]
    offsets = {first + i: int(off) for i, (off, _gen, kind) in enumerate(entries) if kind == b"n"}
    ordered = sorted(offsets.items(), key=lambda item: item[1])
    bodies = {}
    for index, (number, offset) in enumerate(ordered):
        end = ordered[index + 1][1] if index + 1 < len(ordered) else start
        bodies[number] = data[offset:end]
    return bodies


def _stream(body: bytes) -> bytes:
    begin = body.index(b"stream", body.index(b">>")) + len(b"stream")
    if body[begin : begin + 2] == b"\r\n":
        begin += 2
    elif body[begin : begin + 1] in (b"\n", b"\r"):
        begin += 1
    raw = body[begin : body.rindex(b"endstream")].rstrip(b"\r\n")
    filters = re.findall(rb"/(ASCII85Decode|FlateDecode)", body[:begin])
    for name in filters:
        if name == b"ASCII85Decode":
            raw = base64.a85decode(raw.strip().removesuffix(b"~>"), adobe=False)
        else:
            raw = zlib.decompress(raw)
    return raw


_TOKEN = re.compile(
    rb"\s*(?:(?P<num>[+-]?(?:\d+\.?\d*|\.\d+))(?![\w.])|(?P<name>/[^\s/\[\]()<>{}%]*)"
    rb"|(?P<str>\()|(?P<hex><[0-9A-Fa-f\s]*>)|(?P<open>\[)|(?P<close>\])|(?P<dict><<|>>)"
    rb"|(?P<comment>%[^\r\n]*)|(?P<op>[A-Za-z'\"*]+))"
)


def _literal(data: bytes, pos: int) -> tuple[bytes, int]:
    depth, out = 1, bytearray()
    escapes = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}
    while True:
        ch = data[pos]
        pos += 1
        if ch == ord("\\"):
            nxt = data[pos]
            if nxt in escapes:
                out.append(escapes[nxt])
                pos += 1
            elif 48 <= nxt <= 55:
                digits = re.match(rb"[0-7]{1,3}", data[pos : pos + 3])
                assert digits
                out.append(int(digits.group(0), 8) & 0xFF)
                pos += len(digits.group(0))
            else:
                out.append(nxt)
                pos += 1
        elif ch == ord("("):
            depth += 1
            out.append(ch)
        elif ch == ord(")"):
            depth -= 1
            if depth == 0:
                return bytes(out), pos
            out.append(ch)
        else:
            out.append(ch)


def _tokens(data: bytes) -> Iterator[tuple[str, Any]]:
    pos = 0
    while pos < len(data):
        match = _TOKEN.match(data, pos)
        if not match or match.end() == pos:
            if data[pos:].strip() == b"":
                return
            raise AssertionError(f"cannot read content at {data[pos : pos + 30]!r}")
        pos = match.end()
        if match.group("num") is not None:
            yield "num", float(match.group("num"))
        elif match.group("name") is not None:
            yield "name", match.group("name").decode("latin-1")
        elif match.group("str") is not None:
            text, pos = _literal(data, pos)
            yield "str", text.decode("cp1252", errors="replace")
        elif match.group("hex") is not None:
            yield "str", bytes.fromhex(match.group("hex")[1:-1].decode()).decode("latin-1")
        elif match.group("open") is not None:
            yield "open", None
        elif match.group("close") is not None:
            yield "close", None
        elif match.group("op") is not None:
            yield "op", match.group("op").decode("latin-1")


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """Return m × n (apply m first, then n), PDF row-vector convention."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _interpret(content: bytes, page: Page) -> None:
    ctm, stack = IDENTITY, []
    tags: list[str] = []
    operands: list[Any] = []
    array: list[Any] | None = None
    path: list[Shape] = []
    current = (0.0, 0.0)
    text_block: list[str] | None = None
    for kind, value in _tokens(content):
        if kind == "open":
            array = []
            continue
        if kind == "close":
            operands.append(array)
            array = None
            continue
        if kind != "op":
            (array if array is not None else operands).append(value)
            continue
        op = value
        for tag in tags:
            page.ops_by_tag.setdefault(tag, []).append((op, tuple(operands)))
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _multiply(
                (operands[0], operands[1], operands[2], operands[3], operands[4], operands[5]), ctm
            )
        elif op == "BMC":
            tags.append(operands[0].lstrip("/"))
        elif op == "EMC":
            tags.pop()
        elif op == "m":
            current = _apply(ctm, operands[0], operands[1])
        elif op == "l":
            end = _apply(ctm, operands[0], operands[1])
            path.append(Shape("line", (*current, *end), tuple(tags)))
            current = end
        elif op == "re":
            x, y, w, h = operands
            x0, y0 = _apply(ctm, x, y)
            x1, y1 = _apply(ctm, x + w, y + h)
            path.append(
                Shape("rect", (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)), tuple(tags))
            )
        elif op in {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}:
            for shape in path:
                shape.paint = op
            page.shapes.extend(path)
            path = []
        elif op == "BT":
            text_block = []
        elif op == "ET":
            page.texts.append("".join(text_block or []))
            text_block = None
        elif op in {"Tj", "'", '"'} and text_block is not None:
            text_block.append(operands[-1])
        elif op == "TJ" and text_block is not None:
            text_block.append("".join(part for part in operands[0] if isinstance(part, str)))
        elif op == "Do" and operands[0].startswith("/FormXob.KK_"):
            page.forms.append(operands[0].removeprefix("/FormXob."))
        elif op == "Do":
            page.images.append(ctm)
        operands = []


def read_pdf(path: Path) -> list[Page]:
    """Return the pages of a PDF written by reportlab, interpreted."""
    data = path.read_bytes()
    objects = _objects(data)
    pages_obj = next(body for body in objects.values() if b"/Type /Pages" in body)
    kids_array = re.search(rb"/Kids\s*\[([^\]]*)\]", pages_obj)
    assert kids_array
    kids = [int(n) for n in re.findall(rb"(\d+) 0 R", kids_array.group(1))]
    pages = []
    for kid in kids:
        body = objects[kid]
        box = re.search(rb"/MediaBox\s*\[([^\]]*)\]", body)
        assert box
        page = Page(tuple(float(v) for v in box.group(1).split()))
        contents = re.search(rb"/Contents\s+(\d+) 0 R", body)
        assert contents
        _interpret(_stream(objects[int(contents.group(1))]), page)
        pages.append(page)
    return pages


# --------------------------------------------------------------------- fixtures
@pytest.fixture
def rl() -> Any:
    return pytest.importorskip("reportlab")


ALL_KINDS = {
    "L": FieldKind(hazard=True),
    "K": FieldKind(terrain=Terrain.CLIMB, difficult=True),
    "M": FieldKind(terrain=Terrain.MUD),
    "S": FieldKind(terrain=Terrain.SHARDS),
    "N": FieldKind(terrain=Terrain.NARROW),
    "C": FieldKind(terrain=Terrain.CROWD),
    "G": FieldKind(terrain=Terrain.SLOPE),
    "T": FieldKind(terrain=Terrain.STROBE),
    "H": FieldKind(cover=Cover.FULL),
}
ALL_ROWS = (
    "#####+####",
    "#.:~=%/..#",
    "#LKMSNCGT#",
    "#H.......#",
    "##########",
)
SIDES = (
    Side("heroes", "Helden", "#1f77b4", Controller.PLAYER),
    Side("pirates", "Piraten", "#d62728", Controller.GM),
)


def small_mission(
    rows: tuple[str, ...] = ALL_ROWS,
    legend: dict[str, FieldKind] | None = None,
    creatures: tuple[CreaturePlacement, ...] = (),
    background: Background | None = None,
) -> tuple[Mission, BattleGrid]:
    grid = BattleGrid.from_ascii("\n".join(rows), ALL_KINDS if legend is None else legend)
    mission = Mission(
        title="Probekarte",
        width=len(rows[0]),
        height=len(rows),
        rows=rows,
        sides=SIDES,
        creatures=creatures,
        background=background,
    )
    return mission, grid


def wide_mission(width: int = 30, height: int = 20) -> tuple[Mission, BattleGrid]:
    rows = tuple(
        "#" * width if y in (0, height - 1) else "#" + "." * (width - 2) + "#"
        for y in range(height)
    )
    return small_mission(rows, legend={})


def grid_lines(page: Page) -> tuple[list[float], list[float]]:
    """Return the x of the vertical and the y of the horizontal grid lines on a page."""
    xs, ys = set(), set()
    for shape in page.shapes:
        if "KKGrid" not in shape.tags or shape.kind != "line" or shape.paint != "S":
            continue
        x1, y1, x2, y2 = shape.coords
        if math.isclose(x1, x2, abs_tol=1e-6):
            xs.add(round(x1, 4))
        elif math.isclose(y1, y2, abs_tol=1e-6):
            ys.add(round(y1, 4))
    return sorted(xs), sorted(ys)


def calibration_bars(page: Page) -> list[float]:
    return [
        shape.coords[2]
        for shape in page.shapes
        if "KKCalibration" in shape.tags and shape.kind == "rect" and shape.paint == "S"
    ]


# ------------------------------------------------------------------ the scale
def test_field_pitch_is_25_mm_measured_from_the_file(rl: Any, tmp_path: Path) -> None:
    """Every grid step on every page is 70.866 pt ± 0.28 pt (25 mm ± 0.1 mm)."""
    mission, grid = wide_mission()
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out)
    pages = read_pdf(out)
    assert len(pages) > 1
    steps = []
    for page in pages:
        xs, ys = grid_lines(page)
        assert len(xs) >= 2 and len(ys) >= 2
        steps += [b - a for a, b in itertools.pairwise(xs)]
        steps += [b - a for a, b in itertools.pairwise(ys)]
    assert steps
    for step in steps:
        assert abs(step - FIELD_PT) <= TOLERANCE_PT, step
    # The span of many fields stays exact too (no creeping error).
    xs, _ = grid_lines(pages[0])
    assert abs((xs[-1] - xs[0]) - (len(xs) - 1) * FIELD_PT) <= TOLERANCE_PT


def test_page_size_is_the_paper_in_points(rl: Any, tmp_path: Path) -> None:
    """The MediaBox is the paper size in pt, so the 70.866 pt pitch is 25 mm on paper."""
    mission, grid = small_mission()
    cases = {
        ("A4", False): (595.276, 841.890),
        ("A4", True): (841.890, 595.276),
        ("A3", True): (1190.551, 841.890),
        ("letter", False): (612.0, 792.0),
    }
    for (paper, landscape), (width, height) in cases.items():
        out = tmp_path / f"{paper}-{landscape}.pdf"
        report = write_map_pdf(mission, grid, out, paper=paper, landscape=landscape)
        for page in read_pdf(out):
            assert page.media_box[:2] == (0.0, 0.0)
            assert abs(page.media_box[2] - width) < 0.01
            assert abs(page.media_box[3] - height) < 0.01
            xs, _ = grid_lines(page)
            for a, b in itertools.pairwise(xs):
                assert abs(b - a - FIELD_PT) <= TOLERANCE_PT
        assert report.field_mm == 25.0


def test_calibration_bar_is_50_mm_on_every_page(rl: Any, tmp_path: Path) -> None:
    mission, grid = wide_mission()
    out = tmp_path / "map.pdf"
    report = write_map_pdf(mission, grid, out)
    pages = read_pdf(out)
    assert len(pages) == report.pages
    for page in pages:
        bars = calibration_bars(page)
        assert len(bars) == 1
        assert abs(bars[0] - CALIBRATION_PT) <= TOLERANCE_PT
        assert CALIBRATION_TEXT in page.text
    assert CALIBRATION_TEXT == (
        "50 mm — bei 100 % Druck genau 50 mm / exactly 50 mm at 100 % scale"
    )


# ------------------------------------------------------------ pages and labels
def test_30_by_20_map_on_a4_portrait_splits_as_computed(rl: Any, tmp_path: Path) -> None:
    """Rows and columns follow from the printable area, the strips and the 10 mm overlap."""
    mission, grid = wide_mission(30, 20)
    out = tmp_path / "map.pdf"
    report = write_map_pdf(mission, grid, out, paper="A4")
    # Printable area of A4 portrait (210 × 297 mm): margins, coordinate strips, the
    # overlap flap, the header, and the footer with one legend row (only walls here).
    across = 210 - 2 * layout.MARGIN_MM - 2 * layout.STRIP_MM - layout.OVERLAP_MM
    footer = layout.FOOTER_GAP_MM + layout.CALIBRATION_ROW_MM + layout.LEGEND_ROW_MM
    down = (
        297
        - 2 * layout.MARGIN_MM
        - layout.HEADER_MM
        - 2 * layout.STRIP_MM
        - layout.OVERLAP_MM
        - footer
    )
    per_x, per_y = int(across // FIELD_MM), int(down // FIELD_MM)
    assert (per_x, per_y) == (7, 9)  # 176 mm and 233.5 mm of room
    columns, rows = math.ceil(30 / per_x), math.ceil(20 / per_y)
    assert (report.columns, report.rows, report.pages) == (columns, rows, columns * rows)
    assert (columns, rows) == (5, 3)
    assert report.fields_per_page == (per_x, per_y)
    pages = read_pdf(out)
    assert len(pages) == 15
    owned_x: dict[int, list[int]] = {}
    owned_y: dict[int, list[int]] = {}
    for number, page in enumerate(pages):
        r, c = divmod(number, columns)
        label = f"{'ABC'[r]}{c + 1}"
        assert f"Seite {label}" in page.text
        assert f"Seite {label} (Zeile {r + 1}, Spalte {c + 1})" in page.text
        assert f"page {label} (row {r + 1}, column {c + 1})" in page.text
        assert "Probekarte" in page.text  # the mission's title on every page
        xs, ys = grid_lines(page)
        nx, ny = len(xs) - 1, len(ys) - 1
        assert nx <= per_x and ny <= per_y
        match = re.search(r"Felder x (\d+)–(\d+), y (\d+)–(\d+)", page.text)
        assert match
        x0, x1, y0, y1 = (int(g) for g in match.groups())
        assert (x1 - x0 + 1, y1 - y0 + 1) == (nx, ny)
        owned_x.setdefault(r, []).extend(range(x0, x1 + 1))
        owned_y.setdefault(c, []).extend(range(y0, y1 + 1))
        # Field coordinates on the border: every owned column on top and bottom,
        # every owned row left and right.
        numbers = [t for t in page.texts if t.isdigit()]
        for x in range(x0, x1 + 1):
            assert numbers.count(str(x)) >= 2 or x in range(y0, y1 + 1)
        for y in range(y0, y1 + 1):
            assert numbers.count(str(y)) >= 2
    first = FIRST_COORDINATE
    for r in range(rows):
        assert owned_x[r] == list(range(first, first + 30))  # each column once, in order
    for c in range(columns):
        assert owned_y[c] == list(range(first, first + 20))


def test_glue_flaps_and_cut_lines_follow_the_neighbours(rl: Any, tmp_path: Path) -> None:
    mission, grid = wide_mission(30, 20)
    out = tmp_path / "map.pdf"
    report = write_map_pdf(mission, grid, out)
    pages = read_pdf(out)
    for number, page in enumerate(pages):
        r, c = divmod(number, report.columns)
        has_right = c + 1 < report.columns
        has_below = r + 1 < report.rows
        if has_right:
            assert f"Kleben: Seite {page_label(r, c + 1)}" in page.text
        if has_below:
            assert f"Kleben: Seite {page_label(r + 1, c)}" in page.text
        if not (has_right or has_below):
            assert "Kleben" not in page.text
        cuts = [s for s in page.shapes if "KKCut" in s.tags and s.paint == "S"]
        assert len(cuts) == int(c > 0) + int(r > 0)
        # The grid lines reach 10 mm into each flap.
        xs, _ = grid_lines(page)
        horizontal = [
            s.coords
            for s in page.shapes
            if "KKGrid" in s.tags and s.kind == "line" and math.isclose(s.coords[1], s.coords[3])
        ]
        span = max(abs(x2 - x1) for x1, _, x2, _ in horizontal)
        expected = xs[-1] - xs[0] + (10 * MM if has_right else 0.0)
        assert abs(span - expected) <= TOLERANCE_PT


def test_layout_arithmetic() -> None:
    """Paper sizes, balanced splits and labels, without the PDF library."""
    assert paper_size_mm("A4") == (210.0, 297.0)
    assert paper_size_mm("a3", landscape=True) == (420.0, 297.0)
    assert paper_size_mm("Letter") == (215.9, 279.4)
    with pytest.raises(ValueError, match="unknown paper size 'A5'"):
        paper_size_mm("A5")
    assert split(30, 7) == ((0, 6), (6, 6), (12, 6), (18, 6), (24, 6))
    assert split(20, 9) == ((0, 7), (7, 7), (14, 6))
    assert split(5, 9) == ((0, 5),)
    assert [row_letters(i) for i in (0, 1, 25, 26, 27, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "ZZ", "AAA",
    ]  # fmt: skip
    assert page_label(1, 0) == "B1"
    assert fields_per_page(210, 297, 1) == (7, 9)
    assert fields_per_page(297, 210, 1) == (10, 5)
    assert fields_per_page(420, 297, 2) == (15, 9)
    assert fields_per_page(215.9, 279.4, 1) == (7, 8)
    with pytest.raises(ValueError, match="no room"):
        fields_per_page(40, 40, 1)
    plan = plan_sheets(30, 20, 7, 9)
    assert (plan.rows, plan.columns, len(plan.sheets)) == (3, 5, 15)
    last = plan.sheets[-1]
    assert (last.label, last.has_right, last.has_below) == ("C5", False, False)
    assert plan.sheets[0].has_right and plan.sheets[0].has_below


# ----------------------------------------------------------- black and white
def test_every_kind_has_its_own_pattern() -> None:
    """B/W legibility: no two marks share pattern and letter code; every terrain has one."""
    signatures = [mark.signature for mark in MARKS.values()]
    assert len(signatures) == len(set(signatures))
    graphic = [m.pattern for m in MARKS.values() if m.pattern != "code"]
    assert len(graphic) == len(set(graphic))
    codes = [m.code for m in MARKS.values() if m.pattern == "code"]
    assert all(codes) and len(codes) == len(set(codes))
    assert set(TERRAIN_MARKS) == set(Terrain) - {Terrain.NONE}
    assert {m.pattern for m in MARKS.values()} <= pattern_names()
    assert MARKS["wall"].pattern == "solid"
    assert MARKS["difficult"].pattern == "dots"
    assert MARKS["water"].pattern == "waves"
    assert MARKS["low_obstacle"].pattern == "crosshatch"
    assert MARKS["smoke"].pattern == "stipple"
    assert MARKS["door_open"].pattern != MARKS["door_closed"].pattern
    assert MARKS["hazard"].code == "!"


def test_mark_masks_follow_the_grid() -> None:
    _, grid = small_mission()
    masks = mark_masks(grid)
    assert masks["wall"][0, 0] and not masks["difficult"][0, 0]
    assert masks["door_closed"][0, 5] and masks["door_open"][1, 6]
    assert masks["difficult"][1, 2] and masks["rubble"][1, 2]
    assert masks["water"][1, 3] and masks["low_obstacle"][1, 4]
    assert masks["smoke"][1, 5] and not masks["full_cover"][1, 5]
    assert masks["hazard"][2, 1] and masks["full_cover"][3, 1]
    for key in TERRAIN_MARKS.values():
        assert masks[key].any(), key


def test_legend_swatches_draw_each_used_kind_differently(rl: Any, tmp_path: Path) -> None:
    """Each kind on the map gets a legend swatch, and no two swatches draw the same."""
    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out)
    page = read_pdf(out)[0]
    swatches = {
        tag.removeprefix("KKSwatch_"): ops
        for tag, ops in page.ops_by_tag.items()
        if tag.startswith("KKSwatch_")
    }
    used = {key for key, mask in mark_masks(grid).items() if mask.any()}
    assert set(swatches) == used == set(MARKS)

    def normalised(ops: list[tuple[str, tuple[Any, ...]]]) -> tuple[Any, ...]:
        frame = next(args for op, args in ops if op == "re")
        x0, y0 = frame[0], frame[1]
        result = []
        for op, args in ops:
            values = []
            for i, arg in enumerate(args):
                if isinstance(arg, float) and op in {"m", "l", "c", "re", "v", "y"}:
                    arg = round(arg - (x0 if i % 2 == 0 else y0), 1)
                values.append(arg)
            result.append((op, tuple(str(v) for v in values)))
        return tuple(result)

    drawings = {key: normalised(ops) for key, ops in swatches.items()}
    keys = sorted(drawings)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert drawings[a] != drawings[b], (a, b)
    for mark in MARKS.values():
        if mark.code:
            assert mark.code in page.text
    for mark in MARKS.values():
        assert mark.german in page.text


def test_each_field_is_drawn_with_its_kinds_pattern(rl: Any, tmp_path: Path) -> None:
    """On the map, every field places the pattern of each kind it has, and no other."""
    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    write_map_pdf(mission, grid, out, landscape=True)
    pages = read_pdf(out)
    assert len(pages) == 1
    placed = pages[0].forms
    for key, mask in mark_masks(grid).items():
        names = [name for name in placed if name.startswith(f"KK_{key}_") and "code" not in name]
        assert len(names) == int(mask.sum()), key
        codes = placed.count(f"KK_{key}_code")
        assert codes == (int(mask.sum()) if MARKS[key].code else 0), key
    # The door in the top wall sits in a left-right wall, the one at (6, 1) below a wall.
    assert "KK_door_closed_h" in placed and "KK_door_open_v" in placed


# ------------------------------------------------------------------ creatures
CREW = (
    CreaturePlacement("likron", "likron", "Likron", "heroes", (1, 3)),
    CreaturePlacement("p1", "pirate", "Dretop-Pirat 1", "pirates", (3, 3)),
    CreaturePlacement("spy", "pirate", "Geheimagent", "pirates", (5, 3), hidden=True),
)


def test_creatures_printed_or_left_out(rl: Any, tmp_path: Path) -> None:
    mission, grid = small_mission(creatures=CREW)
    with_out = tmp_path / "with.pdf"
    report = write_map_pdf(mission, grid, with_out)
    text = "\n".join(page.text for page in read_pdf(with_out))
    assert "Likron" in text and "Dretop-Pirat 1" in text and "DP1" in text
    assert "Partei 1: Helden (Spieler)" in text and "Partei 2: Piraten (Spielleitung)" in text
    assert "Geheimagent" not in text  # hidden at start
    assert any("verborgene" in note for note in report.notes)

    without = tmp_path / "without.pdf"
    report = write_map_pdf(mission, grid, without, creatures=False)
    text = "\n".join(page.text for page in read_pdf(without))
    for creature in CREW:
        assert creature.name not in text
    assert "DP1" not in text and "Partei" not in text
    assert report.notes == ()


def test_footprints_size_the_tokens(
    rl: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """E-SIZE-1: a creature type of side 2 gets a token over 2 x 2 fields; others one field."""
    import game.export.map_drawing as map_drawing

    radii: dict[str, float] = {}
    real_token = map_drawing.draw_token

    def spy(c: Any, cx: float, cy: float, radius: float, *args: Any, **kwargs: Any) -> None:
        radii[args[2]] = radius  # keyed by the creature's name
        real_token(c, cx, cy, radius, *args, **kwargs)

    monkeypatch.setattr(map_drawing, "draw_token", spy)
    mission, grid = small_mission(creatures=CREW[:2])
    write_map_pdf(mission, grid, tmp_path / "big.pdf", footprints={"pirate": 2})
    assert radii["Dretop-Pirat 1"] == pytest.approx(FIELD_PT - 2.0 * MM)
    assert radii["Likron"] == pytest.approx(FIELD_PT / 2 - 2.0 * MM)  # type not named: 1
    write_map_pdf(mission, grid, tmp_path / "small.pdf")
    assert radii["Dretop-Pirat 1"] == pytest.approx(FIELD_PT / 2 - 2.0 * MM)


def test_side_styles_differ_without_colour() -> None:
    styles = side_styles(SIDES)
    heroes, pirates = styles["heroes"], styles["pirates"]
    assert (heroes.code, pirates.code) == ("1", "2")
    assert (heroes.dash, heroes.double) != (pirates.dash, pirates.double)
    assert heroes.colour == pytest.approx((0x1F / 255, 0x77 / 255, 0xB4 / 255))
    assert creature_initials("Likron") == "Li"
    assert creature_initials("Dretop-Pirat 12") == "DP12"
    assert creature_initials("  ") == "?"


# --------------------------------------------------------------- background
def _png(width: int, height: int) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 180, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


def test_background_scaled_so_a_field_is_25_mm(rl: Any, tmp_path: Path) -> None:
    """pixels_per_field pixels of the image become one 25 mm field."""
    pytest.importorskip("PIL")
    background = Background("bg.png", pixels_per_field=20, offset=(0, 0))
    mission, grid = small_mission(background=background)
    data = _png(200, 100)  # 10 × 5 fields
    out = tmp_path / "map.pdf"
    report = write_map_pdf(mission, grid, out, images={"bg.png": data})
    assert report.notes == ()
    page = read_pdf(out)[0]
    assert len(page.images) == 1
    a, _, _, d, e, f = page.images[0]
    assert abs(a - 10 * FIELD_PT) <= TOLERANCE_PT and abs(d - 5 * FIELD_PT) <= TOLERANCE_PT
    xs, ys = grid_lines(page)
    assert abs(e - xs[0]) <= TOLERANCE_PT  # the image's left edge is the map's left edge
    assert abs(f + d - ys[-1]) <= TOLERANCE_PT  # and its top edge the map's top edge

    # Read from the mission's folder when no bytes are handed in.
    (tmp_path / "bg.png").write_bytes(data)
    report = write_map_pdf(mission, grid, tmp_path / "b.pdf", base_dir=tmp_path)
    assert report.notes == () and len(read_pdf(tmp_path / "b.pdf")[0].images) == 1


def test_background_missing_or_broken_is_skipped_with_a_note(rl: Any, tmp_path: Path) -> None:
    background = Background("../bg.png", pixels_per_field=20)
    mission, grid = small_mission(background=background)
    report = write_map_pdf(mission, grid, tmp_path / "a.pdf", base_dir=tmp_path)
    assert len(report.notes) == 1 and "'..'" in report.notes[0]
    report = write_map_pdf(mission, grid, tmp_path / "b.pdf")
    assert "keine Bilddaten" in report.notes[0]
    report = write_map_pdf(
        mission, grid, tmp_path / "c.pdf", images={"../bg.png": b"\x89PNG\r\n\x1a\nbroken"}
    )
    assert "nicht gedruckt" in report.notes[0]
    assert read_pdf(tmp_path / "c.pdf")[0].images == []


# ------------------------------------------------------------------ the file
def test_atomic_write_leaves_no_temp_file(rl: Any, tmp_path: Path) -> None:
    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    out.write_bytes(b"old")
    write_map_pdf(mission, grid, out)
    assert [p.name for p in tmp_path.iterdir()] == ["map.pdf"]
    assert out.read_bytes().startswith(b"%PDF-")
    first = out.read_bytes()
    write_map_pdf(mission, grid, out)
    assert out.read_bytes() == first  # deterministic: no time stamps


def test_pdf_file_permissions_like_other_files(rl: Any, tmp_path: Path) -> None:
    """A new PDF gets the usual permissions; a replaced one keeps its own."""
    mission, grid = small_mission()
    new = tmp_path / "new.pdf"
    write_map_pdf(mission, grid, new)
    umask = os.umask(0)
    os.umask(umask)
    assert new.stat().st_mode & 0o777 == 0o666 & ~umask
    new.chmod(0o600)
    write_map_pdf(mission, grid, new)
    assert new.stat().st_mode & 0o777 == 0o600


def test_failed_write_keeps_the_old_file(
    rl: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.export.pdf as pdf

    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    out.write_bytes(b"old")

    def broken(*args: Any) -> None:
        raise RuntimeError("printer on fire")

    monkeypatch.setattr(pdf, "draw_sheet", broken)
    with pytest.raises(RuntimeError, match="printer on fire"):
        write_map_pdf(mission, grid, out)
    assert [p.name for p in tmp_path.iterdir()] == ["map.pdf"]
    assert out.read_bytes() == b"old"


def test_bad_arguments_are_refused_before_writing(rl: Any, tmp_path: Path) -> None:
    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    with pytest.raises(ValueError, match="unknown paper size"):
        write_map_pdf(mission, grid, out, paper="A0")
    with pytest.raises(ValueError, match="grid is 3×3"):
        write_map_pdf(mission, BattleGrid.open(3, 3), out)
    assert list(tmp_path.iterdir()) == []


def test_missing_reportlab_gives_the_install_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the optional extra: PrintUnavailable with the pip command, no file."""
    real_import = builtins.__import__

    def no_reportlab(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "reportlab" or name.startswith("reportlab."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_reportlab)
    mission, grid = small_mission()
    out = tmp_path / "map.pdf"
    with pytest.raises(PrintUnavailable) as caught:
        write_map_pdf(mission, grid, out)
    assert str(caught.value) == PRINT_EXTRA_MESSAGE
    assert str(caught.value) == (
        'Printing needs the optional extra: python -m pip install -e ".[print]"'
    )
    assert list(tmp_path.iterdir()) == []
