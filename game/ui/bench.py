"""``kampfkarte bench ui``: frame times of the battle screen, printed as figures.

The screen is the real one: an App at 1920x1080 on SDL's dummy driver, a BattleScene on
a seeded 100x100 mission with 100 creatures, its HUD, the movement overlay of the
selected creature, the range bands of its weapon and an area template following the
mouse, while the camera pans every frame (circling round that creature, so the map
fills the view) and zooms one wheel step at the mouse every ``ZOOM_EVERY`` frames
(between 35 % and 300 %). The tokens carry their art: each creature type's figure
(``token`` in the catalogue) and, for every ``PICTURE_EVERY``-th creature, a picture of
the mission's own (``image``), so a zoom step renders SVG figures and cropped pictures.
One frame is ``App.step()``: events,
update, draw, flip. ``edges=True`` gives every room a dividing wall on field edges with
an edge door, closed or open (D-13, ``bench_edges``): the same frame with edge walls.

The overlays are the tools' own (``tools.overlay_bench_setup``: the Gehen overlay, the
range bands and threat zones, a cone template). Benchmarks print numbers, not
verdicts; the targets are printed beside them.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import numpy as np

SIZE = (1920, 1080)
MAP_SIDE = 100
CREATURES = 100
ZOOM_EVERY = 20
ZOOM_STEP = 1.15  # one wheel step, as camera_control.ZOOM_STEP (pygame is imported later)

MIN_BENCH_ZOOM = 0.35
MAX_BENCH_ZOOM = 3.0
TARGET_MEDIAN_MS = 4.0
TARGET_P95_MS = 8.0
CREATURE_TYPES = ("dretop_pirat", "musa_elitesoldat", "akuanischer_strassenpunk", "traa_gardist")
#: Every this many creatures shows the mission's own picture instead of its type's figure.
PICTURE_EVERY = 10
PICTURE = "art/bench.png"


def write_bench_picture(path: Path) -> None:
    """Write a small PNG for the creatures with a picture of their own (a face on a disc)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    picture = pygame.Surface((96, 96))
    picture.fill((60, 70, 90))
    pygame.draw.circle(picture, (210, 170, 120), (48, 48), 34)
    for x in (36, 60):
        pygame.draw.circle(picture, (30, 30, 40), (x, 42), 6)
    pygame.draw.arc(picture, (120, 40, 40), pygame.Rect(30, 40, 36, 30), 3.5, 5.9, 4)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(path))


def bench_rows(seed: int, side: int = MAP_SIDE) -> list[str]:
    """Return the rows of a seeded map: rooms with doors, rubble, water, cover, smoke."""
    rng = np.random.default_rng(seed)
    chars = np.full((side, side), ".", dtype="<U1")
    for k in range(0, side, 12):  # a grid of room walls with two doors per wall piece
        chars[k, :] = "#"
        chars[:, k] = "#"
    chars[0, :] = chars[-1, :] = "#"
    chars[:, 0] = chars[:, -1] = "#"
    for k in range(12, side - 1, 12):
        for start in range(0, side, 12):
            for offset, door in ((4, "+"), (8, "/")):
                pos = start + offset
                if 0 < pos < side - 1 and chars[k, pos] == "#" and pos % 12:
                    chars[k, pos] = door
                if 0 < pos < side - 1 and chars[pos, k] == "#" and pos % 12:
                    chars[pos, k] = "/" if door == "+" else "+"
    free = chars == "."
    roll = rng.random((side, side))
    chars[free & (roll < 0.05)] = ":"
    chars[free & (roll >= 0.05) & (roll < 0.08)] = "~"
    chars[free & (roll >= 0.08) & (roll < 0.11)] = "="
    chars[free & (roll >= 0.11) & (roll < 0.12)] = "%"
    return ["".join(row) for row in chars]


