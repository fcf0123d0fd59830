"""Genesis states and caps: each test names its G- rule ID."""

from __future__ import annotations

from game.rulesets.genesis.rules import states
from game.rulesets.genesis.rules.states import Act, Condition


def test_g_state_passive_at_and_def() -> None:
    """G-STATE-PASSIVE-1 / G-STATE-PASSIVE-AT / G-STATE-PASSIVE-DEF: no AT, PA/AW allowed."""
    assert not states.allowed(Act.ATTACK, {Condition.PASSIVE})
    assert states.allowed(Act.DEFEND, {Condition.PASSIVE})


def test_g_state_passive_table() -> None:
    """G-STATE-PASSIVE-SPELL / -ACTIVE / -POTION / -MOVE / -ALLY: all refused while passive."""
    for act in (Act.NEW_SPELL, Act.ACTIVE_ABILITY, Act.POTION, Act.MOVE, Act.ALLY_PARRY):
        assert not states.allowed(act, {Condition.PASSIVE})


def test_g_state_waive_2_may_move_and_cast() -> None:
    """G-STATE-WAIVE-1 / G-STATE-WAIVE-2: waiving gives up ATs only."""
    assert not states.allowed(Act.ATTACK, {Condition.WAIVING})
    assert states.allowed(Act.MOVE, {Condition.WAIVING})
    assert states.allowed(Act.NEW_SPELL, {Condition.WAIVING})


def test_g_state_immobile_and_incap() -> None:
    """G-STATE-IMMOBILE / G-STATE-INCAP: one blocks moving, the other acting."""
    assert states.allowed(Act.ATTACK, {Condition.IMMOBILE})
    assert not states.allowed(Act.MOVE, {Condition.IMMOBILE})
    assert not states.allowed(Act.DEFEND, {Condition.INCAPACITATED})
    assert states.allowed(Act.MOVE, {Condition.INCAPACITATED})


def test_g_cap_veil_1_and_2() -> None:
    """G-CAP-VEIL-1 / G-CAP-VEIL-2: veil capped at 15, intuitive at 12."""
    assert states.veil_value(18, intuitive=False) == 15
    assert states.veil_value(18, intuitive=True) == 12
    assert states.veil_value(10, intuitive=True) == 10


def test_g_cap_stampfa_1_and_2() -> None:
    """G-CAP-STAMPFA-1 / G-CAP-STAMPFA-2: Stampfa at most 70 %, Mampfa 20 %."""
    assert states.stampfa_value(90, critical=False) == 70
    assert states.stampfa_value(90, critical=True) == 20


def test_g_area_multi_1_highest_counts() -> None:
    """G-AREA-MULTI-1 / G-PDESTR-2: of several area hits only the highest damage counts."""
    assert states.area_damage([12, 30, 7]) == 30


def test_g_prot_order_layers_absorb_in_turn() -> None:
    """G-PROT-ORDER (G-OPEN-16): fixed layers subtract in turn, never below 0."""
    assert states.absorb_in_order(20, [0, 3, 5, 0, 4]) == 8
    assert states.absorb_in_order(5, [10, 4]) == 0


def test_g_time_simul_all_losses_of_a_kr_apply() -> None:
    """G-TIME-SIMUL (G-TIME-E1): every hit of a KR takes effect, whatever the order."""
    assert states.le_after_round(10, [4, 4, 4]) == states.le_after_round(10, [4, 4, 4][::-1])
    assert states.le_after_round(10, [4, 4, 4]) == -2
