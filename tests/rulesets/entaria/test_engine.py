"""The match engine's core: turns, budget, moves, attacks, damage, GM commands.

Scenario tests: given a map and creatures, the commands, the expected end state.
"""

from __future__ import annotations

import json

import pytest

from game.board.grid import Cover
from game.rulesets.entaria.combat import plan_attack
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import (
    Attack,
    ChangePosition,
    EndTurn,
    GmCondition,
    GmCoverOverride,
    GmDoor,
    GmEndFight,
    GmSetLifePoints,
    Move,
)
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.interact_actions import DropItem
from game.rulesets.entaria.queries.targets import cover_override
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.state import BattleState, Pending, cover_key
from tests.rulesets.entaria.helpers import foe, hero, make_battle

ROOM = """
..........
..........
..........
..........
"""


def test_initiative_order_and_turns() -> None:
    """E-INIT-1, E-INIT-3, E-ROUND-5, E-ROUND-6, D-11: fixed enemies, rounds cycle."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], seed=3)
    assert set(battle.state.order) == {"ron", "p1"}
    assert battle.state.creatures["p1"].initiative == 12
    first = battle.state.current_key
    battle.apply(EndTurn(first))
    second = battle.state.current_key
    assert second != first
    battle.apply(EndTurn(second))
    assert battle.state.round == 2 and battle.state.current_key == first


def test_only_the_current_creature_acts() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    with pytest.raises(CommandRejected, match="turn"):
        battle.apply(EndTurn("p1"))


def test_walk_costs_and_budget() -> None:
    """E-ACT-HH-GEHEN-1, E-ACT-2, D-10: two walks per turn, the second makes Wehrlos (E-ACT-6)."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    path = ((0, 0), (1, 0), (2, 0), (3, 0))
    battle.apply(Move("ron", "WALK", path))
    ron = battle.state.creatures["ron"]
    assert ron.cell == (3, 0)
    assert Condition.DEFENSELESS not in ron.conditions
    battle.apply(Move("ron", "WALK", ((3, 0), (4, 0))))
    assert Condition.DEFENSELESS in ron.conditions
    with pytest.raises(CommandRejected, match="no half action left"):
        battle.apply(Move("ron", "WALK", ((4, 0), (5, 0))))


def test_walk_beyond_bew_is_rejected_without_change() -> None:
    """E-ACT-HH-GEHEN-1: Ron's BEW is 6; a 7-field walk is refused and nothing changes."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match="costs 7"):
        battle.apply(Move("ron", "WALK", tuple((x, 0) for x in range(8))))
    assert battle.state.to_dict() == before
    assert battle.record == []


def test_leaving_reach_halves_and_failed_save_leaves_prone() -> None:
    """D-10, E-ACT-HH-GEHEN-2, E-ACT-HH-GEHEN-3: failed save: Liegend on the start."""
    battle = make_battle(ROOM, [hero("ron", (1, 1)), foe("p1", (2, 1))], first="ron", dice=[1])
    battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
    ron = battle.state.creatures["ron"]
    assert ron.cell == (1, 1) and Condition.PRONE in ron.conditions


def test_ranged_hit_deals_damage_ex_dmg_1_style() -> None:
    """E-RANGED-4, E-RANGED-5, E-DMG-2, D-4: a laser pistol hit at Nah range."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron", dice=[18, 4])
    p1 = battle.state.creatures["p1"]
    before = p1.lp
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    damage = next(e for e in events if e.kind == "damage")
    assert damage.data["die"] == 4
    assert p1.lp == before - damage.data["final"]


def test_critical_failure_forfeits_the_turn_and_empties_the_magazine() -> None:
    """E-CRIT-FAIL-1, E-CRIT-FAIL-2, E-CRIT-FAIL-3."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron", dice=[1])
    battle.apply(Attack("ron", "p1", "laserpistole"))
    ron = battle.state.creatures["ron"]
    assert ron.magazines["laserpistole"] == 0
    with pytest.raises(CommandRejected, match="critical failure"):
        battle.apply(Move("ron", "WALK", ((0, 0), (0, 1))))


def test_melee_needs_reach() -> None:
    """E-MELEE-2: the target must stand on an adjacent field."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron")
    with pytest.raises(CommandRejected, match="melee reach"):
        battle.apply(Attack("ron", "p1", "unarmed"))


