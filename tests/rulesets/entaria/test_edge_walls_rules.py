"""ENTARIA rules answer for walls on field edges as for wall fields (D-13).

Each rule is asked twice where the book's geometry is the same, once with a wall field
and once with an edge wall, and the answers agree; and an edge wall changes an answer
that the open map gives (the old code flew, pushed and struck through it).
"""

from __future__ import annotations

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cell
from game.rulesets.entaria.commands import Attack, Move
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.queries.reach import threat_zones
from game.rulesets.entaria.queries.targets import target_marks
from game.rulesets.entaria.rules.movement import (
    charge_allowed,
    push_back_destinations,
    push_path,
)
from game.rulesets.entaria.rules.reach import (
    MeleeThreat,
    can_help,
    in_melee_reach,
    is_ranged_attack_disturbed,
    melee_reach_cells,
    mounted_melee_reach,
    reach_mask,
    sweep_allowed,
)
from game.rulesets.entaria.rules.scatter import scatter
from game.rulesets.entaria.rules.situations import hurl_path
from game.rulesets.entaria.rules.terms import Condition
from tests.rulesets.entaria.helpers import foe, hero, make_battle

D13 = "D-13"


def open_grid(width: int = 7, height: int = 5) -> BattleGrid:
    return BattleGrid.from_ascii("\n".join("." * width for _ in range(height)))


def grid_of(*rows: str) -> BattleGrid:
    return BattleGrid.from_ascii("\n".join(rows))


# ---------------------------------------------------------------- melee reach
@pytest.mark.rule(D13, "E-REACH-2", "E-MELEE-2")
def test_no_melee_reach_across_an_edge_wall_between_neighbours() -> None:
    grid = open_grid()
    assert in_melee_reach((2, 2), (3, 2), grid=grid)
    grid.add_edge_wall((2, 2), (3, 2))
    assert not in_melee_reach((2, 2), (3, 2), grid=grid)
    assert not in_melee_reach((3, 2), (2, 2), grid=grid)  # both ways
    assert in_melee_reach((2, 2), (3, 2))  # without the grid: geometry only
    assert in_melee_reach((2, 2), (2, 1), grid=grid)  # the other neighbours stay


@pytest.mark.rule(D13, "E-REACH-2", "E-MELEE-2")
@pytest.mark.parametrize(("open_door", "reached"), [(False, False), (True, True)])
def test_a_closed_edge_door_blocks_melee_reach_an_open_one_does_not(
    open_door: bool, reached: bool
) -> None:
    grid = open_grid()
    grid.set_edge_door((2, 2), (2, 3), open=open_door)
    assert in_melee_reach((2, 2), (2, 3), grid=grid) is reached


@pytest.mark.rule(D13, "D-10", "E-REACH-2")
def test_no_diagonal_melee_past_a_corner_an_edge_wall_touches() -> None:
    """The same rule as the diagonal step: one edge wall at the corner closes it."""
    grid = open_grid()
    assert in_melee_reach((2, 2), (3, 3), grid=grid)
    grid.add_edge_wall((3, 2), (3, 3))  # touches the corner between (2, 2) and (3, 3)
    assert not in_melee_reach((2, 2), (3, 3), grid=grid)
    assert not in_melee_reach((3, 3), (2, 2), grid=grid)
    assert in_melee_reach((2, 2), (1, 3), grid=grid)  # the other diagonal is open


@pytest.mark.rule(D13, "D-10", "E-REACH-2")
def test_diagonal_between_two_wall_fields_and_between_edge_walls_agree() -> None:
    """Wall fields on both sides of a diagonal close it, as edge walls round them do."""
    fields = grid_of(".#.", "#..", "...")
    edges = open_grid(3, 3)
    for wall in ((1, 0), (0, 1)):
        x, y = wall
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if edges.in_bounds(n):
                edges.add_edge_wall(wall, n)
    assert not in_melee_reach((0, 0), (1, 1), grid=fields)
    assert not in_melee_reach((0, 0), (1, 1), grid=edges)
    assert in_melee_reach((1, 1), (2, 2), grid=fields) == in_melee_reach((1, 1), (2, 2), grid=edges)


@pytest.mark.rule(D13, "E-REACH-3")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_a_long_weapon_does_not_reach_past_a_wall(walled: str) -> None:
    """Distanz: two fields along a clear line; a wall field or an edge wall stops it."""
    grid = open_grid()
    assert in_melee_reach((1, 2), (3, 2), reach=2, grid=grid)
    if walled == "field":
        grid = grid_of(".......", ".......", "..#....", ".......", ".......")
    else:
        grid.add_edge_wall((2, 2), (3, 2))
    assert not in_melee_reach((1, 2), (3, 2), reach=2, grid=grid)
    assert in_melee_reach((1, 2), (3, 0), reach=2, grid=grid)


