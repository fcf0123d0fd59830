"""The attack tool aims at objects; the map shows a damaged object (issue 10, E-OBJ-*).

Headless (SDL dummy driver): a mission whose legend names a glass pane, an armoured pane
and a steel door; Fernkampf from the action bar, hover and click on the object's field.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rulesets.entaria.object_attacks import AttackObject
from game.rulesets.entaria.rules.actions import Action
from game.ui.overlays_objects import object_lines, object_marks
from tests.shots import save_shot
from tests.ui.test_tools import Fixed, Table, home  # noqa: F401  (the fixture)

MISSION = """
[mission]
title = "Objekte"

[map]
width = 20
height = 12
rows = '''
####################
#..................#
#..................#
#.......A..........#
#..................#
#.......W..........#
#..................#
#.......####S####..#
#..................#
#..................#
#..................#
####################
'''

[legend]
"W" = { material = "glass_pane" }
"A" = { material = "armoured_glass_pane" }
"S" = { door = "closed", material = "thick_steel_wall" }

[[sides]]
key = "helden"
name = "Helden"
colour = "#2f6fd0"
controller = "player"

[[sides]]
key = "piraten"
name = "Piraten"
colour = "#c83232"
controller = "gm"

[[creatures]]
key = "pistolero"
type = "ron"
name = "Pistolero"
side = "helden"
at = [4, 4]
equipment = ["laserpistole"]
held = ["laserpistole"]

[[creatures]]
key = "p1"
type = "dretop_pirat"
name = "Pirat Eins"
side = "piraten"
at = [16, 9]
"""


def _shot(table: Table, name: str) -> None:
    """Save the screen for a person to look at, when the shots folder exists."""
    save_shot(table.app.screen, f"objects-{name}.png")


@pytest.mark.rule("E-OBJ-1", "E-OBJ-PANZERGLASSCHEIBE")
def test_hovering_an_object_shows_its_name_kep_and_pak(home: Path) -> None:  # noqa: F811
    """The attack tool's tooltip names the armoured pane with KEP 20/20 and PAK 5."""
    table = Table(home, "pistolero", mission_text=MISSION)
    scene = table.scene
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    table.hover((8, 3))
    lines = object_lines(scene, (8, 3))
    assert lines[0] in ("Panzerglasscheibe", "armoured glass pane")
    assert "KEP 20/20, PAK 5" in lines[1]
    _shot(table, "hover")


@pytest.mark.rule("E-OBJ-2", "E-OBJ-5")
def test_a_click_on_an_object_attacks_it_and_the_map_marks_the_damage(
    home: Path,  # noqa: F811
) -> None:
    """A click on the armoured pane sends AttackObject; the pane then shows its damage;
    the steel door (PAK 9) is an object too; the glass pane breaks to shards."""
    table = Table(home, "pistolero", mission_text=MISSION)
    scene = table.scene
    table.battle.roller = Fixed(18, 6)  # hits; SW 3 + 6 - PAK 5 = 4
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    table.hover((8, 3))
    table.click((8, 3))
    assert isinstance(table.battle.record[-1], AttackObject)
    marks = object_marks(scene)
    assert [(m.cell, m.kep, m.max_kep) for m in marks] == [((8, 3), 16, 20)]
    table.app.step()
    before = table.pixel((8, 3), 0.5, 0.92)  # the KEP bar along the field's foot
    assert tuple(before)[:3] != (0, 0, 0)
    _shot(table, "damaged")
    assert object_lines(scene, (12, 7))[1].startswith("KEP 30/30, PAK 9")


@pytest.mark.rule("E-OBJ-WAFFE-WG1", "E-OBJ-4")
def test_alt_click_on_an_enemy_aims_at_the_weapon_in_its_hand(home: Path) -> None:  # noqa: F811
    """With Alt held, a click on Pirat Eins shoots at his Laserpistole: a natural 20 and
    (3 + 6 - PAK 1) x 2 = 16 destroy it; he keeps his LP and loses the weapon."""
    text = MISSION.replace("at = [16, 9]\n", 'at = [8, 9]\nheld = ["laserpistole"]\n')
    table = Table(home, "pistolero", mission_text=text)
    scene = table.scene
    table.battle.roller = Fixed(20, 6)
    scene.start_action(Action.RANGED_ATTACK)
    table.app.step()
    table.hover((8, 9))
    pygame.key.set_mods(pygame.KMOD_ALT)
    try:
        table.click((8, 9))
    finally:
        pygame.key.set_mods(0)
    command = table.battle.record[-1]
    assert isinstance(command, AttackObject) and command.holder == "p1"
    pirate = table.battle.state.creatures["p1"]
    assert "laserpistole" not in pirate.held and pirate.lp == pirate.max_lp
