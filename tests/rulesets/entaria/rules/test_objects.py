"""Damage to objects: section 30 (E-OBJ-*), E-LP-5, E-OPEN-33."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cover, FieldKind
from game.rulesets.entaria.rules.damage import Damage, LifeState
from game.rulesets.entaria.rules.objects import (
    MATERIALS,
    ObjectMaterial,
    ObjectState,
    damage_object,
    door_broken_open,
    is_destroyed,
    synt_life_state,
    weapon_object,
)

rule = pytest.mark.rule

# (rule ID, key, German name, PAK, KEP): the table of section 30, copied from the source.
TABLE = [
    ("E-OBJ-WAFFE-WG0", "weapon_wg0", "Nah- oder Fernkampfwaffe mit Waffengröße 0", 0, 4),
    ("E-OBJ-WAFFE-WG1", "weapon_wg1", "Nah- oder Fernkampfwaffe mit Waffengröße 1", 1, 6),
    ("E-OBJ-WAFFE-WG2", "weapon_wg2", "Nah- oder Fernkampfwaffe mit Waffengröße 2", 2, 6),
    ("E-OBJ-WAFFE-WG3", "weapon_wg3", "Nah- oder Fernkampfwaffe mit Waffengröße 3", 3, 8),
    ("E-OBJ-WAFFE-WG4", "weapon_wg4", "Nah- oder Fernkampfwaffe mit Waffengröße 4", 4, 8),
    ("E-OBJ-WAFFE-WG5", "weapon_wg5", "Nah- oder Fernkampfwaffe mit Waffengröße 5", 5, 10),
    ("E-OBJ-WAFFE-WG6", "weapon_wg6", "Nah- oder Fernkampfwaffe mit Waffengröße 6", 6, 10),
    ("E-OBJ-WAFFE-WG7", "weapon_wg7", "Nah- oder Fernkampfwaffe mit Waffengröße 7", 7, 12),
    ("E-OBJ-HOLZWAND-DUENN", "thin_wooden_wall", "Dünne Holzwand", 3, 8),
    ("E-OBJ-HOLZWAND-DICK", "thick_wooden_wall", "Dicke Holzwand", 4, 12),
    ("E-OBJ-STEINWAND", "stone_wall", "Steinwand", 5, 20),
    ("E-OBJ-STEINWAND-MASSIV", "massive_stone_wall", "Massive Steinwand", 6, 30),
    ("E-OBJ-DURAPLAST-DUENN", "thin_duraplast_wall", "Dünne Duraplastwand", 5, 10),
    ("E-OBJ-DURAPLAST-DICK", "thick_duraplast_wall", "Dicke Duraplastwand", 7, 20),
    ("E-OBJ-STAHLWAND-DUENN", "thin_steel_wall", "Dünne Stahlwand", 7, 20),
    ("E-OBJ-STAHLWAND-DICK", "thick_steel_wall", "Dicke Stahlwand", 9, 30),
    ("E-OBJ-DURANIUMWAND", "duranium_wall", "Duraniumwand", 11, 35),
    ("E-OBJ-GLASSCHEIBE", "glass_pane", "Glasscheibe", 2, 2),
    ("E-OBJ-PANZERGLASSCHEIBE", "armoured_glass_pane", "Panzerglasscheibe", 5, 20),
]


@pytest.mark.parametrize(
    ("rule_id", "key", "german", "pak", "kep"),
    [pytest.param(*entry, marks=rule(entry[0]), id=entry[0]) for entry in TABLE],
)
def test_object_table_row(rule_id: str, key: str, german: str, pak: int, kep: int) -> None:
    """E-OBJ-1: every row of the PAK/KEP table (IDs in TABLE)."""
    material = MATERIALS[key]
    assert (material.german, material.pak, material.kep, material.rule_id) == (
        german,
        pak,
        kep,
        rule_id,
    )
    assert material.key == key and material.english


@rule("E-OBJ-1")
def test_table_has_exactly_the_nineteen_rows_with_unique_rule_ids() -> None:
    assert len(MATERIALS) == len(TABLE) == 19
    assert sorted(m.rule_id for m in MATERIALS.values()) == sorted(t[0] for t in TABLE)
    assert all(isinstance(m, ObjectMaterial) for m in MATERIALS.values())


@rule("E-OBJ-WAFFE-WG0", "E-OBJ-WAFFE-WG4", "E-OBJ-WAFFE-WG7")
def test_weapon_object_by_size() -> None:
    assert (weapon_object(0).pak, weapon_object(0).kep) == (0, 4)
    assert (weapon_object(4).pak, weapon_object(4).kep) == (4, 8)
    assert (weapon_object(7).pak, weapon_object(7).kep) == (7, 12)
    for bad in (-1, 8):
        with pytest.raises(ValueError):
            weapon_object(bad)


@rule("E-OBJ-6")
def test_surfaces_walls_and_panes_are_per_field_weapons_are_not() -> None:
    assert MATERIALS["stone_wall"].per_field and MATERIALS["glass_pane"].per_field
    assert not weapon_object(3).per_field


@rule("E-OBJ-2", "E-DMG-2")
def test_pak_takes_the_place_of_armour() -> None:
    wall = ObjectState.fresh(MATERIALS["stone_wall"])  # PAK 5, KEP 20
    damage, after = damage_object(wall, ScriptedRoller([4]), 5)
    assert damage == Damage(die=4, raw=4, final=4)
    assert after.kep == 16 and wall.kep == 20  # states are values
    damage, _ = damage_object(wall, ScriptedRoller([1]), 2)
    assert damage.final == 0  # PAK above the roll: no damage, never repair


@rule("E-OBJ-2", "E-CRIT-HIT-2")
def test_object_damage_with_bonus_and_crit() -> None:
    pane = ObjectState.fresh(MATERIALS["armoured_glass_pane"])  # PAK 5
    damage, after = damage_object(pane, ScriptedRoller([3]), 4, bonus=2, crit=True)
    assert (damage.raw, damage.final, after.kep) == (4, 8, 12)


@rule("E-OBJ-4", "E-OPEN-33")
def test_inanimate_object_destroyed_at_zero_kep() -> None:
    glass = ObjectState.fresh(MATERIALS["glass_pane"])  # PAK 2, KEP 2
    assert not is_destroyed(glass)
    _, after = damage_object(glass, ScriptedRoller([1]), 3)  # 3 + 1 - 2 = 2
    assert after.kep == 0 and is_destroyed(after)
    assert is_destroyed(ObjectState(MATERIALS["glass_pane"], -3))
    assert not is_destroyed(ObjectState(MATERIALS["glass_pane"], 1))


@rule("E-LP-5", "E-OPEN-33", "E-OBJ-3")
def test_synts_read_kep_like_lp_objects_do_not() -> None:
    """Reading C: a Synt at 0 KEP is Bewusstlos, an object at 0 KEP is destroyed."""
    assert synt_life_state(0) is LifeState.UNCONSCIOUS
    assert synt_life_state(-4) is LifeState.DYING
    assert synt_life_state(-10) is LifeState.DEAD
    assert synt_life_state(5) is LifeState.OK
    assert is_destroyed(ObjectState(MATERIALS["duranium_wall"], 0))


@rule("E-OBJ-5")
def test_door_breaks_open_at_a_third_of_its_kep() -> None:
    assert door_broken_open(4, 12)
    assert not door_broken_open(5, 12)
    assert door_broken_open(6, 20)  # 18 <= 20
    assert not door_broken_open(7, 20)  # 21 > 20
    assert door_broken_open(0, 8) and door_broken_open(-2, 8)
    with pytest.raises(ValueError):
        door_broken_open(1, 0)


@rule("E-OBJ-GLASSCHEIBE", "E-OBJ-PANZERGLASSCHEIBE", "E-OBJ-6")
def test_surface_materials_are_map_fields() -> None:
    """E-OBJ-6: walls and panes fill whole fields; glass stops feet, not eyes, and covers fully."""
    assert MATERIALS["stone_wall"].field_kind() == FieldKind(wall=True)
    for key in ("glass_pane", "armoured_glass_pane"):
        pane = MATERIALS[key].field_kind()
        assert pane == FieldKind(wall=True, see_through=True, cover=Cover.FULL)
    panes = [key for key, material in MATERIALS.items() if material.see_through]
    assert panes == ["glass_pane", "armoured_glass_pane"]
    grid = BattleGrid.from_ascii(
        "GS",
        {
            "G": MATERIALS["glass_pane"].field_kind(),
            "S": MATERIALS["thin_steel_wall"].field_kind(),
        },
    )
    assert grid.is_wall((0, 0)) and not grid.blocks_sight_at((0, 0))
    assert grid.cover_at((0, 0)) is Cover.FULL
    assert grid.is_wall((1, 0)) and grid.blocks_sight_at((1, 0))
    with pytest.raises(ValueError, match="no wall material"):
        weapon_object(3).field_kind()
