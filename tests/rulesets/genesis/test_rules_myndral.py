"""Genesis Myndral space: each test names its G- rule ID."""

from __future__ import annotations

import pytest

from game.rulesets.genesis.rules import myndral
from game.rulesets.genesis.rules.myndral import Glow, Medium, Plane

REAL, MYN = Plane.REAL, Plane.MYNDRAL


def test_g_myn_1_reached_only_by_magic() -> None:
    """G-MYN-1: the second space is reachable only by magic."""
    assert myndral.switch_plane(REAL, by_magic=True) is MYN
    assert myndral.switch_plane(MYN, by_magic=True) is REAL
    assert myndral.switch_plane(REAL, by_magic=False) is REAL


def test_g_myn_2_no_cross_plane_harm() -> None:
    """G-MYN-2 (G-OPEN-23): no harm across planes unless an exception applies."""
    assert myndral.can_harm(REAL, REAL)
    assert not myndral.can_harm(MYN, REAL)
    assert not myndral.can_harm(REAL, MYN)
    assert myndral.can_harm(MYN, REAL, exception=True)


def test_g_myn_3_one_way_visibility() -> None:
    """G-MYN-3: Myndral sees Real, Real does not see Myndral."""
    assert myndral.can_see(MYN, REAL)
    assert not myndral.can_see(REAL, MYN)
    assert myndral.can_see(REAL, REAL)


def test_g_myn_hear_1_real_sounds_reach_myndral_distorted() -> None:
    """G-MYN-HEAR-1: Myndral hears Real distorted; Real hears nothing of Myndral."""
    assert myndral.can_hear(MYN, REAL)
    assert myndral.hearing_distorted(MYN, REAL)
    assert not myndral.can_hear(REAL, MYN)
    assert not myndral.hearing_distorted(MYN, MYN)


@pytest.mark.parametrize(("beobachten", "radius"), [(0, 5), (10, 7), (12, 7), (13, 8)])
def test_g_myn_sight_3_range_5_plus_beobachten_fifth(beobachten: int, radius: int) -> None:
    """G-MYN-SIGHT-3 / G-MYN-VIEW-4 (G-OPEN-23): 5 + Beobachten / 5, rounded half up."""
    assert myndral.perception_radius(beobachten) == radius


def test_g_myn_hear_2_passable_up_to_half_the_range() -> None:
    """G-MYN-HEAR-2: Beobachten 25 -> range 10 m: heard at 5 m, not even screams at 6 m."""
    assert myndral.hears_in_myndral(5, 25)
    assert not myndral.hears_in_myndral(6, 25)


def test_g_myn_sight_1_dead_matter_70_percent_transparent() -> None:
    """G-MYN-SIGHT-1: in Myndral space one sees through dead matter (about 70 %)."""
    assert myndral.dead_matter_transparency(MYN) == 0.7
    assert myndral.dead_matter_transparency(REAL) == 0.0


def test_g_myn_sight_2_glow_by_strength() -> None:
    """G-MYN-SIGHT-2: plant faint, person clear, demon radiant; matter colourless."""
    levels = [myndral.glow(k)[1] for k in ("matter", "plant", "person", "demon")]
    assert levels == [Glow.NONE, Glow.FAINT, Glow.CLEAR, Glow.RADIANT]
    assert sorted(levels, key=lambda g: g.value) == levels


def test_g_myn_view_2_colour_tells_nothing_of_origin() -> None:
    """G-MYN-VIEW-2: a demon and a black magician's spell glow in the same colour."""
    assert myndral.glow("demon")[0] == myndral.glow("black_magic")[0] == myndral.glow("plant")[0]


def test_g_myn_view_1_sight_only_into_the_second_space() -> None:
    """G-MYN-VIEW-1: Myndral sight looks into the second space only."""
    assert myndral.myndral_sight_sees(MYN)
    assert not myndral.myndral_sight_sees(REAL)


def test_g_myn_move_1_dead_matter_at_half_gs() -> None:
    """G-MYN-MOVE-1: walking through a wall costs GS/2."""
    assert myndral.myndral_speed(6, Medium.DEAD_MATTER) == 3
    assert myndral.myndral_speed(6, Medium.OPEN) == 6


def test_g_myn_move_2_living_and_slightly_magical_reduce_gs() -> None:
    """G-MYN-MOVE-2 (G-OPEN-23): living beings and slightly magical matter: GS/2."""
    assert myndral.myndral_speed(6, Medium.LIVING_OR_SLIGHTLY_MAGICAL) == 3


def test_g_myn_move_3_strongly_magical_impermeable() -> None:
    """G-MYN-MOVE-3: strongly magical objects or beings cannot be passed."""
    assert myndral.myndral_speed(6, Medium.STRONGLY_MAGICAL) is None


def test_g_myn_move_4_partial_weightlessness() -> None:
    """G-MYN-MOVE-4: in Myndral space a being walking up into the air is not pulled down."""
    assert not myndral.pulled_down(MYN)
    assert myndral.pulled_down(REAL)


def test_g_myn_move_5_air_at_half_gs() -> None:
    """G-MYN-MOVE-5: GS in the air is GS/2."""
    assert myndral.myndral_speed(5, Medium.AIR) == 2.5
