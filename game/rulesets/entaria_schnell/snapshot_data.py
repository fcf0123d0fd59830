"""A quick-rules fight as a save's snapshot (``game.match.snapshot_load``): plain JSON, checked.

``snapshot_data`` writes everything ``QuickGame.checkpoint`` copies, as data: each
creature's changing fields (field, LP, conditions, initiative roll, magazines, thrown
weapons, SAF saves, Besiegt and its outcome, Wehrlos for a repetition), the round and its
blocks, who is on turn and what the turn has spent, the open outcome decisions, the
group's Impuls, the end of the fight, the dice stream and the log. The set-up, the
catalogue, the zones and their graphs, and each creature's type, name, side and kit come
from the fresh game. ``restore_snapshot`` puts the data onto a fresh game of the same
set-up and seed, so a loaded save needs no replay; the replay that verifies it later
compares its own ``snapshot_data`` with the stored one.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.match.snapshot_codec import SnapshotError, Unencodable, decode, encode, expect
from game.match.snapshot_parts import encoded_log, lazy_events, roller_data, roller_of
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit, Roll
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.terms import ActionType, Condition, DamageType
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria_schnell.rules.actions import QuickTurn
from game.rulesets.entaria_schnell.rules.initiative import BlockOrder, InitiativeResult
from game.rulesets.entaria_schnell.state import QuickCreature

if TYPE_CHECKING:  # the engine imports this module when it writes or reads a snapshot
    from game.rulesets.entaria_schnell.engine import QuickGame

E = TypeVar("E", bound=Enum)

_KEYS = {"state", "dice", "log"}
_STATE = {
    "creatures",
    "order",
    "round",
    "remaining",
    "current",
    "turn",
    "acted",
    "outcomes",
    "impulse",
    "over",
    "winner",
}
_CREATURE = {
    "key",
    "cell",
    "lp",
    "held",
    "initiative",
    "loaded",
    "thrown",
    "saves",
    "defeated",
    "outcome",
    "wehrlos_for_repeat",
}
_ROLL = {"dice", "kept", "total", "target", "success", "crit"}
_TURN = {
    "spent",
    "free_spent",
    "readied",
    "extra_halves",
    "incapacitated",
    "forfeited",
    "passed",
    "failed_initiative",
}
_BLOCKS = ("before", "enemies", "after")
#: Bounds far beyond any fight the rules play: a number past them is not the game's.
_BIG = 1_000_000
_MANY = 10_000


def snapshot_data(game: QuickGame) -> dict[str, Any] | None:
    """Return the game as plain JSON data, or None when it holds what data cannot."""
    try:
        return {
            "state": encode(state_data(game)),
            "dice": roller_data(game.roller),
            "log": encoded_log(game, game.log),
        }
    except Unencodable:
        return None  # scripted dice, or a value plain JSON cannot hold: a replay only


def state_data(game: QuickGame) -> dict[str, Any]:
    """Return the game's changing state (all but the dice and the log) as plain data."""
    order = game.order
    return {
        "creatures": [_creature_data(cr) for cr in game.creatures.values()],
        "order": {
            "before": list(order.before),
            "enemies": list(order.enemies),
            "after": list(order.after),
        },
        "round": game.round,
        "remaining": list(game.remaining),
        "current": game.current,
        "turn": _turn_data(game.turn),
        "acted": game.acted,
        "outcomes": [list(pair) for pair in game.outcomes],
        "impulse": game.impulse,
        "over": game.over,
        "winner": game.winner,
    }


def _creature_data(creature: QuickCreature) -> dict[str, Any]:
    result = creature.initiative
    return {
        "key": creature.key,
        "cell": list(creature.cell),
        "lp": creature.lp,
        "held": {c.value: n for c, n in creature.held.items()},
        "initiative": None if result is None else _roll_data(result.roll),
        "loaded": dict(creature.loaded),
        "thrown": list(creature.thrown),
        "saves": dict(creature.saves),
        "defeated": creature.defeated,
        "outcome": creature.outcome,
        "wehrlos_for_repeat": creature.wehrlos_for_repeat,
    }


def _roll_data(roll: Roll) -> dict[str, Any]:
    return {
        "dice": list(roll.dice),
        "kept": roll.kept,
        "total": roll.total,
        "target": roll.target,
        "success": roll.success,
        "crit": None if roll.crit is None else roll.crit.name,
    }


def _turn_data(turn: QuickTurn) -> dict[str, Any]:
    budget = turn.budget
    return {
        "spent": [[action.name, kind.name] for action, kind in budget.spent],
        "free_spent": [action.name for action in budget.free_spent],
        "readied": None if budget.readied is None else budget.readied.name,
        "extra_halves": budget.extra_halves,
        "incapacitated": budget.incapacitated,
        "forfeited": budget.forfeited,
        "passed": budget.passed,
        "failed_initiative": turn.failed_initiative,
    }


