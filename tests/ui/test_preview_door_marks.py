"""The mission preview paints edge doors over tokens as the battle screen does (D-13)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.map_view import MapRenderer
from game.ui.scenes.preview import PreviewScene
from tests.ui.test_door_marks import SIZE, _mission


@pytest.mark.rule("D-13")
def test_d13_the_preview_marks_the_door_between_two_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    app = App(home=tmp_path, size=SIZE, headless=True)
    try:
        scene = PreviewScene(app, _mission(tmp_path))
        app.push(scene)
        app.step()
        marked: list[list[pygame.Rect]] = []
        original = MapRenderer.draw_door_marks

        def recording(self: MapRenderer, surface: pygame.Surface, camera, rects) -> None:  # type: ignore[no-untyped-def]
            rects = list(rects)
            marked.append(rects)
            original(self, surface, camera, rects)

        monkeypatch.setattr(MapRenderer, "draw_door_marks", recording)
        scene.draw(pygame.Surface(app.screen.get_size()))
        assert marked and len(marked[-1]) == 4  # the four tokens of the mission
        assert scene.map is not None
        doors = scene.map.door_marks.near(scene.camera, marked[-1])
        assert doors == [(True, 4, 5, False)]  # the closed door between (4, 4) and (5, 4)
    finally:
        pygame.display.quit()
