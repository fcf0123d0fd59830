"""Issue 12 playtest round 2 (p12 findings), task H12h point 3: the GM's details popup.

Crop 97a: with the details of a log roll open (SL-Modus), the hovered log entry's yellow
outline crossed the popup and the log's tooltip showed too; each detail line looked like a
button; the popup touched the window's right edge. An open popup is on top (I12-7).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui import theme
from game.ui.popup import HOVER_EDGE, MenuItem, Popup
from game.ui.text import TextCache
from tests.ui.test_i12_wrong_hotseat import _shot_and_reroll, click, home, post, sl_modus_on
from tests.ui.test_i12_wrong_hotseat import table as demo_table

__all__ = ["home"]


def _outline_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Count the hover outline's colour inside ``rect``."""
    pixels = pygame.surfarray.pixels3d(surface.subsurface(rect.clip(surface.get_rect())))
    return int(np.all(pixels == np.array(HOVER_EDGE), axis=2).sum())


def _hover(app, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step()


@pytest.mark.rule("I12-7")
def test_i12_7_over_the_open_details_no_log_outline_or_tooltip_is_drawn(home: Path) -> None:
    app, scene = demo_table(home)
    _shot_and_reroll(app, scene)
    sl_modus_on(app, scene)
    scene.hud.log.follow()
    app.step()
    rolls = [s for s in scene.hud.spots("log:roll:") if s.on_click is not None]
    assert rolls
    click(app, rolls[-1].rect.center)
    popup = scene.hud.popup
    assert popup is not None and popup.title == app.t("hud.details.title")
    plain = [item for item in popup.items if item.plain]
    assert plain and not popup.items[-1].plain  # the lines are text; "Schließen" a button
    # the mouse on a log entry (or a button) beside the popup: no outline, no tooltip
    panels = [s for p in scene.hud.panels if p.visible for s in p.hotspots()]
    others = [
        s
        for s in panels
        if s.key.startswith("log:") and s.tooltip and not s.rect.colliderect(popup.rect)
    ] or [s for s in panels if s.on_click and s.tooltip and not s.rect.colliderect(popup.rect)]
    assert others
    _hover(app, others[0].rect.center)
    assert scene.hud.spot_at(others[0].rect.center) is None and scene.hud.tooltip == ""
    assert _outline_pixels(app.screen, popup.rect.inflate(40, 40)) == 0
    assert _outline_pixels(app.screen, others[0].rect.inflate(4, 4)) == 0
    # a detail line under the mouse is text: no hotspot, no outline (the close row is one)
    assert [s.key for s in popup.spots] == [f"menu:{len(popup.items) - 1}"]
    line = (popup.rect.x + 12, popup.spots[-1].rect.y - popup.ROW // 2)  # the last line
    _hover(app, line)
    assert scene.hud.spot_at(line) is None
    assert _outline_pixels(app.screen, popup.rect) == 0
    width, height = app.screen.get_size()
    assert popup.rect.right <= width - Popup.MARGIN and popup.rect.left >= Popup.MARGIN
    assert popup.rect.bottom <= height - Popup.MARGIN


@pytest.mark.rule("I12-7")
@pytest.mark.parametrize("anchor", [(1275, 20), (1279, 795), (0, 0), (640, 400)])
def test_i12_7_a_popup_keeps_a_margin_from_the_window_edges(anchor: tuple[int, int]) -> None:
    pygame.font.init()
    fonts_text = TextCache(theme.Fonts())
    bounds = pygame.Rect(0, 0, 1280, 800)
    popup = Popup(
        "Details", [MenuItem("Zeile " * 6, None, plain=True), MenuItem("Ok", None)], anchor
    )
    popup.layout(fonts_text, bounds, 14)
    assert bounds.inflate(-2 * Popup.MARGIN, -2 * Popup.MARGIN).contains(popup.rect)
    assert [s.key for s in popup.spots] == ["menu:1"]  # the plain line: no hotspot
