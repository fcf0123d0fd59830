"""The battle grid and its legend (DESIGN.md), distance (D-1), terrain kinds (E-TERRAIN-*)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import (
    DEFAULT_LEGEND,
    DEFAULT_TERRAIN_TARGET,
    BattleGrid,
    Cover,
    FieldKind,
    Terrain,
    distance,
    footprint_cells,
    footprint_distance,
)

LEGEND_MAP = """
.#:~
=%+/
"""


def test_legend_characters() -> None:
    """D-9, D-10, E-TERRAIN-DIFF-1: every character of the default legend."""
    grid = BattleGrid.from_ascii(LEGEND_MAP)
    assert (grid.width, grid.height) == (4, 2)
    assert not grid.is_wall((0, 0)) and grid.step_cost((0, 0)) == 1
    assert grid.is_wall((1, 0)) and grid.blocks_sight_at((1, 0))
    assert grid.step_cost((2, 0)) == 2 and grid.terrain_at((2, 0)) is Terrain.RUBBLE
    assert grid.step_cost((3, 0)) == 2 and grid.terrain_at((3, 0)) is Terrain.WATER
    assert grid.step_cost((0, 1)) == 2 and grid.cover_at((0, 1)) is Cover.PARTIAL
    assert not grid.blocks_sight_at((0, 1))
    assert grid.cover_at((1, 1)) is Cover.FULL and grid.step_cost((1, 1)) == 1
    assert not grid.blocks_sight_at((1, 1))
    assert grid.is_door((2, 1)) and grid.is_wall((2, 1)) and grid.blocks_sight_at((2, 1))
    assert grid.is_door((3, 1)) and not grid.is_wall((3, 1))


def test_doors_open_and_close() -> None:
    """D-9: a closed door blocks like a wall until opened; the version counts changes."""
    grid = BattleGrid.from_ascii("+.")
    version = grid.version
    grid.set_door_open((0, 0), True)
    assert not grid.is_wall((0, 0)) and grid.version == version + 1
    grid.set_door_open((0, 0), True)
    assert grid.version == version + 1
    grid.set_door_open((0, 0), False)
    assert grid.is_wall((0, 0))
    with pytest.raises(ValueError, match="no door"):
        grid.set_door_open((1, 0), True)


def test_blank_lines_ignored_and_ragged_rows_rejected() -> None:
    assert BattleGrid.from_ascii("\n\n..\n..\n\n").shape == (2, 2)
    with pytest.raises(ValueError, match="row 2 has 3 fields, expected 2"):
        BattleGrid.from_ascii("..\n...")
    with pytest.raises(ValueError, match="row 1, column 2: unknown map character '\\?'"):
        BattleGrid.from_ascii(".?")


def test_unknown_character_is_reported_at_its_first_place() -> None:
    """The first unknown character in reading order names its row and column."""
    with pytest.raises(ValueError, match="row 2, column 3: unknown map character 'X'"):
        BattleGrid.from_ascii("....\n..XY\nY...")


# Legend kinds that set every layer a FieldKind has, beside the default legend.
KINDS = {
    "G": FieldKind(wall=True, see_through=True, cover=Cover.FULL),  # a pane of glass
    "Z": FieldKind(terrain=Terrain.MUD, terrain_target=12, difficult=True, hazard=True, smoke=True),
    "C": FieldKind(terrain=Terrain.CLIMB, difficult=True, terrain_target=20),
}


def test_legend_kinds_set_every_layer() -> None:
    """D-9, D-10, E-OPEN-42: see-through walls, ZW per field and the other layers."""
    grid = BattleGrid.from_ascii("GZ.\nC#/", KINDS)
    assert grid.is_wall((0, 0)) and not grid.blocks_sight_at((0, 0))
    assert grid.cover_at((0, 0)) is Cover.FULL
    assert grid.terrain_at((1, 0)) is Terrain.MUD and grid.terrain_target_at((1, 0)) == 12
    assert grid.is_hazard((1, 0)) and grid.smoke[0, 1] and grid.step_cost((1, 0)) == 2
    assert grid.terrain_target_at((0, 1)) == 20 and grid.terrain_target_at((2, 0)) == 15
    assert grid.blocks_sight_at((1, 1)) and not grid.see_through[1, 1]
    assert grid.is_door_open((2, 1))


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 8).flatmap(
        lambda width: st.lists(
            st.text(alphabet="".join([*DEFAULT_LEGEND, *KINDS]), min_size=width, max_size=width),
            min_size=1,
            max_size=8,
        )
    )
)
def test_from_ascii_matches_the_legend_field_by_field(rows: list[str]) -> None:
    """D-9, D-10, E-OPEN-42: every layer of every field is what its character's kind says."""
    grid = BattleGrid.from_ascii("\n".join(rows), KINDS)
    kinds = {**DEFAULT_LEGEND, **KINDS}
    expected_sight = {"#": True, "+": True, "G": False}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            kind = kinds[char]
            assert bool(grid.wall[y, x]) == kind.wall
            assert bool(grid.see_through[y, x]) == kind.see_through
            assert bool(grid.door[y, x]) == kind.door
            assert bool(grid.door_open[y, x]) == kind.door_open
            assert bool(grid.difficult[y, x]) == kind.difficult
            assert bool(grid.smoke[y, x]) == kind.smoke
            assert bool(grid.hazard[y, x]) == kind.hazard
            assert grid.cover_at((x, y)) is kind.cover
            assert grid.terrain_at((x, y)) is kind.terrain
            assert grid.terrain_target_at((x, y)) == kind.terrain_target
            assert grid.blocks_sight_at((x, y)) == expected_sight.get(char, False)


