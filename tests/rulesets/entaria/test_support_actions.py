"""Defence, support, the other actions, Interagieren, free actions and Impuls.

Scenario tests: given a map, creatures and scripted dice, the commands, the expected
end state. Every rejected command leaves ``battle.state.to_dict()`` unchanged.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.board.grid import BattleGrid, Cell, Cover
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria import engine as engine_module
from game.rulesets.entaria.action_helpers import LONG_ACTION, READY
from game.rulesets.entaria.catalogue import FrozenMap
from game.rulesets.entaria.combat import armour_of, plan_attack
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, Move, UseAction
from game.rulesets.entaria.engine import (
    BLOCKING_STANCE,
    EVASIVE_MOVE,
    HELP_BONUS,
    IMPULSE_COVER,
    IMPULSE_ENV,
    SHIELD_RAISED,
    STUDIED_ENEMY,
    Battle,
    CommandRejected,
)
from game.rulesets.entaria.healing_actions import DEAD_CLOCK, FIRST_AIDED
from game.rulesets.entaria.impulse_actions import GmSpendImpulse, SpendImpulse
from game.rulesets.entaria.interact_actions import DropItem, Interact, Shout
from game.rulesets.entaria.ready_actions import EndLongAction, TriggerReady, occupied_budget
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.checks import Crit, Roll, roll_beats
from game.rulesets.entaria.rules.durations import DurationKind
from game.rulesets.entaria.rules.hiding_places import suitable_hiding_place
from game.rulesets.entaria.rules.impulse import ImpulseEffect
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.state import CreatureState
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

ROOM = """
..........
..........
..........
..........
"""


# ------------------------------------------------------------------ helpers
def advance(battle: Battle, key: str, round_: int) -> None:
    """End turns until it is ``key``'s turn in ``round_``."""
    for _ in range(5000):
        if battle.state.round == round_ and battle.state.current_key == key:
            return
        assert battle.state.round <= round_, f"{key} had no turn in round {round_}"
        battle.apply(EndTurn(battle.state.current_key))
    raise AssertionError("no progress")


def rejected(battle: Battle, command: Command, match: str) -> None:
    """Apply ``command``, expect a rejection and no change of state or record."""
    before = battle.state.to_dict()
    doors = battle.grid.door_open.copy()
    record = list(battle.record)
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert (battle.grid.door_open == doors).all()
    assert battle.record == record


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def creature(battle: Battle, key: str) -> CreatureState:
    return battle.state.creatures[key]


def effect_names(c: CreatureState) -> list[str]:
    return [e.name for e in c.effects]


def used_all_dice(battle: Battle) -> bool:
    return battle.roller.remaining == 0  # type: ignore[attr-defined]


# ------------------------------------------------------------------ defence
@pytest.mark.rule("E-ACT-VH-BLOCKADE", "E-OPEN-36", "E-ACT-2")
def test_blocking_stance_adds_two_armour_against_melee_until_next_round() -> None:
    """Given Ron in the open; Blockadehaltung; expected: +2 vs melee, gone next round."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    ron = creature(battle, "ron")
    events = battle.apply(UseAction("ron", "BLOCKING_STANCE"))
    assert "defence" in kinds(events)
    assert armour_of(battle, ron, cover=Cover.NONE, melee=True) == 2
    assert armour_of(battle, ron, cover=Cover.NONE, melee=False) == 0
    rejected(battle, UseAction("ron", "EVASIVE_MOVE"), "only one full action")
    battle.apply(EndTurn("ron"))
    assert battle.has_effect(ron, BLOCKING_STANCE)  # still during the pirate's turn
    advance(battle, "ron", 2)
    assert not battle.has_effect(ron, BLOCKING_STANCE)


@pytest.mark.rule("E-ACT-VH-AUSWEICH")
def test_evasive_move_raises_dodge_by_five_for_attacks() -> None:
    """Given Ron's Ausweichbewegung; the pirate shoots: the ZW is Ausweichen 15 + 5."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (4, 1))], first="ron", dice=[2])
    battle.apply(UseAction("ron", "EVASIVE_MOVE"))
    assert battle.has_effect(creature(battle, "ron"), EVASIVE_MOVE)
    battle.apply(EndTurn("ron"))
    events = battle.apply(Attack("p", "ron", "laserpistole"))
    roll = of_kind(events, "roll")[0]
    assert "gegen Ausweichen 20 (Grundwert 15, Ausweichbewegung +5)" in roll.de
    assert "miss" in kinds(events)
    advance(battle, "ron", 2)
    assert not battle.has_effect(creature(battle, "ron"), EVASIVE_MOVE)


@pytest.mark.rule("E-ACT-HH-SCHILD")
def test_use_shield_needs_a_shield_and_raises_it_until_next_round() -> None:
    """Given Ron with a ballistic shield; Schildeinsatz: the effect SHIELD_RAISED."""
    battle = make_battle(
        ROOM,
        [
            hero("ron", (0, 0), equipment=("laserpistole", "ballistischer_schild")),
            hero("lara", (0, 3), type_="lara"),
            foe("p", (9, 3)),
        ],
        first="ron",
    )
    ron = creature(battle, "ron")
    assert "ballistischer_schild" in ron.carried
    events = battle.apply(UseAction("ron", "USE_SHIELD"))
    assert events[-1].data["rule"] == "E-ACT-HH-SCHILD"
    effect = next(e for e in ron.effects if e.name == SHIELD_RAISED)
    assert effect.kind is DurationKind.UNTIL_START_OF_OWN_TURN_NEXT_ROUND
    advance(battle, "lara", battle.state.round if battle.state.current_key != "ron" else 1)
    rejected(battle, UseAction("lara", "USE_SHIELD"), "no cover armour with Schild")
    advance(battle, "ron", 2)
    assert not battle.has_effect(ron, SHIELD_RAISED)


# ------------------------------------------------------------------ support
@pytest.mark.rule("E-ACT-VH-HELFEN", "E-OPEN-22")
def test_help_gives_one_check_bonus_until_the_end_of_the_helped_turn() -> None:
    """Given Valina next to Ron; Helfen: Ron holds +1w6 (one use) until his turn ends."""
    battle = make_battle(
        ROOM,
        [hero("valina", (1, 1), type_="valina"), hero("ron", (2, 1)), foe("p", (9, 3))],
        first="valina",
    )
    ron = creature(battle, "ron")
    rejected(battle, UseAction("valina", "HELP"), "needs the creature helped")
    rejected(battle, UseAction("valina", "HELP", target="p"), "not within melee reach")
    rejected(battle, UseAction("valina", "HELP", target="valina"), "another person")
    events = battle.apply(UseAction("valina", "HELP", target="ron"))
    assert events[-1].data["rule"] == "E-ACT-VH-HELFEN"
    effect = next(e for e in ron.effects if e.name == HELP_BONUS)
    assert effect.uses == 1 and effect.value == 0  # the w6 is rolled with the check
    assert effect.kind is DurationKind.UNTIL_END_OF_OWN_NEXT_TURN
    advance(battle, "ron", 1 if battle.state.order.index("ron") > 0 else 2)
    assert battle.has_effect(ron, HELP_BONUS)  # Ron's next turn: the window is open
    battle.apply(EndTurn("ron"))
    assert not battle.has_effect(ron, HELP_BONUS)  # ended with Ron's turn


