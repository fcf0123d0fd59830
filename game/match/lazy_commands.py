"""A save's record read lazily: each command is built and checked when first used.

A load from a snapshot applies no command, so building 20,000 of them at load would make
it as slow as the record is long. ``LazyCommands`` keeps the raw JSON list and builds a
command (with the ruleset's command table) when it is first read; the Verifier reads
each as it replays it, and anything that changes the match verifies first. A command
that does not read raises the error ``build`` gives (the save's ``$.commands[i]`` error).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from typing import Any, overload

from game.match.commands import Command
from game.match.save_lines import JsonLines, equal_as_lists

#: A command's line starts with its kind (``Command.to_dict``); kinds are plain names.
_KIND_FIRST = re.compile(rb'^\{"kind":"([a-z][a-z0-9_]{0,60})"[,}]')

#: Build the command at an index from its raw JSON value (raise the save's error).
Build = Callable[[int, Any], Command]


class LazyCommands(MutableSequence[Command]):
    """A record whose commands are built on first access (``built`` counts them).

    An append builds nothing (the match plays on while a load is verified); any other
    change (delete, insert, ...) builds every command first, then changes the list.
    """

    def __init__(self, raw: Sequence[Any], build: Build) -> None:
        # a save's lines stay unparsed (``save_lines``); a plain list is copied
        self._raw: Sequence[Any] = raw if isinstance(raw, JsonLines) else list(raw)
        self._build = build
        self._done: list[Command | None] = [None] * len(self._raw)
        self.built = 0
        self._unchanged = True

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> list[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | list[Command]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self._raw)))]
        if index < 0:
            index += len(self._raw)
        if not 0 <= index < len(self._raw):
            raise IndexError("command index out of range")
        return self._at(index)

    def __iter__(self) -> Iterator[Command]:
        return (self._at(i) for i in range(len(self._raw)))

    def _at(self, index: int) -> Command:
        command = self._done[index]
        if command is None:
            command = self._build(index, self._raw[index])
            self._done[index] = command
            self.built += 1
        return command

    def as_read(self) -> Sequence[Any] | None:
        """Return the record's raw JSON values as the save held them, or None after a change."""
        return self._raw if self._unchanged else None

    def kinds(self) -> list[str]:
        """Return each command's kind without building it ("" where the raw value has none)."""
        return [
            command.kind if command is not None else self._raw_kind(index)
            for index, command in enumerate(self._done)
        ]

    def _raw_kind(self, index: int) -> str:
        raw = self._raw
        if isinstance(raw, JsonLines) and index < raw.line_count:
            found = _KIND_FIRST.match(raw.line_bytes(index))  # as a command writes itself
            if found is not None:
                return found.group(1).decode("ascii")
        value = raw[index]
        return str(value.get("kind", "")) if isinstance(value, dict) else ""

    def _all(self) -> list[Command | None]:
        """Return the built list (every command built now), for a change."""
        for index in range(len(self._raw)):
            self._at(index)
        self._unchanged = False
        return self._done

    @overload
    def __setitem__(self, index: int, value: Command) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[Command]) -> None: ...

    def __setitem__(self, index: int | slice, value: Any) -> None:
        done = self._all()
        done[index] = value
        self._raw = list(done)

    def __delitem__(self, index: int | slice) -> None:
        done = self._all()
        del done[index]
        self._raw = list(done)

    def copy(self) -> LazyCommands:
        """Return an independent copy (the raw record shared, nothing built: a dry run)."""
        copied = LazyCommands.__new__(LazyCommands)
        copied._raw, copied._build = self._raw, self._build
        copied._done, copied.built = list(self._done), self.built
        copied._unchanged = self._unchanged
        return copied

    def append(self, value: Command) -> None:
        """Append ``value`` building nothing: the raw record grows by its JSON value."""
        raw = self._raw
        if isinstance(raw, JsonLines):
            self._raw = raw.then([value.to_dict()])
        else:
            self._raw = [*raw, value.to_dict()]
        self._done.append(value)

    def insert(self, index: int, value: Command) -> None:
        """Insert ``value`` before ``index`` (every command is built first)."""
        done = self._all()
        done.insert(index, value)
        self._raw = list(done)

    def __eq__(self, other: object) -> bool:
        return equal_as_lists(self, other)

    __hash__ = None  # type: ignore[assignment]


__all__ = ["Build", "LazyCommands"]
