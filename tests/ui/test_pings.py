"""Issue 12, "Ping" (i12): Alt+left click on a map field shows rings in the pinging
person's side colour for a few seconds, over the fog and the tokens, and the HUD says
"Anna zeigt auf [x, y]"; no command is sent, the tool does not move or attack.

Driven by posted mouse events with Alt held; pings fade by ``update(dt)``, never by the
wall clock; the rings checked in rendered pixels.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.board.grid import Cell
from game.ui.app import App
from game.ui.pings import MAX_PINGS, PING_SECONDS, ring_phases
from game.ui.scenes.battle import BattleScene
from tests.shots import save_shot
from tests.ui.test_gm_mode_confirm import home, post, table

__all__ = ["home"]


def centre(scene: BattleScene, cell: Cell) -> tuple[int, int]:
    x, y = scene.camera.cell_to_screen(cell)
    half = scene.camera.cell_px // 2
    return x + half, y + half


def alt_click(app: App, pos: tuple[int, int], *, alt: bool = True) -> None:
    """Press and release the left button at ``pos`` with Alt held (or not)."""
    mod = pygame.KMOD_LALT if alt else pygame.KMOD_NONE
    pygame.key.set_mods(mod)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step()
    pygame.key.set_mods(pygame.KMOD_NONE)


def reachable_field(scene: BattleScene) -> Cell:
    """Return a free floor field two steps right or below the current creature."""
    battle = scene.session.battle
    x, y = battle.current.cell
    for cell in ((x, y + 2), (x + 2, y), (x, y - 2), (x - 2, y)):
        if (
            battle.grid.in_bounds(cell)
            and not battle.grid.is_wall(cell)
            and battle.state.creature_at(cell) is None
        ):
            return cell
    raise AssertionError("no free field near the current creature")


def colour_pixels(app: App, scene: BattleScene, cell: Cell, colour: tuple[int, int, int]) -> int:
    """Count pixels near ``cell`` within a few levels of ``colour``."""
    cx, cy = centre(scene, cell)
    reach = scene.camera.cell_px * 2
    pixels = pygame.surfarray.array3d(app.screen)[
        max(0, cx - reach) : cx + reach, max(0, cy - reach) : cy + reach
    ].astype(int)
    return int((np.abs(pixels - np.array(colour)).sum(axis=-1) < 40).sum())


@pytest.mark.rule("i12")
def test_alt_click_pings_the_field_and_does_not_move(home: Path) -> None:
    app, scene = table(home)
    mover = scene.session.battle.current
    start, field = mover.cell, reachable_field(scene)
    commands = len(scene.session.match.commands)
    alt_click(app, centre(scene, field))
    assert len(scene.session.match.commands) == commands  # a ping is no command
    assert scene.session.battle.current.cell == start
    assert [p.cell for p in scene.pings.pings] == [field]
    texts = [m.text for m in scene.hud.board.messages]
    assert f"Anna zeigt auf [{field[0]}, {field[1]}]" in texts
    save_shot(app.screen, "i12_pings_ping.png")
    # the same click without Alt is the tool's: the creature walks there
    alt_click(app, centre(scene, field), alt=False)
    assert len(scene.session.match.commands) == commands + 1
    assert scene.session.battle.current.cell == field
    assert len(scene.pings.pings) == 1


@pytest.mark.rule("i12")
def test_alt_click_on_an_enemy_does_not_attack(home: Path) -> None:
    app, scene = table(home)
    battle = scene.session.battle
    mover = battle.current
    enemy = next(c for c in battle.state.creatures.values() if c.side != mover.side)
    commands = len(scene.session.match.commands)
    alt_click(app, centre(scene, enemy.cell))
    assert len(scene.session.match.commands) == commands
    assert [p.cell for p in scene.pings.pings] == [enemy.cell]


@pytest.mark.rule("i12")
def test_a_ping_shows_in_the_side_colour_and_fades_after_its_time(home: Path) -> None:
    app, scene = table(home)
    field = reachable_field(scene)
    colour = scene.colours["freunde"]  # Anna plays the friends
    app.step()
    before = colour_pixels(app, scene, field, colour)
    alt_click(app, centre(scene, field))
    ping = scene.pings.pings[0]
    assert ping.colour == colour
    scene.pings.update(0.4)
    app.step(0.0)
    lit = colour_pixels(app, scene, field, colour)
    assert lit > before + 40  # rings and the field's frame in Anna's colour
    scene.pings.update(PING_SECONDS - 0.4 - 0.05)
    assert scene.pings.pings  # still there just before its end
    scene.pings.update(0.1)
    assert scene.pings.pings == []
    app.step(0.0)
    assert colour_pixels(app, scene, field, colour) <= before + 5


@pytest.mark.rule("i12")
def test_several_pings_run_at_once_and_the_oldest_go(home: Path) -> None:
    _app, scene = table(home)
    for n in range(MAX_PINGS + 2):
        scene.pings.ping((n, 1))
    assert [p.cell for p in scene.pings.pings] == [(n, 1) for n in range(2, MAX_PINGS + 2)]
    scene.pings.update(1.0)
    scene.pings.ping((20, 20))  # a new one outlives the older ones
    scene.pings.update(PING_SECONDS - 0.5)
    assert [p.cell for p in scene.pings.pings] == [(20, 20)]


@pytest.mark.rule("i12")
def test_a_ping_is_visible_on_a_fogged_field(home: Path) -> None:
    app, scene = table(home)
    app.settings.fog_of_war = True
    scene._fog_cache = None
    view = scene.fog()
    assert view is not None
    hidden = np.argwhere(~np.asarray(view.visible))
    grid = scene.session.battle.grid
    y, x = next(
        (int(y), int(x))
        for y, x in hidden
        if not grid.is_wall((int(x), int(y))) and 3 < x < grid.width - 3 and 3 < y < grid.height - 3
    )
    colour = scene.colours["freunde"]
    app.step()
    before = colour_pixels(app, scene, (x, y), colour)
    alt_click(app, centre(scene, (x, y)))
    scene.pings.update(0.4)
    app.step(0.0)
    assert colour_pixels(app, scene, (x, y), colour) > before + 40
    save_shot(app.screen, "i12_pings_fog.png")


@pytest.mark.rule("i12")
def test_the_game_master_pings_in_his_colour_and_english_says_points_at(home: Path) -> None:
    app, scene = table(home, "en", with_gm=True)
    gm = scene.session.gm
    assert gm is not None
    scene.viewer = gm
    field = reachable_field(scene)
    alt_click(app, centre(scene, field))
    assert scene.pings.pings[0].colour == (0x96, 0x50, 0xC8)
    assert f"Gerd points at [{field[0]}, {field[1]}]" in [m.text for m in scene.hud.board.messages]


@pytest.mark.rule("i12")
def test_the_rings_widen_one_after_another() -> None:
    assert ring_phases(0.0) == [0.0]
    assert len(ring_phases(0.5)) == 2 and len(ring_phases(0.9)) == 3
    first, second, third = ring_phases(0.9)
    assert first > second > third


@pytest.mark.rule("i12")
def test_in_hot_seat_the_person_at_the_screen_pings(home: Path) -> None:
    app, scene = table(home)
    for _ in range(12):
        if scene.viewer is not None and scene.viewer.name == "Bärbel":
            break
        scene.end_turn()
        app.step()
    assert scene.viewer is not None and scene.viewer.name == "Bärbel"
    field = reachable_field(scene)
    alt_click(app, centre(scene, field))
    assert scene.pings.pings[-1].colour == scene.colours["piraten"]
    texts = [m.text for m in scene.hud.board.messages]
    assert f"Bärbel zeigt auf [{field[0]}, {field[1]}]" in texts


@pytest.mark.rule("i12")
def test_a_ping_at_close_zoom_draws_wider_rings(home: Path) -> None:
    app, scene = table(home)
    field = reachable_field(scene)
    scene.camera.zoom_at(centre(scene, field), 2.5)
    app.step()
    colour = scene.colours["freunde"]
    before = colour_pixels(app, scene, field, colour)
    alt_click(app, centre(scene, field))
    scene.pings.update(0.8)
    app.step(0.0)
    assert colour_pixels(app, scene, field, colour) > before + 200
    save_shot(app.screen, "i12_pings_rings_zoomed.png")


@pytest.mark.rule("i12", "E-OBJ-WAFFE-WG1")
def test_a_tool_that_claims_the_alt_click_keeps_it(home: Path) -> None:
    """The attack tool aims at a held weapon with Alt+click (tests/ui/test_object_tools.py):
    where a tool claims the Alt+click for a field, no ping is made there; elsewhere one is."""
    _app, scene = table(home)
    claimed = reachable_field(scene)
    asked: list[Cell] = []

    def claims_alt_click(cell: Cell) -> bool:
        asked.append(cell)
        return cell == claimed

    scene.tool.claims_alt_click = claims_alt_click  # type: ignore[attr-defined]
    assert (
        scene.pings.handle(
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN, pos=centre(scene, claimed), button=1, mod=pygame.KMOD_ALT
            )
        )
        is False
    )
    assert scene.pings.pings == [] and asked == [claimed]
    other = (claimed[0], claimed[1] + 1)
    assert scene.pings.handle(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=centre(scene, other), button=1, mod=pygame.KMOD_ALT
        )
    )
    assert [p.cell for p in scene.pings.pings] == [other]
