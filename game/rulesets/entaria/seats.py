"""Who sits on which mount: the riding effects and what they answer (E-MOUNT-*).

Decisions (also in the tests):

- Riding is two effects, ``riding`` on the rider and ``ridden`` on the mount, each naming
  the other as source; a passenger has ``passenger`` on him and ``carries_passenger`` on
  the mount (E-MOUNT-4). Everyone on a mount stands on the mount's anchor field (two
  creatures on one field) and moves with it. When the mount gets Liegend, the rider
  gets it too and stays seated (E-MOUNT-7). A rider moved off his mount (pushed, GM) no
  longer rides.
- While it carries passengers a mount's BEW is halved (``movement.Halving.PASSENGERS``)
  unless its catalogue entry says ``built_for_passengers``. Riders and passengers do not
  move by themselves (E-MOUNT-4, E-MOUNT-10). An attack from a mount, by its rider or a
  passenger, has the edge of E-MOUNT-1 and E-MOUNT-13.
"""

from __future__ import annotations

from game.board.grid import footprint_cells
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.mounts import passengers_halve_movement
from game.rulesets.entaria.rules.movement import Halving
from game.rulesets.entaria.rules.situations import (
    RIDING_TALENT,
    has_talent,
    rider_edge,
    riders_fall_with_mount,
)
from game.rulesets.entaria.rules.terms import Condition, say
from game.rulesets.entaria.state import CreatureState, Effect

#: Effect names of this module (state.Effect.name).
RIDING = "riding"  # on the rider, source = mount; value 1 while the mount lies (E-MOUNT-7)


RIDDEN = "ridden"  # on the mount, source = rider


PASSENGER = "passenger"  # on a passenger, source = mount; value as RIDING (E-MOUNT-4)


CARRIES = "carries_passenger"  # on the mount, source = passenger (one per passenger)


REINS = "reins"  # on the rider while he holds the reins, source = mount (E-MOUNT-9)


#: The effects that seat a creature on a mount.
_SEATS = (RIDING, PASSENGER)


def effect_named(creature: CreatureState, name: str) -> Effect | None:
    return next((e for e in creature.effects if e.name == name), None)


def creature_has_talent(battle: Battle, creature: CreatureState, name: str) -> bool:
    return has_talent(battle.creature_type(creature).talents, name)


def seat_of(creature: CreatureState) -> Effect | None:
    """Return the effect that seats ``creature`` on a mount (rider or passenger), or None."""
    return next((e for e in creature.effects if e.name in _SEATS), None)


def mount_of(battle: Battle, rider: CreatureState) -> CreatureState | None:
    """Return the creature ``rider`` rides or sits on as a passenger, or None."""
    riding = seat_of(rider)
    if riding is None or riding.source is None:
        return None
    return battle.state.creatures.get(riding.source)


def passengers_of(battle: Battle, mount: CreatureState) -> list[CreatureState]:
    """Return the passengers ``mount`` carries, in the order they boarded (E-MOUNT-4)."""
    keys = [e.source for e in mount.effects if e.name == CARRIES and e.source]
    return [battle.state.creatures[k] for k in keys if k in battle.state.creatures]


def aboard(battle: Battle, mount: CreatureState) -> list[CreatureState]:
    """Return everyone on ``mount``: its rider first, then its passengers."""
    rider = rider_of(battle, mount)
    return ([rider] if rider is not None else []) + passengers_of(battle, mount)


def is_passenger(creature: CreatureState) -> bool:
    """Return whether ``creature`` sits on a mount as a passenger (E-MOUNT-4)."""
    return effect_named(creature, PASSENGER) is not None


def holds_reins(creature: CreatureState) -> bool:
    """Return whether ``creature`` holds a mount's reins (E-MOUNT-9)."""
    return effect_named(creature, REINS) is not None


def passenger_halvings(battle: Battle, creature: CreatureState) -> tuple[Halving, ...]:
    """Return the halving passengers give a mount's movement (E-MOUNT-4), if any."""
    built = battle.creature_type(creature).built_for_passengers
    if passengers_halve_movement(len(passengers_of(battle, creature)), built_for_passengers=built):
        return (Halving.PASSENGERS,)
    return ()


