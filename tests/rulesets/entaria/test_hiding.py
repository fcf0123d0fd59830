"""Verbergen per observer, finding the hidden, hidden items, and Abwarten's one HH.

Scenario tests: given a map, creatures and scripted dice, the commands, the expected end
state. Every rejected command leaves the state, the dice and the record unchanged.

Map: Ron (Geschick 7, Schatten: Verbergen is an HH) stands behind a wall with a closed
door at (4, 2); the Traa guard (Geist 13) and the pirate (Geist 11) stand north of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import Cell
from game.board.sight import line_of_sight
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.combat import plan_attack
from game.rulesets.entaria.command_table import HANDLERS
from game.rulesets.entaria.commands import Attack, EndTurn, GmMoveToken, Move, UseAction
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.hiding import Search, search_problem
from game.rulesets.entaria.interact_actions import Interact, Shout
from game.rulesets.entaria.ready_actions import TriggerReady
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import ActionType, Condition
from game.rulesets.entaria.state import BattleState, CreatureState, HiddenItem
from tests.rulesets.entaria.helpers import foe, hero, make_battle

MAP = """
.........
.........
...#+#...
.........
"""
RON = (4, 3)
BOTH = frozenset({"guard", "p"})


# ------------------------------------------------------------------ helpers
def scene(*dice: int, ron: Cell = RON, extra: tuple[Any, ...] = (), **ron_kw: Any) -> Battle:
    """Ron behind the wall, the guard and the pirate north of it; Ron's turn."""
    return make_battle(
        MAP,
        [
            hero("ron", ron, **ron_kw),
            foe("guard", (4, 0), type_="traa_gardist"),
            foe("p", (3, 0)),
            *extra,
        ],
        first="ron",
        dice=list(dice),
    )


def creature(battle: Battle, key: str) -> CreatureState:
    return battle.state.creatures[key]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def dice_left(battle: Battle) -> int:
    roller = battle.roller
    assert isinstance(roller, ScriptedRoller)
    return roller.remaining


def rejected(battle: Battle, command: Command, match: str) -> None:
    """Apply ``command``, expect a rejection and no change of state, dice or record."""
    before = battle.state.to_dict()
    doors = battle.grid.door_open.copy()
    record = list(battle.record)
    left = dice_left(battle)
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert (battle.grid.door_open == doors).all()
    assert battle.record == record
    assert dice_left(battle) == left


def advance(battle: Battle, key: str, round_: int) -> None:
    """End turns until it is ``key``'s turn in ``round_``."""
    for _ in range(100):
        if battle.state.round == round_ and battle.state.current_key == key:
            return
        battle.apply(EndTurn(battle.state.current_key))
    raise AssertionError(f"{key} had no turn in round {round_}")


def hidden_from_both(*dice: int, **kw: Any) -> Battle:
    """Ron hides with a natural 15 (22): beats the guard (13) and the pirate (11)."""
    battle = scene(15, *dice, **kw)
    battle.apply(UseAction("ron", "HIDE"))
    assert battle.hidden_from("ron") == BOTH
    return battle


# ------------------------------------------------------------------ one roll, per observer
@pytest.mark.rule("E-ACT-VH-VERBERGEN-2", "E-OPEN-50", "E-COND-UNENTDECKT-1", "EX-HIDE-1")
def test_one_roll_hides_ron_from_the_pirate_it_beats_but_not_from_the_guard() -> None:
    """Given Ron out of sight; Verbergen rolls 5 (12): Geist 11 beaten, Geist 13 not."""
    battle = scene(5)
    events = battle.apply(UseAction("ron", "HIDE"))
    hide = of_kind(events, "hide")[0]
    assert hide.data["targets"] == {"guard": 13, "p": 11}
    assert hide.data["observers"] == {"guard": False, "p": True}
    assert hide.data["success"] and hide.data["hidden_from"] == ["p"]
    assert of_kind(events, "roll")[0].data["target"] is None  # compared per observer
    ron = creature(battle, "ron")
    assert Condition.UNDETECTED in ron.conditions
    assert battle.hidden_from(ron) == {"p"}
    assert battle.is_hidden_from("ron", "p") and not battle.is_hidden_from(ron, "guard")
    assert not battle.is_hidden_from_side("ron", "foes")  # the guard still knows
    assert battle.state.budget.halves_left == 1  # Schatten: an HH (EX-HIDE-1)
    assert dice_left(battle) == 0
    saved = battle.state.to_dict()
    assert saved["creatures"][0]["hidden_from"] == ["p"]
    assert BattleState.from_dict(saved).to_dict() == saved


