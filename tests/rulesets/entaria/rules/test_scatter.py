"""The scatter diagram (Fehlwurfdiagramm) and throws at fields (D-7, E-SCATTER-*, E-THROW-*)."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import DiceExhausted, ScriptedRoller
from game.board.grid import DIRECTIONS_8, BattleGrid, distance
from game.rulesets.entaria.rules.checks import STANDARD_TARGET, Crit
from game.rulesets.entaria.rules.scatter import (
    THROW_AT_FIELD_TARGET,
    Scatter,
    ScatterDir,
    scatter,
    scatter_direction,
    scatter_step,
    snap_direction,
    throw_at_field,
    throw_at_field_target,
)

EAST, SOUTH_EAST = (1, 0), (1, 1)

# d20 -> step for a throw flying east (+x); the thrower's right hand points to +y.
EXPECTED_EAST = {
    **dict.fromkeys(range(1, 5), (1, 0)),  # ahead
    **dict.fromkeys(range(5, 9), (1, 1)),  # ahead-right
    **dict.fromkeys((9, 10), (0, 1)),  # right
    11: (-1, 1),  # back-right
    **dict.fromkeys((12, 13), (-1, 0)),  # back
    14: (-1, -1),  # back-left
    **dict.fromkeys((15, 16), (0, -1)),  # left
    **dict.fromkeys(range(17, 21), (1, -1)),  # ahead-left
}
# The same diagram turned 45° to the right, for a throw flying south-east (+x, +y).
EXPECTED_SOUTH_EAST = {
    **dict.fromkeys(range(1, 5), (1, 1)),
    **dict.fromkeys(range(5, 9), (0, 1)),
    **dict.fromkeys((9, 10), (-1, 1)),
    11: (-1, 0),
    **dict.fromkeys((12, 13), (-1, -1)),
    14: (0, -1),
    **dict.fromkeys((15, 16), (1, -1)),
    **dict.fromkeys(range(17, 21), (1, 0)),
}


# ---------------------------------------------------------------- the diagram
@pytest.mark.rule("E-SCATTER-4", "E-SCATTER-5", "D-7")
@pytest.mark.parametrize("d20", range(1, 21))
def test_every_d20_flying_east(d20: int) -> None:
    assert scatter_step(d20, EAST) == EXPECTED_EAST[d20]


@pytest.mark.rule("E-SCATTER-4", "E-SCATTER-5", "E-OPEN-27", "D-7")
@pytest.mark.parametrize("d20", range(1, 21))
def test_every_d20_flying_diagonally(d20: int) -> None:
    """The diagram rotates in 45° steps for a diagonal throw (E-OPEN-27)."""
    assert scatter_step(d20, SOUTH_EAST) == EXPECTED_SOUTH_EAST[d20]


@pytest.mark.rule("E-SCATTER-DIR-F")
@pytest.mark.parametrize("d20", [1, 2, 3, 4])
def test_forward(d20: int) -> None:
    """1-4: ahead, beyond X, away from the thrower."""
    assert scatter_direction(d20) is ScatterDir.FORWARD
    assert scatter_step(d20, (0, -1)) == (0, -1)


@pytest.mark.rule("E-SCATTER-DIR-FR")
@pytest.mark.parametrize("d20", [5, 6, 7, 8])
def test_forward_right(d20: int) -> None:
    assert scatter_direction(d20) is ScatterDir.FORWARD_RIGHT
    # Flying north (up the screen), the right hand points east.
    assert scatter_step(d20, (0, -1)) == (1, -1)


@pytest.mark.rule("E-SCATTER-DIR-R")
@pytest.mark.parametrize("d20", [9, 10])
def test_right(d20: int) -> None:
    assert scatter_direction(d20) is ScatterDir.RIGHT
    assert scatter_step(d20, (0, -1)) == (1, 0)
    assert scatter_step(d20, (-1, 0)) == (0, -1)  # flying west, right is north


@pytest.mark.rule("E-SCATTER-DIR-BR")
def test_back_right() -> None:
    assert scatter_direction(11) is ScatterDir.BACK_RIGHT
    assert scatter_step(11, (0, -1)) == (1, 1)


@pytest.mark.rule("E-SCATTER-DIR-B", "E-SCATTER-5")
@pytest.mark.parametrize("d20", [12, 13])
def test_back(d20: int) -> None:
    """12-13: opposite to the flight direction, back toward the thrower."""
    assert scatter_direction(d20) is ScatterDir.BACK
    for flight in DIRECTIONS_8:
        assert scatter_step(d20, flight) == (-flight[0], -flight[1])


@pytest.mark.rule("E-SCATTER-DIR-BL")
def test_back_left() -> None:
    assert scatter_direction(14) is ScatterDir.BACK_LEFT
    assert scatter_step(14, (0, -1)) == (-1, 1)


@pytest.mark.rule("E-SCATTER-DIR-L")
@pytest.mark.parametrize("d20", [15, 16])
def test_left(d20: int) -> None:
    assert scatter_direction(d20) is ScatterDir.LEFT
    assert scatter_step(d20, (0, -1)) == (-1, 0)


@pytest.mark.rule("E-SCATTER-DIR-FL")
@pytest.mark.parametrize("d20", [17, 18, 19, 20])
def test_forward_left(d20: int) -> None:
    assert scatter_direction(d20) is ScatterDir.FORWARD_LEFT
    assert scatter_step(d20, (0, -1)) == (-1, -1)


@pytest.mark.rule("E-SCATTER-4", "E-SCATTER-DIR-F", "E-SCATTER-DIR-B")
def test_diagram_probabilities() -> None:
    """The diagram's table: 4/4/2/1/2/1/2/4 faces of twenty."""
    counts = {direction: 0 for direction in ScatterDir}
    for d20 in range(1, 21):
        counts[scatter_direction(d20)] += 1
    assert [counts[d] for d in ScatterDir] == [4, 4, 2, 1, 2, 1, 2, 4]


