"""``kampfkarte scenario --commands RULESET``: every command kind with its fields and types."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, TextIO

from game.match.commands import Command, CommandRegistry
from game.rulesets import UnknownRuleset, ruleset

_NAMES: dict[Any, str] = {str: "string", int: "integer", bool: "boolean", float: "float"}


def type_text(hint: Any) -> str:
    """Return how a command field's type is written in a scenario (TOML words)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        named = [type_text(a) for a in args if a is not type(None)]
        return " or ".join(named + (["null"] if type(None) in args else []))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"array of {type_text(args[0])}"
        return "[" + ", ".join(type_text(a) for a in args) + "]"
    return _NAMES.get(hint, getattr(hint, "__name__", str(hint)))


@dataclasses.dataclass(frozen=True)
class FieldInfo:
    """One field of a command kind: its name, type in TOML words, and default (if any)."""

    name: str
    type: str
    default: str | None


def command_fields(cls: type[Command]) -> list[FieldInfo]:
    """Return the fields of a command class in their order (``actor`` first)."""
    hints = typing.get_type_hints(cls)
    found = []
    for f in dataclasses.fields(cls):
        default = None
        if f.default is not dataclasses.MISSING:
            default = _toml(f.default)
        found.append(FieldInfo(f.name, type_text(hints[f.name]), default))
    return found


def summary(cls: type[Command]) -> str:
    """Return the first line of the command's docstring ("" for a generated one)."""
    doc = cls.__dict__.get("__doc__") or ""
    first = " ".join(doc.strip().split("\n\n")[0].split())
    return "" if first.startswith(f"{cls.__name__}(") else first


def list_commands(registry: CommandRegistry, key: str, out: TextIO) -> None:
    """Print every command kind of ``registry`` with its fields, types and defaults."""
    print(
        f'{key}: {len(registry)} command kinds. A command is a table {{kind = "...", ...}} '
        "with these fields; one with '= value' may be left out (then it has that value).",
        file=out,
    )
    for cls in registry.classes():
        print(f"\n{cls.kind}", file=out)
        text = summary(cls)
        if text:
            print(f"    {text}", file=out)
        for info in command_fields(cls):
            if info.default is not None:
                default = f" = {info.default}"
            elif info.type.endswith(" or null"):
                default = " (may be left out: null)"
            else:
                default = ""
            print(f"    {info.name}: {info.type}{default}", file=out)


def run_list_commands(key: str, out: TextIO, err: TextIO) -> int:
    """List the command kinds of the ruleset ``key``; return 0, or 2 for an unknown key."""
    try:
        chosen = ruleset(key)
    except UnknownRuleset as error:
        print(f"kampfkarte scenario: {error}", file=err)
        return 2
    list_commands(chosen.commands, chosen.key, out)
    return 0


def _toml(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)
