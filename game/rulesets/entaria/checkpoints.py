"""Checkpoints of a battle for undo and loading (``game.match.checkpoints``).

A checkpoint is a private copy of the battle after its first ``record_len`` commands
(``copy_battle``: state, grid, doors, dice stream, reroll ledger), without the record,
the log and the dice of each command, which only grow: resuming takes those from the
match whose history the checkpoint belongs to, so the checkpoints of a long match stay
small. The copy is never played on; each resume copies it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rulesets.entaria.clone import copy_battle

if TYPE_CHECKING:
    from game.rulesets.entaria.engine import Battle


@dataclass(frozen=True)
class BattlePoint:
    """The battle after ``record_len`` commands and ``log_len`` events (a private copy)."""

    record_len: int
    log_len: int
    battle: Battle


def freeze(battle: Battle) -> BattlePoint:
    """Return a checkpoint of ``battle`` now (between commands)."""
    if battle._tracker is not None:
        raise RuntimeError("a checkpoint is taken between commands, not during one")
    frozen = copy_battle(battle, record=[], log=[])
    frozen.rerolls.draws = []  # taken from the history on resume
    return BattlePoint(len(battle.record), len(battle.log), frozen)


def thaw(point: BattlePoint, history: Battle) -> Battle:
    """Return a new live battle at ``point``; ``history`` holds its record and log.

    ``history`` is a battle whose first ``point.record_len`` commands are those before
    the checkpoint (the match it was taken from, later on); its record, log and dice
    of each command up to there become the new battle's.
    """
    length = point.record_len
    if len(history.record) < length or len(history.log) < point.log_len:
        raise ValueError(
            f"the checkpoint after {length} commands is not in a history of "
            f"{len(history.record)} commands"
        )
    # slices are new lists: the prefixes are copied once (references only)
    battle = copy_battle(
        point.battle, record=history.record[:length], log=history.log[: point.log_len]
    )
    battle.rerolls.draws = history.rerolls.draws[:length]
    return battle
