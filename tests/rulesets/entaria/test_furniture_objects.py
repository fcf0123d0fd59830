"""Furniture as objects: low crates a mission gives a material (section 30, E-OBJ-1..6).

Given a mission whose legend makes the low obstacles ``=`` crates of thin wood
(``"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }``: PAK 3, KEP 8 per
field), scripted dice and one attack; expected: the crate's KEP, what its destruction
leaves (decision, ``object_map``: debris -- Geröll / Müll, difficult ground without
cover), the cover it no longer gives, and that undo and the reroll shadow bring it back.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import Cover, Terrain
from game.match.events import Event
from game.match.record import Match
from game.missions.setup import PreparedMatch, prepare_match
from game.missions.toml_format import loads_mission
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.combat import proposed_cover
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.object_attacks import AttackObject
from game.rulesets.entaria.object_map import object_at
from game.rulesets.entaria.object_state import sync_object_fields
from game.rulesets.entaria.queries.objects import (
    damaged_objects,
    object_field_mask,
    object_mark_at,
)
from game.rulesets.entaria.throwing import ThrowAtField

#: Two crates, (3, 1) and (3, 2), between Ron at (0, 1) and the pirate at (6, 1).
MISSION = """\
[mission]
title = "Kisten im Frachtraum"

[map]
width = 10
height = 4
rows = '''
..........
...=......
...=......
..........
'''

[legend]
"=" = { terrain = "low_obstacle", material = "thin_wooden_wall" }

[[sides]]
key = "heroes"
name = "Helden"
controller = "player"

[[sides]]
key = "foes"
name = "Gegner"
controller = "gm"

[[creatures]]
key = "ron"
type = "RON_TYPE"
side = "heroes"
at = [0, 1]
held = RON_HELD

