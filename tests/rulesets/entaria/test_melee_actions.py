"""Close combat: Waffenloser Kampf (six options), the grapple, Betäuben and the melee VHs.

Scenario tests: given a map and creatures, the commands with scripted dice, the
expected end state. The dice lists count every d20 (two with Nachteil) and d6 rolled.
Ron: Nahkampf 5, Fernkampf 8, Stärke 3, Konstitution 4, Geschick 7, NSB 1, BEW 6, KG 3.
Pirate: Ausweichen 12, Körper 13, Reflexe 4, LP 12, Panzerjacke (armour 2), KG 3.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.board.dice import ScriptedRoller
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.charge import Charge, validate_charge
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import EndTurn, GmSetLifePoints, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.full_attacks import AimedAttack, MultiAttack, SweepAttack
from game.rulesets.entaria.grapple import (
    GRAPPLED,
    GRAPPLING,
    BreakGrapple,
    DragGrappled,
    ReleaseGrapple,
    grapples,
)
from game.rulesets.entaria.push_back import PushBack
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition
from game.rulesets.entaria.setup import CreatureSetup
from game.rulesets.entaria.state import BattleState, Stance
from game.rulesets.entaria.unarmed_combat import UnarmedAttack
from tests.rulesets.entaria.helpers import foe, hero, make_battle

ROOM = """
..........
..........
..........
..........
"""
#: Ron's initiative with seed 3 is 14, above the pirates' 12: Ron acts first every round.
SEED = 3
BLADE = ("monofilament_klinge",)


_GIVEN: list[Battle] = []


@pytest.fixture(autouse=True)
def _every_scripted_die_is_used() -> Iterator[None]:
    """The dice lists count exactly what the commands roll: none may be left over."""
    _GIVEN.clear()
    yield
    for battle in _GIVEN:
        assert isinstance(battle.roller, ScriptedRoller)
        assert battle.roller.remaining == 0, battle.roller.rolled


def given(*creatures: CreatureSetup, dice: list[int], room: str = ROOM) -> Battle:
    """Return a match on ``room`` in which Ron acts first and every later die is scripted."""
    battle = make_battle(room, creatures, seed=SEED, dice=dice, first="ron")
    _GIVEN.append(battle)
    return battle


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def attack_rolls(events: list[Event]) -> list[Event]:
    return [
        e for e in events if e.kind == "roll" and e.data.get("attribute") in {"MELEE", "RANGED"}
    ]


def assert_rejected_unchanged(battle: Battle, command: Command, match: str) -> None:
    before, record = battle.state.to_dict(), list(battle.record)
    rolled = len(battle.roller.rolled) if isinstance(battle.roller, ScriptedRoller) else 0
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert battle.record == record
    if isinstance(battle.roller, ScriptedRoller):
        assert len(battle.roller.rolled) == rolled  # no die was rolled


# ------------------------------------------------------------------ Waffenloser Kampf
def test_unarmed_damage_adds_nsb_e_act_hh_waffenlos_schaden() -> None:
    """E-ACT-HH-WAFFENLOS, E-ACT-HH-WAFFENLOS-SCHADEN, E-DMG-3: SW 0 + w6 + NSB - armour."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 4])
    events = battle.apply(UnarmedAttack("ron", "p1", "damage"))
    (roll,) = attack_rolls(events)
    assert roll.data["dice"] == [15] and roll.data["edge"] == 0  # no Nachteil for damage
    assert kinds(events, "damage")[0].data["final"] == 0 + 4 + 1 - 2
    assert battle.state.creatures["p1"].lp == 12 - 3
    assert battle.state.budget.spent == ((Action.UNARMED_ATTACK, battle.state.budget.spent[0][1]),)


def test_unarmed_critical_hit_doubles_and_gives_saf() -> None:
    """E-CRIT-HIT-1, E-CRIT-HIT-2, E-CRIT-HIT-3: a 20 doubles the damage; Wucht SAF: Liegend."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[20, 4])
    events = battle.apply(UnarmedAttack("ron", "p1", "damage"))
    assert kinds(events, "damage")[0].data["final"] == (0 + 4 + 1 - 2) * 2
    p1 = battle.state.creatures["p1"]
    assert p1.lp == 12 - 6
    assert Condition.PRONE in p1.conditions


def test_nonlethal_unarmed_stops_at_zero_and_knocks_out() -> None:
    """E-NONLETHAL-1, E-NONLETHAL-2, E-NONLETHAL-3: LP stop at 0, the target is Bewusstlos."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1), life_points=2), dice=[15, 6])
    battle.apply(UnarmedAttack("ron", "p1", "damage", nonlethal=True))
    p1 = battle.state.creatures["p1"]
    assert p1.lp == 0  # 6 + 1 - 2 = 5 damage would have left -3
    assert Condition.UNCONSCIOUS in p1.conditions
    assert Condition.DYING not in p1.conditions
    assert battle.state.ground_items[(2, 1)] == ["laserpistole"]  # E-COND-BEWUSSTLOS-2


