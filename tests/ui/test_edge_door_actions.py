"""The screen offers doors on field edges (D-13): Interagieren's door rows and the GM's door.

The test mission of ``test_tools`` with a closed edge door east of the shooter (between
(2, 8) and (3, 8)); the player picks the door by clicking the field across it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.board.edges import EdgeKind
from game.match.views import Pick
from game.rulesets.entaria.commands import GmDoor
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.views.gm import gm_commands
from game.ui.popup import MenuItem
from game.ui.tools.targets import TargetTool
from tests.ui.test_tools import MISSION, Table

DOOR = ((2, 8), (3, 8))
EDGE_MISSION = (
    MISSION
    + """
[[map.edges]]
between = [[2, 8], [3, 8]]
kind = "door"
"""
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("KAMPFKARTE_HOME", str(tmp_path))
    yield tmp_path
    pygame.key.set_mods(0)


def menu_rows(table: Table) -> dict[str, MenuItem]:
    table.scene.start_action(Action.INTERACT)
    table.app.step()
    menu = getattr(table.scene.tool, "menu", None)
    assert menu is not None
    return {item.label: item for item in menu.items}


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_interact_menu_offers_the_edge_door_beside_the_shooter(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=EDGE_MISSION)
    battle = table.battle
    assert battle.grid.edge_kind(*DOOR) is EdgeKind.DOOR
    before = (battle.state.to_dict(), len(battle.record))
    rows = menu_rows(table)
    opening = rows["Tür öffnen"]
    closing = rows["Tür schließen"]
    battering = rows["Tür aufbrechen"]
    assert opening.enabled
    assert not closing.enabled
    assert closing.tooltip == "die Tür ist schon geschlossen"
    assert not battering.enabled
    assert "Feldkante" in battering.tooltip
    assert (battle.state.to_dict(), len(battle.record)) == before  # the dry runs change nothing


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_clicking_the_field_across_opens_the_edge_door(home: Path) -> None:
    table = Table(home, "schuetze", mission_text=EDGE_MISSION)
    rows = menu_rows(table)
    click = rows["Tür öffnen"].on_click
    assert click is not None
    click()
    table.app.step()
    tool = table.scene.tool
    assert isinstance(tool, TargetTool)
    assert "Feldkante" in tool.prompt_text
    table.click((3, 8))
    battle = table.battle
    assert battle.record[-1] == Interact("schuetze", "open_door", edge_to=(3, 8))
    assert battle.grid.edge_kind(*DOOR) is EdgeKind.OPEN_DOOR


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_no_door_row_is_greyed_for_a_creature_away_from_the_edge_door(home: Path) -> None:
    table = Table(home, "pistolero", mission_text=EDGE_MISSION)
    rows = menu_rows(table)
    opening = rows["Tür öffnen"]
    assert not opening.enabled
    assert opening.tooltip == "am Rand der eigenen Felder ist keine Tür"


@pytest.mark.rule("D-13")
def test_the_game_masters_door_offer_toggles_the_edge_door_of_the_clicked_field(
    home: Path,
) -> None:
    table = Table(home, "schuetze", mission_text=EDGE_MISSION)
    battle = table.battle
    rows = gm_commands(battle, None, table.app.t)
    door = next(o for row in rows for o in row.offers if o.key == "gm:door")
    assert door.make is not None
    assert "Feldkante" in door.prompts[0]
    assert door.make(Pick(cell=(3, 8))) == GmDoor(None, (3, 8), True, edge_to=(2, 8))
    assert door.make(Pick(cell=(2, 8))) == GmDoor(None, (2, 8), True, edge_to=(3, 8))
    assert door.make(Pick(cell=(6, 6))) == table.app.t("hud.gm.no_door")
    battle.apply(GmDoor(None, (2, 8), True, edge_to=(3, 8)))
    assert door.make(Pick(cell=(2, 8))) == GmDoor(None, (2, 8), False, edge_to=(3, 8))
