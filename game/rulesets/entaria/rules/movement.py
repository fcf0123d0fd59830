"""ENTARIA movement: allowances, the leaving-reach save, charges, pushes, flight.

The search over the grid (reachable fields, paths) is ``game.board.movement``, the
single steps ``game.board.steps``; this module prices ENTARIA's movers for them
(``MovementProfile``, a ``game.board.costs.CostModel``) and adds the rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from game.board.costs import CostModel, CostWindow
from game.board.dice import Roller
from game.board.grid import DIRECTIONS_8, BattleGrid, Cell, Terrain, footprint_cells
from game.board.steps import (
    as_cells,
    check_anchor,
    diagonal_step_blocked,
    edge_step_blocked,
    footprint_walled,
    step_problem,
)
from game.rulesets.entaria.rules.actions import (
    ACTIONS,
    PUSH_BACK_FIELDS,
    Action,
    MovementSpec,
    RollSpec,
)
from game.rulesets.entaria.rules.checks import Roll, saving_throw
from game.rulesets.entaria.rules.condition_effects import (
    halve_movement,
    halving_count,
    movement_cost_factor,
    reduced_bew,
)
from game.rulesets.entaria.rules.held_conditions import ConditionSet, Held
from game.rulesets.entaria.rules.reach import in_melee_reach
from game.rulesets.entaria.rules.terms import Attribute, Condition, MoveType
from game.rulesets.entaria.rules.terrain import FLYING_TYPES, TERRAIN_RULES
from game.rulesets.entaria.rules.unarmed import SHOVE_MAX_FIELDS

IntGrid = npt.NDArray[np.integer]
BoolGrid = npt.NDArray[np.bool_]

#: Height an FG glider loses per round in which it flies (E-MOVETYPE-FG).
GLIDE_HEIGHT_LOSS_PER_ROUND = 1


@dataclass(frozen=True)
class MovementProfile:
    """How a creature moves: its movement types and the movement points per field.

    Costs per entered field (D-10, E-TERRAIN-DIFF-1): 1, or 2 on difficult ground.
    - A terrain kind's ``TerrainRule.ignored_by`` types do not pay double on it:
      swimmers (S) in water (E-MOVETYPE-S, E-TERRAIN-WATER-2), climbers (K) and wall
      climbers (W) on climbing surfaces (E-MOVETYPE-K, E-TERRAIN-CLIMB-2; decision: W
      includes climbing). Walls stay solid fields for W: the map has no wall faces to
      walk on (E-MOVETYPE-W).
    - Flyers (F, FG, FS, FV) fly over difficult ground at cost 1 (decision: difficult
      ground hinders feet, not wings). A profile with a flying type is taken to fly
      for the whole move; pass a profile without it for a creature that walks.
    - ``cost_factor`` multiplies every cost: ``condition_effects.movement_cost_factor``, 2 while
      crawling (Liegend, E-COND-LIEGEND-2), so 2 per field and 4 on difficult ground
      (E-OPEN-38). A crawler never flies.
    - ``underwater``: in a fight under water every field is water, "Wasser stellt
      schwieriges Gelände dar" (E-UNDERWATER-1): 2 per field, whatever the map's ground;
      a swimmer (S) pays 1 per field, as water is not difficult for it (E-MOVETYPE-S,
      E-TERRAIN-WATER-2). Decision: nobody flies in water, so flying types exempt no one.

    Walls and closed doors are not a cost: they cannot be entered at all.
    """

    move_types: frozenset[MoveType] = frozenset()
    cost_factor: int = 1
    underwater: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "move_types", frozenset(self.move_types))
        if self.cost_factor < 1:
            raise ValueError(f"a cost factor is at least 1, got {self.cost_factor}")

    @classmethod
    def of(
        cls,
        move_types: Iterable[MoveType] = (),
        conditions: Held = (),
        *,
        underwater: bool = False,
    ) -> MovementProfile:
        """Return the profile of a creature with these movement types and conditions.

        It crawls when it is Liegend, also when another condition implies it (Bewusstlos,
        Sterbend): the cost factor is ``condition_effects.movement_cost_factor`` (E-COND-LIEGEND-2).
        ``underwater``: the fight is under water (E-UNDERWATER-1).
        """
        factor = movement_cost_factor(conditions)
        return cls(frozenset(move_types), cost_factor=factor, underwater=underwater)

    @property
    def crawling(self) -> bool:
        """Return whether the mover crawls: every field costs more than for a walker."""
        return self.cost_factor > 1

    @property
    def flying(self) -> bool:
        """Return whether the mover flies (a flying type, not crawling, not under water)."""
        return not self.crawling and not self.underwater and bool(self.move_types & FLYING_TYPES)

    @property
    def swims(self) -> bool:
        """Return whether water is no difficult ground for the mover (E-MOVETYPE-S)."""
        return bool(TERRAIN_RULES[Terrain.WATER].ignored_by & self.move_types)

    def field_costs(self, difficult: BoolGrid, terrain: IntGrid) -> IntGrid:
        """Return the cost of entering each field for this mover (see the class docstring)."""
        hard = np.asarray(difficult, dtype=bool)
        if self.underwater:  # every field is water (E-UNDERWATER-1)
            hard = np.full_like(hard, not self.swims)
        elif self.flying:
            hard = np.zeros_like(hard)
        else:
            for rule in TERRAIN_RULES.values():
                if rule.ignored_by & self.move_types:
                    hard = hard & (terrain != rule.terrain)
        costs = hard.astype(np.int16) + 1
        return costs * self.cost_factor


#: A creature walking upright without special movement types.
WALKING = MovementProfile()


# ------------------------------------------------------------ movement allowance
#: The actions that move a creature (E-MOVE-1): Gehen, Laufen, Sturmangriff, Lösen.
#: Their allowance and leaving-reach save are ``ACTIONS[action].movement``.
MOVE_ACTIONS: frozenset[Action] = frozenset(
    action for action, rule in ACTIONS.items() if rule.movement is not None
)


def move_spec(action: Action) -> MovementSpec:
    """Return the catalogue's movement of ``action``; ValueError if the action does not move."""
    spec = ACTIONS[action].movement
    if spec is None:
        raise ValueError(f"{ACTIONS[action].german} is no movement action")
    return spec


