"""Handlers of getting on and off a mount and of the reins (E-MOUNT-1..9).

Every rule comes from ``game.rulesets.entaria.rules`` (mounts, situations); a handler
validates a command completely, then spends the action and changes the state. Who sits on
which mount is ``seats``; mounts in motion are ``riding``.

Decisions where the rules leave room (also in the tests):

- A mount is a creature that is not a player character (the catalogue has no "can
  carry" flag; the GM keeps unfit creatures from being mounted, E-MOUNT-2), at least one
  KG larger (E-OPEN-47), willing or trained (E-MOUNT-3): of the rider's side, or bound to
  him (``companion_of``; bound, Dressur, E-MOUNT-11). Aufsitzen and Absteigen are VH
  (E-MOUNT-5); a mount that ran asks Geschick vs ZW 15 (E-MOUNT-6, Nachteil without
  Reiten, E-MOUNT-1).
- Passengers (E-MOUNT-4). ``Mount(passenger=True)`` boards as a passenger (VH, with the
  check of E-MOUNT-6 like mounting). Seats: one per size category the mount is larger
  than the largest creature on it, the rider included (``mounts.mount_seats``: a KG 5
  horse carries two humans of KG 3). Every passenger is at least one KG smaller
  (E-MOUNT-2) and the mount willing or trained (E-MOUNT-3). A passenger holds on with
  one hand (one hand fewer, needs a free one to board), moves only with the mount, does
  not command it, and falls, is thrown off and attacks from it like the rider
  (E-MOUNT-1, -7, -8, -13). A mount with passengers but no rider acts on its own turn.
- Reins (E-MOUNT-9): a rider takes them when he mounts (``Mount.reins``, default true;
  it needs a free hand) and may let go (FH, like dropping an item) or take them again
  (HH Interagieren) with ``Reins``. Holding them costs a hand; commands work without
  them too (E-MOUNT-10 names sounds, words and legs), so they bring nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.action_helpers import _event
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hand_checks import free_hands_of
from game.rulesets.entaria.riding import is_running, take_hazard
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import STANDARD_TARGET
from game.rulesets.entaria.rules.damage import HAZARDS
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.mounts import may_board, mount_seats
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.situations import (
    RIDING_TALENT,
    can_carry_rider,
    may_be_ridden,
    rider_edge,
)
from game.rulesets.entaria.rules.terms import Attribute, say
from game.rulesets.entaria.seats import (
    CARRIES,
    PASSENGER,
    REINS,
    RIDDEN,
    RIDING,
    aboard,
    creature_has_talent,
    effect_named,
    end_riding,
    holds_reins,
    mount_of,
    seat_of,
    sync_riders,
)
from game.rulesets.entaria.state import CreatureState, Effect


@dataclass(frozen=True)
class Mount(Command):
    """Aufsitzen: get on an adjacent mount (VH, E-MOUNT-5).

    ``passenger``: board as a passenger, holding on with one hand (E-MOUNT-4);
    otherwise as its rider, taking the reins with a free hand when ``reins`` (E-MOUNT-9;
    ignored for a passenger).
    """

    kind: ClassVar[str] = "mount"
    mount: str
    passenger: bool = False
    reins: bool = True


@dataclass(frozen=True)
class Reins(Command):
    """The rider takes the reins (HH Interagieren) or lets go of them (FH), E-MOUNT-9."""

    kind: ClassVar[str] = "reins"
    hold: bool


@dataclass(frozen=True)
class Dismount(Command):
    """Absteigen onto a free field next to the mount (VH, E-MOUNT-5)."""

    kind: ClassVar[str] = "dismount"
    cell: Cell


def _mount_problem(
    battle: Battle,
    rider: CreatureState,
    mount: CreatureState,
    *,
    passenger: bool = False,
    reins: bool = False,
) -> str:
    """Return why ``rider`` cannot get on ``mount`` now (as its rider or a passenger), or ""."""
    return (
        _seating_problem(rider, mount, passenger=passenger)
        or _carrier_problem(battle, rider, mount)
        or _size_problem(battle, rider, mount)
        or _boarding_problem(battle, rider, mount, passenger=passenger, reins=reins)
    )


def _seating_problem(rider: CreatureState, mount: CreatureState, *, passenger: bool) -> str:
    """Return why the riding effects of the two forbid it (already seated, carrying)."""
    if mount.key == rider.key:
        return say("a creature cannot ride itself", "ein Wesen kann nicht auf sich selbst reiten")
    if seat_of(rider) is not None:
        return say(f"{rider.name} already rides", f"{rider.name} reitet bereits")
    if effect_named(rider, RIDDEN) is not None or effect_named(rider, CARRIES) is not None:
        return say(f"{rider.name} carries a rider", f"{rider.name} trägt einen Reiter")
    if not passenger and effect_named(mount, RIDDEN) is not None:
        return say(
            f"{mount.name} already carries a rider: board as a passenger (E-MOUNT-4)",
            f"{mount.name} trägt bereits einen Reiter: steig als Passagier auf (E-MOUNT-4)",
        )
    if seat_of(mount) is not None:
        return say(
            f"{mount.name} rides another creature", f"{mount.name} reitet auf einem anderen Wesen"
        )
    return ""


def _carrier_problem(battle: Battle, rider: CreatureState, mount: CreatureState) -> str:
    """Return why ``mount`` would not carry ``rider``: unable, a character, unwilling."""
    if mount.out_of_fight or not battle._can_take_turn(mount):
        return say(
            f"{mount.name} cannot carry anyone now", f"{mount.name} kann jetzt niemanden tragen"
        )
    if mount.is_character:
        return say(
            f"{mount.name} is a player character, not a mount (E-MOUNT-2)",
            f"{mount.name} ist ein Spielercharakter, kein Reittier (E-MOUNT-2)",
        )
    trained = mount.companion_of == rider.key
    if not may_be_ridden(willing=mount.side == rider.side, trained=trained):
        return say(
            f"{mount.name} is not willing to be ridden (E-MOUNT-3)",
            f"{mount.name} lässt sich nicht reiten (E-MOUNT-3)",
        )
    return ""


def _size_problem(battle: Battle, rider: CreatureState, mount: CreatureState) -> str:
    """Return why ``rider`` is too big for ``mount`` or finds no seat on it (E-MOUNT-2/4)."""
    mount_kind, rider_kind = battle.creature_type(mount), battle.creature_type(rider)
    if not can_carry_rider(mount_kind.size_category, rider_kind.size_category):
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) must be at least one size larger "
            f"than {rider.name} (KG {rider_kind.size_category}) (E-MOUNT-2)",
            f"{mount.name} (KG {mount_kind.size_category}) muss mindestens eine "
            f"Größe größer sein als {rider.name} (KG {rider_kind.size_category}) "
            "(E-MOUNT-2)",
        )
    if rider_kind.size_fields > mount_kind.size_fields:
        return say(
            f"{rider.name} does not fit on {mount.name}",
            f"{rider.name} passt nicht auf {mount.name}",
        )
    sizes = [battle.creature_type(c).size_category for c in aboard(battle, mount)]
    if not may_board(mount_kind.size_category, sizes, rider_kind.size_category):
        seats = mount_seats(mount_kind.size_category, max([*sizes, rider_kind.size_category]))
        return say(
            f"{mount.name} (KG {mount_kind.size_category}) has no seat left: it carries "
            f"{seats} creature(s) of that size (E-MOUNT-4)",
            f"{mount.name} (KG {mount_kind.size_category}) hat keinen Platz "
            f"mehr: es trägt {seats} Wesen dieser Größe (E-MOUNT-4)",
        )
    return ""


def _boarding_problem(
    battle: Battle, rider: CreatureState, mount: CreatureState, *, passenger: bool, reins: bool
) -> str:
    """Return why ``rider`` cannot climb on now: no free hand, another height, too far."""
    if (passenger or reins) and free_hands_of(battle, rider) < 1:
        what = "hold on (E-MOUNT-4)" if passenger else "take the reins (E-MOUNT-9)"
        what_de = (
            "sich festzuhalten (E-MOUNT-4)" if passenger else "die Zügel zu nehmen (E-MOUNT-9)"
        )
        return say(
            f"{rider.name} needs a free hand to {what}",
            f"{rider.name} braucht eine freie Hand, um {what_de}",
        )
    if mount.altitude != rider.altitude:
        return say(
            f"{mount.name} flies at another height", f"{mount.name} fliegt in einer anderen Höhe"
        )
    next_to = in_melee_reach(  # next to it, and no wall on the edge between them (D-13)
        rider.cell,
        mount.cell,
        attacker_side=battle.creature_type(rider).size_fields,
        target_side=battle.creature_type(mount).size_fields,
        grid=battle.grid,
    )
    if not next_to:
        return say(
            f"{mount.name} is not next to {rider.name}",
            f"{mount.name} ist nicht neben {rider.name}",
        )
    return ""


def _mount_check(
    battle: Battle, rider: CreatureState, mount: CreatureState, what_de: str, what_en: str
) -> tuple[bool, list[Event]]:
    """Roll Geschick vs ZW 15 when the mount ran (E-MOUNT-6); return (fell, events)."""
    if not is_running(mount):
        return False, []
    edge = rider_edge(has_riding_talent=creature_has_talent(battle, rider, RIDING_TALENT))
    roll, event = battle.check(
        rider,
        Attribute.DEXTERITY,
        STANDARD_TARGET,
        edge=edge,
        what_de=f"{what_de} vom laufenden Reittier",
        what_en=f"{what_en} a running mount",
    )
    event.data["rule"] = "E-MOUNT-6"
    events = [event]
    if roll.success:
        return False, events
    return True, events + take_hazard(battle, rider, HAZARDS["mount_fall"])


def handle_mount(battle: Battle, command: Mount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = battle.creature(command.mount)
    passenger = bool(command.passenger)
    reins = bool(command.reins) and not passenger
    problem = _mount_problem(battle, rider, mount, passenger=passenger, reins=reins)
    if problem:
        raise CommandRejected(problem)
    battle.can_spend(rider, Action.MOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.MOUNT)
    fell, rolled = _mount_check(battle, rider, mount, "Aufsitzen", "mounting")
    events += rolled
    if fell:
        return events
    round_ = battle.state.round
    rider.cell = mount.cell
    rider.altitude = mount.altitude
    seat, carried = (PASSENGER, CARRIES) if passenger else (RIDING, RIDDEN)
    rider.effects.append(
        Effect(seat, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
    )
    mount.effects.append(
        Effect(carried, DurationKind.UNTIL_RELEASED, source=rider.key, started_round=round_)
    )
    if reins:
        rider.effects.append(
            Effect(REINS, DurationKind.UNTIL_RELEASED, source=mount.key, started_round=round_)
        )
    if passenger:
        events.append(
            _event(
                "mounted",
                f"{rider.name} steigt als Passagier auf {mount.name} auf und hält sich fest",
                f"{rider.name} boards {mount.name} as a passenger and holds on",
                rider.key,
                mount=mount.key,
                passenger=True,
                rule="E-MOUNT-4",
            )
        )
    else:
        events.append(
            _event(
                "mounted",
                f"{rider.name} sitzt auf {mount.name} auf"
                + (" und nimmt die Zügel" if reins else ""),
                f"{rider.name} mounts {mount.name}" + (" and takes the reins" if reins else ""),
                rider.key,
                mount=mount.key,
                reins=reins,
                rule="E-MOUNT-5",
            )
        )
    return events + sync_riders(battle)


def handle_reins(battle: Battle, command: Reins) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None or effect_named(rider, RIDING) is None:
        raise CommandRejected(
            say(
                f"{rider.name} is no rider: only the rider holds the reins",
                f"{rider.name} ist kein Reiter: nur der Reiter hält die Zügel",
            )
        )
    if bool(command.hold) == holds_reins(rider):
        state = "holds" if command.hold else "does not hold"
        state_de = "hält die Zügel bereits" if command.hold else "hält die Zügel ohnehin nicht"
        raise CommandRejected(
            say(f"{rider.name} already {state} the reins", f"{rider.name} {state_de}")
        )
    if command.hold:
        return _take_reins(battle, rider, mount)
    return _let_go_of_reins(battle, rider)


def _take_reins(battle: Battle, rider: CreatureState, mount: CreatureState) -> list[Event]:
    """Take the reins: HH Interagieren with a free hand (E-MOUNT-9)."""
    if free_hands_of(battle, rider) < 1:
        raise CommandRejected(
            say(
                f"{rider.name} needs a free hand to take the reins (E-MOUNT-9)",
                f"{rider.name} braucht eine freie Hand, um die Zügel zu nehmen (E-MOUNT-9)",
            )
        )
    battle.can_spend(rider, Action.INTERACT)
    # valid: now change the state
    events = battle.spend(rider, Action.INTERACT)
    rider.effects.append(
        Effect(
            REINS,
            DurationKind.UNTIL_RELEASED,
            source=mount.key,
            started_round=battle.state.round,
        )
    )
    events.append(
        _event(
            "reins",
            f"{rider.name} nimmt die Zügel von {mount.name}",
            f"{rider.name} takes {mount.name}'s reins",
            rider.key,
            hold=True,
            rule="E-MOUNT-9",
        )
    )
    return events


def _let_go_of_reins(battle: Battle, rider: CreatureState) -> list[Event]:
    """Let go of the reins: an FH, like dropping an item (E-MOUNT-9)."""
    battle.can_spend(rider, Action.DROP_ITEM)
    # valid: now change the state
    events = battle.spend(rider, Action.DROP_ITEM)
    rider.effects = [e for e in rider.effects if e.name != REINS]
    events.append(
        _event(
            "reins",
            f"{rider.name} lässt die Zügel los",
            f"{rider.name} lets go of the reins",
            rider.key,
            hold=False,
            rule="E-MOUNT-9",
        )
    )
    return events


def handle_dismount(battle: Battle, command: Dismount) -> list[Event]:
    rider = battle.creature(command.actor)
    mount = mount_of(battle, rider)
    if mount is None:
        raise CommandRejected(say(f"{rider.name} does not ride", f"{rider.name} reitet nicht"))
    cell = (int(command.cell[0]), int(command.cell[1]))
    grid = battle.grid
    if not grid.in_bounds(cell) or grid.is_wall(cell):
        raise CommandRejected(
            say(
                f"field {list(cell)} is outside the map or a wall",
                f"Feld {list(cell)} liegt außerhalb der Karte oder ist eine Wand",
            )
        )
    other = battle.state.creature_at(cell, besides={rider.key, mount.key})  # E-OPEN-44
    if other is not None:
        raise CommandRejected(
            say(
                f"field {list(cell)} is taken by {other.name}",
                f"Feld {list(cell)} ist von {other.name} besetzt",
            )
        )
    mount_side = battle.creature_type(mount).size_fields
    if not in_melee_reach(cell, mount.cell, target_side=mount_side, grid=grid):  # D-13
        raise CommandRejected(
            say(
                f"field {list(cell)} is not next to {mount.name}",
                f"Feld {list(cell)} liegt nicht neben {mount.name}",
            )
        )
    if mount.altitude > 0:
        raise CommandRejected(
            say(
                f"{mount.name} is in the air: land first",
                f"{mount.name} ist in der Luft: erst landen",
            )
        )
    battle.can_spend(rider, Action.DISMOUNT)
    # valid: now change the state
    events = battle.spend(rider, Action.DISMOUNT)
    events += end_riding(battle, rider, "", "")
    rider.cell = cell
    rider.altitude = 0
    events.append(
        _event(
            "dismount",
            f"{rider.name} steigt nach {list(cell)} ab",
            f"{rider.name} dismounts to {list(cell)}",
            rider.key,
            mount=mount.key,
            rule="E-MOUNT-5",
        )
    )
    _, rolled = _mount_check(battle, rider, mount, "Absteigen", "dismounting from")
    return events + rolled


def can_mount(battle: Battle, creature: CreatureState) -> str:
    near = [
        other
        for other in battle.state.creatures.values()
        if other.key != creature.key
        and (other.companion_of == creature.key or other.side == creature.side)
        and not other.is_character
    ]
    for other in near:
        if not _mount_problem(battle, creature, other):
            return ""
        if not _mount_problem(battle, creature, other, passenger=True):
            return ""
    return say(
        "no mount next to it that would carry it (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
        "kein Reittier daneben, das es tragen würde (E-MOUNT-2, E-MOUNT-3, E-MOUNT-4)",
    )


def can_dismount(battle: Battle, creature: CreatureState) -> str:
    return "" if seat_of(creature) is not None else say("not mounted", "ist nicht aufgesessen")
