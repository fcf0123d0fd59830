"""The built-in opponent reaches a target across an edge wall by walking round (D-13)."""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, Move
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.policy_moves import strike_fields
from game.rulesets.entaria.setup import BattleSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero
from tests.rulesets.entaria.test_edge_walls_policy import assert_walkable


def walled_battle(walls: int, doors: tuple[int, ...] = ()) -> Battle:
    """A 10×6 floor, an edge wall between columns 4 and 5 in rows 0..walls-1 (edge doors in
    ``doors``); the pirate on (4, 1) with only a club (it must walk up to strike), Ron
    right across the wall on (5, 1)."""
    grid = BattleGrid.from_ascii("\n".join(["." * 10] * 6))
    for y in range(walls):
        if y in doors:
            grid.set_edge_door((4, y), (5, y))
        else:
            grid.add_edge_wall((4, y), (5, y))
    setup = BattleSetup(
        "Kante", grid, SIDES, (foe("p1", (4, 1), equipment=("knueppel",)), hero("ron", (5, 1)))
    )
    battle = new_battle(setup, CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index("p1") :] + order[: order.index("p1")]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


def play_pirate(battle: Battle, turns: int) -> list[object]:
    """Let the pirate play up to ``turns`` of its turns (Ron ends his); return its commands."""
    done: list[object] = []
    for _ in range(turns * 12):
        if battle.state.over:
            break
        if battle.state.current_key != "p1":
            battle.apply(EndTurn(battle.state.current_key))
            turns -= 1 if battle.state.current_key == "p1" else 0
            if turns <= 0:
                break
            continue
        command = choose_command(battle)
        if isinstance(command, Move):
            assert_walkable(battle, command.path)
        done.append(command)
        battle.apply(command)
    return done


@pytest.mark.rule("D-13")
def test_strike_fields_leave_out_the_fields_across_an_edge_wall() -> None:
    grid = BattleGrid.from_ascii("\n".join(["." * 6] * 4))
    grid.add_edge_wall((2, 1), (3, 1))  # west of the target on (3, 1)
    fields = strike_fields(grid, (3, 1))
    assert (2, 1) not in fields
    # diagonally past a corner the wall touches: no strike either (D-13, D-10)
    assert (2, 0) not in fields and (2, 2) not in fields
    assert (4, 1) in fields and (3, 0) in fields and len(fields) == 5


@pytest.mark.rule("D-13", "E-MELEE-2")
def test_the_opponent_across_an_edge_wall_walks_round_and_strikes() -> None:
    """The wall stands in rows 0-3; the pirate right across it from Ron does not stay put
    but walks round the wall's end (row 4) and attacks Ron within three turns."""
    battle = walled_battle(4)
    first = choose_command(battle)
    assert isinstance(first, Move)  # before the fix: no goal field, the pirate ended its turn
    commands = play_pirate(battle, 3)
    assert any(isinstance(c, Attack) and c.target == "ron" for c in commands), commands


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_the_opponent_across_a_wall_goes_through_its_door_and_strikes() -> None:
    """A wall over the whole height with a closed door in row 3: the pirate walks to the
    door, opens it, comes through and attacks Ron within three turns."""
    battle = walled_battle(6, doors=(3,))
    commands = play_pirate(battle, 3)
    assert any(isinstance(c, Attack) and c.target == "ron" for c in commands), commands


@pytest.mark.rule("D-13", "E-SIZE-1")
def test_strike_fields_of_a_large_creature_are_anchors_its_footprint_strikes_from() -> None:
    """A 2×2 creature strikes a one-field target on (5, 2) from 12 anchors on an open
    floor; an edge wall west of the target takes the 4 anchors whose footprint touches
    the target only across the wall or past its corners (x = 4 beside the target)."""
    grid = BattleGrid.from_ascii("\n".join(["." * 9] * 6))
    open_floor = strike_fields(grid, (5, 2), side=2)
    assert len(open_floor) == 12 and (4, 1) not in open_floor and (3, 1) in open_floor
    grid.add_edge_wall((4, 2), (5, 2))
    walled = strike_fields(grid, (5, 2), side=2)
    assert walled == open_floor - {(3, 0), (3, 1), (3, 2), (3, 3)}
