"""Where a movement action can take a creature now (D-10, E-MOVE-1), with the path to send.

``movement_options`` asks the Move and Charge handlers' own rules: the allowance
(``moving.move_allowance``, ``charge.charge_allowance``), the mover's
costs (``movement_profile``), the enemies' reach (``enemy_reach``) and the board's
searches (``game.board.movement``).
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, distance
from game.board.movement import find_path, reachable
from game.board.steps import diagonal_step_blocked, edge_step_blocked
from game.rulesets.entaria import charge
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.combat import UNARMED
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.moving import (
    enemy_reach,
    move_allowance,
    movement_profile,
    unclimbable_cells,
)
from game.rulesets.entaria.occupancy import blockers
from game.rulesets.entaria.queries.common import BoolGrid, IntGrid, grid_shape, read_only
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.movement import MovementProfile, disengage_required
from game.rulesets.entaria.rules.terms import MoveType
from game.rulesets.entaria.state import CreatureState

__all__ = ["MOVEMENT_ACTIONS", "MoveOptions", "movement_options"]


#: The movement actions ``movement_options`` answers (crawling is Gehen while Liegend).
MOVEMENT_ACTIONS: frozenset[Action] = frozenset(
    {Action.WALK, Action.RUN, Action.CHARGE, Action.DISENGAGE}
)


_DIAGONALS: weakref.WeakKeyDictionary[BattleGrid, tuple[int, dict[tuple[Cell, Cell], bool]]] = (
    weakref.WeakKeyDictionary()
)


def _diagonal_blocked(grid: BattleGrid) -> Callable[[Cell, Cell], bool]:
    """Return ``steps.diagonal_step_blocked`` for ``grid``, memoised per grid version."""
    entry = _DIAGONALS.get(grid)
    if entry is None or entry[0] != grid.version:
        entry = _DIAGONALS[grid] = (grid.version, {})
    memo = entry[1]

    def blocked(cell: Cell, step: Cell) -> bool:
        key = (cell, step)
        answer = memo.get(key)
        if answer is None:
            answer = memo[key] = diagonal_step_blocked(grid, cell, step)
        return answer

    return blocked


_LEGAL: weakref.WeakKeyDictionary[Battle, tuple[Any, dict[str, dict[Action, tuple[bool, str]]]]] = (
    weakref.WeakKeyDictionary()
)


def _legal(battle: Battle, key: str, action: Action) -> tuple[bool, str]:
    """Return ``Battle.legal_actions``' verdict, remembered until the next command."""
    state = battle.state
    signature = (id(state), len(battle.record), len(battle.log), state.turn_index, state.budget)
    entry = _LEGAL.get(battle)
    if entry is None or entry[0] != signature:
        entry = _LEGAL[battle] = (signature, {})
    verdicts = entry[1].get(key)
    if verdicts is None:
        verdicts = entry[1][key] = {
            e.action: (e.allowed, e.reason) for e in battle.legal_actions(key)
        }
    return verdicts.get(action, (False, f"unknown action {action.name}"))


@dataclass(frozen=True)
class _PathSource:
    """What ``MoveOptions.path_to`` needs: the searches' arguments and their trails."""

    grid: BattleGrid
    start: Cell
    enemies: tuple[Cell, ...]
    allies: tuple[Cell, ...]
    profile: MovementProfile
    walled_in: tuple[Cell, ...]  # enemies plus reach fields: the save-free outside
    outside: frozenset[Cell]  # fields reached save-free outside every reach
    trail: Mapping[Cell, Cell]  # reach field -> the field before it
    fixed: Mapping[Cell, tuple[Cell, ...]]  # Sturmangriff: end field -> its straight path

    def outside_path(self, cell: Cell) -> list[Cell] | None:
        """Return a cheapest path to ``cell`` that enters no reach field."""
        return find_path(
            self.grid, self.start, cell, enemies=self.walled_in, cost_model=self.profile
        )