[[creatures]]
key = "p"
type = "dretop_pirat"
side = "foes"
at = [6, 1]
"""

CRATE, OTHER_CRATE = (3, 1), (3, 2)


def prepared(held: Sequence[str] = ("laserpistole",), type_: str = "ron") -> PreparedMatch:
    """Return the crate mission set up, Ron (or ``type_``) holding ``held``."""
    text = MISSION.replace("RON_TYPE", type_).replace(
        "RON_HELD", "[" + ", ".join(f'"{k}"' for k in held) + "]"
    )
    return prepare_match(loads_mission(text, "kisten.toml"))


def crate_battle(dice: Sequence[int], held: Sequence[str] = ("laserpistole",)) -> Battle:
    """Return a match on the crate mission with Ron to act and every roll scripted."""
    ready = prepared(held)
    battle = new_battle(ready.setup, ready.catalogue, 1)
    order = battle.state.order
    battle.state.order = order[order.index("ron") :] + order[: order.index("ron")]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    return battle


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def cover_for_pirate(battle: Battle) -> Cover | None:
    state = battle.state.creatures
    return proposed_cover(battle, state["ron"], state["p"])[0]


@pytest.mark.rule("E-OBJ-1", "E-OBJ-6", "E-COVER-3")
def test_low_crates_with_a_material_are_objects_and_keep_their_terrain() -> None:
    """E-OBJ-6: "Die angegebenen Werte für Flächen, Wänden und Glasscheiben, beziehen sich
    auf eine Fläche von einem Feld." Each crate field is one object of thin wood (PAK 3,
    KEP 8); the field stays a low obstacle: difficult, Teildeckung, no wall."""
    battle = crate_battle([])
    for cell in (CRATE, OTHER_CRATE):
        found = object_at(battle, cell)
        assert found is not None and found.furniture
        assert (found.pak, found.kep, found.max_kep) == (3, 8, 8)
    assert object_at(battle, (4, 1)) is None
    assert not battle.grid.is_wall(CRATE) and battle.grid.step_cost(CRATE) == 2
    assert cover_for_pirate(battle) is Cover.PARTIAL


@pytest.mark.rule("E-OBJ-2", "E-OBJ-4", "E-OBJ-6", "E-TERRAIN-RUBBLE", "D-9")
def test_a_crate_shot_to_zero_kep_leaves_debris_and_no_cover() -> None:
    """E-OBJ-4: "Sinken die KEP auf null, so ist das Objekt zerstört." Ron's laser pistol
    (SW 3) hits twice: 3 + w6 [6] - PAK 3 = 6 (KEP 2), then 3 + w6 [2] - 3 = 2 (KEP 0):
    the crate is destroyed and leaves Geröll / Müll (decision: difficult ground, no
    cover); the pirate behind it loses its Teildeckung, the other crate is untouched."""
    battle = crate_battle([15, 6, 15, 2])
    first = battle.apply(AttackObject("ron", "laserpistole", cell=CRATE))
    assert of_kind(first, "object_damage")[0].data["kep"] == 2
    assert cover_for_pirate(battle) is Cover.PARTIAL
    events = battle.apply(AttackObject("ron", "laserpistole", cell=CRATE))
    damage = of_kind(events, "object_damage")[0]
    assert damage.data["pak"] == 3 and damage.data["final"] == 2 and damage.data["kep"] == 0
    destroyed = of_kind(events, "object_destroyed")[0]
    assert destroyed.data["rule"] == "E-OBJ-4" and destroyed.data["remains"] == "rubble"
    assert destroyed.data["furniture"] is True
    assert destroyed.de == (
        "Niedriges Hindernis / Kisten (Dünne Holzwand) bei [3, 1] ist zerstört: Geröll / Müll"
    )
    assert destroyed.en == (
        "low obstacle / crates (thin wooden wall) at [3, 1] is destroyed: rubble / garbage"
    )
    assert battle.grid.cover_at(CRATE) is Cover.NONE
    assert battle.grid.step_cost(CRATE) == 2
    assert battle.grid.terrain_at(CRATE) is Terrain.RUBBLE
    assert cover_for_pirate(battle) is Cover.NONE
    assert object_at(battle, CRATE) is None
    other = object_at(battle, OTHER_CRATE)
    assert other is not None and other.kep == 8  # one object per field (E-OBJ-6)
    with pytest.raises(CommandRejected, match="no object"):
        battle.apply(AttackObject("ron", "laserpistole", cell=CRATE))
    assert battle.roller.remaining == 0  # type: ignore[attr-defined]


@pytest.mark.rule("E-AREA-2", "E-OBJ-2", "E-OBJ-6")
def test_a_grenade_damages_each_crate_in_its_area() -> None:
    """E-AREA-2: "an jedem Objekt und Wesen in dieser Fläche ihren Schaden". A hand grenade
    (SW 4, radius 2) lands on (4, 3), clear of both creatures: each crate rolls its own
    w6, SW 4 + w6 [3] - PAK 3 = 4 (KEP 4) and SW 4 + w6 [6] - 3 = 7 (KEP 1); both still
    stand and give cover."""
    battle = crate_battle([15, 3, 6], held=("handgranate",))
    events = battle.apply(ThrowAtField("ron", "handgranate", (4, 3)))
    hit = {tuple(e.data["cell"]): e.data for e in of_kind(events, "object_damage")}
    assert hit[CRATE]["rule"] == "E-AREA-2" and hit[CRATE]["kep"] == 4
    assert hit[OTHER_CRATE]["kep"] == 1
    assert battle.grid.cover_at(CRATE) is Cover.PARTIAL
    assert battle.roller.remaining == 0  # type: ignore[attr-defined]


@pytest.mark.rule("D-6", "E-OBJ-2")
def test_area_fire_on_a_crate_field_strikes_the_crate() -> None:
    """D-6 with "jedem Objekt und Wesen in dieser Fläche": Likron's Schrotgewehr (SW 3,
    BEM x1) on the crate (3, 1) and (3, 0): 3 + w6 [6] = 9, 3 per field; the crate's PAK
    3 takes it all (3 - 3 = 0, no save), but it is struck as an object."""
    ready = prepared(("schrotgewehr",), type_="likron")
    battle = new_battle(ready.setup, ready.catalogue, 1)
    order = battle.state.order
    battle.state.order = order[order.index("ron") :] + order[: order.index("ron")]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller([15, 6])
    events = battle.apply(AreaFire("ron", "schrotgewehr", "BEM_SHOT", ((3, 0), CRATE)))
    damage = of_kind(events, "object_damage")
    assert [e.data["cell"] for e in damage] == [list(CRATE)]
    assert damage[0].data["rule"] == "D-6" and damage[0].data["final"] == 0


@pytest.mark.rule("E-OBJ-1", "E-OBJ-2")
def test_the_screen_shows_a_damaged_crate_with_its_name_kep_and_pak() -> None:
    """The tooltip and the damage bar (queries.objects): the crate by its terrain and
    material, KEP 2 of 8, PAK 3; area fire may be laid on its field."""
    battle = crate_battle([15, 6])
    battle.apply(AttackObject("ron", "laserpistole", cell=CRATE))
    mark = object_mark_at(battle, CRATE)
    assert mark is not None
    assert mark.name("de") == "Niedriges Hindernis / Kisten (Dünne Holzwand)"
    assert mark.name("en") == "low obstacle / crates (thin wooden wall)"
    assert (mark.kep, mark.max_kep, mark.pak, mark.door) == (2, 8, 3, False)
    assert mark.rule == "E-OBJ-HOLZWAND-DUENN"
    assert [m.cell for m in damaged_objects(battle)] == [CRATE]
    mask = object_field_mask(battle)
    assert mask[1, 3] and mask[2, 3] and not mask[1, 4]


def _destroying_match() -> Match:
    """Return a match (seeded dice) in which Likron's first shot destroys the crate.

    Laserkanone SW 8 + w6 - PAK 3 >= 8 for a w6 of 3 or more.
    """
    from game.rulesets.entaria.ruleset import ENTARIA

    ready = prepared(("laserkanone",), type_="likron")
    for seed in range(300):
        match = Match(ENTARIA, ready.setup, ready.catalogue, seed=seed)
        if match.battle.state.current_key != "ron":
            continue
        match.apply(AttackObject("ron", "laserkanone", cell=CRATE))
        if object_at(match.battle, CRATE) is None:
            return match
    raise AssertionError("no seed in 300 lets Likron destroy the crate first")


@pytest.mark.rule("E-OBJ-4", "D-9")
def test_undo_puts_the_destroyed_crate_and_its_cover_back() -> None:
    """Given the crate destroyed; undo: the crate stands with its KEP and Teildeckung;
    redo: debris again, the state as before; the record replays to it."""
    match = _destroying_match()
    destroyed = match.battle.state.to_dict()
    match.undo()
    battle = match.battle
    assert not battle.state.objects
    found = object_at(battle, CRATE)
    assert found is not None and found.kep == 8
    assert battle.grid.cover_at(CRATE) is Cover.PARTIAL
    assert battle.grid.terrain_at(CRATE) is Terrain.NONE
    match.redo()
    assert match.battle.grid.terrain_at(CRATE) is Terrain.RUBBLE
    assert match.battle.grid.cover_at(CRATE) is Cover.NONE
    assert match.battle.state.to_dict() == destroyed
    match.verify()


@pytest.mark.rule("E-OBJ-4", "E-IMP-EFF-REROLL")
def test_the_reroll_shadow_sets_a_crate_back_with_its_terrain() -> None:
    """An earlier state (no record): sync_object_fields sets the crate's field as the map
    began, a low obstacle with Teildeckung, not a wall."""
    match = _destroying_match()
    battle = match.battle
    battle.state.objects.clear()
    setup = battle.setup
    sync_object_fields(
        battle.grid, setup.grid, setup.materials, battle.state.objects, battle.catalogue.terrain
    )
    assert battle.grid.field_kind(CRATE) == setup.grid.field_kind(CRATE)
    assert battle.grid.cover_at(CRATE) is Cover.PARTIAL and not battle.grid.is_wall(CRATE)
