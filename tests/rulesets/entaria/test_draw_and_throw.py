"""Wurfangriff with a weapon from the belt: Interagieren (draw) and Wurfangriff (throw) as
one command and one offer of the action bar (E-OPEN-16, E-THROW-1..3, E-ACT-6).

"Der Angriff mit Wurfwaffen wird wie ein normaler Fernkampfangriff oder mit der Handlung
'Wurfwaffe ziehen und werfen' durchgeführt." The action is not defined, so it stays
unavailable (E-OPEN-16's reading): drawing is Interagieren (HH), throwing Wurfangriff (HH).
"""

from __future__ import annotations

import re

import pytest

from game.board.grid import BattleGrid
from game.match.events import Event
from game.match.record import Match
from game.match.views import Offer
from game.rulesets.entaria.command_table import COMMANDS
from game.rulesets.entaria.commands import ChangePosition, EndTurn
from game.rulesets.entaria.draw_and_throw import (
    DrawAndThrowAtCreature,
    DrawAndThrowAtField,
    ThrowFromBelt,
)
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.draw_and_throw import (
    budget_after_draw_and_throw,
    defenceless_after_draw_and_throw,
    draw_and_throw_refusal,
)
from game.rulesets.entaria.rules.terms import ActionType, Condition, german
from game.rulesets.entaria.rules.turn_budget import ActionNotAllowed, TurnBudget
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.throwing import ThrowAtField
from game.rulesets.entaria.views.actions import action_groups
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero, make_battle

OPEN = "\n".join(["." * 12] * 6)
RULE_ID = re.compile(r"\bE-[A-Z]")
GEAR = ("laserpistole", "handgranate", "kampfmesser")


def battle_with_belt(dice: list[int] | None = None, foe_cell: tuple[int, int] = (6, 2)) -> Battle:
    """Ron (Fernkampf 8) at (0, 2) with the laser pistol in hand, grenade and knife carried."""
    battle = make_battle(
        OPEN, [hero("ron", (0, 2), equipment=GEAR), foe("p1", foe_cell)], first="ron", dice=dice
    )
    ron = battle.creature("ron")
    ron.held, ron.carried = ["laserpistole"], ["handgranate", "kampfmesser"]
    return battle


def hh_offers(battle: Battle, language: str = "de") -> dict[str, Offer]:
    (half,) = [g for g in action_groups(battle, Translator(language)) if g.key == "HALF"]
    return {o.key: o for o in half.offers}


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


# ---------------------------------------------------------------------- the offer
@pytest.mark.rule("E-OPEN-16", "E-ACT-HH-WURF")
def test_e_open_16_the_bar_offers_the_throw_of_each_carried_throwing_weapon() -> None:
    """A grenade and a knife on the belt: "Wurfangriff: <weapon>" right after Wurfangriff."""
    battle = battle_with_belt()
    offers = hh_offers(battle)
    keys = list(offers)
    throw = keys.index("action:THROW_ATTACK")
    assert keys[throw + 1 : throw + 3] == ["belt:handgranate", "belt:kampfmesser"]
    grenade = offers["belt:handgranate"]
    assert grenade.label == "Wurfangriff: Handgranate"
    assert grenade.enabled and grenade.action == ThrowFromBelt("handgranate")
    tip = grenade.tooltip
    assert "Interagieren" in tip and "Wurfangriff" in tip and "Halbe Handlung" in tip
    assert not RULE_ID.search(tip), "no rule IDs in the player's tooltip"
    english = hh_offers(battle, "en")["belt:handgranate"]
    assert english.label == "Throw attack: hand grenade"
    # the laser pistol in hand is no throwing weapon, and nothing in hand is offered here
    assert not any(k.startswith("belt:laser") for k in keys)


@pytest.mark.rule("E-OPEN-16", "E-THROW-1")
def test_e_open_16_the_undefined_draw_and_throw_action_is_no_dead_button() -> None:
    """Action.DRAW_AND_THROW stays disabled and is not shown in any group."""
    battle = battle_with_belt()
    for group in action_groups(battle, Translator("de")):
        assert "action:DRAW_AND_THROW" not in {o.key for o in group.offers}
    verdicts = {la.action: la for la in battle.legal_actions()}
    assert not verdicts[Action.DRAW_AND_THROW].allowed  # the rules do not define it


@pytest.mark.rule("E-OPEN-16", "E-ACT-2")
def test_e_open_16_with_one_half_action_left_the_offer_is_greyed_with_its_reason() -> None:
    """After one HH (Positionsänderung) the belt's offer says it needs two."""
    battle = battle_with_belt()
    battle.apply(ChangePosition("ron", "kneeling"))
    grenade = hh_offers(battle)["belt:handgranate"]
    assert not grenade.enabled
    assert "zwei Halbe Handlungen" in grenade.tooltip
    assert "zwei Halbe Handlungen" in grenade.reason
    assert not RULE_ID.search(grenade.reason)


