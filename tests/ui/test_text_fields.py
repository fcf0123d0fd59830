"""Issue 12 point 10: text fields behave like text fields (label, select all, cursor keys,
Home/End, Backspace/Delete at the cursor, clipboard), driven by posted KEYDOWN/TEXTINPUT."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.missions.loader import demo_mission_path
from game.ui.app import App
from game.ui.scenes.mission_entry import read_mission
from game.ui.scenes.seats import SeatsScene
from game.ui.text_input import TextInput
from game.ui.theme import Fonts
from tests.shots import save_shot

SIZE = (1280, 800)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    made = App(home=tmp_path, size=SIZE, headless=True)
    yield made
    pygame.display.quit()


@pytest.fixture
def seats(app: App) -> SeatsScene:
    scene = SeatsScene(app, read_mission(demo_mission_path()))
    app.push(scene)
    pygame.event.clear()
    app.step()
    return scene


def key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.step()


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def test_i12_a_click_into_a_default_name_selects_it_and_typing_replaces_it(
    app: App, seats: SeatsScene
) -> None:
    field = seats.seats[0].name
    default = field.text
    assert default and not field.focused
    click(app, field.rect.center)
    assert field.focused and field.selected == default
    type_text(app, "Anna")
    assert field.text == "Anna" and field.cursor == 4 and field.selected == ""
    type_text(app, "bell")
    assert field.text == "Annabell"
    save_shot(app.screen, "i12_u5_seats_typed.png")


def test_i12_tab_into_a_name_selects_it_ctrl_a_selects_again(app: App, seats: SeatsScene) -> None:
    first, second = seats.seats[0].name, seats.seats[1].name
    key(app, pygame.K_TAB)
    assert first.focused and first.selected == first.text
    key(app, pygame.K_END)
    assert first.selected == "" and first.cursor == len(first.text)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert first.selected == first.text
    key(app, pygame.K_TAB)
    assert second.focused and not first.focused and second.selected == second.text
    type_text(app, "Bert")
    assert second.text == "Bert" and first.text != "Bert"


def test_i12_cursor_keys_home_end_backspace_delete_work_at_the_cursor(app: App) -> None:
    field = TextInput(pygame.Rect(10, 10, 300, 38), "Kampfkarte", focused=True)
    assert field.selected == ""  # a plain field does not select on focus
    field.handle(_key(pygame.K_HOME))
    field.handle(_key(pygame.K_RIGHT))
    field.handle(_key(pygame.K_RIGHT))
    field.handle(_key(pygame.K_DELETE))  # the "m"
    assert field.text == "Kapfkarte" and field.cursor == 2
    field.handle(_key(pygame.K_BACKSPACE))  # the "a"
    assert field.text == "Kpfkarte" and field.cursor == 1
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="ä"))
    assert field.text == "Käpfkarte" and field.cursor == 2
    field.handle(_key(pygame.K_END))
    field.handle(_key(pygame.K_LEFT, pygame.KMOD_LSHIFT))
    field.handle(_key(pygame.K_LEFT, pygame.KMOD_LSHIFT))
    assert field.selected == "te"
    field.handle(_key(pygame.K_BACKSPACE))
    assert field.text == "Käpfkar" and field.cursor == 7
    field.handle(_key(pygame.K_HOME, pygame.KMOD_LSHIFT))
    assert field.selected == "Käpfkar"
    field.handle(_key(pygame.K_RIGHT))  # collapses to the selection's end
    assert field.selected == "" and field.cursor == 7


def test_i12_clipboard_copy_cut_and_paste_replace_the_selection(app: App) -> None:
    field = TextInput(pygame.Rect(10, 10, 300, 38), "Mitteltaste", focused=True)
    pygame.scrap.put_text("")  # the dummy driver keeps a clipboard; start from nothing
    field.handle(_key(pygame.K_a, pygame.KMOD_LCTRL))
    field.handle(_key(pygame.K_c, pygame.KMOD_LCTRL))
    field.handle(_key(pygame.K_END))
    field.handle(_key(pygame.K_v, pygame.KMOD_LCTRL))
    assert field.text == "MitteltasteMitteltaste"
    field.handle(_key(pygame.K_a, pygame.KMOD_LCTRL))
    field.handle(_key(pygame.K_x, pygame.KMOD_LCTRL))
    assert field.text == "" and pygame.scrap.get_text() == "MitteltasteMitteltaste"
    pygame.scrap.put_text("Zeile\nzwei")  # control characters do not enter a one-line field
    field.handle(_key(pygame.K_v, pygame.KMOD_LCTRL))
    assert field.text == "Zeilezwei"


def test_i12_paste_without_a_clipboard_changes_nothing(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> str:
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    field = TextInput(pygame.Rect(10, 10, 300, 38), "Ron", focused=True)
    assert field.handle(_key(pygame.K_v, pygame.KMOD_LCTRL))
    assert field.text == "Ron"


def test_i12_name_fields_show_their_label_and_the_selection(app: App, seats: SeatsScene) -> None:
    field = seats.seats[0].name
    assert field.label == app.t("menus.seats.name")
    surface = pygame.Surface((400, 60))
    bare = pygame.Surface((400, 60))
    fonts = Fonts()
    field.rect = pygame.Rect(10, 10, 300, 38)
    field.draw(surface, fonts)
    plain = TextInput(field.rect, field.text)
    plain.draw(bare, fonts)
    # the label pushes the name right: the text starts later than in a field without one
    assert field._text_x > plain._text_x + fonts.get(field.size).size(field.label)[0]
    field.focus()
    field.draw(surface, fonts)
    save_shot(surface, "i12_u5_field_selected.png")
    inside = surface.get_at((field._text_x + 2, field.rect.centery))[:3]
    assert inside != (22, 24, 28)  # the selection's colour behind the text, not the field


def _key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
