"""Range bands and their edges (D-1, D-2, E-RANGE-*, E-UNDERWATER-*, E-ACT-VH-DISTANZ-3)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid
from game.rulesets.entaria.rules.ranges import (
    MAX_RANGE,
    RangeBand,
    area_weapon_usable_underwater,
    band_for_cells,
    can_fire_at,
    long_shot_edge,
    range_band,
    ranged_attack_edge,
    underwater_bands,
    underwater_edge,
)
from game.rulesets.entaria.rules.scatter import throw_at_field

B = RangeBand
ALL = frozenset(RangeBand)


# ---------------------------------------------------------------- the five bands
@pytest.mark.rule("E-RANGE-1")
def test_five_bands_nearest_first() -> None:
    assert list(RangeBand) == [B.POINT_BLANK, B.NEAR, B.MEDIUM, B.LONG, B.EXTREME]
    assert [band.german for band in RangeBand] == ["Kernschuss", "Nah", "Mittel", "Weit", "Extrem"]
    assert B.POINT_BLANK < B.NEAR < B.MEDIUM < B.LONG < B.EXTREME


@pytest.mark.rule("E-RANGE-1")
def test_bands_tile_one_to_a_thousand_without_gaps() -> None:
    bands = list(RangeBand)
    assert bands[0].low == 1 and bands[-1].high == MAX_RANGE == 1000
    for nearer, farther in pairwise(bands):
        assert farther.low == nearer.high + 1


@pytest.mark.rule("E-RANGE-KERN")
def test_point_blank_is_one_field_with_nachteil() -> None:
    assert range_band(1) is B.POINT_BLANK
    assert (B.POINT_BLANK.low, B.POINT_BLANK.high) == (1, 1)
    assert B.POINT_BLANK.edge == -1


@pytest.mark.rule("E-RANGE-NAH")
@pytest.mark.parametrize("fields", [2, 3, 4])
def test_near_is_two_to_four_fields_normal(fields: int) -> None:
    assert range_band(fields) is B.NEAR
    assert B.NEAR.edge == 0


@pytest.mark.rule("E-RANGE-MITTEL")
@pytest.mark.parametrize("fields", [5, 12, 20])
def test_medium_is_five_to_twenty_fields_normal(fields: int) -> None:
    assert range_band(fields) is B.MEDIUM
    assert B.MEDIUM.edge == 0


@pytest.mark.rule("E-RANGE-WEIT")
@pytest.mark.parametrize("fields", [21, 60, 100])
def test_long_is_21_to_100_fields_with_nachteil(fields: int) -> None:
    assert range_band(fields) is B.LONG
    assert B.LONG.edge == -1


@pytest.mark.rule("E-RANGE-EXTREM", "D-2", "E-OPEN-1")
@pytest.mark.parametrize("fields", [101, 500, 1000])
def test_extreme_is_101_to_1000_fields_with_two_nachteile(fields: int) -> None:
    """ "Zweimal Nachteil" counts as edge -2 (D-2, E-OPEN-1 reading A)."""
    assert range_band(fields) is B.EXTREME
    assert B.EXTREME.edge == -2


@pytest.mark.rule("E-RANGE-1")
def test_no_band_for_own_field_or_beyond_a_thousand() -> None:
    assert range_band(0) is None
    assert range_band(1001) is None
    assert range_band(10**6) is None


@pytest.mark.rule("E-RANGE-1")
def test_negative_distance_is_refused() -> None:
    with pytest.raises(ValueError):
        range_band(-1)
    with pytest.raises(TypeError):
        range_band(2.5)  # type: ignore[arg-type]


@pytest.mark.rule("E-RANGE-1", "E-RANGE-KERN", "E-RANGE-NAH", "E-RANGE-MITTEL")
@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1200))
def test_band_bounds_agree_with_range_band(fields: int) -> None:
    band = range_band(fields)
    if band is None:
        assert fields == 0 or fields > 1000
    else:
        assert band.low <= fields <= band.high
        assert all(not other.low <= fields <= other.high for other in RangeBand if other != band)


@pytest.mark.rule("E-RANGE-1", "D-1")
def test_band_between_fields_is_chebyshev() -> None:
    """A diagonal step is one field (D-1): (0,0)->(1,1) is Kernschuss, not Nah."""
    assert band_for_cells((0, 0), (1, 1)) is B.POINT_BLANK
    assert band_for_cells((0, 0), (4, 3)) is B.NEAR
    assert band_for_cells((0, 0), (5, 5)) is B.MEDIUM
    assert band_for_cells((3, 3), (3, 24)) is B.LONG
    assert band_for_cells((2, 2), (2, 2)) is None


@pytest.mark.rule("E-RANGE-KERN", "D-1")
def test_point_blank_is_the_ring_of_eight_neighbours() -> None:
    ring = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if band_for_cells((0, 0), (x, y))]
    assert sum(band_for_cells((0, 0), c) is B.POINT_BLANK for c in ring) == 8


# ---------------------------------------------------------------- usable bands
@pytest.mark.rule("E-RANGE-2", "E-RANGED-2")
def test_target_outside_the_weapons_bands_cannot_be_hit() -> None:
    pistol = {B.POINT_BLANK, B.NEAR, B.MEDIUM}
    assert can_fire_at(pistol, B.NEAR)
    assert can_fire_at(pistol, range_band(20))
    assert not can_fire_at(pistol, range_band(21))
    assert not can_fire_at(pistol, None)
    sniper = (B.LONG, B.EXTREME)
    assert not can_fire_at(sniper, B.MEDIUM) and can_fire_at(sniper, B.EXTREME)


# ---------------------------------------------------------------- underwater
@pytest.mark.rule("E-UNDERWATER-3", "E-OPEN-45")
@pytest.mark.parametrize(
    ("bands", "left"),
    [
        # The farthest band drops one step and is capped at Mittel (reading A).
        (ALL, {B.POINT_BLANK, B.NEAR, B.MEDIUM}),
        ({B.NEAR, B.MEDIUM, B.LONG}, {B.NEAR, B.MEDIUM}),
        ({B.POINT_BLANK, B.NEAR, B.MEDIUM}, {B.POINT_BLANK, B.NEAR}),
        ({B.NEAR, B.MEDIUM}, {B.NEAR}),
        ({B.POINT_BLANK, B.NEAR}, {B.POINT_BLANK}),
        ({B.LONG, B.EXTREME}, set()),  # a sniper rifle keeps nothing below Weit
        ({B.POINT_BLANK}, set()),  # nothing is left below Kernschuss
        (set(), set()),
    ],
)
def test_underwater_bands(bands: set[RangeBand], left: set[RangeBand]) -> None:
    assert underwater_bands(bands) == frozenset(left)


@pytest.mark.rule("E-UNDERWATER-3", "E-OPEN-45")
@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(list(RangeBand))))
def test_underwater_never_beyond_medium_and_never_gains(bands: set[RangeBand]) -> None:
    left = underwater_bands(bands)
    assert left <= bands
    assert all(band <= B.MEDIUM for band in left)
    if bands:
        assert all(band < max(bands) for band in left)


@pytest.mark.rule("E-UNDERWATER-4", "E-OPEN-45")
def test_underwater_medium_has_nachteil() -> None:
    assert underwater_edge(B.MEDIUM, built_for_underwater=False) == -1
    assert underwater_edge(B.NEAR, built_for_underwater=False) == 0
    assert underwater_edge(B.POINT_BLANK, built_for_underwater=False) == 0
    assert ranged_attack_edge(B.MEDIUM, underwater=True) == -1
    assert ranged_attack_edge(B.POINT_BLANK, underwater=True) == -1  # Kernschuss only


@pytest.mark.rule("E-UNDERWATER-6", "E-OPEN-45")
def test_built_for_underwater_removes_only_that_nachteil() -> None:
    assert underwater_edge(B.MEDIUM, built_for_underwater=True) == 0
    assert ranged_attack_edge(B.MEDIUM, underwater=True, built_for_underwater=True) == 0
    # The Kernschuss Nachteil stays, and so does the range cap.
    assert ranged_attack_edge(B.POINT_BLANK, underwater=True, built_for_underwater=True) == -1
    assert underwater_bands(ALL) == {B.POINT_BLANK, B.NEAR, B.MEDIUM}


@pytest.mark.rule("E-UNDERWATER-6")
def test_built_for_underwater_means_nothing_on_land() -> None:
    assert ranged_attack_edge(B.MEDIUM, built_for_underwater=True) == 0
    assert ranged_attack_edge(B.LONG, built_for_underwater=True) == -1


@pytest.mark.rule("E-UNDERWATER-5")
def test_area_weapons_cannot_be_used_underwater() -> None:
    assert area_weapon_usable_underwater() is False


# ---------------------------------------------------------------- Distanzschuss
@pytest.mark.rule("E-ACT-VH-DISTANZ-3", "E-OPEN-1")
def test_long_shot_vorteil_at_long_and_extreme() -> None:
    """Distanzschuss: Weit -> a normal roll, Extrem -> one Nachteil (E-OPEN-1's reason)."""
    assert [long_shot_edge(band) for band in RangeBand] == [0, 0, 0, 1, 1]
    assert ranged_attack_edge(B.LONG, long_shot=True) == 0
    assert ranged_attack_edge(B.EXTREME, long_shot=True) == -1
    assert ranged_attack_edge(B.MEDIUM, long_shot=True) == 0
    assert ranged_attack_edge(B.POINT_BLANK, long_shot=True) == -1


@pytest.mark.rule("D-2", "E-RANGE-KERN", "E-RANGE-WEIT", "E-RANGE-EXTREM")
def test_ranged_attack_edge_counts_every_source() -> None:
    assert [ranged_attack_edge(band) for band in RangeBand] == [-1, 0, 0, -1, -2]
    # Not a weapon that fires Extrem underwater, but the sum is counted anyway.
    assert ranged_attack_edge(B.MEDIUM, underwater=True, long_shot=True) == -1


# ---------------------------------------------------------------- thrown weapons
@pytest.mark.rule("E-THROW-1", "E-OPEN-16", "E-RANGE-KERN")
def test_throw_at_a_field_one_away_has_point_blank_nachteil() -> None:
    """A throw is a normal ranged attack: the bands apply, also at a field (E-OPEN-16)."""
    roller = ScriptedRoller([18, 9])
    result = throw_at_field(BattleGrid.open(10, 10), (2, 2), (3, 3), 6, roller)
    assert result.roll.dice == (18, 9) and result.roll.kept == 9
    assert result.roll.total == 15 and result.hit


@pytest.mark.rule("E-THROW-1", "E-OPEN-16", "E-RANGE-NAH")
def test_throw_at_near_field_is_a_normal_roll() -> None:
    roller = ScriptedRoller([9])
    result = throw_at_field(BattleGrid.open(10, 10), (2, 2), (5, 2), 6, roller)
    assert result.roll.dice == (9,) and result.hit


@pytest.mark.rule("E-THROW-1", "E-OPEN-16", "E-RANGE-WEIT")
def test_throw_at_long_range_and_other_edges_add_up() -> None:
    """Weit (-1) plus a caller's Abgelenkt (-1) gives three dice, the lowest kept."""
    roller = ScriptedRoller([17, 16, 15, 1, 1])
    result = throw_at_field(BattleGrid.open(30, 3), (0, 1), (25, 1), 0, roller, edge=-1)
    assert result.roll.dice == (17, 16, 15) and result.roll.kept == 15 and result.hit