@dataclass(frozen=True)
class MoveOptions:
    """Where one movement action can take a creature now (D-10, E-MOVE-1).

    ``costs`` holds every field a Move/Charge command to it is accepted for (the start
    with 0), with the cost of the path ``path_to`` returns. ``allowance`` is the
    action's full allowance, ``halved_allowance`` the one a move that leaves an enemy's
    melee reach gets (D-10). ``needs_save`` are the fields whose path leaves a reach:
    the Geschick save vs ZW 15 is rolled and a failure leaves the mover Liegend on its
    start field. ``disengage`` are the fields inside an acting enemy's reach (of the
    enemies the allowance can come near), where a step out triggers that save (empty
    for Lösen and FV flyers, who are exempt).
    ``difficult`` marks what is difficult ground for this mover (a swimmer is not
    slowed by water, a flyer by nothing). ``crawling``: the creature is Liegend and
    pays double (E-COND-LIEGEND-2). ``charges``: Sturmangriff only, the straight path
    to each enemy that can be charged (E-ACT-VH-STURM, E-OPEN-20).
    """

    key: str
    action: Action
    allowed: bool
    reason: str
    allowance: int
    halved_allowance: int
    costs: Mapping[Cell, int]
    cost_mask: IntGrid  # [y, x]: the cost, -1 where the field cannot be reached
    needs_save: frozenset[Cell]
    disengage: frozenset[Cell]
    difficult: BoolGrid
    crawling: bool
    charges: Mapping[str, tuple[Cell, ...]]
    _source: _PathSource = field(repr=False, compare=False)

    def path_to(self, cell: Cell) -> list[Cell] | None:
        """Return the path to send with the command (start..cell), or None if unreachable."""
        cell = (int(cell[0]), int(cell[1]))
        if cell not in self.costs:
            return None
        source = self._source
        if cell in source.fixed:
            return list(source.fixed[cell])
        if cell == source.start:
            return [cell]
        if cell in source.trail:  # inside a reach: back along the trail, then outside
            path = [cell]
            while path[-1] in source.trail:
                path.append(source.trail[path[-1]])
            path.reverse()
            if path[0] == source.start:
                return path
            prefix = source.outside_path(path[0])
            return None if prefix is None else prefix[:-1] + path
        if cell in source.outside:
            return source.outside_path(cell)
        return find_path(
            source.grid,
            source.start,
            cell,
            enemies=source.enemies,
            allies=source.allies,
            cost_model=source.profile,
        )

    def cost_of(self, cell: Cell) -> int | None:
        """Return what the path to ``cell`` costs, or None if it cannot be reached."""
        return self.costs.get((int(cell[0]), int(cell[1])))


_DIAGONAL = math.sqrt(2.0)


@dataclass(frozen=True)
class _SaveFree:
    """The fields a move reaches without leaving any enemy's melee reach."""

    costs: dict[Cell, int]
    outside: frozenset[Cell]  # reached without entering any reach field
    walled_in: tuple[Cell, ...]  # the blocked fields of that outside search
    trail: dict[Cell, Cell]  # reach field -> the field before it


def _save_free_search(
    grid: BattleGrid,
    start: Cell,
    budget: int,
    *,
    enemies: set[Cell],
    allies: set[Cell],
    profile: MovementProfile,
    zones: list[set[Cell]],
) -> _SaveFree:
    """Return the fields reachable without leaving any enemy's melee reach.

    A move needs no save when no step leaves a reach it is in
    (``movement.leaves_enemy_reach``, D-10): once inside a reach the path stays in it.
    So a field outside every reach is reached without entering one: that is
    ``movement.reachable`` with the reach fields blocked like enemies (allies are
    passed, so they are left out there and dropped as ends afterwards, E-OBST-2). The
    few reach fields are then searched from their outside neighbours (or the start)
    with steps that leave no reach (``_InsideSearch``).
    """
    member: dict[Cell, int] = {}
    for bit, zone in enumerate(zones):
        for cell in zone:
            if grid.in_bounds(cell):
                member[cell] = member.get(cell, 0) | (1 << bit)
    foes = enemies - {start}
    walled_in = tuple(foes | set(member)) if start not in member else ()
    outside: dict[Cell, int] = {}
    if start not in member:
        outside = reachable(grid, start, budget, enemies=walled_in, cost_model=profile)
    search = _InsideSearch.around(grid, start, budget, member, foes, profile)
    if start in member:
        search.best[start] = (0, 0.0)
        search.heap.append((0, 0.0, start))
    else:  # enter the reach fields from their outside neighbours
        for cell in member:
            for dx, dy in DIRECTIONS_8:
                before = (cell[0] - dx, cell[1] - dy)
                if before in outside:
                    spent = outside[before]
                    search.step(before, spent, float(spent), 0, dx, dy)
    search.run()
    found = dict(outside)
    found.update((cell, key[0]) for cell, key in search.best.items())
    found = {c: v for c, v in found.items() if c == start or c not in allies}
    return _SaveFree(found, frozenset(outside), walled_in, search.trail)


