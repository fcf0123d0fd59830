"""Each match's record as its saves last wrote it in lines, kept between saves.

A save after every command encodes only the new commands (``save_lines.LineCache``). A
match loaded from a save in lines starts with the lines it was read from once its
record is verified, so its first save does not encode the whole record again either.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from game.match.commands import Command
from game.match.record import Match
from game.match.save_lines import JsonLines, Line, LineCache

#: The line cache of each match (gone with the match).
_COMMAND_LINES: weakref.WeakKeyDictionary[Match, LineCache] = weakref.WeakKeyDictionary()


def record_lines(match: Match, commands: Sequence[Command]) -> list[Line]:
    """Return a line for each of ``commands`` (the match's record), encoding only new ones."""
    cache = _COMMAND_LINES.get(match)
    if cache is None:
        cache = _COMMAND_LINES[match] = LineCache(_plain)
    return cache.lines(commands)


def start_from(match: Match, commands: Sequence[Command], read: JsonLines) -> None:
    """Let ``match``'s next save take ``read`` (its verified record as read) for ``commands``."""
    cache = LineCache(_plain)
    cache.prime(commands, [Line(line) for line in read.encoded()])
    _COMMAND_LINES[match] = cache


def forget_all() -> None:
    """Forget every cached record (a test writes a save afresh)."""
    _COMMAND_LINES.clear()


def _plain(command: Command) -> object:
    return command.to_dict()
