"""The area-fire result on the map writes a field's damage off a token's initials."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.ui import overlays_results
from game.ui.camera import Camera
from game.ui.overlays import Beside
from game.ui.overlays_rules import AreaFireResult


@pytest.mark.rule("D-6")
def test_the_result_puts_a_tokens_number_in_its_corner(monkeypatch: pytest.MonkeyPatch) -> None:
    """A filled field with a token: beside the token and smaller; an empty one: the centre."""
    written: dict[tuple[int, int], tuple[str, float]] = {}

    def cell_text(surface: Any, camera: Any, fonts: Any, cell: Any, text: str, *a: Any, **k: Any):
        written[cell] = (k.get("corner", "center"), k.get("scale", 0.42))

    monkeypatch.setattr(overlays_results.overlays, "cell_text", cell_text)
    monkeypatch.setattr(overlays_results, "shape_of", lambda scene: (10, 10))
    quiet = SimpleNamespace(draw=lambda *a: None)
    monkeypatch.setattr(overlays_results, "FieldShading", lambda *a: quiet)
    camera = Camera()
    camera.set_viewport(0, 0, 400, 400)
    scene = SimpleNamespace(
        camera=camera,
        app=SimpleNamespace(fonts=None),
        piece_at=lambda cell: SimpleNamespace(cell=(2, 2), size=1) if cell == (2, 2) else None,
    )
    result = AreaFireResult(anchor=(2, 2), values={(2, 2): 3, (3, 2): 2}, lines=[])
    overlays_results.draw_area_fire_result(scene, pygame.Surface((400, 400)), result)  # type: ignore[arg-type]
    assert written[(2, 2)][0] == Beside((2, 2), 1) and written[(2, 2)][1] < 0.42  # H12b
    assert written[(3, 2)] == ("center", 0.42)
