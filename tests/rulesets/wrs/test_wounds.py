"""Wounds against LP a/b/c (W-WOUND-1..4, W-WOUND-E1)."""

from __future__ import annotations

import pytest

from game.rulesets.wrs.rules.terms import WoundState
from game.rulesets.wrs.rules.wounds import (
    LifePoints,
    can_act,
    defends,
    parse_life_points,
    wound_state,
)

LP = LifePoints(3, 4, 10)


@pytest.mark.rule("W-WOUND-1", "W-WOUND-2", "W-WOUND-3", "W-WOUND-4", "W-WOUND-E1")
@pytest.mark.parametrize(
    ("wounds", "state"),
    [
        (0, WoundState.FINE),
        (2, WoundState.FINE),
        (3, WoundState.DOWN),
        (4, WoundState.UNCONSCIOUS),
        (9, WoundState.UNCONSCIOUS),
        (10, WoundState.DEAD),
        (11, WoundState.DEAD),
    ],
)
def test_example_3_4_10(wounds: int, state: WoundState) -> None:
    assert wound_state(wounds, LP) == state


@pytest.mark.rule("W-WOUND-1")
def test_parse_a_b_c() -> None:
    assert parse_life_points("3/4/10") == LP
    assert parse_life_points(" 2 / 2 / 5 ") == LifePoints(2, 2, 5)


@pytest.mark.rule("W-WOUND-1")
@pytest.mark.parametrize("text", ["3/4", "a/b/c", "3/4/10/12", "", "99999/1/1"])
def test_bad_life_points_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="3/4/10"):
        parse_life_points(text)


@pytest.mark.rule("W-WOUND-1")
def test_out_of_order_values_are_refused() -> None:
    with pytest.raises(ValueError, match="a <= b <= c"):
        parse_life_points("5/4/10")
    with pytest.raises(ValueError, match="a <= b <= c"):
        LifePoints(0, 1, 2)


@pytest.mark.rule("W-WOUND-2", "W-WOUND-3", "W-ROUND-2")
def test_down_still_acts_unconscious_does_not() -> None:
    # W-OPEN-10: DOWN = prone but acting; UNCONSCIOUS = no turn and no defence test
    assert can_act(WoundState.DOWN) and defends(WoundState.DOWN)
    assert not can_act(WoundState.UNCONSCIOUS) and not defends(WoundState.UNCONSCIOUS)
    assert not can_act(WoundState.DEAD)


@pytest.mark.rule("W-WOUND-1")
def test_negative_wounds_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        wound_state(-1, LP)
