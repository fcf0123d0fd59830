"""Questions the screen asks about a match: read-only answers, exactly what it draws.

The screen never computes a rule. Every function here reads a ``Battle`` and asks
``game.rulesets.entaria.rules`` and the engine's own helpers the same questions the command handlers
ask, so an overlay cannot disagree with what a command will do. Nothing here changes
the battle or rolls a die. Results are frozen dataclasses; per-field answers on large
maps are numpy masks indexed [y, x]. An answer holds for the state it was computed on.

Where the engine decides a thing inside a handler without a separate function, the
query repeats the handler's sequence of rules calls (named below); the report of the
module lists the small engine functions that would let both share one call.
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, Cover, distance, footprint_cells
from game.board.movement import diagonal_step_blocked, find_path, reachable
from game.board.sight import visible_cells
from game.board.templates import AreaShape, template_mask
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria import melee_actions
from game.rulesets.entaria.basic_actions import (
    enemy_reach,
    move_allowance,
    movement_profile,
    unclimbable_cells,
)
from game.rulesets.entaria.catalogue import WeaponType
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.combat import (
    UNARMED,
    AttackPlan,
    armour_of,
    disturbance,
    plan_attack,
    proposed_cover,
    situation_edge,
)
from game.rulesets.entaria.engine import STUDIED_ENEMY, Battle, CommandRejected
from game.rulesets.entaria.ranged_actions import (
    ZONES,
    AreaFire,
    _validate_area_fire,
    area_of_impact,
    placement_errors,
    placement_of,
    suggested_placement,
)
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.areas import (
    AreaFireAction,
    ammo_use,
    distribution_errors,
    farthest_field,
    suggest_distribution,
)
from game.rulesets.entaria.rules.condition_changes import reveal
from game.rulesets.entaria.rules.condition_effects import perceives
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    attacker_modifiers,
    roll_modifiers,
)
from game.rulesets.entaria.rules.conditions import (
    CONDITIONS,
    ConditionRule,
    ConspicuousAct,
    Faculty,
    LpLossReaction,
    MovementRestriction,
)
from game.rulesets.entaria.rules.held_conditions import ConditionSet, closure
from game.rulesets.entaria.rules.movement import MovementProfile, disengage_required
from game.rulesets.entaria.rules.ranges import RangeBand, range_band
from game.rulesets.entaria.rules.reach import in_melee_reach, reach_mask
from game.rulesets.entaria.rules.scatter import (
    ScatterDir,
    _fly,
    scatter_direction,
    scatter_step,
    snap_direction,
)
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, SaveValue, say
from game.rulesets.entaria.situation_actions import underwater_attack_edge, underwater_rejection
from game.rulesets.entaria.state import CreatureState, Pending, Stance, cover_key
from game.rulesets.entaria.support_actions import Interact, _pick_up

BoolGrid = npt.NDArray[np.bool_]
IntGrid = npt.NDArray[np.int16]

#: The movement actions ``movement_options`` answers (crawling is Gehen while Liegend).
MOVEMENT_ACTIONS: frozenset[Action] = frozenset(
    {Action.WALK, Action.RUN, Action.CHARGE, Action.DISENGAGE}
)

__all__ = [
    "MOVEMENT_ACTIONS",
    "AreaFirePreview",
    "BandRing",
    "BudgetCard",
    "ConditionCard",
    "CreatureCard",
    "FogCache",
    "FogView",
    "GroundItem",
    "LogEntry",
    "MoveOptions",
    "RangeRings",
    "ScatterCell",
    "ScatterDiagram",
    "ScatterPath",
    "TargetMark",
    "TemplatePreview",
    "ThreatZones",
    "WeaponCard",
    "Zone",
    "area_fire_preview",
    "cover_override",
    "creature_card",
    "deckungsfeuer_zones",
    "fog_of_war",
    "log_entries_for",
    "log_for",
    "movement_options",
    "range_rings",
    "reachable_ground_items",
    "scatter_diagram",
    "scatter_path",
    "target_marks",
    "template_cells",
    "threat_zones",
]


# ------------------------------------------------------------------ small helpers
def _read_only(mask: npt.NDArray[Any]) -> npt.NDArray[Any]:
    mask.setflags(write=False)
    return mask


def _shape(battle: Battle) -> tuple[int, int]:
    return (battle.grid.height, battle.grid.width)


def _side(battle: Battle, creature: CreatureState) -> int:
    return battle.creature_type(creature).size_fields


def _cells_mask(cells: Iterable[Cell], shape: tuple[int, int]) -> BoolGrid:
    mask = np.zeros(shape, dtype=bool)
    xs: list[int] = []
    ys: list[int] = []
    height, width = shape
    for x, y in cells:
        if 0 <= x < width and 0 <= y < height:
            xs.append(x)
            ys.append(y)
    mask[ys, xs] = True
    return mask


_VISIBLE: weakref.WeakKeyDictionary[BattleGrid, dict[tuple[int, Cell], BoolGrid]] = (
    weakref.WeakKeyDictionary()
)
_VISIBLE_LIMIT = 1024


def _visible_from(grid: BattleGrid, cell: Cell) -> BoolGrid:
    """Return ``sight.visible_cells`` from ``cell``, memoised per grid version (read-only)."""
    memo = _VISIBLE.get(grid)
    if memo is None:
        memo = _VISIBLE[grid] = {}
    key = (grid.version, cell)
    mask = memo.get(key)
    if mask is None:
        if len(memo) >= _VISIBLE_LIMIT:
            memo.clear()
        mask = memo[key] = _read_only(visible_cells(grid, cell))
    return mask


_DIAGONALS: weakref.WeakKeyDictionary[BattleGrid, tuple[int, dict[tuple[Cell, Cell], bool]]] = (
    weakref.WeakKeyDictionary()
)


def _diagonal_blocked(grid: BattleGrid) -> Callable[[Cell, Cell], bool]:
    """Return ``movement.diagonal_step_blocked`` for ``grid``, memoised per grid version."""
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


def _is_hidden_from(battle: Battle, creature: CreatureState, observer: str) -> bool:
    """Return whether ``observer`` has not found ``creature`` (Battle.is_hidden_from)."""
    return battle.is_hidden_from(creature, observer)


def _conditions_toward(
    battle: Battle, creature: CreatureState, observer: CreatureState
) -> ConditionSet:
    """Return the conditions ``observer`` faces on ``creature`` (Battle.conditions_toward)."""
    return battle.conditions_toward(creature, observer)


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


# ==================================================================== movement
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
    with steps that leave no reach, with the rules' field costs, walls, enemy fields
    (E-OBST-1) and ``movement.diagonal_step_blocked``.
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
    sx, sy = start
    x0, y0 = max(0, sx - budget), max(0, sy - budget)
    x1, y1 = min(grid.width - 1, sx + budget), min(grid.height - 1, sy + budget)
    window = (slice(y0, y1 + 1), slice(x0, x1 + 1))
    costs: list[list[int]] = np.asarray(
        profile.field_costs(grid.difficult[window], grid.terrain[window])
    ).tolist()
    walled: list[list[bool]] = grid.blocks_movement[window].tolist()
    diagonal = _diagonal_blocked(grid)
    best: dict[Cell, tuple[int, float]] = {}
    trail: dict[Cell, Cell] = {}
    heap: list[tuple[int, float, Cell]] = []

    def step(before: Cell, spent: int, length: float, inside: int, dx: int, dy: int) -> None:
        nx, ny = before[0] + dx, before[1] + dy
        nxt = (nx, ny)
        # Only reach fields, never one that leaves a reach (D-10).
        if nxt not in member or inside & ~member[nxt]:
            return
        if not (x0 <= nx <= x1 and y0 <= ny <= y1) or walled[ny - y0][nx - x0]:
            return
        if nxt in foes:
            return
        key = (spent + costs[ny - y0][nx - x0], length + (_DIAGONAL if dx and dy else 1.0))
        if key[0] > budget or key >= best.get(nxt, (budget + 1, 0.0)):
            return
        if dx and dy and diagonal(before, (dx, dy)):
            return
        best[nxt] = key
        trail[nxt] = before
        heapq.heappush(heap, (key[0], key[1], nxt))

    if start in member:
        best[start] = (0, 0.0)
        heap.append((0, 0.0, start))
    else:  # enter the reach fields from their outside neighbours
        for cell in member:
            for dx, dy in DIRECTIONS_8:
                before = (cell[0] - dx, cell[1] - dy)
                if before in outside:
                    spent = outside[before]
                    step(before, spent, float(spent), 0, dx, dy)
    while heap:
        spent, length, cell = heapq.heappop(heap)
        if (spent, length) > best[cell]:
            continue
        for dx, dy in DIRECTIONS_8:
            step(cell, spent, length, member[cell], dx, dy)
    found = dict(outside)
    found.update((cell, key[0]) for cell, key in best.items())
    found = {c: v for c, v in found.items() if c == start or c not in allies}
    return _SaveFree(found, frozenset(outside), walled_in, trail)


def _cost_mask(costs: Mapping[Cell, int], shape: tuple[int, int]) -> IntGrid:
    mask = np.full(shape, -1, dtype=np.int16)
    if costs:
        cells = np.fromiter((v for cell in costs for v in cell), dtype=np.intp)
        mask[cells[1::2], cells[0::2]] = np.fromiter(costs.values(), dtype=np.int16)
    return _read_only(mask)


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

    ``melee_actions.validate_charge`` validates each Charge; for a creature whose turn
    it is not (a preview) without the budget check, which depends on the turn.
    """
    if any(creature.cell in zone for zone in zones):
        return {}
    current = creature.key == battle.state.current_key
    kind = battle.creature_type(creature)
    allowance = melee_actions.charge_allowance(battle, creature, halved=False)
    reach = max(kind.reach, weapon.reach if weapon else 1)
    result: dict[str, tuple[tuple[Cell, ...], int, bool]] = {}
    for target in battle.enemies_of(creature):
        size = battle.creature_type(target).size_fields
        if distance(creature.cell, target.cell) > allowance + reach + size:
            continue  # no straight charge of the allowance gets there
        command = melee_actions.Charge(creature.key, target.key, weapon_key)
        try:
            plan = melee_actions.validate_charge(battle, command, check_budget=current)
        except CommandRejected:
            continue
        result[target.key] = (tuple(plan.path), plan.cost, plan.needs_save)
    return result