STAB_MAP = """
..........
..........
..........
..........
"""


def _stab_battle(dice: list[int]) -> Battle:
    # seed 3: Valina's initiative (22) beats Likron's (16), so she acts before him in round 2
    battle = make_battle(
        STAB_MAP,
        [
            hero("likron", (1, 1), type_="likron", life_points=-2, conditions=(Condition.DYING,)),
            hero("valina", (2, 1), type_="valina"),
            foe("p", (9, 3)),
        ],
        seed=3,
        first="valina",
        dice=dice,
    )
    assert creature(battle, "valina").initiative > creature(battle, "likron").initiative
    return battle


@pytest.mark.rule(
    "EX-STAB-1",
    "E-ACT-VH-STABILISIEREN-1",
    "E-ACT-VH-STABILISIEREN-2",
    "E-COND-STABILESKOMA-1",
    "E-LP-3",
    "E-OPEN-5",
)
def test_ex_stab_1_valina_fails_then_stabilizes_likron() -> None:
    """EX-STAB-1: WM -2 fails (5+7-2=10); Likron drops to -3; WM -3 succeeds (12+7-3=16)."""
    battle = _stab_battle([5, 12])
    likron = creature(battle, "likron")
    first = battle.apply(UseAction("valina", "STABILIZE", target="likron"))
    roll = of_kind(first, "roll")[0]
    assert roll.data["modifier"] == -2 and roll.data["total"] == 10 and not roll.data["success"]
    assert Condition.DYING in likron.conditions
    advance(battle, "valina", 2)
    assert likron.lp == -3  # Sterbend/Verletzt at the start of his turn
    second = battle.apply(UseAction("valina", "STABILIZE", target="likron"))
    roll = of_kind(second, "roll")[0]
    assert roll.data["modifier"] == -3 and roll.data["edge"] == 0  # no Nachteil for the retry
    assert roll.data["success"]
    assert Condition.DYING not in likron.conditions
    assert Condition.STABLE_COMA in likron.conditions
    assert Condition.UNCONSCIOUS in battle.held_conditions(likron)
    assert likron.lp == -3
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-VH-STABILISIEREN-1")
def test_stabilize_needs_a_medkit_a_dying_target_and_reach() -> None:
    battle = make_battle(
        ROOM,
        [
            hero("ron", (1, 1)),
            hero("likron", (2, 1), type_="likron", life_points=-2, conditions=(Condition.DYING,)),
            hero("valina", (6, 1), type_="valina"),
            foe("p", (9, 3)),
        ],
        first="ron",
    )
    rejected(battle, UseAction("ron", "STABILIZE", target="likron"), "no Medkit")
    rejected(battle, UseAction("ron", "STABILIZE", target="p"), "not dying")
    advance(battle, "valina", battle.state.round)
    rejected(battle, UseAction("valina", "STABILIZE", target="likron"), "not within reach")
    reasons = {la.action: la.reason for la in battle.legal_actions("valina")}
    assert reasons[Action.STABILIZE] == "no dying creature within reach"


@pytest.mark.rule("E-ACT-LH-ERSTEHILFE", "E-ACT-3", "E-OPEN-49")
def test_first_aid_heals_one_lp_after_ten_minutes_once_per_hour() -> None:
    """Given Valina and an injured Ron (10/18 LP); Erste Hilfe: +1 LP in round 101."""
    battle = make_battle(
        ROOM,
        [
            hero("valina", (1, 1), type_="valina"),
            hero("ron", (2, 1), life_points=10),
            foe("p", (9, 3)),
        ],
        first="valina",
    )
    ron = creature(battle, "ron")
    rejected(battle, UseAction("valina", "FIRST_AID", target="p"), "not within reach")
    battle.apply(UseAction("valina", "FIRST_AID", target="ron"))
    pending = next(p for p in battle.state.pending if p.kind == LONG_ACTION)
    assert pending.data["complete"] == 1 + 100  # 10 minutes of 10 rounds
    assert Condition.FOCUSED not in creature(battle, "valina").conditions  # not a Fokussiert LH
    advance(battle, "valina", 2)
    rejected(battle, UseAction("valina", "BLOCKING_STANCE"), "busy with a longer action")
    rejected(battle, Move("valina", "WALK", ((1, 1), (1, 2))), "occupies the whole turn")
    assert "long_action_continues" in kinds(battle.log)
    assert ron.lp == 10
    advance(battle, "valina", 101)
    assert ron.lp == 11
    aided = next(e for e in ron.effects if e.name == FIRST_AIDED)
    assert aided.until_round == 101 + 600  # once per hour
    assert not battle.state.pending
    rejected(battle, UseAction("valina", "FIRST_AID", target="ron"), "within the hour")


@pytest.mark.rule("E-ACT-LH-NANO")
def test_nano_healbot_boost_heals_1w6_once() -> None:
    battle = make_battle(
        ROOM,
        [
            hero("ron", (1, 1), life_points=5, equipment=("laserpistole", "nanoheilbots")),
            foe("p", (9, 3)),
        ],
        first="ron",
        dice=[4],
    )
    ron = creature(battle, "ron")
    battle.apply(UseAction("ron", "NANO_HEALBOT_BOOST"))
    advance(battle, "ron", 101)
    assert ron.lp == 9
    assert used_all_dice(battle)
    rejected(battle, UseAction("ron", "NANO_HEALBOT_BOOST"), "since the last rest")


