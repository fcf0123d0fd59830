"""The parts every game's snapshot shares: its log, its dice stream, its grid's layers.

A ruleset's ``snapshot_data`` writes its own state and uses these for what all games
hold alike; its ``restored`` reads them back with the same checks. The log is written
as lines (``save_lines.Line``) encoded once per entry, and read lazily: a save of a long
fight loads without decoding its history.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from game.board.dice import RandomRoller, Roller
from game.board.grid import BattleGrid
from game.match.events import Event
from game.match.lazy_log import LazyLog
from game.match.save_lines import JsonLines, Line, compact_encoder
from game.match.snapshot_codec import (
    SnapshotError,
    Unencodable,
    array_data,
    array_of,
    decode,
    encode,
    expect,
)
from game.match.snapshot_valid import decodable

_EVENT = {"kind", "de", "en", "actor", "data"}

# ---------------------------------------------------------------------- the log
#: The log of a game as last encoded: the same events (by identity) are not encoded again,
#: so the autosave after each command encodes only the new entries.
_LOG_CACHE: weakref.WeakKeyDictionary[Any, tuple[list[Event], list[Any]]] = (
    weakref.WeakKeyDictionary()
)
#: The log encoded last, of any game: a game not seen before starts from it (undo and
#: redo resume a copy of the match's game, which shares its events, and the game
#: before is gone). Held strongly, so the identity of its events stays theirs.
_LAST: list[tuple[list[Event], list[Any]]] = []


def encoded_log(game: Any, log: Sequence[Event]) -> JsonLines:
    """Return ``game``'s ``log`` as a snapshot holds it, reusing the entries encoded before.

    A log restored from a snapshot (``LazyLog``) gives its raw entries as they are: they
    are what the snapshot held, and only a verified snapshot is written again.
    """
    raw: Sequence[Any] = ()
    if isinstance(log, LazyLog):
        raw, log = log.raw_prefix()
    cached = _LOG_CACHE.get(game)
    events, encoded = cached if cached is not None else _LAST[0] if _LAST else ([], [])
    known = len(events)
    if known <= len(log) and (not known or log[known - 1] is events[-1]):
        # an event is made once and keeps its place in every log that holds it: the same
        # last entry means the same entries before it
        same = known
    else:
        same = 0
        for old, new in zip(events, log, strict=False):
            if old is not new:
                break
            same += 1
    to_line = compact_encoder()  # kept as lines: a save does not encode them again
    encoded = encoded[:same] + [Line(to_line(encode(event.to_dict()))) for event in log[same:]]
    entry = (list(log), encoded)
    _LOG_CACHE[game] = entry
    _LAST[:] = [entry]
    if isinstance(raw, JsonLines):  # the lines read from a save, written back as they were
        return raw.then(encoded)
    return JsonLines([*raw, *encoded])


def warm_log(game: Any) -> None:
    """Encode the new entries of ``game``'s log now (a replay under way: its end is quick)."""
    encoded_log(game, game.log)


def forget_encoded_logs() -> None:
    """Forget every log encoded so far (a test writes a save afresh)."""
    _LOG_CACHE.clear()
    _LAST.clear()


def events_of(raw: Any, where: str) -> list[Event]:
    """Return the events ``raw`` holds; raise SnapshotError naming the first bad one."""
    expect(type(raw) is list, where, "expected a list of events")
    events = []
    for index, item in enumerate(raw):
        event = _event_quick(item)
        events.append(event if event is not None else _event_of(item, f"{where}[{index}]"))
    return events


def lazy_events(raw: Any, where: str) -> LazyLog[Event]:
    """Return the events ``raw`` holds, each decoded when first read; checked now.

    Each is checked as ``events_of`` would (``decodable``: nothing is built), so what
    it refuses is refused here, with the same SnapshotError; a read never fails.
    """
    if isinstance(raw, JsonLines):  # a save in lines: each entry is checked when read
        return LazyLog(raw, _read_or_stand_in(where))
    expect(type(raw) is list, where, "expected a list of events")
    for index, item in enumerate(raw):
        ok = _event_shape(item) and "~t" not in item["data"]  # data is a dict, not a tuple
        if not ok or not decodable(item["data"], 1):
            _event_of(item, f"{where}[{index}]")  # raises, naming the path

    def event_at(index: int, item: Any) -> Event:
        event = _event_quick(item)
        return event if event is not None else _event_of(item, f"{where}[{index}]")

    return LazyLog(raw, event_at)


def _read_or_stand_in(where: str) -> Callable[[int, Any], Event]:
    """Return the decoder of a log in lines: a line that is no event reads as a stand-in.

    Such a log belongs to a snapshot not verified yet: its Verifier compares every line
    with the replayed log, so a bad line makes the replay win before the match goes on.
    """

    def event_at(index: int, item: Any) -> Event:
        event = _event_quick(item)
        if event is not None:
            return event
        try:
            return _event_of(item, f"{where}[{index}]")
        except SnapshotError:
            return Event(
                "unreadable",
                "(unlesbarer Eintrag im Spielstand)",
                "(an unreadable entry of the save)",
                None,
                {},
            )

    return event_at