class Halving(Enum):
    """Situations that halve a movement allowance (beyond Verkrampft and Verwirrt)."""

    LEAVING_REACH = "leaving an enemy's melee reach"  # D-10, E-ACT-HH-GEHEN-2
    DRAGGING = "dragging a grappled target"  # E-ACT-HH-WAFFENLOS-UMKLAMMERN-3
    # E-MOUNT-4: a mount carrying passengers, unless it is built for them.
    PASSENGERS = "mount carries passengers"


def _held(
    bew: int, conditions: Collection[Condition], overload_level: int, exhaustion_level: int
) -> ConditionSet:
    """Return the conditions with the levels of Überlastet and Erschöpft filled in."""
    if bew < 0 or overload_level < 0 or exhaustion_level < 0:
        raise ValueError("BEW and condition levels cannot be negative")
    if Condition.OVERLOADED in conditions and overload_level == 0:
        raise ValueError("Überlastet needs its level (overload_level >= 1)")
    if Condition.EXHAUSTED in conditions and exhaustion_level == 0:
        raise ValueError("Erschöpft needs its level (exhaustion_level >= 1)")
    held = ConditionSet(conditions).with_level(Condition.OVERLOADED, overload_level)
    return held.with_level(Condition.EXHAUSTED, exhaustion_level)


def effective_bew(
    bew: int,
    *,
    conditions: Collection[Condition] = (),
    overload_level: int = 0,
    exhaustion_level: int = 0,
) -> int:
    """Return BEW after the conditions that subtract from it: ``condition_effects.reduced_bew``.

    Bewegungslos sets it to 0 (E-COND-BEWEGUNGSLOS). Überlastet takes 1 per level
    (E-COND-UEBERLASTET-2) down to 0, which is Bewegungslos (E-COND-UEBERLASTET-4).
    Erschöpft takes 1 per level but cannot bring BEW below 1 by itself
    (E-COND-ERSCHOEPFT-2, E-OPEN-41). This adapter takes the levels as ints next to
    the creature's conditions. Halvings are ``movement_allowance``'s.
    """
    return reduced_bew(bew, _held(bew, conditions, overload_level, exhaustion_level))


