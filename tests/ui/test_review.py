"""Review fixes: a failing handler or draw keeps the window, texts and life states."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import Scene
from game.ui.locale import texts
from game.ui.scenes.navigate import open_app


class _Broken(Scene):
    def handle(self, event: pygame.event.Event) -> None:
        raise RuntimeError("handler bug")

    def draw(self, surface: pygame.Surface) -> None:
        raise RuntimeError("draw bug")


def test_a_failing_handler_or_draw_keeps_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = open_app(home=tmp_path, headless=True, size=(800, 600))
    app.catch_errors = True
    app.push(_Broken(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.step()
    app.step()
    assert app.running
    assert len(app.errors) == 2  # the handler's and the draw's, each logged once
    log = (tmp_path / "errors.log").read_text(encoding="utf-8")
    assert "handler bug" in log and "draw bug" in log


def test_headless_lets_errors_raise(tmp_path: Path) -> None:
    app = open_app(home=tmp_path, headless=True, size=(800, 600))
    app.push(_Broken(app))
    with pytest.raises(RuntimeError):
        app.step()


def test_every_screen_text_exists_in_german_and_english() -> None:
    assert set(texts("de")) == set(texts("en"))
