"""A battle as a save's snapshot (``game.match.snapshot_load``): plain JSON, read back checked.

``snapshot_data`` writes everything ``checkpoints.thaw`` would copy, as data: the state,
the grid's layers (doors, objects, fog of the map), the dice stream, the initiative
entries, the reroll ledger (its checkpoint, the last command's rolls and events, the dice
of every command) and the log. ``restore_snapshot`` puts it onto a fresh battle of the
same set-up and seed, so a loaded save needs no replay; the replay that verifies it
later compares its own ``snapshot_data`` with the stored one.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from game.board.dice import RandomRoller
from game.match.commands import Command
from game.match.events import Event
from game.match.lazy_commands import LazyCommands
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
from game.rulesets.entaria.reroll_ledger import Checkpoint
from game.rulesets.entaria.rules.initiative import InitiativeEntry
from game.rulesets.entaria.state import BattleState

if TYPE_CHECKING:
    from game.board.grid import BattleGrid
    from game.rulesets.entaria.engine import Battle

_KEYS = {"state", "grid", "dice", "initiative", "log", "draws", "ledger"}
_LEDGER = {"rolls", "events", "base", "base_log", "last", "overrides", "stale", "checkpoint"}
_EVENT = {"kind", "de", "en", "actor", "data"}
_ENTRY = {f.name for f in dataclasses.fields(InitiativeEntry)}


def snapshot_data(battle: Battle) -> dict[str, Any] | None:
    """Return the battle as plain JSON data, or None when it holds what data cannot."""
    ledger = battle.rerolls
    busy = (ledger.shadow, ledger.feed, ledger.next_main, ledger.next_overrides, ledger.pending)
    if battle._tracker is not None or any(item for item in busy) or ledger.fresh_dice:
        return None
    if type(battle._roller) is not RandomRoller:
        return None  # scripted dice: a replay only
    try:
        return {
            "state": encode(battle.state.to_dict()),
            "grid": _grid_data(battle.grid, battle.setup.grid),
            "dice": encode(battle._roller._rng.getstate()),
            "initiative": [encode(dataclasses.asdict(e)) for e in battle._initiative_entries],
            "log": _encoded_log(battle),
            "draws": [[n for draw in draws for n in draw] for draws in ledger.draws],
            "ledger": _ledger_data(battle),
        }
    except Unencodable:
        return None


#: The log of a battle as last encoded: the same events (by identity) are not encoded again,
#: so the autosave after each command encodes only the new entries.
_LOG_CACHE: weakref.WeakKeyDictionary[Battle, tuple[list[Event], list[Any]]] = (
    weakref.WeakKeyDictionary()
)
#: The log encoded last, of any battle: a battle not seen before starts from it (undo and
#: redo resume a copy of the match's battle, which shares its events, and the battle
#: before is gone). Held strongly, so the identity of its events stays theirs.
_LAST: list[tuple[list[Event], list[Any]]] = []


def _encoded_log(battle: Battle) -> JsonLines:
    """Return the battle's log encoded, reusing the entries encoded before (by identity).

    A log restored from a snapshot (``LazyLog``) gives its raw entries as they are: they
    are what the snapshot held, and only a verified snapshot is written again.
    """
    log = battle.log
    raw: Sequence[Any] = ()
    if isinstance(log, LazyLog):
        raw, log = log.raw_prefix()
    cached = _LOG_CACHE.get(battle)
    events, encoded = cached if cached is not None else _LAST[0] if _LAST else ([], [])
    same = 0
    for old, new in zip(events, log, strict=False):
        if old is not new:
            break
        same += 1
    to_line = compact_encoder()  # kept as lines: a save does not encode them again
    encoded = encoded[:same] + [Line(to_line(encode(event.to_dict()))) for event in log[same:]]
    entry = (list(log), encoded)
    _LOG_CACHE[battle] = entry
    _LAST[:] = [entry]
    if isinstance(raw, JsonLines):  # the lines read from a save, written back as they were
        return raw.then(encoded)
    return JsonLines([*raw, *encoded])


def _grid_data(grid: BattleGrid, start: BattleGrid) -> dict[str, Any]:
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
        if _is_array(value) and not np.array_equal(value, getattr(start, name))
    }


def _is_array(value: object) -> bool:
    return isinstance(value, np.ndarray)


def _ledger_data(battle: Battle) -> dict[str, Any]:
    ledger = battle.rerolls
    point = ledger.checkpoint
    checkpoint = None
    if point is not None:
        if type(point.roller) is not RandomRoller:
            raise Unencodable("a checkpoint with scripted dice")
        checkpoint = {
            "record_len": point.record_len,
            "state": encode(point.state),
            "doors": array_data(point.doors),
            "dice": encode(point.roller._rng.getstate()),
            "log_len": point.log_len,
        }
    return {
        "rolls": encode(ledger.rolls),
        "events": [encode(event.to_dict()) for event in ledger.events],
        "base": ledger.base,
        "base_log": ledger.base_log,
        "last": ledger.last,
        "overrides": encode(ledger.overrides),
        "stale": ledger.stale,
        "checkpoint": checkpoint,
    }


# ---------------------------------------------------------------------- reading
def restore_snapshot(fresh: Battle, data: Any, record: Sequence[Command]) -> Battle:
    """Put ``data`` onto ``fresh`` (a new battle, private) at the end of ``record``; return it.

    Raise SnapshotError naming the JSON path (under ``$``) of what is wrong.
    """
    expect(type(data) is dict and set(data) == _KEYS, "$", f"expected the keys {sorted(_KEYS)}")
    length = len(record)
    state = _state_of(data["state"], "$.state")
    _grid_into(fresh.grid, fresh.setup.grid, data["grid"], "$.grid")
    fresh.state = state
    fresh._roller = _roller_of(data["dice"], "$.dice")
    fresh._initiative_entries = _entries_of(data["initiative"])
    fresh.log = _lazy_events(data["log"], "$.log")  # type: ignore[assignment]
    # a save's LazyCommands stay lazy: the Verifier builds them, then makes this a list
    fresh.record = record if isinstance(record, LazyCommands) else list(record)  # type: ignore[assignment]
    draws = data["draws"]
    expect(type(draws) is list and len(draws) == length, "$.draws", f"expected {length} lists")
    fresh.rerolls.draws = _all_draws(draws)
    _ledger_into(fresh, data["ledger"], length)
    return fresh


def _state_of(raw: Any, where: str) -> BattleState:
    plain = decode(raw, where)
    try:
        state = BattleState.from_dict(plain)
        again = state.to_dict()
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise SnapshotError(
            where, f"not a battle state ({type(error).__name__}: {error})"
        ) from None
    expect(again == plain, where, "not a battle state as the game writes one")
    return state


def _grid_into(grid: BattleGrid, start: BattleGrid, raw: Any, where: str) -> None:
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


def _roller_of(raw: Any, where: str) -> RandomRoller:
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


def _entries_of(raw: Any) -> list[InitiativeEntry]:
    expect(type(raw) is list and len(raw) <= 10_000, "$.initiative", "expected a list")
    entries = []
    for index, item in enumerate(raw):
        where = f"$.initiative[{index}]"
        plain = decode(item, where)
        expect(type(plain) is dict and set(plain) == _ENTRY, where, "expected an initiative entry")
        ints = ("base", "roster_index")
        expect(all(type(plain[k]) is int for k in ints), where, "expected integers")
        expect(type(plain["id"]) is str, where, "expected a creature key")
        entries.append(InitiativeEntry(**plain))
    return entries


def _events_of(raw: Any, where: str) -> list[Event]:
    expect(type(raw) is list, where, "expected a list of events")
    events = []
    for index, item in enumerate(raw):
        event = _event_quick(item)
        events.append(event if event is not None else _event_of(item, f"{where}[{index}]"))
    return events


def _lazy_events(raw: Any, where: str) -> LazyLog[Event]:
    """Return the events ``raw`` holds, each decoded when first read; checked now.

    Each is checked as ``_events_of`` would (``decodable``: nothing is built), so what
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


