"""Blasts and area fire on objects: "jedem Objekt und Wesen in dieser Fläche" (E-AREA-2, D-6).

A thrown area weapon (``throwing``) and area fire (``area_fire``) hand the fields they
hit to these functions after the creatures have taken theirs:

- a blast deals SW + w6 - PAK to every object field of its template that the landing
  field sees (``rules.objects.blast_fields``: the walls and doors round the area
  too), one roll per object, not doubled (a throw's natural 20 is a plain hit,
  E-OPEN-30 (v));
- area fire gives every object on a hit field the field's value - PAK: an object makes
  no Reflexe save (``rules.objects.area_damage_to_object``); a critical area fire's
  total was doubled already.

What creatures hold or carry is theirs, not the area's: only an aimed attack hits a
held weapon (``object_attacks``).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.object_map import AreaDamage, object_at, strike_object
from game.rulesets.entaria.rules.objects import area_damage_to_object, blast_fields, object_damage
from game.rulesets.entaria.state import CreatureState


def blast_on_objects(
    battle: Battle, thrower: CreatureState, weapon: WeaponType, landing: Cell
) -> list[Event]:
    """Damage every object the blast of ``weapon`` landing on ``landing`` reaches (E-AREA-2)."""
    if weapon.area_shape is None or weapon.area_size is None:
        return []
    fields = blast_fields(battle.grid, weapon.area_shape, weapon.area_size, thrower.cell, landing)
    events: list[Event] = []
    for cell in sorted(fields, key=lambda c: (c[1], c[0])):  # row by row, as the map reads
        target = object_at(battle, cell)
        if target is None:
            continue
        sw = weapon.damage_value
        damage = object_damage(target.material, battle.roller, sw)
        events += strike_object(
            battle,
            thrower.key,
            target,
            damage,
            formula_de=f"{weapon.name}: SW {sw} + w6 ({damage.die}) - PAK {target.pak}",
            formula_en=f"{weapon.english}: damage {sw} + d6 ({damage.die}) - armour {target.pak}",
            rule="E-AREA-2",
        )
    return events


def area_fire_on_objects(
    battle: Battle, shooter: CreatureState, allocation: Mapping[Cell, int]
) -> list[Event]:
    """Give every object on a hit field the field's value less its PAK (D-6, E-OBJ-2)."""
    events: list[Event] = []
    for cell, value in sorted(allocation.items(), key=lambda item: (item[0][1], item[0][0])):
        target = object_at(battle, cell)
        if target is None or value <= 0:
            continue
        damage = AreaDamage(raw=value, final=area_damage_to_object(value, target.material))
        events += strike_object(
            battle,
            shooter.key,
            target,
            damage,
            formula_de=f"Bereichsfeuer {value} - PAK {target.pak}",
            formula_en=f"area fire {value} - armour {target.pak}",
            rule="D-6",
        )
    return events


def area_fire_field_allowed(battle: Battle, cell: Cell) -> bool:
    """Return whether area fire may be laid on ``cell``: open ground or an object (D-6)."""
    grid = battle.grid
    if not grid.in_bounds(cell):
        return False
    return not grid.is_wall(cell) or object_at(battle, cell) is not None
