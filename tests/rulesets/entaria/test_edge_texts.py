"""Player texts about walls and doors on field edges name no rule IDs or commands (D-13)."""

from __future__ import annotations

import pytest

from game.match.commands import Command
from game.rulesets.entaria.commands import Attack, GmDoor, UseAction
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.rules.terms import german
from tests.rulesets.entaria.helpers import foe, hero
from tests.rulesets.entaria.test_edge_doors import room_battle


def refusal(command: Command, *creatures: object, first: str = "ron") -> tuple[str, str]:
    """Return the (English, German) refusal of ``command`` in the edge-door room."""
    battle = room_battle(*creatures, first=first)  # type: ignore[arg-type]
    with pytest.raises(CommandRejected) as refused:
        battle.apply(command)
    reason = refused.value.reason
    return str(reason), german(reason)


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_d13_the_melee_refusal_across_a_closed_edge_door_names_no_decision() -> None:
    en, de = refusal(Attack("ron", "p", "unarmed"), hero("ron", (2, 1)), foe("p", (3, 1)))
    assert en.endswith("is not within melee reach: a wall stands between")
    assert de.endswith("ist nicht in Nahkampfreichweite: eine Wand steht dazwischen")
    assert "D-13" not in en + de


@pytest.mark.rule("D-13", "E-ACT-VH-VERBERGEN-3")
def test_d13_the_hiding_refusal_across_a_closed_edge_door_names_no_decision() -> None:
    command = UseAction("ron", "HIDE", item="handgranate", cell=(3, 1))
    en, de = refusal(command, hero("ron", (2, 1), equipment=("handgranate",)), foe("p", (5, 1)))
    assert en == "a wall stands between Ron and field [3, 1]"
    assert de == "zwischen Ron und Feld [3, 1] steht eine Wand"


@pytest.mark.rule("D-13", "E-OBJ-5")
def test_d13_battering_an_edge_door_names_the_game_master_not_a_command() -> None:
    en, de = refusal(Interact("ron", "break_door", edge_to=(3, 1)))
    assert en.endswith("open it, or the game master opens it")
    assert de.endswith("öffne sie, oder die Spielleitung öffnet sie")
    assert "gm_door" not in en + de


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_d13_a_player_and_the_game_master_name_an_edge_door_upper_left_first() -> None:
    """Ron opens the door from the field right of it; the log names it as the GM's does."""
    battle = room_battle(hero("ron", (3, 1)), foe("p", (5, 1)))
    events = battle.apply(Interact("ron", "open_door", edge_to=(2, 1)))
    door = next(e for e in events if e.kind == "door")
    assert door.en == "Ron opens the door between [2, 1] and [3, 1]"
    assert door.de == "Ron öffnet die Tür zwischen [2, 1] und [3, 1]"
    gm = battle.apply(GmDoor(None, (3, 1), False, edge_to=(2, 1)))
    assert gm[0].en == "Game master: closes the door between [2, 1] and [3, 1]"
