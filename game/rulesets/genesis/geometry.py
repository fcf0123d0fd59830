"""Where Genesis fighters stand to each other: facing, angles, fight clusters (G-OPEN-10/11)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.board.grid import Cell

#: The eight facings, as angles counter-clockwise from east (screen up is north).
FACING_DEG: Mapping[str, float] = {
    "E": 0.0, "NE": 45.0, "N": 90.0, "NW": 135.0,
    "W": 180.0, "SW": 225.0, "S": 270.0, "SE": 315.0,
}  # fmt: skip


def angle_deg(a: Cell, b: Cell) -> float:
    """Return the direction from field ``a`` to field ``b``, counter-clockwise from east."""
    return math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0])) % 360.0


def facing_toward(a: Cell, b: Cell) -> str:
    """Return the one of the eight facings nearest the direction from ``a`` to ``b``."""
    angle = angle_deg(a, b)
    return min(
        FACING_DEG, key=lambda f: min(abs(FACING_DEG[f] - angle), 360 - abs(FACING_DEG[f] - angle))
    )


def chebyshev(a: Cell, b: Cell) -> int:
    """Return the fields between ``a`` and ``b`` counting a diagonal step as one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Cell, b: Cell) -> bool:
    """Return whether two fields touch (one of the 8 neighbours)."""
    return chebyshev(a, b) == 1


def fight_clusters(cells: Mapping[str, Cell], sides: Mapping[str, str]) -> dict[str, int]:
    """Return each fighter's fight cluster (Kampfhaufen): fighters joined by adjacency to
    an enemy, and chains of them (G-OPEN-10). A fighter next to no enemy gets -1."""
    keys = sorted(cells)
    parent = {k: k for k in keys}

    def find(k: str) -> str:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    engaged: set[str] = set()
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if sides[a] != sides[b] and adjacent(cells[a], cells[b]):
                engaged.update((a, b))
                parent[find(a)] = find(b)
    # allies standing next to an engaged ally of theirs join its cluster
    for a in keys:
        for b in keys:
            both = a in engaged and b in engaged
            if a != b and sides[a] == sides[b] and both and adjacent(cells[a], cells[b]):
                parent[find(a)] = find(b)
    roots = sorted({find(k) for k in engaged})
    number = {r: i for i, r in enumerate(roots)}
    return {k: number[find(k)] if k in engaged else -1 for k in keys}
