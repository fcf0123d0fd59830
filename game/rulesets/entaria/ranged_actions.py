"""Handlers of the special ranged actions: throws at fields, area fire, long shot, reload.

Every rule comes from ``game.rulesets.entaria.rules`` (scatter, templates, areas, ranges,
reach); this module validates a command completely, then spends the action and changes the state.

Decisions where the rules leave room (also listed in the tests):

- Wurfangriff at a field (E-THROW-2/3, E-OPEN-16): Fernkampf vs ZW 15 with the range
  band's edge and Störung (E-DISTURB-1), no cover; the field must be in line of sight
  and in one of the weapon's bands; only thrown weapons with an area shape are thrown
  at fields. A miss (also a critical failure, which besides forfeits the turn) scatters
  (D-7). A natural 20 is a plain hit on the field, damage not doubled (E-OPEN-30 (v)).
  Throws and area fire aim at fields, not at a creature: an Unentdeckt shooter is
  revealed before the roll and gets no Vorteil for an unforeseen attack.
- The area of a thrown weapon (E-AREA-*) is its template round the landing field,
  clipped to the map, without walls and closed doors, and only the fields the landing
  field sees: walls shield what lies behind them (glass does not). Every creature with
  a field in the area takes SW + 1w6 - armour (E-AREA-2, combat.hit), the thrower too.
  The catalogue has no save flag, so no weapon allows a save (E-AREA-3). Doors, walls
  and objects in the area take nothing here. The weapon is used up (one grenade).
- Bereichsfeuer (D-6, E-OPEN-24): the command declares the fields in order; the
  engine rolls Fernkampf vs ZW 15 (band of the farthest declared field, Störung,
  Dauerfeuer/Deckungsfeuer Nachteil), then the total, then fills the declared fields
  in order with up to SW each (areas.suggest_distribution); what does not fit is lost.
  In two steps (the screen): AreaFireRoll does all of that but the filling and keeps
  the total in a Pending AREA_FIRE_PLACEMENT; PlaceAreaFire then places exactly
  min(total, SW x declared fields) on declared fields (distribution_errors, from the
  field the shooter fired from). Until then every other command of the match is
  refused (the game master's and Impuls rerolls aside); EndTurn first places the
  suggestion, which is what the one-shot AreaFire would have placed.
  Ammunition: the BEM's a (twice for Deckungsfeuer) leaves the magazine whatever the
  roll; a magazine holding less refuses the action. A critical success doubles the
  total and gives the SAF to whoever fails the save (E-OPEN-30 (i)).
- Dauerfeuer and Deckungsfeuer keep their fields until the start of the shooter's next
  turn (E-OPEN-25, E-ACT-VH-DECKUNGSFEUER-3); a creature entering them later is
  treated like one standing in them (one save per creature per area fire). Under
  Deckungsfeuer an enemy of the shooter takes each covered field's value - armour,
  no save, once per field (E-OPEN-23 A); a critical's SAF then applies to it. The
  zone stops hurting once the shooter is out of the fight.
- Distanzschuss (E-OPEN-10): the target is fixed at declaration; at the start of the
  shooter's next turn Fokussiert ends by time and the shot is rolled with range,
  cover and line of sight of that moment, on top of the new turn's actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.board.grid import Cell, Cover, distance, footprint_cells
from game.board.sight import line_of_sight
from game.board.templates import area_of_impact
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import (
    affinity_of,
    apply_saf,
    armour_of,
    critical_failure,
    disturbance,
    held_weapon,
    hit,
    plan_attack,
    resolve_attack,
    revealed,
)
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.reroll import is_reroll
from game.rulesets.entaria.roll_events import describe_roll, roll_data
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    ammo_use,
    area_fire_damage_to_creature,
    area_fire_total,
    can_lay_area_fire,
    covering_fire_damage,
    covering_fire_triggers,
    distribution_errors,
    farthest_field,
    suggest_distribution,
)
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Crit, impulse_gain
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers, roll_modifiers
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.ranges import long_shot_edge, range_band
from game.rulesets.entaria.rules.scatter import Scatter, scatter, throw_at_field_target
from game.rulesets.entaria.rules.terms import (
    Attribute,
    Condition,
    Text,
    WeaponAttribute,
    german,
    say,
)
from game.rulesets.entaria.state import CreatureState, Effect, Pending
from game.rulesets.entaria.underwater import underwater_rejection

#: Pending kinds this module keeps (state.Pending).
LONG_SHOT = "long_shot"
AREA_FIRE = "area_fire"  # Dauerfeuer's fields, active until the shooter's next turn
COVERING_FIRE = "covering_fire"
AREA_FIRE_PLACEMENT = "area_fire_placement"  # a rolled total waiting for PlaceAreaFire
ZONES = (AREA_FIRE, COVERING_FIRE)

#: Most fields one area fire may declare; more can never be filled.
MAX_DECLARED_FIELDS = 400


# ------------------------------------------------------------------ commands
@dataclass(frozen=True)
class ThrowAtField(Command):
    """Wurfangriff at a field with a thrown area weapon (E-THROW-2, E-ACT-HH-WURF)."""

    kind: ClassVar[str] = "throw_at_field"
    weapon: str
    target: Cell


@dataclass(frozen=True)
class AreaFire(Command):
    """Bereichsfeuer on the declared fields, filled in this order (D-6, E-OPEN-24).

    ``mode`` is an AreaFireAction name: BEM_SHOT (Fernkampf HH with a Bereichsfeuer
    weapon), AUTO_FIRE (Dauerfeuer VH) or COVERING_FIRE (Deckungsfeuer VH).
    """

    kind: ClassVar[str] = "area_fire"
    weapon: str
    mode: str
    fields: tuple[Cell, ...]


@dataclass(frozen=True)
class AreaFireRoll(Command):
    """Bereichsfeuer, step 1: declare the area, roll the check and the total (D-6).

    Validated like AreaFire; spends the action and the rounds and rolls Fernkampf vs
    ZW 15 (E-AREAFIRE-3) and the total (E-AREAFIRE-4). A success waits as a Pending
    AREA_FIRE_PLACEMENT until PlaceAreaFire (or EndTurn) places it on ``fields``.
    """

    kind: ClassVar[str] = "area_fire_roll"
    weapon: str
    mode: str
    fields: tuple[Cell, ...]


@dataclass(frozen=True)
class PlaceAreaFire(Command):
    """Bereichsfeuer, step 2: place the rolled total as (x, y, value) triples (D-6)."""

    kind: ClassVar[str] = "place_area_fire"
    values: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class LongShot(Command):
    """Distanzschuss at one creature, fired at the start of the next turn (E-ACT-VH-DISTANZ-*)."""

    kind: ClassVar[str] = "long_shot"
    weapon: str
    target: str


@dataclass(frozen=True)
class Reload(Command):
    """Interagieren: reload a held weapon to a full magazine (E-ACT-HH-INTERAGIEREN)."""

    kind: ClassVar[str] = "reload"
    weapon: str


# ------------------------------------------------------------------ helpers
def creature_cells(battle: Battle, creature: CreatureState) -> list[Cell]:
    """Return the fields the creature occupies (E-SIZE-1)."""
    return footprint_cells(creature.cell, battle.creature_type(creature).size_fields)


def _reveal(creature: CreatureState) -> list[Event]:
    if Condition.UNDETECTED not in creature.conditions:
        return []
    return revealed(creature)


def _edge_reasons(band_edge: int, band_name: str, disturbed: int) -> RollModifiers:
    reasons = []
    if band_edge:
        reasons.append(f"range {band_name}")
    if disturbed:
        reasons.append("Störung des Fernkampfs (E-DISTURB-1)")
    return RollModifiers(reasons=tuple(reasons))


def _field_list(cells: Iterable[Cell]) -> list[list[int]]:
    return [[int(x), int(y)] for x, y in cells]


def _allocation_of(pending: Pending) -> dict[Cell, int]:
    return {(int(x), int(y)): int(v) for x, y, v in pending.data["fields"]}


def _held_weapons(battle: Battle, creature: CreatureState) -> list[WeaponType]:
    return [battle.weapon(k) for k in creature.held if k in battle.catalogue.weapons]


# ------------------------------------------------------------ throw at a field
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
    if not weapon.targets_field:
        raise CommandRejected(
            say(
                f"{weapon.name} has no area: throw it at a creature instead (E-THROW-2)",
                f"{weapon.name} hat keine Fläche: wirf sie stattdessen auf ein Wesen (E-THROW-2)",
            )
        )
    target = (int(command.target[0]), int(command.target[1]))
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
                f"{weapon.name} cannot be thrown that far or near (E-RANGE-2)",
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
    battle.can_spend(thrower, Action.THROW_ATTACK)
    return thrower, weapon, target, band.edge


def handle_throw_at_field(battle: Battle, command: ThrowAtField) -> list[Event]:
    thrower, weapon, target, band_edge = _validate_throw(battle, command)
    # valid: now change the state
    events = battle.spend(thrower, Action.THROW_ATTACK)
    disturbed = disturbance(battle, thrower)
    band = range_band(distance(thrower.cell, target))
    assert band is not None
    events += _reveal(thrower)
    thrower.held.remove(weapon.key)  # the weapon leaves the hand: used up
    roll, event = battle.check(
        thrower,
        Attribute.RANGED,
        throw_at_field_target(),
        context=RollContext(attribute=Attribute.RANGED, is_attack=True),
        edge=band_edge + disturbed,
        extra=_edge_reasons(band_edge, band.german, disturbed),
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


def _scatter_event(thrower: CreatureState, weapon: WeaponType, target: Cell, s: Scatter) -> Event:
    direction = s.direction.name.lower().replace("_", "-")
    return Event(
        "scatter",
        f"{weapon.name} verfehlt Feld {list(target)}: Fehlwurf w20 [{s.direction_roll}] "
        f"({direction}), w6 [{s.distance_roll}] -> landet auf {list(s.landing)}",
        f"{weapon.english} misses field {list(target)}: scatter d20 [{s.direction_roll}] "
        f"({direction}), d6 [{s.distance_roll}] -> lands on {list(s.landing)}",
        thrower.key,
        {
            "rule": "D-7",
            "direction_roll": s.direction_roll,
            "distance_roll": s.distance_roll,
            "target": list(target),
            "step": list(s.step),
            "landing": list(s.landing),
        },
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
            f"{weapon.english} hits {len(area)} fields round {list(landing)}",
            thrower.key,
            {"rule": "E-AREA-2", "landing": list(landing), "fields": _field_list(area)},
        )
    ]
    for creature in list(battle.state.creatures.values()):
        if Condition.DEAD in creature.conditions:
            continue
        if inside.isdisjoint(creature_cells(battle, creature)):
            continue
        events += hit(battle, thrower, creature, weapon, melee=False, cover=Cover.NONE)
    return events


# ------------------------------------------------------------------ area fire
@dataclass(frozen=True)
class _AreaFirePlan:
    shooter: CreatureState
    weapon: WeaponType
    mode: AreaFireAction
    fields: tuple[Cell, ...]
    ammo: int


@dataclass(frozen=True)
class _Rolled:
    """The rolled total of a successful area fire (E-AREAFIRE-4)."""

    die: int
    total: int
    critical: bool


def _validate_area_fire(battle: Battle, command: AreaFire | AreaFireRoll) -> _AreaFirePlan:
    shooter = battle.creature(command.actor)
    if reason := placement_block(battle):
        raise CommandRejected(reason)
    if command.mode not in AreaFireAction.__members__:
        raise CommandRejected(
            say(
                f"unknown area fire {command.mode!r}; expected BEM_SHOT, AUTO_FIRE or "
                "COVERING_FIRE",
                f"unbekanntes Bereichsfeuer {command.mode!r}; erwartet BEM_SHOT, "
                "AUTO_FIRE oder COVERING_FIRE",
            )
        )
    mode = AreaFireAction[command.mode]
    weapon = held_weapon(battle, shooter, command.weapon)
    bem = weapon.bem if weapon is not None else None
    if weapon is None or bem is None or not can_lay_area_fire(weapon.attributes, mode):
        needs = " or ".join(sorted(a.value for a in mode.weapon_attributes))
        needs_de = " oder ".join(sorted(a.value for a in mode.weapon_attributes))
        raise CommandRejected(
            say(
                f"{mode.value} needs a weapon with {needs} (E-AREAFIRE-1)",
                f"{mode.value} braucht eine Waffe mit {needs_de} (E-AREAFIRE-1)",
            )
        )
    if reason := underwater_rejection(battle, weapon, area_fire=True):
        raise CommandRejected(reason)
    if weapon.damage_value < 1:
        raise CommandRejected(
            say(
                f"{weapon.name} has SW 0 and places no area fire",
                f"{weapon.name} hat SW 0 und legt kein Bereichsfeuer",
            )
        )
    ammo = ammo_use(bem.ammo, covering_fire=mode is AreaFireAction.COVERING_FIRE)
    if weapon.has_magazine and shooter.magazines.get(weapon.key, 0) < ammo:
        raise CommandRejected(
            say(
                f"{mode.value} uses {ammo} rounds, {weapon.name} holds "
                f"{shooter.magazines.get(weapon.key, 0)}: reload (E-AREAFIRE-2)",
                f"{mode.value} verbraucht {ammo} Schuss, {weapon.name} hat "
                f"{shooter.magazines.get(weapon.key, 0)}: "
                "nachladen (E-AREAFIRE-2)",
            )
        )
    fields = tuple((int(x), int(y)) for x, y in command.fields)
    if not fields:
        raise CommandRejected(
            say(
                "declare at least one field (E-AREAFIRE-5)",
                "benenne mindestens ein Feld (E-AREAFIRE-5)",
            )
        )
    if len(fields) > MAX_DECLARED_FIELDS:
        raise CommandRejected(
            say(
                f"declare at most {MAX_DECLARED_FIELDS} fields",
                f"benenne höchstens {MAX_DECLARED_FIELDS} Felder",
            )
        )
    if len(set(fields)) != len(fields):
        raise CommandRejected(
            say("each field may be declared once", "jedes Feld darf nur einmal benannt werden")
        )
    grid = battle.grid
    bad = [c for c in fields if not grid.in_bounds(c) or grid.is_wall(c)]
    if bad:
        raise CommandRejected(
            say(
                f"fields {[list(c) for c in bad]} are outside the map or walls",
                f"Felder {[list(c) for c in bad]} liegen außerhalb der Karte oder sind Wände",
            )
        )
    errors = distribution_errors(
        {cell: 1 for cell in fields},
        sw=1,
        total=len(fields),
        shooter=shooter.cell,
        visible=_sight_test(battle, shooter.cell),
        in_range=_range_test(weapon, shooter.cell),
    )
    if errors:
        raise CommandRejected(_d6_refusal(errors))
    battle.can_spend(shooter, mode.action)
    return _AreaFirePlan(shooter, weapon, mode, fields, ammo)


def _sight_test(battle: Battle, origin: Cell) -> Any:
    return lambda cell: line_of_sight(battle.grid, origin, cell)


def _range_test(weapon: WeaponType, origin: Cell) -> Any:
    return lambda cell: weapon.fires_at(range_band(distance(origin, cell)))


def _roll_area_fire(battle: Battle, plan: _AreaFirePlan) -> tuple[list[Event], _Rolled | None]:
    """Spend the action and the rounds, roll the check and, on a success, the total.

    Return the events and the rolled total; None when the check missed (E-AREAFIRE-3/4).
    """
    shooter, weapon, mode = plan.shooter, plan.weapon, plan.mode
    bem = weapon.bem
    assert bem is not None
    events = battle.spend(shooter, mode.action)
    if mode.shooter_defenseless:  # whatever the roll (E-ACT-VH-DECKUNGSFEUER-5)
        events += battle.add_condition(
            shooter,
            Condition.DEFENSELESS,
            effect=Effect(
                Condition.DEFENSELESS.name,
                DurationKind.UNTIL_START_OF_OWN_NEXT_TURN,
                source=shooter.key,
                started_round=battle.state.round,
            ),
        )
    disturbed = disturbance(battle, shooter)
    far = farthest_field(shooter.cell, plan.fields)
    band = range_band(far)
    assert band is not None
    events += _reveal(shooter)
    if weapon.has_magazine:
        shooter.magazines[weapon.key] = shooter.magazines.get(weapon.key, 0) - plan.ammo
        events.append(
            Event(
                "ammo",
                f"{weapon.name}: {plan.ammo} Schuss verbraucht",
                f"{weapon.english}: {plan.ammo} rounds used",
                shooter.key,
                {"rule": "E-AREAFIRE-2", "used": plan.ammo},
            )
        )
    roll, event = battle.check(
        shooter,
        Attribute.RANGED,
        STANDARD_TARGET,
        context=RollContext(attribute=Attribute.RANGED, is_attack=True),
        edge=band.edge + disturbed + mode.check_edge,
        extra=_edge_reasons(band.edge, band.german, disturbed),
        what_de=f"{mode.value} mit {weapon.name}",
        what_en=f"{_mode_en(mode)} with {weapon.english}",
    )
    event.data.update({"weapon": weapon.key, "mode": mode.name, "rule": "E-AREAFIRE-3"})
    events.append(event)
    if roll.crit is Crit.FAILURE:
        return events + critical_failure(battle, shooter, weapon, ranged=True), None
    if not roll.success:
        events.append(
            Event(
                "miss",
                f"{shooter.name}s {mode.value} geht ins Leere",
                f"{shooter.name}'s {_mode_en(mode)} hits nothing",
                shooter.key,
            )
        )
        return events, None
    critical = roll.crit is Crit.SUCCESS
    die, total = area_fire_total(weapon.damage_value, bem.multiplier, battle.roller, crit=critical)
    return events, _Rolled(die, total, critical)


def _mode_en(mode: AreaFireAction) -> str:
    return mode.name.lower().replace("_", " ")


def _total_text(weapon: WeaponType, rolled: _Rolled) -> tuple[str, str]:
    """Return the German and English formula of the total (SW + w6) x m (x2)."""
    bem = weapon.bem
    assert bem is not None
    de = (
        f"Gesamtschaden (SW {weapon.damage_value} + w6 [{rolled.die}]) x {bem.multiplier}"
        + (" x2 (kritisch)" if rolled.critical else "")
        + f" = {rolled.total}"
    )
    en = (
        f"Total damage (SW {weapon.damage_value} + d6 [{rolled.die}]) x {bem.multiplier}"
        + (" x2 (critical)" if rolled.critical else "")
        + f" = {rolled.total}"
    )
    return de, en


def _lay_area_fire(
    battle: Battle,
    shooter: CreatureState,
    weapon: WeaponType,
    mode: AreaFireAction,
    allocation: dict[Cell, int],
    *,
    total: int,
    critical: bool,
    texts: tuple[str, str],
    extra: dict[str, Any],
) -> list[Event]:
    """Put the placed damage on the map: saves and damage now, the zone if it persists (D-6).

    ``texts`` open the event's German and English line (the total); ``extra`` goes into
    its data. One-shot AreaFire and PlaceAreaFire both end here.
    """
    placed = sum(allocation.values())
    fields = [[x, y, v] for (x, y), v in allocation.items()]
    events = [
        Event(
            "area_fire",
            f"{texts[0]}, verteilt auf {len(allocation)} Felder"
            + (f", {total - placed} verfallen" if placed < total else ""),
            f"{texts[1]}, placed on {len(allocation)} fields"
            + (f", {total - placed} lost" if placed < total else ""),
            shooter.key,
            {"rule": "D-6", **extra, "total": total, "lost": total - placed, "fields": fields},
        )
    ]
    zone = Pending(
        COVERING_FIRE if mode is AreaFireAction.COVERING_FIRE else AREA_FIRE,
        shooter.key,
        {
            "weapon": weapon.key,
            "side": shooter.side,
            "critical": critical,
            "fields": fields,
            "affected": [],
            "hits": {},
        },
    )
    for creature in list(battle.state.creatures.values()):
        if creature.key == shooter.key or Condition.DEAD in creature.conditions:
            continue
        events += _zone_effect(
            battle, zone, shooter, weapon, creature, creature_cells(battle, creature)
        )
    if mode.persists:
        battle.state.pending.append(zone)
    return events


def handle_area_fire(battle: Battle, command: AreaFire) -> list[Event]:
    plan = _validate_area_fire(battle, command)
    # valid: now change the state
    events, rolled = _roll_area_fire(battle, plan)
    if rolled is None:
        return events
    weapon = plan.weapon
    allocation = suggest_distribution(rolled.total, weapon.damage_value, plan.fields)
    errors = distribution_errors(
        allocation,
        sw=weapon.damage_value,
        total=sum(allocation.values()),
        shooter=plan.shooter.cell,
    )
    if errors:  # the fields were checked before: this would be a bug in the placement
        raise AssertionError("; ".join(errors))
    return events + _lay_area_fire(
        battle,
        plan.shooter,
        weapon,
        plan.mode,
        allocation,
        total=rolled.total,
        critical=rolled.critical,
        texts=_total_text(weapon, rolled),
        extra={"die": rolled.die},
    )


# ----------------------------------------------- area fire in two steps (the screen)
def placement_of(battle: Battle, actor: str | None = None) -> Pending | None:
    """Return the rolled area fire waiting for its placement (of ``actor``; any: None)."""
    for pending in battle.state.pending:
        if pending.kind == AREA_FIRE_PLACEMENT and actor in (None, pending.actor):
            return pending
    return None


def placement_block(battle: Battle) -> str:
    """Return why no other command may come now ("" when no area fire waits, D-6)."""
    pending = placement_of(battle)
    if pending is None:
        return ""
    name = (
        battle.state.creatures[pending.actor].name
        if pending.actor in battle.state.creatures
        else pending.actor
    )
    return say(
        f"{name} must first place the rolled area fire of {pending.data['total']} "
        "(PlaceAreaFire) or end the turn, which places it as suggested (D-6)",
        f"{name} muss erst das gewürfelte Bereichsfeuer von {pending.data['total']} "
        "verteilen (PlaceAreaFire) oder den Zug beenden, was es wie vorgeschlagen "
        "verteilt (D-6)",
    )


def handle_area_fire_roll(battle: Battle, command: AreaFireRoll) -> list[Event]:
    plan = _validate_area_fire(battle, command)
    # valid: now change the state
    events, rolled = _roll_area_fire(battle, plan)
    if rolled is None:
        return events
    weapon, shooter = plan.weapon, plan.shooter
    sw = weapon.damage_value
    placeable = min(rolled.total, sw * len(plan.fields))  # the rest is lost (E-OPEN-24 (iv))
    de, en = _total_text(weapon, rolled)
    events.append(
        Event(
            "area_fire",
            f"{de}: auf die {len(plan.fields)} gewählten Felder verteilen, höchstens "
            f"{sw} je Feld"
            + (f" ({rolled.total - placeable} verfallen)" if placeable < rolled.total else ""),
            f"{en}: place it on the {len(plan.fields)} chosen fields, at most {sw} each"
            + (f" ({rolled.total - placeable} lost)" if placeable < rolled.total else ""),
            shooter.key,
            {
                "rule": "D-6",
                "step": "rolled",
                "die": rolled.die,
                "total": rolled.total,
                "placeable": placeable,
                "sw": sw,
                "declared": _field_list(plan.fields),
            },
        )
    )
    battle.state.pending.append(
        Pending(
            AREA_FIRE_PLACEMENT,
            shooter.key,
            {
                "weapon": weapon.key,
                "mode": plan.mode.name,
                "die": rolled.die,
                "total": rolled.total,
                "critical": rolled.critical,
                "sw": sw,
                "placeable": placeable,
                "from": list(shooter.cell),
                "fields": _field_list(plan.fields),
            },
        )
    )
    return events


def placement_errors(battle: Battle, pending: Pending, allocation: Mapping[Cell, int]) -> list[str]:
    """Return what is wrong with placing ``allocation`` for the waiting area fire (D-6).

    The count rules of ``areas.distribution_errors`` with the total that fits the
    declared fields (E-OPEN-24 (iv)), and every field among the declared ones, in sight
    and range of the field the shooter fired from, never that field (E-AREAFIRE-5..8).
    """
    declared = {(int(x), int(y)) for x, y in pending.data["fields"]}
    origin = (int(pending.data["from"][0]), int(pending.data["from"][1]))
    weapon = battle.weapon(str(pending.data["weapon"]))
    errors = distribution_errors(
        allocation,
        sw=int(pending.data["sw"]),
        total=int(pending.data["placeable"]),
        shooter=origin,
        visible=_sight_test(battle, origin),
        in_range=_range_test(weapon, origin),
    )
    outside = sorted(cell for cell in allocation if _is_field(cell) and cell not in declared)
    if outside:
        shown = ", ".join(f"({x}, {y})" for x, y in outside[:6])
        more = f" and {len(outside) - 6} more" if len(outside) > 6 else ""
        more_de = f" und {len(outside) - 6} weitere" if len(outside) > 6 else ""
        errors.append(
            say(
                f"Field(s) {shown}{more} are outside the area declared for this fire.",
                f"Feld(er) {shown}{more_de} liegen außerhalb der für dieses Feuer "
                "benannten Fläche.",
            )
        )
    return errors


def _d6_refusal(errors: list[str]) -> Text:
    """Return the placement errors as one refusal, in English and German (D-6)."""
    return say(" ".join(errors) + " (D-6)", " ".join(german(e) for e in errors) + " (D-6)")


def _is_field(cell: object) -> bool:
    return isinstance(cell, tuple) and len(cell) == 2


def _lay_placement(
    battle: Battle, pending: Pending, allocation: dict[Cell, int], *, auto: bool
) -> list[Event]:
    """Remove the waiting placement and lay ``allocation`` as the area fire (D-6)."""
    battle.state.pending = [p for p in battle.state.pending if p is not pending]
    shooter = battle.state.creatures[pending.actor]
    weapon = battle.weapon(str(pending.data["weapon"]))
    total = int(pending.data["total"])
    de, en = ("Vorschlag", "suggested") if auto else ("gesetzt", "placed")
    return _lay_area_fire(
        battle,
        shooter,
        weapon,
        AreaFireAction[str(pending.data["mode"])],
        allocation,
        total=total,
        critical=bool(pending.data["critical"]),
        texts=(f"Bereichsfeuer ({de}): Gesamtschaden {total}", f"Area fire ({en}): total {total}"),
        extra={"step": "placed", "auto": auto},
    )


def handle_place_area_fire(battle: Battle, command: PlaceAreaFire) -> list[Event]:
    shooter = battle.creature(command.actor)
    pending = placement_of(battle, shooter.key)
    if pending is None:
        raise CommandRejected(
            say(
                f"{shooter.name} has no rolled area fire to place: roll one first (AreaFireRoll)",
                f"{shooter.name} hat kein gewürfeltes Bereichsfeuer zu verteilen: "
                "erst würfeln (AreaFireRoll)",
            )
        )
    allocation: dict[Cell, int] = {}
    for triple in command.values:
        if len(triple) != 3 or not all(type(v) is int for v in triple):
            raise CommandRejected(
                say(
                    f"{list(triple)} is not a field and a value [x, y, value]",
                    f"{list(triple)} ist kein Feld mit Wert [x, y, Wert]",
                )
            )
        x, y, value = triple
        if (x, y) in allocation:
            raise CommandRejected(
                say(f"field ({x}, {y}) is placed twice", f"Feld ({x}, {y}) ist doppelt belegt")
            )
        allocation[(x, y)] = value
    errors = placement_errors(battle, pending, allocation)
    if errors:
        raise CommandRejected(_d6_refusal(errors))
    # valid: now change the state
    return _lay_placement(battle, pending, allocation, auto=False)


def suggested_placement(battle: Battle, pending: Pending) -> dict[Cell, int]:
    """Return the placement EndTurn lays: the declared fields filled in order (D-6).

    ``areas.suggest_distribution`` over the declared fields still in sight and range,
    so it is what the one-shot AreaFire would have placed.
    """
    origin = (int(pending.data["from"][0]), int(pending.data["from"][1]))
    weapon = battle.weapon(str(pending.data["weapon"]))
    sight, reach = _sight_test(battle, origin), _range_test(weapon, origin)
    usable = [
        (int(x), int(y))
        for x, y in pending.data["fields"]
        if (int(x), int(y)) != origin and sight((int(x), int(y))) and reach((int(x), int(y)))
    ]
    if not usable:
        return {}
    return suggest_distribution(int(pending.data["total"]), int(pending.data["sw"]), usable)


def placement_command_guard(battle: Battle, command: Command) -> str:
    """Refuse every command but the placement while an area fire waits (a command guard).

    Exempt: PlaceAreaFire and EndTurn (which places the fire as suggested), the game
    master's commands and Impuls rerolls (a reroll of the check or the total recomputes it).
    """
    if isinstance(command, (PlaceAreaFire, EndTurn)):
        return ""
    if command.kind.startswith("gm_") or is_reroll(command):
        return ""
    return placement_block(battle)


def placement_action_guard(battle: Battle, creature: CreatureState) -> str:
    """No action while an area fire waits for its placement (an action guard)."""
    return placement_block(battle)


def place_before_end_turn(battle: Battle, creature: CreatureState) -> list[Event]:
    """Ending the turn places a waiting area fire as suggested (D-6, an end-turn hook)."""
    pending = placement_of(battle, creature.key)
    if pending is None:
        return []
    return _lay_placement(battle, pending, suggested_placement(battle, pending), auto=True)


def _zone_effect(
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
    allocation = _allocation_of(zone)
    critical = bool(zone.data["critical"])
    if zone.kind == COVERING_FIRE and creature.side != zone.data["side"]:
        hits: dict[str, list[list[int]]] = zone.data["hits"]
        already = {(int(x), int(y)) for x, y in hits.get(creature.key, [])}
        triggered = covering_fire_triggers(cells, allocation, already)
        if not triggered:
            return []
        zone.data = {
            **zone.data,
            "hits": {
                **hits,
                creature.key: sorted(_field_list(already | {c for c, _ in triggered})),
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
    """Roll the Reflexe save and apply the area-fire damage to one creature (D-6)."""
    kind = battle.creature_type(creature)
    mods = roll_modifiers(creature.conditions, RollContext(attribute=Attribute.REFLEXES))
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    affinity = affinity_of(battle, creature, weapon)
    result = area_fire_damage_to_creature(
        values,
        kind.attribute(Attribute.REFLEXES),
        battle.roller,
        armour=armour,
        affinity=affinity,
        edge=mods.edge,
        modifier=mods.modifier,
        critical=critical,
    )
    battle.state.impulse_pool += impulse_gain(
        result.save, rolled_by_player_character=creature.is_character
    )
    de, en = describe_roll(result.save, mods.edge)
    data = roll_data(result.save, edge=mods.edge, modifier=mods.modifier, reasons=mods.reasons)
    data.update({"attribute": Attribute.REFLEXES.name, "rule": "E-AREAFIRE-9"})
    events = [
        Event(
            "roll",
            f"{creature.name}: Rettungswurf Reflexe gegen Bereichsfeuer {de}",
            f"{creature.name}: Reflexes save against area fire {en}",
            creature.key,
            data,
        ),
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
        if critical and damage > 0:
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
        events += _zone_effect(battle, zone, shooter, weapon, creature, cells)
    return events


# ------------------------------------------------------------------ long shot
def handle_long_shot(battle: Battle, command: LongShot) -> list[Event]:
    shooter = battle.creature(command.actor)
    target = battle.creature(command.target)
    weapon = held_weapon(battle, shooter, command.weapon)
    if weapon is None or not weapon.ranged:
        raise CommandRejected(
            say(
                "a Distanzschuss needs a ranged weapon (E-ACT-VH-DISTANZ-1)",
                "ein Distanzschuss braucht eine Fernkampfwaffe (E-ACT-VH-DISTANZ-1)",
            )
        )
    if not weapon.has(WeaponAttribute.SCOPE):
        raise CommandRejected(
            say(
                f"{weapon.name} has no scope (Bildvergrößerer) (E-ACT-VH-DISTANZ-1)",
                f"{weapon.name} hat keinen Bildvergrößerer (E-ACT-VH-DISTANZ-1)",
            )
        )
    plan_attack(battle, shooter, target, weapon, melee=False)  # in sight, range, loaded
    battle.can_spend(shooter, Action.LONG_SHOT)
    # valid: now change the state
    events = battle.spend(shooter, Action.LONG_SHOT)
    events += battle.add_condition(shooter, Condition.FOCUSED)  # ended by the turn-start hook
    battle.state.pending.append(
        Pending(LONG_SHOT, shooter.key, {"target": target.key, "weapon": weapon.key})
    )
    events.append(
        Event(
            "long_shot",
            f"{shooter.name} legt mit {weapon.name} auf {target.name} an (Distanzschuss)",
            f"{shooter.name} aims {weapon.english} at {target.name} (long shot)",
            shooter.key,
            {"rule": "E-ACT-VH-DISTANZ-2", "target": target.key, "weapon": weapon.key},
        )
    )
    return events


def _fire_long_shot(battle: Battle, shooter: CreatureState, pending: Pending) -> list[Event]:
    """Fire a declared Distanzschuss at the start of the shooter's turn (E-OPEN-10)."""
    events: list[Event] = []
    if Condition.FOCUSED in shooter.conditions:
        # Fokussiert ends by time here, which is no interruption (E-ACT-VH-DISTANZ-4).
        shooter.conditions = shooter.conditions.remove(Condition.FOCUSED)
        events.append(
            Event(
                "condition_lost",
                f"{shooter.name} verliert {Condition.FOCUSED.value}",
                f"{shooter.name} loses {Condition.FOCUSED.name.lower()}",
                shooter.key,
                {"condition": Condition.FOCUSED.name},
            )
        )
    target = battle.state.creatures.get(str(pending.data["target"]))
    weapon_key = str(pending.data["weapon"])
    reason: str = ""
    if not battle._can_take_turn(shooter):
        reason = say(f"{shooter.name} cannot act", f"{shooter.name} kann nicht handeln")
    elif weapon_key not in shooter.held:
        reason = say(
            f"{shooter.name} no longer holds {weapon_key!r}",
            f"{shooter.name} hält {weapon_key!r} nicht mehr",
        )
    elif target is None:
        reason = say("the target is gone", "das Ziel ist fort")
    plan = None
    if not reason:
        assert target is not None
        try:
            plan = plan_attack(battle, shooter, target, battle.weapon(weapon_key), melee=False)
        except CommandRejected as error:
            reason = error.reason
    if plan is None:
        events.append(
            Event(
                "long_shot_cancelled",
                f"{shooter.name}s Distanzschuss entfällt: {german(reason)}",
                f"{shooter.name}'s long shot is called off: {reason}",
                shooter.key,
                {"rule": "E-OPEN-10", "reason": reason},
            )
        )
        return events
    edge = long_shot_edge(plan.band)
    weapon = battle.weapon(weapon_key)
    _, attack_events = resolve_attack(
        battle,
        plan,
        edge=edge,
        what_de=f"Distanzschuss mit {weapon.name} auf {plan.target.name}"
        + (" (Vorteil: Weit/Extrem)" if edge else ""),
        what_en=f"long shot with {weapon.english} at {plan.target.name}",
    )
    return events + attack_events


