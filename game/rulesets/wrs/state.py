"""The changing state of one WRS fighter during a fight, and the setup it starts from."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from game.board.grid import BattleGrid, Cell
from game.rulesets.wrs.catalogue import Fighter

#: The eight facings a fighter may have, clockwise from north.
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True)
class FighterSetup:
    """One fighter at the start: a catalogue fighter, its side and field.

    ``own``: the fighter's own values and equipment (a mission's, ``own_fighter``) in
    place of the catalogue fighter ``fighter``'s; None: the catalogue's."""

    key: str
    fighter: str
    side: str
    cell: Cell
    facing: str = "S"
    drawn: tuple[str, ...] = ()
    own: Fighter | None = None


@dataclass(frozen=True)
class WrsSetup:
    """Everything a WRS match needs besides the catalogue and the seed."""

    title: str
    grid: BattleGrid
    fighters: tuple[FighterSetup, ...]
    #: The sides that surprise the others (W-SURP-2); empty: no surprise.
    surprisers: tuple[str, ...] = ()


@dataclass
class FighterState:
    """What changes of a fighter: field, facing, wounds, armour points, the turn's state."""

    key: str
    fighter: str
    side: str
    cell: Cell
    facing: str
    armour: Fraction
    wounds: int = 0
    actions_left: int = 0
    aim_pending: bool = False
    defensive: bool = False
    ready_target: str = ""
    ready_cells: tuple[Cell, ...] = ()
    ready: bool = False
    drawn: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the state as plain JSON data (armour points as "n/d")."""
        return {
            "key": self.key,
            "fighter": self.fighter,
            "side": self.side,
            "cell": list(self.cell),
            "facing": self.facing,
            "armour": str(self.armour),
            "wounds": self.wounds,
            "actions_left": self.actions_left,
            "aim_pending": self.aim_pending,
            "defensive": self.defensive,
            "ready": self.ready,
            "ready_target": self.ready_target,
            "ready_cells": [list(c) for c in self.ready_cells],
            "drawn": list(self.drawn),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FighterState:
        """Return the state ``to_dict`` wrote (a save's snapshot; the caller checks the types)."""
        return cls(
            key=data["key"],
            fighter=data["fighter"],
            side=data["side"],
            cell=(data["cell"][0], data["cell"][1]),
            facing=data["facing"],
            armour=Fraction(data["armour"]),
            wounds=data["wounds"],
            actions_left=data["actions_left"],
            aim_pending=data["aim_pending"],
            defensive=data["defensive"],
            ready_target=data["ready_target"],
            ready_cells=tuple((c[0], c[1]) for c in data["ready_cells"]),
            ready=data["ready"],
            drawn=list(data["drawn"]),
        )