def movement_allowance(
    bew: int,
    action: Action = Action.WALK,
    *,
    conditions: Collection[Condition] = (),
    overload_level: int = 0,
    exhaustion_level: int = 0,
    halvings: Iterable[Halving] = (),
) -> int:
    """Return how many fields of movement (cost) a movement action allows.

    The catalogue's ``MovementSpec``: Gehen up to BEW (E-ACT-HH-GEHEN-1, E-OPEN-12);
    Laufen 3 × BEW (E-ACT-VH-LAUFEN-1); Sturmangriff 2 × BEW (E-ACT-VH-STURM); Lösen
    1 field (E-ACT-HH-LOESEN). BEW first loses what ``condition_effects.reduced_bew``
    subtracts (see ``effective_bew``). Each halving counts once: the halving
    conditions however they are reached (``condition_effects.halving_count``), and every
    distinct ``Halving``. E-OPEN-12: all halvings multiply and round down once at the
    end, minimum 1 unless BEW is 0 (Bewegungslos). ValueError for an action that does
    not move.
    """
    spec = move_spec(action)
    held = _held(bew, conditions, overload_level, exhaustion_level)
    base = reduced_bew(bew, held)
    if base == 0:
        return 0
    count = halving_count(held, base_bew=bew) + len(set(halvings))
    return halve_movement(spec.allowance(base), count)


# ------------------------------------------------ leaving an enemy's melee reach
def _covers(anchor: Cell, side: int, cells: AbstractSet[Cell]) -> bool:
    return not cells.isdisjoint(footprint_cells(anchor, side))


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, (int, np.integer)) for v in value)
    )


def leaves_enemy_reach(
    path: Sequence[Cell],
    enemy_reach_cells: Collection[Cell] | Iterable[Collection[Cell]],
    *,
    side: int = 1,
) -> bool:
    """Return whether any step of ``path`` leaves an enemy's melee reach (D-10, E-OPEN-11).

    ``enemy_reach_cells`` holds one collection of fields per enemy that can act (not
    Handlungsunfähig), e.g. from ``reach.melee_reach_cells``; a single collection of
    fields counts as one enemy's reach. A step leaves a reach when the mover's footprint
    touches it before the step and not after it, passing by included.
    """
    items = list(enemy_reach_cells)
    single = bool(items) and _is_cell(items[0])
    reaches: list[set[Cell]] = [set(items)] if single else [set(r) for r in items]  # type: ignore[arg-type]
    for before, after in itertools.pairwise(path):
        for cells in reaches:
            if _covers(before, side, cells) and not _covers(after, side, cells):
                return True
    return False


def leave_reach_save(action: Action) -> RollSpec:
    """Return the save ``action`` asks for when it leaves an enemy's melee reach (D-10).

    Geschick vs ZW 15; Laufen with Nachteil (E-ACT-VH-LAUFEN-2). ValueError for Lösen,
    which is exempt (E-ACT-HH-LOESEN, E-OPEN-11), and for actions that do not move.
    """
    save = move_spec(action).leave_reach_save
    if save is None:
        raise ValueError(f"{ACTIONS[action].german} makes no save for leaving melee reach")
    return save


def _fixed_target(save: RollSpec) -> int:
    if not isinstance(save.against, int):  # pragma: no cover - a catalogue error
        raise TypeError(f"the leaving-reach save needs a fixed ZW, got {save.against!r}")
    return save.against


#: Rettungswurf Geschick vs ZW 15 when leaving an enemy's melee reach (D-10).
DISENGAGE_TARGET = _fixed_target(leave_reach_save(Action.WALK))


