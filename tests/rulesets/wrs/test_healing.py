"""Bleeding out and mundane healing after the battle (W-HEAL-1..5, W-OPEN-10)."""

from __future__ import annotations

import pytest

from game.rulesets.wrs.rules.healing import (
    HEAL_WEEKS,
    WoundCare,
    bleeds_to_death,
    can_treat,
    treat_all,
)
from game.rulesets.wrs.rules.terms import Skill


@pytest.mark.rule("W-HEAL-1")
def test_an_untreated_wound_kills_after_ten_minutes() -> None:
    care = WoundCare(wounds=2, treated=1)
    assert not bleeds_to_death(care, 9.5)
    assert bleeds_to_death(care, 10)
    assert not bleeds_to_death(WoundCare(0), 60)


@pytest.mark.rule("W-HEAL-2", "W-HEAL-3")
def test_treating_all_wounds_stops_the_bleeding() -> None:
    assert not can_treat({})
    assert can_treat({Skill.MEDICINE_FIRST_AID: 1})
    care = treat_all(WoundCare(3))
    assert not care.bleeding
    assert not bleeds_to_death(care, 600)


@pytest.mark.rule("W-HEAL-4", "W-HEAL-5")
def test_treated_wounds_heal_together_in_two_to_three_weeks() -> None:
    # W-HEAL-5: faster healing belongs to the skills, not to this module
    assert HEAL_WEEKS == (2, 3)


@pytest.mark.rule("W-HEAL-2")
def test_impossible_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="treated wounds"):
        WoundCare(wounds=1, treated=2)
