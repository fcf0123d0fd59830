"""Line of sight and cover (D-9, E-COVER-1..5, E-OPEN-15, E-IMP-EFF-COVER, E-UNFORESEEN-1)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from game.board import grid as grid_module
from game.board.grid import BattleGrid
from game.board.sight import (
    Cover,
    _crossed_arrays,
    _crossed_list,
    best_cover,
    cover,
    fields_on_line,
    line_of_sight,
    line_of_sight_footprints,
    visible_cells,
)
from game.rulesets.entaria.rules.cover import CoverBonus, cover_bonus
from game.rulesets.entaria.rules.terms import ArmorCategory


def test_cover_is_the_grid_enum() -> None:
    """The sight module re-exports the grid's Cover (DESIGN.md public API)."""
    assert Cover is grid_module.Cover
    assert [c.name for c in Cover] == ["NONE", "PARTIAL", "FULL"]


# ------------------------------------------------------------------ blocking
@pytest.mark.rule("D-9")
def test_walls_block_sight() -> None:
    grid = BattleGrid.from_ascii(
        """
        .....
        ..#..
        .....
        """.replace(" ", "")
    )
    assert not line_of_sight(grid, (0, 1), (4, 1))
    assert not line_of_sight(grid, (2, 0), (2, 2))
    assert line_of_sight(grid, (0, 0), (4, 0))
    assert line_of_sight(grid, (0, 2), (4, 2))


@pytest.mark.rule("D-9")
def test_closed_doors_block_open_doors_do_not() -> None:
    grid = BattleGrid.from_ascii(".+.\n./.")
    assert not line_of_sight(grid, (0, 0), (2, 0))
    assert line_of_sight(grid, (0, 1), (2, 1))
    grid.set_door_open((1, 0), True)
    assert line_of_sight(grid, (0, 0), (2, 0))
    assert visible_cells(grid, (0, 0))[0, 2]
    grid.set_door_open((1, 1), False)
    assert not line_of_sight(grid, (0, 1), (2, 1))
    assert not visible_cells(grid, (0, 1))[1, 2]


@pytest.mark.rule("D-9", "E-COVER-1")
def test_creatures_low_obstacles_and_smoke_do_not_block() -> None:
    """They give cover instead (E-COVER-1), never block sight (D-9)."""
    grid = BattleGrid.from_ascii(".=%..")
    creatures = [(3, 0)]
    assert line_of_sight(grid, (0, 0), (4, 0), creatures=creatures)
    assert visible_cells(grid, (0, 0), creatures=creatures).all()
    assert cover(grid, (0, 0), (4, 0), creatures=creatures) is Cover.FULL
    assert cover(grid, (0, 0), (2, 0), creatures=creatures) is Cover.PARTIAL
    assert cover(grid, (2, 0), (4, 0), creatures=creatures) is Cover.PARTIAL


@pytest.mark.rule("D-9")
def test_a_field_sees_itself_and_its_neighbours() -> None:
    grid = BattleGrid.from_ascii("###\n#.#\n###")
    assert line_of_sight(grid, (1, 1), (1, 1))
    mask = visible_cells(grid, (1, 1))
    assert mask.all()  # the end fields never block: the walls around are seen


@pytest.mark.rule("D-9")
def test_end_fields_never_block() -> None:
    """A wall field is seen when the line to it is clear, and sees back (symmetry)."""
    grid = BattleGrid.from_ascii("...#.")
    assert line_of_sight(grid, (0, 0), (3, 0))
    assert line_of_sight(grid, (3, 0), (0, 0))
    assert not line_of_sight(grid, (0, 0), (4, 0))
    assert visible_cells(grid, (0, 0)).tolist() == [[True, True, True, True, False]]


@pytest.mark.rule("D-9")
def test_line_through_the_tip_between_wall_and_floor_is_clear() -> None:
    """A=(0,0) to B=(2,1) passes exactly between (1,0) and (1,1) at depth 1."""
    grid = BattleGrid.from_ascii(".#.\n...")
    assert line_of_sight(grid, (0, 0), (2, 1))
    assert line_of_sight(grid, (2, 1), (0, 0))
    grid = BattleGrid.from_ascii("...\n.#.")
    assert line_of_sight(grid, (0, 0), (2, 1))
    assert visible_cells(grid, (0, 0))[1, 2]