def disengage_required(
    action: Action,
    path: Sequence[Cell],
    enemy_reach_cells: Collection[Cell] | Iterable[Collection[Cell]],
    *,
    move_types: Collection[MoveType] = (),
    side: int = 1,
) -> bool:
    """Return whether a declared move needs the leaving-reach save and is halved.

    D-10: every move that leaves an enemy's melee reach does, Gehen, Laufen and
    Sturmangriff alike (E-ACT-HH-GEHEN-2, E-ACT-VH-LAUFEN-2); Lösen is exempt
    (E-ACT-HH-LOESEN, E-OPEN-11). Forced movement (Schubsen, Zurückdrängen, Null-G) is
    no movement action and never triggers it. FV flyers are exempt (E-MOVETYPE-FV).
    """
    if move_spec(action).leave_reach_save is None:
        return False
    if MoveType.FLYBY in move_types:
        return False
    return leaves_enemy_reach(path, enemy_reach_cells, side=side)


def disengage_save_edge(action: Action) -> int:
    """Return the edge of the leaving-reach save: Gehen and Sturmangriff 0, Laufen -1.

    E-ACT-HH-GEHEN-2, E-ACT-VH-LAUFEN-2 (Nachteil), D-10. Lösen makes no such save
    (ValueError).
    """
    return leave_reach_save(action).edge


@dataclass(frozen=True)
class DisengageCheck:
    """The check of leaving melee reach: the attribute, its ZW and the action's edge."""

    attribute: Attribute
    target: int
    edge: int


def disengage_check(*, running: bool) -> DisengageCheck:
    """Return what the leaving-reach save rolls: Geschick vs ZW 15, Laufen with Nachteil.

    D-10, E-ACT-HH-GEHEN-2, E-ACT-VH-LAUFEN-2. The engine rolls it as the creature's one
    check roll (``Battle.check``), so the mover's conditions count too (D-3).
    """
    save = leave_reach_save(Action.RUN if running else Action.WALK)
    attribute = save.attribute if save.attribute is not None else Attribute.DEXTERITY
    return DisengageCheck(attribute, _fixed_target(save), save.edge)


def resolve_disengage(
    dex_value: int,
    roller: Roller,
    *,
    running: bool,
    modifier: int = 0,
    edge: int = 0,
) -> Roll:
    """Roll the one Rettungswurf Geschick vs ZW 15 for leaving melee reach (D-10).

    Rolled once before moving, however many enemies (E-OPEN-11); Laufen
    (``running=True``) adds Nachteil (E-ACT-VH-LAUFEN-2), Gehen and Sturmangriff do
    not. ``edge`` carries other Vorteile/Nachteile. On success the whole move is made
    at the halved allowance (``Halving.LEAVING_REACH``); on failure the mover gets
    Liegend on its start field and does not move (E-ACT-HH-GEHEN-3, E-ACT-VH-LAUFEN-3).
    The pure form of ``disengage_check`` with a bare value (rule tests, the acceptance
    suite); the engine rolls that check as the mover's ``Battle.check`` (D-3).
    """
    check = disengage_check(running=running)
    return saving_throw(dex_value, check.target, roller, edge=edge + check.edge, modifier=modifier)


# ------------------------------------------------------------------ Sturmangriff
def bresenham_line(start: Cell, end: Cell) -> list[Cell]:
    """Return the fields of the Bresenham line from ``start`` to ``end``, both included."""
    x, y = start
    x1, y1 = end
    dx, dy = abs(x1 - x), -abs(y1 - y)
    sx = 1 if x < x1 else -1
    sy = 1 if y < y1 else -1
    err = dx + dy
    line = [(x, y)]
    while (x, y) != (x1, y1):
        twice = 2 * err
        if twice >= dy:
            err += dy
            x += sx
        if twice <= dx:
            err += dx
            y += sy
        line.append((x, y))
    return line


def charge_allowed(
    start: Cell,
    enemies: Iterable[Cell],
    *,
    enemy_reach: int = 1,
    side: int = 1,
    grid: BattleGrid | None = None,
) -> bool:
    """Return whether the charger stands outside every enemy's melee reach (E-ACT-VH-STURM).

    ``enemies``: every field an enemy occupies (all fields of a large one), each
    reaching ``enemy_reach`` fields; ``side``: the charger's footprint (E-SIZE-1,
    E-OPEN-14). The reach test is ``reach.in_melee_reach`` (with ``grid``: past no
    wall, D-13).
    """
    return not any(
        in_melee_reach(enemy, start, target_side=side, reach=enemy_reach, grid=grid)
        for enemy in as_cells(enemies)
    )


