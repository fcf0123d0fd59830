"""ENTARIA's basic commands: turn, move, attack, position, the catalogue's actions, the GM's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.board.grid import Cell
from game.match.commands import Command


# ---------------------------------------------------------------- turn commands
@dataclass(frozen=True)
class EndTurn(Command):
    """End the current creature's turn (what is unspent is forgone, E-ACT-7)."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Move(Command):
    """Gehen, Laufen or Lösen along a declared path (start field first)."""

    kind: ClassVar[str] = "move"
    action: str  # Action name: WALK, RUN, DISENGAGE
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class Attack(Command):
    """Nahkampf or Fernkampf with one weapon at one creature (E-ACT-HH-NAHKAMPF/FERNKAMPF)."""

    kind: ClassVar[str] = "attack"
    target: str
    weapon: str  # weapon key, or "unarmed"
    nonlethal: bool = False


@dataclass(frozen=True)
class ChangePosition(Command):
    """Positionsänderung: stand up, kneel or lie down (E-ACT-HH-POSITION)."""

    kind: ClassVar[str] = "change_position"
    stance: str  # Stance value


@dataclass(frozen=True)
class UseAction(Command):
    """Take an action of the catalogue by its name (``Action`` name): defence, support,
    Verbergen, Abwarten, Panzerung and the actions the game master resolves
    (``use_action.RESOLVERS``).

    ``target``: a creature key; ``cell``: a field (a spell's origin); ``item``: an
    armour key (DON_ARMOR/DOFF_ARMOR); ``zw``: the ZW the game master sets (a
    mechanism's, or to replace the catalogue's); ``shape``/``length``/``angle``: a
    spell's area template; ``rounds`` > 0: the length of a longer action, or makes
    Untersuchen/Mechanismus umgehen an LH (E-ACT-5); ``note``: what the player says
    (Abwarten's trigger, the spell's name, what Orientieren looks for).
    """

    kind: ClassVar[str] = "use_action"
    action: str
    target: str | None = None
    cell: Cell | None = None
    note: str = ""
    item: str | None = None
    zw: int | None = None
    shape: str | None = None
    length: int = 0
    angle: int = 0
    rounds: int = 0


# ------------------------------------------------------------------ GM commands
@dataclass(frozen=True)
class GmSetLifePoints(Command):
    kind: ClassVar[str] = "gm_set_lp"
    creature: str
    lp: int


@dataclass(frozen=True)
class GmCondition(Command):
    """Add (count > 0) or remove (count == 0) a condition."""

    kind: ClassVar[str] = "gm_condition"
    creature: str
    condition: str  # Condition name
    count: int = 1


@dataclass(frozen=True)
class GmMoveToken(Command):
    kind: ClassVar[str] = "gm_move"
    creature: str
    cell: Cell


@dataclass(frozen=True)
class GmDoor(Command):
    kind: ClassVar[str] = "gm_door"
    cell: Cell
    open: bool
    edge_to: Cell | None = None  # D-13: the door on the edge between ``cell`` and this field


@dataclass(frozen=True)
class GmCoverOverride(Command):
    """The next attack by ``attacker`` at ``target`` uses this cover (D-9)."""

    kind: ClassVar[str] = "gm_cover"
    attacker: str
    target: str
    cover: str  # Cover name: NONE, PARTIAL, FULL


@dataclass(frozen=True)
class GmFog(Command):
    """Lift or lay the fog of war on ``fields`` by hand, for ``sides`` (empty: every side).

    ``reveal`` True: the sides see the fields (and who stands there, unless hidden);
    False: they do not, whatever their creatures see; None: back to what they see.
    """

    kind: ClassVar[str] = "gm_fog"
    fields: tuple[Cell, ...]
    reveal: bool | None = True
    sides: tuple[str, ...] = ()


@dataclass(frozen=True)
class GmEndFight(Command):
    kind: ClassVar[str] = "gm_end_fight"
    winner: str | None = None


@dataclass(frozen=True)
class GmAnswer(Command):
    """The game master deals with a question the engine put (a ``gm_question`` event).

    ``question`` is the question's index in ``Battle.log``; ``text`` the answer, if any.
    """

    kind: ClassVar[str] = "gm_answer"
    question: int
    text: str = ""
