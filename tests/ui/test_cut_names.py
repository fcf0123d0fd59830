"""A name cut to fit shows in full on hover (issue 12, point 11): the initiative entry,
the card's title and lines, and every button whose label is shortened."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.theme import Fonts
from game.ui.widgets import Button
from tests.shots import save_shot
from tests.ui.test_tools import MISSION, Table, home

__all__ = ["home"]

LONG = "Grimmiger Testpirat vom Schwarzen Riff"
LONG_MISSION = MISSION.replace('name = "Pirat Eins"', f'name = "{LONG}"')


def _hover(table: Table, pos: tuple[int, int]) -> str:
    table.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    table.app.step()
    return str(table.scene.hud.tooltip)


@pytest.mark.rule("D-9")
def test_a_cut_initiative_name_shows_in_full_on_hover(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=LONG_MISSION)
    hud = table.scene.hud
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == "initiative:p1")
    shown = hud.text.fit(LONG, hud.fs_small, spot.rect.width - 60)
    assert shown != LONG  # the chip cuts it
    assert LONG in _hover(table, spot.rect.center)
    save_shot(table.app.screen, "i12_u4_cut_initiative.png")


@pytest.mark.rule("D-9")
def test_a_cut_card_title_shows_in_full_on_hover(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=LONG_MISSION)
    table.scene.select("p1")
    table.app.step()
    hud = table.scene.hud
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == "card:fold")
    assert hud.text.fit(LONG, hud.fs, spot.rect.width - 26, bold=True) != LONG
    tip = _hover(table, (spot.rect.x + 40, spot.rect.centery))
    assert tip.splitlines()[0] == LONG
    save_shot(table.app.screen, "i12_u4_cut_card_title.png")


@pytest.mark.rule("D-9")
def test_a_whole_card_title_has_no_extra_line(home: Path) -> None:
    table = Table(home, "schuetze")
    hud = table.scene.hud
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == "card:fold")
    assert "Schuetze" not in spot.tooltip


@pytest.mark.rule("D-9")
def test_a_cut_button_label_leads_its_tooltip() -> None:
    pygame.init()
    fonts = Fonts()
    surface = pygame.Surface((400, 60))
    label = "Gegenstand/Waffe fallen lassen"
    short = Button(pygame.Rect(0, 0, 120, 30), label, tooltip="Freie Handlung")
    short.draw(surface, fonts, (-1, -1))
    assert short.tooltip == f"{label}\nFreie Handlung"
    short.draw(surface, fonts, (-1, -1))  # drawn again: said once
    assert short.tooltip.count(label) == 1
    wide = Button(pygame.Rect(0, 0, 390, 30), label)
    wide.draw(surface, fonts, (-1, -1))
    assert wide.tooltip == ""


@pytest.mark.rule("E-ACT-FH-1")
def test_a_cut_action_button_names_the_whole_action_on_hover(home: Path) -> None:
    table = Table(home, "schuetze")
    hud = table.scene.hud
    tab = next(s for p in hud.panels for s in p.hotspots() if s.key == "tab:FREE")
    table.post(pygame.MOUSEBUTTONDOWN, pos=tab.rect.center, button=1)
    table.post(pygame.MOUSEBUTTONUP, pos=tab.rect.center, button=1)
    table.app.step()
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == "action:DROP_ITEM")
    name = "Gegenstand/Waffe fallen lassen"
    tip = _hover(table, spot.rect.center)
    assert tip.splitlines()[0].startswith(name)
    save_shot(table.app.screen, "i12_u4_cut_action.png")
