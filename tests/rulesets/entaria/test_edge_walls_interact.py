"""Field doors and items on the ground are out of reach across an edge wall (D-13)."""

from __future__ import annotations

import pytest

from game.board.grid import Cell
from game.match.commands import Command
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.interact_actions import Interact
from tests.rulesets.entaria.helpers import foe, hero, make_battle

OUT_OF_REACH_DOOR = "the door must be on a neighbouring field"
OUT_OF_REACH_ITEM = "the item must lie on the own or a neighbouring field"


def battle_with(ron: Cell, ascii_map: str, walls: list[tuple[Cell, Cell]]) -> Battle:
    battle = make_battle(ascii_map, [hero("ron", ron, held=()), foe("p1", (5, 3))], first="ron")
    for a, b in walls:
        battle.grid.add_edge_wall(a, b)
    return battle


def refused(battle: Battle, command: Command) -> str:
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected) as error:
        battle.apply(command)
    assert battle.state.to_dict() == before
    return str(error.value.reason)


DOOR_MAP = "......\n...+..\n......\n......"


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_a_field_door_across_an_edge_wall_cannot_be_opened() -> None:
    battle = battle_with((2, 1), DOOR_MAP, [((2, 1), (3, 1))])
    reason = refused(battle, Interact("ron", "open_door", cell=(3, 1)))
    assert OUT_OF_REACH_DOOR in reason


@pytest.mark.rule("D-13", "D-10", "E-ACT-HH-INTERAGIEREN")
def test_a_field_door_diagonally_past_a_walled_corner_cannot_be_opened() -> None:
    """The wall between (2, 1) and (2, 2) touches the corner Ron on (2, 2) reaches past."""
    battle = battle_with((2, 2), DOOR_MAP, [((2, 1), (2, 2))])
    reason = refused(battle, Interact("ron", "open_door", cell=(3, 1)))
    assert OUT_OF_REACH_DOOR in reason


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_a_field_door_with_a_wall_elsewhere_still_opens() -> None:
    """Control: the same door from the same diagonal field with a wall far away."""
    battle = battle_with((2, 2), DOOR_MAP, [((0, 0), (1, 0))])
    battle.apply(Interact("ron", "open_door", cell=(3, 1)))
    assert battle.grid.is_door_open((3, 1))


FLOOR = "\n".join(["......"] * 4)


def with_item(battle: Battle, cell: Cell) -> Battle:
    battle.state.ground_items[cell] = ["kampfmesser"]
    return battle


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_an_item_across_an_edge_wall_cannot_be_picked_up() -> None:
    battle = with_item(battle_with((2, 1), FLOOR, [((2, 1), (3, 1))]), (3, 1))
    reason = refused(battle, Interact("ron", "pick_up", item="kampfmesser", cell=(3, 1)))
    assert OUT_OF_REACH_ITEM in reason


@pytest.mark.rule("D-13", "D-10", "E-ACT-HH-INTERAGIEREN")
def test_an_item_diagonally_past_a_walled_corner_cannot_be_picked_up() -> None:
    """Ron on (2, 2), the knife on (3, 1); the wall between (3, 1) and (3, 2) touches the
    corner between them."""
    battle = with_item(battle_with((2, 2), FLOOR, [((3, 1), (3, 2))]), (3, 1))
    reason = refused(battle, Interact("ron", "pick_up", item="kampfmesser", cell=(3, 1)))
    assert OUT_OF_REACH_ITEM in reason


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_items_on_the_own_field_and_on_an_unwalled_neighbour_are_picked_up() -> None:
    battle = with_item(battle_with((2, 1), FLOOR, [((2, 1), (3, 1))]), (2, 1))
    battle.state.ground_items[(1, 1)] = ["knueppel"]
    battle.apply(Interact("ron", "pick_up", item="kampfmesser"))
    assert "kampfmesser" in battle.state.creatures["ron"].held
    battle.apply(Interact("ron", "pick_up", item="knueppel", cell=(1, 1)))
    assert "knueppel" in battle.state.creatures["ron"].held
