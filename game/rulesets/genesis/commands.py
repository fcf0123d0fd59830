"""Genesis commands: every answer to a decision of a Genesis fight, as serialisable data.

A KR (G-TIME-KR) asks, in this order: each fighter's declaration (DECLARATION), each
attacker's strikes (TURN), each defending side's answers to the successful attacks on its
fighters (DEFENCE). Each answer below is one command of the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command


@dataclass(frozen=True)
class Declare(Command):
    """Announce this KR's numbers of AT and PA/AW (multiples of 0.5: the half action),
    a move along ``path``, leaving the fight or a weapon change (G-PHASE-DECL-1/2)."""

    kind: ClassVar[str] = "g_declare"
    attacks: float = 0.0
    defences: float = 0.0
    path: tuple[Cell, ...] = ()
    leave: bool = False
    swap_to: str = ""


@dataclass(frozen=True)
class Strike(Command):
    """Strike one declared AT at ``target`` with the weapon in hand, made harder by
    ``penalty`` (G-ATPA-4); rolled at once (G-PHASE-EXEC-1)."""

    kind: ClassVar[str] = "g_strike"
    target: str = ""
    penalty: int = 0
    #: Strike it as a Megaschlag (the fighter's active TP bonus, one per KR).
    mega: bool = False


@dataclass(frozen=True)
class EndStrikes(Command):
    """Give up the declared ATs not yet struck this KR."""

    kind: ClassVar[str] = "g_end_strikes"


@dataclass(frozen=True)
class Defend(Command):
    """Answer the successful attack ``hit`` of this KR: ``how`` is "pa", "aw", "ally"
    (``actor`` parries for the attacked ally, -30) or "none" (let it through).

    The order of a side's Defend commands is the order the defender works through its
    hits (G-PHASE-EXEC-2/3)."""

    kind: ClassVar[str] = "g_defend"
    hit: int = 0
    how: str = "none"


@dataclass(frozen=True)
class Surplus(Command):
    """Turn one withheld surplus AT into ``option``: "bonus" (+20 on one AT, PA or AW
    within the next 2 KR), "speed" (+20 % run speed for 10 s) or "ad" (+1..4 AD by the
    AT's weight class) (G-SURPLUS-2/3/4)."""

    kind: ClassVar[str] = "g_surplus"
    option: str = "ad"


@dataclass(frozen=True)
class AutoDefence(Command):
    """Let the built-in rule answer the defences of ``actor``'s side (``on``) or not."""

    kind: ClassVar[str] = "g_auto_defence"
    on: bool = True