def test_lethal_unarmed_hit_can_bring_a_target_to_dying() -> None:
    """E-NONLETHAL-2 (contrast): without the choice the same hit leaves -3 LP, Sterbend."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1), life_points=2), dice=[15, 6])
    battle.apply(UnarmedAttack("ron", "p1", "damage"))
    p1 = battle.state.creatures["p1"]
    assert p1.lp == -3 and Condition.DYING in p1.conditions


def test_nonlethal_only_with_the_damage_option() -> None:
    """E-NONLETHAL-1, E-OPEN-19: only "Waffenlosen Schaden verursachen" deals damage."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    assert_rejected_unchanged(
        battle, UnarmedAttack("ron", "p1", "trip", nonlethal=True), "only the damage option"
    )


def test_nonlethal_refused_for_a_blade_charge() -> None:
    """E-NONLETHAL-1: a Nahkampf weapon must be a Wuchtwaffe for a non-lethal attack."""
    battle = given(hero("ron", (0, 1), equipment=BLADE), foe("p1", (5, 1)), dice=[])
    assert_rejected_unchanged(
        battle, Charge("ron", "p1", "monofilament_klinge", nonlethal=True), "E-NONLETHAL-1"
    )


def test_trip_with_nachteil_gives_liegend() -> None:
    """E-ACT-HH-WAFFENLOS-ZUFALL: Nachteil (two d20, the lower counts); a hit: Liegend."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 18])
    events = battle.apply(UnarmedAttack("ron", "p1", "trip"))
    (roll,) = attack_rolls(events)
    assert roll.data["dice"] == [15, 18] and roll.data["kept"] == 15
    p1 = battle.state.creatures["p1"]
    assert Condition.PRONE in p1.conditions and p1.stance is Stance.PRONE
    assert p1.lp == 12  # no damage (E-OPEN-19)


def test_trip_miss_on_the_lower_die() -> None:
    """E-ACT-HH-WAFFENLOS-ZUFALL: kept 3 + 5 = 8 < Ausweichen 12: the target stays up."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[18, 3])
    battle.apply(UnarmedAttack("ron", "p1", "trip"))
    assert Condition.PRONE not in battle.state.creatures["p1"].conditions


@pytest.mark.parametrize("option", ["trip", "shove", "grapple", "knock_out"])
def test_size_limited_options_refuse_bigger_targets(option: str) -> None:
    """E-SIZE-2: KG 4 > KG 3 refuses four options.

    E-ACT-HH-WAFFENLOS-ZUFALL, E-ACT-HH-WAFFENLOS-SCHUBSEN,
    E-ACT-HH-WAFFENLOS-UMKLAMMERN-1, E-ACT-HH-WAFFENLOS-BETAEUBEN-1.
    """
    battle = given(hero("ron", (1, 1)), foe("lk", (2, 1), type_="likron"), dice=[])
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "lk", option), "size category")


def test_disarm_has_no_size_limit_and_drops_the_weapon() -> None:
    """E-ACT-HH-WAFFENLOS-ENTWAFFNEN, E-OPEN-19: the weapon falls on the target's field."""
    battle = given(hero("ron", (1, 1)), foe("lk", (2, 1), type_="likron"), dice=[15, 15])
    battle.apply(UnarmedAttack("ron", "lk", "disarm"))
    likron = battle.state.creatures["lk"]
    assert likron.held == []
    assert battle.state.ground_items[(2, 1)] == ["laserkanone"]


def test_disarm_needs_something_held() -> None:
    """E-ACT-HH-WAFFENLOS-ENTWAFFNEN: nothing in hand, nothing to knock away."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    battle.state.creatures["p1"].held = []
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "disarm"), "holds nothing")
    assert_rejected_unchanged(
        battle, UnarmedAttack("ron", "p1", "disarm", item="pistole"), "does not hold"
    )


def test_unarmed_needs_a_free_hand() -> None:
    """E-ACT-HH-WAFFENLOS: at least one free hand."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    battle.state.creatures["ron"].held = ["laserpistole", "taserpistole"]
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "damage"), "free hand")


def test_unknown_option_and_reach_are_checked() -> None:
    """E-OPEN-19, E-MELEE-2: exactly one known option; the target must be within reach."""
    battle = given(hero("ron", (1, 1)), foe("p1", (4, 1)), dice=[])
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "bite"), "unknown unarmed")
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "trip"), "melee reach")


# ---------------------------------------------------------------------------- Schubsen
def test_shove_two_fields_straight_back() -> None:
    """E-ACT-HH-WAFFENLOS-SCHUBSEN, E-OPEN-18: away from the attacker, up to 2 fields."""
    battle = given(hero("ron", (1, 0)), foe("p1", (2, 1)), dice=[15, 15])
    battle.apply(UnarmedAttack("ron", "p1", "shove"))
    assert battle.state.creatures["p1"].cell == (4, 3)  # diagonal: (1,0)->(2,1) continued


