"""Commands: every decision a player or the game master makes, as serialisable data.

A command names its kind and carries plain values only (strings, ints, cells as
[x, y]); ``to_dict``/``command_from_dict`` turn it into JSON and back, so a match is
its mission, its seed and its list of commands.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from game.rules.grid import Cell

COMMANDS: dict[str, type[Command]] = {}


class CommandError(ValueError):
    """A command read from a file or the screen is malformed."""


@dataclass(frozen=True)
class Command:
    """Base of every command. ``actor`` is the acting creature's key (GM commands: None)."""

    kind: ClassVar[str] = ""
    actor: str | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            if cls.kind in COMMANDS:
                raise TypeError(f"two commands share the kind {cls.kind!r}")
            COMMANDS[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _restore(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _restore(value, arg, where)
            except CommandError as error:
                errors.append(str(error))
        raise CommandError(errors[0] if errors else f"{where}: unexpected null")
    if origin is tuple:
        if not isinstance(value, list):
            raise CommandError(f"{where}: expected a list, found {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_restore(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise CommandError(f"{where}: expected {len(args)} values, found {len(value)}")
        return tuple(
            _restore(v, a, f"{where}[{i}]")
            for i, (v, a) in enumerate(zip(value, args, strict=True))
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise CommandError(f"{where}: expected true or false, found {value!r}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise CommandError(f"{where}: expected a whole number, found {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise CommandError(f"{where}: expected text, found {value!r}")
        return value
    if hint is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise CommandError(f"{where}: expected a number, found {value!r}")
        return float(value)
    raise CommandError(f"{where}: unsupported field type {hint!r}")


def command_from_dict(data: Any) -> Command:
    """Return the command a JSON object describes; raise CommandError naming what is wrong."""
    if not isinstance(data, dict):
        raise CommandError(f"a command is an object, found {type(data).__name__}")
    kind = data.get("kind")
    cls = COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CommandError(f"unknown command kind {kind!r}; expected one of {sorted(COMMANDS)}")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - names - {"kind"}
    if unknown:
        raise CommandError(f"{kind}: unknown fields {sorted(unknown)}; expected {sorted(names)}")
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise CommandError(f"{kind}: missing field {f.name!r}")
        values[f.name] = _restore(data[f.name], hints[f.name], f"{kind}.{f.name}")
    return cls(**values)


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


@dataclass(frozen=True)
class GmCoverOverride(Command):
    """The next attack by ``attacker`` at ``target`` uses this cover (D-9)."""

    kind: ClassVar[str] = "gm_cover"
    attacker: str
    target: str
    cover: str  # Cover name: NONE, PARTIAL, FULL


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