@pytest.mark.rule("E-OPEN-16", "E-ACT-HH-INTERAGIEREN")
def test_e_open_16_without_a_free_hand_the_offer_is_greyed_with_its_reason() -> None:
    """Two pistols in hand: no hand is free to draw the grenade."""
    battle = battle_with_belt()
    battle.creature("ron").held = ["laserpistole", "taserpistole"]
    grenade = hh_offers(battle)["belt:handgranate"]
    assert not grenade.enabled
    assert "keine Hand frei" in grenade.tooltip


# -------------------------------------------------------------------- the command
@pytest.mark.rule("E-OPEN-16", "E-THROW-2", "E-THROW-3", "D-7")
def test_e_throw_2_a_grenade_from_the_belt_spends_two_halves_and_scatters_on_a_miss() -> None:
    """Drawn (Interagieren) and thrown (Wurfangriff): Fernkampf 8 + w20 6 = 14 < ZW 15,
    scatter d20 12 (back), d6 2 -> lands on (3, 2); the grenade is used up."""
    battle = battle_with_belt(dice=[6, 12, 2])
    events = battle.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert battle.state.budget.spent == (
        (Action.INTERACT, ActionType.HALF),
        (Action.THROW_ATTACK, ActionType.HALF),
    )
    assert [e.kind for e in events][:3] == ["draw", "roll", "scatter"]
    (draw,) = kinds(events, "draw")
    assert draw.data["item"] == "handgranate" and "E-ACT-HH-INTERAGIEREN" in draw.data["rule"]
    (roll,) = kinds(events, "roll")
    assert roll.data["rule"] == "E-THROW-2"
    assert (roll.data["total"], roll.data["target"], roll.data["success"]) == (14, 15, False)
    (scatter,) = kinds(events, "scatter")
    assert scatter.data["landing"] == [3, 2]
    assert kinds(events, "area")[0].data["landing"] == [3, 2]
    ron = battle.creature("ron")
    assert "handgranate" not in ron.held + ron.carried
    assert [e.kind for e in battle.log[-len(events) :]] == [e.kind for e in events]


@pytest.mark.rule("E-OPEN-16", "E-THROW-2")
def test_e_open_16_one_step_rolls_as_the_two_commands_it_stands_for() -> None:
    """The same dice: Interact "draw" then ThrowAtField give the same throw and blast."""
    dice = [10, 3]  # 18 >= ZW 15: hit on (5, 2); the pirate at (6, 2) takes 4 + 3 - 2
    one = battle_with_belt(dice=list(dice))
    two = battle_with_belt(dice=list(dice))
    combined = one.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    separate = two.apply(Interact("ron", "draw", item="handgranate"))
    separate += two.apply(ThrowAtField("ron", "handgranate", (5, 2)))
    assert [e.text("de") for e in combined] == [e.text("de") for e in separate]
    assert one.state.to_dict()["creatures"] == two.state.to_dict()["creatures"]
    assert one.creature("p1").lp == 12 - 5


@pytest.mark.rule("E-OPEN-16", "E-THROW-1", "E-ACT-HH-WURF")
def test_e_throw_1_a_knife_from_the_belt_is_a_ranged_attack_and_lands_by_the_target() -> None:
    """The knife at a pirate three fields away: Fernkampf vs Ausweichen, then on his field."""
    battle = battle_with_belt(dice=[10, 3], foe_cell=(3, 2))
    events = battle.apply(DrawAndThrowAtCreature("ron", "kampfmesser", "p1"))
    assert [e.kind for e in events][:2] == ["draw", "roll"]
    roll = kinds(events, "roll")[0]
    assert roll.data["attribute"] == "RANGED" and roll.data["success"]
    assert battle.creature("p1").lp == 12 - 3  # SW 2 + 3 - armour 2
    assert battle.state.ground_items == {(3, 2): ["kampfmesser"]}
    assert battle.creature("ron").held == ["laserpistole"]


@pytest.mark.rule("E-OPEN-16", "E-THROW-2")
def test_e_throw_2_a_grenade_goes_at_a_field_and_a_knife_at_a_creature() -> None:
    battle = battle_with_belt()
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected, match="field"):
        battle.apply(DrawAndThrowAtCreature("ron", "handgranate", "p1"))
    with pytest.raises(CommandRejected, match="no area"):
        battle.apply(DrawAndThrowAtField("ron", "kampfmesser", (5, 2)))
    assert battle.state.to_dict() == before


@pytest.mark.rule("E-OPEN-16", "E-ACT-2")
def test_e_open_16_one_half_action_left_refuses_and_changes_nothing() -> None:
    battle = battle_with_belt(dice=[])
    battle.apply(ChangePosition("ron", "kneeling"))
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected) as refused:
        battle.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert "zwei Halbe Handlungen" in german(refused.value.reason)
    assert battle.state.to_dict() == before  # nothing drawn, nothing spent


