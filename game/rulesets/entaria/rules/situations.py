"""Special situations: underwater, weightlessness, mounted combat and flight (sections 12.2, 25-27).

Each function answers one question the engine asks while resolving an action. What
another module owns is not restated here:

- underwater: the range-band shift and the ban on area weapons (E-UNDERWATER-3..6)
  are ``ranges``' (``underwater_bands``, ``weapon_usable_underwater``);
- weightlessness: the knock-away save (E-ZEROG-3/4) is ``damage``'s
  (``zero_g_save_required``, ``zero_g_knockaway_save``);
- mounted: falling or being thrown off (E-MOUNT-6/8) are ``damage.HAZARDS``
  ("mount_fall", "thrown_off_mount"); passengers halving the mount's movement
  (E-MOUNT-4) is ``movement.Halving.PASSENGERS``; the rider's commands (E-MOUNT-10/11)
  are ``mounts.MOUNT_COMMANDS`` / ``mount_command_allowed``; a mounted melee weapon's
  reach (E-MOUNT-12) is ``reach.mounted_melee_reach``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from game.board.dice import Roller
from game.board.grid import BattleGrid, Cell, footprint_cells
from game.board.steps import diagonal_step_blocked, edge_step_blocked
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, saving_throw
from game.rulesets.entaria.rules.damage import ZERO_G_DIRECTIONS, ZERO_G_HURL_FIELDS
from game.rulesets.entaria.rules.movement import falls_from_flight
from game.rulesets.entaria.rules.terms import Condition, DamageType, MoveType, WeaponAttribute
from game.rulesets.entaria.rules.terrain import FLYING_TYPES

#: The talent that spares a rider the Nachteil of E-MOUNT-1.
RIDING_TALENT = "Reiten"
#: The talent that gives Vorteil on the zero-G knock-away save (E-ZEROG-4).
ZERO_G_TALENT = "Null-G"


def has_talent(talents: Iterable[str], name: str) -> bool:
    """Return whether ``name`` is among ``talents``; a level after the name counts ("Reiten 2")."""
    wanted = name.casefold()
    return any(re.sub(r"\s*\d+$", "", talent).strip().casefold() == wanted for talent in talents)


# ------------------------------------------------------------------- underwater


def underwater_melee_edge(damage_type: DamageType) -> int:
    """Return the edge a melee weapon attack gets underwater (E-UNDERWATER-2).

    Nachteil (-1), except for piercing weapons (Stichschaden).
    """
    return 0 if damage_type is DamageType.PIERCING else -1


# ---------------------------------------------------------------- weightlessness


def zero_g_save_edge(*, has_zero_g_talent: bool) -> int:
    """Return the edge of the knock-away save: Vorteil with the talent Null-G (E-ZEROG-4)."""
    return 1 if has_zero_g_talent else 0


def hurl_path(
    grid: BattleGrid,
    start: Cell,
    step: Cell,
    *,
    fields: int = ZERO_G_HURL_FIELDS,
    occupied: Collection[Cell] = (),
    side: int = 1,
) -> list[Cell]:
    """Return the anchors a creature hurled in zero-G passes; the last one is where it stops.

    E-ZEROG-3, E-OPEN-46: ``fields`` (5) fields in one of the eight directions of
    ``damage.ZERO_G_DIRECTIONS`` (``damage.zero_g_direction`` rolls it), as forced
    movement: it stops before a wall, a closed door, the map edge, a corner between two
    walls, a wall on a field edge (D-13) or an ``occupied`` field (other creatures), and
    on the first dangerous field it enters (what that does is the game master's, like a
    push, E-OPEN-18). ``side`` is
    the creature's footprint (E-SIZE-1). An empty list: it does not move.
    """
    if step not in ZERO_G_DIRECTIONS:
        raise ValueError(f"a hurl goes one field at a time in one of 8 directions, got {step}")
    if fields < 0:
        raise ValueError(f"fields cannot be negative, got {fields}")
    blocked = set(occupied) - set(footprint_cells(start, side))
    path: list[Cell] = []
    cell = start
    for _ in range(fields):
        target = (cell[0] + step[0], cell[1] + step[1])
        body = footprint_cells(target, side)
        if any(not grid.in_bounds(c) or grid.is_wall(c) or c in blocked for c in body):
            break
        if edge_step_blocked(grid, cell, step, side=side):
            break  # a wall on a field edge stops it as a wall field would (D-13)
        if diagonal_step_blocked(grid, cell, step, side=side):
            break
        cell = target
        path.append(cell)
        if any(grid.is_hazard(c) for c in body):
            break
    return path


def zero_g_penalty_applies(attributes: Collection[WeaponAttribute]) -> bool:
    """Return whether a ranged weapon suffers the disadvantages of weightlessness.

    Recoil-free weapons with the attribute Null-G do not (E-ZEROG-2); what the
    disadvantages are is the adventure chapter's (E-ZEROG-1), a scenario setting.
    """
    return WeaponAttribute.ZERO_G not in attributes


# ------------------------------------------------------------------- flight


def fly_value(move_types: Mapping[MoveType, int]) -> int | None:
    """Return the highest flying movement value (F, FG, FS, FV), None if it cannot fly.

    E-MOVETYPE-1: each movement type has its own BEW; a flight uses the best of them.
    """
    values = [value for kind, value in move_types.items() if kind in FLYING_TYPES]
    return max(values) if values else None


def can_gain_height(move_types: Collection[MoveType]) -> bool:
    """Return whether a flyer can climb by itself: not a pure glider (E-MOVETYPE-FG)."""
    return bool(set(move_types) & (FLYING_TYPES - {MoveType.GLIDE}))


def glides_only(move_types: Collection[MoveType]) -> bool:
    """Return whether the creature's only flight is gliding: it loses height (E-MOVETYPE-FG)."""
    return MoveType.GLIDE in move_types and not can_gain_height(move_types)


def falls_after_turn(move_types: Mapping[MoveType, int], moved: int) -> bool:
    """Return whether a flyer that flew ``moved`` fields this round falls (E-OPEN-43).

    F and FV fall below floor(value / 2) fields (E-MOVETYPE-F, E-MOVETYPE-FV); FS hovers
    (E-MOVETYPE-FS) and FG glides down instead (E-MOVETYPE-FG), so neither falls. A
    creature with several flying types falls only when none of them keeps it up.
    """
    flying = {kind: value for kind, value in move_types.items() if kind in FLYING_TYPES}
    if not flying:
        return False
    return all(falls_from_flight(kind, value, moved) for kind, value in flying.items())


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

    ``mount_conditions`` are the mount's expanded conditions (``held_conditions.closure``).
    """
    return Condition.PRONE in mount_conditions


def free_hands_when_riding(hands: int, *, holding_reins: bool, passenger: bool = False) -> int:
    """Return the hands left for actions (E-MOUNT-9; passengers hold on with one, E-MOUNT-4)."""
    used = (1 if holding_reins else 0) + (1 if passenger else 0)
    return max(0, hands - used)