def test_life_states_follow_lp() -> None:
    """D-5, E-LP-2, E-LP-3, E-LP-4: GM sets LP; conditions follow."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron")
    battle.apply(GmSetLifePoints(None, "ron", 0))
    ron = battle.state.creatures["ron"]
    assert Condition.UNCONSCIOUS in ron.conditions
    assert ron.held == [] and battle.state.ground_items[(0, 0)]  # E-COND-BEWUSSTLOS-2
    battle.apply(GmSetLifePoints(None, "ron", -3))
    assert Condition.DYING in ron.conditions
    battle.apply(GmSetLifePoints(None, "ron", -10))
    assert Condition.DEAD in ron.conditions
    assert battle.state.over and battle.state.winner == "foes"  # E-ROUND-7


def test_dying_loses_lp_at_turn_start() -> None:
    """E-COND-STERBEND-1: 1 LP at the start of its turn."""
    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (1, 1), "lara"), foe("p1", (9, 3))], first="p1"
    )
    battle.apply(GmSetLifePoints(None, "ron", -2))
    for _ in range(3):
        battle.apply(EndTurn(battle.state.current_key))
    assert battle.state.creatures["ron"].lp <= -3


def test_gm_commands_are_logged() -> None:
    """E-IMP-GM-1 context, D-9: GM cover override, doors, conditions, end."""
    battle = make_battle("..+..", [hero("ron", (0, 0)), foe("p1", (4, 0))], first="ron")
    battle.apply(GmDoor(None, (2, 0), True))
    assert not battle.grid.is_wall((2, 0))
    battle.apply(GmCondition(None, "p1", "PRONE"))
    assert Condition.PRONE in battle.state.creatures["p1"].conditions
    battle.apply(GmCoverOverride(None, "ron", "p1", "FULL"))
    assert battle.state.cover_overrides[cover_key("ron", "p1")] == "FULL"
    battle.apply(GmEndFight(None, "heroes"))
    assert battle.state.over and battle.state.winner == "heroes"
    assert sum(1 for e in battle.log if e.kind == "gm") == 4


def test_stand_up_removes_prone() -> None:
    """E-ACT-HH-POSITION, E-COND-LIEGEND-4."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    battle.apply(ChangePosition("ron", "prone"))
    battle.apply(EndTurn("ron"))
    while battle.state.current_key != "ron":
        battle.apply(EndTurn(battle.state.current_key))
    battle.apply(ChangePosition("ron", "standing"))
    assert Condition.PRONE not in battle.state.creatures["ron"].conditions


def test_state_and_commands_round_trip_through_json() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron")
    battle.apply(Move("ron", "WALK", ((0, 0), (1, 0))))
    data = battle.state.to_dict()
    assert BattleState.from_dict(data).to_dict() == data
    assert COMMANDS.from_dict(battle.record[0].to_dict()) == battle.record[0]


@pytest.mark.parametrize("seed", range(1, 7))
def test_surprised_creatures_lose_their_first_turn(seed: int) -> None:
    """E-SURPRISE-1, E-SURPRISE-2, E-COND-UEBERRASCHT: Handlungsunfähig in round 1 only."""
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0), conditions=(Condition.SURPRISED,)), foe("p1", (9, 3))],
        seed=seed,
    )
    ron = battle.state.creatures["ron"]
    for _ in range(4):
        if battle.state.current_key == "ron" and battle.state.round >= 2:
            break
        assert battle.state.current_key != "ron"  # round 1: ron's turn is skipped
        battle.apply(EndTurn(battle.state.current_key))
    assert battle.state.round == 2 and battle.state.current_key == "ron"
    assert Condition.SURPRISED not in ron.conditions
    battle.apply(Move("ron", "WALK", ((0, 0), (1, 0))))


def test_gm_removing_stable_coma_below_one_lp_is_rejected_cleanly() -> None:
    """E-COND-STABILESKOMA-2: Stabiles Koma ends only at LP >= 1 -- a rejection, not a crash."""
    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (1, 1), "lara"), foe("p1", (9, 3))], first="p1"
    )
    battle.apply(GmSetLifePoints(None, "ron", -5))
    battle.apply(GmCondition(None, "ron", "DYING", 0))
    assert Condition.STABLE_COMA in battle.state.creatures["ron"].conditions
    with pytest.raises(CommandRejected, match="LP"):
        battle.apply(GmCondition(None, "ron", "STABLE_COMA", 0))


def test_gm_healing_a_dying_creature_ends_dying() -> None:
    """E-COND-STERBEND-3, E-COND-STABILESKOMA-2/3: LP >= 1 ends Sterbend and the coma."""
    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (1, 1), "lara"), foe("p1", (9, 3))], first="p1"
    )
    battle.apply(GmSetLifePoints(None, "ron", -5))
    battle.apply(GmSetLifePoints(None, "ron", 8))
    held = battle.state.creatures["ron"].conditions
    assert Condition.DYING not in held and Condition.STABLE_COMA not in held
    assert Condition.EXHAUSTED in held


