"""Initiative (section 5), the D-11 order, companions, and the round cycle (section 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.dice import ScriptedRoller
from game.rulesets.entaria.rules.checks import Crit
from game.rulesets.entaria.rules.condition_effects import initiative_override
from game.rulesets.entaria.rules.condition_rolls import RollContext, roll_modifiers
from game.rulesets.entaria.rules.initiative import (
    ORIENT_BONUS,
    PREPARATION_STEPS,
    ROUND_SECONDS,
    InitiativeEntry,
    PreparationStep,
    Turn,
    character_entry,
    combat_ends,
    companion_entry,
    effective_initiative,
    enemy_entry,
    initiative_order,
    roll_initiative,
    rounds_in,
)
from game.rulesets.entaria.rules.terms import Condition


@pytest.mark.rule("E-INIT-2", "E-INIT-6", "E-CORE-DIS-1")
def test_ex_init_1_likron_versus_two_punks() -> None:
    """EX-INIT-1, E-INIT-2, E-INIT-6: base 8, Beschwerlich Nachteil, dice 11 and 18 -> 19."""
    roll = roll_initiative(8, ScriptedRoller([11, 18]), cumbersome=True)
    assert roll.dice == (11, 18) and roll.kept == 11
    assert roll.total == 19
    assert roll.target is None and roll.success is None
    entries = [
        enemy_entry("punk A", 15, 1),
        enemy_entry("punk B", 15, 2),
        character_entry("Likron", roll, 8, 0),
    ]
    assert initiative_order(entries) == ["Likron", "punk A", "punk B"]


@pytest.mark.rule("E-INIT-1", "E-INIT-6")
def test_ex_init_2_soldiers_act_first_every_round() -> None:
    """EX-INIT-2, E-INIT-1: dice 3 and 19 with Nachteil -> 11; soldiers [20] first every round."""
    roll = roll_initiative(8, ScriptedRoller([3, 19]), cumbersome=True)
    assert roll.total == 11
    entries = [character_entry("Likron", roll, 8, 0)] + [
        enemy_entry(f"soldier {i}", 20, i) for i in range(1, 4)
    ]
    first = initiative_order(entries)
    assert first == ["soldier 1", "soldier 2", "soldier 3", "Likron"]
    for _round in range(2, 6):  # the rolled value holds for the whole combat
        assert initiative_order(entries) == first


@pytest.mark.rule("E-INIT-2")
def test_e_init_2_d20_plus_base_plus_modifier_with_edge() -> None:
    """E-INIT-2: d20 + base + WM, with Vorteil/Nachteil where they apply."""
    assert roll_initiative(8, ScriptedRoller([7]), modifier=-2).total == 13
    assert roll_initiative(8, ScriptedRoller([7, 14]), edge=1).total == 22
    distracted = roll_modifiers([Condition.DISTRACTED], RollContext())
    roll = roll_initiative(8, ScriptedRoller([9, 12, 4]), edge=distracted.edge, cumbersome=True)
    assert roll.dice == (9, 12, 4) and roll.total == 12  # two Nachteile: keep the lowest
    crit = roll_initiative(3, ScriptedRoller([20]))
    assert crit.crit is Crit.SUCCESS and crit.success is None


@pytest.mark.rule("E-INIT-3", "E-OPEN-6")
def test_e_init_3_enemies_have_a_fixed_value_that_is_also_their_base() -> None:
    """E-INIT-3: enemies roll nothing; E-OPEN-6: their bracket value is their base."""
    punk = enemy_entry("punk", 15, 0)
    assert (punk.initiative, punk.base, punk.is_character) == (15, 15, False)
    assert punk.effective == 15


@pytest.mark.rule("E-INIT-4", "D-11")
def test_e_init_4_higher_initiative_acts_first() -> None:
    """E-INIT-4: descending order, creature by creature (E-OPEN-6), sides interleave."""
    entries = [
        character_entry("Ron", 12, 5, 0),
        enemy_entry("pirate", 17, 1),
        character_entry("Elro-Sa", 21, 6, 2),
        character_entry("Likron", 9, 8, 3),
        enemy_entry("boss", 10, 4),
    ]
    assert initiative_order(entries) == ["Elro-Sa", "pirate", "Ron", "boss", "Likron"]


@pytest.mark.rule("E-INIT-5", "D-11")
def test_e_init_5_tie_goes_to_the_higher_base() -> None:
    """E-INIT-5: equal initiative -> higher base first; an enemy's base is its bracket value."""
    likron = character_entry("Likron", 15, 8, 0)
    punk = enemy_entry("punk", 15, 1)
    assert initiative_order([likron, punk]) == ["punk", "Likron"]
    valina = character_entry("Valina", 15, 16, 2)
    assert initiative_order([likron, punk, valina]) == ["Valina", "punk", "Likron"]