@dataclass
class _InsideSearch:
    """The cheapest paths among the reach fields with steps that leave no reach (D-10).

    Steps obey the rules' field costs (within ``budget``), walls, enemy fields
    (E-OBST-1), ``steps.diagonal_step_blocked`` and the edge walls
    (``edge_step_blocked``, D-13). Fields and costs are read from a window of the grid
    around the start (as plain lists: the search is a Python loop).
    """

    grid: BattleGrid
    budget: int
    member: dict[Cell, int]  # reach field -> bit set of the reaches it lies in
    foes: set[Cell]
    corner: Cell  # the window's top-left field
    far: Cell  # the window's bottom-right field
    costs: list[list[int]]  # [y - y0][x - x0]
    walled: list[list[bool]]
    diagonal: Callable[[Cell, Cell], bool]
    edged: bool  # the map has a blocking edge at all (saves the edge test per step)
    best: dict[Cell, tuple[int, float]] = field(default_factory=dict)
    trail: dict[Cell, Cell] = field(default_factory=dict)  # reach field -> the field before
    heap: list[tuple[int, float, Cell]] = field(default_factory=list)

    @classmethod
    def around(
        cls,
        grid: BattleGrid,
        start: Cell,
        budget: int,
        member: dict[Cell, int],
        foes: set[Cell],
        profile: MovementProfile,
    ) -> _InsideSearch:
        """Return a search over the window of ``budget`` fields around ``start``."""
        sx, sy = start
        x0, y0 = max(0, sx - budget), max(0, sy - budget)
        x1, y1 = min(grid.width - 1, sx + budget), min(grid.height - 1, sy + budget)
        window = (slice(y0, y1 + 1), slice(x0, x1 + 1))
        costs: list[list[int]] = np.asarray(
            profile.field_costs(grid.difficult[window], grid.terrain[window])
        ).tolist()
        walled: list[list[bool]] = grid.blocks_movement[window].tolist()
        diagonal = _diagonal_blocked(grid)
        edged = grid.edges.any_blocking
        return cls(grid, budget, member, foes, (x0, y0), (x1, y1), costs, walled, diagonal, edged)

    def step(self, before: Cell, spent: int, length: float, inside: int, dx: int, dy: int) -> None:
        """Record the step from ``before`` by (dx, dy) when it is allowed and cheaper."""
        nx, ny = before[0] + dx, before[1] + dy
        nxt = (nx, ny)
        member = self.member
        # Only reach fields, never one that leaves a reach (D-10).
        if nxt not in member or inside & ~member[nxt]:
            return
        (x0, y0), (x1, y1) = self.corner, self.far
        if not (x0 <= nx <= x1 and y0 <= ny <= y1) or self.walled[ny - y0][nx - x0]:
            return
        if nxt in self.foes:
            return
        key = (spent + self.costs[ny - y0][nx - x0], length + (_DIAGONAL if dx and dy else 1.0))
        if key[0] > self.budget or key >= self.best.get(nxt, (self.budget + 1, 0.0)):
            return
        if dx and dy and self.diagonal(before, (dx, dy)):
            return  # diagonal_step_blocked also asks the edges the corner touches (D-13)
        if self.edged and not (dx and dy) and edge_step_blocked(self.grid, before, (dx, dy)):
            return  # a wall or closed door on the edge between the two fields (D-13)
        self.best[nxt] = key
        self.trail[nxt] = before
        heapq.heappush(self.heap, (key[0], key[1], nxt))

    def run(self) -> None:
        """Search on from the fields already on the heap, cheapest first."""
        heap, best, member = self.heap, self.best, self.member
        while heap:
            spent, length, cell = heapq.heappop(heap)
            if (spent, length) > best[cell]:
                continue
            for dx, dy in DIRECTIONS_8:
                self.step(cell, spent, length, member[cell], dx, dy)


def _cost_mask(costs: Mapping[Cell, int], shape: tuple[int, int]) -> IntGrid:
    mask = np.full(shape, -1, dtype=np.int16)
    if costs:
        cells = np.fromiter((v for cell in costs for v in cell), dtype=np.intp)
        mask[cells[1::2], cells[0::2]] = np.fromiter(costs.values(), dtype=np.int16)
    return read_only(mask)


