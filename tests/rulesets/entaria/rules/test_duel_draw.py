"""The duel's draw: one loop of Reflexe pairs, ties rolled again (E-DUEL-3, E-OPEN-48)."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.attacks import MAX_DUEL_ROLLS, duel_draw
from game.rulesets.entaria.rules.checks import Roll, success_roll


def test_e_duel_3_e_open_48_ties_are_rolled_again_until_one_is_higher() -> None:
    """E-DUEL-3, E-OPEN-48: equal totals roll again; the higher total draws first."""
    roller = ScriptedRoller([9, 9, 4, 11])
    order = duel_draw(lambda: (success_roll(2, None, roller), success_roll(2, None, roller)))
    assert order.first == "b" and len(order.rolls) == 2


def test_e_open_48_a_stuck_pair_of_rolls_is_an_error_not_a_loop() -> None:
    """E-OPEN-48: a roller that ties forever ends after MAX_DUEL_ROLLS pairs."""
    calls: list[int] = []

    def tied() -> tuple[Roll, Roll]:
        calls.append(1)
        roller = ScriptedRoller([10, 10])
        return success_roll(3, None, roller), success_roll(3, None, roller)

    with pytest.raises(RuntimeError):
        duel_draw(tied)
    assert len(calls) == MAX_DUEL_ROLLS
