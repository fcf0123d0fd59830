"""Checkpoints of a match: private copies of its game every few commands, thinned with age.

Undo, and the replay of a save, apply commands from the nearest checkpoint at or before
the place they lead to instead of from the start, so an undo after 20,000 commands costs
what one after 20 does. A game offers checkpoints by being ``Resumable``; a game that is
not is replayed from its start as before.

The number kept is bounded: the last ``DENSE`` checkpoints every ``SPACING`` commands,
older ones thinned so that their spacing doubles each time their age doubles (about
``DENSE / 2`` per doubling): about 55 at the 200,000-command cap. A checkpoint dropped
stays dropped while the record grows; an undo far back replays from an older one and
takes the missing ones again on its way.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

#: Commands between two checkpoints: an undo replays fewer than this many.
SPACING = 10
#: How many of the newest checkpoints keep the full spacing before thinning begins.
DENSE = 8


@runtime_checkable
class Resumable(Protocol):
    """A game that can hand out checkpoints of itself and resume from them."""

    def checkpoint(self) -> Any:
        """Return a private copy of the game now (its record and log need not be copied)."""
        ...

    def resume(self, point: Any) -> Any:
        """Return a new live game as at ``point``, taken earlier in this game's history.

        The new game's record and log are the first ones of this game's (at ``point``).
        """
        ...


def kept(position: int, length: int, *, spacing: int = SPACING, dense: int = DENSE) -> bool:
    """Return whether the checkpoint after ``position`` commands stays at record ``length``.

    Kept: every ``spacing``-th position within ``spacing * dense`` of the end; beyond
    that, only multiples of ``spacing * 2**j`` for the ``j``-th doubling of that window.
    """
    if position % spacing or position > length:
        return False
    age = length - position
    window, step = spacing * dense, spacing
    while age >= window:
        window, step = window * 2, step * 2
    return position % step == 0


class Checkpoints:
    """The checkpoints of one match by record position (the state after that many commands).

    ``replayed`` counts the commands the last undo or load applied (tests read it
    instead of a clock).
    """

    def __init__(self, *, spacing: int = SPACING, dense: int = DENSE) -> None:
        if spacing < 1 or dense < 1:
            raise ValueError(f"spacing and dense must be >= 1, got {spacing} and {dense}")
        self.spacing = spacing
        self.dense = dense
        self._positions: list[int] = []
        self._points: dict[int, Any] = {}
        self.replayed = 0

    def __len__(self) -> int:
        return len(self._positions)

    @property
    def positions(self) -> tuple[int, ...]:
        """Return the positions held, in order."""
        return tuple(self._positions)

    def due(self, position: int, final: int | None = None) -> bool:
        """Return whether a checkpoint belongs at ``position`` and is not held yet.

        ``final``: the record's length once a replay under way ends; a checkpoint
        thinning would drop by then is not due.
        """
        if position % self.spacing or position in self._points:
            return False
        return final is None or self._kept(position, final)

    def add(self, position: int, point: Any) -> None:
        """Keep ``point`` as the game after ``position`` commands, then thin the older ones."""
        if position not in self._points:
            bisect.insort(self._positions, position)
        self._points[position] = point
        self._thin(position)

    def latest(self, position: int) -> tuple[int, Any] | None:
        """Return the newest (position, point) at or before ``position``, or None."""
        index = bisect.bisect_right(self._positions, position)
        if index == 0:
            return None
        found = self._positions[index - 1]
        return found, self._points[found]

    def forget_after(self, position: int) -> None:
        """Drop the checkpoints after ``position`` (an undo took those commands back)."""
        index = bisect.bisect_right(self._positions, position)
        for dropped in self._positions[index:]:
            del self._points[dropped]
        del self._positions[index:]

    def _thin(self, length: int) -> None:
        keep = [p for p in self._positions if p > length or self._kept(p, length)]
        if len(keep) != len(self._positions):
            for dropped in set(self._positions) - set(keep):
                del self._points[dropped]
            self._positions = keep

    def _kept(self, position: int, length: int) -> bool:
        return kept(position, length, spacing=self.spacing, dense=self.dense)


@runtime_checkable
class Snapshotting(Protocol):
    """A game that a save can restore at once, without replaying (``snapshot_load``)."""

    def snapshot_data(self) -> dict[str, Any] | None:
        """Return the game now as plain JSON data (None: it holds what data cannot)."""
        ...

    def restored(self, data: Any, record: Sequence[Any]) -> Any:
        """Return this fresh game set to ``data``, the end of ``record``; raise SnapshotError."""
        ...