def ranged_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """End the creature's area-fire zones and fire its Distanzschuss (E-ACT-4, E-OPEN-10)."""
    events: list[Event] = []
    for pending in list(battle.state.pending):
        if pending.actor != creature.key:
            continue
        if pending.kind not in ZONES and pending.kind != LONG_SHOT:
            continue
        battle.state.pending = [p for p in battle.state.pending if p is not pending]
        if pending.kind == LONG_SHOT:
            events += _fire_long_shot(battle, creature, pending)
            continue
        covering = pending.kind == COVERING_FIRE
        de, en = ("Deckungsfeuer", "covering") if covering else ("Dauerfeuer", "automatic")
        events.append(
            Event(
                "zone_ends",
                f"{creature.name}s {de} endet",
                f"{creature.name}'s {en} fire ends",
                creature.key,
                {"rule": "E-ACT-VH-DECKUNGSFEUER-3"},
            )
        )
    return events


# ------------------------------------------------------------------ reload
def handle_reload(battle: Battle, command: Reload) -> list[Event]:
    creature = battle.creature(command.actor)
    weapon = held_weapon(battle, creature, command.weapon)
    if weapon is None or weapon.magazine is None:
        raise CommandRejected(
            say(
                f"{command.weapon!r} has no magazine to reload",
                f"{command.weapon!r} hat kein Magazin zum Nachladen",
            )
        )
    if creature.magazines.get(weapon.key, 0) >= weapon.magazine:
        raise CommandRejected(
            say(f"{weapon.name} is fully loaded", f"{weapon.name} ist voll geladen")
        )
    battle.can_spend(creature, Action.INTERACT)
    # valid: now change the state
    events = battle.spend(creature, Action.INTERACT)
    before = creature.magazines.get(weapon.key, 0)
    creature.magazines[weapon.key] = weapon.magazine
    events.append(
        Event(
            "reload",
            f"{creature.name} lädt {weapon.name} nach ({before} -> {weapon.magazine})",
            f"{creature.name} reloads {weapon.english} ({before} -> {weapon.magazine})",
            creature.key,
            {"rule": "E-ACT-HH-INTERAGIEREN", "weapon": weapon.key, "before": before},
        )
    )
    return events