# ---------------------------------------------------------------------- reading
def restore_snapshot(fresh: QuickGame, data: Any, record: Sequence[Command]) -> QuickGame:
    """Put ``data`` onto ``fresh`` (a new game, private) at the end of ``record``; return it.

    Raise SnapshotError naming the JSON path (under ``$``) of what is wrong.
    """
    expect(type(data) is dict and set(data) == _KEYS, "$", f"expected the keys {sorted(_KEYS)}")
    plain = decode(data["state"], "$.state")
    _state_into(fresh, plain, "$.state")
    # built back from the objects, the state must be the data itself (nothing dropped)
    expect(state_data(fresh) == plain, "$.state", "not a quick-rules state as the game writes one")
    fresh.roller = roller_of(data["dice"], "$.dice")
    fresh.log = lazy_events(data["log"], "$.log")  # type: ignore[assignment]
    # a save's LazyCommands stay lazy: the Verifier builds them, then makes this a list
    fresh.record = record if isinstance(record, LazyCommands) else list(record)  # type: ignore[assignment]
    return fresh


def _state_into(game: QuickGame, raw: Any, where: str) -> None:
    expect(type(raw) is dict and set(raw) == _STATE, where, f"expected the keys {sorted(_STATE)}")
    keys = list(game.creatures)
    creatures = raw["creatures"]
    here = f"{where}.creatures"
    expect(type(creatures) is list and len(creatures) == len(keys), here, f"expected {keys}")
    built = [
        _creature_of(game, game.creatures[key], item, f"{here}[{index}]")
        for index, (key, item) in enumerate(zip(keys, creatures, strict=True))
    ]
    order = _order_of(raw["order"], set(keys), f"{where}.order")
    remaining = _keys_of(raw["remaining"], set(keys), f"{where}.remaining")
    outcomes = raw["outcomes"]
    here = f"{where}.outcomes"
    expect(type(outcomes) is list and len(outcomes) <= _MANY, here, "expected pairs")
    pairs = []
    for index, pair in enumerate(outcomes):
        at = f"{here}[{index}]"
        expect(type(pair) is list and len(pair) == 2, at, "expected [attacker, enemy]")
        pairs.append((_key_of(pair[0], set(keys), at), _key_of(pair[1], set(keys), at)))
    current = raw["current"]
    if current is not None:
        current = _key_of(current, set(keys), f"{where}.current")
    winner = raw["winner"]
    sides = {cr.side for cr in game.creatures.values()}
    expect(winner is None or winner in sides, f"{where}.winner", f"expected one of {sorted(sides)}")
    game.round = _int(raw["round"], f"{where}.round", 1, _BIG)  # the replay judges the rest
    game.impulse = _int(raw["impulse"], f"{where}.impulse", 0, _BIG)
    game.acted = _bool(raw["acted"], f"{where}.acted")
    game.over = _bool(raw["over"], f"{where}.over")
    game.turn = _turn_of(raw["turn"], f"{where}.turn")
    game.creatures = {cr.key: cr for cr in built}
    game.order, game.remaining, game.outcomes = order, remaining, pairs
    game.current, game.winner = current, winner


def _creature_of(game: QuickGame, start: QuickCreature, raw: Any, where: str) -> QuickCreature:
    expect(type(raw) is dict and set(raw) == _CREATURE, where, f"expected {sorted(_CREATURE)}")
    expect(raw["key"] == start.key, f"{where}.key", f"expected {start.key!r}")
    cell = raw["cell"]
    height, width = game.grid.shape
    ok = type(cell) is list and len(cell) == 2 and all(type(n) is int for n in cell)
    ok = ok and 0 <= cell[0] < width and 0 <= cell[1] < height
    expect(ok, f"{where}.cell", f"expected a field of the {width}x{height} map")
    low = -_BIG if start.is_character else 0  # an enemy stops at 0 LP (Q-DEFEAT-1)
    lp = _int(raw["lp"], f"{where}.lp", low, _BIG)
    held = _enum_map(raw["held"], Condition, f"{where}.held")
    counts = {}
    for condition, count in held.items():
        counts[condition] = _int(count, f"{where}.held.{condition.value}", 1, 100)
    weapons = {w.key for w in game.catalogue.weapons_in(start.equipment)}
    loaded = raw["loaded"]
    here = f"{where}.loaded"
    expect(type(loaded) is dict and set(loaded) <= weapons, here, f"expected {sorted(weapons)}")
    for name, value in loaded.items():
        _bool(value, f"{here}.{name}")
    thrown = raw["thrown"]
    here = f"{where}.thrown"
    ok = type(thrown) is list and len(thrown) <= _MANY and set(thrown) <= weapons
    expect(ok, here, f"expected weapons of {sorted(weapons)}")
    saves = _enum_map(raw["saves"], Condition, f"{where}.saves")
    for condition, damage in saves.items():
        _enum(DamageType, damage, f"{where}.saves.{condition.value}", by_value=True)
    outcome = raw["outcome"]
    expect(type(outcome) is str and len(outcome) <= 100, f"{where}.outcome", "expected a name")
    initiative = raw["initiative"]
    result = None if initiative is None else _initiative_of(initiative, f"{where}.initiative")
    return QuickCreature(
        key=start.key,
        name=start.name,
        kind=start.kind,
        side=start.side,
        cell=(cell[0], cell[1]),
        lp=lp,
        equipment=start.equipment,
        held=ConditionSet(counts),
        initiative=result,
        loaded=dict(loaded),
        thrown=list(thrown),
        saves={c.value: str(d) for c, d in saves.items()},
        defeated=_bool(raw["defeated"], f"{where}.defeated"),
        outcome=outcome,
        wehrlos_for_repeat=_bool(raw["wehrlos_for_repeat"], f"{where}.wehrlos_for_repeat"),
    )