def test_gm_condition_count_stacks_irritiert() -> None:
    """E-COND-IRRITIERT-2: held three times."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    battle.apply(GmCondition(None, "p1", "IRRITATED", 3))
    assert battle.state.creatures["p1"].conditions.count(Condition.IRRITATED) == 3


def test_kneeling_from_prone_kneels() -> None:
    """E-ACT-HH-POSITION: lying down, then kneeling."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    battle.apply(ChangePosition("ron", "prone"))
    battle.apply(ChangePosition("ron", "kneeling"))
    ron = battle.state.creatures["ron"]
    assert ron.stance.value == "kneeling" and Condition.PRONE not in ron.conditions


def test_simplified_enemy_knocked_out_non_lethally_stays_alive() -> None:
    """E-NONLETHAL-3, E-LP-ENEMY-1, E-OPEN-34: LP 0 without a lethal loss is Bewusstlos."""
    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), foe("punk", (9, 3), "akuanischer_strassenpunk")], first="ron"
    )
    punk = battle.state.creatures["punk"]
    assert punk.simplified
    battle.lose_life_points(punk, punk.lp, nonlethal=True)
    assert Condition.UNCONSCIOUS in punk.conditions and Condition.DEAD not in punk.conditions
    battle._expire_effects(punk)
    battle.update_life_state(punk)
    assert Condition.DEAD not in punk.conditions


def test_a_state_snapshot_never_changes_afterwards() -> None:
    """Given a knife on Ron's field and an area fire in progress with nested data; when a
    snapshot is taken, Ron drops his pistol onto the knife and the fire's record grows,
    the snapshot stays as it was; a state built from it shares nothing with it either."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron")
    battle.state.ground_items = {(0, 0): ["monofilament_klinge"]}
    fire = Pending("area_fire", "p1", {"fields": [[1, 0, 4]], "affected": []})
    battle.state.pending.append(fire)
    snapshot = battle.state.to_dict()
    frozen = json.loads(json.dumps(snapshot))
    battle.apply(DropItem("ron", "laserpistole"))
    assert battle.state.ground_items == {(0, 0): ["monofilament_klinge", "laserpistole"]}
    fire.data["affected"].append("ron")
    fire.data["fields"][0][2] = 0
    assert json.loads(json.dumps(snapshot)) == frozen
    rebuilt = BattleState.from_dict(snapshot)
    rebuilt.ground_items[(0, 0)].append("taserpistole")
    rebuilt.pending[-1].data["fields"][0].append(9)
    rebuilt.pending[-1].data["affected"].append("p1")
    assert json.loads(json.dumps(snapshot)) == frozen


@pytest.mark.rule("D-9")
def test_the_cover_ruling_is_filed_under_cover_key_for_one_direction() -> None:
    """Given Ron and a pirate in the open; when the GM rules Volldeckung for Ron's attacks
    on the pirate, the state files it under ``cover_key("ron", "p1")`` and the attack plan
    and the screen's query read it there; the pirate's attacks on Ron keep the map's cover."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron")
    ron, p1 = battle.creature("ron"), battle.creature("p1")
    battle.apply(GmCoverOverride(None, "ron", "p1", "FULL"))
    assert battle.state.cover_overrides == {cover_key("ron", "p1"): "FULL"}
    assert plan_attack(battle, ron, p1, battle.weapon("laserpistole")).cover is Cover.FULL
    assert cover_override(battle, "ron", "p1") is Cover.FULL
    assert plan_attack(battle, p1, ron, battle.weapon("laserpistole")).cover is Cover.NONE
    assert cover_override(battle, "p1", "ron") is None


def test_gm_cover_ruling_is_state_and_used_once() -> None:
    """D-9: the GM's cover override is saved with the state and consumed by the next attack."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (3, 0))], first="ron", dice=[2, 3])
    # Volldeckung gives the attacker Nachteil: two d20 (E-COVER-4)
    battle.apply(GmCoverOverride(None, "ron", "p1", "FULL"))
    assert BattleState.from_dict(battle.state.to_dict()).cover_overrides == {
        cover_key("ron", "p1"): "FULL"
    }
    events = battle.apply(Attack("ron", "p1", "laserpistole"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["cover"] == "FULL"
    assert battle.state.cover_overrides == {}


def test_irritiert_ends_when_its_source_dies() -> None:
    """E-ACT-HH-IRRITIEREN: Irritiert timed to the irritator's turn ends if the irritator dies."""
    from game.rulesets.entaria.rules.durations import DurationKind
    from game.rulesets.entaria.state import Effect

    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (1, 1), "lara"), foe("p1", (3, 0))], first="ron"
    )
    p1 = battle.state.creatures["p1"]
    battle.add_condition(
        p1,
        Condition.IRRITATED,
        effect=Effect(
            "IRRITATED",
            DurationKind.UNTIL_START_OF_SOURCE_TURN_NEXT_ROUND,
            source="ron",
            started_round=1,
        ),
    )
    battle.apply(GmSetLifePoints(None, "ron", -10))
    while battle.state.round < 2:
        battle.apply(EndTurn(battle.state.current_key))
    assert Condition.IRRITATED not in p1.conditions