def charge_path(
    grid: BattleGrid,
    start: Cell,
    enemy: Cell,
    bew: int,
    *,
    enemies: Iterable[Cell] = (),
    allies: Iterable[Cell] = (),
    blocked: Iterable[Cell] = (),
    allowance: int | None = None,
    reach: int = 1,
    enemy_reach: int = 1,
    cost_model: CostModel = WALKING,
    side: int = 1,
    enemy_side: int = 1,
) -> list[Cell] | None:
    """Return the Sturmangriff path from ``start`` toward ``enemy``, or None (E-OPEN-20).

    Allowed only outside every enemy's melee reach (``enemy`` is one of them, the
    others occupy ``enemies``). The charger moves up to its Sturmangriff allowance,
    2 × BEW (``move_spec(Action.CHARGE)``, or ``allowance`` when conditions change it,
    see ``movement_allowance``), along the Bresenham line between the anchors and
    stops on the first field from which the enemy is within ``reach``
    (``reach.in_melee_reach``) and that it may end on. Walls, closed doors, enemies,
    the ``blocked`` fields (creatures of another side that have no reach: the dead, the
    helpless, E-OPEN-44) and the corner rule stop the charge; difficult ground costs 2.
    ``side`` and ``enemy_side`` are the footprints of charger and enemy (E-SIZE-1).
    """
    start = (int(start[0]), int(start[1]))
    enemy = (int(enemy[0]), int(enemy[1]))
    own = set(footprint_cells(start, side))
    foes = (as_cells(enemies) | set(footprint_cells(enemy, enemy_side))) - own
    if not charge_allowed(start, foes, enemy_reach=enemy_reach, side=side, grid=grid):
        return None
    check_anchor(grid, start, side)
    check_anchor(grid, enemy, enemy_side)
    budget = move_spec(Action.CHARGE).allowance(bew) if allowance is None else allowance
    friends = as_cells(allies) - own
    in_the_way = foes | (as_cells(blocked) - own)
    line = bresenham_line(start, enemy)
    costs = CostWindow.around(grid, cost_model, [start, enemy], side)
    spent = 0
    path = [start]
    for before, after in itertools.pairwise(line):
        if step_problem(grid, before, after, side, in_the_way) is not None:
            return None
        spent += costs.step(before, after, side)
        if spent > budget:
            return None
        path.append(after)
        in_reach = in_melee_reach(
            after, enemy, attacker_side=side, target_side=enemy_side, reach=reach, grid=grid
        )
        if in_reach and not _covers(after, side, friends):
            return path
    return None


# ------------------------------------------------ forced movement: pushes (E-OPEN-18)
def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _enterable(grid: BattleGrid, cell: Cell, step: Cell, blocked: Collection[Cell]) -> bool:
    """Return whether a pushed creature can be moved one ``step`` from ``cell``.

    Not into a wall or an occupied field, not across a wall on a field edge (D-13) and
    not diagonally between two walls or past a corner an edge wall touches (D-10).
    """
    target = (cell[0] + step[0], cell[1] + step[1])
    if footprint_walled(grid, target) or target in blocked:
        return False
    if edge_step_blocked(grid, cell, step):
        return False
    return not diagonal_step_blocked(grid, cell, step)


def push_direction(attacker: Cell, target: Cell) -> Cell:
    """Return the push step: the sign of attacker -> target, one of 8 (E-OPEN-18)."""
    if attacker == target:
        raise ValueError("attacker and target stand on the same field")
    return (_sign(target[0] - attacker[0]), _sign(target[1] - attacker[1]))