@pytest.mark.rule(
    "EX-REVIVE-1",
    "E-ACT-LH-WIEDERBELEBEN-1",
    "E-ACT-LH-WIEDERBELEBEN-2",
    "E-ACT-LH-WIEDERBELEBEN-3",
    "E-ACT-LH-WIEDERBELEBEN-4",
    "E-ACT-LH-WIEDERBELEBEN-5",
    "E-OPEN-34",
    "E-OPEN-35",
)
def test_ex_revive_1_two_attempts_three_minutes() -> None:
    """EX-REVIVE-1: dead 1 minute; attempt 1 (WM -1) fails, attempt 2 (WM -2) succeeds."""
    battle = make_battle(
        ROOM,
        [
            hero("lara", (1, 1), type_="lara"),
            hero(
                "boss",
                (2, 1),
                type_="akuanischer_drogendealer",
                life_points=-10,
                conditions=(Condition.DEAD,),
            ),
            foe("p", (9, 3)),
        ],
        first="lara",
        dice=[5, 15],
    )
    boss = creature(battle, "boss")
    assert battle.has_effect(boss, DEAD_CLOCK)
    boss.minutes_dead = 1.0  # one minute passes before help arrives
    battle.apply(UseAction("lara", "REVIVE", target="boss"))
    advance(battle, "lara", 11)
    first = [e for e in battle.log if e.kind == "roll"][-1]
    assert first.data["modifier"] == -1 and not first.data["success"]
    assert Condition.DEAD in boss.conditions
    assert boss.minutes_dead == 2.0
    battle.apply(UseAction("lara", "REVIVE", target="boss"))
    advance(battle, "lara", 21)
    second = [e for e in battle.log if e.kind == "roll"][-1]
    assert second.data["modifier"] == -2 and second.data["success"]
    revived = [e for e in battle.log if e.kind == "revived"][-1]
    assert revived.data["essence_loss"] == 3 and revived.data["insanity_checks"] == 3
    assert Condition.DEAD not in boss.conditions
    assert Condition.STABLE_COMA in boss.conditions
    assert boss.lp == -10  # the LP stay; Stabiles Koma replaces Tod (E-OPEN-34)
    assert not battle.has_effect(boss, DEAD_CLOCK)
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-LH-WIEDERBELEBEN-1")
def test_revive_needs_a_dead_target() -> None:
    battle = make_battle(
        ROOM,
        [hero("lara", (1, 1), type_="lara"), hero("ron", (2, 1)), foe("p", (9, 3))],
        first="lara",
    )
    rejected(battle, UseAction("lara", "REVIVE", target="ron"), "not dead")


# ------------------------------------------------------------------ the other actions
@pytest.mark.rule("E-ACT-VH-STUDIEREN")
def test_study_enemy_marks_the_enemy_until_the_end_of_next_round() -> None:
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0)), hero("lara", (0, 3), type_="lara"), foe("p", (5, 1))],
        first="ron",
    )
    pirate = creature(battle, "p")
    rejected(battle, UseAction("ron", "STUDY_ENEMY", target="lara"), "no enemy")
    battle.apply(UseAction("ron", "STUDY_ENEMY", target="p"))
    studied = next(e for e in pirate.effects if e.name == STUDIED_ENEMY)
    assert studied.source == "ron" and studied.uses == 1 and studied.until_round == 3
    advance(battle, "ron", 2)
    advance(battle, battle.state.order[-1], 2)  # the last turn of round 2
    assert battle.has_effect(pirate, STUDIED_ENEMY)
    battle.apply(EndTurn(battle.state.current_key))
    assert battle.state.round == 3
    assert not battle.has_effect(pirate, STUDIED_ENEMY)


READY_MAP = """
..........
..........
..........
"""


@pytest.mark.rule("E-ACT-VH-ABWARTEN-1", "E-ACT-VH-ABWARTEN-2")
def test_ready_then_trigger_one_half_action_out_of_turn() -> None:
    """Given Ron waiting for the pirate; the pirate walks; Ron fires once, out of turn."""
    battle = make_battle(READY_MAP, [hero("ron", (0, 1)), foe("p", (7, 1))], first="ron", dice=[2])
    rejected(battle, UseAction("ron", "READY"), "needs the event")
    battle.apply(UseAction("ron", "READY", note="the pirate comes closer"))
    assert [p.kind for p in battle.state.pending] == [READY]
    battle.apply(EndTurn("ron"))
    battle.apply(Move("p", "WALK", ((7, 1), (6, 1), (5, 1), (4, 1))))
    pirate_budget = battle.state.budget
    too_big = json.dumps(UseAction("ron", "BLOCKING_STANCE").to_dict())
    rejected(battle, TriggerReady("ron", too_big), "only one full action")
    impulse = json.dumps(SpendImpulse("ron", "HALF").to_dict())
    rejected(battle, TriggerReady("ron", impulse), "not an Impuls")
    shot = json.dumps(Attack("ron", "p", "laserpistole").to_dict())
    events = battle.apply(TriggerReady("ron", shot))
    assert kinds(events)[0] == "ready_trigger"
    assert events[0].data["action"] == "RANGED_ATTACK"
    assert "miss" in kinds(events)
    assert battle.state.current_key == "p"
    assert battle.state.budget == pirate_budget  # the pirate's turn goes on unchanged
    assert creature(battle, "ron").magazines["laserpistole"] == 14
    assert not battle.state.pending
    rejected(battle, TriggerReady("ron", shot), "not waiting")
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-VH-ABWARTEN-1")
def test_ready_expires_at_the_start_of_the_next_turn() -> None:
    battle = make_battle(READY_MAP, [hero("ron", (0, 1)), foe("p", (7, 1))], first="ron")
    battle.apply(UseAction("ron", "READY", note="a door opens"))
    advance(battle, "ron", 2)
    assert not battle.state.pending
    assert "ready_expired" in kinds(battle.log)


HIDE_MAP = """
.........
.........
...###...
.........
"""


@pytest.mark.rule("EX-HIDE-1", "E-ACT-VH-VERBERGEN-1", "E-ACT-VH-VERBERGEN-2", "E-ACT-5", "E-ACT-6")
def test_ex_hide_1_ron_walks_out_of_sight_and_hides_as_a_half_action() -> None:
    """EX-HIDE-1: Ron (Schatten) walks behind the crates, hides (HH): 10+7 >= Geist 13."""
    battle = make_battle(
        HIDE_MAP,
        [hero("ron", (1, 3)), foe("guard", (4, 0), type_="traa_gardist")],
        first="ron",
        dice=[10],
    )
    ron = creature(battle, "ron")
    assert line_of_sight(battle.grid, (4, 0), (1, 3))
    rejected(battle, UseAction("ron", "HIDE"), "can see Ron")
    battle.apply(Move("ron", "WALK", ((1, 3), (2, 3), (3, 3), (4, 3))))
    assert not line_of_sight(battle.grid, (4, 0), (4, 3))
    events = battle.apply(UseAction("ron", "HIDE"))
    hide = of_kind(events, "hide")[0]
    assert hide.data["targets"] == {"guard": 13} and hide.data["success"]
    assert Condition.UNDETECTED in ron.conditions
    assert Condition.DEFENSELESS not in ron.conditions  # two different actions
    assert battle.state.budget.halves_left == 0  # Verbergen was a half action
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-VH-VERBERGEN-2", "E-OPEN-50")
def test_hide_fails_against_an_observer_it_does_not_beat() -> None:
    battle = make_battle(
        HIDE_MAP,
        [hero("ron", (4, 3)), foe("guard", (4, 0), type_="traa_gardist")],
        first="ron",
        dice=[3],
    )
    events = battle.apply(UseAction("ron", "HIDE"))
    assert of_kind(events, "hide")[0].data["observers"] == {"guard": False}
    assert Condition.UNDETECTED not in creature(battle, "ron").conditions


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1")
def test_hide_needs_suitable_surroundings() -> None:
    open_ground = """
..........
#########.
..........
..........
"""
    battle = make_battle(
        open_ground, [hero("ron", (0, 3)), foe("guard", (0, 0), type_="traa_gardist")], first="ron"
    )
    rejected(battle, UseAction("ron", "HIDE"), "nothing to hide behind")
    grid = BattleGrid.from_ascii(open_ground)
    assert suitable_hiding_place(grid, (0, 2)) and not suitable_hiding_place(grid, (0, 3))


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-ACT-FH-1")
def test_shouting_reveals_a_hidden_creature() -> None:
    battle = make_battle(
        HIDE_MAP,
        [
            hero("ron", (4, 3), conditions=(Condition.UNDETECTED,)),
            foe("guard", (4, 0), type_="traa_gardist"),
        ],
        first="ron",
    )
    events = battle.apply(Shout("ron", "Hierher!"))
    assert kinds(events) == ["shout", "revealed"]
    assert Condition.UNDETECTED not in creature(battle, "ron").conditions