@pytest.mark.rule("E-SCATTER-4", "E-SCATTER-5", "D-7")
@pytest.mark.parametrize("flight", DIRECTIONS_8)
def test_right_is_a_quarter_turn_clockwise_on_screen(flight: tuple[int, int]) -> None:
    """Right of (dx, dy) with y down is (-dy, dx); left is (dy, -dx); back is (-dx, -dy)."""
    fx, fy = flight
    assert scatter_step(9, flight) == (-fy, fx)
    assert scatter_step(15, flight) == (fy, -fx)
    assert scatter_step(1, flight) == flight


@pytest.mark.rule("E-SCATTER-2", "D-7")
@pytest.mark.parametrize("bad", [0, 21, -3])
def test_d20_outside_one_to_twenty_is_refused(bad: int) -> None:
    with pytest.raises(ValueError):
        scatter_direction(bad)


@pytest.mark.rule("D-7")
@pytest.mark.parametrize("bad", [(0, 0), (2, 0), (1, 2)])
def test_flight_step_must_be_a_grid_step(bad: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        scatter_step(1, bad)


# ---------------------------------------------------------------- snapping
@pytest.mark.rule("D-7", "E-OPEN-27")
@pytest.mark.parametrize(
    ("vector", "step"),
    [
        ((5, 0), (1, 0)),
        ((5, 2), (1, 0)),  # 21.80° off east: straight
        ((5, 3), (1, 1)),  # 30.96°: diagonal
        ((1, 1), (1, 1)),
        ((-3, 3), (-1, 1)),
        ((0, -4), (0, -1)),
        ((-7, -2), (-1, 0)),  # 15.95°
        ((-2, 7), (0, 1)),
        ((3, -1), (1, 0)),  # 18.43°
    ],
)
def test_snap_direction(vector: tuple[int, int], step: tuple[int, int]) -> None:
    assert snap_direction(vector) == step
    assert snap_direction((vector[0] * 3, vector[1] * 3)) == step


@pytest.mark.rule("D-7", "E-OPEN-27")
def test_snap_worked_examples() -> None:
    """(2, 1) lies 26.57° off east: past 22.5°, so it snaps to the diagonal."""
    assert snap_direction((2, 1)) == (1, 1)
    assert snap_direction((5, 2)) == (1, 0)  # 21.80°
    assert snap_direction((12, -5)) == (1, -1)  # 22.62°
    assert snap_direction((29, 12)) == (1, 0)  # 22.48°
    assert snap_direction((0, 0)) == (0, -1)  # own field: north (E-OPEN-27)


@pytest.mark.rule("D-7", "E-OPEN-27")
@settings(max_examples=200, deadline=None)
@given(st.integers(-60, 60), st.integers(-60, 60))
def test_snap_picks_the_nearest_direction(vx: int, vy: int) -> None:
    if vx == 0 and vy == 0:
        return
    got = snap_direction((vx, vy))
    assert got in DIRECTIONS_8

    def gap(step: tuple[int, int]) -> float:
        a = math.atan2(vy, vx) - math.atan2(step[1], step[0])
        return abs((a + math.pi) % (2 * math.pi) - math.pi)

    assert gap(got) <= min(gap(s) for s in DIRECTIONS_8) + 1e-12


# ---------------------------------------------------------------- scatter on a map
@pytest.mark.rule("EX-SCATTER-1", "E-OPEN-28", "E-SCATTER-DIR-B", "E-SCATTER-3")
def test_lara_grenade_lands_two_fields_in_front_of_her() -> None:
    """EX-SCATTER-1: Lara throws east at X 5 fields away and misses; d20 12 -> back.

    Per E-OPEN-28 (reading A) the distance counts from X, so the unstated d6 was
    5 - 2 = 3, and the grenade lands 2 fields in front of Lara.
    """
    grid = BattleGrid.open(12, 5)
    lara, x = (1, 2), (6, 2)
    result = scatter(grid, lara, x, ScriptedRoller([12, 3]))
    assert result == Scatter(direction_roll=12, distance_roll=3, step=(-1, 0), landing=(3, 2))
    assert result.direction is ScatterDir.BACK
    assert distance(lara, result.landing) == 2


@pytest.mark.rule("E-SCATTER-1", "E-SCATTER-2", "E-SCATTER-3", "D-7")
def test_scatter_moves_d6_fields_from_the_target() -> None:
    grid = BattleGrid.open(20, 20)
    result = scatter(grid, (2, 2), (8, 8), ScriptedRoller([1, 4]))
    assert result.step == (1, 1)  # ahead along the diagonal
    assert result.landing == (12, 12)  # 4 diagonal steps from X: 4 fields (D-1)
    result = scatter(grid, (2, 10), (9, 10), ScriptedRoller([9, 6]))
    assert result.landing == (9, 16)  # flying east, right is +y


@pytest.mark.rule("E-SCATTER-2", "D-7")
def test_scatter_rolls_d20_then_d6() -> None:
    roller = ScriptedRoller([12, 3, 99])
    scatter(BattleGrid.open(10, 10), (0, 0), (5, 0), roller)
    assert roller.rolled == [(20, 12), (6, 3)]
    assert roller.remaining == 1
    with pytest.raises(DiceExhausted):
        scatter(BattleGrid.open(10, 10), (0, 0), (5, 0), ScriptedRoller([5]))
    # A 12 on the d6 slot is not a face of a d6: the order is checked by the roller.
    with pytest.raises(ValueError):
        scatter(BattleGrid.open(10, 10), (0, 0), (5, 0), ScriptedRoller([3, 12]))


@pytest.mark.rule("E-OPEN-27", "D-7")
def test_scatter_stops_before_a_wall() -> None:
    grid = BattleGrid.from_ascii(
        """
        ..........
        ......#...
        ..........
        """.replace(" ", "")
    )
    # Thrown east along row 1 at (3, 1); forward 6 -> blocked by the wall at (6, 1).
    result = scatter(grid, (0, 1), (3, 1), ScriptedRoller([2, 6]))
    assert result.landing == (5, 1)


@pytest.mark.rule("E-OPEN-27", "D-7")
def test_scatter_stops_before_a_closed_door_but_flies_through_an_open_one() -> None:
    grid = BattleGrid.from_ascii("..+..\n..../\n.....")
    assert scatter(grid, (0, 0), (1, 0), ScriptedRoller([1, 5])).landing == (1, 0)
    grid.set_door_open((2, 0), True)
    assert scatter(grid, (0, 0), (1, 0), ScriptedRoller([1, 5])).landing == (4, 0)


@pytest.mark.rule("E-OPEN-27", "D-7")
def test_scatter_stops_at_the_map_edge() -> None:
    grid = BattleGrid.open(8, 8)
    assert scatter(grid, (0, 3), (5, 3), ScriptedRoller([1, 6])).landing == (7, 3)
    # Back toward the thrower and past him, up to the east edge.
    assert scatter(grid, (6, 0), (2, 0), ScriptedRoller([12, 6])).landing == (7, 0)
    assert scatter(grid, (0, 0), (1, 1), ScriptedRoller([13, 6])).landing == (0, 0)


@pytest.mark.rule("E-OPEN-27", "D-7", "D-10")
def test_scatter_does_not_slip_between_two_walls_diagonally() -> None:
    grid = BattleGrid.from_ascii(
        """
        .....
        ..#..
        .#...
        .....
        """.replace(" ", "")
    )
    # Thrown south-east at X = (1, 1), scattering ahead: the step to (2, 2) passes
    # between the walls (2, 1) and (1, 2); that gap is closed, the object stays on X.
    assert scatter(grid, (0, 0), (1, 1), ScriptedRoller([1, 3])).landing == (1, 1)


@pytest.mark.rule("E-OPEN-27", "D-7")
def test_throw_at_own_field_scatters_north() -> None:
    """If X is the thrower's own field, "forward" is the map's north (E-OPEN-27)."""
    grid = BattleGrid.open(9, 9)
    assert scatter(grid, (4, 4), (4, 4), ScriptedRoller([1, 2])).landing == (4, 2)
    assert scatter(grid, (4, 4), (4, 4), ScriptedRoller([9, 2])).landing == (6, 4)


@pytest.mark.rule("E-SCATTER-1", "D-7")
def test_target_must_be_a_free_map_field() -> None:
    grid = BattleGrid.from_ascii("..#\n...")
    with pytest.raises(ValueError):
        scatter(grid, (0, 0), (2, 0), ScriptedRoller([1, 1]))
    with pytest.raises(ValueError):
        scatter(grid, (0, 0), (5, 0), ScriptedRoller([1, 1]))


@pytest.mark.rule("D-7")
def test_scatter_is_a_frozen_value_with_five_fields() -> None:
    fields = [f.name for f in dataclasses.fields(Scatter)]
    assert fields == ["direction_roll", "distance_roll", "step", "landing", "stopped"]
    result = Scatter(1, 1, (1, 0), (0, 0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.landing = (1, 1)  # type: ignore[misc]


maps = st.integers(3, 12).flatmap(
    lambda width: st.integers(3, 12).flatmap(
        lambda height: st.tuples(
            st.just((width, height)),
            st.lists(
                st.lists(st.booleans(), min_size=width, max_size=width),
                min_size=height,
                max_size=height,
            ),
            st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)),
            st.tuples(st.integers(-3, width + 2), st.integers(-3, height + 2)),
        )
    )
)


@pytest.mark.rule("E-SCATTER-3", "E-OPEN-27", "D-7")
@settings(max_examples=200, deadline=None)
@given(setup=maps, d20=st.integers(1, 20), d6=st.integers(1, 6))
def test_landing_is_a_free_field_within_d6_of_the_target(
    setup: tuple[tuple[int, int], list[list[bool]], tuple[int, int], tuple[int, int]],
    d20: int,
    d6: int,
) -> None:
    (_width, _height), walls, target, thrower = setup
    walls[target[1]][target[0]] = False
    grid = BattleGrid.from_arrays(walls)
    result = scatter(grid, thrower, target, ScriptedRoller([d20, d6]))
    assert grid.in_bounds(result.landing)
    assert not grid.is_wall(result.landing)
    assert distance(target, result.landing) <= d6
    # It moved along the rolled step only.
    k = distance(target, result.landing)
    assert result.landing == (target[0] + k * result.step[0], target[1] + k * result.step[1])


# ---------------------------------------------------------------- throws at fields
@pytest.mark.rule("E-THROW-2")
def test_throw_at_field_target_is_fifteen() -> None:
    assert THROW_AT_FIELD_TARGET == 15 == STANDARD_TARGET
    assert throw_at_field_target() == 15


@pytest.mark.rule("E-THROW-2", "EX-SCATTER-1")
def test_ron_hits_his_field() -> None:
    """EX-SCATTER-1: Ron (Fernkampf 8) hits ZW 15 with a 7 (7 + 8 = 15)."""
    grid = BattleGrid.open(12, 5)
    result = throw_at_field(grid, (1, 1), (6, 1), 8, ScriptedRoller([7]))
    assert result.hit and result.landing == (6, 1) and result.scatter is None
    assert result.roll.target == 15 and result.roll.total == 15


@pytest.mark.rule("E-THROW-2", "E-THROW-3", "EX-SCATTER-1", "E-OPEN-28")
def test_lara_misses_and_scatters() -> None:
    """EX-SCATTER-1: Lara (Fernkampf 4) misses with 10 (14 < 15); scatter 12, d6 3."""
    grid = BattleGrid.open(12, 5)
    roller = ScriptedRoller([10, 12, 3])
    result = throw_at_field(grid, (1, 2), (6, 2), 4, roller)
    assert not result.hit and result.roll.total == 14
    assert result.scatter == Scatter(12, 3, (-1, 0), (3, 2))
    assert result.landing == (3, 2)
    assert roller.rolled == [(20, 10), (20, 12), (6, 3)]


@pytest.mark.rule("E-THROW-3", "E-SCATTER-1")
def test_natural_one_always_scatters() -> None:
    grid = BattleGrid.open(12, 5)
    result = throw_at_field(grid, (1, 2), (6, 2), 30, ScriptedRoller([1, 1, 1]))
    assert result.roll.crit is Crit.FAILURE and not result.hit
    assert result.landing == (7, 2)


@pytest.mark.rule("E-THROW-2", "E-RANGE-WEIT")
def test_throw_beyond_every_band_is_refused() -> None:
    grid = BattleGrid.open(1002, 1)
    with pytest.raises(ValueError):
        throw_at_field(grid, (0, 0), (1001, 0), 5, ScriptedRoller([20]))