def push_path(
    grid: BattleGrid,
    attacker: Cell,
    target: Cell,
    fields: int,
    *,
    occupied: Collection[Cell] = (),
) -> list[Cell]:
    """Return the fields a shoved target moves through, the last one is where it lands.

    Straight back along ``push_direction`` for up to ``fields`` fields (Schubsen: the
    attacker chooses 1 or up to ``unarmed.SHOVE_MAX_FIELDS``, 2; more is a ValueError).
    The push stops before a wall, a closed door, the map edge, a corner between two
    walls or an ``occupied`` field (E-OPEN-18), and on the first dangerous field it
    enters (``grid.hazard``): there the target may save (actions.HAZARD_ESCAPE_SAVE,
    see push_landing). An empty list: the target does not move.
    """
    if not 0 <= fields <= SHOVE_MAX_FIELDS:
        raise ValueError(f"a shove covers 0 to {SHOVE_MAX_FIELDS} fields, got {fields}")
    blocked = {cell for cell in occupied if cell != target}
    return _slide(grid, target, push_direction(attacker, target), fields, blocked)


def _slide(
    grid: BattleGrid, start: Cell, step: Cell, fields: int, blocked: Collection[Cell]
) -> list[Cell]:
    """Return the fields a pushed creature passes, one ``step`` at a time (E-OPEN-18).

    It stops before anything it cannot enter and on the first dangerous field.
    """
    path: list[Cell] = []
    cell = start
    for _ in range(fields):
        if not _enterable(grid, cell, step, blocked):
            break
        cell = (cell[0] + step[0], cell[1] + step[1])
        path.append(cell)
        if grid.is_hazard(cell):
            break
    return path


def push_landing(grid: BattleGrid, start: Cell, path: list[Cell], *, escaped: bool) -> Cell:
    """Return where a pushed creature ends up.

    The end of ``path``; after a successful hazard save (``escaped``) the last
    non-dangerous field of the path, or its start field (E-OPEN-18).
    """
    if not path:
        return start
    if not escaped or not grid.is_hazard(path[-1]):
        return path[-1]
    safe = [cell for cell in path if not grid.is_hazard(cell)]
    return safe[-1] if safe else start


def push_back_destinations(
    grid: BattleGrid,
    attacker: Cell,
    target: Cell,
    *,
    occupied: Collection[Cell] = (),
) -> list[Cell]:
    """Return the fields Zurückdrängen may push the target to: 1 field, any direction.

    E-ACT-VH-ZURUECK-2: ``actions.PUSH_BACK_FIELDS`` fields in a direction the
    attacker chooses. Walls, the map edge, squeezing between two walls, occupied
    fields and the attacker's own field are out; dangerous fields are allowed (the
    target then gets its Reflexe save, E-ACT-VH-ZURUECK-3).
    """
    blocked = {cell for cell in occupied if cell != target} | {attacker}
    result: list[Cell] = []
    for step in DIRECTIONS_8:
        path = _slide(grid, target, step, PUSH_BACK_FIELDS, blocked)
        if len(path) == PUSH_BACK_FIELDS:
            result.append(path[-1])
    return result


# ------------------------------------------------------------------------ flight
def minimum_flight_distance(move_type: MoveType, fly_value: int) -> int:
    """Return how far a flyer must move each round or fall (E-MOVETYPE-F, E-OPEN-43).

    F and FV: floor(fly value / 2). FS hovers and FG glides: no minimum
    (E-MOVETYPE-FS, E-MOVETYPE-FG).
    """
    if move_type not in FLYING_TYPES:
        raise ValueError(f"{move_type.value} is not a flying movement type")
    if fly_value < 0:
        raise ValueError("a movement value cannot be negative")
    if move_type in (MoveType.FLY, MoveType.FLYBY):
        return fly_value // 2
    return 0


def falls_from_flight(move_type: MoveType, fly_value: int, moved: int) -> bool:
    """Return whether a flyer that moved ``moved`` fields this round falls (E-MOVETYPE-F)."""
    return moved < minimum_flight_distance(move_type, fly_value)


def glide_height_loss(rounds_flown: int) -> int:
    """Return the height in fields an FG glider loses: 1 per round of flight (E-MOVETYPE-FG)."""
    if rounds_flown < 0:
        raise ValueError("rounds cannot be negative")
    return rounds_flown * GLIDE_HEIGHT_LOSS_PER_ROUND