@pytest.mark.rule("E-ACT-VH-VERBERGEN-2", "E-OPEN-50")
def test_a_roll_beating_nobody_leaves_the_creature_found() -> None:
    battle = scene(2)
    events = battle.apply(UseAction("ron", "HIDE"))
    assert of_kind(events, "hide")[0].data["observers"] == {"guard": False, "p": False}
    assert Condition.UNDETECTED not in creature(battle, "ron").conditions
    assert battle.hidden_from("ron") == frozenset()
    assert "hidden_from" not in battle.state.to_dict()["creatures"][0]


@pytest.mark.rule("E-OPEN-50", "E-ACT-VH-VERBERGEN-2")
def test_an_enemy_out_of_the_fight_does_not_observe_and_is_compared_with_zw_15() -> None:
    """An unconscious pirate watches nobody: ZW 15 applies to it (12 < 15)."""
    out = foe("k", (8, 1), life_points=0, conditions=(Condition.UNCONSCIOUS,))
    battle = scene(5, extra=(out,))
    events = battle.apply(UseAction("ron", "HIDE"))
    assert of_kind(events, "hide")[0].data["targets"] == {"guard": 13, "p": 11, "k": 15}
    assert battle.hidden_from("ron") == {"p"}


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1")
def test_hiding_is_refused_in_sight_of_an_observer_and_allowed_out_of_it() -> None:
    battle = scene(15, ron=(7, 3))
    assert line_of_sight(battle.grid, (4, 0), (7, 3))
    rejected(battle, UseAction("ron", "HIDE"), "can see Ron")
    legal = {entry.action: entry for entry in battle.legal_actions()}
    assert not legal[Action.HIDE].allowed and "can see Ron" in legal[Action.HIDE].reason


@pytest.mark.rule("E-ACT-VH-VERBERGEN-1", "E-COND-UNENTDECKT-4", "E-OPEN-50")
def test_hiding_again_adds_the_observers_the_new_roll_beats() -> None:
    """Round 1 beats the pirate only; round 2 (5 + 7 + 8 = 20) also the guard."""
    battle = scene(5, 8)
    battle.apply(UseAction("ron", "HIDE"))
    advance(battle, "ron", 2)
    events = battle.apply(UseAction("ron", "HIDE"))
    hide = of_kind(events, "hide")[0]
    assert hide.data["targets"] == {"guard": 13}  # the pirate is no observer any more
    assert battle.hidden_from("ron") == BOTH and battle.is_hidden_from_side("ron", "foes")
    ron = creature(battle, "ron")
    assert ron.hidden_from == set()  # toward every other side: no record kept
    assert ron.conditions.count(Condition.UNDETECTED) == 1
    battle.apply(EndTurn("ron"))
    advance(battle, "ron", 3)
    legal = {entry.action: entry for entry in battle.legal_actions()}
    assert legal[Action.HIDE].reason == "already Unentdeckt toward every enemy"
    rejected(battle, UseAction("ron", "HIDE"), "already Unentdeckt toward every enemy")


