"""Mounts in motion: riders carried along or thrown off, running mounts, the hooks.

Decisions (also in the tests):

- A mount moved by force (pushed, dragged, hurled: not on its rider's command, not in
  its own turn) asks everyone on it Reflexe vs ZW 15 or he is thrown off: he lands on
  the field the mount left, or the nearest free field to it, SW 3 Wucht, Liegend
  (E-MOUNT-8). A mount hit by a Sturmangriff or brought down by Zu Fall bringen shakes
  everyone on it the same way; who fails is thrown onto the nearest free field next to
  the mount, or, with no free field, stays on with the damage.
- A mount that ran (Laufen, until the start of the next turn of whoever made it run)
  is ``MOUNT_RUNNING`` (E-MOUNT-6). A ridden mount has no turn of its own while its
  rider can act: it acts on his commands (E-OPEN-47).
- The enter hook counts flown fields, notes running mounts and carries riders along;
  the turn-start hook ends the last flyer's turn, ends runs and keeps ridden mounts
  waiting for their riders' commands.
"""

from __future__ import annotations

from game.board.grid import DIRECTIONS_8, Cell, Cover, distance, footprint_cells
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.combat import armour_of
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.flying import FLIGHT_TURN, end_flight_turn, glide_loss, start_flight_turn
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.damage import HAZARDS, Hazard, combine_affinities, hazard_damage
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.reach import reach_unwalled
from game.rulesets.entaria.rules.situations import RIDING_TALENT, fly_value, rider_edge
from game.rulesets.entaria.rules.terms import Attribute, Condition
from game.rulesets.entaria.seats import (
    aboard,
    creature_has_talent,
    effect_named,
    end_riding,
    is_passenger,
    mount_of,
    rider_of,
    sync_riders,
)
from game.rulesets.entaria.state import CreatureState, Effect

MOUNT_RUNNING = "mount_running"  # on a mount that ran; source = whose next turn ends it


# Mounts moving on their rider's command right now (not forced movement, E-MOUNT-8).
COMMANDED: set[str] = set()


def is_running(mount: CreatureState) -> bool:
    return any(e.name == MOUNT_RUNNING for e in mount.effects)


def take_hazard(battle: Battle, creature: CreatureState, hazard: Hazard) -> list[Event]:
    """Deal a fall's damage like any damage (E-DMG-1) and give its condition."""
    kind = battle.creature_type(creature)
    affinity = combine_affinities(
        hazard.damage_type in kind.resistances,
        hazard.damage_type in kind.sensitivities,
        hazard.damage_type in kind.immunities,
    )
    armour = armour_of(battle, creature, cover=Cover.NONE, melee=False)
    damage = hazard_damage(hazard, battle.roller, armour=armour, affinity=affinity)
    events = [
        _event(
            "damage",
            f"Sturz: SW {hazard.sw} + w6 ({damage.die}) - Panzerung {armour} -> {damage.final}",
            f"Fall: damage {hazard.sw} + d6 ({damage.die}) - armour {armour} -> {damage.final}",
            creature.key,
            die=damage.die,
            final=damage.final,
            target=creature.key,
            damage_type=hazard.damage_type.name,
            rule=hazard.rule_id,
        )
    ]
    events += battle.lose_life_points(creature, damage.final)
    if hazard.condition is Condition.PRONE and Condition.DEAD not in creature.conditions:
        events += battle.knock_prone(creature)
    return events


def _stays_on(battle: Battle, rider: CreatureState) -> tuple[bool, Event]:
    """Roll Reflexe vs ZW 15 to stay on a mount that is strongly moved (E-MOUNT-8)."""
    edge = rider_edge(has_riding_talent=creature_has_talent(battle, rider, RIDING_TALENT))
    roll, event = battle.check(
        rider,
        Attribute.REFLEXES,
        STANDARD_TARGET,
        edge=edge,
        what_de="hält sich auf dem Reittier",
        what_en="stays on the mount",
    )
    event.data["rule"] = "E-MOUNT-8"
    return bool(roll.success), event


def _free_for(
    battle: Battle, creature: CreatureState, anchor: Cell, ignore: frozenset[str]
) -> bool:
    """Return whether ``creature`` can be put down with its anchor on ``anchor``.

    ``ignore``: creatures about to be moved away (others thrown off after it).
    """
    body = set(footprint_cells(anchor, battle.creature_type(creature).size_fields))
    if any(not battle.grid.in_bounds(c) or battle.grid.is_wall(c) for c in body):
        return False
    for other in battle.state.creatures.values():
        if other.key == creature.key or other.key in ignore:  # the dead too (E-OPEN-44)
            continue
        if not body.isdisjoint(
            footprint_cells(other.cell, battle.creature_type(other).size_fields)
        ):
            return False
    return True


def _landing(
    battle: Battle, creature: CreatureState, near: list[Cell], ignore: frozenset[str]
) -> Cell | None:
    """Return where a creature thrown off lands: the first free field of ``near``, else
    the free field next to them nearest to where it sits (ties: row, then column)."""
    for cell in near:
        if _free_for(battle, creature, cell, ignore):
            return cell
    grid = battle.grid
    around = {  # not across a wall on a field edge nor past its corner (D-13)
        (x + dx, y + dy)
        for x, y in near
        for dx, dy in DIRECTIONS_8
        if (x + dx, y + dy) not in near
        and grid.in_bounds((x, y))
        and grid.in_bounds((x + dx, y + dy))
        and reach_unwalled(grid, (x, y), (x + dx, y + dy))
    }
    for cell in sorted(around, key=lambda c: (distance(c, creature.cell), c[1], c[0])):
        if _free_for(battle, creature, cell, ignore):
            return cell
    return None


