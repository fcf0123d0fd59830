"""The simple WRS policy plays a whole fight out (W-ROUND-3 turns, W-WOUND-3 ends it)."""

from __future__ import annotations

import numpy as np
import pytest

from game.board.dice import RandomRoller
from game.board.grid import BattleGrid
from game.rulesets.wrs.catalogue_loader import load_catalogue
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import play_out
from game.rulesets.wrs.state import FighterSetup, WrsSetup

CAT = load_catalogue()


@pytest.mark.parametrize("seed", range(1, 11))
def test_w_round_3_policy_fight_ends_for_seeds_1_to_10(seed: int) -> None:
    """W-ROUND-3, W-WOUND-3: three against three, played by the policy, ends with a winner."""
    grid = BattleGrid(np.zeros((10, 14), dtype=bool))
    a = [FighterSetup(k, k, "a", (1, 2 + 3 * i)) for i, k in enumerate(("gerold", "ulf", "mira"))]
    b = [
        FighterSetup(k, k, "b", (12, 2 + 3 * i))
        for i, k in enumerate(("brunhild", "konrad", "hanna"))
    ]
    game = WrsGame(WrsSetup("t", grid, (*a, *b)), CAT, RandomRoller(seed))
    assert play_out(game, max_rounds=200)
    assert game.winner in ("a", "b") and not game.decisions()
