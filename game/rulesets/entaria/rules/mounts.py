"""Mounts: the commands a rider gives (E-MOUNT-10, E-MOUNT-11) and how many a mount carries
(E-MOUNT-2, E-MOUNT-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from game.rulesets.entaria.rules.actions import Action

#: Commands a rider gives as an FH, and whether the mount must be bound to him
#: (Dressur): E-MOUNT-10, E-MOUNT-11.
MOUNT_COMMANDS: Mapping[Action, bool] = MappingProxyType(
    {
        Action.WALK: False,
        Action.RUN: False,
        Action.DISENGAGE: False,
        Action.MELEE_ATTACK: True,
    }
)


def mount_command_allowed(command: Action, *, bound: bool) -> bool:
    """Return whether a rider may give ``command`` as an FH (E-MOUNT-10, E-MOUNT-11)."""
    needs_bond = MOUNT_COMMANDS.get(command)
    if needs_bond is None:
        return False
    return bound or not needs_bond


# ----------------------------------------------------------------- passengers
#
# E-MOUNT-4 lets a mount carry passengers "depending on its size"; E-MOUNT-2 asks every
# rider to be at least one KG smaller than the mount (E-OPEN-47). The rule of thumb
# here: every size category the mount is larger than the largest creature on it is one
# seat, the rider's included (a KG 5 horse carries two humans of KG 3, a KG 4 one; a
# KG 6 beast three). Passengers halve the mount's BEW unless it is built for them.


def mount_seats(mount_size: int, largest_aboard: int) -> int:
    """Return how many creatures (rider and passengers) a mount carries (E-MOUNT-4).

    One seat per size category the mount exceeds the largest of them by; 0 when it
    is not larger at all (E-MOUNT-2).
    """
    return max(0, mount_size - largest_aboard)


def may_board(mount_size: int, aboard: Iterable[int], newcomer: int) -> bool:
    """Return whether a creature of KG ``newcomer`` fits on a mount carrying ``aboard``.

    Each creature is at least one KG smaller than the mount (E-MOUNT-2) and all of them
    fit the seats of ``mount_seats`` (E-MOUNT-4).
    """
    sizes = [*aboard, newcomer]
    return len(sizes) <= mount_seats(mount_size, max(sizes))


def passengers_halve_movement(passengers: int, *, built_for_passengers: bool) -> bool:
    """Return whether a mount's BEW is halved: it carries passengers and is not built
    for them (E-MOUNT-4; the rider is no passenger).
    """
    if passengers < 0:
        raise ValueError(f"passengers cannot be negative, got {passengers}")
    return passengers > 0 and not built_for_passengers
