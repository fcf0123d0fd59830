"""The fields of one map view where a number's plate lies over a token (issue 12).

Each view (its ``Camera``) keeps its own marks, so two maps on screen never share them.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.board.grid import Cell

__all__ = ["NumberedFields"]


class NumberedFields:
    """The fields where a number's plate lies over a token (``overlays.cell_text`` marks
    each with the plate's top, pixels below the field's top, while it draws): the token
    standing alone on one keeps its label's ink above that row.

    The numbers are drawn over the tokens, so a frame's marks are read by the next frame's
    token drawing (``turn``); the mapping read is made anew only when it changes.
    """

    def __init__(self) -> None:
        self._marking: dict[Cell, int] = {}
        self._shown: Mapping[Cell, int] = {}

    def mark(self, cell: Cell, top: int) -> None:
        """Say that a number's plate covers ``cell`` from ``top`` pixels down in this frame."""
        self._marking[cell] = min(top, self._marking.get(cell, top))

    def turn(self) -> Mapping[Cell, int]:
        """Return the fields marked since the last call and start marking anew."""
        if self._marking != self._shown:
            self._shown = dict(self._marking)
        self._marking.clear()
        return self._shown
