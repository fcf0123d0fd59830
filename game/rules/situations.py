"""Special situations: underwater, weightlessness and mounted combat (sections 25-27).

Each function answers one question the engine asks while resolving an action. What
another module owns is not restated here:

- underwater: the range-band shift and the ban on area weapons (E-UNDERWATER-3..6)
  are ``ranges``' (``underwater_bands``, ``weapon_usable_underwater``);
- weightlessness: the knock-away save (E-ZEROG-3/4) is ``damage``'s
  (``zero_g_save_required``, ``zero_g_knockaway_save``);
- mounted: falling or being thrown off (E-MOUNT-6/8) are ``damage.HAZARDS``
  ("mount_fall", "thrown_off_mount"); passengers halving the mount's movement
  (E-MOUNT-4) is ``movement.Halving.PASSENGERS``; the rider's commands (E-MOUNT-10/11)
  are ``actions.MOUNT_COMMANDS`` / ``mount_command_allowed``; a mounted melee weapon's
  reach (E-MOUNT-12) is ``reach.mounted_melee_reach``.
"""

from __future__ import annotations

from collections.abc import Collection

from game.rules.checks import STANDARD_TARGET, Roll, saving_throw
from game.rules.dice import Roller
from game.rules.terms import Condition, DamageType, WeaponAttribute

# ------------------------------------------------------------------- underwater


def underwater_melee_edge(damage_type: DamageType) -> int:
    """Return the edge a melee weapon attack gets underwater (E-UNDERWATER-2).

    Nachteil (-1), except for piercing weapons (Stichschaden).
    """
    return 0 if damage_type is DamageType.PIERCING else -1


# ---------------------------------------------------------------- weightlessness


def zero_g_penalty_applies(attributes: Collection[WeaponAttribute]) -> bool:
    """Return whether a ranged weapon suffers the disadvantages of weightlessness.

    Recoil-free weapons with the attribute Null-G do not (E-ZEROG-2); what the
    disadvantages are is the adventure chapter's (E-ZEROG-1), a scenario setting.
    """
    return WeaponAttribute.ZERO_G not in attributes


# ------------------------------------------------------------------- mounted


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


def mount_action_check(
    dexterity: int, roller: Roller, *, mount_running: bool, edge: int = 0
) -> Roll | None:
    """Return the check for mounting or dismounting (E-MOUNT-5, E-MOUNT-6).

    Mounting and dismounting are each a VH; only a running mount asks for
    Geschick vs ZW 15 (failure: ``damage.HAZARDS["mount_fall"]``). None when no
    check is due.
    """
    if not mount_running:
        return None
    return saving_throw(dexterity, STANDARD_TARGET, roller, edge=edge)


def stay_mounted_check(reflexes: int, roller: Roller, *, edge: int = 0) -> Roll:
    """Roll the Reflexe check vs ZW 15 when the mount is shoved, felled or charged (E-MOUNT-8).

    Failure: thrown off, ``damage.HAZARDS["thrown_off_mount"]``.
    """
    return saving_throw(reflexes, STANDARD_TARGET, roller, edge=edge)


def riders_fall_with_mount(mount_conditions: Collection[Condition]) -> bool:
    """Return whether rider and passengers get Liegend: when the mount does (E-MOUNT-7).

    ``mount_conditions`` are the mount's expanded conditions (``conditions.closure``).
    """
    return Condition.PRONE in mount_conditions


def free_hands_when_riding(hands: int, *, holding_reins: bool, passenger: bool = False) -> int:
    """Return the hands left for actions (E-MOUNT-9; passengers hold on with one, E-MOUNT-4)."""
    used = (1 if holding_reins else 0) + (1 if passenger else 0)
    return max(0, hands - used)