def test_shove_one_field_by_choice() -> None:
    """E-OPEN-18: the attacker chooses 1 or 2 fields; 3 is refused."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15])
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "shove", fields=3), "1 to 2")
    battle.apply(UnarmedAttack("ron", "p1", "shove", fields=1))
    assert battle.state.creatures["p1"].cell == (3, 1)


def test_shove_stops_before_a_wall() -> None:
    """E-OPEN-18: the push stops before an obstacle."""
    room = """
.....
...#.
.....
"""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15], room=room)
    battle.apply(UnarmedAttack("ron", "p1", "shove"))
    assert battle.state.creatures["p1"].cell == (2, 1)


def test_shove_into_hazard_escape_succeeds() -> None:
    """E-ACT-HH-WAFFENLOS-SCHUBSEN, E-OPEN-18: Reflexe 4 + 11 = 15: the last safe field."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15, 11])
    battle.grid.hazard[1, 4] = True
    events = battle.apply(UnarmedAttack("ron", "p1", "shove"))
    assert battle.state.creatures["p1"].cell == (3, 1)
    assert kinds(events, "push")[0].data["escaped"] is True
    assert not kinds(events, "gm_question")


def test_shove_into_hazard_escape_fails() -> None:
    """E-ACT-HH-WAFFENLOS-SCHUBSEN: a failed save lands on the dangerous field (GM: effects)."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15, 5])
    battle.grid.hazard[1, 4] = True
    events = battle.apply(UnarmedAttack("ron", "p1", "shove"))
    assert battle.state.creatures["p1"].cell == (4, 1)
    assert kinds(events, "gm_question")


def test_shove_onto_first_field_hazard_escapes_to_start() -> None:
    """E-OPEN-18: the push stops on the first dangerous field; escaping keeps the start field."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15, 20])
    battle.grid.hazard[1, 3] = True
    battle.apply(UnarmedAttack("ron", "p1", "shove"))
    assert battle.state.creatures["p1"].cell == (2, 1)


# --------------------------------------------------------------------------- Umklammern
def grappled_battle(dice: list[int]) -> Battle:
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15, *dice])
    battle.apply(UnarmedAttack("ron", "p1", "grapple"))
    return battle


def test_grapple_gives_both_their_conditions() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-1, E-ACT-HH-WAFFENLOS-UMKLAMMERN-2."""
    battle = grappled_battle([])
    ron, p1 = battle.state.creatures["ron"], battle.state.creatures["p1"]
    assert {Condition.DEFENSELESS, Condition.DISTRACTED} <= set(ron.conditions)
    assert Condition.IMMOBILIZED not in ron.conditions
    assert {Condition.DEFENSELESS, Condition.DISTRACTED, Condition.IMMOBILIZED} <= set(
        p1.conditions
    )
    assert [(g.key, t.key) for g, t in grapples(battle)] == [("ron", "p1")]
    assert any(e.name == GRAPPLING for e in ron.effects)
    assert any(e.name == GRAPPLED for e in p1.effects)


def test_grappled_target_cannot_walk() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-2, E-COND-BEWEGUNGSLOS: BEW 0 while grappled."""
    battle = grappled_battle([])
    battle.apply(EndTurn("ron"))
    assert battle.state.current_key == "p1"
    assert grapples(battle)  # the grapple holds at the start of p1's turn
    assert_rejected_unchanged(battle, Move("p1", "WALK", ((2, 1), (3, 1))), "allows 0")


def test_release_grapple_is_a_free_action() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-5, E-ACT-FH-1, E-OPEN-19: all grapple conditions end."""
    battle = grappled_battle([])
    battle.apply(ReleaseGrapple("ron"))
    ron, p1 = battle.state.creatures["ron"], battle.state.creatures["p1"]
    assert not grapples(battle)
    assert not ({Condition.DEFENSELESS, Condition.DISTRACTED} & set(ron.conditions))
    assert not (
        {Condition.DEFENSELESS, Condition.DISTRACTED, Condition.IMMOBILIZED} & set(p1.conditions)
    )
    assert battle.state.budget.free_spent == (Action.RELEASE_GRAPPLE,)
    assert_rejected_unchanged(battle, ReleaseGrapple("ron"), "grapples no one")


def test_break_grapple_success_with_nachteil_from_abgelenkt() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-4: HH, Stärke 4 vs Ron's Körper 12 (Abgelenkt: Nachteil)."""
    battle = grappled_battle([15, 9])
    battle.apply(EndTurn("ron"))
    events = battle.apply(BreakGrapple("p1"))
    (roll,) = kinds(events, "roll")
    assert roll.data["dice"] == [15, 9] and roll.data["total"] == 13
    assert not grapples(battle)
    assert Condition.IMMOBILIZED not in battle.state.creatures["p1"].conditions
    assert Condition.DEFENSELESS not in battle.state.creatures["ron"].conditions
    assert battle.state.budget.halves_left == 1