def _initiative_of(raw: Any, where: str) -> InitiativeResult:
    expect(type(raw) is dict and set(raw) == _ROLL, where, f"expected the keys {sorted(_ROLL)}")
    dice = raw["dice"]
    ok = type(dice) is list and 1 <= len(dice) <= 100
    ok = ok and all(type(d) is int and 1 <= d <= 20 for d in dice)
    expect(ok, f"{where}.dice", "expected d20s")
    kept = _int(raw["kept"], f"{where}.kept", 1, 20)
    expect(kept in dice, f"{where}.kept", "expected one of the dice")
    target = raw["target"]
    if target is not None:
        target = _int(target, f"{where}.target", -_BIG, _BIG)
    success = raw["success"]
    expect(success is None or type(success) is bool, f"{where}.success", "expected true or false")
    crit = raw["crit"]
    crit = None if crit is None else _enum(Crit, crit, f"{where}.crit")
    total = _int(raw["total"], f"{where}.total", -_BIG, _BIG)
    return InitiativeResult(Roll(tuple(dice), kept, total, target, success, crit))


def _turn_of(raw: Any, where: str) -> QuickTurn:
    expect(type(raw) is dict and set(raw) == _TURN, where, f"expected the keys {sorted(_TURN)}")
    spent = raw["spent"]
    expect(type(spent) is list and len(spent) <= 100, f"{where}.spent", "expected actions")
    pairs = []
    for index, pair in enumerate(spent):
        at = f"{where}.spent[{index}]"
        expect(type(pair) is list and len(pair) == 2, at, "expected [action, type]")
        pairs.append((_enum(Action, pair[0], at), _enum(ActionType, pair[1], at)))
    free = raw["free_spent"]
    expect(type(free) is list and len(free) <= 100, f"{where}.free_spent", "expected actions")
    free_spent = tuple(_enum(Action, a, f"{where}.free_spent[{i}]") for i, a in enumerate(free))
    readied = raw["readied"]
    budget = TurnBudget(
        spent=tuple(pairs),
        free_spent=free_spent,
        readied=None if readied is None else _enum(Action, readied, f"{where}.readied"),
        extra_halves=_int(raw["extra_halves"], f"{where}.extra_halves", 0, 100),
        incapacitated=_bool(raw["incapacitated"], f"{where}.incapacitated"),
        forfeited=_bool(raw["forfeited"], f"{where}.forfeited"),
        passed=_bool(raw["passed"], f"{where}.passed"),
    )
    return QuickTurn(budget, _bool(raw["failed_initiative"], f"{where}.failed_initiative"))


def _order_of(raw: Any, keys: set[str], where: str) -> BlockOrder:
    expect(type(raw) is dict and set(raw) == set(_BLOCKS), where, f"expected {list(_BLOCKS)}")
    blocks = [_keys_of(raw[name], keys, f"{where}.{name}") for name in _BLOCKS]
    every = [key for block in blocks for key in block]
    expect(len(every) == len(set(every)), where, "expected each creature in one block at most")
    return BlockOrder(tuple(blocks[0]), tuple(blocks[1]), tuple(blocks[2]))


def _keys_of(raw: Any, keys: set[str], where: str) -> list[str]:
    expect(type(raw) is list and len(raw) <= _MANY, where, "expected creature keys")
    return [_key_of(item, keys, f"{where}[{index}]") for index, item in enumerate(raw)]


def _key_of(raw: Any, keys: set[str], where: str) -> str:
    expect(type(raw) is str and raw in keys, where, "expected the key of a creature")
    return str(raw)


def _int(raw: Any, where: str, low: int, high: int) -> int:
    ok = type(raw) is int and low <= raw <= high  # not bool: True is no count
    expect(ok, where, f"expected an integer from {low} to {high}")
    return int(raw)


def _bool(raw: Any, where: str) -> bool:
    expect(type(raw) is bool, where, "expected true or false")
    return bool(raw)


def _enum(kind: type[E], raw: Any, where: str, *, by_value: bool = False) -> E:
    """Return the member ``raw`` names (by name, or by value); raise SnapshotError."""
    expect(type(raw) is str, where, f"expected a {kind.__name__}")
    try:
        return kind(raw) if by_value else kind[raw]
    except (KeyError, ValueError):
        raise SnapshotError(where, f"no {kind.__name__} {raw!r}") from None


def _enum_map(raw: Any, kind: type[E], where: str) -> dict[E, Any]:
    """Return a dict keyed by members' values (a condition's name), its values unchecked."""
    expect(type(raw) is dict and len(raw) <= _MANY, where, "expected an object")
    return {_enum(kind, key, f"{where}.{key}", by_value=True): value for key, value in raw.items()}