@pytest.mark.rule("E-COND-BEWUSSTLOS-1")
def test_a_downed_creature_lies_and_stands_again_when_liegend_ends() -> None:
    """E-COND-BEWUSSTLOS-1, E-COND-STERBEND-1: Bewusstlos counts as Liegend, so the stance is
    prone (card and token agree with the conditions); waking up ends the implied Liegend.

    Given Ron kneeling and Lara standing; commands: Ron to 0 LP, Lara lies down herself and
    is knocked out, both healed; Ron dying, then dead. Expected: prone while downed, Ron
    stands after waking, Lara (who holds Liegend herself) still lies, the dead lie.
    """
    from game.rulesets.entaria.queries.cards import creature_card
    from game.rulesets.entaria.state import Stance

    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (1, 1), "lara"), foe("p1", (9, 3))], first="ron"
    )
    ron, lara = battle.state.creatures["ron"], battle.state.creatures["lara"]
    battle.apply(ChangePosition("ron", "kneeling"))
    battle.apply(GmSetLifePoints(None, "ron", 0))
    assert Condition.PRONE not in ron.conditions  # only implied by Bewusstlos
    assert ron.stance is Stance.PRONE
    assert creature_card(battle, "ron").stance is Stance.PRONE
    battle.apply(GmCondition(None, "lara", "PRONE"))
    battle.apply(GmSetLifePoints(None, "lara", 0))
    battle.apply(GmSetLifePoints(None, "ron", 5))
    battle.apply(GmSetLifePoints(None, "lara", 5))
    assert Condition.UNCONSCIOUS not in ron.conditions and ron.stance is Stance.STANDING
    assert Condition.PRONE in lara.conditions and lara.stance is Stance.PRONE
    battle.apply(GmSetLifePoints(None, "ron", -3))
    assert Condition.DYING in ron.conditions and ron.stance is Stance.PRONE
    battle.apply(GmSetLifePoints(None, "ron", -10))
    assert Condition.DEAD in ron.conditions and ron.stance is Stance.PRONE


@pytest.mark.rule("E-COND-BEWUSSTLOS-1")
def test_a_creature_set_up_unconscious_lies() -> None:
    """E-COND-BEWUSSTLOS-1: a mission's Bewusstlos creature starts prone."""
    from game.rulesets.entaria.state import Stance

    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0)), foe("p1", (9, 3), conditions=(Condition.UNCONSCIOUS,))],
        first="ron",
    )
    assert battle.state.creatures["p1"].stance is Stance.PRONE


@pytest.mark.rule("E-COND-ENTSETZT-1")
def test_gm_answers_a_question_and_the_answer_survives_a_replay() -> None:
    """E-COND-ENTSETZT-1 (Entsetzt asks the GM for a Wahnsinn check), D-9 (GM rulings).

    Given Entsetzt on p1, which puts a gm_question in the log; commands: answers to an
    index that is no question, to the question, and to it again. Expected: only the
    answer to the open question applies, logs "Spielleitung: ..." in both languages and
    closes it; a replay of the record (a save and load), a JSON round trip of the
    command and a clone of the match agree.
    """
    from game.match.record import replay
    from game.rulesets.entaria.clone import clone_battle
    from game.rulesets.entaria.commands import GmAnswer
    from game.rulesets.entaria.ruleset import ENTARIA

    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p1", (9, 3))], first="ron")
    battle.apply(GmCondition(None, "p1", "HORRIFIED"))
    question = next(i for i, e in enumerate(battle.log) if e.kind == "gm_question")
    assert battle.open_gm_questions() == [question]
    for wrong in (question - 1, len(battle.log), -1):
        with pytest.raises(CommandRejected) as refused:
            battle.apply(GmAnswer(None, wrong, "ja"))
        assert "offene Frage" in refused.value.de
    assert clone_battle(battle).open_gm_questions() == [question]
    answer = GmAnswer(None, question, "  Probe   bestanden ")
    assert COMMANDS.from_dict(json.loads(json.dumps(answer.to_dict()))) == answer
    (event,) = battle.apply(answer)
    assert event.kind == "gm_answer" and event.data == {"question": question}
    assert event.de.startswith("Spielleitung: Probe bestanden (zu: ")
    assert event.en.startswith("Game master: Probe bestanden (re: ")
    assert battle.open_gm_questions() == []
    with pytest.raises(CommandRejected):
        battle.apply(GmAnswer(None, question))
    again = replay(ENTARIA, battle.setup, battle.catalogue, battle.seed, battle.record)
    assert again.open_gm_questions() == [] and again.log[-1] == event