def test_break_grapple_failure_keeps_it() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-4: 7 < 12, the grapple holds."""
    battle = grappled_battle([15, 3])
    battle.apply(EndTurn("ron"))
    battle.apply(BreakGrapple("p1"))
    assert grapples(battle)
    assert Condition.IMMOBILIZED in battle.state.creatures["p1"].conditions


def test_break_grapple_needs_a_grapple() -> None:
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    assert_rejected_unchanged(battle, BreakGrapple("ron"), "not grappled")


def test_grapple_ends_when_the_grappler_falls() -> None:
    """E-OPEN-19: an unconscious grappler holds no one; the grapple's conditions end."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), hero("ally", (9, 3)), dice=[15, 15])
    battle.apply(UnarmedAttack("ron", "p1", "grapple"))
    battle.apply(GmSetLifePoints(None, "ron", 0))
    battle.apply(EndTurn("ron"))
    assert not grapples(battle)
    p1 = battle.state.creatures["p1"]
    assert not ({Condition.IMMOBILIZED, Condition.DISTRACTED} & set(p1.conditions))


def test_drag_grappled_target_at_half_movement() -> None:
    """E-ACT-HH-WAFFENLOS-UMKLAMMERN-3, E-OPEN-12: BEW 6 halved to 3; the target follows."""
    battle = grappled_battle([])
    drag = DragGrappled("ron", "WALK", ((1, 1), (1, 2), (2, 3), (3, 3), (4, 3)))
    assert_rejected_unchanged(battle, drag, "dragging allows 3")
    battle.apply(DragGrappled("ron", "WALK", ((1, 1), (1, 2), (2, 3), (3, 3))))
    assert battle.state.creatures["ron"].cell == (3, 3)
    assert battle.state.creatures["p1"].cell == (2, 3)
    battle.apply(EndTurn("ron"))
    assert [(g.key, t.key) for g, t in grapples(battle)] == [("ron", "p1")]


def test_grapple_of_the_same_target_twice_is_refused() -> None:
    battle = grappled_battle([])
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "grapple"), "already grapples")


# ----------------------------------------------------------------------------- Betäuben
def knocked_out(d6: int, saves: list[int]) -> Battle:
    """Ron knocks p1 out; p2 stands far away (so the fight goes on). Order: ron, p1, p2."""
    battle = given(
        hero("ron", (1, 1)), foe("p1", (2, 1)), foe("p2", (9, 3)), dice=[15, 15, 12, d6, *saves]
    )
    assert battle.state.order == ["ron", "p1", "p2"]
    events = battle.apply(UnarmedAttack("ron", "p1", "knock_out"))
    assert kinds(events, "knock_out")[0].data["rounds"] == d6
    return battle


def test_knock_out_second_check_and_1w6_rounds() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-1, E-ACT-HH-WAFFENLOS-BETAEUBEN-2: Nachteil, then Stärke.

    The attack keeps 15 of 15/15; Stärke 3 + 12 >= Körper 13; 1w6 = 3 rounds.
    """
    battle = knocked_out(3, [])
    p1 = battle.state.creatures["p1"]
    assert Condition.UNCONSCIOUS in p1.conditions and p1.lp == 12
    (effect,) = [e for e in p1.effects if e.name == "UNCONSCIOUS"]
    assert effect.until_round == 1 + 3 and effect.kind.name == "ROUNDS"
    assert battle.state.ground_items[(2, 1)] == ["laserpistole"]  # E-COND-BEWUSSTLOS-2


def test_knock_out_strength_check_fails() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-2: 3 + 9 = 12 < Körper 13: no effect."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[15, 15, 9])
    battle.apply(UnarmedAttack("ron", "p1", "knock_out"))
    assert Condition.UNCONSCIOUS not in battle.state.creatures["p1"].conditions


def test_knock_out_save_at_turn_start_uses_the_turn() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-3, E-OPEN-19: the VH save despite Handlungsunfähig.

    Round 1: Konstitution 4 + 5 = 9 fails, p1's turn is skipped. Round 2: 4 + 11 = 15
    succeeds: awake, but the turn went into the save. Round 3: p1 acts.
    """
    battle = knocked_out(6, [5, 11])
    p1 = battle.state.creatures["p1"]
    battle.apply(EndTurn("ron"))  # p1's turn: save 5 + 4 = 9 fails, skipped
    assert battle.state.round == 1 and battle.state.current_key == "p2"
    assert Condition.UNCONSCIOUS in p1.conditions
    battle.apply(EndTurn("p2"))
    battle.apply(EndTurn("ron"))  # p1's turn: save 11 + 4 = 15 succeeds, turn spent
    assert battle.state.round == 2 and battle.state.current_key == "p2"
    assert Condition.UNCONSCIOUS not in p1.conditions
    assert Condition.INCAPACITATED in p1.conditions
    battle.apply(EndTurn("p2"))
    battle.apply(EndTurn("ron"))
    assert battle.state.current_key == "p1"
    assert Condition.INCAPACITATED not in p1.conditions
    assert any(a.allowed for a in battle.legal_actions("p1"))


