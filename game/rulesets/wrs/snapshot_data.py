"""A WRS fight as a save's snapshot (``game.match.snapshot_load``): plain JSON, read back checked.

``snapshot_data`` writes everything ``WrsGame.checkpoint`` copies, as data: the state
(``WrsGame.snapshot``: fighters, initiative orders, round, turn, reactions, outcome, the
doors' names), the grid when a door changed it, the dice stream and the log.
``restore_snapshot`` puts it onto a fresh game of the same set-up and seed, so a loaded
save needs no replay; the replay that verifies it later compares its own
``snapshot_data`` with the stored one. The catalogue, set-up and fighters' values
(``kinds``) are static: they come from the fresh game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.board.grid import BattleGrid, Cell
from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.match.snapshot_codec import SnapshotError, Unencodable, decode, encode, expect
from game.match.snapshot_parts import (
    encoded_log,
    grid_data,
    grid_into,
    lazy_events,
    roller_data,
    roller_of,
)
from game.rulesets.wrs.state import FACINGS, FighterState

if TYPE_CHECKING:
    from game.rulesets.wrs.engine import WrsGame

_KEYS = {"state", "grid", "dice", "log"}
_STATE = {
    "fighters",
    "first_order",
    "order",
    "round",
    "turn_index",
    "reactions",
    "over",
    "winner",
    "doors",
}
_FIGHTER = set(FighterState("", "", "", (0, 0), "S", Fraction(0)).to_dict())
_FLAGS = ("aim_pending", "defensive", "ready")
#: Far above any fight (a round needs a command), far below what would cost to handle.
_COUNT_LIMIT = 2**62
#: A door's name in ``WrsGame.doors``: its field, or the border of two fields.
_FIELD_DOOR = re.compile(r"([0-9]{1,6}),([0-9]{1,6})")
_EDGE_DOOR = re.compile(r"([0-9]{1,6}),([0-9]{1,6})\|([0-9]{1,6}),([0-9]{1,6})")


def snapshot_data(game: WrsGame) -> dict[str, Any] | None:
    """Return the game as plain JSON data, or None when it holds what data cannot."""
    try:
        return {
            "state": encode(game.snapshot()),
            # the set-up's grid is shared until a door changes (then the game holds a copy)
            "grid": None if game.grid is game.setup.grid else grid_data(game.grid, game.setup.grid),
            "dice": roller_data(game.roller),  # scripted dice: Unencodable, a replay only
            "log": encoded_log(game, game.log),
        }
    except Unencodable:
        return None


# ---------------------------------------------------------------------- reading
def restore_snapshot(fresh: WrsGame, data: Any, record: Sequence[Command]) -> WrsGame:
    """Put ``data`` onto ``fresh`` (a new game, private) at the end of ``record``; return it.

    Raise SnapshotError naming the JSON path (under ``$``) of what is wrong.
    """
    expect(type(data) is dict and set(data) == _KEYS, "$", f"expected the keys {sorted(_KEYS)}")
    where = "$.state"
    plain = decode(data["state"], where)
    expect(type(plain) is dict and set(plain) == _STATE, where, f"expected {sorted(_STATE)}")
    fighters = _fighters_of(fresh, plain["fighters"], f"{where}.fighters")
    keys = list(fresh.fighters)
    first_order = _keys_of(plain["first_order"], keys, f"{where}.first_order")
    order = _keys_of(plain["order"], keys, f"{where}.order")
    expect(sorted(order) == sorted(keys), f"{where}.order", "expected every fighter once")
    reactions = _keys_of(plain["reactions"], keys, f"{where}.reactions")
    number, over, turn = plain["round"], plain["over"], plain["turn_index"]
    expect(type(number) is int and 1 <= number < _COUNT_LIMIT, f"{where}.round", "expected >= 1")
    expect(type(over) is bool, f"{where}.over", "expected true or false")
    on_turn = len(first_order if number == 1 else order)
    lowest = -1 if over else 0  # -1: a fight over before its first turn
    ok = type(turn) is int and lowest <= turn < on_turn
    expect(ok, f"{where}.turn_index", f"expected {lowest} to {on_turn - 1}")
    expect(not (over and reactions), f"{where}.reactions", "expected none: the fight is over")
    winner = plain["winner"]
    sides = {state.side for state in fighters.values()}
    ok = winner is None or (over and type(winner) is str and winner in sides)
    expect(ok, f"{where}.winner", "expected null or a side of the fight (once it is over)")
    doors = _doors_of(plain["doors"], fresh.setup.grid, f"{where}.doors")
    grid = _grid_of(fresh, data["grid"])
    roller = roller_of(data["dice"], "$.dice")
    log = lazy_events(data["log"], "$.log")
    # every part checked: only now does the fresh game change
    fresh.fighters, fresh.first_order, fresh.order = fighters, first_order, order
    fresh.round, fresh.turn_index, fresh.reactions = number, turn, reactions
    fresh.over, fresh.winner, fresh.doors = over, winner, doors
    fresh.grid, fresh.roller = grid, roller
    fresh.log = log  # type: ignore[assignment]
    # a save's LazyCommands stay lazy: the Verifier builds them, then makes this a list
    fresh.record = record if isinstance(record, LazyCommands) else list(record)  # type: ignore[assignment]
    expect(fresh.snapshot() == plain, where, "not a WRS state as the game writes one")
    return fresh


def _fighters_of(fresh: WrsGame, raw: Any, where: str) -> dict[str, FighterState]:
    """Return the fighters, each the fresh game's fighter (same key, place in the list)."""
    starts = list(fresh.fighters.values())
    expect(type(raw) is list and len(raw) == len(starts), where, f"expected {len(starts)}")
    keys = set(fresh.fighters)
    fighters = {}
    for index, (item, start) in enumerate(zip(raw, starts, strict=True)):
        here = f"{where}[{index}]"
        expect(type(item) is dict and set(item) == _FIGHTER, here, "expected a fighter")
        same = all(item[name] == getattr(start, name) for name in ("key", "fighter", "side"))
        expect(same, here, f"expected the fighter {start.key!r} of the set-up")
        _check_fighter(item, start, fresh.setup.grid, keys, here)
        try:
            state = FighterState.from_dict(item)
        except (ValueError, ZeroDivisionError) as error:  # armour points not a number
            raise SnapshotError(f"{here}.armour", f"not armour points ({error})") from None
        expect(str(state.armour) == item["armour"], f"{here}.armour", "expected n or n/d")
        expect(state.armour >= 0, f"{here}.armour", "expected 0 or more")
        fighters[start.key] = state
    return fighters


