"""WrsRuleset on the seam: commands round-trip as JSON, new_game replays (D-15, W-INIT-1)."""

from __future__ import annotations

import numpy as np

from game.board.grid import BattleGrid
from game.rulesets.wrs.ruleset import WRS
from game.rulesets.wrs.state import FighterSetup, WrsSetup


def test_d15_replay_from_json_record_gives_same_snapshot() -> None:
    """D-15, W-INIT-1: same seed and the same commands (through JSON) give the same state."""
    cat = WRS.load_catalogue()
    grid = BattleGrid(np.zeros((6, 8), dtype=bool))
    setup = WrsSetup(
        "t",
        grid,
        (FighterSetup("g", "gerold", "a", (1, 1)), FighterSetup("u", "ulf", "b", (6, 4))),
    )
    game = WRS.new_game(setup, cat, 3)
    for _ in range(30):
        if not game.decisions():
            break
        game.apply(WRS.policy_command(game))
    replay = WRS.new_game(setup, cat, 3)
    for command in game.record:
        replay.apply(WRS.commands.from_dict(command.to_dict()))
    assert replay.snapshot() == game.snapshot()
    assert WRS.snapshot_problem(game.snapshot()) is None
    assert WRS.snapshot_problem({}) == (".fighters", "missing")