def test_knock_out_ends_after_the_rolled_rounds() -> None:
    """E-ACT-HH-WAFFENLOS-BETAEUBEN-2: 1w6 = 1: Bewusstlos ends at p1's turn in round 2."""
    battle = knocked_out(1, [2])
    battle.apply(EndTurn("ron"))  # p1, round 1: save 2 + 4 fails, skipped
    battle.apply(EndTurn("p2"))
    battle.apply(EndTurn("ron"))  # p1, round 2: the effect ends, no save rolled
    assert battle.state.current_key == "p1" and battle.state.round == 2
    assert Condition.UNCONSCIOUS not in battle.state.creatures["p1"].conditions


def test_knock_out_refused_on_an_unconscious_target() -> None:
    battle = knocked_out(3, [])
    battle.state.budget = type(battle.state.budget)()
    assert_rejected_unchanged(battle, UnarmedAttack("ron", "p1", "knock_out"), "already")


# ---------------------------------------------------------------------- Mehrfachangriff
def test_multi_attack_two_pistols_ex_multi_1() -> None:
    """EX-MULTI-1, E-ACT-VH-MEHRFACH: laser and taser at one target, two rolls with Nachteil."""
    battle = given(hero("ron", (0, 0)), foe("p1", (3, 0)), dice=[15, 16, 3, 2, 14])
    ron = battle.state.creatures["ron"]
    ron.held = ["laserpistole", "taserpistole"]
    ron.carried.remove("taserpistole")
    events = battle.apply(MultiAttack("ron", (("laserpistole", "p1"), ("taserpistole", "p1"))))
    rolls = attack_rolls(events)
    assert [r.data["dice"] for r in rolls] == [[15, 16], [2, 14]]
    assert all(r.data["edge"] == -1 for r in rolls)
    assert [r.data["success"] for r in rolls] == [True, False]
    assert battle.state.creatures["p1"].lp == 12 - (3 + 3 - 2)
    assert ron.magazines["laserpistole"] == 14 and ron.magazines["taserpistole"] == 3
    assert battle.state.budget.full_spent


def test_multi_attack_needs_two_held_weapons() -> None:
    """E-ACT-VH-MEHRFACH: several weapons, each in hand, each once."""
    battle = given(hero("ron", (0, 0)), foe("p1", (3, 0)), dice=[])
    assert_rejected_unchanged(battle, MultiAttack("ron", (("laserpistole", "p1"),)), "at least two")
    assert_rejected_unchanged(
        battle,
        MultiAttack("ron", (("laserpistole", "p1"), ("taserpistole", "p1"))),
        "does not hold",
    )
    assert_rejected_unchanged(
        battle,
        MultiAttack("ron", (("laserpistole", "p1"), ("laserpistole", "p1"))),
        "each weapon",
    )


def test_multi_attack_command_round_trips() -> None:
    command = MultiAttack("ron", (("laserpistole", "p1"), ("taserpistole", "p2")))
    assert COMMANDS.from_dict(command.to_dict()) == command


# ------------------------------------------------------------------------- Rundumschlag
def test_sweep_attack_three_enemies_with_nachteil() -> None:
    """E-ACT-VH-RUNDUM, E-CRIT-HIT-2, E-CRIT-HIT-3: one roll each with Nachteil.

    p1: kept 15 hit, 4 + 2 + 1 - 2 = 5. p2: kept 3 miss. p3: 20/20 crit,
    (4 + 1 + 1 - 2) x 2 = 8 and the Hieb SAF Betäubt.
    """
    battle = given(
        hero("ron", (1, 1), equipment=BLADE),
        foe("p1", (2, 1)),
        foe("p2", (0, 1)),
        foe("p3", (1, 0)),
        dice=[15, 15, 2, 3, 18, 20, 20, 1],
    )
    events = battle.apply(SweepAttack("ron", "monofilament_klinge", ("p1", "p2", "p3")))
    assert all(r.data["edge"] == -1 for r in attack_rolls(events))
    creatures = battle.state.creatures
    assert [creatures[k].lp for k in ("p1", "p2", "p3")] == [7, 12, 4]
    assert Condition.STUNNED in creatures["p3"].conditions


