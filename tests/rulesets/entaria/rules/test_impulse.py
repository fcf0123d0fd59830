"""Impuls (section 2): the pool, the effects and their costs, the GM, rerolls."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.board.grid import Cover
from game.rulesets.entaria.rules.checks import Crit, success_roll
from game.rulesets.entaria.rules.condition_rolls import (
    RollContext,
    attacker_modifiers,
    roll_modifiers,
)
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.held_conditions import ConditionSet
from game.rulesets.entaria.rules.impulse import (
    EnvironmentInfluence,
    ImpulseEffect,
    ImpulsePool,
    InsufficientImpulse,
    apply_to_target,
    can_spend_now,
    effect_duration,
    gm_spend,
    granted_cover,
    reroll_edge,
    starting_pool,
    target_conditions,
)
from game.rulesets.entaria.rules.terms import Attribute, Condition

E = ImpulseEffect
CHECK = RollContext(attribute=Attribute.CHARISMA)

COSTS = [
    pytest.param(E.TALENT, 1, id="E-IMP-EFF-TALENT"),
    pytest.param(E.REROLL, 1, id="E-IMP-EFF-REROLL"),
    pytest.param(E.COVER, 1, id="E-IMP-EFF-COVER"),
    pytest.param(E.LOESEN, 1, id="E-IMP-EFF-LOESEN"),
    pytest.param(E.ENV, 1, id="E-IMP-EFF-ENV"),
    pytest.param(E.IRRITATE, 1, id="E-IMP-EFF-IRRITATE"),
    pytest.param(E.DISTRACT, 2, id="E-IMP-EFF-DISTRACT"),
    pytest.param(E.HALF, 5, id="E-IMP-EFF-HALF"),
    pytest.param(E.TALENTPOINT, 5, id="E-IMP-EFF-TALENTPOINT"),
]


@pytest.mark.parametrize(("effect", "cost"), COSTS)
def test_costs_and_one_effect_per_payment(effect: ImpulseEffect, cost: int) -> None:
    """E-IMP-5: 1 Impuls unless stated (Abgelenkt 2, half action 5, talent point 5)."""
    assert effect.cost == cost
    assert effect.rule_id.startswith("E-IMP-EFF-")
    assert ImpulsePool(7).spend(effect).points == 7 - cost
    assert ImpulsePool(cost).spend(effect).points == 0


@pytest.mark.rule("E-IMP-5")
def test_e_imp_5_an_unaffordable_effect_is_refused() -> None:
    """E-IMP-5: the pool must pay the whole cost; the error says what was missing."""
    with pytest.raises(InsufficientImpulse, match="DISTRACT costs 2 Impuls, the pool holds 1"):
        ImpulsePool(1).spend(E.DISTRACT)
    with pytest.raises(ValueError):
        ImpulsePool(4).spend(E.HALF)
    assert not ImpulsePool(4).can_afford(E.TALENTPOINT)
    assert ImpulsePool(5).can_afford(E.TALENTPOINT)


@pytest.mark.rule("E-IMP-1")
def test_e_imp_1_shared_pool_without_upper_limit() -> None:
    """E-IMP-1: one group pool with no upper limit."""
    pool = ImpulsePool(999).gain(1000)
    assert pool.points == 1999
    with pytest.raises(ValueError):
        ImpulsePool(-1)
    with pytest.raises(ValueError):
        ImpulsePool(3).gain(-1)


@pytest.mark.rule("E-IMP-2")
def test_e_imp_2_starting_pool_is_the_number_of_characters() -> None:
    """E-IMP-2: at session start the pool equals the number of characters in the mission."""
    assert starting_pool(4) == ImpulsePool(4)
    assert starting_pool(0).points == 0
    with pytest.raises(ValueError):
        starting_pool(-2)


@pytest.mark.parametrize(
    ("dice", "edge", "gained"),
    [
        pytest.param([20], 0, 1, id="E-CORE-CRIT-2"),
        pytest.param([1], 0, 1, id="E-CORE-CRIT-1"),
        pytest.param([14], 0, 0, id="E-IMP-3-no-crit"),
        pytest.param([20, 5], -1, 0, id="E-OPEN-2-discarded-20"),
        pytest.param([1, 17], 1, 0, id="E-OPEN-2-discarded-1"),
        pytest.param([20, 5], 1, 1, id="E-OPEN-2-kept-20"),
    ],
)
def test_crits_feed_the_pool(dice: list[int], edge: int, gained: int) -> None:
    """E-IMP-3, E-CORE-CRIT-1/2: each crit of a player character adds 1; the kept die counts."""
    roll = success_roll(5, 15, ScriptedRoller(dice), edge=edge)
    pool = ImpulsePool(2).gain_from_roll(roll, rolled_by_player_character=True)
    assert pool.points == 2 + gained


@pytest.mark.rule("E-IMP-3", "E-OPEN-3", "E-CRIT-HIT-4", "E-CRIT-FAIL-4")
def test_e_open_3_attack_crits_of_characters_only() -> None:
    """E-CRIT-HIT-4, E-CRIT-FAIL-4: an attack crit gives the group 1; E-OPEN-3: enemies none."""
    hit = success_roll(6, 12, ScriptedRoller([20]))
    miss = success_roll(6, 12, ScriptedRoller([1]))
    assert hit.crit is Crit.SUCCESS and miss.crit is Crit.FAILURE
    pool = ImpulsePool(0)
    pool = pool.gain_from_roll(hit, rolled_by_player_character=True)
    pool = pool.gain_from_roll(miss, rolled_by_player_character=True)
    assert pool.points == 2
    pool = pool.gain_from_roll(hit, rolled_by_player_character=False)
    pool = pool.gain_from_roll(miss, rolled_by_player_character=False)
    assert pool.points == 2


@pytest.mark.rule("E-IMP-4", "E-IMP-EFF-REROLL", "E-OPEN-4")
def test_e_imp_4_spend_on_own_turn_reroll_also_on_enemies_turns() -> None:
    """E-IMP-4: on his own turn any effect; E-IMP-EFF-REROLL: a reroll also on enemies' turns."""
    for effect in ImpulseEffect:
        assert can_spend_now(effect, own_turn=True)
        assert can_spend_now(effect, own_turn=False) == (effect is E.REROLL)
    # E-OPEN-4: no per-turn limit besides the pool
    pool = ImpulsePool(3)
    for _ in range(3):
        assert can_spend_now(E.COVER, own_turn=True)
        pool = pool.spend(E.COVER)
    assert pool.points == 0


