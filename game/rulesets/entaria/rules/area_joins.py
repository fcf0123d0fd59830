"""Joined fields of area fire: groups along the sides, edge walls parting them (D-6, D-13).

D-6: all fields hit by area fire must be joined by their sides (4-neighbours). D-13: a
wall or closed door on the edge between two neighbours parts them, as a wall field would.
Also how the fields are named in the German and English error texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.board.grid import DIRECTIONS_4, BattleGrid, Cell
from game.rulesets.entaria.rules.terms import say

__all__ = [
    "edge_groups",
    "edge_parted",
    "fields_named",
    "fmt_cell",
    "fmt_cells",
    "join_errors",
    "joined_neighbours",
    "side_neighbours",
]


def side_neighbours(cell: Cell) -> list[Cell]:
    """Return the 4 neighbours of ``cell`` across its sides (on the map or not)."""
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in DIRECTIONS_4]


def edge_parted(grid: BattleGrid | None, a: Cell, b: Cell) -> bool:
    """Return whether a wall or closed door on the edge parts neighbours a and b (D-13)."""
    if grid is None or not grid.has_edge_walls:
        return False
    return grid.in_bounds(a) and grid.in_bounds(b) and grid.is_edge_blocked(a, b)


def joined_neighbours(cell: Cell, grid: BattleGrid | None) -> list[Cell]:
    """Return the 4 neighbours of ``cell`` that no edge wall parts from it (D-6, D-13)."""
    return [n for n in side_neighbours(cell) if not edge_parted(grid, cell, n)]


def edge_groups(cells: Iterable[Cell], grid: BattleGrid | None = None) -> list[list[Cell]]:
    """Return the edge-connected (4-neighbour) groups of ``cells``, each sorted, largest first.

    With ``grid``, fields parted by a wall or closed door on their edge are not joined (D-13).
    """
    remaining = set(cells)
    groups: list[list[Cell]] = []
    while remaining:
        start = min(remaining)
        remaining.discard(start)
        group = [start]
        frontier = [start]
        while frontier:
            for neighbour in joined_neighbours(frontier.pop(), grid):
                if neighbour in remaining:
                    remaining.discard(neighbour)
                    group.append(neighbour)
                    frontier.append(neighbour)
        groups.append(sorted(group))
    groups.sort(key=lambda group: (-len(group), group[0]))
    return groups


def fmt_cell(cell: Cell) -> str:
    """Return ``cell`` written "[x, y]", as every text writes a field (game.match.notation)."""
    return f"[{int(cell[0])}, {int(cell[1])}]"


def fmt_cells(cells: Sequence[Cell], limit: int = 6, *, more: str = "and {} more") -> str:
    """Return the first ``limit`` fields of ``cells`` written out, then how many more."""
    shown = ", ".join(fmt_cell(cell) for cell in cells[:limit])
    return shown + (" " + more.format(len(cells) - limit) if len(cells) > limit else "")


def fields_named(cells: Sequence[Cell]) -> tuple[str, str]:
    """Return the fields named in English and in German."""
    return fmt_cells(cells), fmt_cells(cells, more="und {} weitere")


def join_errors(cells: Sequence[Cell], grid: BattleGrid | None = None) -> list[str]:
    """Return an error for each group of fields not joined by an edge to the first group."""
    errors: list[str] = []
    groups = edge_groups(cells, grid)
    if len(groups) > 1:
        main, *rest = groups
        main_en, main_de = fields_named(main)
        near = {n for cell in main for n in side_neighbours(cell)}
        for group in rest:
            group_en, group_de = fields_named(group)
            if not near.isdisjoint(group):  # they touch, but a wall on the edge parts them
                errors.append(
                    say(
                        f"Field(s) {group_en} are parted from field(s) {main_en} by a wall "
                        "on the field edge; all hit fields must be joined along their sides.",
                        f"Feld(er) {group_de} sind von Feld(ern) {main_de} durch eine Wand "
                        "auf der Feldkante getrennt; alle getroffenen Felder müssen an den "
                        "Seiten verbunden sein.",
                    )
                )
                continue
            errors.append(
                say(
                    f"Field(s) {group_en} are not joined by an edge to field(s) "
                    f"{main_en}; all hit fields must touch along their sides.",
                    f"Feld(er) {group_de} grenzen mit keiner Kante an Feld(er) "
                    f"{main_de}; alle getroffenen Felder müssen sich an den Seiten berühren.",
                )
            )
    return errors
