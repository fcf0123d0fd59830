"""Where the built-in opponent moves: towards its targets, to a field with cover or a
better range band to shoot from, short of the enemies' melee reach, through closed doors.

Paths and costs are the Move handler's (``moving.movement_profile``,
``move_allowance``, ``enemy_reach``, ``unclimbable_cells``) searched on the board
(``game.board.movement``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, Cell, Cover, distance
from game.board.movement import find_path, path_cost, reachable
from game.board.sight import cover, line_of_sight
from game.board.steps import edge_step_blocked, step_problem
from game.match.commands import Command
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.melee_walls import doors_open
from game.rulesets.entaria.moving import (
    enemy_reach,
    move_allowance,
    movement_profile,
    unclimbable_cells,
)
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.policy_doors import door_to_shoot, door_to_strike
from game.rulesets.entaria.policy_targets import (
    attack_targets,
    can_take,
    loaded_ranged_weapons,
    other_fields,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.cover import cover_bonus
from game.rulesets.entaria.rules.movement import disengage_required
from game.rulesets.entaria.rules.ranges import range_band
from game.rulesets.entaria.rules.reach import in_melee_reach, melee_reach_cells
from game.rulesets.entaria.state import CreatureState

#: How many fields a move of the policy looks at when it wants cover (closest first).
MAX_COVER_CANDIDATES = 48
#: How many enemies (nearest first) the cover of a field is measured against.
MAX_THREATS = 3


@dataclass(frozen=True)
class Mover:
    """What every move of one creature this turn shares: occupied fields and costs."""

    battle: Battle
    creature: CreatureState
    enemies: list[Cell]
    allies: list[Cell]

    @classmethod
    def of(cls, battle: Battle, creature: CreatureState) -> Mover:
        # fields the Move handler refuses to enter (a climb without two free hands,
        # E-TERRAIN-CLIMB-1) are searched around like enemy fields
        blocked = unclimbable_cells(battle, creature)
        enemies, allies = blockers(battle, creature)  # the dead too (E-OPEN-44)
        return cls(battle, creature, enemies + blocked, allies)

    def costs(self, budget: int | None) -> dict[Cell, int]:
        return reachable(
            self.battle.grid,
            self.creature.cell,
            budget,
            enemies=self.enemies,
            allies=self.allies,
            cost_model=movement_profile(self.battle, self.creature),
        )

    def path_to(self, goal: Cell) -> list[Cell] | None:
        return find_path(
            self.battle.grid,
            self.creature.cell,
            goal,
            enemies=self.enemies,
            allies=self.allies,
            cost_model=movement_profile(self.battle, self.creature),
        )

    def allowance(self, action: Action, path: list[Cell]) -> int:
        kind = self.battle.creature_type(self.creature)
        halved = disengage_required(
            action,
            path,
            enemy_reach(self.battle, self.creature),
            move_types=kind.move_types.keys(),
        )
        return move_allowance(self.battle, self.creature, action, halved=halved)

    def move(self, action: Action, path: list[Cell]) -> Move | None:
        """Return the move along the longest affordable prefix of ``path`` (or None)."""
        if len(path) < 2:
            return None
        allowance = self.allowance(action, path)
        profile = movement_profile(self.battle, self.creature)
        end = 1
        while end + 1 < len(path):
            try:
                cost = path_cost(
                    self.battle.grid,
                    path[: end + 2],
                    enemies=self.enemies,
                    allies=self.allies,
                    cost_model=profile,
                )
            except ValueError:
                break
            if cost > allowance:
                break
            end += 1
        # a move never ends on another creature's field (E-OBST-2)
        mover = {self.creature.key}
        while end >= 1 and self.battle.state.creature_at(path[end], besides=mover) is not None:
            end -= 1
        if end < 1:
            return None
        prefix = path[: end + 1]
        try:
            cost = path_cost(
                self.battle.grid,
                prefix,
                enemies=self.enemies,
                allies=self.allies,
                cost_model=profile,
            )
        except ValueError:
            return None
        if cost > self.allowance(action, prefix):
            return None
        return Move(self.creature.key, action.name, tuple(prefix))


def strike_fields(
    grid: BattleGrid,
    target: Cell,
    target_side: int = 1,
    *,
    side: int = 1,
    reach: int = 1,
) -> set[Cell]:
    """Return the fields a creature (``side``, ``reach``) standing there strikes ``target`` from.

    Fields where its anchor stands; only those the rules of melee reach join to the
    target past the walls, so not the field across an edge wall nor diagonally past a
    corner one touches (D-13, ``in_melee_reach``, ``melee_reach_cells``).
    """
    if side == 1:  # reach is symmetric between one-field creatures
        return melee_reach_cells(target, side=target_side, reach=reach, grid=grid)
    x0, y0 = target
    return {
        (x, y)
        for y in range(y0 - reach - side + 1, y0 + target_side + reach)
        for x in range(x0 - reach - side + 1, x0 + target_side + reach)
        if grid.in_bounds((x, y))
        and in_melee_reach(
            (x, y), target, attacker_side=side, target_side=target_side, reach=reach, grid=grid
        )
    }


def _cheapest_strike_field(
    mover: Mover, grid: BattleGrid, targets: list[CreatureState], costs: dict[Cell, int]
) -> tuple[int, Cell] | None:
    """Return (cost, field) of the cheapest field in ``costs`` the mover strikes from."""
    battle = mover.battle
    kind = battle.creature_type(mover.creature)
    best: tuple[int, Cell] | None = None
    for target in targets:
        fields = strike_fields(
            grid,
            target.cell,
            battle.creature_type(target).size_fields,
            side=kind.size_fields,
            reach=kind.reach,
        )
        for cell in fields:
            if cell in costs and (best is None or (costs[cell], cell) < best):
                best = (costs[cell], cell)
    return best


def approach_goal(mover: Mover, targets: list[CreatureState]) -> list[Cell] | None:
    """Return the cheapest path to a field next to one of ``targets`` (visible ones first).

    Only fields from which the creature could strike count: not one across an edge wall
    from the target (D-13, ``strike_fields``).
    """
    battle, creature = mover.battle, mover.creature
    costs = mover.costs(None)
    visible = [t for t in targets if line_of_sight(battle.grid, creature.cell, t.cell)]
    for group in (visible, targets):
        best = _cheapest_strike_field(mover, battle.grid, group, costs)
        if best is not None:
            if best[1] == creature.cell:
                return None
            return mover.path_to(best[1])
    return None


def cover_mask(battle: Battle) -> np.ndarray:
    """Return the fields next to a field or field edge that gives cover (where cover can be had)."""
    solid = (battle.grid.cover > 0) | battle.grid.blocks_sight
    padded = np.pad(solid, 1)
    near = np.zeros_like(solid)
    height, width = solid.shape
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            near |= padded[dy : dy + height, dx : dx + width]
    edges = battle.grid.edges
    if edges.any_blocking:  # a wall on a field's own edge gives cover too (D-13)
        near |= edges.blocks_h[:-1, :] | edges.blocks_h[1:, :]
        near |= edges.blocks_v[:, :-1] | edges.blocks_v[:, 1:]
    return near


def protection(battle: Battle, field: Cell, threats: list[CreatureState], mover: str) -> int:
    """Return the worst cover ``field`` has against ``threats`` (no sight counts as full)."""
    worst = int(Cover.FULL)
    for enemy in threats:
        others = other_fields(battle, enemy.key, mover)
        level = cover(battle.grid, enemy.cell, field, creatures=others)
        worst = min(worst, int(Cover.FULL if level is None else level))
    return worst


def shooting_move(
    battle: Battle,
    creature: CreatureState,
    mover: Mover,
    approach: list[Cell] | None,
    *,
    will_shoot: bool,
) -> Move | None:
    """Return a walk to the field with the best shot and the best cover (or None)."""
    weapons = loaded_ranged_weapons(battle, creature)
    targets = attack_targets(battle, creature)
    if not weapons or not targets:
        return None
    weapon = weapons[0]
    allowance = move_allowance(battle, creature, Action.WALK, halved=False)
    costs = mover.costs(allowance)
    near_cover = cover_mask(battle)
    fields = sorted(
        (cell for cell in costs if near_cover[cell[1], cell[0]] or cell == creature.cell),
        key=lambda c: (costs[c], c),
    )[:MAX_COVER_CANDIDATES]
    # the open field where the approach leads is a candidate too (open ground has no cover)
    if approach is not None and will_shoot:
        fields += [cell for cell in approach[1:] if cell in costs and cell not in fields]
    threats = targets[:MAX_THREATS]

    def rank(field: Cell) -> tuple[int, int, int, Cell]:
        shot_edge = -9
        if will_shoot:
            for enemy in targets:
                band = range_band(distance(field, enemy.cell))
                if not weapon.fires_at(band):
                    continue
                assert band is not None
                level = cover(
                    battle.grid, field, enemy.cell, creatures=other_fields(battle, enemy.key)
                )
                if level is None:
                    continue
                shot_edge = max(shot_edge, band.edge + cover_bonus(level).attacker_edge)
        return (shot_edge, protection(battle, field, threats, creature.key), -costs[field], field)

    here = rank(creature.cell)
    ranked = max(rank(field) for field in fields) if fields else here
    best = ranked[3]
    if ranked[:2] <= here[:2] or best == creature.cell:
        return None
    path = mover.path_to(best)
    return None if path is None else mover.move(Action.WALK, path)


def _doors_open(grid: BattleGrid) -> BattleGrid | None:
    """Return a copy of ``grid`` with every closed door open (None: no closed door).

    Field doors and doors on field edges (D-13; ``melee_walls.doors_open``, one copy per
    grid version). Used only to plan a route: the creature walks to the first closed door
    on it and opens it with Interagieren (E-ACT-HH-INTERAGIEREN).
    """
    return doors_open(grid)


def _closed_edge_door(grid: BattleGrid, before: Cell, after: Cell) -> tuple[Cell, Cell] | None:
    """Return (field in front, field across) of the closed edge door that stops the step.

    A straight step: the door on the crossed edge, opened from ``before``. A diagonal
    step: a door on an edge of ``before`` at the corner it passes, opened from there;
    else a door on an edge of ``after`` at that corner, opened from the side field the
    straight step from ``before`` reaches first (D-13: a lone door at the end of a wall
    closes the corner from the far side too). None: no door stops the step.
    """
    if not edge_step_blocked(grid, before, (after[0] - before[0], after[1] - before[1])):
        return None
    if before[0] == after[0] or before[1] == after[1]:
        return (before, after) if _is_door(grid, before, after) else None
    sides = [(after[0], before[1]), (before[0], after[1])]
    for far in sides:
        if _is_door(grid, before, far):
            return before, far
    for front in sides:
        if (
            _is_door(grid, front, after)
            and step_problem(grid, before, front, 1, frozenset()) is None
        ):
            return front, after
    return None


def _is_door(grid: BattleGrid, a: Cell, b: Cell) -> bool:
    """Return whether an edge door stands between neighbours ``a`` and ``b``."""
    try:
        return grid.edge_kind(a, b) is EdgeKind.DOOR
    except ValueError:  # off the map
        return False


def _first_door(grid: BattleGrid, path: list[Cell]) -> tuple[int, Cell | None, Cell | None] | None:
    """Return (index, front, across) of the first closed door on ``path`` (None: none).

    A field door: its index on the path, None, None. An edge door: the index of the path
    field before it, the field to open it from (that one or a straight step aside) and the
    field across it (D-13).
    """
    for i, c in enumerate(path):
        if grid.door[c[1], c[0]] and not grid.door_open[c[1], c[0]]:
            return i, None, None
        if i + 1 < len(path) and grid.edges.any_blocking:
            door = _closed_edge_door(grid, c, path[i + 1])
            if door is not None:
                return i, door[0], door[1]
    return None


def door_route(mover: Mover, targets: list[CreatureState]) -> Iterator[Command]:
    """Yield the steps toward ``targets`` through closed doors: open the next, else walk.

    A shooter beside a closed door that hides its targets opens it; a creature already on
    its strike field (with the doors open) opens the door between it and the target
    instead of planning a walk of no steps (D-13, E-ACT-HH-INTERAGIEREN).
    """
    battle, creature = mover.battle, mover.creature
    opened = _doors_open(battle.grid)
    if opened is None or not targets:
        return
    sight_door = door_to_shoot(battle, creature, targets)
    if sight_door is not None:
        yield sight_door
    profile = movement_profile(battle, creature)
    costs = reachable(
        opened,
        creature.cell,
        None,
        enemies=mover.enemies,
        allies=mover.allies,
        cost_model=profile,
    )
    best = _cheapest_strike_field(mover, opened, targets, costs)
    if best is None:
        return
    if best[1] == creature.cell:  # it strikes from here once the door between is open
        strike_door = door_to_strike(battle, creature, targets)
        if strike_door is not None:
            yield strike_door
        return
    path = find_path(
        opened,
        creature.cell,
        best[1],
        enemies=mover.enemies,
        allies=mover.allies,
        cost_model=profile,
    )
    if path is None:
        return
    found = _first_door(battle.grid, path)
    if found is None:
        return
    door, front, far = found
    walk_to = path[:door]
    if front is not None and far is not None:  # an edge door: open it from the front field
        if front == creature.cell and can_take(battle, Action.INTERACT):
            yield Interact(creature.key, "open_door", edge_to=far)
            return
        # walk up to the field in front of the door (a straight step aside at a corner)
        walk_to = path[: door + 1] + ([front] if front != path[door] else [])
    elif door == 1 and can_take(battle, Action.INTERACT):
        yield Interact(creature.key, "open_door", cell=path[1])
        return
    if can_take(battle, Action.WALK):
        walk = mover.move(Action.WALK, walk_to)
        if walk is not None:
            yield walk


def safe_advance(
    battle: Battle, creature: CreatureState, mover: Mover, path: list[Cell]
) -> Move | None:
    """Return a walk along ``path`` that stops before any enemy's melee reach (or None)."""
    zones = enemy_reach(battle, creature)
    end = 1
    while end < len(path) and not any(path[end] in zone for zone in zones):
        end += 1
    if end < 2:
        return None
    return mover.move(Action.WALK, path[:end])
