"""Wurfangriff at a field with a thrown area weapon (E-THROW-2/3, E-ACT-HH-WURF, E-AREA-*).

Decisions where the rules leave room (also listed in the tests):

- Fernkampf vs ZW 15 with the range band's edge and Störung (E-DISTURB-1), no cover; the
  field must be in line of sight and in one of the weapon's bands; only thrown weapons
  with an area shape are thrown at fields (E-OPEN-16). A miss (also a critical failure,
  which besides forfeits the turn) scatters (D-7). A natural 20 is a plain hit on the
  field, damage not doubled (E-OPEN-30 (v)). Throws aim at fields, not at a creature:
  an Unentdeckt thrower is revealed before the roll and gets no Vorteil for an
  unforeseen attack.
- The area of a thrown weapon (E-AREA-*) is its template round the landing field,
  clipped to the map, without walls and closed doors, and only the fields the landing
  field sees: walls shield what lies behind them (glass does not). Every creature with
  a field in the area takes SW + 1w6 - armour (E-AREA-2, combat.hit), the thrower too.
  The catalogue has no save flag, so no weapon allows a save (E-AREA-3). Then the
  doors, walls and panes the blast reaches take SW + 1w6 - PAK (``object_blasts``).
  The weapon is used up (one grenade).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell, Cover, distance
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import critical_failure, held_weapon, hit, ranged_disturbance
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.object_blasts import blast_on_objects
from game.rulesets.entaria.ranged_common import (
    creature_cells,
    edge_reasons,
    field_list,
    held_weapons,
    reveal_shooter,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit
from game.rulesets.entaria.rules.condition_changes import reveal
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.impact import area_of_impact
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.scatter import (
    DOOR,
    MAP_EDGE,
    WALL,
    Scatter,
    ScatterDir,
    scatter,
    throw_at_field_target,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition, say
from game.rulesets.entaria.state import CreatureState
from game.rulesets.entaria.underwater import underwater_rejection


@dataclass(frozen=True)
class ThrowAtField(Command):
    """Wurfangriff at a field with a thrown area weapon (E-THROW-2, E-ACT-HH-WURF)."""

    kind: ClassVar[str] = "throw_at_field"
    weapon: str
    target: Cell


def _validate_throw(
    battle: Battle, command: ThrowAtField
) -> tuple[CreatureState, WeaponType, Cell, int]:
    thrower = battle.creature(command.actor)
    weapon = held_weapon(battle, thrower, command.weapon)
    if weapon is None or not weapon.thrown:
        raise CommandRejected(
            say(
                "a throw needs a thrown weapon in hand (E-ACT-HH-WURF)",
                "ein Wurf braucht eine Wurfwaffe in der Hand (E-ACT-HH-WURF)",
            )
        )
    target, band_edge = field_throw_target(battle, thrower, weapon, command.target)
    battle.can_spend(thrower, Action.THROW_ATTACK)
    return thrower, weapon, target, band_edge


def field_throw_target(
    battle: Battle, thrower: CreatureState, weapon: WeaponType, cell: Cell
) -> tuple[Cell, int]:
    """Return the field a throw of ``weapon`` from the thrower's field aims at and the
    band's edge; reject an area-less weapon, a wall, a band it cannot reach, water that
    stops it, or a field out of sight (E-THROW-2, E-RANGE-2). Hands and budget are the
    caller's: a throw from the belt asks them before the weapon is drawn.
    """
    if not weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.english} has no area: throw it at a creature instead (E-THROW-2)",
                f"{weapon.name} hat keine Fläche: wirf sie stattdessen auf ein Wesen (E-THROW-2)",
            )
        )
    target = (int(cell[0]), int(cell[1]))
    if not battle.grid.in_bounds(target) or battle.grid.is_wall(target):
        raise CommandRejected(
            say(
                f"field {list(target)} is outside the map or a wall",
                f"Feld {list(target)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    band = range_band(distance(thrower.cell, target))
    if not weapon.fires_at(band):
        raise CommandRejected(
            say(
                f"{weapon.english} cannot be thrown that far or near (E-RANGE-2)",
                f"{weapon.name} kann nicht so weit oder so nah geworfen werden (E-RANGE-2)",
            )
        )
    assert band is not None
    if reason := underwater_rejection(battle, weapon, band):
        raise CommandRejected(reason)
    if not line_of_sight(battle.grid, thrower.cell, target):
        raise CommandRejected(
            say(
                f"field {list(target)} is not in line of sight",
                f"Feld {list(target)} ist nicht in Sichtlinie",
            )
        )
    return target, band.edge


def handle_throw_at_field(battle: Battle, command: ThrowAtField) -> list[Event]:
    thrower, weapon, target, _ = _validate_throw(battle, command)
    # valid: now change the state
    events = battle.spend(thrower, Action.THROW_ATTACK)
    terms = throw_check_terms(battle, thrower, target)
    events += reveal_shooter(thrower)
    thrower.held.remove(weapon.key)  # the weapon leaves the hand: used up
    roll, event = battle.check(
        thrower,
        Attribute.RANGED,
        throw_at_field_target(),
        context=terms.context,
        extra=terms.extra,
        held=terms.held,
        what_de=f"wirft {weapon.name} auf Feld {list(target)}",
        what_en=f"throws {weapon.english} at field {list(target)}",
    )
    event.data.update({"weapon": weapon.key, "field": list(target), "rule": "E-THROW-2"})
    events.append(event)
    landing = target
    if roll.crit is Crit.FAILURE:
        events += critical_failure(battle, thrower, weapon, ranged=True)
    if not roll.success:
        missed = scatter(battle.grid, thrower.cell, target, battle.roller)
        landing = missed.landing
        events.append(_scatter_event(thrower, weapon, target, missed))
    return events + _explode(battle, thrower, weapon, landing)


@dataclass(frozen=True)
class ThrowTerms:
    """What a throw's roll at a field counts besides the thrower's value and ZW 15.

    ``extra``: the band's edge and Störung, each named; ``held``: the thrower's conditions,
    Unentdeckt gone (the throw reveals him before its roll, E-COND-UNENTDECKT-5).
    """

    context: RollContext
    extra: RollModifiers
    held: ConditionSet


def throw_check_terms(battle: Battle, thrower: CreatureState, target: Cell) -> ThrowTerms:
    """Return the terms of a throw at ``target`` (E-THROW-2, E-DISTURB-1, E-OPEN-1).

    The band of ``target`` (which ``field_throw_target`` accepted) and Störung, its
    Abgelenkt counted once; no cover, no Vorteil for an unforeseen attack. The roll and
    the screen's chance ask this.
    """
    band = range_band(distance(thrower.cell, target))
    assert band is not None
    disturbed = ranged_disturbance(battle, thrower)
    extra = edge_reasons(band.edge, band.german, disturbed) + RollModifiers(edge=band.edge)
    return ThrowTerms(
        RollContext(attribute=Attribute.RANGED, is_attack=True),
        extra,
        reveal(thrower.conditions, ConspicuousAct.ATTACK),
    )


#: The scatter diagram's rows in German, seen from the thrower along the flight (E-SCATTER-5).
_DIRECTION_DE = {
    ScatterDir.FORWARD: "in Flugrichtung",
    ScatterDir.FORWARD_RIGHT: "vorn rechts",
    ScatterDir.RIGHT: "rechts",
    ScatterDir.BACK_RIGHT: "hinten rechts",
    ScatterDir.BACK: "entgegen der Flugrichtung",
    ScatterDir.BACK_LEFT: "hinten links",
    ScatterDir.LEFT: "links",
    ScatterDir.FORWARD_LEFT: "vorn links",
}


#: Why a flight ended short of the d6's fields (``Scatter.stopped``): German, English.
_STOPPED = {
    WALL: ("prallt an einer Wand ab, ", "hits a wall, "),
    DOOR: ("prallt an einer geschlossenen Tür ab, ", "hits a closed door, "),
    MAP_EDGE: ("bleibt am Kartenrand liegen, ", "stops at the map's edge, "),
}


def _scatter_event(thrower: CreatureState, weapon: WeaponType, target: Cell, s: Scatter) -> Event:
    direction = s.direction.name.lower().replace("_", "-")
    # the d6 counts fields; a flight a wall cut short says so, or the roll seems ignored
    why_de, why_en = _STOPPED.get(s.stopped, ("", ""))
    data: dict[str, object] = {
        "rule": "D-7",
        "direction_roll": s.direction_roll,
        "distance_roll": s.distance_roll,
        "target": list(target),
        "step": list(s.step),
        "landing": list(s.landing),
    }
    if s.stopped:
        data["stopped"] = s.stopped  # only then: the logs of unstopped throws stay as they were
    return Event(
        "scatter",
        f"{weapon.name} verfehlt Feld {list(target)}: Fehlwurf w20: {s.direction_roll} "
        f"({_DIRECTION_DE[s.direction]}), w6: {s.distance_roll} -> {why_de}"
        f"landet auf {list(s.landing)}",
        f"{weapon.english} misses field {list(target)}: scatter d20: {s.direction_roll} "
        f"({direction}), d6: {s.distance_roll} -> {why_en}lands on {list(s.landing)}",
        thrower.key,
        data,
    )


def _explode(
    battle: Battle, thrower: CreatureState, weapon: WeaponType, landing: Cell
) -> list[Event]:
    """Deal the weapon's damage to every creature in its area (E-AREA-2; no save, E-AREA-3)."""
    assert weapon.area_shape is not None and weapon.area_size is not None
    area = area_of_impact(battle.grid, weapon.area_shape, weapon.area_size, thrower.cell, landing)
    inside = set(area)
    events = [
        Event(
            "area",
            f"{weapon.name} trifft {len(area)} Felder um {list(landing)}",
            f"{weapon.english} hits {len(area)} fields around {list(landing)}",
            thrower.key,
            {"rule": "E-AREA-2", "landing": list(landing), "fields": field_list(area)},
        )
    ]
    for creature in list(battle.state.creatures.values()):
        if Condition.DEAD in creature.conditions:
            continue
        if inside.isdisjoint(creature_cells(battle, creature)):
            continue
        events += hit(battle, thrower, creature, weapon, melee=False, cover=Cover.NONE)
    # "jedem Objekt und Wesen in dieser Fläche": the objects after the creatures
    return events + blast_on_objects(battle, thrower, weapon, landing)


def can_throw(battle: Battle, creature: CreatureState) -> str:
    if any(w.thrown for w in held_weapons(battle, creature)):
        return ""
    return say("no throwable weapon in hand", "keine Wurfwaffe in der Hand")
