"""``run_engine_bench`` of the quick rules (mission_glue's ``engine_bench``): its figures."""

from __future__ import annotations

import io
import random
from pathlib import Path

from game.match.record import Match
from game.missions.simulate import prepared_mission
from game.rulesets.entaria_schnell.bench import grow, run_engine_bench
from game.rulesets.entaria_schnell.ruleset import QUICK

from .test_fuzz import quick_mission


def test_engine_bench_prints_every_figure(tmp_path: Path) -> None:
    """The table: new game, policy decision, apply, checkpoint, JSON, whole match, undo."""
    prepared = prepared_mission(quick_mission(tmp_path))
    out = io.StringIO()
    prepared.ruleset.engine_bench(prepared.setup, repeats=1, seed=3, out=out)
    text = out.getvalue()
    assert text.startswith("kampfkarte bench engine, ENTARIA quick rules")
    for label in (
        "new game (initiative)",
        "policy choose_command",
        "checkpoint + resume",
        "snapshot as JSON",
        "whole simulated match",
        "commands/s",
        "undo after 100 commands",
        "undo after 2000 commands",
    ):
        assert label in text, label


def test_the_undo_record_keeps_the_fight_going_and_undo_redo_round_trips(
    tmp_path: Path,
) -> None:
    """The bench's long record reaches its length; undo then redo gives the same state."""
    setup = prepared_mission(quick_mission(tmp_path)).setup
    match = Match(QUICK, setup, QUICK.load_catalogue(), 5)
    grow(match, random.Random(5), 300)
    assert len(match.commands) == 300 and not match.battle.over
    before = match.game.snapshot()
    match.undo()
    assert match.replayed < 300  # from a checkpoint, not from the start
    match.redo()
    assert match.game.snapshot() == before
    match.verify()


def test_run_engine_bench_is_the_glue_entry(tmp_path: Path) -> None:
    """mission_glue calls run_engine_bench(setup, repeats=, seed=, out=)."""
    setup = prepared_mission(quick_mission(tmp_path)).setup
    out = io.StringIO()
    run_engine_bench(setup, repeats=1, seed=1, out=out, ruleset=QUICK)
    assert "undo after" in out.getvalue()