@pytest.mark.rule("E-ACT-HH-IRRITIEREN", "E-COND-IRRITIERT-1")
def test_irritate_until_the_irritators_turn_next_round() -> None:
    """Ron (Ges 7) irritates the pirate (Geist 11) with 10: Irritiert until Ron's next turn."""
    battle = make_battle(
        ROOM, [hero("ron", (1, 1)), foe("p", (2, 1)), foe("q", (9, 3))], first="ron", dice=[10]
    )
    pirate = creature(battle, "p")
    rejected(battle, UseAction("ron", "IRRITATE", target="q"), "not within melee reach")
    events = battle.apply(UseAction("ron", "IRRITATE", target="p"))
    assert of_kind(events, "roll")[0].data["target"] == 11
    assert pirate.conditions.count(Condition.IRRITATED) == 1
    battle.apply(EndTurn("ron"))
    assert Condition.IRRITATED in pirate.conditions  # still during the pirate's turn
    advance(battle, "ron", 2)
    assert Condition.IRRITATED not in pirate.conditions


@pytest.mark.rule("E-ACT-HH-ORIENTIEREN", "E-INIT-8", "E-OPEN-8")
def test_orient_raises_initiative_by_five_from_the_next_round_once() -> None:
    """Seed 1: Ron rolls 11 < the pirate's 12; oriented (16) he acts first from round 2."""
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], seed=1)
    assert creature(battle, "ron").initiative == 11
    assert battle.state.order == ["p", "ron"]
    advance(battle, "ron", 1)
    events = battle.apply(UseAction("ron", "ORIENT", note="exits"))
    assert kinds(events)[-2:] == ["orient", "gm_question"]
    assert creature(battle, "ron").oriented
    rejected(battle, UseAction("ron", "ORIENT"), "already oriented")
    battle.apply(EndTurn("ron"))
    assert battle.state.round == 2 and battle.state.order == ["ron", "p"]


# ------------------------------------------------------------------ Interagieren
@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-ACT-6", "EX-ACT-1")
def test_draw_holster_swap_and_the_hands_limit() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    ron = creature(battle, "ron")
    assert ron.held == ["laserpistole"]
    battle.apply(Interact("ron", "draw", item="taserpistole"))
    assert ron.held == ["laserpistole", "taserpistole"]
    assert Condition.DEFENSELESS not in ron.conditions
    advance(battle, "ron", 2)
    rejected(battle, Interact("ron", "draw", item="monofilament_klinge"), "no free hand")
    battle.apply(Interact("ron", "swap", item="monofilament_klinge", other="taserpistole"))
    assert ron.held == ["laserpistole", "monofilament_klinge"]
    assert "taserpistole" in ron.carried
    battle.apply(Interact("ron", "holster", item="laserpistole"))
    assert ron.held == ["monofilament_klinge"]
    assert Condition.DEFENSELESS in ron.conditions  # Interagieren twice (E-ACT-6)
    rejected(battle, Interact("ron", "reload"), "reload command")


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-ACT-FH-1", "E-ACT-FH-2")
def test_drop_is_free_and_pick_up_is_interagieren() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    ron = creature(battle, "ron")
    battle.apply(DropItem("ron", "laserpistole"))
    assert ron.held == [] and battle.state.ground_items == {(0, 0): ["laserpistole"]}
    assert battle.state.budget.halves_left == 2  # a free action costs no HH
    rejected(battle, Shout("ron", "Deckung!"), "only one free action")
    battle.apply(Interact("ron", "pick_up", item="laserpistole"))
    assert ron.held == ["laserpistole"] and battle.state.ground_items == {}
    rejected(battle, Interact("ron", "pick_up", item="laserpistole"), "no 'laserpistole'")


def giant_battle(ascii_map: str, big_cell: Cell, others: list[CreatureSetup]) -> Battle:
    """Return a match with ``big``, a 2x2 Ron (E-SIZE-1), whose turn it is."""
    giant = dataclasses.replace(CATALOGUE.creatures["ron"], key="riese", size_fields=2)
    catalogue = dataclasses.replace(
        CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, "riese": giant})
    )
    creatures = (CreatureSetup("big", "riese", "heroes", big_cell), *others)
    setup = BattleSetup("Test", BattleGrid.from_ascii(ascii_map), SIDES, creatures)
    battle = new_battle(setup, catalogue, 1)
    while battle.state.current_key != "big":
        battle.apply(EndTurn(battle.state.current_key))
    return battle


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-SIZE-1")
def test_a_large_creature_picks_up_next_to_any_of_its_fields() -> None:
    """Given a 2x2 creature on (3,1)-(4,2) and knives on (5,3) and (6,3); when it picks
    up (5,3) (two fields from its anchor, next to its field (4,2)) that works; (6,3) is
    two fields from every field of it and is refused."""
    battle = giant_battle(ROOM, (3, 1), [foe("p", (9, 3))])
    big = creature(battle, "big")
    big.held = []
    battle.state.ground_items = {(5, 3): ["monofilament_klinge"], (6, 3): ["taserpistole"]}
    rejected(
        battle,
        Interact("big", "pick_up", item="taserpistole", cell=(6, 3)),
        "neighbouring field",
    )
    battle.apply(Interact("big", "pick_up", item="monofilament_klinge", cell=(5, 3)))
    assert big.held == ["monofilament_klinge"]
    assert battle.state.ground_items == {(6, 3): ["taserpistole"]}


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN", "E-ARMOR-CAT-WORN")
def test_worn_armour_is_not_drawn_or_holstered() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="p")
    rejected(battle, Interact("p", "draw", item="panzerjacke"), "Panzerung an-/ausziehen")


