"""Never offer what the engine refuses (issue 12, point 2): the attack tool's
"Bereichsfeuer" button with a submachine gun is greyed with the engine's reason and
names the way that works (VH -> Dauerfeuer); with a shotgun it opens the area fire tool.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.area_fire import AreaFireRoll
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.queries.dry_runs import area_fire_refusal
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import AreaFireAction
from game.rulesets.entaria.rules.terms import german
from game.rulesets.entaria.views.actions import area_fire_offer
from game.ui.locale import Translator
from game.ui.tools import AreaFireTool
from game.ui.widgets import Button
from tests.shots import save_shot
from tests.ui.test_tools import MISSION, Table, home

__all__ = ["home"]

SHOTGUN = """
[[creatures]]
key = "flinte"
type = "ron"
name = "Flinte"
side = "helden"
at = [2, 6]
equipment = ["schrotgewehr"]
held = ["schrotgewehr"]
"""


def _area_button(table: Table) -> Button:
    buttons = [b for b in table.scene.tool.buttons if b.data.get("key") == "area_fire:BEM_SHOT"]
    assert len(buttons) == 1
    return buttons[0]


@pytest.mark.rule("E-AREAFIRE-1", "D-6")
def test_the_dry_run_names_the_engines_own_refusal(home: Path) -> None:
    table = Table(home, "schuetze")
    battle = table.battle
    why = area_fire_refusal(battle, "schuetze", "maschinenpistole", AreaFireAction.BEM_SHOT)
    with pytest.raises(CommandRejected) as refused:
        battle.apply(AreaFireRoll("schuetze", "maschinenpistole", "BEM_SHOT", ((12, 8),)))
    assert why == refused.value.reason and "Bereichsfeuer" in german(why)
    assert area_fire_refusal(battle, "schuetze", "maschinenpistole", AreaFireAction.AUTO_FIRE) == ""


@pytest.mark.rule("E-AREAFIRE-1")
def test_the_offer_is_greyed_and_names_vh_dauerfeuer(home: Path) -> None:
    table = Table(home, "schuetze")
    t = table.app.t
    offer = area_fire_offer(
        table.battle, "schuetze", "maschinenpistole", AreaFireAction.BEM_SHOT, t
    )
    assert not offer.enabled
    assert "Bereichsfeuer" in offer.reason and "VH -> Dauerfeuer" in offer.reason
    assert "VH -> Dauerfeuer" in offer.tooltip and not re.search(r"\bE-[A-Z]", offer.tooltip)


@pytest.mark.rule("E-AREAFIRE-1", "D-6")
def test_submachine_gun_greys_area_fire_and_a_click_says_why(home: Path) -> None:
    table = Table(home, "schuetze")
    table.scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    button = _area_button(table)
    assert not button.enabled
    before = len(table.battle.log)
    above = pygame.Rect(button.rect.left, button.rect.top - 60, 300, 56)
    plain = table.app.screen.subsurface(above).copy()
    table.post(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    table.app.step()
    save_shot(table.app.screen, "i12_u4_area_fire_greyed.png")
    # the hover tooltip (the engine's reason) stands over the button
    shown = table.app.screen.subsurface(above)
    changed = sum(
        shown.get_at((x, y)) != plain.get_at((x, y))
        for x in range(0, above.width, 3)
        for y in range(0, above.height, 3)
    )
    assert changed > 200
    table.post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    table.post(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    table.app.step()
    assert table.scene.tool.name == "attack"  # not the area fire tool
    assert len(table.battle.log) == before  # nothing was sent
    assert table.messages and "Dauerfeuer" in table.messages[-1]


@pytest.mark.rule("E-AREAFIRE-1", "D-6")
def test_shotgun_offers_area_fire_and_opens_its_tool(home: Path) -> None:
    table = Table(home, "flinte", mission_text=MISSION + SHOTGUN)
    table.scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    button = _area_button(table)
    assert button.enabled
    table.post(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    table.app.step()
    assert isinstance(table.scene.tool, AreaFireTool)


BOTH = """
[[creatures]]
key = "beide"
type = "ron"
name = "Beide"
side = "helden"
at = [2, 6]
equipment = ["schrotgewehr", "maschinenpistole"]
held = ["schrotgewehr", "maschinenpistole"]
"""


@pytest.mark.rule("E-ACT-VH-DAUERFEUER-1", "D-6")
def test_dauerfeuer_takes_the_held_weapon_that_lays_it(home: Path) -> None:
    """A shotgun in the first hand: VH -> Dauerfeuer fires the submachine gun."""
    table = Table(home, "beide", mission_text=MISSION + BOTH)
    table.scene.start_action(Action.AUTO_FIRE)
    table.app.step()
    tool = table.scene.tool
    assert isinstance(tool, AreaFireTool) and tool.weapon == "maschinenpistole"


@pytest.mark.rule("E-AREAFIRE-1")
def test_the_offer_speaks_english_without_rule_ids(home: Path) -> None:
    table = Table(home, "schuetze")
    offer = area_fire_offer(
        table.battle, "schuetze", "maschinenpistole", AreaFireAction.BEM_SHOT, Translator("en")
    )
    assert not offer.enabled
    assert offer.label == "Area fire" and "Instead: VH -> " in offer.tooltip
    assert "needs a weapon with area fire" in offer.reason
    assert "braucht" not in offer.tooltip and not re.search(r"\bE-[A-Z]", offer.reason)
