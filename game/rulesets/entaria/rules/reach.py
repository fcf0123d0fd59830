"""Melee reach (Nahkampfreichweite): which fields a creature threatens, and what follows.

E-REACH-2: melee reach is normally every field adjacent to the creature's field, the
8 neighbours of a one-field creature (Chebyshev distance 1, D-1). E-REACH-3: weapons
with Distanz and large creatures reach further; the reach is input data. For a
creature of several fields (E-SIZE-1, anchor = top-left field) distances are measured
between the nearest occupied fields (E-OPEN-14).

Walls (D-13): given the ``grid``, :func:`in_melee_reach` is the one answer to "does
this creature reach that one". A field of each footprint must reach the other past no
wall: between neighbours the one-step rule of the board (no wall or closed door on the
edge between them; diagonally, not past a corner an edge wall touches nor between two
blocking fields, D-10); further (Distanz, large reach) the sight line between the two
fields must be clear, so a wall field or an edge wall in between stops the weapon, and
every grid corner the line passes exactly must pass the diagonal-step test, so the
reach is monotone along a line (what the weapon reaches far, it reaches near).
Without a grid the answer is pure geometry.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from math import gcd
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from game.board.grid import BattleGrid, Cell, footprint_cells, footprint_distance
from game.board.sight import line_of_sight
from game.board.steps import diagonal_step_blocked, edge_step_blocked
from game.rulesets.entaria.rules.condition_rolls import RollContext, RollModifiers, roll_modifiers
from game.rulesets.entaria.rules.held_conditions import Held, as_condition_set
from game.rulesets.entaria.rules.terms import Attribute, Condition

#: Rundumschlag attacks up to four enemies within melee reach (E-ACT-VH-RUNDUM).
MAX_SWEEP_TARGETS = 4
#: The edge a disturbed ranged attack gets: Abgelenkt, i.e. one Nachteil (E-DISTURB-1).
DISTURBED_EDGE = -1
#: The condition Störung des Fernkampfs gives the shooter for that roll (E-DISTURB-1).
DISTURBED_CONDITION = Condition.DISTRACTED
#: What a ranged roll is, as far as the shooter's conditions care (E-OPEN-17).
_RANGED_ROLL = RollContext(attribute=Attribute.RANGED, is_attack=True)


class MeleeThreat(NamedTuple):
    """An enemy as far as its melee reach matters (plain 4-tuples work as well)."""

    position: Cell  # anchor, the top-left field
    side: int = 1  # footprint side in fields (E-SIZE-1)
    reach: int = 1  # melee reach in fields (E-REACH-2/3)
    incapacitated: bool = False  # Handlungsunfähig: threatens nothing (E-OPEN-17)


def _check(side: int, reach: int) -> None:
    if side < 1:
        raise ValueError(f"a footprint needs a side of at least 1, got {side}")
    if reach < 0:
        raise ValueError(f"a melee reach cannot be negative, got {reach}")


def melee_reach_cells(
    position: Cell, *, side: int = 1, reach: int = 1, grid: BattleGrid | None = None
) -> set[Cell]:
    """Return the fields within ``reach`` of the footprint, the footprint excluded.

    Reach 1 is the 8 neighbours of a one-field creature (E-REACH-2); larger reach is
    input data (E-REACH-3). Without ``grid`` the set is not clipped to any map; with it,
    only the map's fields the creature reaches past the walls (D-13, module docstring).
    """
    _check(side, reach)
    x0, y0 = position
    cells = {
        (x, y)
        for y in range(y0 - reach, y0 + side + reach)
        for x in range(x0 - reach, x0 + side + reach)
        if not (x0 <= x < x0 + side and y0 <= y < y0 + side)
    }
    if grid is None:
        return cells
    corner = (max(x0 - reach, 0), max(y0 - reach, 0))
    far = (min(x0 + side + reach, grid.width) - 1, min(y0 + side + reach, grid.height) - 1)
    if grid.in_bounds(position) and _open_around(grid, corner, far, 1, 1):
        return {cell for cell in cells if grid.in_bounds(cell)}  # nothing in the way
    return {
        cell
        for cell in cells
        if grid.in_bounds(cell)
        and in_melee_reach(position, cell, attacker_side=side, reach=reach, grid=grid)
    }


def in_melee_reach(
    attacker: Cell,
    target: Cell,
    *,
    attacker_side: int = 1,
    target_side: int = 1,
    reach: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether ``target`` stands within the attacker's melee reach (E-MELEE-2).

    True when the nearest occupied fields are at most ``reach`` apart (D-1, E-OPEN-14)
    and the two footprints do not overlap; with ``grid``, also when no wall stands in
    the way (D-13, module docstring). Every rule asking for melee reach asks this.
    """
    _check(attacker_side, reach)
    _check(target_side, 0)
    gap = footprint_distance(attacker, target, side_a=attacker_side, side_b=target_side)
    if not 1 <= gap <= reach:
        return False
    if grid is None or _open_around(grid, attacker, target, attacker_side, target_side):
        return True
    near = [
        (a, b)
        for a in footprint_cells(attacker, attacker_side)
        for b in footprint_cells(target, target_side)
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= reach
        and grid.in_bounds(a)
        and grid.in_bounds(b)
    ]
    return any(reach_unwalled(grid, a, b) for a, b in near)