def _check_fighter(
    item: dict[str, Any], start: FighterState, grid: BattleGrid, keys: set[str], where: str
) -> None:
    """Raise SnapshotError unless ``item``'s values have the types and ranges of a fighter's."""
    expect(_cell_of(item["cell"], grid) is not None, f"{where}.cell", "expected a field")
    facing = item["facing"]
    ok = type(facing) is str and (facing in FACINGS or facing == start.facing)
    expect(ok, f"{where}.facing", f"expected one of {list(FACINGS)}")
    armour = item["armour"]
    expect(type(armour) is str and len(armour) <= 40, f"{where}.armour", "expected n or n/d")
    wounds = item["wounds"]
    ok = type(wounds) is int and 0 <= wounds < _COUNT_LIMIT
    expect(ok, f"{where}.wounds", "expected a count of wounds")
    left = item["actions_left"]
    expect(type(left) is int and 0 <= left <= 2, f"{where}.actions_left", "expected 0, 1 or 2")
    for flag in _FLAGS:
        expect(type(item[flag]) is bool, f"{where}.{flag}", "expected true or false")
    target = item["ready_target"]
    ok = type(target) is str and (target == "" or target in keys)
    expect(ok, f"{where}.ready_target", "expected '' or a fighter's key")
    cells = item["ready_cells"]
    # a Ready command's fields are not checked against the map: any pair of integers
    ok = type(cells) is list and all(
        type(cell) is list and len(cell) == 2 and all(type(n) is int for n in cell)
        for cell in cells
    )
    expect(ok, f"{where}.ready_cells", "expected fields [x, y]")
    drawn = item["drawn"]
    ok = type(drawn) is list and all(type(name) is str for name in drawn)
    expect(ok, f"{where}.drawn", "expected the keys of drawn items")


def _cell_of(raw: Any, grid: BattleGrid) -> Cell | None:
    """Return the field ``raw`` ([x, y]) names on ``grid``, or None."""
    if type(raw) is not list or len(raw) != 2 or not all(type(n) is int for n in raw):
        return None
    cell = (raw[0], raw[1])
    return cell if grid.in_bounds(cell) else None


def _keys_of(raw: Any, keys: list[str], where: str) -> list[str]:
    """Return a list of fighters' keys, each at most once."""
    ok = type(raw) is list and all(type(key) is str and key in keys for key in raw)
    expect(ok and len(set(raw)) == len(raw), where, "expected fighters' keys, each once")
    return list(raw)


def _doors_of(raw: Any, grid: BattleGrid, where: str) -> dict[str, bool]:
    """Return the doors opened or closed so far, each named as ``engine._door_key`` does."""
    expect(type(raw) is dict, where, "expected the doors by name")
    for name, value in raw.items():
        expect(_is_door(name, grid), where, f"{name!r} names no door of the map")
        expect(type(value) is bool, f"{where}.{name}", "expected true or false")
    return dict(raw)


def _is_door(name: str, grid: BattleGrid) -> bool:
    """Return whether ``name`` is a door field of ``grid`` or the border of two neighbours."""
    field = _FIELD_DOOR.fullmatch(name)
    if field is not None:
        cell = (int(field[1]), int(field[2]))
        return grid.in_bounds(cell) and grid.is_door(cell)
    edge = _EDGE_DOOR.fullmatch(name)
    if edge is None:
        return False
    a, b = (int(edge[1]), int(edge[2])), (int(edge[3]), int(edge[4]))
    apart = abs(a[0] - b[0]) + abs(a[1] - b[1])
    return a < b and apart == 1 and grid.in_bounds(a) and grid.in_bounds(b)


def _grid_of(fresh: WrsGame, raw: Any) -> BattleGrid:
    """Return the set-up's grid (null: no door changed), else a copy with ``raw``'s layers."""
    start = fresh.setup.grid
    if raw is None:
        return start
    grid = start.copy()  # the set-up's grid stays as it is: other games share it
    grid_into(grid, start, raw, "$.grid")
    return grid
