"""Quick-rules commands: every decision of a zone fight, as serialisable data (Q-ACT-*)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.match.commands import Command


@dataclass(frozen=True)
class Move(Command):
    """Gehen, Laufen or Lösen into ``zone`` (Q-MOVE-1..3, Q-OPEN-15).

    ``action`` is "walk", "run" or "disengage"; ``x``/``y`` the field to stand on in the
    zone, or -1/-1 for the free field of the zone nearest the mover.
    """

    kind: ClassVar[str] = "q_move"
    action: str
    zone: int
    x: int = -1
    y: int = -1


@dataclass(frozen=True)
class Attack(Command):
    """Attack ``target`` with ``weapon`` ("": unarmed) (Q-ATK-1..4)."""

    kind: ClassVar[str] = "q_attack"
    target: str
    weapon: str = ""


@dataclass(frozen=True)
class Reload(Command):
    """Reload the empty magazine of ``weapon``: Interagieren, one HH (Q-CRIT-FAIL-2)."""

    kind: ClassVar[str] = "q_reload"
    weapon: str


@dataclass(frozen=True)
class TakeCover(Command):
    """Go into Volldeckung behind an adjacent wall: Positionsänderung (Q-COVER-2)."""

    kind: ClassVar[str] = "q_take_cover"


@dataclass(frozen=True)
class LeaveCover(Command):
    """Give up Volldeckung: Schemenhaft and Bewegungslos end (Q-COVER-2, Q-OPEN-9)."""

    kind: ClassVar[str] = "q_leave_cover"


@dataclass(frozen=True)
class StandUp(Command):
    """Stand up from Liegend: Positionsänderung, one HH."""

    kind: ClassVar[str] = "q_stand_up"


@dataclass(frozen=True)
class EndTurn(Command):
    """End the turn; unspent actions are lost (Q-ACT-1)."""

    kind: ClassVar[str] = "q_end_turn"


@dataclass(frozen=True)
class ChooseNext(Command):
    """The deciding side lets ``actor`` act next in its block (Q-INIT-2, Q-INIT-5)."""

    kind: ClassVar[str] = "q_choose_next"


@dataclass(frozen=True)
class ChooseOutcome(Command):
    """The character decides what becomes of Besiegt ``target`` (Q-DEFEAT-2).

    ``outcome`` is a DefeatOutcome name: KILLED, CONVINCED, INTERROGATED or STUNNED.
    """

    kind: ClassVar[str] = "q_choose_outcome"
    target: str
    outcome: str


@dataclass(frozen=True)
class BuyHalfAction(Command):
    """Spend 5 of the group's Impuls on one more half action this turn (E-IMP-EFF-HALF)."""

    kind: ClassVar[str] = "q_buy_half"