def test_sweep_attack_limits() -> None:
    """E-ACT-VH-RUNDUM: up to 4 enemies, all within reach, with a melee weapon."""
    battle = given(
        hero("ron", (1, 1), equipment=BLADE),
        hero("ally", (1, 2)),
        foe("p1", (2, 1)),
        foe("p2", (0, 1)),
        foe("p3", (1, 0)),
        foe("p4", (0, 0)),
        foe("p5", (2, 2)),
        foe("far", (5, 1)),
        dice=[],
    )
    blade = "monofilament_klinge"
    assert_rejected_unchanged(
        battle, SweepAttack("ron", blade, ("p1", "p2", "p3", "p4", "p5")), "1 to 4"
    )
    assert_rejected_unchanged(battle, SweepAttack("ron", blade, ("p1", "ally")), "no enemy")
    assert_rejected_unchanged(battle, SweepAttack("ron", blade, ("p1", "far")), "melee reach")
    assert_rejected_unchanged(battle, SweepAttack("ron", blade, ("p1", "p1")), "once")
    assert_rejected_unchanged(battle, SweepAttack("ron", "unarmed", ("p1",)), "melee weapon")


# --------------------------------------------------------------------- Gezielter Angriff
def test_aimed_attack_body_zone_and_bypass() -> None:
    """E-ACT-VH-GEZIELT-1, E-ACT-VH-GEZIELT-2, E-OPEN-21: Nachteil; zone from the kept die.

    Dice 17, 18: kept 17 -> Rumpf; Umgehung: the Panzerjacke does not count:
    4 + 3 + 1 = 8 damage (a plain hit would do 6).
    """
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[17, 18, 3])
    events = battle.apply(AimedAttack("ron", "p1", "monofilament_klinge"))
    (roll,) = attack_rolls(events)
    assert roll.data["edge"] == -1 and roll.data["kept"] == 17
    assert kinds(events, "body_zone")[0].data["zone"] == "TORSO"
    assert kinds(events, "damage")[0].data["final"] == 8
    assert battle.state.creatures["p1"].lp == 4
    assert battle.state.budget.full_spent


def test_aimed_attack_head_from_lower_die_and_crit() -> None:
    """E-ACT-VH-GEZIELT-2, E-BODY-1, E-CRIT-HIT-2: 20/20 -> head, (0 + 2 + 1) x 2 unarmed."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[20, 20, 2])
    events = battle.apply(AimedAttack("ron", "p1", "unarmed"))
    assert kinds(events, "body_zone")[0].data["zone"] == "HEAD"
    assert battle.state.creatures["p1"].lp == 12 - 6
    assert Condition.PRONE in battle.state.creatures["p1"].conditions  # Wucht SAF


def test_aimed_attack_miss_rolls_no_zone() -> None:
    """E-ACT-VH-GEZIELT-1: the lower die (10 + 5 = 15 >= 12 hits; 2 + 5 misses)."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[20, 2])
    events = battle.apply(AimedAttack("ron", "p1", "unarmed"))
    assert not kinds(events, "body_zone") and battle.state.creatures["p1"].lp == 12


@pytest.mark.parametrize("weapon", ["handgranate", "maschinenpistole", "schrotgewehr"])
def test_aimed_attack_not_with_area_weapons(weapon: str) -> None:
    """E-ACT-VH-GEZIELT-3: no Bereichsfeuer or Flächenschaden weapons."""
    battle = given(hero("ron", (0, 0)), foe("p1", (3, 0)), dice=[])
    battle.state.creatures["ron"].held = [weapon]
    assert_rejected_unchanged(battle, AimedAttack("ron", "p1", weapon), "E-ACT-VH-GEZIELT-3")


# -------------------------------------------------------------------------- Sturmangriff
def test_charge_moves_straight_and_attacks() -> None:
    """E-ACT-VH-STURM, E-OPEN-20: up to 2 x BEW toward the enemy, then a melee attack."""
    battle = given(hero("ron", (0, 1), equipment=BLADE), foe("p1", (8, 1)), dice=[15, 3])
    events = battle.apply(Charge("ron", "p1", "monofilament_klinge"))
    assert battle.state.creatures["ron"].cell == (7, 1)
    (roll,) = attack_rolls(events)
    assert roll.data["edge"] == 0  # the charge's attack has no Nachteil
    assert battle.state.creatures["p1"].lp == 12 - (4 + 3 + 1 - 2)
    assert battle.state.budget.full_spent


def test_charge_not_from_within_enemy_reach() -> None:
    """E-ACT-VH-STURM: not allowed while within an enemy's melee reach."""
    battle = given(
        hero("ron", (0, 1), equipment=BLADE), foe("p1", (6, 1)), foe("p2", (1, 2)), dice=[]
    )
    assert_rejected_unchanged(battle, Charge("ron", "p1", "monofilament_klinge"), "reach")


