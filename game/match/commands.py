"""Commands: every decision a player or the game master makes, as serialisable data.

A command names its kind and carries plain values only (strings, ints, cells as
[x, y]); ``to_dict`` and a ruleset's ``CommandRegistry.from_dict`` turn it into JSON and
back, so a match is its mission, its seed and its list of commands.

The registry is an explicit table each ruleset builds in one place from its command
classes: defining a command class registers nothing, so what a save may contain never
depends on which modules happen to be imported.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.match.problem_texts import Texts, say


class CommandError(ValueError):
    """A command read from a file or the screen is malformed.

    ``str()`` is the English message; ``texts`` has it per language (German too).
    """

    def __init__(self, message: str | Texts) -> None:
        texts = {"en": message} if isinstance(message, str) else dict(message)
        super().__init__(texts["en"])
        self.texts: Mapping[str, str] = texts


class CommandRejected(Exception):
    """A ruleset refused a command; nothing changed. ``reason`` says why, for people.

    Rulesets raise their own subclasses (with their texts in several languages); the
    match machinery only needs ``reason``.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = str(reason)

    def text(self, language: str) -> str:
        """Return the reason in ``language`` (the base knows only one text)."""
        return self.reason


@dataclass(frozen=True)
class Command:
    """Base of every command. ``actor`` is the acting creature's key (GM commands: None)."""

    kind: ClassVar[str] = ""
    actor: str | None

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
        errors: list[CommandError] = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _restore(value, arg, where)
            except CommandError as error:
                errors.append(error)
        raise CommandError(errors[0].texts if errors else say("cmd_unexpected_null", where=where))
    if origin is tuple:
        if not isinstance(value, list):
            raise _expected(where, "cmd_a_list", type(value).__name__)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_restore(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise _expected(where, "cmd_values", len(value), count=len(args))
        return tuple(
            _restore(v, a, f"{where}[{i}]")
            for i, (v, a) in enumerate(zip(value, args, strict=True))
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise _expected(where, "true_or_false", repr(value))
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _expected(where, "cmd_a_whole_number", repr(value))
        return value
    if hint is str:
        if not isinstance(value, str):
            raise _expected(where, "cmd_text", repr(value))
        return value
    if hint is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise _expected(where, "cmd_a_number", repr(value))
        return float(value)
    raise CommandError(f"{where}: unsupported field type {hint!r}")


def _expected(where: str, expected: str, found: object, **values: object) -> CommandError:
    """Return the error "<where>: expected <template>, found <found>" in every language."""
    wanted = say(expected, **values)
    return CommandError(say("cmd_expected_found", where=where, expected=wanted, found=found))


class CommandRegistry:
    """The command kinds of one ruleset, by kind: an explicit, immutable table."""

    def __init__(self, classes: Iterable[type[Command]]) -> None:
        table: dict[str, type[Command]] = {}
        for cls in classes:
            if not cls.kind:
                raise TypeError(f"{cls.__name__} has no kind")
            if cls.kind in table:
                raise TypeError(f"two commands share the kind {cls.kind!r}")
            table[cls.kind] = cls
        self._table = table

    def __contains__(self, kind: object) -> bool:
        return kind in self._table

    def __getitem__(self, kind: str) -> type[Command]:
        return self._table[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def classes(self) -> tuple[type[Command], ...]:
        """Return the command classes in the table's order."""
        return tuple(self._table.values())

    def from_dict(self, data: Any) -> Command:
        """Return the command a JSON object describes; raise CommandError naming what is wrong."""
        return command_from_dict(data, self)


#: The field types of each command class, resolved once (a save reads thousands).
_HINTS: dict[type[Command], dict[str, Any]] = {}


def _hints_of(cls: type[Command]) -> dict[str, Any]:
    """Return a command class's field types (resolved on first use, then kept)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def command_from_dict(data: Any, registry: CommandRegistry) -> Command:
    """Return the command a JSON object describes; raise CommandError naming what is wrong."""
    if not isinstance(data, dict):
        raise CommandError(say("cmd_not_object", found=type(data).__name__))
    kind = data.get("kind")
    cls = registry._table.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CommandError(say("cmd_unknown_kind", kind=kind, kinds=sorted(registry)))
    hints = _hints_of(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - names - {"kind"}
    if unknown:
        message = say("cmd_unknown_fields", kind=kind, fields=sorted(unknown), names=sorted(names))
        raise CommandError(message)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise CommandError(say("cmd_missing_field", kind=kind, name=f.name))
        values[f.name] = _restore(data[f.name], hints[f.name], f"{kind}.{f.name}")
    return cls(**values)