DOOR_MAP = """
.+........
#+#.......
..........
"""


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_open_and_close_a_neighbouring_door() -> None:
    battle = make_battle(DOOR_MAP, [hero("ron", (0, 0)), foe("p", (9, 2))], first="ron")
    rejected(battle, Interact("ron", "open_door", cell=(3, 0)), "no door")
    rejected(battle, Interact("ron", "close_door", cell=(1, 0)), "already closed")
    battle.apply(Interact("ron", "open_door", cell=(1, 0)))
    assert battle.grid.is_door_open((1, 0)) and battle.state.open_doors == {(1, 0)}
    battle.apply(Interact("ron", "close_door", cell=(1, 0)))
    assert not battle.grid.is_door_open((1, 0)) and battle.state.open_doors == set()


@pytest.mark.rule("E-OBJ-2", "E-OBJ-5", "E-ACT-HH-INTERAGIEREN")
def test_break_a_door_at_a_third_of_its_kep() -> None:
    """Blade SW 4 + NSB 1 vs PAK 5, KEP 10: 6 -> KEP 4; 1 -> KEP 3 <= 10/3: it breaks open."""
    battle = make_battle(
        DOOR_MAP,
        [hero("ron", (0, 0), equipment=("monofilament_klinge",)), foe("p", (9, 2))],
        first="ron",
        dice=[6, 1],
    )
    first = battle.apply(Interact("ron", "break_door", cell=(1, 0)))
    assert of_kind(first, "door_damage")[0].data["kep"] == 4
    assert not battle.grid.is_door_open((1, 0))
    second = battle.apply(Interact("ron", "break_door", cell=(1, 0)))
    assert of_kind(second, "door_damage")[0].data["kep"] == 3
    assert battle.grid.is_door_open((1, 0)) and (1, 0) in battle.state.open_doors
    advance(battle, "ron", 2)
    rejected(battle, Interact("ron", "close_door", cell=(1, 0)), "broken")
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-LH-PANZERUNG-1", "E-ACT-LH-PANZERUNG-3")
def test_doff_and_don_armour_over_rounds() -> None:
    """Kampfpanzerung PAZ 6: off in 3 rounds (into the free hand), on again in 6."""
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0), equipment=("laserpistole", "kampfpanzerung")), foe("p", (9, 3))],
        first="ron",
    )
    ron = creature(battle, "ron")
    battle.apply(UseAction("ron", "DOFF_ARMOR", item="kampfpanzerung"))
    advance(battle, "ron", 3)
    assert "kampfpanzerung" in ron.carried
    advance(battle, "ron", 4)
    assert ron.held == ["laserpistole", "kampfpanzerung"] and "kampfpanzerung" not in ron.carried
    battle.apply(UseAction("ron", "DON_ARMOR", item="kampfpanzerung"))
    advance(battle, "ron", 9)
    assert "kampfpanzerung" in ron.held
    advance(battle, "ron", 10)
    assert "kampfpanzerung" in ron.carried and ron.held == ["laserpistole"]
    assert armour_of(battle, ron, cover=Cover.NONE, melee=False) == 6


@pytest.mark.rule("E-ACT-LH-PANZERUNG-2", "E-ACT-3")
def test_space_suit_takes_two_rounds_from_the_ground_and_needs_the_whole_turn() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    battle.state.ground_items[(1, 0)] = ["raumanzug"]
    rejected(battle, UseAction("ron", "DON_ARMOR", item="raumanzug"), "neither in hand nor")
    battle.apply(Move("ron", "WALK", ((0, 0), (1, 0))))
    rejected(battle, UseAction("ron", "DON_ARMOR", item="raumanzug"), "needs the whole turn")
    advance(battle, "ron", 2)
    events = battle.apply(UseAction("ron", "DON_ARMOR", item="raumanzug"))
    assert events[-1].data["rounds"] == 2
    advance(battle, "ron", 4)
    assert "raumanzug" in creature(battle, "ron").carried
    assert battle.state.ground_items == {}


@pytest.mark.rule("E-ACT-LH-PANZERUNG-1")
def test_only_worn_armour_is_donned() -> None:
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0), equipment=("ballistischer_schild",)), foe("p", (9, 3))],
        first="ron",
    )
    rejected(battle, UseAction("ron", "DOFF_ARMOR", item="ballistischer_schild"), "not worn armour")


# ------------------------------------------------------------------ longer actions, spells
@pytest.mark.rule("E-ACT-LH-ZAUBER", "E-OPEN-49", "E-AREA-ROUND")
def test_long_spell_is_focused_and_completes_with_its_area() -> None:
    battle = make_battle(
        ROOM, [hero("elro", (0, 0), type_="elro_sa"), foe("p", (9, 3))], first="elro"
    )
    elro = creature(battle, "elro")
    battle.apply(
        UseAction(
            "elro",
            "CAST_LONG_SPELL",
            note="Schutzkuppel",
            cell=(5, 2),
            shape="round",
            length=1,
            rounds=2,
        )
    )
    assert Condition.FOCUSED in elro.conditions
    advance(battle, "elro", 2)
    assert Condition.FOCUSED in elro.conditions
    advance(battle, "elro", 3)
    assert Condition.FOCUSED not in elro.conditions
    question = [e for e in battle.log if e.kind == "gm_question"][-1]
    assert question.data["action"] == "CAST_LONG_SPELL" and question.data["note"] == "Schutzkuppel"
    assert len(question.data["cells"]) == 9 and [5, 2] in question.data["cells"]
    assert not battle.state.pending


@pytest.mark.rule("E-COND-FOKUSSIERT-2", "E-ACT-LH-ZAUBER")
def test_losing_lp_interrupts_a_focused_longer_action() -> None:
    """The pirate shoots the focused (Wehrlos) caster: two dice (Vorteil), 15, d6 3."""
    battle = make_battle(
        ROOM,
        [hero("elro", (1, 2), type_="elro_sa"), foe("p", (6, 2))],
        first="elro",
        dice=[15, 15, 3],
    )
    elro = creature(battle, "elro")
    battle.apply(UseAction("elro", "CAST_LONG_SPELL", note="Resonanz", rounds=3))
    battle.apply(EndTurn("elro"))
    events = battle.apply(Attack("p", "elro", "laserpistole"))
    assert "interrupted" in kinds(events)
    assert Condition.FOCUSED not in elro.conditions
    assert not battle.state.pending
    assert used_all_dice(battle)


@pytest.mark.rule("E-ACT-LH-KOMPLEX", "E-COND-FOKUSSIERT-3")
def test_complex_item_can_be_broken_off_voluntarily() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    battle.apply(UseAction("ron", "USE_COMPLEX_ITEM", note="decrypt the lock", rounds=5))
    ron = creature(battle, "ron")
    assert Condition.FOCUSED in ron.conditions
    assert occupied_budget(battle, ron, TurnBudget()).halves_left == 0
    events = battle.apply(EndLongAction("ron"))
    assert "long_action_ended" in kinds(events)
    assert Condition.FOCUSED not in ron.conditions and not battle.state.pending
    assert occupied_budget(battle, ron, TurnBudget()) == TurnBudget()
    rejected(battle, EndLongAction("ron"), "no longer action")


