"""A greyed melee action names the enemy a wall or closed door keeps out of reach (D-13).

Playtest pt11: beside an enemy across the divided room's wall, Nahkampf said only "kein
Gegner in Nahkampfreichweite". The rules find the enemy (``melee_walls``); the action
bar names it for the creatures its viewer sees (``views.refusals``).
"""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.melee_walls import (
    NO_ENEMY_IN_REACH,
    behind_closed_door,
    beyond_wall_text,
    walled_enemies,
)
from game.rulesets.entaria.rules.terms import german
from game.rulesets.entaria.setup import BattleSetup
from game.rulesets.entaria.views.actions import action_groups
from game.rulesets.entaria.views.refusals import told_for_viewer
from game.ui.locale import Translator
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero


def _battle(first: str = "ron") -> Battle:
    """Ron at (2, 1) and Kim at (2, 3); a wall between columns 2 and 3 with a closed door in
    row 1; pirate Eins at (3, 1) behind the door, pirate Zwei at (3, 3) behind the wall."""
    grid = BattleGrid.from_ascii("\n".join(["......"] * 5))
    for y in range(5):
        grid.add_edge_wall((2, y), (3, y))
    grid.set_edge_door((2, 1), (3, 1))
    creatures = (
        hero("ron", (2, 1), equipment=("knueppel",)),
        hero("kim", (2, 3), equipment=("knueppel",), name="Kim"),
        foe("p1", (3, 1), equipment=("knueppel",), name="Pirat Eins"),
        foe("p2", (3, 3), equipment=("knueppel",), name="Pirat Zwei"),
    )
    battle = new_battle(BattleSetup("Wand", grid, SIDES, creatures), CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


def _melee_offer_reason(battle: Battle, language: str, visible: frozenset[str] | None) -> str:
    t = Translator(language)
    groups = told_for_viewer(battle, action_groups(battle, t), visible, t)
    (half,) = [g for g in groups if g.key == "HALF"]
    (melee,) = [o for o in half.offers if o.key == "action:MELEE_ATTACK"]
    assert not melee.enabled
    return melee.reason


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_d13_walled_enemies_are_those_a_wall_or_door_keeps_out_of_reach() -> None:
    battle = _battle()
    ron, kim = battle.state.creatures["ron"], battle.state.creatures["kim"]
    p1, p2 = battle.state.creatures["p1"], battle.state.creatures["p2"]
    assert walled_enemies(battle, ron, 1) == [p1]  # p2 is two rows away
    assert walled_enemies(battle, kim, 1) == [p2]
    assert walled_enemies(battle, kim, 1, only={"p1"}) == []
    assert behind_closed_door(battle, ron, p1, 1)
    assert not behind_closed_door(battle, kim, p2, 1)


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_d13_the_text_tells_a_wall_from_a_closed_door_in_both_languages() -> None:
    battle = _battle()
    ron, kim = battle.state.creatures["ron"], battle.state.creatures["kim"]
    p1, p2 = battle.state.creatures["p1"], battle.state.creatures["p2"]
    door = beyond_wall_text(battle, ron, p1, 1)
    assert german(door) == "Pirat Eins steht jenseits einer geschlossenen Tür"
    assert str(door) == "a closed door stands between Ron and Pirat Eins"
    wall = beyond_wall_text(battle, kim, p2, 1)
    assert german(wall) == "Pirat Zwei steht jenseits einer Wand"
    assert str(wall) == "a wall stands between Kim and Pirat Zwei"


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_d13_the_greyed_melee_offer_names_the_enemy_behind_the_wall() -> None:
    battle = _battle(first="kim")
    assert _melee_offer_reason(battle, "de", None) == (
        "Nahkampf geht nicht: Pirat Zwei steht jenseits einer Wand"
    )
    assert _melee_offer_reason(battle, "en", None).endswith(
        "a wall stands between Kim and Pirat Zwei"
    )


@pytest.mark.rule("D-13", "D-9", "E-MELEE-2")
def test_d13_an_enemy_the_viewer_does_not_see_is_not_named() -> None:
    battle = _battle(first="ron")
    reason = _melee_offer_reason(battle, "de", frozenset({"ron", "kim"}))
    assert reason == "Nahkampf geht nicht: " + german(NO_ENEMY_IN_REACH)
    named = _melee_offer_reason(battle, "de", frozenset({"ron", "kim", "p1"}))
    assert named == "Nahkampf geht nicht: Pirat Eins steht jenseits einer geschlossenen Tür"


@pytest.mark.rule("D-13", "E-ACT-HH-WAFFENLOS")
def test_d13_the_greyed_unarmed_attack_names_the_enemy_too() -> None:
    battle = _battle(first="kim")
    t = Translator("de")
    groups = told_for_viewer(battle, action_groups(battle, t), None, t)
    offers = [o for g in groups for o in g.offers if o.key == "action:UNARMED_ATTACK"]
    assert offers and not offers[0].enabled
    assert offers[0].reason.endswith("Pirat Zwei steht jenseits einer Wand")
