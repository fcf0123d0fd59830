"""Two actions per turn and their costs (W-ROUND-3, W-ACT-*, W-OPEN-11)."""

from __future__ import annotations

import pytest

from game.rulesets.wrs.rules.actions import (
    ACTIONS_PER_TURN,
    action_cost,
    aim_applies,
    check_move,
    check_turn,
    max_fields_per_turn,
)
from game.rulesets.wrs.rules.terms import ActionType as A

ONE_ACTION = [
    ("W-ACT-DRAW", A.DRAW_WEAPON),
    ("W-ACT-MOVE", A.MOVE),
    ("W-ACT-ATTACK", A.ATTACK),
    ("W-ACT-BOW", A.DRAW_BOW_AND_SHOOT),
    ("W-ACT-LOOK", A.LOOK_AROUND),
    ("W-ACT-AETHER", A.SPEAK_AETHER_SECTION),
    ("W-ACT-TURN", A.TURN_360),
    ("W-ACT-AIM", A.AIM),
    ("W-ACT-DEF-1", A.DEFENSIVE_STANCE),
    ("W-ACT-1", A.OTHER),
]


@pytest.mark.rule("W-ROUND-3")
def test_a_turn_has_two_actions() -> None:
    assert ACTIONS_PER_TURN == 2
    assert not check_turn([A.MOVE, A.MOVE, A.ATTACK]).allowed
    assert check_turn([A.MOVE, A.ATTACK]).allowed


@pytest.mark.parametrize(
    ("rule", "action"),
    [
        pytest.param(*row, marks=pytest.mark.rule(row[0], "W-ACT-1"), id=row[0])
        for row in ONE_ACTION
    ],
)
def test_each_listed_action_costs_one(rule: str, action: A) -> None:
    assert action_cost(action) == 1, rule


@pytest.mark.rule("W-ACT-READY-1", "W-ACT-READY-3")
def test_readiness_costs_both_actions() -> None:
    assert action_cost(A.READY) == 2
    assert check_turn([A.READY]).allowed
    assert not check_turn([A.MOVE, A.READY]).allowed
    assert not check_turn([A.READY, A.ATTACK]).allowed


@pytest.mark.rule("W-ACT-DEF-1", "W-ACT-E2")
def test_defensive_position_only_with_the_last_free_action() -> None:
    assert check_turn([A.MOVE, A.DEFENSIVE_STANCE]).allowed
    result = check_turn([A.DEFENSIVE_STANCE, A.ATTACK])
    assert not result.allowed
    assert result.rule == "W-ACT-DEF-1" and "W-" not in result.reason + result.german


@pytest.mark.rule("W-ACT-MOVE")
@pytest.mark.parametrize(("fields", "ok"), [(0, False), (1, True), (3, True), (4, False)])
def test_a_move_covers_one_to_three_fields(fields: int, ok: bool) -> None:
    # D-15: one Schritt is one field
    assert check_move(fields).allowed is ok


@pytest.mark.rule("W-ACT-MOVE")
def test_two_moves_cover_up_to_six_fields() -> None:
    assert max_fields_per_turn() == 6
    assert check_turn([A.MOVE, A.MOVE]).allowed


@pytest.mark.rule("W-ACT-AIM", "W-ACT-E1")
def test_aim_applies_to_the_following_attack_only() -> None:
    # W-OPEN-5: also across the turn boundary; expires if the next action is no attack
    assert aim_applies(A.AIM, A.ATTACK)
    assert aim_applies(A.AIM, A.DRAW_BOW_AND_SHOOT)
    assert not aim_applies(A.AIM, A.MOVE)
    assert not aim_applies(A.MOVE, A.ATTACK)
    assert not aim_applies(None, A.ATTACK)
