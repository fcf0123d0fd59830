"""The scatter diagram laid on the intended field (D-7) and the flight of a missed throw."""

from __future__ import annotations

from dataclasses import dataclass

from game.board.grid import Cell
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.rules.scatter import (
    ScatterDir,
    _fly,
    scatter_direction,
    scatter_step,
    snap_direction,
)

__all__ = ["ScatterCell", "ScatterDiagram", "ScatterPath", "scatter_diagram", "scatter_path"]


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
