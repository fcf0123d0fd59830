"""The built-in opponent opens a lone edge door its diagonal route passes (D-13)."""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, Move
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.policy_moves import _first_door
from game.rulesets.entaria.setup import BattleSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero
from tests.rulesets.entaria.test_edge_walls_policy import assert_walkable

#: Ron's room, columns 5-9 and rows 0-3: an edge wall west of it in rows 0-2 ending in a
#: lone closed door in row 3, wall fields below it. The door's lower end touches no wall,
#: so with the door open the shortest way in is the diagonal (4, 4) -> (5, 3), past it.
ROOM = (
    "..........",
    "..........",
    "..........",
    "..........",
    ".....#####",
    "..........",
)
DOOR = ((4, 3), (5, 3))


def room_battle(pirate: tuple[int, int] = (3, 5)) -> Battle:
    grid = BattleGrid.from_ascii("\n".join(ROOM))
    for y in range(3):
        grid.add_edge_wall((4, y), (5, y))
    grid.set_edge_door(*DOOR)
    setup = BattleSetup(
        "Tür", grid, SIDES, (foe("p1", pirate, equipment=("knueppel",)), hero("ron", (8, 1)))
    )
    battle = new_battle(setup, CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index("p1") :] + order[: order.index("p1")]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


@pytest.mark.rule("D-13", "D-10")
def test_d13_a_door_on_the_far_fields_border_is_found_with_the_field_in_front() -> None:
    battle = room_battle()
    assert _first_door(battle.grid, [(3, 5), (4, 4), (5, 3), (6, 2)]) == (1, (4, 3), (5, 3))
    # a door on the near field's border: opened from there, as before
    assert _first_door(battle.grid, [(4, 3), (5, 3)]) == (0, (4, 3), (5, 3))


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_d13_next_to_the_door_the_opponent_steps_in_front_of_it_then_opens_it() -> None:
    battle = room_battle(pirate=(4, 4))
    first = choose_command(battle)
    assert isinstance(first, Move) and tuple(first.path) == ((4, 4), (4, 3)), first
    battle.apply(first)
    assert choose_command(battle) == Interact("p1", "open_door", edge_to=(5, 3))


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN", "E-MELEE-2")
def test_d13_the_opponent_does_not_stall_at_a_lone_door_at_the_end_of_a_wall() -> None:
    battle = room_battle()
    commands: list[object] = []
    for _ in range(60):
        if battle.state.over or any(isinstance(c, Attack) for c in commands):
            break
        if battle.state.current_key != "p1":
            battle.apply(EndTurn(battle.state.current_key))
            continue
        command = choose_command(battle)
        if isinstance(command, Move):
            assert_walkable(battle, command.path)
        commands.append(command)
        battle.apply(command)
    assert Interact("p1", "open_door", edge_to=(5, 3)) in commands, commands
    assert any(isinstance(c, Attack) and c.target == "ron" for c in commands), commands