def _all_draws(raw: list[Any]) -> list[tuple[tuple[int, int], ...]]:
    """Return the dice of each command (most rolled none: one shared empty tuple for them)."""
    return [() if item == [] else _draws_of(item, f"$.draws[{i}]") for i, item in enumerate(raw)]


def _draws_of(raw: Any, where: str) -> tuple[tuple[int, int], ...]:
    ok = type(raw) is list and len(raw) % 2 == 0 and all(type(n) is int for n in raw)
    expect(ok, where, "expected pairs of sides and value")
    pairs = tuple(zip(raw[::2], raw[1::2], strict=True))
    expect(all(1 <= v <= s for s, v in pairs), where, "expected dice values within their sides")
    return pairs


def _ledger_into(battle: Battle, raw: Any, length: int) -> None:
    where = "$.ledger"
    expect(type(raw) is dict and set(raw) == _LEDGER, where, f"expected the keys {sorted(_LEDGER)}")
    ledger = battle.rerolls
    rolls = decode(raw["rolls"], f"{where}.rolls")
    expect(type(rolls) is tuple, f"{where}.rolls", "expected the rolls")
    for index, roll in enumerate(rolls):
        ok = type(roll) is tuple and all(type(d) is tuple and len(d) == 2 for d in roll)
        expect(ok, f"{where}.rolls[{index}]", "expected dice pairs")
    overrides = decode(raw["overrides"], f"{where}.overrides")
    expect(type(overrides) is dict, f"{where}.overrides", "expected roll numbers")
    expect(all(type(v) is int for v in overrides.values()), f"{where}.overrides", "expected keys")
    for name in ("base", "last"):
        value = raw[name]
        ok = value is None or (type(value) is int and 0 <= value < length)
        expect(ok, f"{where}.{name}", f"expected a command index below {length}")
    base_log = raw["base_log"]
    ok = type(base_log) is int and 0 <= base_log <= len(battle.log)
    expect(ok, f"{where}.base_log", "expected a log length")
    expect(type(raw["stale"]) is bool, f"{where}.stale", "expected true or false")
    ledger.rolls, ledger.overrides = rolls, overrides
    ledger.events = tuple(_events_of(raw["events"], f"{where}.events"))
    ledger.base, ledger.last, ledger.base_log = raw["base"], raw["last"], base_log
    ledger.stale = raw["stale"]
    ledger.checkpoint = _checkpoint_of(battle, raw["checkpoint"], length)


def _checkpoint_of(battle: Battle, raw: Any, length: int) -> Checkpoint | None:
    where = "$.ledger.checkpoint"
    if raw is None:
        return None
    keys = {"record_len", "state", "doors", "dice", "log_len"}
    expect(type(raw) is dict and set(raw) == keys, where, f"expected the keys {sorted(keys)}")
    record_len, log_len = raw["record_len"], raw["log_len"]
    ok = type(record_len) is int and 0 <= record_len <= length
    expect(ok, f"{where}.record_len", f"expected at most {length}")
    ok = type(log_len) is int and 0 <= log_len <= len(battle.log)
    expect(ok, f"{where}.log_len", "expected a log length")
    state = _state_of(raw["state"], f"{where}.state").to_dict()
    doors = array_of(raw["doors"], battle.grid.door_open, f"{where}.doors")
    roller = _roller_of(raw["dice"], f"{where}.dice")
    return Checkpoint(record_len, state, doors, roller, log_len)
