"""Attacks on objects: doors, walls, panes and held weapons (section 30, E-OBJ-1..6).

Given a small map whose legend names materials, scripted dice and one attack; expected:
the object's KEP, what its destruction changes on the map, and that undo, replay and
save/load bring the damage back.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, FieldKind, Terrain
from game.board.movement import find_path
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.match.record import Match
from game.rulesets.entaria.area_fire import AreaFire
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.object_attacks import AttackObject
from game.rulesets.entaria.object_map import object_at
from game.rulesets.entaria.rules.objects import MATERIALS
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.throwing import ThrowAtField
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

#: ``W`` a glass pane, ``A`` an armoured glass pane, ``H`` a thin wooden wall,
#: ``S`` a stone wall; ``+`` a door (thin duraplast unless the test names another).
LEGEND = {
    "W": MATERIALS["glass_pane"].field_kind(),
    "A": MATERIALS["armoured_glass_pane"].field_kind(),
    "H": MATERIALS["thin_wooden_wall"].field_kind(),
    "S": MATERIALS["stone_wall"].field_kind(),
}
_NAMED = {"W": "glass_pane", "A": "armoured_glass_pane", "H": "thin_wooden_wall", "S": "stone_wall"}


def object_setup(ascii_map: str, creatures: Sequence[CreatureSetup]) -> BattleSetup:
    """Return a set-up on ``ascii_map`` whose W/A/H/S fields are objects of their material."""
    rows = [row for row in ascii_map.split("\n") if row.strip()]
    materials = {
        (x, y): _NAMED[char]
        for y, row in enumerate(rows)
        for x, char in enumerate(row)
        if char in _NAMED
    }
    grid = BattleGrid.from_ascii(ascii_map, LEGEND)
    return BattleSetup("Objekte", grid, SIDES, tuple(creatures), materials=materials)


def object_battle(
    ascii_map: str, creatures: Sequence[CreatureSetup], dice: Sequence[int], first: str = "ron"
) -> Battle:
    battle = new_battle(object_setup(ascii_map, creatures), CATALOGUE, 1)
    order = battle.state.order
    index = order.index(first)
    battle.state.order = order[index:] + order[:index]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    return battle


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def used_all_dice(battle: Battle) -> bool:
    return battle.roller.remaining == 0  # type: ignore[attr-defined]


def rejected(battle: Battle, command: Command, match: str) -> None:
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before


DOOR_ROOM = """
.....#....
.....+....
.....#....
"""


@pytest.mark.rule("E-OBJ-5", "E-OBJ-2", "D-9", "D-10")
def test_a_door_shot_open_at_a_third_of_its_kep_lets_sight_and_movement_through() -> None:
    """E-OBJ-5: "Möchte zum Beispiel ein Charakter eine Tür aufschießen, so wird die
    Erniedrigung der KEP auf ein Drittel, schon ausreichen um, z.B. den
    Verschlussmechanismus zu zerschießen und die Tür auf zu brechen."

    Given a thin duraplast door (PAK 5, KEP 10) four fields from Ron's laser pistol
    (SW 3); two hits with w6 6 each (4 damage each): KEP 6 (not yet a third), then KEP 2
    (3 * 2 <= 10): the door breaks open, Ron sees and walks through, and it never closes.
    """
    battle = object_battle(
        DOOR_ROOM, [hero("ron", (1, 1)), foe("p", (8, 1), held=())], dice=[15, 6, 15, 6]
    )
    assert not line_of_sight(battle.grid, (1, 1), (8, 1))
    first = battle.apply(AttackObject("ron", "laserpistole", cell=(5, 1)))
    assert of_kind(first, "door_damage")[0].data["kep"] == 6
    assert not battle.grid.is_door_open((5, 1)) and not of_kind(first, "door")
    second = battle.apply(AttackObject("ron", "laserpistole", cell=(5, 1)))
    assert of_kind(second, "door_damage")[0].data["kep"] == 2
    opened = of_kind(second, "door")
    assert opened and opened[0].data["rule"] == "E-OBJ-5"
    assert opened[0].de == "Die Tür bei [5, 1] bricht auf"
    assert battle.grid.is_door_open((5, 1)) and (5, 1) in battle.state.open_doors
    assert line_of_sight(battle.grid, (1, 1), (8, 1))
    assert find_path(battle.grid, (1, 1), (7, 1)) is not None
    assert used_all_dice(battle)


@pytest.mark.rule("E-OBJ-5")
def test_a_door_broken_open_no_longer_closes() -> None:
    """Given the door shot down to a third (E-OBJ-5); expected: Tür schließen is refused."""
    battle = object_battle(
        DOOR_ROOM,
        [hero("ron", (3, 1)), foe("p", (8, 1), held=())],
        dice=[15, 6, 15, 6],
    )
    battle.apply(AttackObject("ron", "laserpistole", cell=(5, 1)))
    battle.apply(AttackObject("ron", "laserpistole", cell=(5, 1)))
    assert battle.grid.is_door_open((5, 1))
    battle.state.creatures["ron"].cell = (4, 1)  # next to the door, with a fresh turn
    battle.state.budget = type(battle.state.budget)()
    rejected(battle, Interact("ron", "close_door", cell=(5, 1)), "broken")


@pytest.mark.rule("E-OBJ-5", "E-OBJ-2", "E-ACT-HH-INTERAGIEREN")
def test_battering_and_shooting_a_door_share_its_kep() -> None:
    """Given a door battered with a Monofilamentklinge (SW 4 + w6 [2] + NSB 1 - PAK 5 = 2)
    and then shot at Kernschuss (Nachteil: two d20 [15, 15], then SW 3 + w6 [6] - 5 = 4):
    one record, KEP 10 -> 8 -> 4."""
    battle = object_battle(
        DOOR_ROOM,
        [hero("ron", (4, 1), held=("monofilament_klinge", "laserpistole")), foe("p", (8, 0))],
        dice=[2, 15, 15, 6],
    )
    batter = battle.apply(Interact("ron", "break_door", cell=(5, 1)))
    assert of_kind(batter, "door_damage")[0].data["kep"] == 8
    assert of_kind(batter, "door_damage")[0].de.startswith("Ron schlägt gegen die Tür bei [5, 1]")
    shot = battle.apply(AttackObject("ron", "laserpistole", cell=(5, 1)))
    assert of_kind(shot, "door_damage")[0].data["kep"] == 4
    assert len(battle.state.objects) == 1 and battle.state.objects[0].kep == 4
    assert used_all_dice(battle)


PANES = """
..........
....W.A...
..........
"""


@pytest.mark.rule("E-OBJ-GLASSCHEIBE", "E-OBJ-4", "E-TERRAIN-SHARDS")
def test_a_destroyed_glass_pane_becomes_passable_shards() -> None:
    """Given a glass pane (PAK 2, KEP 2); a shot SW 3 + w6 [1] - 2 = 2 destroys it: the
    field is no wall any more but Glassplitter, and a path leads across it."""
    battle = object_battle(PANES, [hero("ron", (1, 1)), foe("p", (9, 2), held=())], dice=[15, 1])
    assert battle.grid.is_wall((4, 1))
    events = battle.apply(AttackObject("ron", "laserpistole", cell=(4, 1)))
    destroyed = of_kind(events, "object_destroyed")
    assert destroyed and destroyed[0].data["rule"] == "E-OBJ-4"
    assert destroyed[0].data["remains"] == "glass_shards"
    assert not battle.grid.is_wall((4, 1))
    assert battle.grid.terrain_at((4, 1)) is Terrain.SHARDS
    assert find_path(battle.grid, (3, 1), (5, 1)) == [(3, 1), (4, 1), (5, 1)]
    assert object_at(battle, (4, 1)) is None


@pytest.mark.rule("E-OBJ-2", "E-OBJ-PANZERGLASSCHEIBE", "E-DMG-2")
def test_pak_is_subtracted_like_armour() -> None:
    """Given an armoured glass pane (PAK 5, KEP 20); SW 3 + w6 [4] - PAK 5 = 2: KEP 18;
    a second hit SW 3 + w6 [1] - 5 leaves nothing (0, never negative)."""
    battle = object_battle(
        PANES, [hero("ron", (3, 0)), foe("p", (9, 2), held=())], dice=[15, 4, 15, 1]
    )
    first = of_kind(battle.apply(AttackObject("ron", "laserpistole", cell=(6, 1))), "object_damage")
    assert first[0].data["pak"] == 5 and first[0].data["final"] == 2
    assert first[0].data["kep"] == 18
    second = of_kind(
        battle.apply(AttackObject("ron", "laserpistole", cell=(6, 1))), "object_damage"
    )
    assert second[0].data["final"] == 0 and second[0].data["kep"] == 18
    assert battle.grid.is_wall((6, 1))


WALLS = """
...H......
...S......
..........
"""


@pytest.mark.rule("E-OBJ-4", "E-OBJ-HOLZWAND-DUENN", "E-OPEN-33", "D-10")
def test_a_wall_field_is_destroyed_at_zero_kep_and_leaves_rubble() -> None:
    """E-OBJ-4: "Sinken die KEP auf null, so ist das Objekt zerstört." Given a thin wooden
    wall (PAK 3, KEP 8) next to Ron; Nahkampf with the Monofilamentklinge: SW 4 + w6 [6]
    + NSB 1 - 3 = 8: KEP 0, destroyed; the field is rubble, difficult ground (cost 2)."""
    battle = object_battle(
        WALLS,
        [hero("ron", (2, 0), held=("monofilament_klinge",)), foe("p", (9, 2), held=())],
        dice=[15, 6],
    )
    events = battle.apply(AttackObject("ron", "monofilament_klinge", cell=(3, 0)))
    assert of_kind(events, "object_damage")[0].data["kep"] == 0
    assert of_kind(events, "object_destroyed")[0].data["remains"] == "rubble"
    assert not battle.grid.is_wall((3, 0))
    assert battle.grid.step_cost((3, 0)) == 2
    assert battle.grid.terrain_at((3, 0)) is Terrain.RUBBLE


@pytest.mark.rule("E-CRIT-HIT-2", "D-4", "E-OBJ-STEINWAND")
def test_a_critical_hit_doubles_the_damage_to_an_object() -> None:
    """Given a stone wall (PAK 5, KEP 20); a natural 20, then SW 4 + w6 [6] + 1 - 5 = 6,
    doubled: 12, KEP 8; the wall stands."""
    battle = object_battle(
        WALLS,
        [hero("ron", (2, 1), held=("monofilament_klinge",)), foe("p", (9, 2), held=())],
        dice=[20, 6],
    )
    events = battle.apply(AttackObject("ron", "monofilament_klinge", cell=(3, 1)))
    damage = of_kind(events, "object_damage")[0]
    assert damage.data["raw"] == 6 and damage.data["final"] == 12 and damage.data["kep"] == 8
    assert battle.grid.is_wall((3, 1))


@pytest.mark.rule("E-OBJ-2")
def test_an_attack_on_an_object_is_checked_against_zw_15_and_can_miss() -> None:
    """Given Ron (Fernkampf 3) rolling 5 against the pane: 8 < ZW 15, a miss; no damage."""
    battle = object_battle(PANES, [hero("ron", (1, 1)), foe("p", (9, 2), held=())], dice=[5])
    events = battle.apply(AttackObject("ron", "laserpistole", cell=(4, 1)))
    roll = of_kind(events, "roll")[0]
    assert roll.data["target"] == 15 and roll.data["success"] is False
    assert of_kind(events, "miss") and not battle.state.objects


@pytest.mark.rule("E-OBJ-1")
def test_a_field_without_an_object_or_a_wall_of_no_material_cannot_be_attacked() -> None:
    """Given a plain '#' wall (the map names no material) and open floor; both refused."""
    battle = object_battle(DOOR_ROOM, [hero("ron", (4, 1)), foe("p", (8, 1))], dice=[])
    rejected(battle, AttackObject("ron", "laserpistole", cell=(5, 0)), "no object")
    rejected(battle, AttackObject("ron", "laserpistole", cell=(3, 1)), "no object")


BLAST = """
..........
.....W....
..........
...#+#....
"""


@pytest.mark.rule("E-AREA-2", "E-OBJ-2")
def test_a_grenade_blast_damages_the_objects_in_its_area() -> None:
    """E-AREA-2: "an jedem Objekt und Wesen in dieser Fläche ihren Schaden". Given a hand
    grenade (SW 4, radius 2) landing on (5, 2): the pane above (PAK 2) takes 4 + w6 [3]
    - 2 = 5 and breaks, the door below (PAK 5) 4 + w6 [6] - 5 = 5 (KEP 5); the plain
    walls beside the door are no objects."""
    battle = object_battle(
        BLAST,
        [hero("ron", (0, 2), held=("handgranate",)), foe("p", (9, 0), held=())],
        dice=[15, 3, 6],
    )
    events = battle.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    hit = {tuple(e.data["cell"]): e.data for e in of_kind(events, "object_damage")}
    door = {tuple(e.data["cell"]): e.data for e in of_kind(events, "door_damage")}
    assert hit[(5, 1)]["final"] == 5 and hit[(5, 1)]["rule"] == "E-AREA-2"
    assert door[(4, 3)]["kep"] == 5
    assert not battle.grid.is_wall((5, 1))
    assert used_all_dice(battle)


AREA = """
..........
..........
.....A....
"""


@pytest.mark.rule("D-6", "E-OBJ-2", "E-AREAFIRE-9")
def test_area_fire_damages_an_object_on_a_hit_field_by_the_field_value_less_pak() -> None:
    """D-6 with "jedem Objekt und Wesen in dieser Fläche": Likron's Schrotgewehr (SW 3,
    BEM x1) fires on (5, 1) and the armoured pane (5, 2); total 3 + w6 [6] = 9, 3 per
    field; the pane (PAK 5) takes 3 - 5 -> 0, no save: a field holds at most SW, so
    armoured glass shrugs a shotgun off."""
    battle = object_battle(
        AREA,
        [hero("ron", (5, 0), type_="likron", held=("schrotgewehr",)), foe("p", (9, 0))],
        dice=[15, 6],
    )
    events = battle.apply(AreaFire("ron", "schrotgewehr", "BEM_SHOT", ((5, 1), (5, 2))))
    damage = of_kind(events, "object_damage")
    assert len(damage) == 1 and damage[0].data["cell"] == [5, 2]
    assert damage[0].data["rule"] == "D-6" and damage[0].data["final"] == 0
    assert damage[0].data["die"] is None


GLASS_AREA = """
..........
..........
.....W....
"""


@pytest.mark.rule("D-6", "E-OBJ-GLASSCHEIBE")
def test_area_fire_breaks_a_glass_pane_on_a_hit_field() -> None:
    """Given the same salvo (3 per field) on a glass pane (PAK 2, KEP 2): 3 - 2 = 1, KEP 1;
    the field can be declared although it is a pane (an object is a target of area fire)."""
    battle = object_battle(
        GLASS_AREA,
        [hero("ron", (5, 0), type_="likron", held=("schrotgewehr",)), foe("p", (9, 0))],
        dice=[15, 6],
    )
    events = battle.apply(AreaFire("ron", "schrotgewehr", "BEM_SHOT", ((5, 1), (5, 2))))
    damage = of_kind(events, "object_damage")
    assert damage[0].data["final"] == 1 and damage[0].data["kep"] == 1


@pytest.mark.rule("E-OBJ-WAFFE-WG1", "E-OBJ-4", "E-CRIT-HIT-2")
def test_a_held_weapon_destroyed_leaves_the_hand_and_its_magazine() -> None:
    """Given the pirate's Laserpistole (WG 1: PAK 1, KEP 6) in hand; Ron shoots it with a
    natural 20 (the holder's Ausweichen is beaten): (3 + w6 [4] - 1) x 2 = 12, destroyed."""
    battle = object_battle(PANES, [hero("ron", (1, 0)), foe("p", (4, 0))], dice=[20, 4])
    pirate = battle.state.creatures["p"]
    assert "laserpistole" in pirate.held and "laserpistole" in pirate.magazines
    events = battle.apply(AttackObject("ron", "laserpistole", holder="p", item="laserpistole"))
    damage = of_kind(events, "object_damage")[0]
    assert damage.data["pak"] == 1 and damage.data["final"] == 12
    assert of_kind(events, "object_destroyed")[0].data["rule"] == "E-OBJ-4"
    assert "laserpistole" not in pirate.held
    assert "laserpistole" not in pirate.magazines
    assert pirate.lp == pirate.max_lp  # the holder takes nothing
    assert not battle.state.objects  # the weapon is gone, and so is its record


# --------------------------------------------------------- undo, replay, save and load
def _first_destroying_match() -> tuple[Match, BattleSetup]:
    """Return a match (seeded dice) in which Ron's first command destroys the pane."""
    from game.rulesets.entaria.ruleset import ENTARIA

    for seed in range(200):
        setup = object_setup(
            PANES,
            [hero("ron", (3, 1), held=("monofilament_klinge",)), foe("p", (9, 2), held=())],
        )
        match = Match(ENTARIA, setup, CATALOGUE, seed=seed)
        if match.battle.state.current_key != "ron":
            continue
        match.apply(AttackObject("ron", "monofilament_klinge", cell=(4, 1)))
        if not match.battle.grid.is_wall((4, 1)):
            return match, setup
    raise AssertionError("no seed in 200 lets Ron smash the pane first")


@pytest.mark.rule("E-OBJ-4", "E-OBJ-GLASSCHEIBE")
def test_undo_and_redo_restore_an_object_and_its_destruction() -> None:
    """Given a pane Ron smashed; undo: the pane stands again, no record; redo: gone again."""
    match, _ = _first_destroying_match()
    destroyed = match.battle.state.to_dict()
    assert destroyed["objects"][0]["cell"] == [4, 1]
    match.undo()
    assert match.battle.grid.is_wall((4, 1)) and not match.battle.state.objects
    match.redo()
    assert not match.battle.grid.is_wall((4, 1))
    assert match.battle.state.to_dict() == destroyed
    match.verify()  # the record replays to the same state


@pytest.mark.rule("E-OBJ-4")
def test_a_save_brings_back_the_damaged_objects(tmp_path: Path) -> None:
    """Given the smashed pane saved; loading replays to the same objects and map."""
    from game.match.saves import MissionRef, OpenedMission, load_save, write_save
    from game.rulesets import RULESETS
    from game.rulesets.entaria.ruleset import ENTARIA

    match, setup = _first_destroying_match()
    path = write_save(match, tmp_path, "scheibe", MissionRef("maps/x.toml", "ab" * 32))

    def opener(_: str) -> OpenedMission:
        return OpenedMission(setup, CATALOGUE, "ab" * 32, ENTARIA)

    loaded = load_save(path, opener, RULESETS).match
    assert loaded.battle.state.to_dict() == match.battle.state.to_dict()
    assert not loaded.battle.grid.is_wall((4, 1))
    assert loaded.battle.grid.terrain_at((4, 1)) is Terrain.SHARDS


@pytest.mark.rule("E-OBJ-4", "E-IMP-EFF-REROLL")
def test_the_reroll_shadow_sets_destroyed_walls_as_its_state_says() -> None:
    """Given a pane smashed after the checkpoint a reroll starts from; the shadow copy at
    that checkpoint has the pane standing (its state has no record yet)."""
    from game.rulesets.entaria.object_state import sync_object_fields

    match, setup = _first_destroying_match()
    battle = match.battle
    battle.state.objects.clear()  # as an earlier state would have it
    sync_object_fields(
        battle.grid, setup.grid, setup.materials, battle.state.objects, CATALOGUE.terrain
    )
    assert battle.grid.is_wall((4, 1))
    assert battle.grid.field_kind((4, 1)) == FieldKind(
        wall=True, see_through=True, cover=MATERIALS["glass_pane"].field_kind().cover
    )


def test_object_cells_of_a_mission_come_from_its_legend() -> None:
    """The legend's ``material`` names the object fields (BattleSetup.materials, E-OBJ-6)."""
    from game.rulesets.entaria.object_state import map_materials

    found = map_materials([".W.", "+S."], {"W": "glass_pane", "S": "stone_wall", ".": None})
    assert found == {(1, 0): "glass_pane", (1, 1): "stone_wall"}


@pytest.mark.rule("D-6", "E-OBJ-GLASSCHEIBE")
def test_the_area_fire_preview_lets_the_player_paint_an_object_field() -> None:
    """The screen's area-fire preview marks the pane's field paintable, a plain wall not."""
    from game.rulesets.entaria.queries.area_fire import area_fire_preview

    battle = object_battle(
        GLASS_AREA + "....#.....\n",
        [hero("ron", (5, 0), type_="likron", held=("schrotgewehr",)), foe("p", (9, 0))],
        dice=[],
    )
    preview = area_fire_preview(battle, "ron", "schrotgewehr", "BEM_SHOT", {})
    assert preview.paintable[2, 5] and not preview.paintable[3, 4]


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-OBJ-4", "E-OBJ-GLASSCHEIBE")
def test_a_hit_that_smashed_a_pane_rerolled_into_a_miss_puts_the_pane_back() -> None:
    """Ron smashes the pane (d20 15, SW 3 + w6 [1] - 2 = 2); the players reroll his attack
    roll with Impuls into a 2 (a miss): the pane stands again, the map as the state says."""
    battle = object_battle(PANES, [hero("ron", (1, 1)), foe("p", (9, 2), held=())], dice=[15, 1])
    battle.state.impulse_pool = 2
    battle.rerolls.fresh_dice = lambda key: ScriptedRoller([2])
    battle.apply(AttackObject("ron", "laserpistole", cell=(4, 1)))
    assert not battle.grid.is_wall((4, 1))
    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    assert of_kind(events, "miss")
    assert battle.grid.is_wall((4, 1)) and not battle.state.objects
    assert object_at(battle, (4, 1)) is not None