def _climbs_near(battle: Battle, creature: CreatureState, budget: int) -> list[Cell]:
    """Return the fields within ``budget`` of the creature it may not climb onto."""
    return unclimbable_cells(battle, creature, budget)


def movement_options(
    battle: Battle, key: str, action: Action, *, weapon_key: str | None = None
) -> MoveOptions:
    """Return where ``action`` (Gehen, Laufen, Sturmangriff, Lösen) takes the creature.

    Uses the Move handler's own arguments: ``basic_actions.move_allowance``,
    ``movement_profile`` (crawling while Liegend), ``enemy_reach`` (of the enemies the
    allowance can come near), the creatures' fields as enemies and allies, and
    ``movement.reachable``/``find_path``; climbing fields the creature lacks the free
    hands for (``basic_actions.unclimbable``, E-TERRAIN-CLIMB-1) are never entered. A
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
    shape = _shape(battle)
    kind = battle.creature_type(creature)
    profile = movement_profile(battle, creature)
    if action is Action.CHARGE:
        full = melee_actions.charge_allowance(battle, creature, halved=False)
        half = melee_actions.charge_allowance(battle, creature, halved=True)
    else:
        full = move_allowance(battle, creature, action, halved=False)
        half = move_allowance(battle, creature, action, halved=True)
    enemies = [c.cell for c in battle.enemies_of(creature)]
    allies = [c.cell for c in battle.allies_of(creature)]
    zones = enemy_reach(battle, creature, within=full)
    start = creature.cell
    # Whether this action and mover make the save at all: ask the rule with a probe step.
    probe = [start, (start[0] + 1, start[1])]
    saves = disengage_required(action, probe, [{start}], move_types=kind.move_types.keys())
    disengage = (
        frozenset(c for zone in zones for c in zone if grid.in_bounds(c)) if saves else frozenset()
    )
    difficult = _read_only(
        np.asarray(profile.field_costs(grid.difficult, grid.terrain)) > profile.cost_factor
    )
    trail: dict[Cell, Cell] = {}
    walled_in: tuple[Cell, ...] = ()
    outside: frozenset[Cell] = frozenset()
    fixed: dict[Cell, tuple[Cell, ...]] = {}
    charges: dict[str, tuple[Cell, ...]] = {}
    needs_save: set[Cell] = set()
    costs: dict[Cell, int]
    if action is Action.CHARGE:
        weapon_key, weapon = _charge_weapon(battle, creature, weapon_key)
        costs = {start: 0}
        found = _charge_paths(battle, creature, weapon_key, weapon, zones=zones)
        for target_key, (path, cost, save) in found.items():
            charges[target_key] = path
            if path[-1] not in fixed:
                fixed[path[-1]] = path
                costs[path[-1]] = cost
                if save:
                    needs_save.add(path[-1])
    else:
        # Climbing fields the mover lacks the free hands for are walled off like enemy
        # fields (E-TERRAIN-CLIMB-1): the Move handler refuses any path entering them.
        enemies += _climbs_near(battle, creature, full)
        everything = reachable(
            grid, start, full, enemies=enemies, allies=allies, cost_model=profile
        )
        if not disengage:  # no path within the allowance can leave a reach
            costs = everything
        else:
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
            walled_in, outside, trail = free.walled_in, free.outside, free.trail
            for cell, cost in everything.items():
                if cell not in costs and cost <= half:
                    costs[cell] = cost
                    needs_save.add(cell)
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


# ==================================================================== threat zones
@dataclass(frozen=True)
class ThreatZones:
    """Melee reach as masks [y, x] (E-REACH-2/3, E-MELEE-2).

    ``own``: the fields the creature reaches with its longest melee reach (its own or a
    held melee weapon's, Distanz). ``enemies``: each enemy that can act, with its reach
    as the engine uses it for leaving reach and Störung (E-OPEN-11, E-OPEN-17: a
    Handlungsunfähig enemy threatens nothing). ``union``: all enemy reaches.
    """

    key: str
    own_reach: int
    own: BoolGrid
    enemies: Mapping[str, BoolGrid]
    union: BoolGrid


def _own_reach(battle: Battle, creature: CreatureState) -> int:
    kind = battle.creature_type(creature)
    weapons = [battle.catalogue.weapons.get(k) for k in creature.held]
    return max([kind.reach, 1] + [w.reach for w in weapons if w is not None and w.melee])


def threat_zones(battle: Battle, key: str) -> ThreatZones:
    """Return the creature's melee reach and each acting enemy's, as masks."""
    creature = battle.creature(key)
    shape = _shape(battle)
    reach = _own_reach(battle, creature)
    own = reach_mask(shape, creature.cell, side=_side(battle, creature), reach=reach)
    enemies: dict[str, BoolGrid] = {}
    union = np.zeros(shape, dtype=bool)
    for enemy in battle.enemies_of(creature):
        if not battle._can_take_turn(enemy):
            continue
        kind = battle.creature_type(enemy)
        mask = reach_mask(shape, enemy.cell, side=kind.size_fields, reach=kind.reach)
        union |= mask
        enemies[enemy.key] = _read_only(mask)
    return ThreatZones(key, reach, _read_only(own), MappingProxyType(enemies), _read_only(union))


# ==================================================================== range bands
@dataclass(frozen=True)
class BandRing:
    """One range band of a weapon (E-RANGE-1): its distances, use and edge (D-2)."""

    band: RangeBand
    german: str
    low: int
    high: int
    usable: bool  # the weapon can hit a target in it (E-RANGE-2; under water E-UNDERWATER-3)
    edge: int  # the band's Vorteil (+) / Nachteil (-), under water included (E-UNDERWATER-4)
    reason: str  # why it cannot be used, "" when it can


@dataclass(frozen=True)
class RangeRings:
    """The five bands round a creature for one weapon, and the band of every field.

    ``band_index`` [y, x] holds the RangeBand value (1..5) of each field's distance from
    the creature's field (Chebyshev, D-1), 0 for its own field.
    """

    key: str
    weapon_key: str
    origin: Cell
    bands: tuple[BandRing, ...]
    band_index: npt.NDArray[np.int8]

    def usable_mask(self) -> BoolGrid:
        """Return the fields in a band the weapon can use."""
        usable = np.zeros(len(RangeBand) + 1, dtype=bool)
        for ring in self.bands:
            usable[ring.band] = ring.usable
        return usable[self.band_index]


@lru_cache(maxsize=8)
def _band_table(longest: int) -> npt.NDArray[np.int8]:
    """Return the band value of each distance 0..longest (``ranges.range_band``)."""
    return np.array([int(range_band(d) or 0) for d in range(longest + 1)], dtype=np.int8)


def _distance_grid(shape: tuple[int, int], origin: Cell) -> npt.NDArray[np.intp]:
    height, width = shape
    dx = np.abs(np.arange(width) - origin[0])
    dy = np.abs(np.arange(height) - origin[1])
    return np.maximum(dx[np.newaxis, :], dy[:, np.newaxis])


def _band_index(shape: tuple[int, int], origin: Cell) -> npt.NDArray[np.int8]:
    return _band_table(max(shape))[_distance_grid(shape, origin)]


def range_rings(battle: Battle, key: str, weapon_key: str) -> RangeRings:
    """Return the weapon's range bands round the creature, with a band per field."""
    creature = battle.creature(key)
    weapon = battle.weapon(weapon_key)
    rings = []
    for band in RangeBand:
        reason = ""
        if not weapon.fires_at(band):
            reason = say(
                f"{weapon.name} cannot fire at that range (E-RANGE-2)",
                f"{weapon.name} kann auf diese Entfernung nicht schießen (E-RANGE-2)",
            )
        else:
            reason = underwater_rejection(battle, weapon, band)
        edge = band.edge + underwater_attack_edge(battle, weapon, band, False)
        rings.append(BandRing(band, band.german, band.low, band.high, not reason, edge, reason))
    index = _read_only(_band_index(_shape(battle), creature.cell))
    return RangeRings(key, weapon_key, creature.cell, tuple(rings), index)


# ==================================================================== target marks
@dataclass(frozen=True)
class TargetMark:
    """What the screen marks on another creature for the selected one.

    ``sight``: line of sight (D-9). ``cover``: the cover a ranged attack would get, as
    ``combat.plan_attack`` proposes it, the GM's override included (D-9, E-COVER-*);
    None without sight. ``computed_cover`` is the map's proposal before the override.
    ``attackable``/``reason``: whether ``combat.plan_attack`` accepts an attack with
    the weapon now, else its rejection. ``edge``: the counted Vorteil/Nachteil the attack
    roll would get (D-2), None when it cannot be made; ``reasons`` name the sources.
    """

    key: str
    sight: bool
    cover: Cover | None
    computed_cover: Cover | None
    override: Cover | None
    band: RangeBand | None
    distance: int
    in_melee_reach: bool
    attackable: bool
    reason: str
    melee: bool | None
    edge: int | None
    automatic_failure: bool
    reasons: tuple[str, ...]


def _attack_edge(
    battle: Battle, plan: AttackPlan, disturbed: int
) -> tuple[int, bool, tuple[str, ...]]:
    """Return the edge, automatic failure and reasons ``combat.resolve_attack`` would use.

    ``combat.situation_edge`` (range band, cover, Störung, water, riding) plus what
    ``Battle.check`` folds in: the attacker's own conditions (unforeseen, studied
    target) and the target's toward him (Wehrlos, Schemenhaft).
    """
    attacker, target = plan.attacker, plan.target
    edge, reasons = situation_edge(battle, plan, disturbed=disturbed)
    # Unforeseen only while the target has not found the attacker; otherwise the attack
    # reveals him before the roll (E-UNFORESEEN-1, E-COND-UNENTDECKT-5).
    unforeseen = _is_hidden_from(battle, attacker, target.key)
    conditions = attacker.conditions
    if Condition.UNDETECTED in conditions and not unforeseen:
        conditions = reveal(conditions, ConspicuousAct.ATTACK)
    studied = any(e.name == STUDIED_ENEMY and e.source == attacker.key for e in target.effects)
    context = RollContext(
        attribute=Attribute.MELEE if plan.melee else Attribute.RANGED,
        is_attack=True,
        is_melee=plan.melee,
        unforeseen=unforeseen,
        studied_target=studied,
    )
    own = roll_modifiers(conditions, context)
    theirs = attacker_modifiers(_conditions_toward(battle, target, attacker))
    reasons.extend(theirs.reasons)
    reasons.extend(own.reasons)
    return edge + own.edge + theirs.edge, own.automatic_failure, tuple(reasons)


def cover_override(battle: Battle, attacker_key: str, target_key: str) -> Cover | None:
    """Return the GM's cover ruling for the next attack of the pair, or None (D-9).

    The ruling holds until that attacker's next attack on that target is made (then
    ``combat.resolve_attack`` drops it). Unknown keys have no ruling.
    """
    value = battle.state.cover_overrides.get(cover_key(attacker_key, target_key))
    return None if value is None else Cover[value]


def target_marks(
    battle: Battle,
    key: str,
    weapon_key: str | None = None,
    *,
    only: Iterable[str] | None = None,
) -> dict[str, TargetMark]:
    """Return a mark for every other living creature: sight, cover, band, reach, edge.

    ``weapon_key`` is the weapon the attack would use (``"unarmed"`` for bare hands);
    default the first weapon in hand, else unarmed. The attack is planned with
    ``combat.plan_attack`` exactly as the Attack command plans it. The marks ignore who
    may see whom: the screen filters them with ``fog_of_war``, or passes the keys it
    shows as ``only`` (cheaper on a crowded map).
    """
    attacker = battle.creature(key)
    if weapon_key is None:
        weapon_key = attacker.held[0] if attacker.held else UNARMED
    weapon = None if weapon_key == UNARMED else battle.weapon(weapon_key)
    kind = battle.creature_type(attacker)
    reach = max(kind.reach, weapon.reach if weapon is not None and weapon.melee else 1)
    marks: dict[str, TargetMark] = {}
    living = [c for c in battle.state.creatures.values() if Condition.DEAD not in c.conditions]
    occupied = frozenset(c.cell for c in living)
    wanted = None if only is None else frozenset(only)
    disturbed: int | None = None
    for target in living:
        if target.key == attacker.key or (wanted is not None and target.key not in wanted):
            continue
        fields = distance(attacker.cell, target.cell)
        override = cover_override(battle, attacker.key, target.key)
        in_reach = in_melee_reach(
            attacker.cell,
            target.cell,
            attacker_side=kind.size_fields,
            target_side=_side(battle, target),
            reach=reach,
        )
        edge: int | None = None
        failure = False
        reasons: tuple[str, ...] = ()
        melee: bool | None = None
        plan: AttackPlan | None = None
        cover: Cover | None
        computed: Cover | None
        try:
            if weapon is not None and weapon.targets_field:
                raise CommandRejected(
                    say(
                        f"{weapon.name} is thrown at a field (E-THROW-2)",
                        f"{weapon.name} wird auf ein Feld geworfen (E-THROW-2)",
                    )
                )
            plan = plan_attack(battle, attacker, target, weapon)
            melee = plan.melee
            if disturbed is None:
                disturbed = disturbance(battle, attacker)
            edge, failure, reasons = _attack_edge(battle, plan, disturbed)
            why = ""
        except CommandRejected as error:
            why = error.reason
        if plan is not None and not plan.melee and override is None:
            sight, cover, computed = True, plan.cover, plan.cover  # plan_attack's own answer
        else:
            cover, computed = proposed_cover(battle, attacker, target, occupied)
            sight = computed is not None
        marks[target.key] = TargetMark(
            key=target.key,
            sight=sight,
            cover=cover,
            computed_cover=computed,
            override=override,
            band=range_band(fields),
            distance=fields,
            in_melee_reach=in_reach,
            attackable=not why,
            reason=why,
            melee=melee,
            edge=edge,
            automatic_failure=failure,
            reasons=reasons,
        )
    return marks


# ==================================================================== templates
@dataclass(frozen=True)
class TemplatePreview:
    """The fields an area template covers on the map (D-8) and the creatures inside."""

    shape: AreaShape
    origin: Cell
    angle_deg: float
    length: float
    mask: BoolGrid
    cells: frozenset[Cell]
    creatures: tuple[str, ...]


def template_cells(
    battle: Battle,
    shape: AreaShape | str,
    origin: Cell,
    angle_deg: float,
    length: float,
    *,
    snap45: bool = False,
    impact_from: Cell | None = None,
) -> TemplatePreview:
    """Return the fields of a beam, cone or circle, clipped to the map, and who is inside.

    ``snap45`` turns the angle to the nearest multiple of 45° (the screen's Shift).
    ``impact_from``: preview a thrown weapon landing on ``origin`` from that field: the
    area the engine deals damage to (``ranged_actions.area_of_impact``: no walls, only
    fields the landing field sees, the angle along the flight).
    """
    kind = AreaShape(shape)
    origin = (int(origin[0]), int(origin[1]))
    angle = float(angle_deg)
    if snap45:
        angle = float((round(angle / 45.0) * 45) % 360)
    grid = battle.grid
    if impact_from is not None:
        area = area_of_impact(grid, kind, length, impact_from, origin)
        mask = _cells_mask(area, _shape(battle))
        dx, dy = origin[0] - impact_from[0], origin[1] - impact_from[1]
        angle = math.degrees(math.atan2(dy, dx)) if (dx or dy) else 270.0
    else:
        mask = template_mask(kind, _shape(battle), origin, angle, length)
    ys, xs = np.nonzero(mask)
    cells = frozenset(zip(xs.tolist(), ys.tolist(), strict=True))
    inside = tuple(
        c.key
        for c in battle.state.creatures.values()
        if Condition.DEAD not in c.conditions
        and not cells.isdisjoint(footprint_cells(c.cell, _side(battle, c)))
    )
    return TemplatePreview(kind, origin, angle, float(length), _read_only(mask), cells, inside)


# ==================================================================== scatter
@dataclass(frozen=True)
class ScatterCell:
    """One outer cell of the turned scatter diagram (D-7, E-SCATTER-4/5)."""

    direction: ScatterDir
    offset: Cell  # (dx, dy) from the intended field
    cell: Cell  # the intended field plus the offset (may lie off the map)
    low: int  # the d20 range that picks this cell
    high: int

    @property
    def label(self) -> str:
        """Return the d20 range as the rulebook prints it: "1-4", "11"."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class ScatterDiagram:
    """The rulebook's 3×3 diagram laid on the intended field, turned to the flight."""

    thrower: Cell
    target: Cell
    flight_step: Cell  # the flight direction snapped to one of the 8 grid steps (D-7)
    cells: tuple[ScatterCell, ...]  # ahead first, then clockwise (d20 order)

    def cell_for(self, d20: int) -> ScatterCell:
        """Return the diagram cell a d20 picks."""
        direction = scatter_direction(d20)
        return next(c for c in self.cells if c.direction is direction)


@dataclass(frozen=True)
class ScatterPath:
    """The fields a scattered object passes, from the intended field to where it lands."""

    cells: tuple[Cell, ...]  # intended field first, landing field last
    landing: Cell
    stopped: bool  # a wall, closed door or the map edge stopped it short (E-OPEN-27)


def scatter_diagram(battle: Battle, thrower_key: str, target_cell: Cell) -> ScatterDiagram:
    """Return the scatter diagram for a throw from the creature at ``target_cell``."""
    thrower = battle.creature(thrower_key).cell
    target = (int(target_cell[0]), int(target_cell[1]))
    flight = snap_direction((target[0] - thrower[0], target[1] - thrower[1]))
    ranges: dict[ScatterDir, list[int]] = {}
    steps: dict[ScatterDir, Cell] = {}
    for d20 in range(1, 21):
        direction = scatter_direction(d20)
        ranges.setdefault(direction, []).append(d20)
        steps[direction] = scatter_step(d20, flight)
    cells = tuple(
        ScatterCell(
            direction,
            steps[direction],
            (target[0] + steps[direction][0], target[1] + steps[direction][1]),
            min(ranges[direction]),
            max(ranges[direction]),
        )
        for direction in sorted(ranges, key=lambda d: min(ranges[d]))
    )
    return ScatterDiagram(thrower, target, flight, cells)


def scatter_path(battle: Battle, target_cell: Cell, step: Cell, distance_roll: int) -> ScatterPath:
    """Return the fields a missed throw passes: ``step`` per field, ``distance_roll`` times.

    ``step`` and ``distance_roll`` are the Scatter result's (the "scatter" event's
    data); the object stops on the last field before a wall, closed door or the map
    edge, as ``scatter.scatter`` lets it fly (D-7, E-OPEN-27).
    """
    target = (int(target_cell[0]), int(target_cell[1]))
    dx, dy = int(step[0]), int(step[1])
    landing = _fly(battle.grid, target, (dx, dy), int(distance_roll))
    cells = [target]
    while cells[-1] != landing:
        cells.append((cells[-1][0] + dx, cells[-1][1] + dy))
    return ScatterPath(tuple(cells), landing, len(cells) - 1 < int(distance_roll))


# ==================================================================== area fire
@dataclass(frozen=True)
class AreaFirePreview:
    """Painted area fire checked against D-6 while the player paints.

    Choosing the area (nothing rolled yet): the AreaFireRoll command rolls the total
    (E-AREAFIRE-4), so ``total`` is None and ``min_total``..``max_total``
    (``max_total_crit`` on a natural 20, E-OPEN-30 (i)) bound it; ``remaining`` is then
    None and ``remaining_at_max`` what is left at the highest total. ``sw`` is the
    per-field maximum (E-AREAFIRE-7/8). ``errors`` are ``areas.distribution_errors`` for
    the painting (line of sight, range, own field, joined by edges, 1..SW; the sum only
    once the total is known). ``reason`` is the engine's verdict on the declaration
    (weapon, mode, ammunition, budget, fields), "" when AreaFire would be accepted.
    ``fill_at_max`` is how the engine fills the declared fields in order at the highest
    total (``areas.suggest_distribution``). ``paintable`` [y, x]: fields that may be hit.

    Placing a rolled total (``placing``: a Pending AREA_FIRE_PLACEMENT of the actor,
    D-6): weapon, mode and SW are the rolled fire's; ``total`` is what must be placed
    (the pending's ``placeable``: the rolled total cut to SW x declared fields,
    E-OPEN-24 (iv)) and ``rolled`` the total the dice gave; ``remaining`` what is left;
    ``errors`` are ``ranged_actions.placement_errors`` (exactly what PlaceAreaFire
    refuses); ``reason`` is "" and ``valid`` means PlaceAreaFire accepts the painting;
    ``paintable`` is limited to the declared fields (in sight and range of the field
    fired from, never that field); ``fill_at_max`` is the placement EndTurn would lay
    (``ranged_actions.suggested_placement``); ``check_edge`` is None (already rolled).
    """

    actor: str
    weapon_key: str
    mode: AreaFireAction
    sw: int
    multiplier: int | None
    ammo: int | None
    total: int | None
    min_total: int | None
    max_total: int | None
    max_total_crit: int | None
    placed: int
    remaining: int | None
    remaining_at_max: int | None
    band: RangeBand | None
    check_edge: int | None
    errors: tuple[str, ...]
    reason: str
    valid: bool
    fill_at_max: Mapping[Cell, int]
    paintable: BoolGrid
    placing: bool = False
    rolled: int | None = None
    declared: tuple[Cell, ...] = ()


def _fire_mask(battle: Battle, weapon: WeaponType, origin: Cell) -> tuple[BoolGrid, BoolGrid]:
    """Return the fields ``origin`` sees and the fields in the weapon's usable bands."""
    seen = _visible_from(battle.grid, origin)
    band_index = _band_index(_shape(battle), origin)
    usable = np.array([False] + [weapon.fires_at(band) for band in RangeBand], dtype=bool)[
        band_index
    ]
    return seen, usable


def area_fire_preview(
    battle: Battle,
    actor_key: str,
    weapon_key: str,
    mode: AreaFireAction | str,
    allocation: Mapping[Cell, int],
) -> AreaFirePreview:
    """Return the painted allocation checked against D-6, with what is left to place.

    With nothing rolled, the keys of ``allocation`` in insertion order are the fields
    the AreaFireRoll command would declare (the engine fills them in that order when the
    turn ends unplaced). When the actor's rolled area fire waits for its placement, the
    allocation is checked as the PlaceAreaFire values (see AreaFirePreview).
    """
    battle.creature(actor_key)  # an unknown actor is refused here, as by the engine
    pending = placement_of(battle, actor_key)
    if pending is not None:
        return _placement_preview(battle, pending, allocation)
    shooter = battle.creature(actor_key)
    weapon = battle.weapon(weapon_key)
    kind = mode if isinstance(mode, AreaFireAction) else AreaFireAction[mode]
    cells = [(int(x), int(y)) for x, y in allocation]
    values = {cell: allocation[cell] for cell in allocation}
    placed = sum(int(v) for v in values.values())
    bem = weapon.bem
    sw = weapon.damage_value
    multiplier = bem.multiplier if bem is not None else None
    ammo = (
        ammo_use(bem.ammo, covering_fire=kind is AreaFireAction.COVERING_FIRE)
        if bem is not None
        else None
    )
    low = high = high_crit = None
    if multiplier is not None:
        low, high = (sw + 1) * multiplier, (sw + 6) * multiplier
        high_crit = high * 2
    try:
        _validate_area_fire(battle, AreaFire(actor_key, weapon_key, kind.name, tuple(cells)))
        reason = ""
    except CommandRejected as error:
        reason = error.reason
    grid = battle.grid
    seen, usable = _fire_mask(battle, weapon, shooter.cell)
    paintable = seen & usable & ~grid.blocks_movement
    paintable[shooter.cell[1], shooter.cell[0]] = False
    errors = distribution_errors(
        values,
        sw=sw,
        total=placed,
        shooter=shooter.cell,
        visible=seen,
        in_range=usable,
    )
    band = range_band(farthest_field(shooter.cell, cells)) if cells else None
    check_edge = None
    if band is not None:
        own = roll_modifiers(
            shooter.conditions, RollContext(attribute=Attribute.RANGED, is_attack=True)
        )
        check_edge = band.edge + disturbance(battle, shooter) + kind.check_edge + own.edge
    fill = suggest_distribution(high, sw, cells) if high is not None and sw >= 1 else {}
    return AreaFirePreview(
        actor=actor_key,
        weapon_key=weapon_key,
        mode=kind,
        sw=sw,
        multiplier=multiplier,
        ammo=ammo,
        total=None,
        min_total=low,
        max_total=high,
        max_total_crit=high_crit,
        placed=placed,
        remaining=None,
        remaining_at_max=high - placed if high is not None else None,
        band=band,
        check_edge=check_edge,
        errors=tuple(errors),
        reason=reason,
        valid=not reason and not errors,
        fill_at_max=MappingProxyType(fill),
        paintable=_read_only(paintable),
        declared=tuple(cells),
    )


def _placement_preview(
    battle: Battle, pending: Pending, allocation: Mapping[Cell, int]
) -> AreaFirePreview:
    """Return the preview of placing the rolled area fire ``pending`` waits with (D-6)."""
    data = pending.data
    weapon = battle.weapon(str(data["weapon"]))
    kind = AreaFireAction[str(data["mode"])]
    origin = (int(data["from"][0]), int(data["from"][1]))
    declared = tuple((int(x), int(y)) for x, y in data["fields"])
    values = dict(allocation)
    placed = sum(int(v) for v in values.values())
    total = int(data["placeable"])
    bem = weapon.bem
    errors = placement_errors(battle, pending, values)
    seen, usable = _fire_mask(battle, weapon, origin)
    paintable = seen & usable & _cells_mask(declared, _shape(battle))
    paintable[origin[1], origin[0]] = False
    return AreaFirePreview(
        actor=pending.actor,
        weapon_key=weapon.key,
        mode=kind,
        sw=int(data["sw"]),
        multiplier=bem.multiplier if bem is not None else None,
        ammo=(
            ammo_use(bem.ammo, covering_fire=kind is AreaFireAction.COVERING_FIRE)
            if bem is not None
            else None
        ),
        total=total,
        min_total=total,
        max_total=total,
        max_total_crit=None,
        placed=placed,
        remaining=total - placed,
        remaining_at_max=total - placed,
        band=range_band(farthest_field(origin, declared)) if declared else None,
        check_edge=None,
        errors=tuple(errors),
        reason="",
        valid=not errors,
        fill_at_max=MappingProxyType(suggested_placement(battle, pending)),
        paintable=_read_only(paintable),
        placing=True,
        rolled=int(data["total"]),
        declared=declared,
    )


# ==================================================================== fog of war
@dataclass(frozen=True)
class FogView:
    """What one side sees: the fields (mask [y, x]) and the creatures it may be shown."""

    side: str
    visible: BoolGrid
    creatures: frozenset[str]


def _sees(battle: Battle, creature: CreatureState) -> bool:
    """Return whether the creature can see: alive and not Blind or Bewusstlos."""
    held = closure(creature.conditions)
    return Condition.DEAD not in held and perceives(held, Faculty.SIGHT)


def _hidden_from_side(battle: Battle, creature: CreatureState, side: str) -> bool:
    """Return whether no creature of ``side`` has found ``creature``.

    Unentdeckt as the engine keeps it (``Battle.is_hidden_from_side``, per observer,
    E-COND-UNENTDECKT-4); Unsichtbar is never seen (E-COND-UNSICHTBAR-1).
    """
    if Condition.INVISIBLE in creature.conditions:
        return True
    # hidden_from is empty unless Unentdeckt: skip the side's member list then
    return bool(battle.hidden_from(creature)) and battle.is_hidden_from_side(creature, side)


class FogCache:
    """Remember each side's FogView until the grid, the positions or the state change.

    The screen asks every frame; a view is recomputed only when the grid's version,
    the record of commands, the log or any creature's field, conditions or hiding
    changed. Each observer's ``sight.visible_cells`` is memoised per field and grid
    version, so a move recomputes one creature's sight only.
    """

    def __init__(self) -> None:
        self._views: dict[str, tuple[Any, FogView]] = {}
        self._battle: weakref.ReferenceType[Battle] | None = None

    def view(self, battle: Battle, side_key: str) -> FogView:
        """Return the side's view, computing it only when something changed."""
        if self._battle is None or self._battle() is not battle:
            self._views.clear()
            self._battle = weakref.ref(battle)
        signature = (
            battle.grid.version,
            len(battle.record),
            len(battle.log),
            id(battle.state),
            tuple(
                (c.key, c.cell, c.conditions, c.hidden, frozenset(getattr(c, "hidden_from", ())))
                for c in battle.state.creatures.values()
            ),
        )
        entry = self._views.get(side_key)
        if entry is not None and entry[0] == signature:
            return entry[1]
        view = _fog(battle, side_key)
        self._views[side_key] = (signature, view)
        return view


# One cache per battle, held no longer than the battle: two matches (or a clone) never
# evict or answer each other's views.
_FOG: weakref.WeakKeyDictionary[Battle, FogCache] = weakref.WeakKeyDictionary()


def _fog(battle: Battle, side_key: str) -> FogView:
    if side_key not in battle.sides:
        raise ValueError(f"unknown side {side_key!r}")
    grid = battle.grid
    shape = _shape(battle)
    visible = np.zeros(shape, dtype=bool)
    for creature in battle.state.creatures.values():
        if creature.side != side_key or not _sees(battle, creature):
            continue
        cells = footprint_cells(creature.cell, _side(battle, creature))
        sight = _visible_from(grid, cells[0])
        for cell in cells[1:]:
            if grid.in_bounds(cell):
                sight = sight | _visible_from(grid, cell)
        visible |= sight
    shown: set[str] = set()
    for creature in battle.state.creatures.values():
        if creature.side == side_key:
            shown.add(creature.key)
            continue
        cells = [
            c for c in footprint_cells(creature.cell, _side(battle, creature)) if grid.in_bounds(c)
        ]
        if not any(visible[y, x] for x, y in cells):
            continue
        if Condition.DEAD in creature.conditions or not _hidden_from_side(
            battle, creature, side_key
        ):
            shown.add(creature.key)
    return FogView(side_key, _read_only(visible), frozenset(shown))


def fog_of_war(battle: Battle, side_key: str, cache: FogCache | None = None) -> FogView:
    """Return the fields a side's seeing creatures see and the creatures it may be shown.

    ``visible`` is the union of what the side's creatures that can see (not Blind,
    Bewusstlos or dead) see (``sight.visible_cells``, D-9). Its own creatures are always
    shown; another creature when one of its fields is visible and it is not hidden from
    the side: Unentdeckt toward every living member (``Battle.is_hidden_from_side``,
    E-COND-UNENTDECKT-4) or Unsichtbar. The dead are shown where the side sees. Cached in
    ``cache`` (default: a FogCache of this battle's own, dropped with the battle).
    """
    if cache is None:
        cache = _FOG.get(battle)
        if cache is None:
            cache = _FOG[battle] = FogCache()
    return cache.view(battle, side_key)


# ==================================================================== the log under fog
@dataclass(frozen=True)
class LogEntry:
    """One event of ``Battle.log`` a viewer may see, with its index there (stable)."""

    index: int
    event: Event


#: Event data keys that name a creature the event happens to, besides its actor.
_NAMED_KEYS = (
    "target",
    "defender",
    "subject",
    "creature",
    "found_by",
    "mount",
    "passenger",
    "order",  # the initiative order lists every creature in it
)
#: Actorless events naming creatures in pairs (Duell).
_PAIR_KEYS = ("a", "b")
#: A Verbergen roll carries this rule (support_actions._hide); its outcome is "hide".
_HIDING_ROLL_RULE = "E-ACT-VH-VERBERGEN-2"


def _named(battle: Battle, event: Event) -> set[str]:
    """Return the keys of the creatures ``event`` names in its data (not its actor)."""
    creatures = battle.state.creatures
    names: set[str] = set()
    for key in (*_NAMED_KEYS, *_PAIR_KEYS):
        value = event.data.get(key)
        values = value if isinstance(value, list | tuple) else (value,)
        names.update(v for v in values if isinstance(v, str) and v in creatures)
    return names


def _is_hiding(event: Event) -> bool:
    """Return whether ``event`` is a Verbergen: its roll or its outcome."""
    if event.kind == "hide":
        return True
    return event.kind == "roll" and event.data.get("rule") == _HIDING_ROLL_RULE


def _noticed(event: Event, mine: Collection[str]) -> bool:
    """Return whether one of ``mine`` noticed the Verbergen ``event`` reports (its roll lost)."""
    observers = event.data.get("observers") or {}
    return any(observers.get(key) is False for key in mine)


def log_entries_for(battle: Battle, sides: Collection[str]) -> list[LogEntry]:
    """Return the match log as a viewer of ``sides`` may see it under fog of war.

    An event is shown when (first match wins):

    1. its actor belongs to one of the sides;
    2. it is an enemy's Verbergen (the roll with rule E-ACT-VH-VERBERGEN-2 and the
       "hide" outcome that follows it): only when a creature of the sides noticed it
       (its roll did not beat that observer, E-OPEN-50) -- never to those it hid from;
    3. it has no actor: unless it names a creature the sides are not shown (a GM
       ruling on a hidden creature, the initiative order with a hidden one in it);
    4. its actor is shown to one of the sides now (``fog_of_war``: in sight and not
       Unentdeckt toward the side, E-COND-UNENTDECKT-4);
    5. it names a creature of the sides in its data (``target``, ``defender``,
       ``found_by``, ...): a hero learns of the shot that hits him and who found him.

    The game master's answer to a question (``gm_answer``) quotes it, so it is shown
    exactly when its question is.

    Everything else is left out. The events are judged by what the sides see now, not
    when they happened: an enemy's earlier moves show once it is in sight, and leave the
    log while it is not; its Verbergen rolls stay hidden for good. The game master (or
    a screen without fog of war) reads ``Battle.log`` itself. ``index`` is the event's
    place in ``Battle.log``.
    """
    wanted = list(dict.fromkeys(sides))
    views = [fog_of_war(battle, side) for side in wanted]  # unknown side: ValueError
    mine = {c.key for c in battle.state.creatures.values() if c.side in wanted}
    seen = mine.union(*(view.creatures for view in views))
    log = battle.log
    shown: list[bool] = [False] * len(log)
    noticed: dict[str, bool] = {}  # actor -> whether the sides noticed its next Verbergen
    for index in range(len(log) - 1, -1, -1):  # backwards: a roll comes before its outcome
        event = log[index]
        actor = event.actor
        if actor is not None and actor in mine:
            shown[index] = True
        elif _is_hiding(event):
            if event.kind == "hide" and actor is not None:
                noticed[actor] = _noticed(event, mine)
            shown[index] = actor is not None and noticed.get(actor, False)
        elif actor is None:
            shown[index] = _named(battle, event) <= seen
        else:
            shown[index] = actor in seen or not _named(battle, event).isdisjoint(mine)
    for index, event in enumerate(log):
        if event.kind == "gm_answer":  # quotes its question: shown exactly when that is
            question = event.data.get("question")
            shown[index] = isinstance(question, int) and 0 <= question < index and shown[question]
    return [LogEntry(index, event) for index, event in enumerate(log) if shown[index]]


def log_for(battle: Battle, sides: Collection[str]) -> list[Event]:
    """Return the events of the match log a viewer of ``sides`` may see (``log_entries_for``)."""
    return [entry.event for entry in log_entries_for(battle, sides)]


# ==================================================================== ground items
@dataclass(frozen=True)
class GroundItem:
    """Items of one kind lying on a field that a creature may pick up."""

    cell: Cell
    item: str  # catalogue key
    count: int  # how many of them the creature knows of there


def reachable_ground_items(battle: Battle, key: str) -> list[GroundItem]:
    """Return the items on the ground the creature may pick up now (Interagieren).

    Each is one the Interact "pick_up" handler accepts (``support_actions._pick_up``:
    the field's distance, an item the creature knows of -- those hidden from it by
    Verbergen are left out, E-ACT-VH-VERBERGEN-3 -- and a free hand). The action's own
    checks (budget, a creature busy elsewhere) are ``legal_actions``' for INTERACT.
    """
    creature = battle.creature(key)
    found: list[GroundItem] = []
    for cell, items in battle.visible_ground_items(creature).items():
        for item in dict.fromkeys(items):
            try:
                _pick_up(battle, creature, Interact(key, "pick_up", item=item, cell=cell))
            except CommandRejected:
                continue
            found.append(GroundItem(cell, item, items.count(item)))
    return found


# ==================================================================== zones
@dataclass(frozen=True)
class Zone:
    """Fields held under Deckungsfeuer or Dauerfeuer until the shooter's next turn.

    ``kind``: "covering_fire" (Deckungsfeuer, E-ACT-VH-DECKUNGSFEUER-3) or "area_fire"
    (Dauerfeuer, E-OPEN-25). ``values``: the damage placed on each field (D-6).
    """

    shooter: str
    kind: str
    side: str
    weapon_key: str
    cells: frozenset[Cell]
    values: Mapping[Cell, int]

    @property
    def covering(self) -> bool:
        return self.kind == "covering_fire"


def deckungsfeuer_zones(battle: Battle) -> list[Zone]:
    """Return the active Deckungsfeuer and Dauerfeuer zones with their shooters."""
    zones = []
    for pending in battle.state.pending:
        if pending.kind not in ZONES:
            continue
        values = {(int(x), int(y)): int(v) for x, y, v in pending.data.get("fields", [])}
        zones.append(
            Zone(
                shooter=pending.actor,
                kind=pending.kind,
                side=str(pending.data.get("side", "")),
                weapon_key=str(pending.data.get("weapon", "")),
                cells=frozenset(values),
                values=MappingProxyType(values),
            )
        )
    return zones


# ==================================================================== creature card
@dataclass(frozen=True)
class WeaponCard:
    """A weapon as the card lists it."""

    key: str
    name: str
    english: str
    held: bool
    sw: int
    damage_type: str
    bands: tuple[RangeBand, ...]
    melee: bool
    reach: int
    thrown: bool
    bem: str | None  # "m,a"
    magazine: int | None  # rounds left
    magazine_size: int | None
    attributes: tuple[str, ...]


@dataclass(frozen=True)
class ConditionCard:
    """A condition with its names and a short explanation built from its rule data."""

    condition: Condition
    german: str
    english: str
    count: int  # instances (Irritiert) or level (Erschöpft); 0 when only implied
    implied: bool  # held because another condition implies it
    explanation_de: str
    explanation_en: str
    rule_ids: tuple[str, ...]


@dataclass(frozen=True)
class BudgetCard:
    """What is left of the current creature's turn (E-ACT-2, E-ACT-FH-2)."""

    halves_left: int
    full: bool
    longer: bool
    free: bool
    taken: tuple[Action, ...]
    forfeited: bool


@dataclass(frozen=True)
class CreatureCard:
    """Everything the creature card shows."""

    key: str
    name: str
    type_key: str
    type_name: str
    side: str
    side_name: str
    is_character: bool
    attributes: Mapping[Attribute, int]
    saves: Mapping[SaveValue, int]  # with conditions (Erschöpft, Geschützt)
    base_saves: Mapping[SaveValue, int]
    lp: int
    max_lp: int
    movement: int
    move_types: Mapping[str, int]
    armour: int  # Panzerung against a ranged hit without cover (D-4)
    armour_pieces: tuple[tuple[str, str, int], ...]  # (key, name, PAZ)
    weapons: tuple[WeaponCard, ...]
    items: tuple[str, ...]
    conditions: tuple[ConditionCard, ...]
    stance: Stance
    altitude: int
    initiative: int
    out_of_fight: bool
    current: bool
    budget: BudgetCard | None


def _edge_words(n: int) -> tuple[str, str]:
    return ("Vorteil", "advantage") if n > 0 else ("Nachteil", "disadvantage")


_FACULTIES = {
    Faculty.SIGHT: ("Sicht", "sight"),
    Faculty.HEARING: ("Gehör", "hearing"),
    Faculty.SPEECH: ("Sprache", "speech"),
}
_MOVES = {
    MovementRestriction.AWAY_FROM_SOURCE: (
        "bewegt sich nur von der Quelle weg",
        "moves only away from the source",
    ),
    MovementRestriction.TOWARD_SOURCE: (
        "bewegt sich nur auf die Quelle zu",
        "moves only toward the source",
    ),
    MovementRestriction.RUN_AWAY_FROM_SOURCE: (
        "muss jede Runde vor der Quelle weglaufen",
        "must run away from the source every round",
    ),
}


def _english(condition: Condition) -> str:
    return condition.name.replace("_", " ").capitalize()


def explain_condition(rule: ConditionRule) -> tuple[str, str]:
    """Return a short German and English explanation built from the condition's rule."""
    de: list[str] = []
    en: list[str] = []

    def say(german: str, english: str) -> None:
        de.append(german)
        en.append(english)

    if not rule.can_act:
        say("kann nicht handeln", "cannot act")
    for n, what_de, what_en in (
        (rule.own_roll_edge, "allen Proben", "all checks"),
        (rule.body_checks_edge, "Körperproben und Angriffen", "body checks and attacks"),
        (rule.melee_attack_edge, "eigenen Nahkampfangriffen", "own melee attacks"),
        (
            rule.non_source_attack_edge,
            "Angriffen auf andere als die Quelle",
            "attacks on others than the source",
        ),
    ):
        if n:
            word_de, word_en = _edge_words(n)
            say(f"{word_de} bei {what_de}", f"{word_en} on {what_en}")
    if rule.modifier_per_level:
        m = rule.modifier_per_level
        say(f"WM {m:+d} je Stufe auf Proben", f"{m:+d} per level on checks")
    if rule.attackers_edge:
        word_de, word_en = _edge_words(rule.attackers_edge)
        say(f"Angreifer haben {word_de}", f"attackers have {word_en}")
    if rule.dodge_modifier:
        say(f"Ausweichen {rule.dodge_modifier:+d}", f"dodge {rule.dodge_modifier:+d}")
    if rule.save_value_per_level:
        v = rule.save_value_per_level
        say(f"Rettungswerte {v:+d} je Stufe", f"saves {v:+d} per level")
    if rule.untargetable:
        say("kann nicht direkt angegriffen werden", "cannot be targeted directly")
    if rule.bew_zero:
        say("BEW 0", "movement 0")
    if rule.bew_halved:
        say("BEW halbiert", "movement halved")
    if rule.bew_per_level:
        say(f"BEW {rule.bew_per_level:+d} je Stufe", f"movement {rule.bew_per_level:+d} per level")
    if rule.movement is MovementRestriction.CRAWL:
        say(f"kriecht: {rule.crawl_cost} je Feld", f"crawls: {rule.crawl_cost} per field")
    elif rule.movement is not None:
        say(*_MOVES[rule.movement])
    if rule.lost_faculties:
        lost = [_FACULTIES[f] for f in Faculty if f in rule.lost_faculties]
        say(
            "verliert " + ", ".join(g for g, _ in lost),
            "loses " + ", ".join(e for _, e in lost),
        )
    if rule.lp_loss_at_turn_start:
        n = rule.lp_loss_at_turn_start
        say(f"verliert {n} LP zu Beginn jedes Zuges", f"loses {n} LP at the start of each turn")
    if rule.lp_loss_per_hour:
        n = rule.lp_loss_per_hour
        say(f"verliert {n} LP pro Stunde", f"loses {n} LP per hour")
    if not rule.lp_regenerates:
        say("LP regenerieren nicht", "LP do not regenerate")
    if rule.healing_immune:
        say("kann nicht geheilt werden", "cannot be healed")
    if rule.implies:
        implied = [c for c in Condition if c in rule.implies]
        say(
            "gilt als " + ", ".join(c.value for c in implied),
            "counts as " + ", ".join(_english(c).lower() for c in implied),
        )
    if rule.implies_while_source_in_sight:
        implied = [c for c in Condition if c in rule.implies_while_source_in_sight]
        say(
            ", ".join(c.value for c in implied) + ", solange die Quelle in Sicht ist",
            ", ".join(_english(c).lower() for c in implied) + " while the source is in sight",
        )
    if rule.drops_held_items:
        say("lässt alles Gehaltene fallen", "drops everything held")
    if rule.initiative_override is not None:
        n = rule.initiative_override
        say(f"Initiative {n}", f"initiative {n}")
    if rule.on_lp_loss is LpLossReaction.ENDS:
        say("endet bei LP-Verlust", "ends on losing LP")
    elif rule.on_lp_loss is LpLossReaction.SAVE_OR_ENDS:
        say(
            "bei LP-Verlust Reflexe vs ZW 10, sonst endet er",
            "on losing LP: Reflexes vs 10 or it ends",
        )
    if rule.detection is not None:
        t = rule.detection.target
        say(f"entdecken: ZW {t}", f"found on target {t}")
    if rule.removed_by_action:
        say(f"endet durch {rule.removed_by_action}", f"ends with {rule.removed_by_action}")
    if rule.voluntary_end:
        say("kann freiwillig beendet werden", "can be ended at will")
    if not de:
        ids = ", ".join(rule.rule_ids)
        say(f"siehe {ids}", f"see {ids}")
    return "; ".join(de), "; ".join(en)


def _budget_card(battle: Battle) -> BudgetCard:
    budget = battle.state.budget

    def can(kind: ActionType) -> bool:
        return budget.can_spend(Action.WALK, as_type=kind)[0]

    return BudgetCard(
        halves_left=budget.halves_left,
        full=can(ActionType.FULL),
        longer=can(ActionType.LONGER),
        free=can(ActionType.FREE),
        taken=budget.actions,
        forfeited=budget.forfeited,
    )


def creature_card(battle: Battle, key: str) -> CreatureCard:
    """Return what the creature card shows: values, LP, armour, weapons, conditions."""
    creature = battle.creature(key)
    kind = battle.creature_type(creature)
    catalogue = battle.catalogue
    weapons = []
    for weapon_key in [*creature.held, *creature.carried]:
        weapon = catalogue.weapons.get(weapon_key)
        if weapon is None:
            continue
        bem = weapon.bem
        weapons.append(
            WeaponCard(
                key=weapon.key,
                name=weapon.name,
                english=weapon.english,
                held=weapon_key in creature.held,
                sw=weapon.damage_value,
                damage_type=weapon.damage_type.value,
                bands=tuple(weapon.range_bands),
                melee=weapon.melee,
                reach=weapon.reach,
                thrown=weapon.thrown,
                bem=f"{bem.multiplier},{bem.ammo}" if bem is not None else None,
                magazine=creature.magazines.get(weapon.key) if weapon.has_magazine else None,
                magazine_size=weapon.magazine,
                attributes=tuple(sorted(a.value for a in weapon.attributes)),
            )
        )
    pieces = tuple(
        (k, catalogue.armour[k].name, catalogue.armour[k].armor_value)
        for k in creature.carried
        if k in catalogue.armour
    )
    items = tuple(
        catalogue.items[k].name if k in catalogue.items else k
        for k in [*creature.held, *creature.carried]
        if k not in catalogue.weapons and k not in catalogue.armour
    )
    held = closure(creature.conditions)
    conditions = []
    for condition in Condition:
        if condition not in held:
            continue
        rule = CONDITIONS[condition]
        de, en = explain_condition(rule)
        conditions.append(
            ConditionCard(
                condition=condition,
                german=condition.value,
                english=_english(condition),
                count=creature.conditions.count(condition),
                implied=condition not in creature.conditions,
                explanation_de=de,
                explanation_en=en,
                rule_ids=rule.rule_ids,
            )
        )
    side = battle.sides.get(creature.side)
    current = creature.key == battle.state.current_key
    return CreatureCard(
        key=creature.key,
        name=creature.name,
        type_key=creature.type_key,
        type_name=kind.name,
        side=creature.side,
        side_name=side.name if side is not None else creature.side,
        is_character=creature.is_character,
        attributes=MappingProxyType(dict(kind.attributes)),
        saves=MappingProxyType({s: battle.save_value(creature, s) for s in SaveValue}),
        base_saves=MappingProxyType({s: kind.save(s) for s in SaveValue}),
        lp=creature.lp,
        max_lp=creature.max_lp,
        movement=kind.movement,
        move_types=MappingProxyType({t.value: v for t, v in kind.move_types.items()}),
        armour=armour_of(battle, creature, cover=Cover.NONE, melee=False),
        armour_pieces=pieces,
        weapons=tuple(weapons),
        items=items,
        conditions=tuple(conditions),
        stance=creature.stance,
        altitude=creature.altitude,
        initiative=creature.initiative,
        out_of_fight=creature.out_of_fight,
        current=current,
        budget=_budget_card(battle) if current else None,
    )


# ==================================================================== dry runs
def refusal(battle: Battle, command: Command) -> str:
    """Return why the engine would refuse ``command`` now, or "" when it would apply it.

    A dry run on a copy of the match (``clone_battle``): the match, its dice and its
    record stay as they are. The reason carries its German (``german(reason)``, ``.de``).
    The copy costs a few milliseconds: for menus built once, not for every frame.
    """
    try:
        clone_battle(battle).apply(command)
    except CommandRejected as error:
        return error.reason
    return ""


def open_gm_questions(battle: Battle) -> list[int]:
    """Return the log indices of the questions to the game master not yet answered."""
    return battle.open_gm_questions()
