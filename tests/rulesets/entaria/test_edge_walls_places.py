"""Area fire, hiding places, fog of war, objects and mounts with walls on field edges (D-13).

As in test_edge_walls_rules: the same question with a wall field and with an edge
wall gets the same answer where the geometry is the same, and an edge wall changes an
answer the open map gives.
"""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.board.templates import AreaShape
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import EndTurn
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.mount_actions import Dismount, Mount
from game.rulesets.entaria.object_attacks import AttackObject, object_in_reach
from game.rulesets.entaria.queries.fog import FogCache, fog_of_war
from game.rulesets.entaria.rules.areas import distribution_errors, suggest_distribution
from game.rulesets.entaria.rules.hiding_places import suitable_hiding_place
from game.rulesets.entaria.rules.impact import area_of_impact
from game.rulesets.entaria.rules.objects import blast_fields
from game.rulesets.entaria.setup import BattleSetup
from tests.rulesets.entaria.helpers import SIDES, foe, hero, make_battle
from tests.rulesets.entaria.test_mount_passengers import TEST_CATALOGUE
from tests.rulesets.entaria.test_object_attacks import object_battle

D13 = "D-13"


def open_grid(width: int = 7, height: int = 5) -> BattleGrid:
    return BattleGrid.from_ascii("\n".join("." * width for _ in range(height)))


# ------------------------------------------------------------------ area fire
@pytest.mark.rule(D13, "D-6", "E-AREAFIRE-6")
def test_fields_parted_by_an_edge_wall_are_not_joined_for_area_fire() -> None:
    grid = open_grid()
    placement = {(1, 1): 2, (2, 1): 2}
    assert distribution_errors(placement, sw=3, total=4, grid=grid) == []
    grid.add_edge_wall((1, 1), (2, 1))
    errors = distribution_errors(placement, sw=3, total=4, grid=grid)
    assert len(errors) == 1
    assert "wall on the field edge" in errors[0]
    assert "Wand auf der Feldkante" in errors[0].de  # type: ignore[attr-defined]
    assert distribution_errors(placement, sw=3, total=4) == []  # without the grid: as before


@pytest.mark.rule(D13, "D-6", "E-AREAFIRE-6")
def test_a_closed_edge_door_parts_fields_an_open_one_joins_them() -> None:
    grid = open_grid()
    placement = {(1, 1): 1, (1, 2): 1}
    grid.set_edge_door((1, 1), (1, 2))
    assert distribution_errors(placement, sw=3, total=2, grid=grid)
    grid.set_edge_door((1, 1), (1, 2), open=True)
    assert distribution_errors(placement, sw=3, total=2, grid=grid) == []


@pytest.mark.rule(D13, "D-6", "E-AREAFIRE-6", "E-OPEN-24")
def test_the_suggested_placement_does_not_join_across_an_edge_wall() -> None:
    grid = open_grid()
    order = [(1, 1), (2, 1), (1, 2)]
    assert suggest_distribution(6, 3, order, grid=grid) == {(1, 1): 3, (2, 1): 3}
    grid.add_edge_wall((1, 1), (2, 1))
    suggested = suggest_distribution(6, 3, order, grid=grid)
    assert suggested == {(1, 1): 3, (1, 2): 3}
    assert distribution_errors(suggested, sw=3, total=6, grid=grid) == []


# --------------------------------------------------------------- hiding places
@pytest.mark.rule(D13, "E-ACT-VH-VERBERGEN-1")
@pytest.mark.parametrize(
    ("edge", "wall_field"),
    [
        (((2, 2), (3, 2)), (3, 2)),  # a wall beside the field
        (((2, 1), (3, 1)), (3, 1)),  # a wall touching its corner
    ],
)
def test_an_edge_wall_beside_a_field_makes_a_hiding_place_as_a_wall_field_does(
    edge: tuple[tuple[int, int], tuple[int, int]], wall_field: tuple[int, int]
) -> None:
    grid = open_grid()
    assert not suitable_hiding_place(grid, (2, 2))
    fields = open_grid()
    fields.set_field(wall_field, BattleGrid.from_ascii("#").field_kind((0, 0)))
    assert suitable_hiding_place(fields, (2, 2))
    grid.add_edge_wall(*edge)
    assert suitable_hiding_place(grid, (2, 2))


@pytest.mark.rule(D13, "E-ACT-VH-VERBERGEN-1")
def test_an_edge_wall_two_fields_away_gives_no_hiding_place() -> None:
    grid = open_grid()
    grid.add_edge_wall((4, 2), (5, 2))
    assert not suitable_hiding_place(grid, (2, 2))
    grid.set_edge_door((3, 2), (4, 2), open=True)  # an open door is no wall
    assert not suitable_hiding_place(grid, (2, 2))


# ------------------------------------------------------------------ fog of war
ROOM = """
......
......
......
"""


