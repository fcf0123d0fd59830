"""A Genesis fight as a save's snapshot (``game.match.snapshot_load``): plain JSON, checked.

``snapshot_data`` writes everything ``GenesisGame.checkpoint`` copies, as data: every
fighter's state (all its fields, also those ``FighterState.to_dict`` leaves out), the KR,
phase and queues, this KR's hits, answers, dodges, throws and Megaschläge, the surplus
ATs waiting, the INI start, the dice stream and the log. ``restore_snapshot`` puts it onto
a fresh game of the same set-up and seed (whose catalogue, set-up, grid, values, names
and sides are the static part), so a loaded save needs no replay; the replay that
verifies it later compares its own ``snapshot_data`` with the stored one.

Everything read is checked: fighter keys, sides, weapons, fields on the map, counts not
negative, and the open decision there (``decisions`` never meets an empty queue).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.board.dice import RandomRoller
from game.board.grid import Cell
from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.match.snapshot_codec import SnapshotError, Unencodable, decode, encode, expect
from game.match.snapshot_parts import encoded_log, lazy_events, roller_data, roller_of
from game.rulesets.genesis.answers import LABELS
from game.rulesets.genesis.geometry import FACING_DEG
from game.rulesets.genesis.plans import Hit
from game.rulesets.genesis.rules.damage import LifeState
from game.rulesets.genesis.rules.gear import SURPLUS_AD
from game.rulesets.genesis.rules.ranged import Quadrant
from game.rulesets.genesis.state import Declaration, FighterState

if TYPE_CHECKING:
    from game.rulesets.genesis.engine import GenesisGame

#: The game's attributes a snapshot holds, besides the dice (``roller``) and the log.
STATE = (
    "fighters", "kr", "phase", "queue", "declared_order", "hits", "answers", "answer_order",
    "next_hit", "auto", "melee_attackers", "throws", "dodge_rolls", "megas", "surplus",
    "defence_order", "over", "winner", "timeless", "ini_order", "slowest", "ini_winner",
)  # fmt: skip
_KEYS = {*STATE, "dice", "log"}
_FIGHTER = tuple(f.name for f in dataclasses.fields(FighterState))
_DECLARATION = tuple(f.name for f in dataclasses.fields(Declaration))
_HIT = tuple(f.name for f in dataclasses.fields(Hit))
_PHASES = ("declare", "strike", "defend", "surplus")  # engine.DECLARE ... SURPLUS
_LIVES = frozenset(s.value for s in LifeState)
_QUADRANTS = frozenset(q.value for q in Quadrant)
#: Larger than any count, LE or roll of a fight; a snapshot's numbers stay within it.
_LIMIT = 10**9


def snapshot_data(game: GenesisGame) -> dict[str, Any] | None:
    """Return the game as plain JSON data, or None when it holds what data cannot."""
    if type(game.roller) is not RandomRoller:
        return None  # scripted dice: a replay only
    try:
        state = {
            "fighters": [_fighter_plain(f) for f in game.fighters.values()],
            "kr": game.kr,
            "phase": game.phase,
            "queue": list(game.queue),
            "declared_order": list(game.declared_order),
            "hits": [dataclasses.asdict(h) for h in game.hits],
            "answers": [[i, how, by, avoided] for i, (how, by, avoided) in game.answers.items()],
            "answer_order": list(game.answer_order),
            "next_hit": game.next_hit,
            "auto": sorted(game.auto),
            "melee_attackers": {k: sorted(v) for k, v in game.melee_attackers.items()},
            "throws": dict(game.throws),
            "dodge_rolls": [[d, q, *rolled] for (d, q), rolled in game.dodge_rolls.items()],
            "megas": sorted(game.megas),
            "surplus": [list(s) for s in game.surplus],
            "defence_order": list(game.defence_order),
            "over": game.over,
            "winner": game.winner,
            "timeless": sorted(game.timeless),
            "ini_order": list(game.ini_order),
            "slowest": game.slowest,
            "ini_winner": game.ini_winner,
        }
        return {
            **{name: encode(value) for name, value in state.items()},
            "dice": roller_data(game.roller),
            "log": encoded_log(game, game.log),
        }
    except Unencodable:
        return None


def _fighter_plain(me: FighterState) -> dict[str, Any]:
    """Return every field of ``me`` (its declaration as a dict of its fields)."""
    plain = {name: getattr(me, name) for name in _FIGHTER}
    plain["declared"] = dataclasses.asdict(me.declared) if me.declared is not None else None
    return plain


# ---------------------------------------------------------------------- reading
def restore_snapshot(fresh: GenesisGame, data: Any, record: Sequence[Command]) -> GenesisGame:
    """Put ``data`` onto ``fresh`` (a new game, private) at the end of ``record``; return it.

    Raise SnapshotError naming the JSON path (under ``$``) of what is wrong.
    """
    expect(type(data) is dict and set(data) == _KEYS, "$", f"expected the keys {sorted(_KEYS)}")
    plain = {name: decode(data[name], f"$.{name}") for name in STATE}
    read = _Reader(fresh)
    fighters = read.fighters(plain["fighters"])
    keys, sides = read.keys, read.sides
    hits = [read.hit(raw, f"$.hits[{i}]") for i, raw in enumerate(_list(plain["hits"], "$.hits"))]
    ids = {h.id for h in hits}
    expect(len(ids) == len(hits), "$.hits", "expected one hit per id")
    answers = read.answers(plain["answers"], ids)
    answer_order = _items(plain["answer_order"], "$.answer_order", lambda v, w: _in(v, ids, w))
    next_hit = _count(plain["next_hit"], "$.next_hit", low=1)
    expect(all(i < next_hit for i in ids), "$.next_hit", "expected above every hit's id")
    melee = read.melee_attackers(plain["melee_attackers"])
    throws = read.throws(plain["throws"])
    dodges = read.dodge_rolls(plain["dodge_rolls"])
    surplus = read.surplus(plain["surplus"])
    defence_order = _items(plain["defence_order"], "$.defence_order", lambda v, w: _in(v, sides, w))
    expect(sorted(defence_order) == sorted(sides), "$.defence_order", "expected every side once")
    kr = _count(plain["kr"], "$.kr", low=1)
    phase = _in(plain["phase"], _PHASES, "$.phase")
    queue = read.keys_of(plain["queue"], "$.queue")
    over = _bool(plain["over"], "$.over")
    winner = plain["winner"]
    expect(winner is None or winner in sides, "$.winner", "expected a side or null")
    if not over:  # the open decision must be there (``decisions`` reads its first item)
        waiting = {"declare": queue, "strike": queue, "surplus": surplus}
        if phase in waiting:
            expect(bool(waiting[phase]), "$.phase", f"nothing waits in the {phase} phase")
        else:
            expect(bool(ids - set(answers)), "$.phase", "no open hit to defend")
    fresh.fighters = fighters
    fresh.kr, fresh.phase, fresh.queue = kr, phase, queue
    fresh.declared_order = read.keys_of(plain["declared_order"], "$.declared_order")
    fresh.hits, fresh.answers, fresh.answer_order = hits, answers, answer_order
    fresh.next_hit = next_hit
    fresh.auto = set(read.sorted_of(plain["auto"], sides, "$.auto"))
    fresh.melee_attackers, fresh.throws, fresh.dodge_rolls = melee, throws, dodges
    fresh.megas = set(read.sorted_of(plain["megas"], keys, "$.megas"))
    fresh.surplus, fresh.defence_order = surplus, defence_order
    fresh.over, fresh.winner = over, winner
    fresh.timeless = frozenset(read.sorted_of(plain["timeless"], keys, "$.timeless"))
    fresh.ini_order = read.keys_of(plain["ini_order"], "$.ini_order", unique=True)
    fresh.slowest = _in(plain["slowest"], {"", *keys}, "$.slowest")
    fresh.ini_winner = _in(plain["ini_winner"], {"", *sides}, "$.ini_winner")
    fresh._cluster_cache = None  # a cache of the fields: found again when asked
    fresh.roller = roller_of(data["dice"], "$.dice")
    fresh.log = lazy_events(data["log"], "$.log")  # type: ignore[assignment]
    # a save's LazyCommands stay lazy: the Verifier builds them, then makes this a list
    fresh.record = record if isinstance(record, LazyCommands) else list(record)  # type: ignore[assignment]
    return fresh


class _Reader:
    """The checks of one snapshot against the fresh game's fighters, sides, map, weapons."""

    def __init__(self, fresh: GenesisGame) -> None:
        self.fresh = fresh
        self.keys = tuple(fresh.fighters)
        self.sides = fresh.sides
        self.weapons: frozenset[str] = frozenset({"", *fresh.catalogue.weapons})

    def fighters(self, raw: Any) -> dict[str, FighterState]:
        where = "$.fighters"
        expect(type(raw) is list and len(raw) == len(self.keys), where, f"expected {self.keys}")
        return {key: self.fighter(raw[i], key, f"{where}[{i}]") for i, key in enumerate(self.keys)}

    def fighter(self, plain: Any, key: str, where: str) -> FighterState:
        expect(type(plain) is dict and set(plain) == set(_FIGHTER), where, "expected a fighter")
        start = self.fresh.fighters[key]
        for name in ("key", "fighter", "side"):  # set up by the mission, never changed
            expect(plain[name] == getattr(start, name), f"{where}.{name}", f"expected {key}'s")
        for name, check in _FIGHTER_CHECKS.items():
            check(self, plain[name], f"{where}.{name}")
        declared = plain["declared"]
        try:
            me = FighterState(**{**plain, "declared": None})
            if declared is not None:
                me.declared = Declaration(**declared)
        except (TypeError, ValueError) as error:
            raise SnapshotError(where, f"not a fighter ({error})") from None
        again = encode(_fighter_plain(me))
        expect(again == encode(plain), where, "not a fighter as the game writes one")
        return me

    def cell(self, value: Any, where: str) -> Cell:
        ok = type(value) is tuple and len(value) == 2 and all(type(n) is int for n in value)
        expect(ok and self.fresh.grid.in_bounds(value), where, "expected a field on the map")
        return (value[0], value[1])

    def declaration(self, value: Any, where: str) -> None:
        if value is None:
            return
        expect(type(value) is dict and set(value) == set(_DECLARATION), where, "expected a plan")
        _number(value["attacks"], f"{where}.attacks")
        _number(value["defences"], f"{where}.defences")
        _bool(value["shift"], f"{where}.shift")
        _bool(value["leave"], f"{where}.leave")
        _in(value["swap_to"], self.weapons, f"{where}.swap_to")
        path = value["path"]
        expect(type(path) is tuple and len(path) <= _LIMIT, f"{where}.path", "expected fields")
        for index, cell in enumerate(path):
            self.cell(cell, f"{where}.path[{index}]")

    def key(self, value: Any, where: str) -> str:
        return _in(value, self.keys, where)

    def keys_of(self, raw: Any, where: str, *, unique: bool = False) -> list[str]:
        found = _items(raw, where, self.key)
        expect(not unique or len(set(found)) == len(found), where, "expected each fighter once")
        return found

    def sorted_of(self, raw: Any, known: Sequence[str], where: str) -> list[str]:
        found = _items(raw, where, lambda v, w: _in(v, known, w))
        expect(found == sorted(set(found)), where, "expected sorted keys, each once")
        return found

    def hit(self, plain: Any, where: str) -> Hit:
        expect(type(plain) is dict and set(plain) == set(_HIT), where, "expected a hit")
        _count(plain["id"], f"{where}.id", low=1)
        self.key(plain["attacker"], f"{where}.attacker")
        self.key(plain["target"], f"{where}.target")
        _in(plain["weapon"], self.weapons, f"{where}.weapon")
        for name in ("value", "roll", "penalty"):
            _integer(plain[name], f"{where}.{name}")
        for name in ("ranged", "halved", "mega"):
            _bool(plain[name], f"{where}.{name}")
        _in(plain["quadrant"], _QUADRANTS, f"{where}.quadrant")
        _number(plain["distance"], f"{where}.distance")
        return Hit(**plain)

    def answers(self, raw: Any, ids: set[int]) -> dict[int, tuple[str, str, bool]]:
        found: dict[int, tuple[str, str, bool]] = {}
        for index, item in enumerate(_list(raw, "$.answers")):
            where = f"$.answers[{index}]"
            expect(type(item) is list and len(item) == 4, where, "expected [hit, how, by, avoided]")
            hit_id, how, by, avoided = item
            expect(_in(hit_id, ids, f"{where}[0]") not in found, where, "expected one per hit")
            found[hit_id] = (
                _in(how, LABELS, f"{where}[1]"),
                self.key(by, f"{where}[2]"),
                _bool(avoided, f"{where}[3]"),
            )
        return found

    def melee_attackers(self, raw: Any) -> dict[str, set[str]]:
        where = "$.melee_attackers"
        expect(type(raw) is dict, where, "expected fighters and their attackers")
        found = {}
        for target, attackers in raw.items():
            self.key(target, f"{where}.{target}")
            found[target] = set(self.sorted_of(attackers, self.keys, f"{where}.{target}"))
        return found

    def throws(self, raw: Any) -> dict[str, int]:
        where = "$.throws"
        expect(type(raw) is dict, where, "expected fighters and their throws")
        return {
            self.key(k, f"{where}.{k}"): _count(n, f"{where}.{k}", low=1) for k, n in raw.items()
        }

    def dodge_rolls(self, raw: Any) -> dict[tuple[str, str], tuple[int, bool, int]]:
        found: dict[tuple[str, str], tuple[int, bool, int]] = {}
        for index, item in enumerate(_list(raw, "$.dodge_rolls")):
            where = f"$.dodge_rolls[{index}]"
            ok = type(item) is list and len(item) == 5
            expect(ok, where, "expected [defender, quadrant, roll, half, token]")
            place = (self.key(item[0], f"{where}[0]"), _in(item[1], _QUADRANTS, f"{where}[1]"))
            expect(place not in found, where, "expected one dodge per defender and quadrant")
            found[place] = (
                _integer(item[2], f"{where}[2]"),
                _bool(item[3], f"{where}[3]"),
                _integer(item[4], f"{where}[4]"),
            )
        return found

    def surplus(self, raw: Any) -> list[tuple[str, str]]:
        found = []
        for index, item in enumerate(_list(raw, "$.surplus")):
            where = f"$.surplus[{index}]"
            expect(type(item) is list and len(item) == 2, where, "expected [fighter, weight]")
            weight = _in(item[1], SURPLUS_AD, f"{where}[1]")
            found.append((self.key(item[0], f"{where}[0]"), weight))
        return found


