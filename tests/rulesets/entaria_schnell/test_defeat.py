"""Defeat at 0 LP (Q-DEFEAT-*, Q-OPEN-14)."""

import pytest

from game.rulesets.entaria.rules.damage import LifeState
from game.rulesets.entaria_schnell.rules.defeat import (
    DEFEATED,
    DefeatOutcome,
    character_state,
    choose_outcome,
    enemy_lp_after,
    is_defeated,
)


def test_q_defeat_1_enemy_at_zero_is_besiegt() -> None:
    """Q-DEFEAT-1, Q-DMG-3: LP go down by the damage and stop at 0, which is Besiegt."""
    assert enemy_lp_after(10, 4) == 6 and not is_defeated(6)
    assert enemy_lp_after(3, 7) == 0 and is_defeated(0)


def test_q_defeat_2_character_chooses_the_outcome() -> None:
    """Q-DEFEAT-2: kill, convince, interrogate or stun; only a defeated enemy."""
    assert {o.name for o in DefeatOutcome} == {"KILLED", "CONVINCED", "INTERROGATED", "STUNNED"}
    record = choose_outcome("orc", 0, DefeatOutcome.INTERROGATED)
    assert record.state == DEFEATED and record.outcome is DefeatOutcome.INTERROGATED
    assert DefeatOutcome.INTERROGATED.label.text("de") == "befragen"
    with pytest.raises(ValueError):
        choose_outcome("orc", 2, DefeatOutcome.KILLED)


def test_q_defeat_2_characters_use_full_thresholds() -> None:
    """Q-DEFEAT-2, Q-OPEN-14: characters at 0 are Bewusstlos, -1..-9 Sterbend, -10 Tod."""
    assert character_state(0) is LifeState.UNCONSCIOUS
    assert character_state(-5) is LifeState.DYING
    assert character_state(-10) is LifeState.DEAD
