"""Bereichsfeuer in one step: declare, roll, place and lay the fire (D-6, E-AREAFIRE-*).

Decisions where the rules leave room (also listed in the tests):

- The command declares the fields in order (E-OPEN-24); the engine rolls Fernkampf vs
  ZW 15 (band of the farthest declared field, Störung, Dauerfeuer/Deckungsfeuer
  Nachteil), then the total, then fills the declared fields in order with up to SW
  each (``areas.suggest_distribution``); what does not fit is lost. An area fire aims
  at fields: an Unentdeckt shooter is revealed before the roll.
- Ammunition: the BEM's a (twice for Deckungsfeuer) leaves the magazine whatever the
  roll; a magazine holding less refuses the action. A critical success doubles the
  total and gives the SAF to whoever fails the save (E-OPEN-30 (i)).
- While a rolled area fire waits for its placement (``area_fire_placement``), no other
  area fire may be declared (``placement_block``).
- A declared field may be an object's (a door, a wall field or a pane the map names a
  material for): the object takes the field's value - PAK (``object_blasts``, D-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.area_fire_zones import (
    AREA_FIRE,
    COVERING_FIRE,
    area_fire_victims,
    zone_effect,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import critical_failure, held_weapon, ranged_disturbance
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.object_blasts import area_fire_field_allowed, area_fire_on_objects
from game.rulesets.entaria.ranged_common import (
    d6_refusal,
    edge_reasons,
    held_weapons,
    mode_en,
    named_edge,
    range_test,
    reveal_shooter,
    sight_test,
)
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    ammo_use,
    area_fire_total,
    can_lay_area_fire,
    distribution_errors,
    farthest_field,
    suggest_distribution,
)
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Crit
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.optics import optic_modifiers
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.terms import (
    WEAPON_ATTRIBUTE_ENGLISH,
    Attribute,
    Condition,
    say,
)
from game.rulesets.entaria.state import CreatureState, Effect, Pending
from game.rulesets.entaria.underwater import underwater_rejection

#: A rolled area fire's total waiting for PlaceAreaFire (state.Pending).
AREA_FIRE_PLACEMENT = "area_fire_placement"  # a rolled total waiting for PlaceAreaFire


#: Most fields one area fire may declare; more can never be filled.
MAX_DECLARED_FIELDS = 400


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
class AreaFirePlan:
    shooter: CreatureState
    weapon: WeaponType
    mode: AreaFireAction
    fields: tuple[Cell, ...]
    ammo: int


@dataclass(frozen=True)
class RolledTotal:
    """The rolled total of a successful area fire (E-AREAFIRE-4)."""

    die: int
    total: int
    critical: bool


def validate_area_fire(battle: Battle, command: AreaFire | AreaFireRoll) -> AreaFirePlan:
    """Return the area fire as its handler lays it, or raise CommandRejected (D-6)."""
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
    weapon, ammo = _area_weapon(battle, shooter, command.weapon, mode)
    fields = _declared_fields(battle, shooter, weapon, command.fields)
    battle.can_spend(shooter, mode.action)
    return AreaFirePlan(shooter, weapon, mode, fields, ammo)


def _area_weapon(
    battle: Battle, shooter: CreatureState, key: str, mode: AreaFireAction
) -> tuple[WeaponType, int]:
    """Return the held weapon that lays this area fire and the rounds it uses (E-AREAFIRE-1/2)."""
    weapon = held_weapon(battle, shooter, key)
    bem = weapon.bem if weapon is not None else None
    if weapon is None or bem is None or not can_lay_area_fire(weapon.attributes, mode):
        needs = " or ".join(sorted(WEAPON_ATTRIBUTE_ENGLISH[a] for a in mode.weapon_attributes))
        needs_de = " oder ".join(sorted(a.value for a in mode.weapon_attributes))
        raise CommandRejected(
            say(
                f"{mode_en(mode)} needs a weapon with {needs} (E-AREAFIRE-1)",
                f"{mode.value} braucht eine Waffe mit {needs_de} (E-AREAFIRE-1)",
            )
        )
    if reason := underwater_rejection(battle, weapon, area_fire=True):
        raise CommandRejected(reason)
    if weapon.damage_value < 1:
        raise CommandRejected(
            say(
                f"{weapon.english} has damage 0 and places no area fire",
                f"{weapon.name} hat SW 0 und legt kein Bereichsfeuer",
            )
        )
    ammo = ammo_use(bem.ammo, covering_fire=mode is AreaFireAction.COVERING_FIRE)
    if weapon.has_magazine and shooter.magazines.get(weapon.key, 0) < ammo:
        raise CommandRejected(
            say(
                f"{mode_en(mode)} uses {ammo} rounds, {weapon.english} holds "
                f"{shooter.magazines.get(weapon.key, 0)}: reload (E-AREAFIRE-2)",
                f"{mode.value} verbraucht {ammo} Schuss, {weapon.name} hat "
                f"{shooter.magazines.get(weapon.key, 0)}: "
                "nachladen (E-AREAFIRE-2)",
            )
        )
    return weapon, ammo


def _declared_fields(
    battle: Battle, shooter: CreatureState, weapon: WeaponType, declared: Iterable[Cell]
) -> tuple[Cell, ...]:
    """Return the declared fields, each once, on the map, seen and in range (E-AREAFIRE-5..8)."""
    fields = tuple((int(x), int(y)) for x, y in declared)
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
    bad = [c for c in fields if not area_fire_field_allowed(battle, c)]  # objects may be hit
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
        visible=sight_test(battle, shooter.cell),
        in_range=range_test(weapon, shooter.cell),
        grid=battle.grid,
    )
    if errors:
        raise CommandRejected(d6_refusal(errors))
    return fields


def area_fire_check_terms(
    battle: Battle,
    shooter: CreatureState,
    weapon: WeaponType,
    mode: AreaFireAction,
    fields: Iterable[Cell],
) -> tuple[int, RollModifiers]:
    """Return the edge and the named parts of an area fire's check (E-AREAFIRE-3).

    The band of the farthest field, the mode's edge, Störung (its Abgelenkt counted once,
    E-OPEN-1) and the optics, for the BEM shot only (E-ACT-VH-DAUERFEUER-2,
    DECKUNGSFEUER-1). The roll and the screen's chance ask this.
    """
    disturbed = ranged_disturbance(battle, shooter)
    band = range_band(farthest_field(shooter.cell, fields))
    assert band is not None
    extra = (
        edge_reasons(band.edge, band.german, disturbed)
        + named_edge(mode.check_edge, mode.value, mode_en(mode))
        + optic_modifiers(weapon.optics, auto_fire=mode.auto_fire)
    )
    return band.edge + mode.check_edge, extra


def roll_area_fire(battle: Battle, plan: AreaFirePlan) -> tuple[list[Event], RolledTotal | None]:
    """Spend the action and the rounds, roll the check and, on a success, the total.

    Return the events and the rolled total; None when the check missed (E-AREAFIRE-3/4).
    """
    shooter, weapon, mode = plan.shooter, plan.weapon, plan.mode
    bem = weapon.bem
    assert bem is not None
    events = _open_fire(battle, plan)
    edge, extra = area_fire_check_terms(battle, shooter, weapon, mode, plan.fields)
    events += reveal_shooter(shooter)
    events += _use_rounds(plan)
    roll, event = battle.check(
        shooter,
        Attribute.RANGED,
        STANDARD_TARGET,
        context=RollContext(attribute=Attribute.RANGED, is_attack=True),
        edge=edge,
        extra=extra,
        what_de=f"{mode.value} mit {weapon.name}",
        what_en=f"{mode_en(mode)} with {weapon.english}",
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
                f"{shooter.name}'s {mode_en(mode)} hits nothing",
                shooter.key,
            )
        )
        return events, None
    critical = roll.crit is Crit.SUCCESS
    die, total = area_fire_total(weapon.damage_value, bem.multiplier, battle.roller, crit=critical)
    return events, RolledTotal(die, total, critical)


def _open_fire(battle: Battle, plan: AreaFirePlan) -> list[Event]:
    """Spend the action; Deckungsfeuer leaves the shooter Wehrlos (E-ACT-VH-DECKUNGSFEUER-5)."""
    shooter, mode = plan.shooter, plan.mode
    events = battle.spend(shooter, mode.action)
    if mode.shooter_defenseless:  # whatever the roll
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
    return events


def _use_rounds(plan: AreaFirePlan) -> list[Event]:
    """Take the BEM's rounds from the magazine, whatever the roll (E-AREAFIRE-2)."""
    shooter, weapon = plan.shooter, plan.weapon
    if not weapon.has_magazine:
        return []
    shooter.magazines[weapon.key] = shooter.magazines.get(weapon.key, 0) - plan.ammo
    return [
        Event(
            "ammo",
            f"{weapon.name}: {plan.ammo} Schuss verbraucht",
            f"{weapon.english}: {plan.ammo} rounds used",
            shooter.key,
            {"rule": "E-AREAFIRE-2", "used": plan.ammo},
        )
    ]


