"""Doors on field edges in a match (D-13): which a creature reaches, opening and closing.

An edge door stands on the border between two fields. A creature reaches it when one of
the two fields belongs to its footprint and the other does not; a command names the door
by the field across it (``edge_to``). The state keeps the edge doors the match has opened
or closed (``BattleState.edge_doors``); ``edge_door_state.sync_edge_doors`` puts a grid back
as the state says (a reroll's shadow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.board.edges import EdgeKind
from game.board.grid import BattleGrid, Cell, footprint_cells
from game.rulesets.entaria.edge_door_state import (
    EdgeKey,
    edge_doors_around,
    edge_key,
    edge_text,
    has_edge_doors,
    is_edge_door,
    sync_edge_doors,
)

__all__ = [
    "EdgeKey",
    "door_on_edge",
    "edge_door_open",
    "edge_doors_around",
    "edge_doors_of",
    "edge_key",
    "edge_text",
    "has_edge_doors",
    "is_edge_door",
    "reached_edge_door",
    "refuse_edge_break",
    "set_edge_door",
    "sync_edge_doors",
]
from game.match.events import Event
from game.rulesets.entaria.action_helpers import Perform, _event, _reveal
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.rules.conditions import ConspicuousAct
from game.rulesets.entaria.rules.terms import say

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle
    from game.rulesets.entaria.state import CreatureState


def edge_doors_of(battle: Battle, creature: CreatureState) -> list[EdgeKey]:
    """Return (own field, field across) of the edge doors on the border of its footprint."""
    grid = battle.grid
    if not has_edge_doors(grid):
        return []
    size = battle.creature_type(creature).size_fields
    own = footprint_cells(creature.cell, size)
    return [(near, far) for near in own for far in edge_doors_around(grid, near, own)]


def reached_edge_door(
    battle: Battle, creature: CreatureState, far: Cell, near: Cell | None = None
) -> EdgeKey:
    """Return (near, far): the edge door the creature reaches towards field ``far``.

    ``near`` may name the own field it stands on; otherwise it is the footprint's field
    next to ``far``. Raise CommandRejected when no such door borders the creature.
    """
    far = (int(far[0]), int(far[1]))
    for own, across in edge_doors_of(battle, creature):
        if across == far and (near is None or tuple(near) == own):
            return own, across
    where = f"{list(far)}" if near is None else f"{list(near)} | {list(far)}"
    raise CommandRejected(
        say(
            f"there is no door on the edge of the own field towards {where}",
            f"am Rand des eigenen Feldes zu {where} ist keine Tür",
        )
    )


def edge_door_open(grid: BattleGrid, a: Cell, b: Cell) -> bool:
    """Return whether the door on the edge between ``a`` and ``b`` stands open."""
    return grid.edge_kind(a, b) is EdgeKind.OPEN_DOOR


def set_edge_door(battle: Battle, a: Cell, b: Cell, is_open: bool) -> None:
    """Open or close the edge door between ``a`` and ``b`` on the grid and in the state."""
    battle.grid.set_edge_door(a, b, open=is_open)
    battle.state.edge_doors[edge_key(a, b)] = is_open


def door_on_edge(
    battle: Battle, creature: CreatureState, far: Cell, near: Cell | None, is_open: bool
) -> Perform:
    """Check opening (``is_open``) or closing the edge door towards ``far``; return the change.

    Interagieren as at a field door (E-ACT-HH-INTERAGIEREN): the same refusals, except
    that no creature stands in an edge door's way (there is no doorway field).
    """
    a, b = reached_edge_door(battle, creature, far, near)
    if edge_door_open(battle.grid, a, b) == is_open:
        raise CommandRejected(
            say("the door is already open", "die Tür ist schon offen")
            if is_open
            else say("the door is already closed", "die Tür ist schon geschlossen")
        )

    def perform() -> list[Event]:
        set_edge_door(battle, a, b, is_open)
        de, en = edge_text(*edge_key(a, b))  # upper/left first, as the GM's log names it
        verb = ("öffnet", "opens") if is_open else ("schließt", "closes")
        events = [
            _event(
                "door",
                f"{creature.name} {verb[0]} die Tür {de}",
                f"{creature.name} {verb[1]} the door {en}",
                creature.key,
                cell=list(a),
                edge_to=list(b),
                open=is_open,
            )
        ]
        return events + _reveal(creature, ConspicuousAct.INTERACTION)

    return perform


def refuse_edge_break() -> CommandRejected:
    """Return the refusal of battering an edge door (not supported, E-OBJ-5)."""
    return CommandRejected(
        say(
            "a door on a field edge cannot be battered open; open it, or the game master opens it",
            "eine Tür auf einer Feldkante kann nicht aufgebrochen werden; öffne sie, oder "
            "die Spielleitung öffnet sie",
        )
    )
