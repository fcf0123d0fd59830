"""Verbergen's pure rules: one roll against several targets, where one can hide.

E-OPEN-50 (one roll compared with each observer), D-3 (natural 20/1), E-OPEN-31 (a check
failed without a roll), E-ACT-VH-VERBERGEN-1/3 (suitable surroundings, out of sight).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.board.sight import line_of_sight
from game.rulesets.entaria.rules.checks import (
    Crit,
    Roll,
    automatic_failure,
    compare_with_each,
    roll_beats,
    success_roll,
)
from game.rulesets.entaria.rules.hiding_places import observers_seeing, suitable_hiding_place


def roll(kept: int, total: int) -> Roll:
    crit = Crit.SUCCESS if kept == 20 else Crit.FAILURE if kept == 1 else None
    return Roll((kept,), kept, total, None, None, crit)


# ------------------------------------------------------------------ roll_beats
@pytest.mark.rule("E-OPEN-50", "D-3")
def test_one_roll_beats_a_target_it_reaches_and_not_one_above() -> None:
    assert roll_beats(roll(10, 15), 15)
    assert not roll_beats(roll(10, 14), 15)


@pytest.mark.rule("D-3", "E-CORE-CRIT-1", "E-CORE-CRIT-2")
def test_natural_twenty_and_one_decide_whatever_the_target() -> None:
    assert roll_beats(roll(20, 21), 40)
    assert not roll_beats(roll(1, 30), 5)


@pytest.mark.rule("E-OPEN-31")
def test_a_check_failed_without_a_roll_beats_nothing() -> None:
    assert not roll_beats(automatic_failure(None), -100)


@pytest.mark.rule("E-OPEN-50")
def test_compare_with_each_gives_every_observer_its_own_outcome() -> None:
    """Ron's Geschick 7 + 5 = 12 against the guard's Geist 13 and the pirate's 11."""
    hide = success_roll(7, None, ScriptedRoller([5]))
    assert compare_with_each(hide, {"guard": 13, "pirate": 11, "zw": 15}) == {
        "guard": False,
        "pirate": True,
        "zw": False,
    }
    assert compare_with_each(hide, {}) == {}


@pytest.mark.rule("E-OPEN-50", "D-3")
@settings(max_examples=150, deadline=None)
@given(
    value=st.integers(-5, 15),
    target=st.integers(1, 40),
    dice=st.lists(st.integers(1, 20), min_size=3, max_size=3),
    edge=st.integers(-2, 2),
)
def test_roll_beats_agrees_with_the_roll_made_against_that_target(
    value: int, target: int, dice: list[int], edge: int
) -> None:
    """Comparing afterwards gives what rolling against the target would have given."""
    against = success_roll(value, target, ScriptedRoller(dice), edge=edge)
    open_roll = success_roll(value, None, ScriptedRoller(dice), edge=edge)
    assert roll_beats(open_roll, target) is against.success


# ------------------------------------------------------------------ hiding places
PLACES = """
.....#
......
..=...
.%....
......
......
+.....
"""


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1")
@pytest.mark.parametrize(
    ("cell", "suitable", "why"),
    [
        ((2, 2), True, "a low obstacle on the field"),
        ((3, 3), True, "a low obstacle next to it"),
        ((1, 3), True, "smoke on the field"),
        ((4, 0), True, "a wall next to it"),
        ((0, 5), True, "a closed door next to it"),
        ((0, 0), False, "open floor, the map edge is no wall"),
        ((4, 5), False, "open floor"),
    ],
)
def test_suitable_hiding_place_needs_cover_or_a_wall_on_or_next_to_the_field(
    cell: tuple[int, int], suitable: bool, why: str
) -> None:
    grid = BattleGrid.from_ascii(PLACES)
    assert suitable_hiding_place(grid, cell) is suitable, why


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1")
def test_an_open_door_is_no_hiding_place_and_a_field_off_the_map_is_an_error() -> None:
    grid = BattleGrid.from_ascii(PLACES)
    grid.set_door_open((0, 6), True)
    assert not suitable_hiding_place(grid, (0, 5))
    with pytest.raises(IndexError):
        suitable_hiding_place(grid, (6, 0))


ROOM = """
.........
.........
...###...
.........
"""


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1", "E-ACT-VH-VERBERGEN-3")
def test_observers_seeing_lists_those_with_a_line_of_sight_in_order() -> None:
    grid = BattleGrid.from_ascii(ROOM)
    observers = {"guard": (4, 0), "pirate": (8, 3), "scout": (3, 0)}
    assert observers_seeing(grid, (4, 3), observers) == ["pirate"]
    assert observers_seeing(grid, (4, 1), observers) == ["guard", "pirate", "scout"]
    assert observers_seeing(grid, (4, 3), {}) == []
    for key, at in observers.items():
        assert (key in observers_seeing(grid, (4, 3), observers)) is line_of_sight(grid, at, (4, 3))