@pytest.mark.rule("E-ACT-HH-ZAUBER", "E-ACT-6", "EX-ACT-1", "E-AREA-CONE")
def test_two_instant_spells_make_wehrlos() -> None:
    """EX-ACT-1 round 2: Elro-Sa casts two instant spells: Wehrlos from the second."""
    battle = make_battle(
        ROOM, [hero("elro", (0, 0), type_="elro_sa"), foe("p", (9, 3))], first="elro"
    )
    first = battle.apply(
        UseAction("elro", "CAST_INSTANT_SPELL", note="Machtschrei", shape="cone", length=3, angle=0)
    )
    question = of_kind(first, "gm_question")[0]
    assert question.data["roll"] is None and question.data["cells"]
    assert Condition.DEFENSELESS not in creature(battle, "elro").conditions
    battle.apply(UseAction("elro", "CAST_INSTANT_SPELL", note="Resonanzfrequenz"))
    assert Condition.DEFENSELESS in creature(battle, "elro").conditions
    rejected(battle, UseAction("elro", "RECALL_KNOWLEDGE"), "no half action left")


# ------------------------------------------------------------------ GM-resolved rolls
@pytest.mark.rule("E-ACT-HH-MOTIV")
def test_sense_motive_rolls_intelligence_against_the_targets_geist() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[10])
    rejected(battle, UseAction("ron", "SENSE_MOTIVE"), "name the target")
    events = battle.apply(UseAction("ron", "SENSE_MOTIVE", target="p"))
    question = of_kind(events, "gm_question")[0]
    assert question.data["roll"]["target"] == 11 and question.data["roll"]["total"] == 15
    assert question.data["rule"] == ["E-ACT-HH-MOTIV"]


@pytest.mark.rule("E-ACT-HH-WISSEN", "E-CORE-ZW-1")
def test_recall_knowledge_uses_zw_15_or_the_gms_zw() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[10, 10])
    events = battle.apply(UseAction("ron", "RECALL_KNOWLEDGE", note="Dretop"))
    assert of_kind(events, "gm_question")[0].data["roll"]["target"] == 15
    events = battle.apply(UseAction("ron", "RECALL_KNOWLEDGE", zw=20))
    assert of_kind(events, "gm_question")[0].data["roll"]["target"] == 20


@pytest.mark.rule("E-ACT-VH-MECHANISMUS", "E-ACT-5")
def test_bypass_mechanism_needs_the_zw_has_nachteil_and_may_be_longer() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[12, 4])
    rejected(battle, UseAction("ron", "BYPASS_MECHANISM"), "sets the ZW")
    battle.apply(UseAction("ron", "BYPASS_MECHANISM", zw=14, rounds=2, note="Tresor"))
    advance(battle, "ron", 3)
    roll = [e for e in battle.log if e.kind == "roll"][-1]
    assert roll.data["dice"] == [12, 4] and roll.data["kept"] == 4  # Nachteil
    assert [e for e in battle.log if e.kind == "gm_question"][-1].data["note"] == "Tresor"


@pytest.mark.rule("E-ACT-VH-SPUR")
def test_track_has_nachteil() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[3, 17])
    events = battle.apply(UseAction("ron", "TRACK"))
    assert of_kind(events, "roll")[0].data["edge"] == -1


@pytest.mark.rule("E-ACT-VH-STEHLEN-1", "E-ACT-VH-STEHLEN-2", "E-OPEN-50")
def test_steal_one_roll_compared_with_each_watcher() -> None:
    """Ron (Ges 7) rolls 5 = 12: unnoticed by the victim (Geist 11), seen by the guard (13)."""
    battle = make_battle(
        ROOM,
        [hero("ron", (1, 1)), foe("p", (2, 1)), foe("guard", (6, 1), type_="traa_gardist")],
        first="ron",
        dice=[5],
    )
    events = battle.apply(UseAction("ron", "STEAL", target="p", note="key card"))
    question = of_kind(events, "gm_question")[0]
    assert question.data["observers"] == {"p": True, "guard": False}


@pytest.mark.rule("E-ACT-VH-UNTERSUCHEN", "E-ACT-VH-GEGENSTAND", "E-ACT-LH-REPARIEREN")
def test_investigate_simple_item_and_repair_ask_the_gm() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[9])
    events = battle.apply(UseAction("ron", "INVESTIGATE", note="the crates"))
    assert of_kind(events, "gm_question")[0].data["roll"]["target"] == 15
    advance(battle, "ron", 2)
    events = battle.apply(UseAction("ron", "USE_SIMPLE_ITEM", note="code lock"))
    assert of_kind(events, "gm_question")[0].data["roll"] is None
    advance(battle, "ron", 3)
    rejected(battle, UseAction("ron", "USE_SIMPLE_ITEM", rounds=2), "no longer action")
    battle.apply(UseAction("ron", "REPAIR_CRAFT", rounds=1))
    advance(battle, "ron", 4)
    assert [e for e in battle.log if e.kind == "gm_question"][-1].data["action"] == "REPAIR_CRAFT"


@pytest.mark.rule("E-ACT-LH-SOZIAL")
def test_social_interaction_rolls_charisma_when_it_completes() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron", dice=[10])
    battle.apply(UseAction("ron", "SOCIAL_INTERACTION", target="p", note="surrender"))
    assert used_all_dice(battle) is False
    advance(battle, "ron", 2)
    roll = [e for e in battle.log if e.kind == "roll"][-1]
    assert roll.data["attribute"] == "CHARISMA" and roll.data["target"] == 11
    assert roll.data["total"] == 14 and roll.data["success"]  # Cha 4 + 10 vs Geist 11


# ------------------------------------------------------------------ free actions
@pytest.mark.rule("E-ACT-FH-1", "E-ACT-FH-2")
def test_shout_is_a_free_action_once_per_round() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    rejected(battle, Shout("ron", "  "), "what does")
    events = battle.apply(Shout("ron", "Deckung!"))
    assert events[-1].data["text"] == "Deckung!"
    assert battle.state.budget.halves_left == 2
    rejected(battle, DropItem("ron", "laserpistole"), "only one free action")


# ------------------------------------------------------------------ Impuls
def _impulse_battle(pool: int, **kw: object) -> Battle:
    battle = make_battle(
        ROOM,
        [hero("ron", (1, 1)), foe("p", (2, 1)), foe("q", (8, 1))],
        first="ron",
        **kw,  # type: ignore[arg-type]
    )
    battle.state.impulse_pool = pool
    return battle