def reach_unwalled(grid: BattleGrid, a: Cell, b: Cell) -> bool:
    """Return whether a melee weapon gets from field ``a`` to field ``b`` past the walls.

    D-13 (module docstring): neighbours by the one-step rule, farther fields by a clear
    sight line whose exact corners pass as diagonal steps. Both fields must lie on the map.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) == 1:
        step = (dx, dy)
        return not (edge_step_blocked(grid, a, step) or diagonal_step_blocked(grid, a, step))
    return line_of_sight(grid, a, b) and _corners_pass(grid, a, dx, dy)


def _corners_pass(grid: BattleGrid, a: Cell, dx: int, dy: int) -> bool:
    """Return whether the centre line from ``a`` passes every grid corner it meets exactly
    as a diagonal step would (D-13, D-10).

    Sight refuses only closed corners; the reach to a neighbour refuses a corner any edge
    wall touches or that two wall fields pinch. Holding the farther fields to the same
    test keeps reach monotone along a line: what the weapon reaches far, it reaches near.
    """
    run = gcd(dx, dy)
    ux, uy = dx // run, dy // run
    if ux % 2 == 0 or uy % 2 == 0:
        return True  # the line meets corners only when both unit steps are odd
    step = (1 if ux > 0 else -1, 1 if uy > 0 else -1)
    for k in range(run):
        # The corner at a + (k + 1/2) * (ux, uy); the field before it lies half a step back.
        before = (a[0] + k * ux + (ux - step[0]) // 2, a[1] + k * uy + (uy - step[1]) // 2)
        if diagonal_step_blocked(grid, before, step):
            return False
    return True


def _open_around(grid: BattleGrid, a: Cell, b: Cell, side_a: int, side_b: int) -> bool:
    """Return whether no wall, closed door or edge wall lies in the box of both footprints.

    Every field and edge a pair's test looks at lies in that box (conservative: it
    holds the box's top and left outer edges too).
    """
    if not (grid.in_bounds(a) and grid.in_bounds(b)):
        return False
    left, top = min(a[0], b[0]), min(a[1], b[1])
    right, bottom = max(a[0] + side_a, b[0] + side_b), max(a[1] + side_a, b[1] + side_b)
    rows, columns = slice(top, bottom), slice(left, right)
    if grid.blocks_movement[rows, columns].any():
        return False
    return not grid.has_edge_walls or not (
        grid.edges.blocks_h[rows, columns].any() or grid.edges.blocks_v[rows, columns].any()
    )


def reach_mask(
    grid_shape: tuple[int, int],
    position: Cell,
    *,
    side: int = 1,
    reach: int = 1,
    grid: BattleGrid | None = None,
) -> npt.NDArray[np.bool_]:
    """Return a bool array of ``grid_shape`` (height, width) marking the reach fields.

    With ``grid``, only the fields reached past the walls (D-13, ``melee_reach_cells``).
    """
    _check(side, reach)
    if grid is not None:
        walled = np.zeros(grid_shape, dtype=bool)
        for x, y in melee_reach_cells(position, side=side, reach=reach, grid=grid):
            walled[y, x] = True
        return walled
    height, width = grid_shape
    x0, y0 = position
    mask = np.zeros((height, width), dtype=bool)
    mask[
        max(0, y0 - reach) : max(0, y0 + side + reach),
        max(0, x0 - reach) : max(0, x0 + side + reach),
    ] = True
    mask[max(0, y0) : max(0, y0 + side), max(0, x0) : max(0, x0 + side)] = False
    return mask


def can_melee_attack(
    attacker: Cell,
    target: Cell,
    *,
    attacker_side: int = 1,
    target_side: int = 1,
    reach: int = 1,
    conditions: Collection[Condition] = (),
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether the attacker may attack ``target`` in melee (E-REACH-1, E-MELEE-2).

    A creature with Bewusstlos attacks no one; ``conditions`` are the attacker's
    (already expanded, e.g. Sterbend includes Bewusstlos). Whether the creature may act
    at all (Handlungsunfähig) is the action layer's question.
    """
    if Condition.UNCONSCIOUS in conditions:
        return False
    return in_melee_reach(
        attacker,
        target,
        attacker_side=attacker_side,
        target_side=target_side,
        reach=reach,
        grid=grid,
    )


