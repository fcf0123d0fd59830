"""WRS commands: every decision of a WRS fight, as serialisable data (W-ACT-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command


@dataclass(frozen=True)
class Step(Command):
    """Walk 1–3 fields along ``path`` (the fields entered, in order; W-ACT-MOVE)."""

    kind: ClassVar[str] = "wrs_step"
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class Attack(Command):
    """Attack ``target`` with ``weapon`` (a second one-handed weapon: dual, W-BONUS-DUAL)."""

    kind: ClassVar[str] = "wrs_attack"
    target: str
    weapon: str
    fire_mode: str = "Einzelschuss"
    shots: int = 1
    second_weapon: str = ""


@dataclass(frozen=True)
class Aim(Command):
    """Zielen: +25 on the next action's attack (W-ACT-AIM)."""

    kind: ClassVar[str] = "wrs_aim"


@dataclass(frozen=True)
class DefensivePosition(Command):
    """Verteidigungsposition with the last free action (W-ACT-DEF-1/2)."""

    kind: ClassVar[str] = "wrs_defend"


@dataclass(frozen=True)
class Ready(Command):
    """Bereitschaft with both actions: react when ``target`` acts or a field in ``cells``
    is entered (W-ACT-READY-1..3)."""

    kind: ClassVar[str] = "wrs_ready"
    target: str = ""
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Draw(Command):
    """Draw a carried weapon or shield (W-ACT-1)."""

    kind: ClassVar[str] = "wrs_draw"
    item: str


@dataclass(frozen=True)
class Turn360(Command):
    """A 360° turn: face ``facing`` afterwards (W-ACT-1)."""

    kind: ClassVar[str] = "wrs_turn"
    facing: str = "S"


@dataclass(frozen=True)
class HostAction(Command):
    """Another action (pick up, open a door, reload): one action (W-OPEN-11)."""

    kind: ClassVar[str] = "wrs_host_action"
    note: str = ""


@dataclass(frozen=True)
class Door(Command):
    """Open or close a door: one action, a host action (W-OPEN-11).

    ``cell`` is a door field next to the fighter, or the orthogonal neighbour behind
    the door on the border of the fighter's field.
    """

    kind: ClassVar[str] = "wrs_door"
    cell: Cell = (0, 0)
    open: bool = True


@dataclass(frozen=True)
class Pass(Command):
    """Let a readiness trigger pass without reacting (W-ACT-READY-5: readiness ends)."""

    kind: ClassVar[str] = "wrs_pass"


@dataclass(frozen=True)
class EndTurn(Command):
    """End the turn; unspent actions are lost (W-ROUND-3)."""

    kind: ClassVar[str] = "wrs_end_turn"
