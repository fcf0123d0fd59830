"""Special situations: underwater, weightlessness and mounted combat (sections 25-27).

Each function answers one question the engine asks while resolving an action; the
range-band shift underwater lives in ``ranges``, the zero-G knock-away save in
``damage``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules.checks import STANDARD_TARGET, Roll, saving_throw
from game.rules.dice import Roller
from game.rules.terms import Condition, DamageType, WeaponAttribute

# ------------------------------------------------------------------- underwater


def underwater_melee_edge(damage_type: DamageType) -> int:
    """Return the edge a melee weapon attack gets underwater (E-UNDERWATER-2).

    Nachteil (-1), except for piercing weapons (Stichschaden).
    """
    return 0 if damage_type is DamageType.PIERCING else -1


def usable_underwater(attributes: frozenset[WeaponAttribute], *, area_damage: bool) -> bool:
    """Return whether a weapon may be used underwater (E-UNDERWATER-5).

    Weapons with Flächenschaden or Bereichsfeuer cannot be used.
    """
    return not area_damage and WeaponAttribute.AREA_FIRE not in attributes


# ---------------------------------------------------------------- weightlessness


def zero_g_penalty_applies(attributes: frozenset[WeaponAttribute]) -> bool:
    """Return whether a ranged weapon suffers the disadvantages of weightlessness.

    Recoil-free weapons with the attribute Null-G do not (E-ZEROG-2); what the
    disadvantages are is the adventure chapter's (E-ZEROG-1), a scenario setting.
    """
    return WeaponAttribute.ZERO_G not in attributes


def zero_g_knockaway_applies(damage_type: DamageType, *, weightless: bool) -> bool:
    """Return whether a hit asks for the zero-G knock-away save (E-ZEROG-3): Wucht only."""
    return weightless and damage_type is DamageType.BLUDGEONING


# ------------------------------------------------------------------- mounted


class MountCommand(Enum):
    """What a rider can tell the mount as a free action (E-MOUNT-10, E-MOUNT-11)."""

    WALK = "Gehen"
    RUN = "Laufen"
    DISENGAGE = "Lösen"
    MELEE = "Nahkampf"


@dataclass(frozen=True)
class MountFall:
    """What failing a mounted check costs: damage (SW, Wucht) and the condition."""

    damage_sw: int
    damage_type: DamageType
    condition: Condition


#: Failing to mount or dismount a running mount (E-MOUNT-6).
MOUNT_DISMOUNT_FAILURE = MountFall(1, DamageType.BLUDGEONING, Condition.PRONE)
#: Being thrown off when the mount's movement is strongly affected (E-MOUNT-8).
THROWN_OFF_FAILURE = MountFall(3, DamageType.BLUDGEONING, Condition.PRONE)


def can_carry_rider(mount_size: int, rider_size: int, *, anatomically_able: bool = True) -> bool:
    """Return whether a creature can carry a rider (E-MOUNT-2, E-OPEN-47).

    The mount must be at least one size category larger than its rider.
    """
    return anatomically_able and mount_size >= rider_size + 1


def may_be_ridden(*, willing: bool, trained: bool) -> bool:
    """Return whether a mount accepts a rider: willing or trained (E-MOUNT-3)."""
    return willing or trained


def rider_edge(*, has_riding_talent: bool, ranged_attack: bool = False) -> int:
    """Return the counted edge of a rider's roll (E-MOUNT-1, E-MOUNT-13, D-2).

    Without the talent Reiten: Nachteil on riding checks and on attacks from the
    mount. Ranged attacks from a mount have Nachteil in any case; both count.
    """
    edge = 0 if has_riding_talent else -1
    if ranged_attack:
        edge -= 1
    return edge


def mount_movement(bew: int, *, passengers: int, built_for_passengers: bool = False) -> int:
    """Return a mount's BEW with passengers: halved, rounded down (E-MOUNT-4, E-OPEN-12)."""
    if passengers > 0 and not built_for_passengers:
        return max(1, bew // 2) if bew > 0 else 0
    return bew


def mount_action_check(
    dexterity: int, roller: Roller, *, mount_running: bool, edge: int = 0
) -> Roll | None:
    """Return the check for mounting or dismounting (E-MOUNT-5, E-MOUNT-6).

    Mounting and dismounting are each a VH; only a running mount asks for
    Geschick vs ZW 15 (failure: MOUNT_DISMOUNT_FAILURE). None when no check is due.
    """
    if not mount_running:
        return None
    return saving_throw(dexterity, STANDARD_TARGET, roller, edge=edge)


def stay_mounted_check(reflexes: int, roller: Roller, *, edge: int = 0) -> Roll:
    """Roll the Reflexe check vs ZW 15 when the mount is shoved, felled or charged (E-MOUNT-8)."""
    return saving_throw(reflexes, STANDARD_TARGET, roller, edge=edge)


def riders_fall_with_mount(mount_conditions: frozenset[Condition]) -> bool:
    """Return whether rider and passengers get Liegend: when the mount does (E-MOUNT-7)."""
    return Condition.PRONE in mount_conditions


def free_hands_when_riding(hands: int, *, holding_reins: bool, passenger: bool = False) -> int:
    """Return the hands left for actions (E-MOUNT-9; passengers hold on with one, E-MOUNT-4)."""
    used = (1 if holding_reins else 0) + (1 if passenger else 0)
    return max(0, hands - used)


def allowed_mount_commands(*, bound_to_rider: bool) -> frozenset[MountCommand]:
    """Return the commands a rider may give as an FH (E-MOUNT-10, E-MOUNT-11)."""
    commands = {MountCommand.WALK, MountCommand.RUN, MountCommand.DISENGAGE}
    if bound_to_rider:
        commands.add(MountCommand.MELEE)
    return frozenset(commands)


def mounted_melee_reaches(weapon_reach: int, distance_to_target: int) -> bool:
    """Return whether a rider's melee weapon is long enough for the target (E-MOUNT-12)."""
    return 1 <= distance_to_target <= weapon_reach
