"""Text from files on screen never raises (issue 13 point 2, on screen).

pygame's font encodes text as UTF-8: a lone surrogate (a file name that is not UTF-8,
``os.fsdecode`` keeps its bytes so; a JSON title with ``"\\udcff"``) raised
UnicodeEncodeError, a NUL character ValueError. Every font of ``theme.Fonts`` is a
ScreenFont, and the text cache draws such text with U+FFFD in their place.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.app import App
from game.ui.scenes.file_chooser import FileChooserScene
from game.ui.scenes.navigate import open_app
from game.ui.screen_font import REPLACEMENT, ScreenFont, screen_text
from game.ui.text import TextCache, draw_text
from game.ui.text_input import TextInput

pytestmark = pytest.mark.rule("I13-2")

BAD = "Karte \udcff und \ud800 und \x00 Ende"  # a surrogate from bytes, a lone one, NUL
SHOWN = "Karte \ufffd und \ufffd und \ufffd Ende"


@pytest.fixture
def fonts() -> theme.Fonts:
    pygame.font.init()
    return theme.Fonts()


def test_i13_2_undrawable_characters_become_the_replacement_character() -> None:
    assert screen_text(BAD) == SHOWN
    assert screen_text("Grüße 😀") == "Grüße 😀"  # proper text is left as it is
    assert screen_text("\ud83d\ude00") == REPLACEMENT * 2  # a pair split in two halves


def test_i13_2_every_screen_font_draws_and_measures_any_text(fonts: theme.Fonts) -> None:
    for bold in (False, True):
        font = fonts.get(20, bold)
        assert isinstance(font, ScreenFont)
        image = font.render(BAD, True, theme.TEXT)
        assert image.get_size() == font.render(SHOWN, True, theme.TEXT).get_size()
        assert font.size(BAD) == font.size(SHOWN)


def test_i13_2_the_text_cache_renders_a_name_with_a_surrogate(fonts: theme.Fonts) -> None:
    cache = TextCache(fonts)
    image = cache.render("Mission \udcff", 20)
    assert image.get_width() == cache.render("Mission \ufffd", 20).get_width() > 0
    assert cache.width(BAD, 20) == cache.width(SHOWN, 20)
    assert cache.fit(BAD * 20, 20, 200).endswith("…")
    assert cache.wrap(BAD, 20, 120)
    surface = pygame.Surface((400, 60))
    assert draw_text(surface, fonts, BAD, (0, 0)).width > 0
    assert cache.draw(surface, BAD, (0, 30), 18, width=150).width > 0


def test_i13_2_a_text_field_draws_a_surrogate(fonts: theme.Fonts) -> None:
    field = TextInput(pygame.Rect(0, 0, 300, 40), "x", label="Pfad \udcff")
    field.text = "/tmp/\udcff.toml"  # as if set around the field's own filter
    field.draw(pygame.Surface((320, 80)), fonts)  # raised UnicodeEncodeError before


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("KAMPFKARTE_HOME", str(home))
    made = open_app(home=home, headless=True, size=(1280, 800))
    yield made
    pygame.event.clear()


def test_i13_2_file_chooser_lists_a_file_name_that_is_not_utf8(app: App, tmp_path: Path) -> None:
    folder = tmp_path / "karten"
    folder.mkdir()
    raw = os.path.join(os.fsencode(folder), b"\xff.toml")
    try:
        with open(raw, "wb") as stream:
            stream.write(b"[mission]\n")
    except OSError as error:  # a file system that refuses such names
        pytest.skip(f"cannot name a file b'\\xff.toml' here: {error}")
    chosen: list[Path] = []
    chooser = FileChooserScene(app, chosen.append, folder)
    app.push(chooser)
    app.step(1 / 60)
    name = os.fsdecode(b"\xff.toml")
    assert name == "\udcff.toml"
    assert name in [label for label, _path, _is_dir in chooser.items]
    surface = pygame.Surface(app.screen.get_size())
    chooser.draw(surface)  # raised UnicodeEncodeError before
    row = next(rect for rect, i in chooser.rows if chooser.items[i][0] == name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    app.step(1 / 60)
    assert chosen and os.fsencode(chosen[0]) == raw  # the real file, its bytes kept


def test_i13_2_file_chooser_opens_a_folder_whose_name_is_not_utf8(app: App, tmp_path: Path) -> None:
    """The field shows U+FFFD for the byte; "Open" on it stays in that very folder."""
    raw = os.path.join(os.fsencode(tmp_path), b"ordner\xfe")
    try:
        os.mkdir(raw)
        with open(os.path.join(raw, b"a.toml"), "wb"):
            pass
    except OSError as error:
        pytest.skip(f"cannot name a folder with the byte 0xfe here: {error}")
    folder = Path(os.fsdecode(raw))
    chooser = FileChooserScene(app, lambda _path: None, folder)
    app.push(chooser)
    app.step(1 / 60)
    assert chooser.field.text.endswith("ordner\ufffd")
    chooser.draw(pygame.Surface(app.screen.get_size()))
    chooser.submit(chooser.field.text)
    assert chooser.folder == folder
    assert "a.toml" in [label for label, _path, _is_dir in chooser.items]


MISSIONS = Path(__file__).parents[1] / "missions" / "data"


@pytest.mark.parametrize("kind", ["preview", "setup"])
def test_i13_2_window_title_names_a_file_that_is_not_utf8(
    app: App, tmp_path: Path, kind: str
) -> None:
    """The preview and the set-up screen put the file's name in the window's title."""
    from game.ui.scenes.preview import PreviewScene
    from game.ui.scenes.setup import SetupScene

    raw = os.path.join(os.fsencode(tmp_path), b"\xfftaverne.dd2vtt")
    try:
        with open(raw, "wb") as stream:
            stream.write((MISSIONS / "tavern.dd2vtt").read_bytes())
    except OSError as error:
        pytest.skip(f"cannot name a file with the byte 0xff here: {error}")
    path = Path(os.fsdecode(raw))
    scene = PreviewScene(app, path) if kind == "preview" else SetupScene(app, path)
    assert "\ufffdtaverne.dd2vtt" in pygame.display.get_caption()[0]
    app.push(scene)
    scene.draw(pygame.Surface(app.screen.get_size()))
