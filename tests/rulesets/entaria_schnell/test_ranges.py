"""Zone ranges, the shared-zone Nachteil and cover (Q-RANGE-*, Q-RANGED-*, Q-COVER-*)."""

import pytest

from game.board.grid import Cover
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria_schnell.rules.ranges import (
    ZoneRangeBand,
    band_from_field_band,
    can_fire_at,
    cover_effect,
    leave_full_cover,
    ranged_edge,
    shared_zone_edge,
    take_full_cover,
    zone_band,
)


def test_q_range_nah_own_and_next_zone() -> None:
    """Q-RANGE-NAH, Q-OPEN-6: 0 and 1 zone steps are Nah, without Nachteil."""
    assert zone_band(0) is ZoneRangeBand.NEAR and zone_band(1) is ZoneRangeBand.NEAR
    assert ZoneRangeBand.NEAR.edge == 0


def test_q_range_mittel_two_to_three() -> None:
    """Q-RANGE-MITTEL: 2-3 zones are Mittel, without Nachteil."""
    assert zone_band(2) is zone_band(3) is ZoneRangeBand.MEDIUM
    assert ZoneRangeBand.MEDIUM.edge == 0


def test_q_range_weit_four_to_ten_nachteil() -> None:
    """Q-RANGE-WEIT: 4-10 zones are Weit, with one Nachteil."""
    assert zone_band(4) is zone_band(10) is ZoneRangeBand.LONG
    assert ZoneRangeBand.LONG.edge == -1


def test_q_range_extra_beyond_ten_up_to_1_km() -> None:
    """Q-RANGE-EXTRA, Q-OPEN-6: beyond 10 zones up to 1 km, two Nachteile."""
    assert zone_band(11) is ZoneRangeBand.EXTRA
    assert ZoneRangeBand.EXTRA.edge == -2
    assert zone_band(40, zone_metres=25) is ZoneRangeBand.EXTRA  # 1000 m
    assert zone_band(41, zone_metres=25) is None
    with pytest.raises(ValueError):
        zone_band(-1)


def test_q_range_1_weapon_must_suit_the_range() -> None:
    """Q-RANGE-1: a pistol with Kernschuss..Mittel reaches Nah and Mittel only."""
    pistol = band_from_field_band([RangeBand.POINT_BLANK, RangeBand.NEAR, RangeBand.MEDIUM])
    assert pistol == frozenset({ZoneRangeBand.NEAR, ZoneRangeBand.MEDIUM})
    assert can_fire_at(pistol, zone_band(3))
    assert not can_fire_at(pistol, zone_band(4))
    assert not can_fire_at(pistol, None)
    assert band_from_field_band([RangeBand.EXTREME]) == frozenset({ZoneRangeBand.EXTRA})


def test_q_ranged_2_target_or_enemy_in_shooter_zone() -> None:
    """Q-RANGED-2, Q-OPEN-8: one Nachteil if the target or enemies share the zone."""
    assert shared_zone_edge(3, 3) == -1
    assert shared_zone_edge(3, 5, [3, 3]) == -1  # two enemies: still one
    assert shared_zone_edge(3, 5, [4]) == 0


def test_q_ranged_1_edges_add_up() -> None:
    """Q-RANGED-1: band, shared zone and the target's Schemenhaft all count."""
    assert ranged_edge(ZoneRangeBand.MEDIUM, 1, 3) == 0
    assert ranged_edge(ZoneRangeBand.LONG, 1, 6, enemy_zones=[1]) == -2
    held = take_full_cover(())
    assert ranged_edge(ZoneRangeBand.EXTRA, 1, 20, target_held=held) == -3
    assert ranged_edge(ZoneRangeBand.MEDIUM, 1, 3, cover=Cover.FULL) == -1
    assert ranged_edge(ZoneRangeBand.MEDIUM, 1, 3, target_held=held, cover=Cover.FULL) == -1
    assert ranged_edge(ZoneRangeBand.MEDIUM, 1, 3, cover=Cover.PARTIAL) == 0


def test_q_cover_1_partial_cover_plus_two() -> None:
    """Q-COVER-1: Teildeckung: V and Panzerung +2, no conditions."""
    effect = cover_effect(Cover.PARTIAL)
    assert (effect.defense, effect.armour, effect.conditions) == (2, 2, frozenset())
    assert cover_effect(Cover.NONE).defense == 0


def test_q_cover_3_full_cover_plus_five() -> None:
    """Q-COVER-3: Volldeckung: V and Panzerung +5."""
    effect = cover_effect(Cover.FULL)
    assert (effect.defense, effect.armour) == (5, 5)


def test_q_cover_2_full_cover_schemenhaft_and_bewegungslos() -> None:
    """Q-COVER-2, Q-OPEN-9 A: full cover gives both conditions; leaving ends both."""
    effect = cover_effect(Cover.FULL)
    assert effect.conditions == {Condition.OBSCURED, Condition.IMMOBILIZED}
    held = take_full_cover([Condition.WOUNDED])
    assert held.count(Condition.OBSCURED) == held.count(Condition.IMMOBILIZED) == 1
    left = leave_full_cover(held)
    assert dict(left) == {Condition.WOUNDED: 1}
