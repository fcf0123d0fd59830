"""What an area fire does to the creatures on its fields, now and while it lasts.

Decisions where the rules leave room (also listed in the tests):

- A creature on a hit field saves Reflexe vs ZW 15 once per area fire (D-6,
  E-AREAFIRE-9). Dauerfeuer and Deckungsfeuer keep their fields until the start of the
  shooter's next turn (E-OPEN-25, E-ACT-VH-DECKUNGSFEUER-3); a creature entering them
  later is treated like one standing in them. Under Deckungsfeuer an enemy of the
  shooter takes each covered field's value - armour, no save, once per field (E-OPEN-23
  A); a critical's SAF then applies to it. The zone stops hurting once the shooter is
  out of the fight.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from game.board.grid import Cell, Cover, footprint_cells
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import affinity_of, apply_saf, armour_of
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.ranged_common import allocation_of, creature_cells, field_list
from game.rulesets.entaria.rules.areas import (
    AREA_FIRE_SAVE_TARGET,
    area_fire_hit,
    covering_fire_damage,
    covering_fire_triggers,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.state import CreatureState, Pending

#: Pending kinds of the fire zones (state.Pending).
AREA_FIRE = "area_fire"  # Dauerfeuer's fields, active until the shooter's next turn
COVERING_FIRE = "covering_fire"
ZONES = (AREA_FIRE, COVERING_FIRE)


@dataclass(frozen=True)
class AreaFireVictim:
    """A creature area fire hits as it is laid, and how (D-6, E-OPEN-23).

    ``saves``: it saves Reflexe once against its highest field; False for an enemy of a
    Deckungsfeuer shooter, who takes each covered field without a save. ``fields``: the
    hit fields it stands on, with their values.
    """

    creature: CreatureState
    cells: tuple[Cell, ...]
    saves: bool
    fields: tuple[tuple[Cell, int], ...]


def hit_without_save(covering: bool, shooter_side: str, creature: CreatureState) -> bool:
    """Return whether ``creature`` takes the fire's fields without a save: an enemy of a
    Deckungsfeuer shooter (E-OPEN-23 A, E-ACT-VH-DECKUNGSFEUER-4).
    """
    return covering and creature.side != shooter_side


def area_fire_victims(
    battle: Battle, shooter: CreatureState, allocation: Mapping[Cell, int], *, covering: bool
) -> Iterator[AreaFireVictim]:
    """Yield every living creature but the shooter on a hit field (D-6, E-AREAFIRE-9).

    Laying the fire (``area_fire.lay_area_fire``) and the screen's saves ask this; a
    creature is looked at when its turn in the loop comes, so one the fire has killed
    already is passed over.
    """
    for creature in list(battle.state.creatures.values()):
        if creature.key == shooter.key or Condition.DEAD in creature.conditions:
            continue
        cells = tuple(creature_cells(battle, creature))
        saves = not hit_without_save(covering, shooter.side, creature)
        if saves:
            fields = [(cell, allocation[cell]) for cell in cells if cell in allocation]
        else:
            fields = covering_fire_triggers(cells, allocation)
        if fields:
            yield AreaFireVictim(creature, cells, saves, tuple(fields))


def zone_effect(
    battle: Battle,
    zone: Pending,
    shooter: CreatureState,
    weapon: WeaponType,
    creature: CreatureState,
    cells: Sequence[Cell],
) -> list[Event]:
    """Hurt ``creature`` on ``cells`` by the area fire ``zone``; record it in the zone's data.

    Enemies of a Deckungsfeuer shooter take each covered field once, no save (E-OPEN-23);
    everyone else saves Reflexe once per area fire (E-AREAFIRE-9, D-6).
    """
    allocation = allocation_of(zone)
    critical = bool(zone.data["critical"])
    if hit_without_save(zone.kind == COVERING_FIRE, zone.data["side"], creature):
        hits: dict[str, list[list[int]]] = zone.data["hits"]
        already = {(int(x), int(y)) for x, y in hits.get(creature.key, [])}
        triggered = covering_fire_triggers(cells, allocation, already)
        if not triggered:
            return []
        zone.data = {
            **zone.data,
            "hits": {
                **hits,
                creature.key: sorted(field_list(already | {c for c, _ in triggered})),
            },
        }
        return _covering_fire_hits(battle, shooter, weapon, creature, triggered, critical)
    affected: list[str] = zone.data["affected"]
    values = [allocation[cell] for cell in cells if cell in allocation]
    if not values or creature.key in affected:
        return []
    zone.data = {**zone.data, "affected": [*affected, creature.key]}
    return _area_fire_save(battle, weapon, creature, values, critical)


def _area_fire_save(
    battle: Battle, weapon: WeaponType, creature: CreatureState, values: list[int], critical: bool
) -> list[Event]:
    """Roll the Reflexe save and apply the area-fire damage to one creature (D-6).

    The save is the creature's check (``Battle.check``, D-3): its conditions, Helfen and
    a player character's crit Impuls count once, as in every other check.
    """
    roll, save_event = battle.check(
        creature,
        Attribute.REFLEXES,
        AREA_FIRE_SAVE_TARGET,
        rule="E-AREAFIRE-9",
        what_de="Rettungswurf Reflexe gegen Bereichsfeuer",
        what_en="Reflexes save against area fire",
    )
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    affinity = affinity_of(battle, creature, weapon)
    result = area_fire_hit(values, roll, armour=armour, affinity=affinity, critical=critical)
    events = [
        save_event,
        Event(
            "damage",
            f"Bereichsfeuer: Feld {max(values)} - Panzerung {armour}"
            + (" halbiert" if result.save.success else "")
            + f" -> {result.damage}",
            f"Area fire: field {max(values)} - armour {armour}"
            + (" halved" if result.save.success else "")
            + f" -> {result.damage}",
            creature.key,
            {"final": result.damage, "target": creature.key, "field": max(values)},
        ),
    ]
    events += battle.lose_life_points(creature, result.damage)
    if result.saf:
        events += apply_saf(battle, creature, weapon.damage_type, result.damage, affinity)
    return events


def _covering_fire_hits(
    battle: Battle,
    shooter: CreatureState,
    weapon: WeaponType,
    creature: CreatureState,
    triggered: list[tuple[Cell, int]],
    critical: bool,
) -> list[Event]:
    """Give an enemy each covered field's value - armour, no save (E-ACT-VH-DECKUNGSFEUER-4)."""
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    affinity = affinity_of(battle, creature, weapon)
    events: list[Event] = []
    for cell, value in triggered:
        if Condition.DEAD in creature.conditions:
            break
        damage = covering_fire_damage(value, armour, affinity=affinity)
        events.append(
            Event(
                "damage",
                f"Deckungsfeuer von {shooter.name} auf Feld {list(cell)}: "
                f"{value} - Panzerung {armour} -> {damage}",
                f"{shooter.name}'s covering fire on field {list(cell)}: "
                f"{value} - armour {armour} -> {damage}",
                shooter.key,
                {
                    "rule": "E-ACT-VH-DECKUNGSFEUER-4",
                    "final": damage,
                    "target": creature.key,
                    "field": list(cell),
                },
            )
        )
        events += battle.lose_life_points(creature, damage)
        if critical:  # D-12: also when armour leaves no damage
            events += apply_saf(battle, creature, weapon.damage_type, damage, affinity)
    return events


def area_fire_on_enter(
    battle: Battle, creature: CreatureState, cells_entered: Sequence[Cell]
) -> list[Event]:
    """Hurt a creature that enters active Dauerfeuer or Deckungsfeuer fields (E-OPEN-23/25)."""
    if not cells_entered or not any(p.kind in ZONES for p in battle.state.pending):
        return []
    side = battle.creature_type(creature).size_fields
    cells: list[Cell] = []
    for anchor in cells_entered:
        for cell in footprint_cells(anchor, side):
            if cell not in cells:
                cells.append(cell)
    events: list[Event] = []
    for zone in list(battle.state.pending):
        if zone.kind not in ZONES or not any(p is zone for p in battle.state.pending):
            continue
        if Condition.DEAD in creature.conditions or zone.actor == creature.key:
            continue
        shooter = battle.state.creatures.get(zone.actor)
        if shooter is None or shooter.out_of_fight:
            continue
        weapon = battle.weapon(zone.data["weapon"])
        events += zone_effect(battle, zone, shooter, weapon, creature, cells)
    return events