# ------------------------------------------------------------------ attacks and hiding
@pytest.mark.rule("E-COND-UNENTDECKT-2", "E-COND-UNENTDECKT-4")
def test_only_those_it_is_hidden_from_cannot_target_it() -> None:
    """Hidden from the pirate only: the guard, in sight, may shoot; the pirate may not."""
    battle = scene(5)
    battle.apply(UseAction("ron", "HIDE"))
    battle.apply(GmMoveToken(None, "guard", (8, 3)))
    battle.apply(GmMoveToken(None, "p", (8, 2)))
    ron, guard, pirate = (creature(battle, k) for k in ("ron", "guard", "p"))
    rifle = battle.weapon("lasergewehr")
    plan = plan_attack(battle, guard, ron, rifle)
    assert plan.target is ron
    with pytest.raises(CommandRejected, match="E-COND-UNENTDECKT-2"):
        plan_attack(battle, pirate, ron, battle.weapon("laserpistole"))


@pytest.mark.rule("E-COND-UNENTDECKT-2", "E-COND-GESCHUETZT", "E-COND-UNENTDECKT-4")
def test_geschuetzt_of_unentdeckt_does_not_protect_against_an_attacker_that_found_it() -> None:
    """The guard sees Ron: its shot goes against Ausweichen 15, not 15 + 10."""
    battle = scene(5, 10, 3, 3, 3, 3)
    battle.apply(UseAction("ron", "HIDE"))
    battle.apply(GmMoveToken(None, "guard", (8, 3)))
    advance(battle, "guard", 1)
    events = battle.apply(Attack("guard", "ron", "lasergewehr"))
    shot = of_kind(events, "roll")[0]
    assert shot.data["target"] == 15
    assert Condition.UNDETECTED in creature(battle, "ron").conditions  # still hidden from p
    assert battle.hidden_from("ron") == {"p"}
    assert battle.conditions_toward("ron", "guard").count(Condition.UNDETECTED) == 0
    assert battle.conditions_toward("ron", "p").count(Condition.UNDETECTED) == 1


@pytest.mark.rule("EX-HIDE-1", "E-UNFORESEEN-1", "E-UNFORESEEN-2", "E-COND-UNENTDECKT-5")
def test_attack_from_hiding_has_vorteil_against_one_it_is_hidden_from_and_reveals() -> None:
    """Ron, hidden from the pirate, steps up and strikes: two d20, the higher counts."""
    battle = scene(5, 3, 15, 4, 4, 4, 4, equipment=("monofilament_klinge",))
    battle.apply(UseAction("ron", "HIDE"))
    battle.apply(GmMoveToken(None, "ron", (4, 1)))
    events = battle.apply(Attack("ron", "p", "monofilament_klinge"))
    attack = of_kind(events, "roll")[0]
    assert attack.data["dice"] == [3, 15] and attack.data["kept"] == 15
    assert any("E-UNFORESEEN-2" in reason for reason in attack.data["reasons"])
    assert kinds(events).index("roll") < kinds(events).index("revealed")
    ron = creature(battle, "ron")
    assert Condition.UNDETECTED not in ron.conditions
    assert ron.hidden_from == set() and battle.hidden_from(ron) == frozenset()


@pytest.mark.rule("E-UNFORESEEN-1", "E-COND-UNENTDECKT-5")
def test_attack_on_one_that_sees_him_has_no_vorteil_and_reveals_before_the_roll() -> None:
    battle = scene(5, 15, 4, 4, 4, 4, equipment=("monofilament_klinge",))
    battle.apply(UseAction("ron", "HIDE"))
    battle.apply(GmMoveToken(None, "ron", (4, 1)))
    events = battle.apply(Attack("ron", "guard", "monofilament_klinge"))
    attack = of_kind(events, "roll")[0]
    assert attack.data["dice"] == [15] and attack.data["edge"] == 0
    assert kinds(events).index("revealed") < kinds(events).index("roll")
    assert battle.hidden_from("ron") == frozenset()  # toward everyone, the pirate too