@pytest.mark.rule("D-11", "E-OPEN-6")
def test_d_11_characters_before_enemies_then_roster_order() -> None:
    """D-11: equal value and base -> characters first, then roster order (no roll-off)."""
    entries = [
        enemy_entry("drone B", 12, 3),
        enemy_entry("drone A", 12, 1),
        InitiativeEntry("Ron", 12, 12, is_character=True, roster_index=4),
        InitiativeEntry("Lara", 12, 12, is_character=True, roster_index=2),
    ]
    assert initiative_order(entries) == ["Lara", "Ron", "drone A", "drone B"]


@pytest.mark.rule("E-INIT-7", "E-OPEN-7", "D-11")
def test_e_init_7_companions_act_directly_after_or_before_their_controller() -> None:
    """E-INIT-7: a "C" creature acts directly after (or, if marked, before) its controller."""
    entries = [
        character_entry("Vy'ker", 14, 6, 0),
        enemy_entry("guard", 16, 1),
        enemy_entry("hound", 10, 2),
        companion_entry("elemental", "Vy'ker", 3),
    ]
    assert initiative_order(entries) == ["guard", "Vy'ker", "elemental", "hound"]
    marked = [*entries[:3], companion_entry("elemental", "Vy'ker", 3, before=True)]
    assert initiative_order(marked) == ["guard", "elemental", "Vy'ker", "hound"]
    # E-OPEN-7 B: the choice is made anew each round
    assert initiative_order(entries, companions_before={"elemental": True}) == [
        "guard",
        "elemental",
        "Vy'ker",
        "hound",
    ]
    assert initiative_order(marked, companions_before={"elemental": False}) == [
        "guard",
        "Vy'ker",
        "elemental",
        "hound",
    ]


@pytest.mark.rule("E-INIT-7")
def test_several_companions_keep_roster_order_on_each_side() -> None:
    """E-INIT-7: several companions of one controller, split before and after."""
    entries = [
        character_entry("Vy'ker", 14, 6, 0),
        companion_entry("wisp 2", "Vy'ker", 5),
        companion_entry("wisp 1", "Vy'ker", 4),
        companion_entry("golem", "Vy'ker", 3, before=True),
        enemy_entry("guard", 20, 1),
    ]
    assert initiative_order(entries) == ["guard", "golem", "Vy'ker", "wisp 1", "wisp 2"]


@pytest.mark.rule("E-INIT-7")
def test_companion_errors() -> None:
    """E-INIT-7: a companion needs a listed controller that is not itself a companion."""
    with pytest.raises(ValueError):
        initiative_order([companion_entry("wisp", "nobody", 0)])
    with pytest.raises(ValueError):
        initiative_order(
            [
                character_entry("Vy'ker", 10, 5, 0),
                companion_entry("wisp", "Vy'ker", 1),
                companion_entry("mote", "wisp", 2),
            ]
        )
    with pytest.raises(ValueError):
        InitiativeEntry("wisp", 12, 0, is_character=False, roster_index=1, companion_of="x")
    with pytest.raises(ValueError):
        InitiativeEntry("Ron", None, 5, is_character=True, roster_index=0)
    with pytest.raises(ValueError):
        initiative_order([character_entry("Ron", 3, 3, 0)], companions_before={"Ron": True})
    with pytest.raises(ValueError):
        initiative_order([character_entry("Ron", 3, 3, 0), character_entry("Ron", 4, 3, 1)])


@pytest.mark.rule("E-INIT-8", "E-ACT-HH-ORIENTIEREN", "E-OPEN-8")
def test_e_init_8_orientieren_plus_5_once_resorted_next_round() -> None:
    """E-INIT-8, E-ACT-HH-ORIENTIEREN: +5 once per combat; E-OPEN-8: takes effect next round."""
    ron = character_entry("Ron", 12, 5, 0)
    guard = enemy_entry("guard", 15, 1)
    round_1 = initiative_order([ron, guard])
    assert round_1 == ["guard", "Ron"]
    ron = ron.orient()  # during round 1: the order of round 1 stands
    assert ron.effective == 12 + ORIENT_BONUS == 17
    assert initiative_order([ron, guard]) == ["Ron", "guard"]  # round 2
    assert ron.orient().effective == 17  # a second Orientieren adds nothing
    assert effective_initiative(12, oriented=True) == 17


