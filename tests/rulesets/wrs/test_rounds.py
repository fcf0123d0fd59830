"""Combat rounds: surprise, the fixed order, readiness reactions (W-ROUND-*, W-SURP-*)."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.wrs.rules.rounds import (
    opening_orders,
    reaction_order,
    ready_after,
    surprise_round_order,
    turns_in_round,
)

MINDS = {"a1": 50, "a2": 50, "b1": 50, "b2": 50}


@pytest.mark.rule("W-ROUND-1", "W-INIT-1", "W-INIT-3")
def test_without_surprise_one_order_for_the_whole_combat() -> None:
    first, later = opening_orders(MINDS, ScriptedRoller([40, 10, 30, 20]))
    assert first == ["a2", "b2", "b1", "a1"]
    assert later == first


@pytest.mark.rule("W-SURP-2", "W-SURP-3", "W-SURP-4", "W-SURP-E1")
def test_example_w_surp_e1() -> None:
    # round 1: a1 40 -> margin 10, a2 10 -> 40; round 2: all four roll
    roller = ScriptedRoller([40, 10, 5, 50, 20, 35])
    first, later = opening_orders(MINDS, roller, surprisers={"a1", "a2"})
    assert first == ["a2", "a1"]
    assert later == ["a1", "b1", "b2", "a2"]  # margins 45, 0, 30, 15
    assert roller.remaining == 0


@pytest.mark.rule("W-SURP-2")
def test_unknown_surpriser_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the combat"):
        surprise_round_order(MINDS, {"zz"}, ScriptedRoller([]))


@pytest.mark.rule("W-ROUND-2")
def test_only_those_entitled_take_a_turn_in_order() -> None:
    order = ["c", "a", "b"]
    assert turns_in_round(order, lambda key: key != "a") == ["c", "b"]


@pytest.mark.rule("W-ACT-READY-4", "W-ACT-READY-6", "W-ACT-E3")
def test_ready_characters_react_in_initiative_order() -> None:
    order = ["c1", "x", "c2", "y"]
    assert reaction_order(order, {"c2", "c1"}) == ["c1", "c2"]
    assert reaction_order(order, set()) == []


@pytest.mark.rule("W-ACT-READY-2", "W-ACT-READY-5")
def test_readiness_ends_on_reaction_or_cancel_only() -> None:
    ready = {"c1", "c2", "c3"}
    assert ready_after(ready) == frozenset(ready)
    assert ready_after(ready, reacted={"c1"}, cancelled={"c3"}) == frozenset({"c2"})


@pytest.mark.rule("W-SURP-1", "W-SURP-2")
def test_surprise_is_decided_outside_and_rolls_no_die_of_its_own() -> None:
    # W-OPEN-3: the scenario names the surprising side; only the Geist tests roll
    roller = ScriptedRoller([10, 20])
    first, _ = opening_orders({"a": 50, "b": 50}, roller, surprisers={"a"})
    assert first == ["a"]
    assert roller.rolled == [(100, 10), (100, 20)]  # round 2's tests, nothing more
