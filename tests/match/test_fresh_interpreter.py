"""A save loads in a fresh interpreter that has imported only the saves and the rulesets.

Why this guards something: ENTARIA's command table used to be filled by importing
modules. A command class registered its kind when its module was imported, and most
of those modules were imported only when the first Battle was built (the engine's
``load_handlers``). A new process that read a save before building a match knew 11 of
41 command kinds and refused a valid save with "unknown command kind 'search'"
(issue 9). Now every ruleset lists its command kinds in one explicit table (ENTARIA's
``command_table.COMMANDS``, reached through ``game.rulesets.RULESETS``), so what a save
may contain cannot depend on what happens to be imported. The reading runs in a child
interpreter: nothing this test process imported can fill a table for it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.match.record import Match
from game.match.saves import MissionRef, write_save
from game.rulesets.entaria.hiding import Search
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_match import arena_setup

ROOT = Path(__file__).resolve().parents[2]

#: What the child interpreter runs: it imports the saves and the rulesets, nothing else.
READ_IN_A_FRESH_INTERPRETER = """
import json, sys
from game.match.saves import read_save
from game.rulesets import RULESETS

data = read_save(sys.argv[1], RULESETS)
print(json.dumps([[type(c).__name__, c.to_dict()] for c in data.commands]))
"""


def test_a_save_with_a_search_loads_in_a_fresh_interpreter(tmp_path: Path) -> None:
    """A match whose record holds a Search (a kind defined outside commands.py) saves and
    reads back in a new process, command for command, with no Battle built there first."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=21)
    searcher = match.battle.state.current_key
    match.apply(Search(searcher))
    path = write_save(match, tmp_path, "gesucht", MissionRef("maps/arena.toml", "ab" * 32))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [command["kind"] for command in saved["commands"]] == ["search"]

    child = subprocess.run(
        [sys.executable, "-c", READ_IN_A_FRESH_INTERPRETER, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )

    assert child.returncode == 0, child.stderr
    assert json.loads(child.stdout) == [["Search", Search(searcher).to_dict()]]