@pytest.mark.rule("E-IMP-2", "E-IMP-5", "E-IMP-EFF-COVER", "E-IMP-EFF-ENV", "E-OPEN-4")
def test_impulse_cover_and_env_last_until_the_next_turn() -> None:
    battle = _impulse_battle(0)
    rejected(battle, SpendImpulse("ron", "COVER"), "pool holds 0")
    battle.state.impulse_pool = 2
    battle.apply(SpendImpulse("ron", "COVER"))
    battle.apply(SpendImpulse("ron", "ENV"))
    ron = creature(battle, "ron")
    assert battle.state.impulse_pool == 0
    assert {IMPULSE_COVER, IMPULSE_ENV} <= set(effect_names(ron))
    advance(battle, "ron", 2)
    assert not ({IMPULSE_COVER, IMPULSE_ENV} & set(effect_names(ron)))


def test_starting_pool_is_the_number_of_characters() -> None:
    """E-IMP-2: one Impuls per character at the start."""
    battle = make_battle(
        ROOM, [hero("ron", (0, 0)), hero("lara", (0, 1), type_="lara"), foe("p", (9, 3))]
    )
    assert battle.state.impulse_pool == 2


@pytest.mark.rule("E-IMP-EFF-HALF", "E-IMP-4")
def test_impulse_buys_an_extra_half_action() -> None:
    battle = _impulse_battle(6)
    battle.apply(Interact("ron", "draw", item="taserpistole"))
    battle.apply(UseAction("ron", "ORIENT"))
    assert battle.state.budget.halves_left == 0
    battle.apply(SpendImpulse("ron", "HALF"))
    assert battle.state.impulse_pool == 1 and battle.state.budget.halves_left == 1
    battle.apply(UseAction("ron", "RECALL_KNOWLEDGE", zw=5))
    rejected(battle, SpendImpulse("ron", "HALF"), "costs 5 Impuls")


@pytest.mark.rule("E-IMP-EFF-LOESEN", "E-ACT-HH-LOESEN")
def test_impulse_loesen_steps_away_without_spending_the_budget() -> None:
    battle = _impulse_battle(1)
    rejected(battle, SpendImpulse("ron", "LOESEN"), "name the field")
    rejected(battle, SpendImpulse("ron", "LOESEN", cell=(3, 3)), "neighbouring field")
    rejected(battle, SpendImpulse("ron", "LOESEN", cell=(2, 1)), "held by an enemy")
    battle.apply(SpendImpulse("ron", "LOESEN", cell=(0, 1)))
    assert creature(battle, "ron").cell == (0, 1)
    assert battle.state.budget == TurnBudget() and battle.state.impulse_pool == 0


@pytest.mark.rule("E-IMP-EFF-IRRITATE", "E-COND-IRRITIERT-2", "E-IMP-EFF-DISTRACT")
def test_impulse_irritate_twice_and_distract_until_the_end_of_the_targets_next_turn() -> None:
    battle = _impulse_battle(3)
    pirate = creature(battle, "p")
    battle.apply(SpendImpulse("ron", "IRRITATE", target="p"))
    battle.apply(SpendImpulse("ron", "DISTRACT", target="q"))
    assert battle.state.impulse_pool == 0
    assert pirate.conditions.count(Condition.IRRITATED) == 2
    assert Condition.DISTRACTED in creature(battle, "q").conditions
    advance(battle, "p", 1 if battle.state.order.index("p") > 0 else 2)
    assert pirate.conditions.count(Condition.IRRITATED) == 2  # its next turn
    battle.apply(EndTurn("p"))
    assert Condition.IRRITATED not in pirate.conditions


@pytest.mark.rule("E-IMP-EFF-REROLL", "E-IMP-EFF-TALENT", "E-IMP-EFF-TALENTPOINT")
def test_impulse_reroll_needs_a_roll_and_talents_ask_the_gm() -> None:
    battle = _impulse_battle(9)
    rejected(battle, SpendImpulse("ron", "REROLL"), "nothing to reroll")
    events = battle.apply(SpendImpulse("ron", "TALENT"))
    assert kinds(events) == ["impulse", "gm_question"]
    events = battle.apply(SpendImpulse("ron", "TALENTPOINT"))
    assert battle.state.impulse_pool == 9 - 1 - 5


@pytest.mark.rule("E-IMP-GM-1", "E-IMP-GM-2", "E-IMP-1")
def test_gm_spending_feeds_the_groups_pool() -> None:
    battle = _impulse_battle(1)
    events = battle.apply(GmSpendImpulse(None, creature="q", effect="DISTRACT", target="ron"))
    assert battle.state.impulse_pool == 1 + 2
    assert events[0].data["by_gm"] and Condition.DISTRACTED in creature(battle, "ron").conditions
    battle.apply(GmSpendImpulse(None, creature="p", effect="COVER"))
    assert battle.state.impulse_pool == 4 and battle.has_effect(
        creature(battle, "p"), IMPULSE_COVER
    )
    rejected(battle, GmSpendImpulse(None, creature="ron", effect="COVER"), "his own creatures")
    rejected(battle, SpendImpulse("ron", "SPARKLE"), "unknown Impulse effect")


# ------------------------------------------------------------------ small pieces
@pytest.mark.rule("E-OPEN-50", "D-3")
def test_roll_beats_reads_the_natural_dice_first() -> None:
    def roll(kept: int, total: int) -> Roll:
        crit = Crit.SUCCESS if kept == 20 else Crit.FAILURE if kept == 1 else None
        return Roll((kept,), kept, total, None, None, crit)

    assert roll_beats(roll(10, 15), 15) and not roll_beats(roll(10, 14), 15)
    assert roll_beats(roll(20, 21), 40) and not roll_beats(roll(1, 30), 5)


def test_unknown_actions_and_other_modules_actions_are_rejected() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 0)), foe("p", (9, 3))], first="ron")
    rejected(battle, UseAction("ron", "TELEPORT"), "unknown action")
    rejected(battle, UseAction("ron", "RUN"), "not taken with use_action")


def test_commands_round_trip_through_json() -> None:
    from game.rulesets.entaria.command_table import COMMANDS

    for command in (
        UseAction("ron", "CAST_INSTANT_SPELL", cell=(1, 2), shape="cone", length=3),
        Interact("ron", "open_door", cell=(1, 0)),
        TriggerReady("ron", json.dumps(Attack("ron", "p", "laserpistole").to_dict())),
        GmSpendImpulse(None, creature="p", effect="COVER"),
    ):
        assert COMMANDS.from_dict(json.loads(json.dumps(command.to_dict()))) == command


# ------------------------------------------------- what engine.py / combat.py must read
engine_reads_help = pytest.mark.skipif(
    not hasattr(engine_module, "HELP_BONUS"), reason="engine.check() does not consume Helfen yet"
)
combat_reads_effects = pytest.mark.skipif(
    not hasattr(engine_module, "STUDIED_ENEMY"), reason="combat.py does not read these yet"
)