@pytest.mark.rule(D13, "E-SIZE-1", "E-OPEN-14")
def test_a_large_creature_reaches_with_a_field_the_wall_does_not_cut_off() -> None:
    """Two 2×2 creatures side by side: one open pair of fields is enough."""
    grid = open_grid()
    grid.add_edge_wall((2, 1), (3, 1))
    assert in_melee_reach((1, 1), (3, 1), attacker_side=2, target_side=2, grid=grid)
    grid.add_edge_wall((2, 2), (3, 2))  # now the whole border between them is walled
    assert not in_melee_reach((1, 1), (3, 1), attacker_side=2, target_side=2, grid=grid)
    assert not in_melee_reach((3, 1), (1, 1), attacker_side=2, target_side=2, grid=grid)


@pytest.mark.rule(D13, "E-REACH-2", "E-ACT-VH-HELFEN", "E-ACT-VH-RUNDUM", "E-MOUNT-12")
def test_every_reach_question_of_the_rules_takes_the_wall() -> None:
    grid = open_grid()
    grid.add_edge_wall((2, 2), (3, 2))
    cells = melee_reach_cells((2, 2), grid=grid)
    assert (3, 2) not in cells and (1, 2) in cells and len(cells) == 5
    # (3, 1) and (3, 3): diagonals past the corners the wall touches
    assert cells == {(1, 1), (2, 1), (1, 2), (1, 3), (2, 3)}
    mask = reach_mask((5, 7), (2, 2), grid=grid)
    assert {(int(x), int(y)) for y, x in zip(*mask.nonzero(), strict=True)} == cells
    assert not can_help((2, 2), (3, 2), grid=grid)
    assert not sweep_allowed((2, 2), [(1, 2), (3, 2)], grid=grid)
    assert sweep_allowed((2, 2), [(1, 2), (2, 1)], grid=grid)
    assert not mounted_melee_reach((2, 2), (3, 2), mount=(1, 2), mount_side=2, grid=grid)
    assert mounted_melee_reach((2, 2), (3, 2), mount=(1, 2), mount_side=2)


@pytest.mark.rule(D13, "E-DISTURB-1", "E-OPEN-17")
def test_an_enemy_behind_an_edge_wall_does_not_disturb_a_shot() -> None:
    grid = open_grid()
    enemy = [MeleeThreat((3, 2))]
    assert is_ranged_attack_disturbed((2, 2), enemy, grid=grid)
    grid.add_edge_wall((2, 2), (3, 2))
    assert not is_ranged_attack_disturbed((2, 2), enemy, grid=grid)


@pytest.mark.rule(D13, "E-ACT-VH-STURM")
def test_an_enemy_behind_an_edge_wall_does_not_forbid_a_charge() -> None:
    grid = open_grid()
    assert not charge_allowed((2, 2), [(3, 2)], grid=grid)
    grid.add_edge_wall((2, 2), (3, 2))
    assert charge_allowed((2, 2), [(3, 2)], grid=grid)


# ---------------------------------------------------------- melee in a match
ROOM = """
......
......
......
"""


@pytest.mark.rule(D13, "E-MELEE-2", "E-REACH-2")
def test_a_melee_attack_across_an_edge_wall_is_refused() -> None:
    battle = make_battle(
        ROOM, [hero("ron", (1, 1)), foe("p1", (2, 1))], seed=3, first="ron", dice=[]
    )
    battle.grid.add_edge_wall((1, 1), (2, 1))
    weapon = battle.state.creatures["ron"].held[0]
    with pytest.raises(CommandRejected, match="a wall stands between") as refused:
        battle.apply(Attack("ron", "p1", "unarmed"))
    assert "eine Wand steht dazwischen" in refused.value.reason.de  # type: ignore[attr-defined]
    assert not target_marks(battle, "ron", weapon)["p1"].in_melee_reach
    zones = threat_zones(battle, "ron")
    assert not zones.union[1, 1]  # p1 does not threaten ron through the wall
    assert zones.union[2, 2] and not zones.own[1, 2]