@pytest.mark.rule("E-INIT-9", "E-COND-UNTERKUEHLT-2", "E-OPEN-8")
def test_e_init_9_unterkuehlt_sets_initiative_to_zero_while_it_lasts() -> None:
    """E-INIT-9: Unterkühlt -> 0; E-OPEN-8: the old value (with Orientieren) returns after."""
    ron = character_entry("Ron", 22, 5, 0).orient()
    slug = enemy_entry("slug", 1, 1)
    cold = ron.with_hypothermia(True)
    assert cold.effective == 0
    assert initiative_order([cold, slug]) == ["slug", "Ron"]
    warm = cold.with_hypothermia(False)
    assert warm.effective == 27
    assert initiative_order([warm, slug]) == ["Ron", "slug"]
    assert effective_initiative(22, oriented=True, hypothermic=True) == 0
    # The 0 is the condition table's (E-COND-UNTERKUEHLT-2), not a second number here.
    assert initiative_override({Condition.HYPOTHERMIC}) == 0


@pytest.mark.rule("E-INIT-9", "D-11")
def test_two_hypothermic_creatures_tie_on_base() -> None:
    """E-INIT-9 with D-11: two creatures at 0 are ordered by base initiative."""
    a = character_entry("A", 18, 4, 0).with_hypothermia(True)
    b = enemy_entry("B", 9, 1).with_hypothermia(True)
    assert initiative_order([a, b]) == ["B", "A"]


@pytest.mark.rule("E-ROUND-1", "E-ROUND-2", "E-ROUND-3")
def test_combat_preparation_and_round_length() -> None:
    """E-ROUND-1: preparation then 6 s rounds; E-ROUND-2: positions first; E-ROUND-3: initiative."""
    assert PREPARATION_STEPS == (PreparationStep.SET_POSITIONS, PreparationStep.INITIATIVE)
    assert ROUND_SECONDS == 6
    assert rounds_in(60) == 10
    assert rounds_in(600) == 100
    with pytest.raises(ValueError):
        rounds_in(-1)


@pytest.mark.rule("E-ROUND-5", "E-ROUND-6")
def test_turns_follow_the_order_and_rounds_repeat() -> None:
    """E-ROUND-5: creatures act in order; E-ROUND-6: after the last one a new round begins."""
    order = initiative_order(
        [character_entry("Ron", 12, 5, 0), enemy_entry("guard", 15, 1), enemy_entry("dog", 3, 2)]
    )
    turn = Turn()
    seen = []
    for _ in range(7):
        seen.append((turn.round, order[turn.index]))
        turn = turn.next(len(order))
    assert seen == [
        (1, "guard"),
        (1, "Ron"),
        (1, "dog"),
        (2, "guard"),
        (2, "Ron"),
        (2, "dog"),
        (3, "guard"),
    ]
    with pytest.raises(ValueError):
        Turn().next(0)


@pytest.mark.rule("E-ROUND-7")
def test_e_round_7_combat_ends() -> None:
    """E-ROUND-7: the fight stops, a side flees, or no enemy is in sight."""
    assert not combat_ends(fighting_stopped=False, a_side_fled=False, enemies_in_sight=True)
    assert combat_ends(fighting_stopped=True, a_side_fled=False, enemies_in_sight=True)
    assert combat_ends(fighting_stopped=False, a_side_fled=True, enemies_in_sight=True)
    assert combat_ends(fighting_stopped=False, a_side_fled=False, enemies_in_sight=False)


entry_st = st.builds(
    lambda value, base, pc, hyp, ori: (value, base, pc, hyp, ori),
    st.integers(-5, 40),
    st.integers(0, 20),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(entry_st, min_size=1, max_size=8))
def test_property_order_is_sorted_by_the_d11_key(
    rows: list[tuple[int, int, bool, bool, bool]],
) -> None:
    """D-11: every adjacent pair obeys (initiative, base, character, roster) descending."""
    entries = [
        replace(
            InitiativeEntry(f"c{i}", value, base, is_character=pc, roster_index=i),
            hypothermic=hyp,
            oriented=ori,
        )
        for i, (value, base, pc, hyp, ori) in enumerate(rows)
    ]
    by_id = {e.id: e for e in entries}
    order = initiative_order(entries)
    assert sorted(order) == sorted(by_id)
    keys = [
        (-by_id[i].effective, -by_id[i].base, not by_id[i].is_character, by_id[i].roster_index)
        for i in order
    ]
    assert keys == sorted(keys)
    assert initiative_order(list(reversed(entries))) == order  # input order never matters