def test_charge_too_far_is_refused() -> None:
    """E-ACT-VH-STURM, E-OPEN-20: Ron's 2 x BEW 6 = 12 fields do not reach 14 fields."""
    room = "................\n................"
    battle = given(hero("ron", (0, 0)), foe("p1", (15, 0)), dice=[], room=room)
    assert_rejected_unchanged(battle, Charge("ron", "p1", "unarmed"), "no straight charge")


def test_charge_leaving_reach_saves_and_halves() -> None:
    """D-10, E-ACT-VH-STURM: passing through p2's reach: Geschick save, half movement."""
    battle = given(
        hero("ron", (0, 2), equipment=BLADE),
        foe("p1", (7, 2)),
        foe("p2", (3, 1)),
        dice=[10, 15, 2],
    )
    events = battle.apply(Charge("ron", "p1", "monofilament_klinge"))
    assert any(e.data.get("rule") == "D-10" for e in events)
    assert battle.state.creatures["ron"].cell == (6, 2)
    assert battle.state.creatures["p1"].lp == 12 - (4 + 2 + 1 - 2)


def test_charge_failed_leave_reach_save_leaves_prone() -> None:
    """D-10, E-ACT-HH-GEHEN-3: a failed save: Liegend on the start field, no attack."""
    battle = given(
        hero("ron", (0, 2), equipment=BLADE), foe("p1", (7, 2)), foe("p2", (3, 1)), dice=[3]
    )
    events = battle.apply(Charge("ron", "p1", "monofilament_klinge"))
    ron = battle.state.creatures["ron"]
    assert ron.cell == (0, 2) and Condition.PRONE in ron.conditions
    assert not attack_rolls(events) and battle.state.budget.full_spent


def test_charge_halved_by_leaving_reach_can_be_too_short() -> None:
    """D-10: leaving a reach halves 12 to 6 fields; the charge needs 7."""
    battle = given(
        hero("ron", (0, 2), equipment=BLADE), foe("p1", (8, 2)), foe("p2", (3, 1)), dice=[]
    )
    assert_rejected_unchanged(battle, Charge("ron", "p1", "monofilament_klinge"), "halves")


@pytest.mark.rule("E-ACT-VH-STURM", "D-10")
def test_validate_charge_without_the_budget_previews_another_creatures_charge() -> None:
    """Given Ron with a blade and p2 whose reach the path leaves; p1 runs to (7,2) on its
    turn. Then the Charge check refuses Ron (the budget of the turn is spent); without
    the budget check it gives the path the handler would take (halved by leaving p2's
    reach), and the screen's preview for Ron offers exactly that path. Nothing changes."""
    battle = make_battle(
        ROOM,
        [hero("ron", (0, 2), equipment=BLADE), foe("p1", (6, 2)), foe("p2", (3, 1))],
        seed=SEED,
        first="p1",
    )
    battle.apply(Move("p1", "RUN", ((6, 2), (7, 2))))
    before = battle.state.to_dict()
    charge = Charge("ron", "p1", "monofilament_klinge")
    with pytest.raises(CommandRejected):
        validate_charge(battle, charge)
    plan = validate_charge(battle, charge, check_budget=False)
    assert plan.path[-1] == (6, 2) and plan.cost == 6 and plan.needs_save
    options = movement_options(battle, "ron", Action.CHARGE, weapon_key="monofilament_klinge")
    assert options.charges["p1"] == tuple(plan.path)
    at_p2 = validate_charge(battle, Charge("ron", "p2", BLADE[0]), check_budget=False)
    assert options.charges == {"p1": tuple(plan.path), "p2": tuple(at_p2.path)}
    assert options.cost_of((6, 2)) == plan.cost and (6, 2) in options.needs_save
    assert battle.state.to_dict() == before


# ------------------------------------------------------------------------- Zurückdrängen
def test_push_back_both_rolls_succeed() -> None:
    """E-ACT-VH-ZURUECK-1, E-ACT-VH-ZURUECK-2: no damage; Stärke 3 + 12 >= 13; any direction."""
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[15, 12])
    events = battle.apply(PushBack("ron", "p1", "monofilament_klinge", (2, 2)))
    p1 = battle.state.creatures["p1"]
    assert p1.cell == (2, 2) and p1.lp == 12
    assert not kinds(events, "damage")
    assert battle.state.budget.full_spent


def test_push_back_strength_fails() -> None:
    """E-ACT-VH-ZURUECK-2: the attack hits but 3 + 5 < 13: the target stays."""
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[15, 5])
    battle.apply(PushBack("ron", "p1", "monofilament_klinge", (3, 1)))
    assert battle.state.creatures["p1"].cell == (2, 1)


def test_push_back_attack_misses_rolls_no_strength() -> None:
    """E-ACT-VH-ZURUECK-1: a missed attack ends the action: one d20 only."""
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[2])
    events = battle.apply(PushBack("ron", "p1", "monofilament_klinge", (3, 1)))
    assert len(kinds(events, "roll")) == 1
    assert battle.state.creatures["p1"].cell == (2, 1)


