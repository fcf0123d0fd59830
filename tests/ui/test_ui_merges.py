"""One menu, one tooltip, one button look, one text renderer; per-frame work kept off."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import tools
from game.ui.app import App, Scene
from game.ui.hud_text import says
from game.ui.popup import MenuItem, Popup
from game.ui.scenes.navigate import open_app
from game.ui.text import text_cache
from game.ui.theme import Fonts
from game.ui.tooltip import draw_tooltip, tooltip_image


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    return open_app(home=tmp_path, headless=True, size=(800, 600))


def _items(n: int, hits: list[int] | None = None) -> list[MenuItem]:
    def run(i: int) -> MenuItem:
        return MenuItem(f"Eintrag {i}", (lambda: hits.append(i)) if hits is not None else None)

    return [run(i) for i in range(n)]


def _event(kind: int, **data: object) -> pygame.event.Event:
    return pygame.event.Event(kind, **data)


def test_the_tools_menu_is_the_hud_menu() -> None:
    assert tools.PopupMenu is Popup
    assert tools.MenuItem is MenuItem


def test_a_long_menu_scrolls_with_wheel_and_keys(app: App) -> None:
    text = text_cache(app.fonts)
    hits: list[int] = []
    popup = Popup("Lange Liste", _items(80, hits), (10, 10))
    popup.layout(text, pygame.Rect(0, 0, 800, 600))
    assert popup.scrollable and popup.visible_rows < 80
    assert popup.rect.height <= 600
    assert len(popup.spots) == popup.visible_rows
    popup.handle(_event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert popup.scroll == 2 and popup.spots[0].key == "menu:2"
    popup.handle(_event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert popup.spots[-1].key == "menu:79"
    popup.handle(_event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    assert popup.scroll == 0
    popup.handle(_event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    spot = popup.spots[0]
    popup.handle(_event(pygame.MOUSEBUTTONDOWN, pos=spot.rect.center, button=1))
    assert hits == [1] and popup.closed


def test_a_short_menu_does_not_scroll_and_is_drawn_once(app: App) -> None:
    text = text_cache(app.fonts)
    popup = Popup("Kurz", _items(3), (700, 560))
    screen = app.screen
    for _ in range(5):
        popup.draw(screen, (0, 0), text)
    assert popup.renders == 1  # the rows are not re-rendered per frame
    assert not popup.scrollable
    assert not popup.handle(_event(pygame.MOUSEWHEEL, x=0, y=1))
    assert screen.get_rect().contains(popup.rect)  # pushed back inside the screen
    popup.handle(_event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    assert popup.closed  # a click outside closes it


def test_every_tooltip_is_one_box_kept_on_screen() -> None:
    fonts = Fonts()
    surface = pygame.Surface((300, 200))
    first = tooltip_image(fonts, ["Kernschuss", "Nachteil ×1"])
    assert tooltip_image(fonts, ["Kernschuss", "Nachteil ×1"]) is first  # rendered once
    rect = draw_tooltip(surface, fonts, "ein recht langer Text " * 6, (290, 190))
    assert rect is not None and surface.get_rect().contains(rect)
    assert draw_tooltip(surface, fonts, "", (10, 10)) is None


def test_one_text_renderer_for_every_draw(app: App) -> None:
    from game.ui.widgets import draw_text

    cache = text_cache(app.fonts)
    assert text_cache(app.fonts) is cache
    before = cache.renders
    for _ in range(3):
        draw_text(app.screen, app.fonts, "Einmal gerendert", (0, 0))
    assert cache.renders == before + 1


def test_says_picks_the_language_and_falls_back_to_german() -> None:
    assert says("de", "Kernschuss", "Core shot") == "Kernschuss"
    assert says("en", "Kernschuss", "Core shot") == "Core shot"
    assert says("en", "Kernschuss", "") == "Kernschuss"


class _Opaque(Scene):
    covers_screen = True

    def draw(self, surface: pygame.Surface) -> None:
        pass


def test_a_scene_covering_the_screen_is_not_cleared_first(app: App) -> None:
    app.push(_Opaque(app))
    app.screen.fill((255, 0, 255))
    app.draw()
    assert app.screen.get_at((5, 5))[:3] == (255, 0, 255)


def test_the_title_reads_the_disk_on_build_not_per_frame(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.scenes import title as title_module
    from game.ui.scenes.menus import HelpOverlay

    calls: list[Path] = []
    real = title_module.has_autosave

    def counted(home: Path) -> bool:
        calls.append(home)
        return real(home)

    monkeypatch.setattr(title_module, "has_autosave", counted)
    scene = title_module.TitleScene(app)
    app.push(scene)
    app.step()
    after_build = len(calls)
    for _ in range(5):
        app.step()
    assert len(calls) == after_build
    help_scene = HelpOverlay(app)
    app.push(help_scene)
    app.step()
    app.pop(help_scene)  # the title shows again: it looks again
    assert len(calls) > after_build


def test_the_token_list_is_kept_while_nothing_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.missions.loader import demo_mission_path
    from game.ui.play import start_battle

    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = open_app(home=tmp_path, headless=True, size=(1024, 700))
    scene = start_battle(app, demo_mission_path(), seed=3)
    app.push(scene)
    app.step()
    first = scene.token_list()
    assert scene.token_list() is first
    assert scene.animator.static(first)  # idle: the renderer skips per-token placement
    others = [k for k in scene.session.battle.state.creatures if k != scene.selected]
    scene.select(others[0])
    assert scene.token_list() is not first


def test_preview_life_states_follow_the_conditions_closure(tmp_path: Path) -> None:
    """A creature in Stabiles Koma is shown unconscious and lying (its implied conditions)."""
    from game.missions.model import Controller, CreaturePlacement, Facing, Mission, Side
    from game.missions.toml_format import dumps_mission
    from game.ui.scenes.preview_model import load_preview

    mission = Mission(
        title="Koma",
        width=6,
        height=4,
        rows=("######", "#....#", "#....#", "######"),
        sides=(Side("blau", "Blau", "#2f6fd0", Controller.PLAYER),),
        creatures=(
            CreaturePlacement(
                key="k",
                type="dretop_pirat",
                name="Koma",
                side="blau",
                cell=(1, 1),
                facing=Facing.EAST if hasattr(Facing, "EAST") else next(iter(Facing)),
                conditions=("STABLE_COMA",),
            ),
        ),
    )
    path = tmp_path / "koma.toml"
    path.write_text(dumps_mission(mission), encoding="utf-8")
    token = load_preview(path).tokens[0]
    assert token.life == "unconscious"
    assert token.stance == "prone"