@engine_reads_help
@pytest.mark.rule("E-ACT-VH-HELFEN", "E-OPEN-22")
def test_the_helped_creatures_next_check_gets_the_w6_once() -> None:
    """Valina helps Ron; Ron's next check rolls w6 [4] with the d20: WM +4, then no more."""
    battle = make_battle(
        ROOM,
        [hero("valina", (1, 1), type_="valina"), hero("ron", (2, 1)), foe("p", (9, 3))],
        first="valina",
        dice=[4, 10, 10],
    )
    battle.apply(UseAction("valina", "HELP", target="ron"))
    advance(battle, "ron", 1 if battle.state.order.index("ron") > 0 else 2)
    first = battle.apply(UseAction("ron", "RECALL_KNOWLEDGE"))
    assert of_kind(first, "roll")[0].data["modifier"] == 4
    assert not battle.has_effect(creature(battle, "ron"), HELP_BONUS)
    second = battle.apply(UseAction("ron", "SENSE_MOTIVE", target="p"))
    assert of_kind(second, "roll")[0].data["modifier"] == 0
    assert used_all_dice(battle)


@combat_reads_effects
@pytest.mark.rule("E-ACT-VH-STUDIEREN")
def test_the_first_attack_on_a_studied_enemy_has_vorteil() -> None:
    battle = make_battle(ROOM, [hero("ron", (0, 1)), foe("p", (5, 1))], first="ron", dice=[3, 2, 2])
    battle.apply(UseAction("ron", "STUDY_ENEMY", target="p"))
    advance(battle, "ron", 2)
    first = battle.apply(Attack("ron", "p", "laserpistole"))
    roll = of_kind(first, "roll")[0].data
    assert roll["dice"] == [3, 2] and roll["kept"] == 3  # Vorteil: the higher counts
    second = battle.apply(Attack("ron", "p", "laserpistole"))
    assert of_kind(second, "roll")[0].data["dice"] == [2]  # only the first attack
    assert not battle.has_effect(creature(battle, "p"), STUDIED_ENEMY)


@combat_reads_effects
@pytest.mark.rule("E-ACT-HH-SCHILD", "E-ARMOR-CAT-COVER")
def test_the_shield_counts_only_while_raised() -> None:
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 0), equipment=("laserpistole", "ballistischer_schild")), foe("p", (9, 3))],
        first="ron",
    )
    ron = creature(battle, "ron")
    assert armour_of(battle, ron, cover=Cover.NONE, melee=False) == 0
    battle.apply(UseAction("ron", "USE_SHIELD"))
    assert armour_of(battle, ron, cover=Cover.NONE, melee=False) == 3


@combat_reads_effects
@pytest.mark.rule("E-IMP-EFF-COVER", "E-IMP-EFF-ENV")
def test_impulse_cover_gives_teildeckung_and_env_ignores_it() -> None:
    battle = make_battle(ROOM, [hero("ron", (1, 1)), foe("q", (8, 3))], first="ron")
    battle.state.impulse_pool = 1
    ron, pirate = creature(battle, "ron"), creature(battle, "q")
    weapon = battle.weapon("laserpistole")
    assert plan_attack(battle, pirate, ron, weapon, melee=False).cover is Cover.NONE
    battle.apply(SpendImpulse("ron", "COVER"))
    assert plan_attack(battle, pirate, ron, weapon, melee=False).cover is Cover.PARTIAL
    battle.apply(GmSpendImpulse(None, creature="q", effect="ENV"))
    assert plan_attack(battle, pirate, ron, weapon, melee=False).cover is Cover.NONE


# ------------------------------------------------------------------ robustness
def _random_command(rng: random.Random, battle: Battle) -> Command:
    keys = sorted(battle.state.creatures)
    actor = battle.state.current_key
    near = battle.current.cell
    cell = (near[0] + rng.randint(-2, 2), near[1] + rng.randint(-2, 2))
    names = [a.name for a in Action] + ["BOGUS"]
    items = ["laserpistole", "taserpistole", "medkit", "raumanzug", "kampfpanzerung", "x"]
    choice = rng.randrange(9)
    if choice == 0:
        return UseAction(
            actor,
            rng.choice(names),
            target=rng.choice([None, *keys]),
            cell=rng.choice([None, cell]),
            note=rng.choice(["", "trigger"]),
            item=rng.choice([None, *items]),
            zw=rng.choice([None, 0, 12]),
            shape=rng.choice([None, "cone", "round", "blob"]),
            length=rng.randint(0, 3),
            rounds=rng.randint(0, 2),
        )
    if choice == 1:
        what = rng.choice(["draw", "holster", "swap", "pick_up", "open_door", "close_door"])
        what = rng.choice([what, "break_door", "use", "reload", "juggle"])
        return Interact(actor, what, item=rng.choice(items), cell=cell, other=rng.choice(items))
    if choice == 2:
        return DropItem(actor, rng.choice(items))
    if choice == 3:
        return Shout(actor, rng.choice(["", "Los!"]))
    if choice == 4:
        effect = rng.choice([e.name for e in ImpulseEffect] + ["NOPE"])
        return SpendImpulse(actor, effect, target=rng.choice([None, *keys]), cell=cell)
    if choice == 5:
        effect = rng.choice([e.name for e in ImpulseEffect])
        return GmSpendImpulse(None, creature=rng.choice(keys), effect=effect, target=actor)
    if choice == 6:
        inner = Attack(rng.choice(keys), rng.choice(keys), "laserpistole")
        return TriggerReady(rng.choice(keys), json.dumps(inner.to_dict()))
    if choice == 7:
        return EndLongAction(actor)
    return EndTurn(actor)


def test_random_support_commands_never_raise_and_replay() -> None:
    """Rejections change nothing; the record replays to the same state (issue 4's fuzz)."""
    from game.match.record import replay
    from game.rulesets.entaria.ruleset import ENTARIA

    rng = random.Random(4)
    creatures = [
        hero("ron", (1, 1), equipment=("laserpistole", "taserpistole", "medkit")),
        hero("lara", (2, 1), type_="lara", life_points=-3, conditions=(Condition.DYING,)),
        foe("p", (3, 2)),
        foe("q", (6, 1), type_="traa_gardist"),
    ]
    battle = make_battle(DOOR_MAP, creatures, seed=11)
    for _ in range(400):
        if battle.state.over:
            break
        command = _random_command(rng, battle)
        before = (battle.state.to_dict(), battle.grid.door_open.tobytes(), len(battle.log))
        try:
            battle.apply(command)
        except CommandRejected:
            after = (battle.state.to_dict(), battle.grid.door_open.tobytes(), len(battle.log))
            assert after == before, command
    again = replay(ENTARIA, battle.setup, battle.catalogue, battle.seed, battle.record)
    assert again.state.to_dict() == battle.state.to_dict()
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in battle.log]
    assert len(battle.record) > 50