# ---------------------------------------------------------------------- values
def _list(raw: Any, where: str) -> list[Any]:
    expect(type(raw) is list and len(raw) <= _LIMIT, where, "expected a list")
    return list(raw)


def _items(raw: Any, where: str, check: Callable[[Any, str], Any]) -> list[Any]:
    return [check(item, f"{where}[{i}]") for i, item in enumerate(_list(raw, where))]


def _in(value: Any, known: Any, where: str) -> Any:
    ok = type(value) in (str, int) and value in known
    expect(ok, where, f"unknown {value!r}" if type(value) in (str, int) else "expected a key")
    return value


def _bool(value: Any, where: str) -> bool:
    expect(type(value) is bool, where, "expected true or false")
    return bool(value)


def _integer(value: Any, where: str) -> int:
    expect(type(value) is int and -_LIMIT <= value <= _LIMIT, where, "expected an integer")
    return int(value)


def _count(value: Any, where: str, *, low: int = 0) -> int:
    expect(type(value) is int and low <= value <= _LIMIT, where, f"expected a count from {low}")
    return int(value)


def _number(value: Any, where: str) -> float:
    ok = type(value) in (int, float) and math.isfinite(value) and 0 <= value <= _LIMIT
    expect(ok, where, "expected a number, not negative")
    return float(value)