def rider_of(battle: Battle, mount: CreatureState) -> CreatureState | None:
    """Return the creature riding ``mount``, or None."""
    ridden = effect_named(mount, RIDDEN)
    if ridden is None or ridden.source is None:
        return None
    return battle.state.creatures.get(ridden.source)


def _on_mount(battle: Battle, rider: CreatureState, mount: CreatureState) -> bool:
    side = battle.creature_type(mount).size_fields
    return rider.cell in footprint_cells(mount.cell, side)


def end_riding(battle: Battle, rider: CreatureState, why_de: str, why_en: str) -> list[Event]:
    """Take a rider or passenger off his mount (the seat, the reins and the mount's side)."""
    seat = seat_of(rider)
    mount_key = seat.source if seat is not None else None
    rider.effects = [e for e in rider.effects if e.name not in (*_SEATS, REINS)]
    mount = battle.state.creatures.get(mount_key or "")
    if mount is not None:
        mount.effects = [
            e for e in mount.effects if not (e.name in (RIDDEN, CARRIES) and e.source == rider.key)
        ]
    return [
        _event(
            "dismounted",
            f"{rider.name} sitzt nicht mehr auf{why_de}",
            f"{rider.name} is no longer mounted{why_en}",
            rider.key,
            mount=mount_key,
        )
    ]


def sync_riders(battle: Battle) -> list[Event]:
    """Keep riders on their mounts: Liegend with a falling mount (E-MOUNT-7), height, state.

    A rider whose mount died or who is no longer on the mount's field no longer rides.
    """
    events: list[Event] = []
    for rider in list(battle.state.creatures.values()):
        riding = seat_of(rider)
        if riding is None:
            continue
        mount = mount_of(battle, rider)
        if (
            mount is None
            or Condition.DEAD in mount.conditions
            or Condition.DEAD in rider.conditions
            or not _on_mount(battle, rider, mount)
        ):
            events += end_riding(battle, rider, "", "")
            continue
        rider.altitude = mount.altitude
        lying = riders_fall_with_mount(battle.held_conditions(mount))
        if lying and not riding.value:
            events.append(
                _event(
                    "mount_fell",
                    f"{mount.name} liegt - {rider.name} stürzt mit",
                    f"{mount.name} is down - {rider.name} falls with it",
                    rider.key,
                    rule="E-MOUNT-7",
                )
            )
            events += battle.knock_prone(rider)
        riding.value = 1 if lying else 0
    return events


def follow_mount(battle: Battle, creature: CreatureState) -> list[Event]:
    """Carry a mount's rider and passengers to where the mount was put (a GM move: no
    E-MOUNT-8 check)."""
    for rider in aboard(battle, creature):
        rider.cell = creature.cell
        rider.altitude = creature.altitude
    return sync_riders(battle)


def seated_move_problem(creature: CreatureState) -> str:
    """Return why a creature on a mount cannot move by itself, or "" (E-MOUNT-4, -10)."""
    if effect_named(creature, RIDING) is not None:
        return say(
            "a rider moves by commanding his mount (E-MOUNT-10)",
            "ein Reiter bewegt sich, indem er sein Reittier lenkt (E-MOUNT-10)",
        )
    if is_passenger(creature):
        return say(
            "a passenger moves with the mount; dismount first (E-MOUNT-4, E-MOUNT-5)",
            "ein Passagier bewegt sich mit dem Reittier; erst absteigen (E-MOUNT-4, E-MOUNT-5)",
        )
    return ""


def rider_attack_edge(battle: Battle, attacker: CreatureState, melee: bool) -> int:
    """Return the edge of an attack from a mount (E-MOUNT-1, E-MOUNT-13); 0 when not riding.

    A passenger attacks from the mount too and gets the same edge.
    """
    if seat_of(attacker) is None:
        return 0
    return rider_edge(
        has_riding_talent=creature_has_talent(battle, attacker, RIDING_TALENT),
        ranged_attack=not melee,
    )
