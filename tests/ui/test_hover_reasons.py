"""Say why on hover and on click (issue 12, point 12): an enemy the current creature has
no line of sight to says "Kein Angriff: keine Sichtlinie ..." (the ruleset's target mark)
under the mouse and when clicked; the initiative entries have a hover with name, side,
LP and conditions.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.rules.terms import Condition, in_language
from game.ui.overlays_rules import layers_of
from game.ui.tools.select import SelectTool
from tests.shots import save_shot
from tests.ui.test_tools import MISSION, Table, home

__all__ = ["home"]

#: A wall from top to bottom between the heroes (left) and Pirat Zwei (right).
WALLED = (
    MISSION.replace(
        MISSION[MISSION.index("rows = '''") : MISSION.index("'''\n\n[[sides]]") + 3],
        "rows = '''\n"
        + "####################\n"
        + "".join("#.........#........#\n" for _ in range(10))
        + "####################\n'''",
    )
    .replace("at = [9, 4]", "at = [5, 4]")
    .replace("at = [14, 3]", "at = [6, 2]")
)


def _mark_reason(table: Table) -> str:
    mark = layers_of(table.scene).marks(table.scene, "schuetze", "maschinenpistole")["p2"]
    assert not mark.sight and not mark.attackable
    return in_language(mark.reason, "de")


@pytest.mark.rule("D-9", "D-13")
def test_hover_on_an_enemy_out_of_sight_says_why(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=WALLED)
    assert isinstance(table.scene.tool, SelectTool)
    reason = _mark_reason(table)
    assert "Sichtlinie" in reason
    pirate = (12, 8)
    table.hover((11, 3))  # an empty field far from it: no tooltip there
    spot = pygame.Rect(table.centre(pirate), (300, 60))
    spot = spot.clip(table.app.screen.get_rect())
    plain = table.app.screen.subsurface(spot).copy()
    table.hover(pirate)
    save_shot(table.app.screen, "i12_u4_hover_no_sight.png")
    tool = table.scene.tool
    assert isinstance(tool, SelectTool)
    piece = table.battle.state.creatures["p2"]
    assert tool.refusal_of(piece) == f"Kein Angriff: {reason}"
    shown = table.app.screen.subsurface(spot)
    changed = sum(
        shown.get_at((x, y)) != plain.get_at((x, y))
        for x in range(16, spot.width, 3)
        for y in range(16, spot.height, 3)
    )
    assert changed > 150  # the tooltip box beside the mouse


@pytest.mark.rule("D-9", "D-13")
def test_click_on_an_enemy_out_of_sight_says_why_and_sends_nothing(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=WALLED)
    reason = _mark_reason(table)
    before = len(table.battle.log)
    table.click((12, 8))
    assert len(table.battle.log) == before
    assert table.messages[-1] == f"Kein Angriff: {reason}"
    assert table.scene.selected == "p2"  # still selected, as before


@pytest.mark.rule("D-9")
def test_an_enemy_in_sight_is_attacked_and_says_no_refusal(home: Path) -> None:
    table = Table(home, "pistolero", mission_text=WALLED)
    tool = table.scene.tool
    assert isinstance(tool, SelectTool)
    assert tool.refusal_of(table.battle.state.creatures["p1"]) == ""
    before = len(table.battle.log)
    table.click((5, 4))
    assert any(e.data.get("defender") == "p1" for e in table.battle.log[before:])


@pytest.mark.rule("D-9")
def test_initiative_entry_hover_names_side_lp_and_conditions(home: Path) -> None:
    prone = MISSION.replace(
        'at = [9, 4]\nheld = ["laserpistole"]',
        'at = [9, 4]\nheld = ["laserpistole"]\nconditions = ["Liegend"]',
    )
    table = Table(home, "schuetze", mission_text=prone)
    assert Condition.PRONE in table.battle.state.creatures["p1"].conditions
    hud = table.scene.hud
    spots = [s for p in hud.panels for s in p.hotspots() if s.key == "initiative:p1"]
    assert len(spots) == 1
    table.post(pygame.MOUSEMOTION, pos=spots[0].rect.center, rel=(0, 0), buttons=(0, 0, 0))
    table.app.step()
    tip = hud.tooltip
    save_shot(table.app.screen, "i12_u4_initiative_hover.png")
    assert "Pirat Eins" in tip and "Piraten" in tip and "LP 12/12" in tip
    assert Condition.PRONE.value in tip


@pytest.mark.rule("D-9")
def test_initiative_entry_hover_says_no_conditions(home: Path) -> None:
    table = Table(home, "schuetze")
    hud = table.scene.hud
    spot = next(s for p in hud.panels for s in p.hotspots() if s.key == "initiative:p2")
    assert "Zustände: keine" in spot.tooltip


@pytest.mark.rule("D-9", "D-13")
def test_the_reason_is_said_in_english(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=WALLED)
    table.app.set_language("en")
    table.app.step()
    table.click((12, 8))
    said = table.messages[-1]
    assert said.startswith("No attack: ") and "Sichtlinie" not in said
    assert said == "No attack: " + in_language(
        layers_of(table.scene).marks(table.scene, "schuetze", "maschinenpistole")["p2"].reason,
        "en",
    )