def _charge_weapon(
    battle: Battle, creature: CreatureState, weapon_key: str | None
) -> tuple[str, WeaponType | None]:
    if weapon_key is not None:
        return weapon_key, (None if weapon_key == UNARMED else battle.weapon(weapon_key))
    for key in creature.held:
        weapon = battle.catalogue.weapons.get(key)
        if weapon is not None and weapon.melee:
            return key, weapon
    return UNARMED, None


def _charge_paths(
    battle: Battle,
    creature: CreatureState,
    weapon_key: str,
    weapon: WeaponType | None,
    *,
    zones: list[set[Cell]],
) -> dict[str, tuple[tuple[Cell, ...], int, bool]]:
    """Return target -> (path, cost, needs save) for every charge the engine accepts.

    ``charge.validate_charge`` validates each Charge; for a creature whose turn
    it is not (a preview) without the budget check, which depends on the turn.
    """
    if any(creature.cell in zone for zone in zones):
        return {}
    current = creature.key == battle.state.current_key
    kind = battle.creature_type(creature)
    allowance = charge.charge_allowance(battle, creature, halved=False)
    reach = max(kind.reach, weapon.reach if weapon else 1)
    result: dict[str, tuple[tuple[Cell, ...], int, bool]] = {}
    for target in battle.enemies_of(creature):
        size = battle.creature_type(target).size_fields
        if distance(creature.cell, target.cell) > allowance + reach + size:
            continue  # no straight charge of the allowance gets there
        command = charge.Charge(creature.key, target.key, weapon_key)
        try:
            plan = charge.validate_charge(battle, command, check_budget=current)
        except CommandRejected:
            continue
        result[target.key] = (tuple(plan.path), plan.cost, plan.needs_save)
    return result


def _climbs_near(battle: Battle, creature: CreatureState, budget: int) -> list[Cell]:
    """Return the fields within ``budget`` of the creature it may not climb onto."""
    return unclimbable_cells(battle, creature, budget)


def _allowances(battle: Battle, creature: CreatureState, action: Action) -> tuple[int, int]:
    """Return the action's full allowance and the halved one of a move leaving reach (D-10)."""
    if action is Action.CHARGE:
        full = charge.charge_allowance(battle, creature, halved=False)
        half = charge.charge_allowance(battle, creature, halved=True)
    else:
        full = move_allowance(battle, creature, action, halved=False)
        half = move_allowance(battle, creature, action, halved=True)
    return full, half


def _disengage_fields(
    grid: BattleGrid,
    action: Action,
    move_types: Collection[MoveType],
    start: Cell,
    zones: list[set[Cell]],
) -> frozenset[Cell]:
    """Return the reach fields where a step out asks the save; none when the move is exempt."""
    # Whether this action and mover make the save at all: ask the rule with a probe step.
    probe = [start, (start[0] + 1, start[1])]
    saves = disengage_required(action, probe, [{start}], move_types=move_types)
    if not saves:
        return frozenset()
    return frozenset(c for zone in zones for c in zone if grid.in_bounds(c))


def _charge_options(
    battle: Battle, creature: CreatureState, weapon_key: str | None, zones: list[set[Cell]]
) -> tuple[dict[Cell, int], set[Cell], dict[Cell, tuple[Cell, ...]], dict[str, tuple[Cell, ...]]]:
    """Return the ends of the straight charges: costs, those needing the save, their paths.

    The paths by end field and by target; the first charge to reach an end field keeps it.
    """
    weapon_key, weapon = _charge_weapon(battle, creature, weapon_key)
    costs = {creature.cell: 0}
    needs_save: set[Cell] = set()
    fixed: dict[Cell, tuple[Cell, ...]] = {}
    charges: dict[str, tuple[Cell, ...]] = {}
    found = _charge_paths(battle, creature, weapon_key, weapon, zones=zones)
    for target_key, (path, cost, save) in found.items():
        charges[target_key] = path
        if path[-1] not in fixed:
            fixed[path[-1]] = path
            costs[path[-1]] = cost
            if save:
                needs_save.add(path[-1])
    return costs, needs_save, fixed, charges