# ------------------------------------------------------------------ how Unentdeckt ends
@pytest.mark.rule("E-COND-UNENTDECKT-3", "E-COND-UNENTDECKT-4", "E-OPEN-39")
def test_a_search_in_sight_finds_him_only_for_the_searcher() -> None:
    """The guard (Int 3) rolls 12: 15 vs ZW 15. An HH; the pirate still faces him hidden."""
    battle = hidden_from_both(12)
    battle.apply(GmMoveToken(None, "guard", (8, 3)))
    advance(battle, "guard", 1)
    events = battle.apply(Search("guard"))
    roll = of_kind(events, "roll")[0]
    assert roll.data["target"] == 15 and roll.data["success"]
    assert of_kind(events, "found")[0].data["found_by"] == ["guard"]
    assert of_kind(events, "search")[0].data["found"] == ["ron"]
    assert battle.hidden_from("ron") == {"p"}
    assert Condition.UNDETECTED in creature(battle, "ron").conditions
    assert battle.state.budget.halves_left == 1
    assert battle.state.budget.spent == ((Action.INVESTIGATE, ActionType.HALF),)


@pytest.mark.rule("E-COND-UNENTDECKT-3", "E-COND-UNENTDECKT-4", "E-OPEN-39", "E-ACT-6")
def test_a_search_fails_below_zw_15_and_never_finds_what_is_out_of_sight() -> None:
    battle = hidden_from_both(11, 19)
    advance(battle, "guard", 1)
    events = battle.apply(Search("guard"))  # 11 + 3 = 14
    assert not of_kind(events, "roll")[0].data["success"]
    assert battle.hidden_from("ron") == BOTH
    events = battle.apply(Search("guard"))  # 19 + 3: but Ron is behind the wall
    assert of_kind(events, "search")[0].data["found"] == []
    assert battle.hidden_from("ron") == BOTH
    assert Condition.DEFENSELESS in creature(battle, "guard").conditions  # E-ACT-6
    rejected(battle, Search("guard"), "no half action left")
    assert search_problem(battle, creature(battle, "guard")) == "no half action left: two per turn"


@pytest.mark.rule("E-COND-UNENTDECKT-3", "E-COND-UNENTDECKT-4")
def test_when_the_last_observer_finds_him_he_loses_unentdeckt() -> None:
    battle = scene(5, 16)
    battle.apply(UseAction("ron", "HIDE"))  # hidden from the pirate only
    battle.apply(GmMoveToken(None, "p", (8, 3)))
    advance(battle, "p", 1)
    events = battle.apply(Search("p"))  # 16 + 3
    assert "found" in kinds(events) and "condition_lost" in kinds(events)
    ron = creature(battle, "ron")
    assert Condition.UNDETECTED not in ron.conditions
    assert ron.hidden_from == set() and battle.hidden_from(ron) == frozenset()


def _hide_then(act: Command, *dice: int, **kw: Any) -> tuple[Battle, list[Event]]:
    battle = hidden_from_both(*dice, **kw)
    advance(battle, "ron", 2)
    return battle, battle.apply(act)


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39")
@pytest.mark.parametrize(
    "act",
    [
        pytest.param(Shout("ron", "Hierher!"), id="E-COND-UNENTDECKT-5-shout"),
        pytest.param(Move("ron", "RUN", ((4, 3), (5, 3))), id="E-OPEN-39-faster-than-gehen"),
        pytest.param(UseAction("ron", "CAST_INSTANT_SPELL", note="Blitz"), id="magic"),
        pytest.param(Interact("ron", "open_door", cell=(4, 2)), id="interaction"),
    ],
)
def test_a_conspicuous_act_ends_unentdeckt_toward_everyone(act: Command) -> None:
    battle, _ = _hide_then(act)
    ron = creature(battle, "ron")
    assert Condition.UNDETECTED not in ron.conditions
    assert ron.hidden_from == set() and battle.hidden_from(ron) == frozenset()
    assert not battle.is_hidden_from(ron, "guard") and not battle.is_hidden_from(ron, "p")