@pytest.mark.rule("D-9")
def test_line_through_the_seam_between_two_walls_is_blocked() -> None:
    grid = BattleGrid.from_ascii(".#.\n.#.")
    assert not line_of_sight(grid, (0, 0), (2, 1))
    assert not line_of_sight(grid, (2, 1), (0, 0))
    assert not visible_cells(grid, (0, 0))[1, 2]
    # A closed door next to a wall forms the same seam.
    grid = BattleGrid.from_ascii(".#.\n.+.")
    assert not line_of_sight(grid, (0, 0), (2, 1))


@pytest.mark.rule("D-9")
def test_diagonal_gap_between_corner_walls_is_clear() -> None:
    """The shadowcasting convention: two walls touching only at a corner let sight pass."""
    grid = BattleGrid.from_ascii(".#\n#.")
    assert line_of_sight(grid, (0, 0), (1, 1))
    assert visible_cells(grid, (0, 0))[1, 1]
    grid = BattleGrid.from_ascii(".#.\n#..\n...")
    assert line_of_sight(grid, (0, 0), (2, 2))
    grid = BattleGrid.from_ascii("...\n.#.\n...")
    assert not line_of_sight(grid, (0, 0), (2, 2))  # the diagonal's own field blocks


@pytest.mark.rule("D-9")
def test_line_passing_beside_a_wall() -> None:
    """A=(0,0) to B=(3,1): at depth 1 the line is at offset 1/3, inside field (1,0)."""
    grid = BattleGrid.from_ascii("....\n.#..")
    assert line_of_sight(grid, (0, 0), (3, 1))
    grid = BattleGrid.from_ascii(".#..\n....")
    assert not line_of_sight(grid, (0, 0), (3, 1))
    grid = BattleGrid.from_ascii("....\n..#.")
    assert not line_of_sight(grid, (0, 0), (3, 1))  # depth 2: offset 2/3, inside (2,1)


@pytest.mark.rule("D-9", "E-UNFORESEEN-1")
def test_sight_is_symmetric_around_a_corner() -> None:
    """Whether the target can see the attacker (E-UNFORESEEN-1) is the same question
    as whether the attacker sees the target (D-9)."""
    grid = BattleGrid.from_ascii(
        """
        ......
        ..###.
        ..#...
        ......
        """.replace(" ", "")
    )
    for a in grid.cells():
        for b in grid.cells():
            assert line_of_sight(grid, a, b) == line_of_sight(grid, b, a)
    attacker, target = (3, 2), (1, 0)
    assert not line_of_sight(grid, target, attacker)
    assert not line_of_sight(grid, attacker, target)


def test_fields_outside_the_map_raise_index_error() -> None:
    grid = BattleGrid.open(3, 2)
    with pytest.raises(IndexError, match=r"second field \(3, 0\) is outside the 3×2 map"):
        line_of_sight(grid, (0, 0), (3, 0))
    with pytest.raises(IndexError, match="origin"):
        visible_cells(grid, (0, -1))
    with pytest.raises(IndexError, match="target"):
        cover(grid, (0, 0), (0, 2))
    with pytest.raises(IndexError, match="attacker"):
        cover(grid, (-1, 0), (0, 0))
    with pytest.raises(IndexError):
        line_of_sight_footprints(grid, [(0, 0)], [(5, 5)])


@pytest.mark.rule("D-9")
def test_visible_cells_shape_dtype_and_open_map() -> None:
    grid = BattleGrid.open(7, 4)
    mask = visible_cells(grid, (6, 3))
    assert mask.shape == (4, 7) and mask.dtype == np.bool_ and mask.all()


@pytest.mark.rule("D-9")
def test_visible_cells_room_behind_a_wall() -> None:
    grid = BattleGrid.from_ascii(
        """
        .....#...
        .....#...
        .....+...
        .....#...
        """.replace(" ", "")
    )
    mask = visible_cells(grid, (0, 0))
    assert mask[:, :6].all()  # the whole room and its wall (closed door included)
    assert not mask[:, 6:].any()
    grid.set_door_open((5, 2), True)
    mask = visible_cells(grid, (0, 0))
    assert mask[2, 6] and mask[3, 8]  # through the open door
    assert not mask[0, 8]
    for cell in grid.cells():
        assert mask[cell[1], cell[0]] == line_of_sight(grid, (0, 0), cell)