@pytest.mark.parametrize(("save", "cell"), [(14, (2, 1)), (2, (3, 1))])
def test_push_back_into_hazard(save: int, cell: tuple[int, int]) -> None:
    """E-ACT-VH-ZURUECK-3, E-OPEN-18: Reflexe vs ZW 15; success keeps the start field."""
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[15, 12, save])
    battle.grid.hazard[1, 3] = True
    battle.apply(PushBack("ron", "p1", "monofilament_klinge", (3, 1)))
    assert battle.state.creatures["p1"].cell == cell


def test_push_back_destination_must_be_a_free_neighbour() -> None:
    """E-ACT-VH-ZURUECK-2: one field, not the attacker's, not a wall, not two away."""
    battle = given(
        hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), foe("p2", (3, 1)), dice=[]
    )
    blade = "monofilament_klinge"
    for cell in [(1, 1), (4, 1), (3, 1)]:
        assert_rejected_unchanged(battle, PushBack("ron", "p1", blade, cell), "cannot be pushed")
    assert_rejected_unchanged(battle, PushBack("ron", "p1", "unarmed", (2, 2)), "melee weapon")


# --------------------------------------------------------------------- budget and legal
def test_full_actions_cannot_follow_a_half_action() -> None:
    """E-ACT-2: an HH spent, no VH this turn."""
    battle = given(hero("ron", (1, 1), equipment=BLADE), foe("p1", (2, 1)), dice=[])
    battle.apply(Move("ron", "WALK", ((1, 1), (1, 2))))
    assert_rejected_unchanged(
        battle, AimedAttack("ron", "p1", "monofilament_klinge"), "full action"
    )


def test_legal_actions_report_the_melee_checks() -> None:
    """legal_actions: reasons for the close-combat actions."""
    battle = given(hero("ron", (0, 1)), foe("p1", (5, 1)), dice=[])
    legal = {a.action: a for a in battle.legal_actions("ron")}
    assert legal[Action.UNARMED_ATTACK].reason == "no enemy within melee reach"
    assert legal[Action.CHARGE].allowed
    assert legal[Action.MULTI_ATTACK].reason == "needs two weapons in hand"
    assert legal[Action.SWEEP_ATTACK].reason == "no melee weapon in hand"
    assert legal[Action.AIMED_ATTACK].allowed
    assert legal[Action.RELEASE_GRAPPLE].reason == "grapples no one"


def test_grapple_and_knock_out_survive_a_save_round_trip() -> None:
    """The grapple and Betäuben's timed Bewusstlos are plain effects in the state snapshot.

    E-ACT-HH-WAFFENLOS-UMKLAMMERN-2: the grappling Ron is Abgelenkt, so the second
    attack rolls three d20 (Betäuben's Nachteil plus Abgelenkt) and Stärke two.
    """
    battle = given(
        hero("ron", (1, 1)),
        foe("p1", (2, 1)),
        foe("p2", (1, 2)),
        dice=[15, 15, 15, 15, 15, 12, 12, 2],
    )
    battle.apply(UnarmedAttack("ron", "p1", "grapple"))
    battle.apply(UnarmedAttack("ron", "p2", "knock_out"))
    snapshot = battle.state.to_dict()
    assert BattleState.from_dict(snapshot).to_dict() == snapshot
    assert Condition.DEFENSELESS in battle.state.creatures["ron"].conditions  # E-ACT-6 too


@pytest.mark.rule("E-MELEE-2")
def test_nahkampf_is_greyed_without_an_enemy_in_reach_of_fist_or_weapon() -> None:
    """E-MELEE-2, E-REACH-3: Nahkampf needs an enemy within melee reach, as Waffenloser
    Kampf does; a held Distanz weapon reaches two fields.

    Given Ron with fists, then with a Vibrospeer; the enemy 3, then 2, then 1 field away.
    Expected: the reason "kein Gegner in Nahkampfreichweite" until the enemy is in reach.
    """
    from game.rulesets.entaria.rules.terms import german

    def melee(battle: Battle) -> tuple[bool, str]:
        legal = {a.action: a for a in battle.legal_actions("ron")}[Action.MELEE_ATTACK]
        return legal.allowed, german(legal.reason)

    fists = given(hero("ron", (0, 1), equipment=[]), foe("p1", (3, 1)), dice=[])
    assert melee(fists) == (False, "kein Gegner in Nahkampfreichweite")
    fists.state.creatures["p1"].cell = (1, 2)
    assert melee(fists) == (True, "")
    spear = given(hero("ron", (0, 1), equipment=["vibrospeer"]), foe("p1", (3, 1)), dice=[])
    assert melee(spear) == (False, "kein Gegner in Nahkampfreichweite")
    spear.state.creatures["p1"].cell = (2, 1)
    assert melee(spear) == (True, "")