def _throw_off(
    battle: Battle, rider: CreatureState, near: list[Cell], ignore: frozenset[str] = frozenset()
) -> list[Event]:
    """Throw ``rider`` off his mount onto a free field of or next to ``near`` (E-MOUNT-8).

    SW 3 Wucht and Liegend either way; with no free field he clings on, still seated.
    """
    cell = _landing(battle, rider, near, ignore)
    events: list[Event] = []
    if cell is None:
        events.append(
            _event(
                "thrown_off",
                f"{rider.name} findet keinen Platz zum Abwerfen und bleibt oben",
                f"{rider.name} finds no room to be thrown to and stays on",
                rider.key,
                rule="E-MOUNT-8",
            )
        )
    else:
        events += end_riding(battle, rider, " (abgeworfen)", " (thrown off)")
        moved = cell != rider.cell
        rider.cell = cell
        rider.altitude = 0
        if moved:
            for hook in battle.table.enter:
                if hook is not situation_on_enter:
                    events += hook(battle, rider, [cell])
    return events + take_hazard(battle, rider, HAZARDS["thrown_off_mount"])


def _carry_aboard(
    battle: Battle, mount: CreatureState, riders: list[CreatureState], cells: list[Cell]
) -> list[Event]:
    """Move rider and passengers with their mount; a forced move may throw them off.

    E-MOUNT-8: each rolls Reflexe vs ZW 15 when the mount was moved by force (not on
    its rider's command, not in its own turn). Those who hold on move first; who fails
    lands on the field the mount left, or the nearest free field to it.
    """
    events: list[Event] = []
    thrown: list[CreatureState] = []
    forced = mount.key not in COMMANDED and mount.key != battle.state.current_key
    for rider in riders:
        if forced:
            held_on, event = _stays_on(battle, rider)
            events.append(event)
            if not held_on:
                thrown.append(rider)
                continue
        left = rider.cell
        rider.cell = mount.cell
        rider.altitude = mount.altitude
        if left != rider.cell:
            for hook in battle.table.enter:
                if hook is not situation_on_enter:
                    events += hook(battle, rider, cells)
    for index, rider in enumerate(thrown):
        later = frozenset(r.key for r in thrown[index + 1 :])  # they leave the field too
        events += _throw_off(battle, rider, [rider.cell], later)
    return events


def shake_riders(battle: Battle, mount: CreatureState, why_de: str, why_en: str) -> list[Event]:
    """Ask everyone on ``mount`` to stay on after a charge or a fall (E-MOUNT-8).

    Called when a Sturmangriff hits the mount or Zu Fall bringen brings it down; who
    fails lands on the nearest free field next to the mount (SW 3 Wucht, Liegend).
    """
    riders = aboard(battle, mount)
    if not riders:
        return []
    events = [
        _event(
            "mount_shaken",
            f"{mount.name} wird {why_de}: wer aufsitzt, muss sich halten",
            f"{mount.name} is {why_en}: everyone on it must hold on",
            mount.key,
            rule="E-MOUNT-8",
        )
    ]
    body = footprint_cells(mount.cell, battle.creature_type(mount).size_fields)
    for rider in riders:
        held_on, event = _stays_on(battle, rider)
        events.append(event)
        if not held_on:
            events += _throw_off(battle, rider, list(body))
    return events + sync_riders(battle)


def situation_on_enter(battle: Battle, creature: CreatureState, cells: list[Cell]) -> list[Event]:
    """Count flown fields, note running mounts, carry riders along (E-MOUNT-8)."""
    events: list[Event] = []
    track = effect_named(creature, FLIGHT_TURN)
    if track is not None and cells:
        events += glide_loss(battle, creature, track)
        track.value += len(cells)
    current = creature.key == battle.state.current_key
    if (
        current
        and not creature.is_character
        and Action.RUN in battle.state.budget.actions
        and not is_running(creature)
    ):
        creature.effects.append(
            Effect(
                MOUNT_RUNNING,
                DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND,
                source=creature.key,
                started_round=battle.state.round,
            )
        )
    riders = [c for c in aboard(battle, creature) if c.cell != creature.cell]
    if riders and cells:
        events += _carry_aboard(battle, creature, riders, cells)
    return events + sync_riders(battle)


def situation_turn_start(battle: Battle, creature: CreatureState) -> list[Event]:
    """End the last flyer's turn, end runs, keep ridden mounts on command (E-OPEN-47)."""
    events: list[Event] = []
    for holder in battle.state.creatures.values():
        track = effect_named(holder, FLIGHT_TURN)
        if track is not None:  # its turn is over: did it fly far enough?
            events += end_flight_turn(battle, holder, track)
        holder.effects = [
            e for e in holder.effects if not (e.name == MOUNT_RUNNING and e.source == creature.key)
        ]
    events += sync_riders(battle)
    rider = rider_of(battle, creature)
    commanded = rider is not None and battle._can_take_turn(rider)
    # A ridden mount flies on its rider's commands, so its flight counts in his turn;
    # a passenger's turn is none of the mount's.
    flyer = None
    if not (commanded or is_passenger(creature)):
        flyer = mount_of(battle, creature) or creature
    if (
        flyer is not None
        and flyer.altitude > 0
        and fly_value(battle.creature_type(flyer).move_types) is not None
    ):
        start_flight_turn(battle, flyer)
    if rider is not None and commanded:
        battle.state.budget = battle.state.budget.forfeit()
        events.append(
            _event(
                "mount_waits",
                f"{creature.name} handelt nur auf Befehl von {rider.name}",
                f"{creature.name} acts only on {rider.name}'s commands",
                creature.key,
                rule="E-OPEN-47",
            )
        )
    return events