def bench_edges(rows: list[str]) -> list[tuple[tuple[int, int], tuple[int, int], str, bool]]:
    """Return (a, b, kind, open) of the edge walls and doors of the bench map (D-13).

    Every 12x12 room gets a wall on the grid line through its middle column, from its
    top wall down, with an edge door two fields above the bottom (closed in rooms of even
    index, open in the others) and a short wall along a row border from that line.
    """
    side = len(rows)
    out: list[tuple[tuple[int, int], tuple[int, int], str, bool]] = []
    index = 0
    for top in range(0, side - 12, 12):
        for left in range(0, side - 12, 12):
            column = left + 6
            for y in range(top + 1, top + 12):
                if rows[y][column - 1] == "#" or rows[y][column] == "#":
                    continue
                door = y == top + 9
                out.append(
                    (
                        (column - 1, y),
                        (column, y),
                        "door" if door else "wall",
                        door and index % 2 == 1,
                    )
                )
            for x in range(column, min(side - 1, column + 3)):
                if rows[top + 4][x] != "#" and rows[top + 5][x] != "#":
                    out.append(((x, top + 4), (x, top + 5), "wall", False))
            index += 1
    return out


def write_bench_mission(folder: Path, seed: int, *, edges: bool = False) -> Path:
    """Write the seeded 100x100 mission with 100 creatures (with ``edges``: and the edge
    walls of ``bench_edges``); return its path."""
    from game.missions.model import Controller, CreaturePlacement, Facing, MapEdge, Mission, Side
    from game.missions.toml_format import dumps_mission

    rows = bench_rows(seed)
    rng = np.random.default_rng(seed + 1)
    free = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "."]
    picks = rng.choice(len(free), size=CREATURES, replace=False)
    facings = list(Facing)
    creatures = []
    for index, pick in enumerate(picks.tolist()):
        cell = free[pick]
        creatures.append(
            CreaturePlacement(
                key=f"c{index:03d}",
                type=CREATURE_TYPES[index % len(CREATURE_TYPES)],
                name=f"Figur {index}",
                side="rot" if index % 2 else "blau",
                cell=cell,
                facing=facings[index % len(facings)],
                image=PICTURE if index % PICTURE_EVERY == 0 else "",
            )
        )
    write_bench_picture(folder / PICTURE)
    mission = Mission(
        title="Bench 100x100",
        width=MAP_SIDE,
        height=MAP_SIDE,
        rows=tuple(rows),
        sides=(
            Side("blau", "Blau", "#2f6fd0", Controller.PLAYER),
            Side("rot", "Rot", "#c83a3a", Controller.PLAYER),
        ),
        creatures=tuple(creatures),
        edges=tuple(MapEdge(a, b, kind, is_open) for a, b, kind, is_open in bench_edges(rows))
        if edges
        else (),
    )
    path = folder / "bench.toml"
    path.write_text(dumps_mission(mission), encoding="utf-8")
    return path


def _home(cell: tuple[int, int]) -> tuple[float, float]:
    """Return where the view circles: the creature's field, kept off the map's edges."""
    margin = 20.0
    x = min(MAP_SIDE - margin, max(margin, cell[0] + 0.5))
    y = min(MAP_SIDE - margin, max(margin, cell[1] + 0.5))
    return x, y


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