@pytest.mark.rule("E-IMP-GM-1", "E-IMP-GM-2")
def test_gm_spends_without_a_pool_and_feeds_the_group() -> None:
    """E-IMP-GM-1: any time, no pool needed; E-IMP-GM-2: the group gains the cost (+2 for 2)."""
    for effect in ImpulseEffect:
        assert can_spend_now(effect, own_turn=False, by_gm=True)
    assert gm_spend(E.DISTRACT, ImpulsePool(0)) == ImpulsePool(2)
    assert gm_spend(E.HALF, ImpulsePool(1)).points == 6
    assert gm_spend(E.REROLL, ImpulsePool(3)).points == 4


@pytest.mark.rule("E-IMP-EFF-TALENT")
def test_e_imp_eff_talent_needs_a_talent_that_provides_for_it() -> None:
    """E-IMP-EFF-TALENT: only a talent's own Impuls effect can be bought."""
    assert E.TALENT.requires_talent
    assert not any(e.requires_talent for e in ImpulseEffect if e is not E.TALENT)


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-OPEN-5", "E-CORE-REPEAT-1")
def test_rerolls_and_repeats() -> None:
    """E-OPEN-5 B: the Impuls reroll has no Nachteil; E-CORE-REPEAT-1: other repeats do."""
    assert reroll_edge(True) == 0
    assert reroll_edge(False, explicitly_repeatable=True) == 0  # Stabilisieren, Wiederbeleben
    assert reroll_edge(False) == -1
    first = success_roll(4, 15, ScriptedRoller([6]))
    assert not first.success
    impulse = success_roll(4, 15, ScriptedRoller([13]), edge=reroll_edge(True))
    assert impulse.dice == (13,) and impulse.success
    repeat = success_roll(4, 15, ScriptedRoller([13, 9]), edge=reroll_edge(False))
    assert repeat.dice == (13, 9) and repeat.kept == 9 and not repeat.success


