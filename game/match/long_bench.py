"""``kampfkarte bench engine``, long fights: undo and loading a save, for any ruleset.

Issue 13 ("Long fights") asks that undo and loading a save cost about the same after 100
commands as after 2,000. A ruleset's bench grows a match to each length (its own mix of
commands that keeps the fight going) and asks these rows of it. Each undo sample is
followed by an untimed redo, so every sample does the same work.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.match.bench_table import Row
from game.match.record import Match
from game.match.saves import LoadedSave, MissionRef, OpenedMission, load_save, write_save

__all__ = ["around", "grown_rows", "load_rows", "undo_row"]


def grown_rows(
    match: Match, grow_to: Callable[[int], None], repeats: int, lengths: tuple[int, ...]
) -> list[Row]:
    """Return the undo and load rows after each of ``lengths`` commands ``grow_to`` applies.

    ``grow_to(n)`` applies commands until the record holds ``n`` or the fight is over;
    a fight that ended says so in its rows, and no longer ones follow.
    """
    rows: list[Row] = []
    for index, length in enumerate(lengths):
        grow_to(length)
        if not match.command_count:
            break
        mark = "" if index == 0 else "< 2x the first"
        if match.battle.over:
            mark = f"(the fight ended after {match.command_count} commands)"
        rows.append(undo_row(match, repeats, mark))
        rows.extend(load_rows(match, max(1, repeats // 10), mark))
        if match.battle.over:
            break
    return rows


def undo_row(match: Match, repeats: int, target: str) -> Row:
    """Time ``undo`` of the last command (an untimed redo after each sample)."""
    median, worst = around(match.undo, match.redo, repeats)
    label = f"undo after {match.command_count} commands (replays {match.replayed})"
    return (label, median, worst, target)


def load_rows(match: Match, repeats: int, target: str) -> list[Row]:
    """Time loading a save of the match from its snapshot, and its verification apart.

    The load reads the file and restores the match applying no command (its label says
    how many it applied); the verification replays the whole record (``Verifier``). A
    ruleset without snapshots loads by replaying, and its label says so.
    """
    ruleset = match.ruleset
    opened = OpenedMission(match.setup, match.catalogue, "0" * 64, ruleset)
    length = match.command_count
    loads: list[LoadedSave] = []
    with tempfile.TemporaryDirectory() as folder:
        saved = write_save(match, Path(folder), "bench", MissionRef("bench.toml", "0" * 64))

        def load() -> None:
            rulesets = {ruleset.key: ruleset}
            loads.append(load_save(saved, lambda _: opened, rulesets, verify_later=True))

        median, worst = around(load, lambda: None, repeats, warm=False)
    applied = max(loaded.match.replayed for loaded in loads)
    pending = [loaded.match for loaded in loads if loaded.verifier is not None]
    if not pending:
        label = f"load a save of {length} commands (no snapshot: replays {length})"
        return [(label, median, worst, target)]
    label = f"load a save of {length} commands (snapshot, applies {applied})"
    rows = [(label, median, worst, target)]

    def verify() -> None:
        pending.pop().settle()

    median, worst = around(verify, lambda: None, min(repeats, len(pending)), warm=False)
    rows.append(
        (f"verify the save of {length} commands (replays {length})", median, worst, "(linear)")
    )
    return rows


def around(
    timed: Callable[[], Any], after: Callable[[], Any], repeats: int, *, warm: bool = True
) -> tuple[float, float]:
    """Return the median and the longest of ``repeats`` timed calls, ``after`` untimed."""
    if warm:
        timed()  # warm-up
        after()
    samples = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        timed()
        samples.append((time.perf_counter() - start) * 1000.0)
        after()
    return statistics.median(samples), max(samples)