@pytest.mark.rule("D-9")
def test_visible_cells_agrees_with_line_of_sight_on_larger_maps() -> None:
    """Long lines (beyond the pairwise loop's first depths) and origins near the edges."""
    rng = np.random.default_rng(20260)
    for density in (0.02, 0.08, 0.2):
        walls = rng.random((45, 60)) < density
        grid = BattleGrid.from_arrays(walls)
        for origin in ((0, 0), (59, 44), (30, 22), (3, 40)):
            mask = visible_cells(grid, origin)
            for cell in grid.cells():
                assert mask[cell[1], cell[0]] == line_of_sight(grid, origin, cell), (
                    density,
                    origin,
                    cell,
                )


@pytest.mark.rule("D-9")
def test_long_lines_decide_seams_exactly() -> None:
    """Far depths of a long line: a seam between two walls blocks, a tip does not."""
    walls = np.zeros((3, 301), dtype=bool)
    # From (0,0) to (300,1) the line crosses the seam y=0.5 at depth 150.
    assert line_of_sight(BattleGrid.from_arrays(walls), (0, 0), (300, 1))
    for side in (0, 1):
        tip = walls.copy()
        tip[side, 150] = True
        assert line_of_sight(BattleGrid.from_arrays(tip), (0, 0), (300, 1))
        assert line_of_sight(BattleGrid.from_arrays(tip), (300, 1), (0, 0))
        assert line_of_sight(BattleGrid.from_arrays(tip.T), (0, 0), (1, 300))
    walls[0, 150] = walls[1, 150] = True
    assert not line_of_sight(BattleGrid.from_arrays(walls), (0, 0), (300, 1))
    assert not line_of_sight(BattleGrid.from_arrays(walls), (300, 1), (0, 0))
    assert not line_of_sight(BattleGrid.from_arrays(walls.T), (0, 0), (1, 300))
    walls = np.zeros((3, 301), dtype=bool)
    walls[1, 299] = True  # offset 299/300, inside field (299, 1)
    assert not line_of_sight(BattleGrid.from_arrays(walls), (0, 0), (300, 1))
    assert not visible_cells(BattleGrid.from_arrays(walls), (0, 0))[1, 300]


@pytest.mark.rule("D-9")
def test_very_long_lines_agree_with_visible_cells() -> None:
    """Lines longer than the pairwise loop's first depths, with many wall pairs."""
    rng = np.random.default_rng(4242)
    walls = rng.random((24, 320)) < 0.004
    walls[:-1] |= walls[1:] & (rng.random((23, 320)) < 0.5)  # seams
    grid = BattleGrid.from_arrays(walls)
    for origin in ((0, 11), (319, 0)):
        mask = visible_cells(grid, origin)
        assert 0 < mask.sum() < grid.width * grid.height
        for cell in grid.cells():
            assert mask[cell[1], cell[0]] == line_of_sight(grid, origin, cell), (origin, cell)


