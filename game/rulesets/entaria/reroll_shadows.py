"""Shadow copies of a match for an Impuls reroll: the state before a command, rebuilt.

A shadow replays the commands since the last checkpoint with their recorded dice (and
no others); a recomputed command's shadow then becomes the match (``adopt``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.board.dice import Roller
from game.match.record import first_difference
from game.rulesets.entaria.edge_door_state import sync_edge_doors
from game.rulesets.entaria.object_state import sync_object_fields
from game.rulesets.entaria.reroll_ledger import (
    Checkpoint,
    NoDice,
    ReplayDiverged,
    RerollLedger,
    copy_roller,
    is_reroll,
    take_checkpoint,
)
from game.rulesets.entaria.rules.terms import say
from game.rulesets.entaria.state import BattleState

if TYPE_CHECKING:
    from game.match.commands import Command
    from game.rulesets.entaria.engine import Battle


def state_before_base(battle: Battle) -> Checkpoint:
    """Return the match just before the command the last rolls belong to.

    Replays the commands since the last checkpoint with their recorded dice and moves
    the checkpoint there (the next reroll of this command starts from it at once).
    """
    ledger = battle.rerolls
    base = ledger.base
    assert base is not None
    start = ledger.checkpoint
    ledger.replayed = 0
    if start is not None and start.record_len == base:
        return start
    if start is not None and start.record_len > base:
        raise ReplayDiverged(
            say(
                "the match was changed outside its commands after that command",
                "die Partie wurde nach diesem Befehl außerhalb ihrer Befehle verändert",
            )
        )
    if start is None:
        shadow = type(battle)(battle.setup, battle.catalogue, battle.seed, table=battle.table)
        stream = copy_roller(shadow._roller)
        _make_shadow(shadow, battle, None)
        first = 0
    else:
        shadow = shadow_at(battle, start)
        stream = copy_roller(start.roller)
        first = start.record_len
    record = battle.record
    chain_start = stream
    for index in range(first, base):
        command = record[index]
        draws = ledger.draws[index]
        # the main stream alongside: a reroll rewinds it to before the command it rerolls
        if is_reroll(command):
            stream = copy_roller(chain_start)
        elif command.kind != "gm_answer" and _rerolled(record, index, base):
            chain_start = copy_roller(stream)
        for sides, value in draws:
            if stream.roll(sides) != value:
                raise ReplayDiverged(
                    say(
                        "the recorded dice do not come from the match's dice",
                        "die aufgezeichneten Würfe stammen nicht von den Würfeln der Partie",
                    )
                )
        shadow.rerolls.feed = draws
        shadow.apply(command)
        ledger.replayed += 1
    checkpoint = take_checkpoint(shadow, stream)
    ledger.checkpoint = checkpoint
    return checkpoint


def _rerolled(record: Sequence[Command], index: int, end: int) -> bool:
    """Return whether a reroll follows ``record[index]`` before ``end`` (answers between)."""
    for later in range(index + 1, end):
        if is_reroll(record[later]):
            return True
        if record[later].kind != "gm_answer":
            return False
    return False


def _make_shadow(shadow: Battle, battle: Battle, start: Checkpoint | None) -> None:
    ledger = RerollLedger()
    ledger.shadow = True
    ledger.fresh_dice = battle.rerolls.fresh_dice
    ledger.checkpoint = start
    ledger.draws = list(battle.rerolls.draws[: start.record_len if start else 0])
    shadow.rerolls = ledger
    shadow._roller = NoDice()
    shadow._tracker = None


def shadow_at(battle: Battle, start: Checkpoint) -> Battle:
    """Return a private copy of ``battle`` as it was at ``start`` (dice: recorded only)."""
    memo: dict[int, Any] = {id(battle.catalogue): battle.catalogue, id(battle.setup): battle.setup}
    for part in (battle.state, battle.rerolls, battle.record, battle._tracker, battle._roller):
        memo[id(part)] = None
    memo[id(battle.log)] = list(battle.log[: start.log_len])  # the events are shared
    shadow = copy.deepcopy(battle, memo)
    shadow.state = BattleState.from_dict(start.state)  # from_dict copies: start stays as is
    shadow.record = list(battle.record[: start.record_len])
    _set_doors(shadow, start.doors)
    _make_shadow(shadow, battle, start)
    return shadow


def _set_doors(battle: Battle, doors: npt.NDArray[np.bool_]) -> None:
    for y, x in zip(*np.nonzero(battle.grid.door_open != doors), strict=True):
        battle.grid.set_door_open((int(x), int(y)), bool(doors[y, x]))
    # walls and panes destroyed (or not yet) as the state says (E-OBJ-4)
    setup = battle.setup
    sync_object_fields(
        battle.grid, setup.grid, setup.materials, battle.state.objects, battle.catalogue.terrain
    )
    # doors on field edges (D-13) as the state says: the state keeps them
    sync_edge_doors(battle.grid, setup.grid, battle.state)


def same_but_pool(battle: Battle, other: Battle) -> bool:
    mine, theirs = battle.state.to_dict(), other.state.to_dict()
    mine.pop("impulse_pool")
    theirs.pop("impulse_pool")
    return first_difference(mine, theirs) is None and bool(
        np.array_equal(battle.grid.door_open, other.grid.door_open)
    )


def adopt(battle: Battle, new: Battle, main: Roller) -> None:
    """Make ``new``'s state, doors and dice the match's (the objects stay the same)."""
    state, fresh = battle.state, new.state
    creatures = {}
    for key, creature in fresh.creatures.items():
        mine = state.creatures.get(key)
        if mine is None:
            creatures[key] = creature
        else:
            mine.__dict__.clear()
            mine.__dict__.update(creature.__dict__)
            creatures[key] = mine
    fields = dict(fresh.__dict__)
    fields["creatures"] = creatures
    state.__dict__.clear()
    state.__dict__.update(fields)
    _set_doors(battle, new.grid.door_open)
    if battle.rerolls.shadow:
        return  # a shadow's dice are the record's
    inner = battle._roller
    if type(inner) is type(main) and hasattr(inner, "__dict__"):
        inner.__dict__.clear()
        inner.__dict__.update(main.__dict__)
    else:
        battle._roller = main
        if battle._tracker is not None:
            battle._tracker.main = main
