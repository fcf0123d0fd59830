"""The declared moves of a KR, made at the start of its execution in declaration order.

A path was legal when it was declared (``plans.path_problem``); a fighter who moved
earlier in the same KR may stand in the way now: the mover stops before the first field
an enemy holds and does not end on a taken field (D-10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.board.grid import Cell
from game.match.events import Event
from game.rulesets.genesis.geometry import facing_toward
from game.rulesets.genesis.state import FighterState


def walked_path(me: FighterState, fighters: Sequence[FighterState]) -> list[Cell]:
    """Return the part of ``me``'s declared path it walks now."""
    assert me.declared is not None
    foes = {f.cell for f in fighters if f.side != me.side}
    taken = {f.cell for f in fighters if f.key != me.key}
    walked: list[Cell] = []
    for cell in me.declared.path:
        if cell in foes:
            break
        walked.append(cell)
    while walked and walked[-1] in taken:
        walked.pop()  # an earlier mover took the field: stop before it
    return walked


def make_moves(
    order: Sequence[str],
    fighters: dict[str, FighterState],
    name_of: Callable[[str], str],
    kr: int,
) -> list[Event]:
    """Move every fighter of ``order`` along its declared path; return the move events."""
    events: list[Event] = []
    for key in order:
        me = fighters[key]
        if me.declared is None or not me.declared.path:
            continue
        walked = walked_path(me, list(fighters.values()))
        if not walked:
            continue
        before = me.cell
        me.cell = walked[-1]
        me.facing = facing_toward(walked[-2] if len(walked) > 1 else before, walked[-1])
        me.moved_now = len(walked)
        events.append(
            Event(
                "move",
                f"{name_of(key)} geht nach {me.cell}",
                f"{name_of(key)} moves to {me.cell}",
                key,
                {"kr": kr, "path": [list(p) for p in walked]},
            )
        )
    return events
