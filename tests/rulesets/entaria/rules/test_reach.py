"""Melee reach (E-REACH-*, E-MELEE-2) and what depends on it: disturbed shots, sweeps, help."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.grid import distance
from game.rulesets.entaria.rules.reach import (
    DISTURBED_EDGE,
    MAX_SWEEP_TARGETS,
    MeleeThreat,
    can_help,
    can_irritate,
    can_melee_attack,
    disturbance_edge,
    in_melee_reach,
    is_ranged_attack_disturbed,
    melee_reach_cells,
    mounted_melee_reach,
    reach_mask,
    sweep_allowed,
    sweep_targets_allowed,
)
from game.rulesets.entaria.rules.terms import Condition


@pytest.mark.rule("E-REACH-2", "D-1")
def test_reach_is_the_eight_neighbours() -> None:
    """E-REACH-2: horizontal, vertical and diagonal neighbours, 8 for a 1-field creature."""
    cells = melee_reach_cells((3, 3))
    assert len(cells) == 8 and (3, 3) not in cells
    assert cells == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)} - {(3, 3)}


@pytest.mark.rule("E-REACH-3")
def test_longer_reach_and_larger_creatures() -> None:
    """E-REACH-3: Distanz weapons and large creatures reach further (input data)."""
    assert len(melee_reach_cells((0, 0), reach=2)) == 24
    big = melee_reach_cells((0, 0), side=2)
    assert len(big) == 12 and not big & {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert (2, 2) in big and (-1, -1) in big and (3, 0) not in big
    assert melee_reach_cells((0, 0), reach=0) == set()
    with pytest.raises(ValueError):
        melee_reach_cells((0, 0), side=0)
    with pytest.raises(ValueError):
        melee_reach_cells((0, 0), reach=-1)


@pytest.mark.rule("E-MELEE-2", "E-REACH-2")
def test_target_must_be_adjacent() -> None:
    """E-MELEE-2: the target must be on an adjacent field."""
    assert in_melee_reach((3, 3), (4, 4))
    assert in_melee_reach((3, 3), (3, 2))
    assert not in_melee_reach((3, 3), (5, 3))
    assert not in_melee_reach((3, 3), (3, 3))  # the same field is no target


@pytest.mark.rule("E-REACH-3", "E-SIZE-1", "E-OPEN-14")
def test_reach_between_footprints_uses_nearest_fields() -> None:
    assert in_melee_reach((3, 3), (5, 3), reach=2)
    assert not in_melee_reach((3, 3), (6, 3), reach=2)
    # A 2x2 attacker at (0,0) covers (0..1, 0..1); a target at (2,2) is adjacent.
    assert in_melee_reach((0, 0), (2, 2), attacker_side=2)
    assert not in_melee_reach((0, 0), (3, 2), attacker_side=2)
    assert in_melee_reach((2, 0), (0, 0), target_side=2)
    assert not in_melee_reach((3, 0), (0, 0), target_side=2)
    assert not in_melee_reach((1, 1), (0, 0), target_side=2)  # overlapping


@pytest.mark.rule("E-REACH-2", "E-REACH-3")
def test_reach_mask_for_the_screen() -> None:
    mask = reach_mask((5, 6), (0, 0))
    assert mask.shape == (5, 6) and mask.dtype == np.bool_
    assert {(int(x), int(y)) for y, x in np.argwhere(mask)} == {(1, 0), (0, 1), (1, 1)}
    mask = reach_mask((10, 10), (4, 4), side=2, reach=2)
    expected = melee_reach_cells((4, 4), side=2, reach=2)
    assert {(int(x), int(y)) for y, x in np.argwhere(mask)} == expected


@pytest.mark.rule("E-REACH-1")
def test_unconscious_creatures_do_not_attack() -> None:
    """E-REACH-1: every creature without Bewusstlos can attack enemies within reach."""
    assert can_melee_attack((0, 0), (1, 1))
    assert can_melee_attack((0, 0), (1, 1), conditions={Condition.PRONE})
    assert not can_melee_attack((0, 0), (1, 1), conditions={Condition.UNCONSCIOUS})
    assert not can_melee_attack((0, 0), (2, 2))
    assert can_melee_attack((0, 0), (2, 2), reach=2)


@pytest.mark.rule("E-DISTURB-1", "E-OPEN-17")
def test_enemy_within_reach_disturbs_a_ranged_attack() -> None:
    """E-DISTURB-1: an enemy in melee reach gives Abgelenkt (Nachteil) on the shot."""
    shooter = (5, 5)
    assert is_ranged_attack_disturbed(shooter, [MeleeThreat((6, 6))])
    assert disturbance_edge(shooter, [MeleeThreat((6, 6))]) == DISTURBED_EDGE == -1
    assert disturbance_edge(shooter, [MeleeThreat((7, 5))]) == 0
    assert disturbance_edge(shooter, []) == 0
    # Several enemies still give one Abgelenkt.
    assert disturbance_edge(shooter, [MeleeThreat((4, 4)), MeleeThreat((6, 6))]) == -1


@pytest.mark.rule("E-DISTURB-1", "E-OPEN-17", "E-REACH-3")
def test_disturbance_counts_each_enemys_own_reach_and_capacity() -> None:
    """E-OPEN-17: count enemies not Handlungsunfähig whose reach includes the shooter."""
    shooter = (5, 5)
    assert disturbance_edge(shooter, [MeleeThreat((7, 5), reach=2)]) == -1
    assert disturbance_edge(shooter, [MeleeThreat((6, 5), incapacitated=True)]) == 0
    assert disturbance_edge(shooter, [((6, 5), 1, 1, False)]) == -1  # plain records
    assert disturbance_edge(shooter, [((7, 7), 2, 1, False)]) == 0
    assert disturbance_edge(shooter, [((6, 6), 2, 1, False)]) == -1
    assert disturbance_edge((0, 0), [MeleeThreat((2, 2))], shooter_side=2) == -1


@pytest.mark.rule("E-ACT-VH-RUNDUM")
def test_sweep_attacks_up_to_four_enemies_in_reach() -> None:
    assert MAX_SWEEP_TARGETS == 4
    assert [sweep_targets_allowed(n) for n in range(6)] == [False, True, True, True, True, False]
    around = [(4, 4), (5, 4), (6, 4), (4, 5)]
    assert sweep_allowed((5, 5), around)
    assert not sweep_allowed((5, 5), [*around, (6, 6)])
    assert not sweep_allowed((5, 5), [(4, 4), (7, 5)])


@pytest.mark.rule("E-ACT-VH-HELFEN", "E-ACT-HH-IRRITIEREN")
def test_help_and_irritate_need_melee_reach() -> None:
    assert can_help((0, 0), (1, 0)) and not can_help((0, 0), (2, 0))
    assert can_help((0, 0), (2, 0), reach=2)
    assert can_irritate((3, 3), (2, 4)) and not can_irritate((3, 3), (3, 5))
    assert can_irritate((0, 0), (2, 1), actor_side=2)


@pytest.mark.rule("E-MOUNT-12", "E-REACH-3")
def test_a_rider_needs_a_weapon_long_enough_to_reach() -> None:
    """E-MOUNT-12: measured from the rider's field on a 2x2 mount at (0,0)."""
    assert mounted_melee_reach((0, 0), (0, 2), mount=(0, 0), mount_side=2) is False
    assert mounted_melee_reach((0, 0), (0, 2), mount=(0, 0), mount_side=2, weapon_reach=2)
    assert mounted_melee_reach((1, 1), (2, 2), mount=(0, 0), mount_side=2)
    with pytest.raises(ValueError, match="not on the mount"):
        mounted_melee_reach((3, 3), (4, 4), mount=(0, 0), mount_side=2)
    with pytest.raises(ValueError, match="overlaps"):
        mounted_melee_reach((0, 0), (1, 1), mount=(0, 0), mount_side=2)


cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@pytest.mark.rule("E-REACH-2", "E-REACH-3", "D-1")
@settings(max_examples=200, deadline=None)
@given(a=cells, b=cells, reach=st.integers(0, 4), side=st.integers(1, 3))
def test_reach_cells_and_in_reach_agree(
    a: tuple[int, int], b: tuple[int, int], reach: int, side: int
) -> None:
    assert (b in melee_reach_cells(a, side=side, reach=reach)) == in_melee_reach(
        a, b, attacker_side=side, reach=reach
    )
    # For equal sizes and reach, reach is symmetric.
    assert in_melee_reach(a, b, reach=reach) == in_melee_reach(b, a, reach=reach)
    if side == 1:
        assert in_melee_reach(a, b, reach=reach) == (1 <= distance(a, b) <= reach)


@pytest.mark.rule("E-REACH-2")
@settings(max_examples=100, deadline=None)
@given(
    x=st.integers(-3, 12),
    y=st.integers(-3, 12),
    side=st.integers(1, 3),
    reach=st.integers(0, 3),
)
def test_reach_mask_is_the_clipped_cell_set(x: int, y: int, side: int, reach: int) -> None:
    mask = reach_mask((8, 10), (x, y), side=side, reach=reach)
    expected = {
        (cx, cy)
        for cx, cy in melee_reach_cells((x, y), side=side, reach=reach)
        if 0 <= cx < 10 and 0 <= cy < 8
    }
    assert {(int(cx), int(cy)) for cy, cx in np.argwhere(mask)} == expected