def _event_shape(item: Any) -> bool:
    """Return whether ``item`` has an event's keys and texts (its data is not looked into)."""
    if type(item) is not dict or item.keys() != _EVENT:
        return False
    kind, de, en, actor = item["kind"], item["de"], item["en"], item["actor"]
    texts = type(kind) is str and type(de) is str and type(en) is str
    return texts and (actor is None or type(actor) is str) and type(item["data"]) is dict


def _event_quick(item: Any) -> Event | None:
    """Return the event ``item`` holds, or None for anything ``_event_of`` must look at."""
    if not _event_shape(item):
        return None
    try:
        data = decode(item["data"], "$", 1)
    except SnapshotError:
        return None
    if type(data) is not dict:
        return None
    return Event(item["kind"], item["de"], item["en"], item["actor"], data)


def _event_of(item: Any, here: str) -> Event:
    """Return the event ``item`` holds; raise SnapshotError naming ``here`` otherwise."""
    plain = decode(item, here)
    expect(type(plain) is dict and set(plain) == _EVENT, here, "expected an event")
    texts = (plain["kind"], plain["de"], plain["en"])
    expect(all(type(t) is str for t in texts), here, "expected texts")
    expect(plain["actor"] is None or type(plain["actor"]) is str, here, "expected an actor")
    expect(type(plain["data"]) is dict, here, "expected the event's data")
    return Event(**plain)


# ---------------------------------------------------------------------- the dice
def roller_data(roller: Roller) -> Any:
    """Return the dice stream's state; raise Unencodable for scripted dice (a replay only)."""
    if type(roller) is not RandomRoller:
        raise Unencodable("scripted dice")
    return encode(roller._rng.getstate())


def roller_of(raw: Any, where: str) -> RandomRoller:
    """Return a dice stream at the state ``roller_data`` wrote; raise SnapshotError."""
    state = decode(raw, where)
    ok = type(state) is tuple and len(state) == 3 and type(state[1]) is tuple
    expect(ok and len(state[1]) == 625, where, "expected a dice stream's state")
    words = state[1]
    expect(all(type(w) is int and 0 <= w < 2**32 for w in words), where, "expected 32-bit words")
    roller = RandomRoller()
    try:
        roller._rng.setstate(state)
    except (TypeError, ValueError) as error:
        raise SnapshotError(where, f"not a dice stream's state: {error}") from None
    return roller


# ---------------------------------------------------------------------- the grid
def grid_data(grid: BattleGrid, start: BattleGrid) -> dict[str, Any]:
    """Return the grid's layers that differ from the set-up's ``start`` (doors, objects)."""
    return {
        "layers": _changed_arrays(grid, start),
        "edges": _changed_arrays(grid.edges, start.edges),
        "version": grid.version,
        "any_blocking": grid.edges.any_blocking,
    }


def _changed_arrays(holder: object, start: object) -> dict[str, Any]:
    return {
        name: array_data(value)
        for name, value in vars(holder).items()
        if isinstance(value, np.ndarray) and not np.array_equal(value, getattr(start, name))
    }


def grid_into(grid: BattleGrid, start: BattleGrid, raw: Any, where: str) -> None:
    """Set the grid's layers: those ``raw`` holds, the others as in the set-up's ``start``."""
    keys = {"layers", "edges", "version", "any_blocking"}
    expect(type(raw) is dict and set(raw) == keys, where, f"expected the keys {sorted(keys)}")
    for holder, origin, part in ((grid, start, "layers"), (grid.edges, start.edges, "edges")):
        arrays = {n: v for n, v in vars(holder).items() if isinstance(v, np.ndarray)}
        found = raw[part]
        known = type(found) is dict and set(found) <= set(arrays)
        expect(known, f"{where}.{part}", f"expected layers of {sorted(arrays)}")
        for name, like in arrays.items():
            here = f"{where}.{part}.{name}"
            value = array_of(found[name], like, here) if name in found else None
            setattr(holder, name, getattr(origin, name).copy() if value is None else value)
    version, blocking = raw["version"], raw["any_blocking"]
    expect(type(version) is int and 0 <= version < 2**62, f"{where}.version", "expected a count")
    expect(type(blocking) is bool, f"{where}.any_blocking", "expected true or false")
    grid.version = version
    grid.edges.any_blocking = blocking


__all__ = [
    "encoded_log",
    "events_of",
    "forget_encoded_logs",
    "grid_data",
    "grid_into",
    "lazy_events",
    "roller_data",
    "roller_of",
    "warm_log",
]