@pytest.mark.rule("D-9")
def test_footprints_see_each_other_when_any_fields_do() -> None:
    grid = BattleGrid.from_ascii(
        """
        ......
        .####.
        .####.
        ......
        """.replace(" ", "")
    )
    big = [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert line_of_sight_footprints(grid, big, [(5, 0)])
    assert not line_of_sight_footprints(grid, [(0, 2)], [(5, 2)])
    assert not line_of_sight_footprints(grid, [(0, 2)], [(5, 1), (5, 2)])
    assert line_of_sight_footprints(grid, [(0, 2), (0, 3)], [(5, 2), (5, 3)])  # bottom row
    assert line_of_sight_footprints(grid, [(2, 0)], [(2, 0), (3, 0)])  # a shared field
    with pytest.raises(ValueError, match="at least one field"):
        line_of_sight_footprints(grid, [], [(0, 0)])


# ------------------------------------------------------------------ fields on the line
def test_fields_on_line_straight_diagonal_and_tip() -> None:
    assert fields_on_line((0, 0), (3, 0)) == [(1, 0), (2, 0)]
    assert fields_on_line((0, 3), (0, 0)) == [(0, 2), (0, 1)]
    assert fields_on_line((0, 0), (3, 3)) == [(1, 1), (2, 2)]  # corners only touch
    assert fields_on_line((0, 0), (2, 1)) == [(1, 0), (1, 1)]  # through the tip
    assert fields_on_line((2, 1), (0, 0)) == [(1, 1), (1, 0)]
    assert fields_on_line((0, 0), (3, 1)) == [(1, 0), (2, 1)]
    assert fields_on_line((0, 0), (1, 1)) == []
    assert fields_on_line((4, 4), (4, 4)) == []
    assert fields_on_line((0, 0), (1, 3)) == [(0, 1), (1, 2)]


def test_fields_on_line_long_and_short_paths_agree() -> None:
    """The vectorised path for long lines gives the same fields in the same order."""
    rng = np.random.default_rng(7)
    for _ in range(200):
        a = (int(rng.integers(-100, 100)), int(rng.integers(-100, 100)))
        b = (int(rng.integers(-100, 100)), int(rng.integers(-100, 100)))
        line = fields_on_line(a, b)
        xs, ys = _crossed_arrays(*a, *b)
        assert list(zip(xs.tolist(), ys.tolist(), strict=True)) == line == _crossed_list(*a, *b)
        assert set(line) == set(fields_on_line(b, a))
        assert a not in line and b not in line
        # Consecutive fields touch along an edge or are one primary step apart.
        for (x1, y1), (x2, y2) in itertools.pairwise(line):
            assert max(abs(x1 - x2), abs(y1 - y2)) == 1


# ------------------------------------------------------------------ cover
@pytest.mark.rule("E-COVER-1", "E-OPEN-15")
def test_low_obstacle_gives_partial_cover() -> None:
    grid = BattleGrid.from_ascii("..=..")
    assert cover(grid, (0, 0), (4, 0)) is Cover.PARTIAL
    assert cover(grid, (4, 0), (0, 0)) is Cover.PARTIAL
    assert cover(grid, (0, 0), (1, 0)) is Cover.NONE


@pytest.mark.rule("E-COVER-1", "E-OPEN-15")
def test_smoke_gives_full_cover() -> None:
    grid = BattleGrid.from_ascii("..%..\n.....")
    assert cover(grid, (0, 0), (4, 0)) is Cover.FULL
    assert cover(grid, (0, 1), (4, 1)) is Cover.NONE


@pytest.mark.rule("E-COVER-1", "E-OPEN-15")
def test_creatures_in_the_line_give_partial_cover() -> None:
    grid = BattleGrid.open(6, 4)
    assert cover(grid, (0, 0), (5, 0), creatures=[(3, 0)]) is Cover.PARTIAL
    assert cover(grid, (0, 0), (5, 0), creatures={(3, 1)}) is Cover.NONE
    assert cover(grid, (0, 0), (5, 0), creatures=frozenset({(2, 0), (3, 0)})) is Cover.PARTIAL
    assert cover(grid, (0, 0), (5, 0), creatures=iter([(3, 0)])) is Cover.PARTIAL
    numpy_cells = [(np.int64(3), np.int64(0))]  # e.g. straight from np.argwhere
    assert cover(grid, (0, 0), (5, 0), creatures=numpy_cells) is Cover.PARTIAL  # type: ignore[arg-type]
    # Diagonal: a creature touched only at a corner does not cover.
    assert cover(grid, (0, 0), (3, 3), creatures=[(1, 0), (0, 1), (2, 1)]) is Cover.NONE
    assert cover(grid, (0, 0), (3, 3), creatures=[(2, 2)]) is Cover.PARTIAL
    # Through the tip between (1,0) and (1,1) the line crosses both fields.
    assert cover(grid, (0, 0), (2, 1), creatures=[(1, 1)]) is Cover.PARTIAL
    assert cover(grid, (0, 0), (2, 1), creatures=[(1, 0)]) is Cover.PARTIAL


@pytest.mark.rule("E-OPEN-15")
def test_the_end_fields_give_no_cover() -> None:
    """Attacker and target fields are left out, even on a low obstacle or in smoke."""
    grid = BattleGrid.from_ascii("=..%")
    assert cover(grid, (0, 0), (3, 0)) is Cover.NONE
    assert cover(grid, (3, 0), (0, 0)) is Cover.NONE
    assert cover(grid, (0, 0), (3, 0), creatures=[(0, 0), (3, 0)]) is Cover.NONE
    assert cover(grid, (1, 0), (2, 0), creatures=[(1, 0), (2, 0)]) is Cover.NONE


@pytest.mark.rule("E-COVER-2", "E-OPEN-15")
def test_several_things_in_the_line_give_the_best_not_the_sum() -> None:
    grid = BattleGrid.from_ascii(".==.=.")
    assert cover(grid, (0, 0), (5, 0), creatures=[(3, 0)]) is Cover.PARTIAL
    grid = BattleGrid.from_ascii(".=%=..")
    assert cover(grid, (0, 0), (5, 0), creatures=[(4, 0)]) is Cover.FULL


@pytest.mark.rule("D-9", "E-OPEN-15")
def test_no_line_of_sight_means_no_cover_value() -> None:
    grid = BattleGrid.from_ascii("..#..")
    assert cover(grid, (0, 0), (4, 0)) is None
    assert cover(grid, (0, 0), (4, 0), granted=Cover.PARTIAL) is None


@pytest.mark.rule("E-IMP-EFF-COVER")
def test_impulse_cover_where_the_map_gives_none() -> None:
    grid = BattleGrid.from_ascii(".....\n..%..")
    assert cover(grid, (0, 0), (4, 0), granted=Cover.PARTIAL) is Cover.PARTIAL
    assert cover(grid, (0, 1), (4, 1), granted=Cover.PARTIAL) is Cover.FULL  # the best
    assert best_cover(Cover.NONE, Cover.PARTIAL) is Cover.PARTIAL


@pytest.mark.rule("E-COVER-2")
def test_best_cover() -> None:
    assert best_cover() is Cover.NONE
    assert best_cover(Cover.PARTIAL, Cover.PARTIAL) is Cover.PARTIAL
    assert best_cover(Cover.PARTIAL, Cover.FULL, Cover.NONE) is Cover.FULL


@pytest.mark.rule("E-COVER-1", "E-OPEN-15")
def test_cover_on_long_lines_and_crowded_maps() -> None:
    """Many cover fields and creatures in the box: the same answer as walking the line."""
    rng = np.random.default_rng(99)
    levels = rng.choice([0, 0, 0, 1, 2], size=(60, 90))
    walls = (rng.random((60, 90)) < 0.02) & (levels == 0)
    grid = BattleGrid.from_arrays(walls, cover=levels)
    free = np.argwhere(~walls)
    creatures = [(int(x), int(y)) for y, x in free[rng.choice(len(free), 600, replace=False)]]
    occupied = set(creatures)
    for _ in range(300):
        a = (int(rng.integers(90)), int(rng.integers(60)))
        b = (int(rng.integers(90)), int(rng.integers(60)))
        for crowd in ((), creatures[:5], creatures):
            got = cover(grid, a, b, creatures=crowd)
            if not line_of_sight(grid, a, b):
                assert got is None
                continue
            expected = Cover.NONE
            for x, y in fields_on_line(a, b):
                level = Cover(int(levels[y, x]))
                if (x, y) in set(crowd) and level < Cover.PARTIAL:
                    level = Cover.PARTIAL
                expected = max(expected, level)
            assert got is expected, (a, b, len(crowd))
    assert occupied  # the crowded case really had creatures


# ------------------------------------------------------------------ bonuses
@pytest.mark.rule("E-COVER-3")
def test_partial_cover_bonus() -> None:
    assert cover_bonus(Cover.PARTIAL) == CoverBonus(dodge=2, armour=2, attacker_edge=0)


@pytest.mark.rule("E-COVER-4")
def test_full_cover_bonus_and_attacker_disadvantage() -> None:
    bonus = cover_bonus(Cover.FULL)
    assert (bonus.dodge, bonus.armour, bonus.attacker_edge) == (5, 5, -1)


def test_no_cover_no_bonus() -> None:
    assert cover_bonus(Cover.NONE) == CoverBonus(0, 0, 0)
    assert cover_bonus(0) == CoverBonus(0, 0, 0)  # type: ignore[arg-type]


@pytest.mark.rule("E-COVER-5", "E-ARMOR-CAT-COVER")
def test_cover_armour_is_deckungspanzerung() -> None:
    for level in Cover:
        assert cover_bonus(level).category is ArmorCategory.COVER
    with pytest.raises(AttributeError):
        cover_bonus(Cover.FULL).armour = 9  # type: ignore[misc]