@pytest.mark.rule("E-IMP-EFF-COVER", "E-OPEN-4")
def test_e_imp_eff_cover_partial_cover_until_own_next_turn() -> None:
    """E-IMP-EFF-COVER: Teildeckung anywhere; E-OPEN-4: until the start of the next own turn."""
    assert granted_cover(E.COVER) is Cover.PARTIAL
    assert granted_cover(E.ENV) is None
    assert effect_duration(E.COVER).kind is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN


@pytest.mark.rule("E-IMP-EFF-LOESEN", "E-ACT-HH-LOESEN")
def test_e_imp_eff_loesen_one_field_at_once() -> None:
    """E-IMP-EFF-LOESEN: the character immediately performs Lösen (1 field)."""
    assert E.LOESEN.disengage_fields == 1
    assert effect_duration(E.LOESEN) is None
    assert all(e.disengage_fields == 0 for e in ImpulseEffect if e is not E.LOESEN)


@pytest.mark.rule("E-IMP-EFF-ENV", "E-OPEN-4")
def test_e_imp_eff_env_ignores_the_environment_until_own_next_turn() -> None:
    """E-IMP-EFF-ENV: partial cover, obstacles, gravity, weather, darkness, smoke are ignored."""
    assert {i.value for i in EnvironmentInfluence} == {
        "Teildeckung",
        "Hindernisse",
        "Gravitation",
        "Wetterverhältnisse",
        "Dunkelheit",
        "Rauch",
    }
    assert effect_duration(E.ENV).kind is DurationKind.UNTIL_START_OF_OWN_NEXT_TURN


@pytest.mark.rule("E-IMP-EFF-IRRITATE", "E-COND-IRRITIERT-2")
def test_e_imp_eff_irritate_twice_until_end_of_targets_next_turn() -> None:
    """E-IMP-EFF-IRRITATE: Irritiert twice (WM -2) until the end of the target's next turn."""
    assert E.IRRITATE.needs_target_in_sight
    assert target_conditions(E.IRRITATE) == {Condition.IRRITATED: 2}
    target = apply_to_target(E.IRRITATE, [])
    assert target == {Condition.IRRITATED: 2}
    assert roll_modifiers(target, CHECK).modifier == -2
    assert roll_modifiers(apply_to_target(E.IRRITATE, target), CHECK).modifier == -4
    assert effect_duration(E.IRRITATE).kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN


@pytest.mark.rule("E-IMP-EFF-DISTRACT")
def test_e_imp_eff_distract_abgelenkt_until_end_of_targets_next_turn() -> None:
    """E-IMP-EFF-DISTRACT (2 Impuls): Abgelenkt, i.e. Nachteil, until the target's turn ends."""
    target = apply_to_target(E.DISTRACT, ConditionSet.of(Condition.PRONE))
    assert target == {Condition.PRONE: 1, Condition.DISTRACTED: 1}
    assert roll_modifiers(target, CHECK).edge == -1
    assert attacker_modifiers(target).edge == 1  # Liegend -> Wehrlos, untouched
    assert effect_duration(E.DISTRACT).kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN
    with pytest.raises(ValueError):
        apply_to_target(E.COVER, [])


@pytest.mark.rule("E-IMP-EFF-HALF", "E-IMP-EFF-TALENTPOINT")
def test_five_impuls_effects() -> None:
    """E-IMP-EFF-HALF: one extra half action; E-IMP-EFF-TALENTPOINT: one talent point."""
    assert E.HALF.extra_half_actions == 1 and E.HALF.talent_points == 0
    assert E.TALENTPOINT.talent_points == 1 and E.TALENTPOINT.extra_half_actions == 0
    assert effect_duration(E.HALF) is None and effect_duration(E.TALENTPOINT) is None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 50), st.lists(st.sampled_from(list(ImpulseEffect)), max_size=12))
def test_property_pool_never_goes_negative(start: int, effects: list[ImpulseEffect]) -> None:
    """E-IMP-1, E-IMP-5: spending is refused rather than going below 0; GM spends add back."""
    pool = ImpulsePool(start)
    for effect in effects:
        if pool.can_afford(effect):
            after = pool.spend(effect)
            assert after.points == pool.points - effect.cost
            assert gm_spend(effect, after) == pool
            pool = after
        else:
            with pytest.raises(InsufficientImpulse):
                pool.spend(effect)
        assert pool.points >= 0
