"""The join/group helpers of area fire in their own module (D-6, D-13)."""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.rules import areas
from game.rulesets.entaria.rules.area_joins import edge_groups, join_errors, joined_neighbours


@pytest.mark.rule("D-13", "D-6")
def test_d13_an_edge_wall_parts_a_row_of_fields_into_two_groups() -> None:
    grid = BattleGrid.open(4, 2)
    row = [(0, 0), (1, 0), (2, 0)]
    assert edge_groups(row, grid) == [row]
    grid.add_edge_wall((1, 0), (2, 0))
    assert edge_groups(row, grid) == [[(0, 0), (1, 0)], [(2, 0)]]
    assert (2, 0) not in joined_neighbours((1, 0), grid)
    assert edge_groups(row) == [row]  # without a grid: geometry only


@pytest.mark.rule("D-13", "D-6", "E-AREAFIRE-5")
def test_d13_area_fire_names_a_group_parted_by_a_wall_in_both_languages() -> None:
    grid = BattleGrid.open(4, 2)
    grid.add_edge_wall((1, 0), (2, 0))
    (error,) = join_errors([(0, 0), (1, 0), (2, 0)], grid)
    assert str(error).startswith("Field(s) [2, 0] are parted from field(s) [0, 0], [1, 0]")
    (apart,) = join_errors([(0, 0), (2, 1)])
    assert "not joined by an edge" in str(apart)
    # the public rule still answers through areas, with the same words
    errors = areas.distribution_errors({(0, 0): 1, (1, 0): 1, (2, 0): 1}, total=3, sw=1, grid=grid)
    assert error in errors