def _walk_options(
    grid: BattleGrid,
    start: Cell,
    allowances: tuple[int, int],
    *,
    enemies: list[Cell],
    allies: list[Cell],
    profile: MovementProfile,
    zones: list[set[Cell]] | None,
) -> tuple[dict[Cell, int], set[Cell], _SaveFree | None]:
    """Return the fields a walk reaches, those only with the leaving-reach save, the search.

    ``allowances`` is (full, halved). ``zones`` are the enemies' reaches whose leaving asks
    the save, None when no path within the allowance can leave one: then every reachable
    field is offered. Otherwise a field is offered on a path that needs no save when one
    exists within the full allowance, else on the cheapest path if it fits the halved one.
    """
    full, half = allowances
    everything = reachable(grid, start, full, enemies=enemies, allies=allies, cost_model=profile)
    if zones is None:
        return everything, set(), None
    free = _save_free_search(
        grid,
        start,
        full,
        enemies=set(enemies),
        allies=set(allies),
        profile=profile,
        zones=zones,
    )
    costs = free.costs
    needs_save: set[Cell] = set()
    for cell, cost in everything.items():
        if cell not in costs and cost <= half:
            costs[cell] = cost
            needs_save.add(cell)
    return costs, needs_save, free


def movement_options(
    battle: Battle, key: str, action: Action, *, weapon_key: str | None = None
) -> MoveOptions:
    """Return where ``action`` (Gehen, Laufen, Sturmangriff, Lösen) takes the creature.

    Uses the Move handler's own arguments: ``moving.move_allowance``,
    ``movement_profile`` (crawling while Liegend), ``enemy_reach`` (of the enemies the
    allowance can come near), the creatures' fields as enemies and allies, and
    ``movement.reachable``/``find_path``; climbing fields the creature lacks the free
    hands for (``moving.unclimbable``, E-TERRAIN-CLIMB-1) are never entered. A
    field is offered on a path that needs no save when one exists within the full
    allowance, else on the cheapest path if it fits the halved allowance (D-10). For a
    Sturmangriff ``weapon_key`` names the weapon (default: the first melee weapon in
    hand, else unarmed) and the fields are the ends of the straight charges (the Charge
    handler's allowance and checks).
    """
    if action not in MOVEMENT_ACTIONS:
        raise ValueError(f"{action.name} is no movement action; expected one of WALK, RUN, ...")
    creature = battle.creature(key)
    allowed, reason = _legal(battle, key, action)
    grid = battle.grid
    shape = grid_shape(battle)
    kind = battle.creature_type(creature)
    profile = movement_profile(battle, creature)
    full, half = _allowances(battle, creature, action)
    enemies, allies = blockers(battle, creature)  # the dead too (E-OPEN-44)
    zones = enemy_reach(battle, creature, within=full)
    start = creature.cell
    disengage = _disengage_fields(grid, action, kind.move_types.keys(), start, zones)
    difficult = read_only(
        np.asarray(profile.field_costs(grid.difficult, grid.terrain)) > profile.cost_factor
    )
    trail: dict[Cell, Cell] = {}
    walled_in: tuple[Cell, ...] = ()
    outside: frozenset[Cell] = frozenset()
    fixed: dict[Cell, tuple[Cell, ...]] = {}
    charges: dict[str, tuple[Cell, ...]] = {}
    if action is Action.CHARGE:
        costs, needs_save, fixed, charges = _charge_options(battle, creature, weapon_key, zones)
    else:
        # Climbing fields the mover lacks the free hands for are walled off like enemy
        # fields (E-TERRAIN-CLIMB-1): the Move handler refuses any path entering them.
        enemies += _climbs_near(battle, creature, full)
        costs, needs_save, free = _walk_options(
            grid,
            start,
            (full, half),
            enemies=enemies,
            allies=allies,
            profile=profile,
            zones=zones if disengage else None,
        )
        if free is not None:
            walled_in, outside, trail = free.walled_in, free.outside, free.trail
    source = _PathSource(
        grid,
        start,
        tuple(enemies),
        tuple(allies),
        profile,
        walled_in=walled_in,
        outside=outside,
        trail=MappingProxyType(trail),
        fixed=MappingProxyType(fixed),
    )
    return MoveOptions(
        key=key,
        action=action,
        allowed=allowed,
        reason=reason,
        allowance=full,
        halved_allowance=half,
        costs=MappingProxyType(costs),
        cost_mask=_cost_mask(costs, shape),
        needs_save=frozenset(needs_save),
        disengage=disengage,
        difficult=difficult,
        crawling=profile.crawling,
        charges=MappingProxyType(charges),
        _source=source,
    )
