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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.board.dice import RandomRoller
from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.match.snapshot_codec import (
    SnapshotError,
    Unencodable,
    array_data,
    array_of,
    decode,
    encode,
    expect,
)
from game.match.snapshot_parts import (
    encoded_log,
    events_of,
    grid_data,
    grid_into,
    lazy_events,
    roller_of,
)
from game.rulesets.entaria.reroll_ledger import Checkpoint
from game.rulesets.entaria.rules.initiative import InitiativeEntry
from game.rulesets.entaria.state import BattleState

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle

_KEYS = {"state", "grid", "dice", "initiative", "log", "draws", "ledger"}
_LEDGER = {"rolls", "events", "base", "base_log", "last", "overrides", "stale", "checkpoint"}
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
            "grid": grid_data(battle.grid, battle.setup.grid),
            "dice": encode(battle._roller._rng.getstate()),
            "initiative": [encode(dataclasses.asdict(e)) for e in battle._initiative_entries],
            "log": encoded_log(battle, battle.log),
            "draws": [[n for draw in draws for n in draw] for draws in ledger.draws],
            "ledger": _ledger_data(battle),
        }
    except Unencodable:
        return None


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
    grid_into(fresh.grid, fresh.setup.grid, data["grid"], "$.grid")
    fresh.state = state
    fresh._roller = roller_of(data["dice"], "$.dice")
    fresh._initiative_entries = _entries_of(data["initiative"])
    fresh.log = lazy_events(data["log"], "$.log")  # type: ignore[assignment]
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
    ledger.events = tuple(events_of(raw["events"], f"{where}.events"))
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
    roller = roller_of(raw["dice"], f"{where}.dice")
    return Checkpoint(record_len, state, doors, roller, log_len)