def test_from_arrays_checks_shapes() -> None:
    walls = np.zeros((3, 5), dtype=bool)
    grid = BattleGrid.from_arrays(walls, difficult=np.ones((3, 5), dtype=bool))
    assert grid.step_cost((4, 2)) == 2
    with pytest.raises(ValueError, match="difficult has shape"):
        BattleGrid.from_arrays(walls, difficult=np.ones((5, 3), dtype=bool))
    with pytest.raises(ValueError, match="unknown terrain"):
        BattleGrid.from_arrays(walls, terrain=np.full((3, 5), 99))


def test_bounds() -> None:
    grid = BattleGrid.open(3, 2)
    assert grid.in_bounds((2, 1)) and not grid.in_bounds((3, 0)) and not grid.in_bounds((0, -1))
    with pytest.raises(IndexError, match="outside"):
        grid.is_wall((5, 5))


def test_ascii_round_trip() -> None:
    grid = BattleGrid.from_ascii(LEGEND_MAP)
    assert grid.to_ascii() == LEGEND_MAP.strip()
    copy = grid.copy()
    copy.set_door_open((2, 1), True)
    assert grid.is_wall((2, 1))


def test_terrain_target_defaults_to_15() -> None:
    """E-TERRAIN-ROLL-1 (E-OPEN-42): every terrain field has a ZW, default 15."""
    grid = BattleGrid.from_ascii(":")
    assert grid.terrain_target_at((0, 0)) == DEFAULT_TERRAIN_TARGET == 15


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [((0, 0), (0, 0), 0), ((0, 0), (1, 1), 1), ((0, 0), (3, 1), 3), ((2, 5), (-1, 1), 4)],
)
def test_d1_distance_is_chebyshev(a: tuple[int, int], b: tuple[int, int], expected: int) -> None:
    """D-1, E-MOVE-2: a diagonal step is one field, like a straight one."""
    assert distance(a, b) == expected


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
    st.tuples(st.integers(-50, 50), st.integers(-50, 50)),
)
def test_d1_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int]) -> None:
    """D-1: symmetric, zero only on the same field."""
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


def test_footprints() -> None:
    """E-SIZE-1: a creature of side 2 occupies four fields; distance between nearest fields."""
    assert footprint_cells((3, 4), 2) == [(3, 4), (4, 4), (3, 5), (4, 5)]
    assert footprint_distance((0, 0), (3, 0), side_a=2) == 2
    assert footprint_distance((0, 0), (2, 2), side_a=2) == 1
    assert footprint_distance((5, 5), (0, 0), side_b=3) == 3
    with pytest.raises(ValueError):
        footprint_cells((0, 0), 0)


def test_see_through_walls_block_movement_not_sight() -> None:
    """D-9, D-10: a glass pane is a wall for movement and clear for line of sight."""
    walls = np.zeros((1, 3), dtype=bool)
    walls[0, 1] = True
    glass = np.zeros((1, 3), dtype=bool)
    glass[0, 1] = True
    grid = BattleGrid.from_arrays(walls, see_through=glass)
    assert grid.is_wall((1, 0)) and not grid.blocks_sight_at((1, 0))
    copy = grid.copy()
    assert copy.is_wall((1, 0)) and not copy.blocks_sight_at((1, 0))
    plain = BattleGrid.from_arrays(np.zeros((1, 3), dtype=bool), see_through=glass)
    assert not plain.see_through.any()  # only walls can be see-through