# ------------------------------------------------------------ legal actions
def can_throw(battle: Battle, creature: CreatureState) -> str:
    if any(w.thrown for w in _held_weapons(battle, creature)):
        return ""
    return say("no throwable weapon in hand", "keine Wurfwaffe in der Hand")


def area_fire_check(mode: AreaFireAction) -> Any:
    def check(battle: Battle, creature: CreatureState) -> str:
        for weapon in _held_weapons(battle, creature):
            bem = weapon.bem
            if bem is None or not can_lay_area_fire(weapon.attributes, mode):
                continue
            ammo = ammo_use(bem.ammo, covering_fire=mode is AreaFireAction.COVERING_FIRE)
            if not weapon.has_magazine or creature.magazines.get(weapon.key, 0) >= ammo:
                return ""
            return say(
                f"{weapon.name} needs {ammo} rounds: reload",
                f"{weapon.name} braucht {ammo} Schuss: nachladen",
            )
        needs = " or ".join(sorted(a.value for a in mode.weapon_attributes))
        needs_de = " oder ".join(sorted(a.value for a in mode.weapon_attributes))
        return say(f"no weapon with {needs} in hand", f"keine Waffe mit {needs_de} in der Hand")

    return check


def can_long_shot(battle: Battle, creature: CreatureState) -> str:
    scoped = [w for w in _held_weapons(battle, creature) if w.has(WeaponAttribute.SCOPE)]
    if not scoped:
        return say(
            "no weapon with a scope (Bildvergrößerer) in hand",
            "keine Waffe mit Bildvergrößerer in der Hand",
        )
    for weapon in scoped:
        for enemy in battle.enemies_of(creature):
            try:
                plan_attack(battle, creature, enemy, weapon, melee=False)
            except CommandRejected:
                continue
            return ""
    return say(
        "no enemy in sight and range of a loaded scoped weapon",
        "kein Gegner in Sichtlinie und Reichweite einer geladenen Waffe mit Bildvergrößerer",
    )


__all__ = [
    "AREA_FIRE",
    "AREA_FIRE_PLACEMENT",
    "COVERING_FIRE",
    "LONG_SHOT",
    "AreaFire",
    "AreaFireRoll",
    "LongShot",
    "PlaceAreaFire",
    "Reload",
    "ThrowAtField",
    "area_of_impact",
    "creature_cells",
    "placement_block",
    "placement_errors",
    "placement_of",
    "suggested_placement",
]