@pytest.mark.rule(D13, "E-DISTURB-1")
def test_a_shot_next_to_an_enemy_behind_an_edge_wall_is_not_disturbed() -> None:
    creatures = [hero("ron", (0, 1)), foe("p1", (0, 2)), foe("p2", (5, 1))]
    battle = make_battle(ROOM, creatures, seed=3, first="ron")
    assert target_marks(battle, "ron", "laserpistole")["p2"].edge == -1
    battle.grid.add_edge_wall((0, 1), (0, 2))
    assert target_marks(battle, "ron", "laserpistole")["p2"].edge == 0


# --------------------------------------------------------------- scatter flight
@pytest.mark.rule(D13, "E-OPEN-27", "D-7")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_a_missed_throw_stops_before_an_edge_wall_as_before_a_wall_field(walled: str) -> None:
    """Thrown east at (3, 1), forward 6: stops at (5, 1) before the wall either way."""
    if walled == "field":
        grid = grid_of("..........", "......#...", "..........")
    else:
        grid = open_grid(10, 3)
        grid.add_edge_wall((5, 1), (6, 1))
    result = scatter(grid, (0, 1), (3, 1), ScriptedRoller([2, 6]))
    assert result.landing == (5, 1)


@pytest.mark.rule(D13, "E-OPEN-27", "D-7", "D-10")
def test_a_missed_throw_does_not_fly_diagonally_past_an_edge_wall_corner() -> None:
    grid = open_grid(10, 10)
    assert scatter(grid, (2, 2), (4, 4), ScriptedRoller([1, 3])).landing == (7, 7)
    grid.add_edge_wall((5, 5), (6, 5))  # touches the corner between (5, 5) and (6, 6)
    assert scatter(grid, (2, 2), (4, 4), ScriptedRoller([1, 3])).landing == (5, 5)


# ------------------------------------------------------------------- pushes
@pytest.mark.rule(D13, "E-OPEN-18", "E-ACT-HH-WAFFENLOS-SCHUBSEN")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_a_shove_stops_at_an_edge_wall_as_at_a_wall_field(walled: str) -> None:
    if walled == "field":
        grid = grid_of(".....", "...#.", ".....")
    else:
        grid = open_grid(5, 3)
        grid.add_edge_wall((2, 1), (3, 1))
    assert push_path(grid, (1, 1), (2, 1), 2) == []


@pytest.mark.rule(D13, "E-OPEN-18")
def test_a_shove_stops_before_an_edge_wall_halfway() -> None:
    grid = open_grid(6, 3)
    assert push_path(grid, (0, 1), (1, 1), 2) == [(2, 1), (3, 1)]
    grid.add_edge_wall((2, 1), (3, 1))
    assert push_path(grid, (0, 1), (1, 1), 2) == [(2, 1)]


@pytest.mark.rule(D13, "E-ACT-VH-ZURUECK-2", "D-10")
def test_push_back_goes_nowhere_across_an_edge_wall_or_past_its_corner() -> None:
    grid = open_grid()
    target: Cell = (3, 2)
    before = set(push_back_destinations(grid, (2, 2), target))
    assert (4, 2) in before and (4, 3) in before
    grid.add_edge_wall((3, 2), (4, 2))
    after = set(push_back_destinations(grid, (2, 2), target))
    assert after == before - {(4, 1), (4, 2), (4, 3)}


@pytest.mark.rule(D13, "E-ZEROG-3", "E-OPEN-46")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_a_hurl_in_zero_g_stops_at_an_edge_wall_as_at_a_wall_field(walled: str) -> None:
    if walled == "field":
        grid = grid_of("........", "....#...", "........")
    else:
        grid = open_grid(8, 3)
        grid.add_edge_wall((3, 1), (4, 1))
    assert hurl_path(grid, (1, 1), (1, 0)) == [(2, 1), (3, 1)]


# ------------------------------------------------------------- leaving reach
@pytest.mark.rule(D13, "D-10", "E-ACT-HH-GEHEN-2", "E-OPEN-11")
@pytest.mark.parametrize("walled", [False, True])
def test_walking_away_from_an_enemy_behind_an_edge_wall_leaves_no_reach(walled: bool) -> None:
    """Open map: the save is rolled (a 1 fails, Liegend on the start); walled: no roll."""
    creatures = [hero("ron", (1, 1)), foe("p1", (2, 1))]
    battle = make_battle(ROOM, creatures, seed=3, first="ron", dice=[] if walled else [1])
    if walled:
        battle.grid.add_edge_wall((1, 1), (2, 1))
    battle.apply(Move("ron", "WALK", ((1, 1), (0, 1))))
    ron = battle.state.creatures["ron"]
    assert ron.cell == ((0, 1) if walled else (1, 1))
    assert (Condition.PRONE in ron.conditions) is not walled