def total_text(weapon: WeaponType, rolled: RolledTotal) -> tuple[str, str]:
    """Return the German and English formula of the total (SW + w6) x m (x2)."""
    bem = weapon.bem
    assert bem is not None
    de = (
        f"Gesamtschaden (SW {weapon.damage_value} + w6 ({rolled.die})) x {bem.multiplier}"
        + (" x2 (kritisch)" if rolled.critical else "")
        + f" = {rolled.total}"
    )
    en = (
        f"Total damage (damage {weapon.damage_value} + d6 ({rolled.die})) x {bem.multiplier}"
        + (" x2 (critical)" if rolled.critical else "")
        + f" = {rolled.total}"
    )
    return de, en


def lay_area_fire(
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
    covering = mode is AreaFireAction.COVERING_FIRE
    for victim in area_fire_victims(battle, shooter, allocation, covering=covering):
        events += zone_effect(battle, zone, shooter, weapon, victim.creature, victim.cells)
    if mode.persists:
        battle.state.pending.append(zone)
    # "jedem Objekt und Wesen in dieser Fläche": the objects after the creatures
    return events + area_fire_on_objects(battle, shooter, allocation)


def handle_area_fire(battle: Battle, command: AreaFire) -> list[Event]:
    plan = validate_area_fire(battle, command)
    # valid: now change the state
    events, rolled = roll_area_fire(battle, plan)
    if rolled is None:
        return events
    weapon = plan.weapon
    allocation = suggest_distribution(
        rolled.total, weapon.damage_value, plan.fields, grid=battle.grid
    )
    errors = distribution_errors(
        allocation,
        sw=weapon.damage_value,
        total=sum(allocation.values()),
        shooter=plan.shooter.cell,
        grid=battle.grid,
    )
    if errors:  # the fields were checked before: this would be a bug in the placement
        raise AssertionError("; ".join(errors))
    return events + lay_area_fire(
        battle,
        plan.shooter,
        weapon,
        plan.mode,
        allocation,
        total=rolled.total,
        critical=rolled.critical,
        texts=total_text(weapon, rolled),
        extra={"die": rolled.die},
    )


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
        "on the fields or end the turn, which places it as suggested (D-6)",
        f"{name} muss erst das gewürfelte Bereichsfeuer von {pending.data['total']} "
        "verteilen oder den Zug beenden, was es wie vorgeschlagen "
        "verteilt (D-6)",
    )


def area_fire_check(mode: AreaFireAction) -> Any:
    def check(battle: Battle, creature: CreatureState) -> str:
        for weapon in held_weapons(battle, creature):
            bem = weapon.bem
            if bem is None or not can_lay_area_fire(weapon.attributes, mode):
                continue
            ammo = ammo_use(bem.ammo, covering_fire=mode is AreaFireAction.COVERING_FIRE)
            if not weapon.has_magazine or creature.magazines.get(weapon.key, 0) >= ammo:
                return ""
            return say(
                f"{weapon.english} needs {ammo} rounds: reload",
                f"{weapon.name} braucht {ammo} Schuss: nachladen",
            )
        needs = " or ".join(sorted(WEAPON_ATTRIBUTE_ENGLISH[a] for a in mode.weapon_attributes))
        needs_de = " oder ".join(sorted(a.value for a in mode.weapon_attributes))
        return say(f"no weapon with {needs} in hand", f"keine Waffe mit {needs_de} in der Hand")

    return check
