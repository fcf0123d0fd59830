"""How many walls and doors, open and closed, a mission stands on field borders (D-13).

One count for ``check``'s summary, ``check --json`` and ``import``'s report, so that the
three never disagree about what an "edge door" is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.missions.model import MapEdge

__all__ = ["EdgeCounts", "edge_counts"]


@dataclass(frozen=True)
class EdgeCounts:
    """The edge walls and edge doors of a mission; ``doors`` counts open and closed ones."""

    walls: int
    doors: int
    doors_open: int

    @property
    def doors_closed(self) -> int:
        return self.doors - self.doors_open

    def line(self) -> str:
        """Return the summary line: ``Edge walls: 4, edge doors: 2 (1 open, 1 closed)``."""
        text = f"Edge walls: {self.walls}, edge doors: {self.doors}"
        if self.doors:  # a closed door blocks like a wall, an open one does not: say which
            text += f" ({self.doors_open} open, {self.doors_closed} closed)"
        return text


def edge_counts(edges: Iterable[MapEdge]) -> EdgeCounts:
    """Return the counts of ``edges`` (a mission's ``edges``)."""
    walls = doors = doors_open = 0
    for edge in edges:
        if edge.kind == "door":
            doors += 1
            doors_open += edge.open
        else:
            walls += 1
    return EdgeCounts(walls, doors, doors_open)