def run_ui_bench(
    *,
    frames: int = 600,
    seed: int = 2026,
    out: TextIO,
    clock: Callable[[], float] = time.perf_counter,
    edges: bool = False,
) -> int:
    """Render ``frames`` frames of the battle screen and print median, p95 and max in ms
    (``edges``: on the map with edge walls and doors)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # comparable figures on any machine
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.navigate import open_app
    from game.ui.session import GameSession
    from game.ui.settings import Settings
    from game.ui.tools import overlay_bench_setup

    with tempfile.TemporaryDirectory(prefix="kampfkarte-bench-") as folder:
        home = Path(folder)
        mission = write_bench_mission(home, seed, edges=edges)
        settings = Settings(animations=False, fog_of_war=False, window_w=SIZE[0], window_h=SIZE[1])
        app = open_app(home=home, settings=settings, size=SIZE, headless=True)
        session = GameSession.new(mission, home=home, seed=seed, autosave_enabled=False)
        scene = BattleScene(app, session)
        app.push(scene)
        overlay_bench_setup(scene)
        samples = _run_frames(app, scene, frames, clock)
        art = _art_counts(scene)
        tiles = len(scene.map.tiles)
        tile_mb = scene.map.tiles.bytes / 2**20
        edge_count = len(scene.session.battle.grid.edge_list())
        pygame.display.quit()
    median = statistics.median(samples)
    p95 = _percentile(samples, 0.95)
    worst = max(samples)
    print(
        f"kampfkarte bench ui  ({frames} frames, {SIZE[0]}x{SIZE[1]}, dummy driver, "
        f"{MAP_SIDE}x{MAP_SIDE} map, {CREATURES} tokens, overlays: tools.overlay_bench_setup; "
        f"seed {seed}" + (f"; {edge_count} edge walls and doors" if edges else "") + ")",
        file=out,
    )
    print(f"{'figure':<18}  {'ms':>8}  target", file=out)
    print(f"{'median frame':<18}  {median:8.2f}  <= {TARGET_MEDIAN_MS:g} ms", file=out)
    print(f"{'p95 frame':<18}  {p95:8.2f}  <= {TARGET_P95_MS:g} ms", file=out)
    print(f"{'max frame':<18}  {worst:8.2f}  (60 FPS budget 16.7 ms)", file=out)
    print(f"tile cache: {tiles} tiles, {tile_mb:.1f} MB", file=out)
    print(
        f"token art: {art[0]} of {CREATURES} tokens with a figure, {art[1]} with a picture",
        file=out,
    )
    return 0


def _art_counts(scene: Any) -> tuple[int, int]:
    """Return how many tokens show a figure and how many the mission's picture."""
    art = scene.tokens.art
    pieces = scene.session.views.pieces(scene.session.battle).values()
    pictures = sum(1 for p in pieces if p.image and art.picture(p.image, 40) is not None)
    figures = sum(1 for p in pieces if not p.image and art.has_figure(p.token))
    return figures, pictures


def _run_frames(app: Any, scene: Any, frames: int, clock: Callable[[], float]) -> list[float]:
    """Step ``frames`` frames while the view circles and zooms; return each frame's ms."""
    import pygame

    from game.ui.overlays_rules import selected_creature

    camera = scene.camera
    creature = selected_creature(scene) or scene.session.battle.current
    home_x, home_y = _home(creature.cell)
    camera.set_zoom(1.0)
    camera.centre_on(home_x, home_y)
    app.step()  # warm-up: fonts, first tiles
    samples: list[float] = []
    zoom_dir = 1
    for i in range(frames):
        # the view circles round the selected creature (so its overlays stay in view),
        # about 10 screen pixels a frame at 100 %
        camera.centre_on(home_x + 14 * math.sin(i / 70), home_y + 9 * math.sin(i / 45))
        centre = (
            camera.viewport_x + camera.viewport_w // 2,
            camera.viewport_y + camera.viewport_h // 2,
        )
        mouse = (
            centre[0] + round(300 * math.cos(i / 23)),
            centre[1] + round(200 * math.sin(i / 31)),
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=mouse, rel=(0, 0), buttons=(0, 0, 0))
        )
        if i % ZOOM_EVERY == ZOOM_EVERY - 1:  # one wheel step at the mouse
            if camera.zoom * ZOOM_STEP > MAX_BENCH_ZOOM:
                zoom_dir = -1
            elif camera.zoom / ZOOM_STEP < MIN_BENCH_ZOOM:
                zoom_dir = 1
            camera.zoom_at(mouse, ZOOM_STEP**zoom_dir)
        start = clock()
        app.step(1 / 60)
        samples.append((clock() - start) * 1000.0)
    return samples