@pytest.mark.rule("E-OPEN-16", "E-ACT-HH-INTERAGIEREN")
def test_e_open_16_no_free_hand_refuses_and_changes_nothing() -> None:
    battle = battle_with_belt(dice=[])
    battle.creature("ron").held = ["laserpistole", "taserpistole"]
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected) as refused:
        battle.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert "keine Hand frei" in german(refused.value.reason)
    assert battle.state.to_dict() == before


@pytest.mark.rule("E-OPEN-16", "E-RANGE-2")
def test_e_open_16_a_throw_refused_from_where_the_thrower_stands_draws_nothing() -> None:
    """Beyond the grenade's bands (Nah, Mittel): refused before the draw."""
    battle = make_battle("\n".join(["." * 30] * 3), [hero("ron", (0, 1), equipment=GEAR)])
    ron = battle.creature("ron")
    ron.held, ron.carried = [], ["handgranate"]
    with pytest.raises(CommandRejected, match="thrown that far"):
        battle.apply(DrawAndThrowAtField("ron", "handgranate", (1, 1)))  # Kernschuss
    assert ron.carried == ["handgranate"] and battle.state.budget.spent == ()


@pytest.mark.rule("E-OPEN-16")
def test_e_open_16_a_weapon_in_hand_is_not_thrown_from_the_belt() -> None:
    battle = battle_with_belt(dice=[])
    ron = battle.creature("ron")
    ron.held, ron.carried = ["handgranate"], []
    with pytest.raises(CommandRejected) as refused:
        battle.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert "nicht am Gürtel" in german(refused.value.reason)
    assert "belt:handgranate" not in hh_offers(battle)  # Wurfangriff throws it


@pytest.mark.rule("E-ACT-6", "E-OPEN-9")
def test_e_act_6_drawing_and_throwing_are_two_actions_not_wehrlos() -> None:
    battle = battle_with_belt(dice=[6, 12, 2])
    events = battle.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert not kinds(events, "defenceless")
    assert Condition.DEFENSELESS not in battle.creature("ron").conditions


@pytest.mark.rule("E-ACT-6", "E-IMP-EFF-HALF")
def test_e_act_6_an_earlier_interagieren_makes_the_draw_a_repeat() -> None:
    """With an Impuls HH: Interagieren, then draw and throw -> the draw repeats it."""
    budget = TurnBudget().with_extra_half().spend(Action.INTERACT)
    assert draw_and_throw_refusal(budget) == ""
    assert defenceless_after_draw_and_throw(budget)
    assert not defenceless_after_draw_and_throw(TurnBudget())
    after = budget_after_draw_and_throw(TurnBudget())
    assert after.actions == (Action.INTERACT, Action.THROW_ATTACK) and after.halves_left == 0
    with pytest.raises(ActionNotAllowed):
        budget_after_draw_and_throw(TurnBudget().spend(Action.WALK))


# ------------------------------------------------------------- one step of the record
def _setup() -> BattleSetup:
    creatures = (hero("ron", (0, 2), equipment=("laserpistole", "handgranate")), foe("p1", (6, 2)))
    return BattleSetup("Belt", BattleGrid.from_ascii(OPEN), SIDES, creatures)


@pytest.mark.rule("E-OPEN-16")
def test_e_open_16_undo_takes_back_the_draw_and_the_throw_and_redo_repeats_both() -> None:
    match = Match(ENTARIA, _setup(), CATALOGUE, seed=5)
    while match.battle.state.current_key != "ron":
        match.apply(EndTurn(match.battle.state.current_key))
    before = match.battle.state.to_dict()
    events = match.apply(DrawAndThrowAtField("ron", "handgranate", (5, 2)))
    assert {"draw", "roll"} <= {e.kind for e in events}
    assert match.battle.record[-1].kind == "draw_and_throw_at_field"
    match.undo()
    assert match.battle.state.to_dict() == before
    assert "handgranate" in match.battle.creature("ron").carried
    again = match.redo()
    assert [e.text("en") for e in again] == [e.text("en") for e in events]
    match.verify()  # the record replays to the same state


@pytest.mark.rule("E-OPEN-16")
def test_e_open_16_the_commands_are_saved_and_read_back() -> None:
    for command in (
        DrawAndThrowAtField("ron", "handgranate", (5, 2)),
        DrawAndThrowAtCreature("ron", "kampfmesser", "p1"),
    ):
        assert COMMANDS.from_dict(command.to_dict()) == command


@pytest.mark.rule("E-OPEN-16", "E-THROW-2")
def test_e_open_16_the_built_in_opponent_throws_a_grenade_from_its_belt() -> None:
    """A pirate with nothing in hand and a grenade on the belt draws and throws it at Ron."""
    battle = make_battle(
        OPEN, [foe("p1", (0, 2), equipment=("handgranate",)), hero("ron", (6, 2))], first="p1"
    )
    pirate = battle.creature("p1")
    pirate.held, pirate.carried = [], ["handgranate"]
    command = choose_command(battle)
    assert command == DrawAndThrowAtField("p1", "handgranate", (6, 2))
    battle.apply(command)
    assert battle.state.budget.actions == (Action.INTERACT, Action.THROW_ATTACK)