@pytest.mark.rule("E-COND-UNENTDECKT-5", "E-OPEN-39")
def test_walking_within_bew_and_coming_into_sight_keep_unentdeckt() -> None:
    """EX-HIDE-1: Ron circles the crates at Gehen speed and stays hidden."""
    battle, _ = _hide_then(Move("ron", "WALK", ((4, 3), (5, 3), (6, 3), (7, 3))))
    assert line_of_sight(battle.grid, (4, 0), (7, 3))
    assert battle.hidden_from("ron") == BOTH


@pytest.mark.rule("E-ACT-VH-STEHLEN-1", "E-ACT-VH-STEHLEN-2", "E-COND-UNENTDECKT-4")
def test_stealing_unnoticed_keeps_him_hidden_and_the_one_who_notices_finds_him() -> None:
    """Ron steals from the pirate with 3 (10 < Geist 11): the pirate notices, the guard
    (no line of sight, no watcher) still faces him hidden."""
    battle, events = _hide_then(UseAction("ron", "STEAL", target="p"), 3)
    question = of_kind(events, "gm_question")[0]
    assert question.data["observers"] == {"p": False}
    assert of_kind(events, "found")[0].data["found_by"] == ["p"]
    assert battle.hidden_from("ron") == {"guard"}


# ------------------------------------------------------------------ another creature
@pytest.mark.rule("E-ACT-VH-VERBERGEN-3", "E-OPEN-50")
def test_ron_hides_lara_next_to_him_from_both() -> None:
    battle = scene(15, extra=(hero("lara", (5, 3), type_="lara"),))
    events = battle.apply(UseAction("ron", "HIDE", target="lara"))
    hide = of_kind(events, "hide")[0]
    assert hide.data["subject"] == "lara" and hide.data["hidden_from"] == ["guard", "p"]
    lara, ron = creature(battle, "lara"), creature(battle, "ron")
    assert Condition.UNDETECTED in lara.conditions and battle.hidden_from(lara) == BOTH
    assert Condition.UNDETECTED not in ron.conditions
    assert "hidden_from" not in battle.state.to_dict()["creatures"][1]  # everyone: no record


@pytest.mark.rule("E-ACT-VH-VERBERGEN-3", "E-ACT-VH-VERBERGEN-1")
def test_hiding_another_creature_needs_reach_and_its_field_out_of_sight() -> None:
    battle = scene(15, extra=(hero("lara", (6, 3), type_="lara"),))
    rejected(battle, UseAction("ron", "HIDE", target="lara"), "not within melee reach")
    battle.apply(GmMoveToken(None, "ron", (5, 3)))
    battle.apply(GmMoveToken(None, "guard", (6, 0)))
    assert line_of_sight(battle.grid, (6, 0), (6, 3))
    assert not line_of_sight(battle.grid, (6, 0), (5, 3))
    rejected(battle, UseAction("ron", "HIDE", target="lara"), r"can see field \[6, 3\]")


# ------------------------------------------------------------------ items
@pytest.mark.rule("E-ACT-VH-VERBERGEN-3", "E-OPEN-50")
def test_ron_hides_a_grenade_next_to_him_from_the_pirate_only() -> None:
    """The grenade leaves his hand for (5, 3); 12 beats the pirate, not the guard."""
    battle = scene(5, equipment=("handgranate",))
    events = battle.apply(UseAction("ron", "HIDE", item="handgranate", cell=(5, 3)))
    hide = of_kind(events, "hide")[0]
    assert hide.data["item"] == "handgranate" and hide.data["hidden_from"] == ["p"]
    assert creature(battle, "ron").held == []
    assert battle.state.ground_items == {(5, 3): ["handgranate"]}
    assert battle.state.hidden_items == [HiddenItem((5, 3), "handgranate", {"p"}, by="ron")]
    assert battle.visible_ground_items("p") == {}
    assert battle.visible_ground_items("guard") == {(5, 3): ["handgranate"]}
    assert battle.visible_ground_items() == {(5, 3): ["handgranate"]}  # the game master
    assert battle.visible_ground_items(side="foes") == {(5, 3): ["handgranate"]}
    assert battle.is_item_hidden_from((5, 3), "handgranate", "p")
    assert not battle.is_item_hidden_from((5, 3), "handgranate", "guard")
    assert Condition.UNDETECTED not in creature(battle, "ron").conditions
    saved = battle.state.to_dict()
    assert saved["hidden_items"] == [
        {"cell": [5, 3], "item": "handgranate", "hidden_from": ["p"], "by": "ron"}
    ]
    assert BattleState.from_dict(saved).to_dict() == saved


