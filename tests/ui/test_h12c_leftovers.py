"""Issue 12 leftovers found in an Xvfb playtest (H12c points 2-8), driven with the dummy
video driver: no hover tooltip over a dialog, popups inside the window, GM panel texts
whole in a tooltip, no half line at the top of the dice log, no twin swatch, the map's
fit kept when the map area changes, and a GM fog line that names no field for players.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import GmFog, GmSetLifePoints
from game.ui import tooltip
from game.ui.camera_control import fit_beside_rulers
from game.ui.popup import MenuItem, Popup
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import ConfirmScene
from game.ui.scenes.mission_entry import read_mission
from game.ui.scenes.seats import SAME_LOOK, SeatsScene, seat_palette
from game.ui.text import text_cache
from game.ui.theme import parse_colour
from tests.ui.test_gm_mode_confirm import home, table

__all__ = ["home"]


def tooltip_draws(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Count the tooltip boxes drawn from now on (every tooltip goes through blit_near)."""
    drawn: list[object] = []
    real = tooltip.blit_near

    def spy(surface: pygame.Surface, image: pygame.Surface, *args: object) -> pygame.Rect:
        drawn.append(image)
        return real(surface, image, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(tooltip, "blit_near", spy)
    return drawn


def hover_a_tip(scene: BattleScene) -> None:
    spot = next(s for s in scene.hud.spots("gm:mode"))
    assert spot.tooltip
    scene.hud.mouse = spot.rect.center


# ------------------------------------------------------------------ point 2
@pytest.mark.rule("I12")
def test_no_hover_tooltip_of_the_battle_is_drawn_over_a_dialog(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = table(home)
    drawn = tooltip_draws(monkeypatch)
    hover_a_tip(scene)
    app.draw()
    assert drawn, "the tooltip shows while no dialog is open"
    drawn.clear()
    app.push(ConfirmScene(app, "SL-Modus?", "Ja", lambda: None))
    hover_a_tip(scene)
    app.draw()
    assert drawn == []  # the battle below the confirmation draws no tooltip
    assert tooltip.tooltips_shown()  # and the mute ends with the frame
    app.pop(app.top)
    app.draw()
    assert drawn


# ------------------------------------------------------------------ point 3
def _popup(anchor: tuple[int, int], columns: int = 1) -> Popup:
    items = [MenuItem(f"Zustand Nummer {i} mit einem sehr langen Namen", None) for i in range(12)]
    return Popup("Zustand für Elro-Sa", items, anchor, columns)


@pytest.mark.rule("I12")
@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_a_popup_flips_left_and_up_and_stays_in_the_window(
    home: Path, size: tuple[int, int]
) -> None:
    app, _scene = table(home)
    text = text_cache(app.fonts)
    window = pygame.Rect((0, 0), size)
    right = _popup((size[0] - 5, size[1] - 5))
    right.layout(text, window, 16)
    assert window.contains(right.rect)
    assert right.rect.right <= size[0] - 5 and right.rect.bottom <= size[1] - 5  # flipped
    wide = _popup((size[0] // 2, 10), columns=5)  # wider than the window at 320 a column
    wide.layout(text, window, 16)
    assert window.contains(wide.rect)
    assert all(window.contains(spot.rect) for spot in wide.spots)
    cut = [spot for spot in wide.spots if spot.tooltip]
    assert cut and all(spot.tooltip.startswith("Zustand Nummer") for spot in cut)


@pytest.mark.rule("I12")
def test_a_popup_laid_out_for_a_bigger_window_moves_inside_a_smaller_one(home: Path) -> None:
    app, _scene = table(home)
    popup = _popup((1200, 700))
    popup.layout(text_cache(app.fonts), pygame.Rect(0, 0, 1280, 800), 16)
    small = pygame.Surface((800, 560))
    popup.draw(small)
    assert small.get_rect().contains(popup.rect)


@pytest.mark.rule("I12")
@pytest.mark.parametrize("language", ["de", "en"])
def test_every_gm_menu_opens_inside_the_window(home: Path, language: str) -> None:
    app, scene = table(home, language)
    scene.hud.toggle_gm_mode()
    app.step()
    window = app.screen.get_rect()
    opened = 0
    for key in ("gm:add", "gm:remove", "gm:fog:reveal", "gm:fog:reset", "gm:impulse", "gm:end"):
        spot = next(s for s in scene.hud.spots(key) if s.key == key)
        scene.hud.mouse = spot.rect.center
        assert spot.on_click is not None
        spot.on_click()
        popup = scene.hud.popup
        if popup is None:
            continue
        opened += 1
        assert window.contains(popup.rect), (key, popup.rect)
        scene.hud.close_menu()
    assert opened >= 4


# ------------------------------------------------------------------ point 4
@pytest.mark.rule("I12")
def test_a_cut_gm_text_has_a_tooltip_with_its_whole_text(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tests.ui.test_gm_mode_confirm as confirm

    monkeypatch.setattr(confirm, "SIZE", (800, 560))
    app, scene = table(home)
    app.step()
    off = [s for s in scene.hud.spots("gm:off")]
    assert off and off[0].tooltip == app.t("hud.gm.off")  # SL-Modus off: the cut hint
    scene.hud.toggle_gm_mode()
    app.step()
    text, size = scene.hud.text, scene.hud.fs_small
    rows = scene.hud.gm.rows()
    labels = {offer.key: offer.label for row in rows for offer in row.offers}
    cut = 0
    for spot in scene.hud.spots("gm:"):
        label = labels.get(spot.key)
        if label is not None and text.fit(label, size, spot.rect.width - 8) != label:
            cut += 1
            assert spot.tooltip.startswith(label), (spot.key, spot.tooltip)
    for spot in scene.hud.spots("gm:label:"):
        assert spot.tooltip == spot.key.removeprefix("gm:label:")


# ------------------------------------------------------------------ point 5
class _Blits(pygame.Surface):
    """A surface that remembers where whole surfaces were blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.tops: list[int] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if isinstance(dest, tuple):
            self.tops.append(int(dest[1]))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.rule("I12")
@pytest.mark.parametrize("scroll", [0, 17, 95, 10_000])
def test_the_dice_log_never_shows_its_top_entry_cut(home: Path, scroll: int) -> None:
    _app, scene = table(home)
    for i in range(14):
        assert scene.send(GmSetLifePoints("gm", "terraner", 3 + i % 5)).ok
    log = scene.hud.log
    log.show_all = True
    rect = pygame.Rect(0, 30, 280, 203)
    surface = _Blits((280, 260))
    log.scroll = scroll
    log.render_body(surface, rect)
    assert surface.tops, "some entries are drawn"
    assert min(surface.tops) >= rect.y  # the first line starts inside the panel
    if scroll >= 10_000:  # scrolled to the top: the oldest entry sits at the top edge
        assert min(surface.tops) == rect.y


# ------------------------------------------------------------------ point 6
def _looks_same(a: str, b: str) -> bool:
    pa, pb = parse_colour(a), parse_colour(b)
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True)) <= SAME_LOOK


@pytest.mark.rule("I12")
def test_no_seat_offers_two_swatches_that_look_the_same(home: Path) -> None:
    app, _scene = table(home)
    scene = SeatsScene(app, read_mission(demo_mission_path()))
    for seat in scene.seats:
        palette = seat.palette
        assert palette[0] == seat.side.colour.lower()  # the side's own colour first
        pairs = [(a, b) for i, a in enumerate(palette) for b in palette[i + 1 :]]
        assert not [p for p in pairs if _looks_same(*p)], palette
    assert seat_palette("#2f6fd0")[1:] and "#3c78dc" not in seat_palette("#2f6fd0")


# ------------------------------------------------------------------ point 7
def _fitted_pose(scene: BattleScene) -> tuple[float, float, float]:
    """Return the camera's pose after a fit (F) in the present map area; check that
    the whole map is in view beside the rulers."""
    before = (scene.camera.zoom, scene.camera.x, scene.camera.y)
    grid = scene.session.battle.grid
    fit_beside_rulers(scene.camera, grid.width, grid.height, scene.map.coordinate_strips)
    after = (scene.camera.zoom, scene.camera.x, scene.camera.y)
    top, left = scene.map.coordinate_strips(scene.camera)
    x, y = scene.camera.cell_to_screen((0, 0))
    assert x >= left.right and y >= top.bottom
    scene.camera.zoom, scene.camera.x, scene.camera.y = before
    return after


@pytest.mark.rule("I12")
def test_the_fit_is_kept_when_the_sl_strip_comes_and_goes_and_on_resize(home: Path) -> None:
    app, scene = table(home)
    start = scene.camera.viewport_y
    scene.hud.toggle_gm_mode()  # the SL-Modus strip pushes the map down
    app.step()
    assert scene.camera.viewport_y > start
    assert (scene.camera.zoom, scene.camera.x, scene.camera.y) == _fitted_pose(scene)
    scene.hud.toggle_gm_mode()
    app.step()
    assert (scene.camera.zoom, scene.camera.x, scene.camera.y) == _fitted_pose(scene)
    for scene_ in app.scenes:
        scene_.resized((1000, 700))
    app.step()
    assert (scene.camera.zoom, scene.camera.x, scene.camera.y) == _fitted_pose(scene)


@pytest.mark.rule("I12")
def test_a_view_the_player_zoomed_is_not_refitted(home: Path) -> None:
    app, scene = table(home)
    scene.camera.set_zoom(scene.camera.zoom * 2)
    app.step()
    pose = (scene.camera.zoom, scene.camera.x, scene.camera.y)
    scene.hud.toggle_gm_mode()
    app.step()
    assert (scene.camera.zoom, scene.camera.x, scene.camera.y) == pose


# ------------------------------------------------------------------ point 8
@pytest.mark.rule("I12")
@pytest.mark.parametrize("language", ["de", "en"])
def test_the_gm_fog_line_names_no_field_the_details_do(home: Path, language: str) -> None:
    app, scene = table(home, language)
    app.settings.fog_of_war = True
    scene._fog_cache = None
    scene.hud.toggle_gm_mode()
    assert scene.send(GmFog(None, ((10, 3), (11, 3)), True, ("piraten",))).ok
    scene.hud.toggle_gm_mode()
    app.step()
    lines = [line for line in scene.hud.log.lines() if "10, 3" in line or "11, 3" in line]
    assert lines == []
    fog_lines = [line for line in scene.hud.log.lines() if "Nebel" in line or "fog" in line]
    assert fog_lines, scene.hud.log.lines()
    index = len(scene.session.battle.log) - 1
    details = scene.session.views.log_details(scene.session.battle, index, app.t)
    assert any("[10, 3]" in line for line in details), details