def _optional_integer(value: Any, where: str) -> None:
    if value is not None:
        _integer(value, where)


def _shares(value: Any, where: str) -> None:
    expect(type(value) is tuple and len(value) == 2, where, "expected two shares of GW")
    for index, share in enumerate(value):
        _number(share, f"{where}[{index}]")


def _gone(reader: _Reader, value: Any, where: str) -> None:
    expect(type(value) is list and len(value) <= _LIMIT, where, "expected weapons")
    for index, weapon in enumerate(value):
        _in(weapon, reader.weapons - {""}, f"{where}[{index}]")


def _plain(check: Callable[[Any, str], Any]) -> Callable[[_Reader, Any, str], None]:
    def checked(_reader: _Reader, value: Any, where: str) -> None:
        check(value, where)

    return checked


_COUNT, _BOOL = _plain(_count), _plain(_bool)
#: How each field of a fighter is checked (``key``, ``fighter``, ``side``: the set-up's).
_FIGHTER_CHECKS: dict[str, Callable[[_Reader, Any, str], Any]] = {
    "key": _plain(lambda v, w: None),
    "fighter": _plain(lambda v, w: None),
    "side": _plain(lambda v, w: None),
    "cell": _Reader.cell,
    "facing": _plain(lambda v, w: _in(v, FACING_DEG, w)),
    "le": _plain(_integer),
    "ad": _COUNT,
    "weapon": lambda r, v, w: _in(v, r.weapons, w),
    "ini": _plain(_integer),
    "self_control_x": _plain(_optional_integer),
    "life": _plain(lambda v, w: _in(v, _LIVES, w)),
    "shares": _plain(_shares),
    "declared": _Reader.declaration,
    "attacks_left": _plain(_number),
    "defences_left": _plain(_number),
    "attacked_in_kr1": _BOOL,
    "passive_in_kr1": _BOOL,
    "passive_kr": _COUNT,
    "released": _BOOL,
    "swap_left": _COUNT,
    "swap_to": lambda r, v, w: _in(v, r.weapons, w),
    "reload_left": _COUNT,
    "fired_kr": _COUNT,
    "moved": _COUNT,
    "moved_now": _COUNT,
    "bonus_tokens": _COUNT,
    "bonus_until_kr": _COUNT,
    "speed_until_kr": _COUNT,
    "dodged_this_kr": _BOOL,
    "set_left": _COUNT,
    "gone": _gone,
}

__all__ = ["STATE", "restore_snapshot", "snapshot_data"]
