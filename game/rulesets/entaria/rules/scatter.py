"""The scatter diagram (Fehlwurfdiagramm): where a missed throw at a field lands.

A throw at a field rather than a creature hits on Fernkampf vs ZW 15 (E-THROW-2); a
miss lands elsewhere (E-THROW-3, E-SCATTER-1). The diagram is read relative to the
flight direction, snapped to the 8 grid directions and rotated in 45° steps (D-7,
E-OPEN-27): its top row points ahead, "right" is the thrower's right hand. With y
pointing down the screen, a thrower looking east (+x) has his right hand at +y.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from enum import Enum

from game.board.dice import Roller
from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, Cell, distance
from game.board.steps import diagonal_step_blocked, edge_step_blocked
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Roll, success_roll
from game.rulesets.entaria.rules.damage import ZERO_G_DIRECTIONS
from game.rulesets.entaria.rules.ranges import range_band, ranged_attack_edge

#: The ZW of a throw aimed at a field: the standard ZW 15 (E-THROW-2).
THROW_AT_FIELD_TARGET = STANDARD_TARGET

#: "Forward" when the thrower aims at his own field: the map's north (E-OPEN-27).
NORTH: Cell = (0, -1)

# The 8 grid steps in turning order: each is 45° further toward the thrower's right
# (clockwise on screen, since y points down). The zero-G 1w8 uses the same ring.
_RING: tuple[Cell, ...] = ZERO_G_DIRECTIONS


class ScatterDir(Enum):
    """A row of the scatter diagram; the value counts 45° turns to the right of ahead."""

    FORWARD = 0  # d20 1-4, E-SCATTER-DIR-F
    FORWARD_RIGHT = 1  # d20 5-8, E-SCATTER-DIR-FR
    RIGHT = 2  # d20 9-10, E-SCATTER-DIR-R
    BACK_RIGHT = 3  # d20 11, E-SCATTER-DIR-BR
    BACK = 4  # d20 12-13, E-SCATTER-DIR-B
    BACK_LEFT = 5  # d20 14, E-SCATTER-DIR-BL
    LEFT = 6  # d20 15-16, E-SCATTER-DIR-L
    FORWARD_LEFT = 7  # d20 17-20, E-SCATTER-DIR-FL


# The diagram (E-SCATTER-4): the highest d20 of each direction, in d20 order.
_DIAGRAM: tuple[tuple[int, ScatterDir], ...] = (
    (4, ScatterDir.FORWARD),
    (8, ScatterDir.FORWARD_RIGHT),
    (10, ScatterDir.RIGHT),
    (11, ScatterDir.BACK_RIGHT),
    (13, ScatterDir.BACK),
    (14, ScatterDir.BACK_LEFT),
    (16, ScatterDir.LEFT),
    (20, ScatterDir.FORWARD_LEFT),
)


@dataclass(frozen=True)
class Scatter:
    """Where a missed throw went (D-7): both rolls, the step it moved by, where it landed."""

    direction_roll: int  # the d20 of the diagram
    distance_roll: int  # the d6: fields to fly from the intended field
    step: Cell  # one field in the scatter direction, (dx, dy)
    landing: Cell
    #: What stopped the flight short of the d6's fields: WALL (a wall field or edge, a
    #: diagonal gap between walls), DOOR (a closed field or edge door), MAP_EDGE; "" if none.
    stopped: str = ""

    @property
    def direction(self) -> ScatterDir:
        """Return the diagram direction the d20 picked."""
        return scatter_direction(self.direction_roll)


@dataclass(frozen=True)
class FieldThrow:
    """A throw at a field: the Fernkampf roll vs ZW 15 and where the object came down."""

    roll: Roll
    scatter: Scatter | None  # None when the throw hit its field
    landing: Cell

    @property
    def hit(self) -> bool:
        return self.scatter is None


def throw_at_field_target() -> int:
    """Return the ZW of a throw aimed at a field: 15 (E-THROW-2)."""
    return THROW_AT_FIELD_TARGET


def scatter_direction(d20: int) -> ScatterDir:
    """Return the diagram direction a d20 picks (E-SCATTER-4, E-SCATTER-DIR-*)."""
    value = operator.index(d20)
    if not 1 <= value <= 20:
        raise ValueError(f"a d20 shows 1..20, got {value}")
    for highest, direction in _DIAGRAM:
        if value <= highest:
            return direction
    raise AssertionError("unreachable: the diagram covers 1..20")


def snap_direction(vector: Cell) -> Cell:
    """Return the grid step nearest in angle to a vector (D-7, E-OPEN-27).

    The vector goes diagonal iff it lies more than 22.5° off its major axis, i.e.
    minor > major * tan 22.5° = major * (√2 - 1), i.e. (major + minor)² > 2 * major²
    -- exact in integers. An exact tie would go to the straight step; integer vectors
    cannot tie because tan 22.5° is irrational. The zero vector (aiming at one's own
    field) points north (E-OPEN-27).
    """
    vx, vy = operator.index(vector[0]), operator.index(vector[1])
    if vx == 0 and vy == 0:
        return NORTH
    major, minor = max(abs(vx), abs(vy)), min(abs(vx), abs(vy))
    sign_x = (vx > 0) - (vx < 0)
    sign_y = (vy > 0) - (vy < 0)
    if (major + minor) ** 2 > 2 * major * major:
        return (sign_x, sign_y)
    return (sign_x, 0) if abs(vx) >= abs(vy) else (0, sign_y)


def scatter_step(d20: int, flight_step: Cell) -> Cell:
    """Return the (dx, dy) step a d20 gives for a throw along ``flight_step`` (D-7).

    ``flight_step`` is one of the 8 snapped grid steps; the diagram is rotated so its
    top row (1-4) points along it and 9-10 to the thrower's right (E-SCATTER-5).
    """
    step = (operator.index(flight_step[0]), operator.index(flight_step[1]))
    if step not in _RING:
        raise ValueError(f"a flight direction is one of the 8 grid steps, got {flight_step}")
    turns = scatter_direction(d20).value
    return _RING[(_RING.index(step) + turns) % len(_RING)]


def scatter(grid: BattleGrid, thrower: Cell, target: Cell, roller: Roller) -> Scatter:
    """Roll the scatter diagram for a throw at ``target`` that missed (D-7, E-SCATTER-1..5).

    Rolls the d20 for the direction first, then the d6 for the distance. The object
    flies from the intended field one field at a time and stops on the last field
    before a wall, a closed door or the map edge (E-OPEN-27); like a creature it does
    not slip diagonally between two blocking fields (D-10), nor cross a wall or closed
    door on a field edge or pass diagonally a corner one touches (D-13).
    """
    if not grid.in_bounds(target):
        raise ValueError(f"the target field {target} is outside the map")
    if grid.is_wall(target):
        raise ValueError(f"the target field {target} is a wall; a throw needs a free field")
    direction_roll = roller.roll(20)
    distance_roll = roller.roll(6)
    heading = snap_direction((target[0] - thrower[0], target[1] - thrower[1]))
    step = scatter_step(direction_roll, heading)
    landing, stopped = fly_until_stopped(grid, target, step, distance_roll)
    return Scatter(direction_roll, distance_roll, step, landing, stopped)


def throw_at_field(
    grid: BattleGrid,
    thrower: Cell,
    target: Cell,
    ranged_value: int,
    roller: Roller,
    *,
    edge: int = 0,
    modifier: int = 0,
) -> FieldThrow:
    """Throw at a field: Fernkampf vs ZW 15, scatter on a miss (E-THROW-2, E-THROW-3).

    The range band's Vorteil/Nachteil applies as to any ranged attack (E-THROW-1,
    E-OPEN-16) and is added to ``edge`` (the caller's other edges, e.g. Abgelenkt);
    cover does not apply to a field. A throw at one's own field has no band. Dice in
    order: the d20s of the check, then, on a miss, the scatter d20 and d6.
    """
    fields = distance(thrower, target)
    band = range_band(fields)
    if band is None and fields > 0:
        raise ValueError(f"the target field is {fields} fields away, beyond every range band")
    if not grid.in_bounds(target) or grid.is_wall(target):
        raise ValueError(f"the target field {target} is not a free field of the map")
    band_edge = ranged_attack_edge(band) if band is not None else 0
    roll = success_roll(
        ranged_value, THROW_AT_FIELD_TARGET, roller, edge=edge + band_edge, modifier=modifier
    )
    if roll.success:
        return FieldThrow(roll=roll, scatter=None, landing=target)
    missed = scatter(grid, thrower, target, roller)
    return FieldThrow(roll=roll, scatter=missed, landing=missed.landing)


#: What can stop a scatter flight short (``Scatter.stopped``).
WALL, DOOR, MAP_EDGE = "wall", "door", "map_edge"


def _fly(grid: BattleGrid, start: Cell, step: Cell, fields: int) -> Cell:
    """Move up to ``fields`` steps and return the last field reached before a block."""
    return fly_until_stopped(grid, start, step, fields)[0]


def fly_until_stopped(grid: BattleGrid, start: Cell, step: Cell, fields: int) -> tuple[Cell, str]:
    """Return the last field reached in up to ``fields`` steps and what stopped it ("": none).

    The blocks of E-OPEN-27, D-10 and D-13 (``scatter``); a closed door, on a field or
    on its edge, is told apart from a wall so the log can say which.
    """
    x, y = start
    dx, dy = step
    for _ in range(fields):
        nxt = (x + dx, y + dy)
        if not grid.in_bounds(nxt):
            return (x, y), MAP_EDGE
        if grid.is_wall(nxt):
            return (x, y), DOOR if _closed_door_field(grid, nxt) else WALL
        if edge_step_blocked(grid, (x, y), step):
            # a wall or closed door on the field edge stops it as a wall field (D-13)
            return (x, y), DOOR if _edge_door_stops(grid, (x, y), step) else WALL
        if diagonal_step_blocked(grid, (x, y), step):
            return (x, y), WALL  # a diagonal gap between two walls is closed (D-10)
        x, y = nxt
    return (x, y), ""


def _closed_door_field(grid: BattleGrid, cell: Cell) -> bool:
    return bool(grid.door[cell[1], cell[0]] and not grid.door_open[cell[1], cell[0]])


def _edge_door_stops(grid: BattleGrid, at: Cell, step: Cell) -> bool:
    """Return whether only closed edge doors (no edge wall) stand on the edges the step meets."""
    x, y = at
    dx, dy = step
    if dx == 0 or dy == 0:
        return grid.edge_kind(at, (x + dx, y + dy)) is EdgeKind.DOOR
    # a diagonal: the edges touching the corner it passes
    pairs = [
        (at, (x + dx, y)),
        (at, (x, y + dy)),
        ((x + dx, y), (x + dx, y + dy)),
        ((x, y + dy), (x + dx, y + dy)),
    ]
    kinds = [grid.edge_kind(a, b) for a, b in pairs if grid.in_bounds(a) and grid.in_bounds(b)]
    blocking = [k for k in kinds if k in (EdgeKind.WALL, EdgeKind.DOOR)]
    return bool(blocking) and all(k is EdgeKind.DOOR for k in blocking)