@pytest.mark.rule("E-ACT-VH-VERBERGEN-3")
def test_hiding_an_item_is_refused_when_it_is_not_there_or_the_field_is_seen() -> None:
    battle = scene(15, equipment=("handgranate",))
    rejected(battle, UseAction("ron", "HIDE", item="medkit"), "no 'medkit'")
    rejected(battle, UseAction("ron", "HIDE", item="handgranate", cell=(7, 3)), "neighbouring")
    rejected(battle, UseAction("ron", "HIDE", item="handgranate", target="ron"), "one thing")
    battle.apply(GmMoveToken(None, "guard", (6, 0)))
    battle.apply(GmMoveToken(None, "ron", (5, 3)))
    rejected(
        battle,
        UseAction("ron", "HIDE", item="handgranate", cell=(6, 3)),
        r"can see field \[6, 3\]",
    )


@pytest.mark.rule("E-ACT-VH-VERBERGEN-3", "E-ACT-VH-UNTERSUCHEN", "E-OPEN-39")
def test_a_hidden_item_is_found_by_a_search_in_sight_or_by_entering_its_field() -> None:
    """Hidden from both (22). The guard searches from (8, 3) with 12; the pirate cannot
    pick up what it does not know of, walks onto the field, finds it and takes it."""
    battle = scene(15, 12, equipment=("handgranate",))
    battle.apply(UseAction("ron", "HIDE", item="handgranate", cell=(5, 3)))
    assert battle.visible_ground_items(side="foes") == {}
    battle.apply(GmMoveToken(None, "guard", (8, 3)))
    battle.apply(GmMoveToken(None, "p", (6, 2)))
    advance(battle, "guard", 1)
    events = battle.apply(Search("guard"))
    assert of_kind(events, "search")[0].data["items"] == [[[5, 3], "handgranate"]]
    assert battle.visible_ground_items("guard") == {(5, 3): ["handgranate"]}
    assert battle.visible_ground_items("p") == {}
    advance(battle, "p", 1)
    rejected(battle, Interact("p", "pick_up", item="handgranate", cell=(5, 3)), "no 'handgr")
    events = battle.apply(Move("p", "WALK", ((6, 2), (5, 3))))
    assert of_kind(events, "found_item")[0].data["rule"] == "E-ACT-VH-VERBERGEN-3"
    assert battle.state.hidden_items == []  # hidden from nobody any more
    battle.apply(Interact("p", "pick_up", item="handgranate"))
    assert battle.state.ground_items.get((5, 3), []) == []


@pytest.mark.rule("E-ACT-VH-VERBERGEN-3")
def test_picking_up_a_hidden_item_ends_its_record() -> None:
    battle = scene(15, equipment=("handgranate",))
    battle.apply(UseAction("ron", "HIDE", item="handgranate"))
    assert battle.state.hidden_items[0].cell == RON
    battle.apply(Interact("ron", "pick_up", item="handgranate"))
    assert battle.state.hidden_items == [] and "hidden_items" not in battle.state.to_dict()


