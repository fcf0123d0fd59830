"""The GM spans of a snapshot load come from the raw kinds (issue 13, "Long fights").

A screen session marks the log lines of GM commands; on a load from a snapshot the record
is still raw JSON, and building 20,000 commands for their kinds would undo the quick load.
"""

from __future__ import annotations

from typing import Any

from game.match.commands import Command
from game.match.lazy_commands import LazyCommands
from game.ui.undo_rights import spans_of_record


def _never_build(index: int, raw: Any) -> Command:
    raise AssertionError(f"command {index} was built")


def test_issue13_gm_spans_of_a_lazy_record_build_no_command() -> None:
    """Given raw commands with one GM command, its span is found and nothing is built."""
    raw = [{"kind": "end_turn"}, {"kind": "gm_set_lp"}, "not an object", {"kind": 3}]
    record = LazyCommands(raw, _never_build)
    marks = [0, 2, 3, 3, 4]
    assert spans_of_record(record, marks) == [(2, 3)]
    assert record.built == 0
