"""Where Genesis fighters stand to each other: facing, angles, fight clusters (G-OPEN-10/11)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.board.grid import Cell
from game.rulesets.genesis.rules import shooting

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


def fight_clusters(cells: Mapping[str, Cell], sides: Mapping[str, str]) -> dict[str, int]:
    """Return each fighter's fight cluster (Kampfhaufen) by number, -1 for a fighter next
    to no enemy (the pure rule ``rules.shooting.fight_clusters``, G-OPEN-10)."""
    number = {side: i for i, side in enumerate(sorted(set(sides.values())))}
    groups = shooting.fight_clusters(cells, {k: number[s] for k, s in sides.items()})
    ordered = sorted(groups, key=lambda group: min(group))
    cluster = {key: i for i, group in enumerate(ordered) for key in group}
    return {key: cluster.get(key, -1) for key in sorted(cells)}