def can_help(
    helper: Cell,
    other: Cell,
    *,
    helper_side: int = 1,
    other_side: int = 1,
    reach: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether Helfen reaches ``other``: within melee reach (E-ACT-VH-HELFEN, D-13)."""
    return in_melee_reach(
        helper, other, attacker_side=helper_side, target_side=other_side, reach=reach, grid=grid
    )


def can_irritate(
    actor: Cell,
    target: Cell,
    *,
    actor_side: int = 1,
    target_side: int = 1,
    reach: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether Irritieren can target ``target``: within melee reach (E-ACT-HH-IRRITIEREN)."""
    return in_melee_reach(
        actor, target, attacker_side=actor_side, target_side=target_side, reach=reach, grid=grid
    )


def mounted_melee_reach(
    rider: Cell,
    target: Cell,
    *,
    mount: Cell,
    mount_side: int,
    target_side: int = 1,
    weapon_reach: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether a rider's melee weapon reaches ``target`` from the mount (E-MOUNT-12).

    The rider sits on one field of the mount's footprint (``rider``); the weapon's reach
    counts from that field, so a short weapon cannot reach past a large mount's body.
    With ``grid``, walls between the rider's field and the target count (D-13).
    """
    mx, my = mount
    if not (mx <= rider[0] < mx + mount_side and my <= rider[1] < my + mount_side):
        raise ValueError(f"the rider's field {rider} is not on the mount at {mount}")
    if footprint_distance(target, mount, side_a=target_side, side_b=mount_side) == 0:
        raise ValueError("the target overlaps the mount")
    if grid is not None:
        return in_melee_reach(rider, target, target_side=target_side, reach=weapon_reach, grid=grid)
    gap = footprint_distance(rider, target, side_b=target_side)
    return gap <= weapon_reach


def _threats(enemies: Iterable[MeleeThreat | tuple[Cell, int, int, bool]]) -> list[MeleeThreat]:
    return [e if isinstance(e, MeleeThreat) else MeleeThreat(*e) for e in enemies]


def is_ranged_attack_disturbed(
    shooter: Cell,
    enemies: Iterable[MeleeThreat | tuple[Cell, int, int, bool]],
    *,
    shooter_side: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether a ranged attack from ``shooter`` is disturbed (E-DISTURB-1, E-OPEN-17).

    Disturbed when any enemy that is not Handlungsunfähig has the shooter within its
    melee reach (its own, possibly longer, reach counts; with ``grid``, past no wall, D-13).
    """
    return any(
        not enemy.incapacitated
        and in_melee_reach(
            enemy.position,
            shooter,
            attacker_side=enemy.side,
            target_side=shooter_side,
            reach=enemy.reach,
            grid=grid,
        )
        for enemy in _threats(enemies)
    )


def disturbance_modifiers(held: Held = (), roll: RollContext = _RANGED_ROLL) -> RollModifiers:
    """Return what Störung des Fernkampfs adds to the disturbed roll on top of ``held``.

    Störung gives the shooter the condition Abgelenkt for that one roll (E-DISTURB-1,
    E-OPEN-17). A condition counts once however it is reached (E-OPEN-1): a shooter who
    already is Abgelenkt, or holds a condition that implies it (Vergiftet, Verwirrt ...),
    gets no second Nachteil. The difference is taken through ``roll_modifiers``, so the
    Abgelenkt of Störung folds exactly as a held one would.
    """
    counts = as_condition_set(held)
    alone = roll_modifiers(counts, roll)
    disturbed = roll_modifiers(counts.add(DISTURBED_CONDITION), roll)
    edge = disturbed.edge - alone.edge
    modifier = disturbed.modifier - alone.modifier
    reason = f"Störung des Fernkampfs: {DISTURBED_CONDITION.value}"
    cause = (reason, "disturbed ranged attack: distracted")
    if not edge and not modifier:
        reason += " (already held: counts once)"
        cause = (
            "Störung des Fernkampfs: schon abgelenkt, kein weiterer Nachteil",
            "disturbed ranged attack: already distracted, no further disadvantage",
        )
    return RollModifiers(edge=edge, modifier=modifier, reasons=(reason,), causes=(cause,))


def disturbance_edge(
    shooter: Cell,
    enemies: Iterable[MeleeThreat | tuple[Cell, int, int, bool]],
    *,
    shooter_side: int = 1,
    held: Held = (),
    grid: BattleGrid | None = None,
) -> int:
    """Return the edge Störung adds to the ranged roll: -1 (Abgelenkt) when disturbed, else 0.

    E-DISTURB-1; per E-OPEN-17 the Abgelenkt applies to this one ranged or thrown
    attack roll only. ``held``: the shooter's own conditions; when they already make it
    Abgelenkt, Störung adds nothing (E-OPEN-1, ``disturbance_modifiers``).
    """
    return ranged_disturbance_modifiers(
        shooter, enemies, shooter_side=shooter_side, held=held, grid=grid
    ).edge


def ranged_disturbance_modifiers(
    shooter: Cell,
    enemies: Iterable[MeleeThreat | tuple[Cell, int, int, bool]],
    *,
    shooter_side: int = 1,
    held: Held = (),
    grid: BattleGrid | None = None,
) -> RollModifiers:
    """Return what Störung adds to a ranged roll from ``shooter``, with its words.

    Nothing when no enemy that can act has the shooter within melee reach
    (``is_ranged_attack_disturbed``, E-DISTURB-1, E-OPEN-17); else the Abgelenkt of that
    roll, counted once with ``held``, the shooter's own conditions (E-OPEN-1,
    ``disturbance_modifiers``). Every ranged roll of the engine and the screen asks this.
    """
    if not is_ranged_attack_disturbed(shooter, enemies, shooter_side=shooter_side, grid=grid):
        return RollModifiers()
    return disturbance_modifiers(held)


def sweep_targets_allowed(count: int) -> bool:
    """Return whether Rundumschlag may attack ``count`` enemies: 1 to 4 (E-ACT-VH-RUNDUM)."""
    return 1 <= count <= MAX_SWEEP_TARGETS


def sweep_allowed(
    attacker: Cell,
    targets: Collection[Cell],
    *,
    attacker_side: int = 1,
    target_side: int = 1,
    reach: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether Rundumschlag may attack all ``targets``: 1-4 enemies, all in reach."""
    return sweep_targets_allowed(len(set(targets))) and all(
        in_melee_reach(
            attacker,
            t,
            attacker_side=attacker_side,
            target_side=target_side,
            reach=reach,
            grid=grid,
        )
        for t in targets
    )