@pytest.mark.rule(D13, "D-9")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_fog_of_war_hides_what_stands_behind_an_edge_wall(walled: str) -> None:
    """A wall column x = 2 or edge walls between x = 1 and x = 2: the foe at (4, 1) is hidden."""
    room = "..#...\n..#...\n..#...\n" if walled == "field" else ROOM
    battle = make_battle(room, [hero("ron", (0, 1)), foe("p1", (4, 1))], seed=3, first="ron")
    cache = FogCache()
    if walled == "edge":
        assert "p1" in fog_of_war(battle, "heroes", cache).creatures  # before the wall
        for y in range(3):
            battle.grid.add_edge_wall((1, y), (2, y))
    view = fog_of_war(battle, "heroes", cache)  # the cache sees the grid change
    assert "p1" not in view.creatures
    assert not view.visible[1, 4] and not view.visible[1, 3]
    assert view.visible[1, 1] and view.visible[0, 0]
    assert "ron" not in fog_of_war(battle, "foes").creatures


# --------------------------------------------------------------------- objects
@pytest.mark.rule(D13, "E-OBJ-2", "E-MELEE-2")
def test_no_blow_at_a_wall_object_across_an_edge_wall() -> None:
    battle = object_battle(".S...\n.....\n", [hero("ron", (0, 0)), foe("p", (4, 1))], dice=[])
    assert object_in_reach(battle, battle.state.creatures["ron"])
    battle.grid.add_edge_wall((0, 0), (1, 0))
    battle.grid.add_edge_wall((0, 0), (0, 1))  # also closes the corner to (1, 1)
    assert not object_in_reach(battle, battle.state.creatures["ron"])
    with pytest.raises(CommandRejected, match="melee reach"):
        battle.apply(AttackObject("ron", "unarmed", cell=(1, 0)))


# ---------------------------------------------------------------------- mounts
def _ride(*, wall: bool) -> Battle:
    creatures = (hero("ron", (1, 1)), hero("horse", (2, 1), "reittier"), foe("w", (9, 0)))
    grid = BattleGrid.from_ascii("..........\n..........\n..........\n")
    setup = BattleSetup("Test", grid, SIDES, creatures)
    battle = new_battle(setup, TEST_CATALOGUE, 3)
    order = battle.state.order
    battle.state.order = order[order.index("ron") :] + order[: order.index("ron")]
    battle.state.turn_index = 0
    battle._start_turn()
    if wall:
        battle.grid.add_edge_wall((1, 1), (2, 1))
    return battle


@pytest.mark.rule(D13, "E-MOUNT-5")
def test_no_mounting_across_an_edge_wall() -> None:
    battle = _ride(wall=True)
    with pytest.raises(CommandRejected, match="not next to"):
        battle.apply(Mount("ron", "horse"))
    _ride(wall=False).apply(Mount("ron", "horse"))  # the open map allows it


@pytest.mark.rule(D13, "E-MOUNT-5")
def test_no_dismounting_across_an_edge_wall() -> None:
    battle = _ride(wall=False)
    battle.apply(Mount("ron", "horse"))
    for _ in range(10):
        battle.apply(EndTurn(battle.state.current_key))
        if battle.state.current_key == "ron":
            break
    battle.grid.add_edge_wall((2, 1), (3, 1))
    with pytest.raises(CommandRejected, match="not next to"):
        battle.apply(Dismount("ron", (3, 1)))
    battle.apply(Dismount("ron", (2, 2)))
    assert battle.state.creatures["ron"].cell == (2, 2)


# ---------------------------------------------------------------------- blasts
@pytest.mark.rule(D13, "D-8", "E-AREA-1", "E-AREA-ROUND")
@pytest.mark.parametrize("walled", ["field", "edge"])
def test_a_blast_is_shielded_by_an_edge_wall_as_by_a_wall_field(walled: str) -> None:
    """A round blast of radius 3 at (2, 2); a wall line at x = 4 (fields) or between
    x = 4 and x = 5 (edges) keeps it from everything beyond; the room in front is hit."""
    if walled == "field":
        grid = BattleGrid.from_ascii("\n".join("....#...." for _ in range(5)))
    else:
        grid = BattleGrid.from_ascii("\n".join("........." for _ in range(5)))
        for y in range(5):
            grid.add_edge_wall((4, y), (5, y))
    hit = set(area_of_impact(grid, AreaShape.ROUND, 3, (0, 2), (2, 2)))
    struck = set(blast_fields(grid, AreaShape.ROUND, 3, (0, 2), (2, 2)))
    assert {(5, 2), (5, 1), (5, 3)}.isdisjoint(hit | struck)
    assert {(3, 2), (1, 1), (2, 4)} <= hit
    assert ((4, 2) in hit) is (walled == "edge")  # a wall field is no open field
    assert (4, 2) in struck  # but its object is struck


@pytest.mark.rule(D13, "D-8", "E-AREA-1")
def test_an_edge_wall_cuts_a_blast_that_the_open_map_lets_through() -> None:
    grid = BattleGrid.from_ascii("\n".join("......." for _ in range(5)))
    assert (3, 2) in area_of_impact(grid, AreaShape.ROUND, 2, (0, 2), (2, 2))
    grid.add_edge_wall((2, 2), (3, 2))
    hit = area_of_impact(grid, AreaShape.ROUND, 2, (0, 2), (2, 2))
    assert (3, 2) not in hit and (2, 3) in hit