# ------------------------------------------------------------------ saves
@pytest.mark.rule("E-COND-UNENTDECKT-1")
def test_old_saves_without_the_fields_load_and_unentdeckt_without_record_is_total() -> None:
    """A GM's (or mission's) Unentdeckt has no record: hidden from every other side."""
    battle = scene(conditions=(Condition.UNDETECTED,))
    saved = battle.state.to_dict()
    assert "hidden_items" not in saved and "hidden_from" not in saved["creatures"][0]
    loaded = BattleState.from_dict(json.loads(json.dumps(saved)))
    assert loaded.to_dict() == saved and loaded.hidden_items == []
    assert loaded.creatures["ron"].hidden_from == set()
    assert battle.hidden_from("ron") == BOTH and battle.is_hidden_from_side("ron", "foes")
    assert not battle.is_hidden_from_side("ron", "heroes")


# ------------------------------------------------------------------ Abwarten's one HH
def _readied(*dice: int, **kw: Any) -> Battle:
    """Ron readies for the guard; then it is the guard's turn."""
    battle = scene(*dice, **kw)
    battle.apply(UseAction("ron", "READY", note="the guard moves"))
    advance(battle, "guard", 1)
    return battle


def _trigger(command: Command) -> TriggerReady:
    return TriggerReady("ron", json.dumps(command.to_dict()))


@pytest.mark.rule("E-ACT-VH-ABWARTEN-2", "E-OPEN-39")
def test_a_readied_search_is_one_half_action_and_is_taken() -> None:
    battle = _readied(12)
    guard_budget = battle.state.budget
    events = battle.apply(_trigger(Search("ron")))
    assert events[0].kind == "ready_trigger" and events[0].data["action"] == "INVESTIGATE"
    assert battle.state.current_key == "guard" and battle.state.budget == guard_budget
    assert not battle.state.pending and dice_left(battle) == 0


@pytest.mark.rule("E-ACT-VH-ABWARTEN-2", "E-ACT-5", "EX-HIDE-1")
def test_a_readied_verbergen_counts_as_the_half_action_schatten_makes_it() -> None:
    battle = _readied(15)
    events = battle.apply(_trigger(UseAction("ron", "HIDE")))
    assert events[0].data["action"] == "HIDE"
    assert battle.hidden_from("ron") == BOTH and dice_left(battle) == 0


def _rogue(
    spend: tuple[tuple[Action, ActionType], ...], *, extra_halves: int = 0
) -> Callable[[Battle, Command], list[Event]]:
    """A handler that rolls, moves Ron and spends ``spend`` past the budget's checks."""

    def handler(battle: Battle, command: Command) -> list[Event]:
        battle.roller.roll(20)
        ron = battle.state.creatures["ron"]
        ron.cell = (6, 3)
        budget = battle.state.budget
        battle.state.budget = replace(
            budget, spent=budget.spent + spend, extra_halves=budget.extra_halves + extra_halves
        )
        return []

    return handler


@pytest.mark.rule("E-ACT-VH-ABWARTEN-2")
@pytest.mark.parametrize(
    ("spend", "extra", "match"),
    [
        (((Action.WALK, ActionType.HALF), (Action.WALK, ActionType.HALF)), 0, "took 2"),
        (((Action.RUN, ActionType.FULL),), 0, "one half action only"),
        (((Action.WALK, ActionType.HALF),), 1, "not an Impulse purchase"),
    ],
    ids=["two-hh", "a-vh", "bought-hh"],
)
def test_a_trigger_that_spent_more_than_one_hh_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
    spend: tuple[tuple[Action, ActionType], ...],
    extra: int,
    match: str,
) -> None:
    """Whatever the inner command's kind: what its handler actually spent decides."""
    battle = _readied(7)
    monkeypatch.setitem(HANDLERS, Search, _rogue(spend, extra_halves=extra))
    rejected(battle, _trigger(Search("ron")), match)
    assert creature(battle, "ron").cell == RON and battle.state.pending
