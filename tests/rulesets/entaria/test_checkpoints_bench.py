"""``kampfkarte bench engine`` rows of long fights (issue 13): undo, reroll and load rows.

The figures themselves are timings and not checked; the rows exist, name their record
lengths, and the undo and reroll rows replay a bounded number of commands (counted).
"""

from __future__ import annotations

import re

import pytest

from game.match.checkpoints import SPACING
from game.rulesets.entaria.bench import big_setup
from game.rulesets.entaria.bench_long import long_rows
from game.rulesets.entaria.reroll_ledger import CHECKPOINT_SPACING
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE


@pytest.mark.rule("E-IMP-EFF-REROLL")
def test_long_rows_name_their_lengths_and_replay_a_bounded_number() -> None:
    rows = long_rows(
        ENTARIA, big_setup(2026, side=30, creatures=6), CATALOGUE, 3, 1, lengths=(12, 45)
    )
    labels = [row[0] for row in rows]
    assert len(rows) == 8
    assert labels[0].startswith("undo after 12 commands")
    assert labels[4].startswith("undo after 45 commands")
    loaded = re.match(r"load a save of (\d+) commands \(snapshot, applies 0\)", labels[2])
    assert loaded is not None, labels[2]
    assert labels[3] == f"verify the save of {loaded.group(1)} commands (replays {loaded.group(1)})"
    for label in labels:
        found = re.search(r"\(replays (\d+)\)", label)
        if label.startswith("undo"):
            assert found is not None and int(found.group(1)) < SPACING, label
        if label.startswith("Impuls reroll"):
            assert found is not None and int(found.group(1)) <= CHECKPOINT_SPACING + 2, label
    assert rows[4][3] == "< 2x the first" and rows[0][3] == ""
    assert all(row[1] >= 0.0 and row[2] >= row[1] for row in rows)
