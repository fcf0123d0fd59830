"""The built-in opponent and the movement queries with walls and doors on field edges (D-13)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from game.board.grid import BattleGrid, Cell
from game.board.steps import step_problem
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import Battle
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.moving import movement_profile, walked_path_cost
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.policy_moves import _doors_open, cover_mask
from game.rulesets.entaria.queries.movement import _save_free_search, movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

Edge = tuple[Cell, Cell]


def edged_battle(
    width: int,
    height: int,
    walls: Iterable[Edge],
    creatures: Iterable[CreatureSetup],
    *,
    doors: Iterable[Edge] = (),
    first: str,
) -> Battle:
    grid = BattleGrid.from_ascii("\n".join(["." * width] * height))
    for a, b in walls:
        grid.add_edge_wall(a, b)
    for a, b in doors:
        grid.set_edge_door(a, b)
    battle = new_battle(BattleSetup("Kanten", grid, SIDES, tuple(creatures)), CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


def column_wall(x: int, rows: Iterable[int]) -> list[Edge]:
    """Edge walls between columns x and x + 1 in ``rows``."""
    return [((x, y), (x + 1, y)) for y in rows]


def assert_walkable(battle: Battle, path: Iterable[Cell]) -> None:
    cells = list(path)
    for before, after in itertools.pairwise(cells):
        assert step_problem(battle.grid, before, after, 1, frozenset()) is None, (before, after)


# ---------------------------------------------------------------- the opponent
@pytest.mark.rule("D-13", "E-ACT-HH-GEHEN-1")
def test_the_opponent_walks_around_an_edge_wall_never_through_it() -> None:
    """An edge wall between columns 9 and 10 in rows 0-3 hides Ron: the pirate walks
    toward him around the wall's open end (row 4), each step legal on the real board."""
    battle = edged_battle(
        22, 5, column_wall(9, range(4)), [foe("p1", (8, 0)), hero("ron", (13, 0))], first="p1"
    )
    command = choose_command(battle)
    assert isinstance(command, Move)
    assert_walkable(battle, command.path)
    assert command.path[-1][1] > 0  # toward the open end, not along the wall's row


@pytest.mark.rule("D-13", "E-ACT-HH-GEHEN-1")
def test_a_whole_turn_of_the_opponent_never_crosses_an_edge_wall() -> None:
    battle = edged_battle(
        22, 5, column_wall(9, range(4)), [foe("p1", (8, 0)), hero("ron", (13, 0))], first="p1"
    )
    for _ in range(6):
        if battle.state.current_key != "p1":
            break
        command = choose_command(battle)
        if isinstance(command, Move):
            assert_walkable(battle, command.path)
        battle.apply(command)


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_the_opponent_opens_the_closed_edge_door_beside_it() -> None:
    """A wall from top to bottom between columns 2 and 3 with a closed door in row 1: the
    pirate on (2, 1) opens it (the field across it is (3, 1))."""
    battle = edged_battle(
        6,
        3,
        column_wall(2, (0, 2)),
        [foe("p1", (2, 1)), hero("ron", (5, 1))],
        doors=[((2, 1), (3, 1))],
        first="p1",
    )
    command = choose_command(battle)
    assert command == Interact("p1", "open_door", edge_to=(3, 1))


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_the_opponent_walks_up_to_the_edge_door_then_opens_it() -> None:
    """From (0, 2) the pirate first walks to (2, 1) in front of the door, then opens it."""
    battle = edged_battle(
        6,
        3,
        column_wall(2, (0, 2)),
        [foe("p1", (0, 2)), hero("ron", (5, 1))],
        doors=[((2, 1), (3, 1))],
        first="p1",
    )
    walk = choose_command(battle)
    assert isinstance(walk, Move) and walk.path[-1] == (2, 1)
    battle.apply(walk)
    assert choose_command(battle) == Interact("p1", "open_door", edge_to=(3, 1))


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_the_opponent_does_not_open_a_door_that_is_no_way_through() -> None:
    """The planning copy opens edge doors but keeps edge walls: a walled-in pirate with no
    door plans no route (all four borders walled)."""
    walls = [((2, 1), (3, 1)), ((1, 1), (2, 1)), ((2, 0), (2, 1)), ((2, 1), (2, 2))]
    battle = edged_battle(6, 3, walls, [foe("p1", (2, 1)), hero("ron", (5, 1))], first="p1")
    assert _doors_open(battle.grid) is None
    command = choose_command(battle)
    assert not isinstance(command, Move | Interact)


@pytest.mark.rule("D-13")
def test_planning_copy_opens_edge_doors_and_keeps_edge_walls() -> None:
    grid = BattleGrid.from_ascii("....\n....")
    grid.add_edge_wall((0, 0), (1, 0))
    grid.set_edge_door((1, 0), (2, 0))
    opened = _doors_open(grid)
    assert opened is not None
    assert not opened.is_edge_blocked((1, 0), (2, 0))
    assert opened.is_edge_blocked((0, 0), (1, 0))
    assert grid.is_edge_blocked((1, 0), (2, 0))  # the match's grid is untouched


@pytest.mark.rule("D-13", "D-9")
def test_fields_along_an_edge_wall_count_as_near_cover() -> None:
    battle = edged_battle(
        8, 3, column_wall(3, (1,)), [foe("p1", (0, 0)), hero("ron", (7, 2))], first="p1"
    )
    near = cover_mask(battle)
    assert near[1, 3] and near[1, 4]
    assert not near[1, 6] and not near[0, 0]


# ----------------------------------------------------------- movement queries
@pytest.mark.rule("D-13", "D-10")
def test_the_save_free_search_does_not_step_through_an_edge_wall() -> None:
    """One row, every field in a reach, a wall between (1, 0) and (2, 0): from (1, 0)
    the fields right of the wall cannot be reached at all."""
    battle = edged_battle(
        4, 1, [((1, 0), (2, 0))], [hero("ron", (1, 0)), foe("p1", (3, 0))], first="ron"
    )
    zone = {(0, 0), (1, 0), (2, 0), (3, 0)}
    free = _save_free_search(
        battle.grid,
        (1, 0),
        6,
        enemies=set(),
        allies=set(),
        profile=movement_profile(battle, battle.state.creatures["ron"]),
        zones=[zone],
    )
    assert set(free.costs) == {(0, 0), (1, 0)}


@pytest.mark.rule("D-13", "D-10", "E-MOVE-1")
def test_offered_moves_follow_paths_the_move_handler_accepts() -> None:
    """Ron beside an edge wall, the pirate diagonally across it: every field offered
    beyond the wall has a path of legal steps, and the Move command takes it at the
    offered cost (on a copy of the match)."""
    battle = edged_battle(
        8, 5, column_wall(2, range(4)), [hero("ron", (2, 1)), foe("p1", (3, 2))], first="ron"
    )
    options = movement_options(battle, "ron", Action.WALK)
    assert (3, 1) not in options.costs or options.costs[(3, 1)] >= 7  # around the wall
    for cell, cost in options.costs.items():
        path = options.path_to(cell)
        assert path is not None
        assert_walkable(battle, path)
        if cell[0] >= 3:
            trial = clone_battle(battle)
            trial.apply(Move("ron", "WALK", tuple(path)))
            assert trial.state.creatures["ron"].cell in (cell, (2, 1))  # (2, 1): fell
            assert cost == walked_path_cost(battle, battle.state.creatures["ron"], path)
