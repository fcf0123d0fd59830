"""Genesis KR phases: each test names its G- rule ID."""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.rulesets.genesis.rules import phases
from game.rulesets.genesis.rules.phases import ActionKind, Phase, PreAction

BLIND = PreAction("mage", "blind_effect", targets=("knight",), grants_avoidance=True)
DUST = PreAction("druid", "dust_in_eyes", targets=("knight",), grants_avoidance=True)
SHOUT = PreAction("knight", "battle_cry")


def test_g_phase_1_kr_steps_in_order() -> None:
    """G-PHASE-1: pre-KR declaration, pre-KR execution, declaration, execution."""
    steps = [Phase.PRE_DECLARE]
    while (step := phases.next_phase(steps[-1])) is not None:
        steps.append(step)
    assert steps == [Phase.PRE_DECLARE, Phase.PRE_EXECUTE, Phase.DECLARE, Phase.EXECUTE]


def test_g_phase_post_1_post_action_follows_a_completed_action() -> None:
    """G-PHASE-POST-1 (G-PHASE-E1): Metzler after a successful AT: opponent PA -15."""
    assert phases.next_phase(Phase.POST_ACTION) is Phase.EXECUTE
    assert phases.metzler_penalty(completed_successful_attack=True) == 15
    assert phases.metzler_penalty(completed_successful_attack=False) == 0


def test_g_phase_pre_1_pre_kr_actions_take_no_time() -> None:
    """G-PHASE-PRE-1: a pre-KR special action (Blendeffekt) costs no GW."""
    assert BLIND.gw_cost == 0.0


def test_g_phase_pre_2_avoidance_is_an_extra_half_dodge() -> None:
    """G-PHASE-PRE-2: the avoidance action is a half dodge outside the KR's GW (AW 64 -> 32)."""
    assert phases.avoidance_dodge_value(64) == 32
    assert phases.avoidance_dodge_value(65) == 33
    assert phases.avoidance_actions([BLIND], "knight") == 1
    assert phases.avoidance_actions([BLIND], "mage") == 0


def test_g_phase_pre_3_one_avoidance_per_effect() -> None:
    """G-PHASE-PRE-3: two pre-KR effects on one combatant grant two avoidance actions."""
    assert phases.avoidance_actions([BLIND, DUST, SHOUT], "knight") == 2


def test_g_phase_pre_4_disadvantaged_side_declares_first() -> None:
    """G-PHASE-PRE-4: the declaration-disadvantaged side fixes its pre-KR actions first."""
    assert phases.declaration_sides(1) == (1, 0)
    assert phases.declaration_sides(0) == (0, 1)


def test_g_phase_pre_5_one_pre_action_per_combatant() -> None:
    """G-PHASE-PRE-5: a combatant with several options still gets one pre-KR action."""
    picked = phases.pick_pre_actions({"mage": [BLIND, DUST], "knight": [SHOUT], "idle": []})
    assert picked == {"mage": BLIND, "knight": SHOUT}


def test_g_phase_pre_6_declared_pre_actions_are_executed() -> None:
    """G-PHASE-PRE-6: every declared pre-KR action is carried out, disadvantaged side first."""
    declared = {"mage": BLIND, "knight": SHOUT}
    done = phases.pre_execute(declared, {"mage": 0, "knight": 1}, disadvantaged=1)
    assert done == [SHOUT, BLIND]


def test_g_phase_decl_2_only_counts_are_declared() -> None:
    """G-PHASE-DECL-2 / G-GW-1: a declaration holds AT and PA counts within the KR's GW."""
    decl = phases.declare(2, 1.5, kr_share=3.5)
    assert (decl.attacks, decl.defences) == (2, 1.5)
    assert set(vars(decl)) == {"attacks", "defences"}
    with pytest.raises(ValueError):
        phases.declare(3, 1, kr_share=3.5)
    with pytest.raises(ValueError):
        phases.declare(1.25, 1, kr_share=3.5)


def test_g_phase_exec_1_execution_begins_with_the_attacks() -> None:
    """G-PHASE-EXEC-1: the execution starts with all attacks, then the defences."""
    mixed = [("pa_b", ActionKind.DEFENCE), ("at_a", ActionKind.ATTACK), ("at_c", ActionKind.ATTACK)]
    assert [name for name, _ in phases.execution_order(mixed)] == ["at_a", "at_c", "pa_b"]


def test_g_phase_exec_2_defender_orders_the_hits_freely() -> None:
    """G-PHASE-EXEC-2: the defender chooses any order of the successful actions on it."""
    assert phases.order_incoming(["a1", "a2", "b1"], ["b1", "a1", "a2"]) == ["b1", "a1", "a2"]
    with pytest.raises(ValueError):
        phases.order_incoming(["a1", "a2"], ["a1"])


def test_g_phase_exec_3_works_through_its_order() -> None:
    """G-PHASE-EXEC-3: each hit in the defender's order is tried once (PA/AW, abilities)."""
    through = phases.work_through(["b1", "a1", "a2"], {"b1": True, "a2": True})
    assert through == ["a1"]


def test_g_phase_exec_4_let_through_hits_are_settled() -> None:
    """G-PHASE-EXEC-4: a Super-PA at step 2 cannot parry the AT placed at step 1."""
    assert not phases.may_still_affect(hit_index=0, defence_index=1)
    assert phases.may_still_affect(hit_index=1, defence_index=1)
    assert phases.may_still_affect(hit_index=2, defence_index=1)


def test_g_phase_exec_5_veil_for_all_hits_together() -> None:
    """G-PHASE-EXEC-5 / G-SHOT-AW-2 / G-CAP-VEIL-1: one veil roll per hit, done as one batch."""
    roller = ScriptedRoller([3, 18, 15, 16, 1])
    left = phases.veil_batch(roller, ["h1", "h2", "h3", "h4", "h5"], value=17, intuitive=False)
    assert left == ["h2", "h4"]  # capped at 15: 18 and 16 fail
    assert roller.remaining == 0


def test_veil_batch_intuitive_cap() -> None:
    """G-CAP-VEIL-2: an intuitive veil negates only on 12 or less."""
    assert phases.veil_batch(ScriptedRoller([12, 13]), ["h1", "h2"], 15, intuitive=True) == ["h2"]
