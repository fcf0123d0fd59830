"""Under water every field is water, and water is difficult ground (E-UNDERWATER-1, issue 10).

"Wasser stellt schwieriges Gelände dar (siehe Oben)." In a fight under water
(``Environment.underwater``) every step costs 2, on the map's plain floor too, for the Move
handler, the movement preview and the built-in opponent alike. Swimmers are exempt:
"Schwimmen (S): ... Wasser stellt kein schwieriges Gelände dar" (E-MOVETYPE-S), so their
steps cost 1. Decision: nobody flies in water.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.board.grid import BattleGrid
from game.rulesets.entaria.catalogue import CreatureType, FrozenMap
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.flight import Fly
from game.rulesets.entaria.moving import movement_profile
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.movement import MovementProfile
from game.rulesets.entaria.rules.terms import MoveType
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

WIDE = "\n".join(["." * 40] * 3)
RON_BEW = CATALOGUE.creatures["ron"].movement


def _ron_with(key: str, move_type: MoveType) -> CreatureType:
    """Return Ron's type as ``key`` with one further movement value at his BEW (a sample)."""
    ron = CATALOGUE.creatures["ron"]
    return dataclasses.replace(ron, key=key, move_types=FrozenMap({move_type: ron.movement}))


#: Ron as a swimmer (S 6) and as a flyer (F 6): test types, not in the catalogue.
TEST_CATALOGUE = dataclasses.replace(
    CATALOGUE,
    creatures={
        **CATALOGUE.creatures,
        "ron_swimmer": _ron_with("ron_swimmer", MoveType.SWIM),
        "ron_flyer": _ron_with("ron_flyer", MoveType.FLY),
    },
)


def battle_in(
    creatures: list[CreatureSetup], *, underwater: bool = True, ascii_map: str = WIDE
) -> Battle:
    """Return a match (under water unless told) whose first creature has the turn."""
    setup = BattleSetup(
        "Unter Wasser",
        BattleGrid.from_ascii(ascii_map),
        SIDES,
        tuple(creatures),
        environment=Environment(underwater=underwater),
    )
    battle = new_battle(setup, TEST_CATALOGUE, 1)
    order = battle.state.order
    index = order.index(creatures[0].key)
    battle.state.order = order[index:] + order[:index]
    battle.state.turn_index = 0
    battle._start_turn()
    return battle


def straight(length: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, 1) for i in range(length + 1))


@pytest.mark.rule("E-UNDERWATER-1", "E-TERRAIN-DIFF-1")
def test_under_water_a_step_on_plain_floor_costs_two() -> None:
    """E-UNDERWATER-1 "Wasser stellt schwieriges Gelände dar": Gehen BEW 6 covers 3 fields."""
    battle = battle_in([hero("ron", (0, 1)), foe("p1", (39, 1))])
    with pytest.raises(CommandRejected, match=f"costs {2 * (RON_BEW // 2 + 1)} fields"):
        battle.apply(Move("ron", "WALK", straight(RON_BEW // 2 + 1)))
    battle.apply(Move("ron", "WALK", straight(RON_BEW // 2)))
    assert battle.creature("ron").cell == (RON_BEW // 2, 1)


def test_on_dry_land_the_same_walk_goes_bew_fields_e_underwater_1() -> None:
    """E-UNDERWATER-1 (the control): the same map out of the water costs 1 per field."""
    battle = battle_in([hero("ron", (0, 1)), foe("p1", (39, 1))], underwater=False)
    battle.apply(Move("ron", "WALK", straight(RON_BEW)))
    assert battle.creature("ron").cell == (RON_BEW, 1)


@pytest.mark.rule("E-UNDERWATER-1", "E-MOVETYPE-S", "E-TERRAIN-WATER-2")
def test_a_swimmers_step_under_water_costs_one() -> None:
    """E-MOVETYPE-S "Wasser stellt kein schwieriges Gelände dar": a swimmer walks BEW fields."""
    battle = battle_in([hero("ron", (0, 1), type_="ron_swimmer"), foe("p1", (39, 1))])
    assert movement_profile(battle, battle.creature("ron")).swims
    battle.apply(Move("ron", "WALK", straight(RON_BEW)))
    assert battle.creature("ron").cell == (RON_BEW, 1)


@pytest.mark.rule("E-UNDERWATER-1", "E-MOVETYPE-S")
def test_the_preview_agrees_under_water() -> None:
    """E-UNDERWATER-1: the preview prices every field at 2 (a swimmer's at 1) and marks it."""
    battle = battle_in(
        [
            hero("ron", (0, 1)),
            hero("sue", (0, 0), type_="ron_swimmer"),
            foe("p1", (39, 1)),
        ]
    )
    walker = movement_options(battle, "ron", Action.WALK)
    assert walker.cost_of((1, 1)) == 2 and walker.cost_of((RON_BEW // 2, 1)) == RON_BEW
    assert walker.cost_of((RON_BEW // 2 + 1, 1)) is None
    assert bool(walker.difficult.all())
    swimmer = movement_options(battle, "sue", Action.WALK)
    assert swimmer.cost_of((RON_BEW, 0)) == RON_BEW and not swimmer.difficult.any()
    run = movement_options(battle, "ron", Action.RUN)
    assert run.cost_of((3 * RON_BEW // 2, 1)) == 3 * RON_BEW
    assert run.cost_of((3 * RON_BEW // 2 + 1, 1)) is None


@pytest.mark.rule("E-UNDERWATER-1", "E-ACT-VH-LAUFEN-1")
def test_the_built_in_opponent_pays_the_water_too() -> None:
    """E-UNDERWATER-1: Elro (BEW 5) runs 15 points of movement: 7 fields under water."""
    bew = CATALOGUE.creatures["elro_sa"].movement
    battle = battle_in([hero("elro", (1, 1), type_="elro_sa"), foe("p1", (38, 1))])
    command = choose_command(battle)
    assert isinstance(command, Move) and command.action == "RUN"
    assert len(command.path) - 1 == 3 * bew // 2
    battle.apply(command)  # the handler accepts what the policy chose


@pytest.mark.rule("E-UNDERWATER-1", "E-MOVETYPE-F")
def test_nobody_flies_under_water() -> None:
    """E-UNDERWATER-1 (decision): a flyer in water pays 2 per field and cannot take off."""
    battle = battle_in([hero("ron", (0, 1), type_="ron_flyer"), foe("p1", (39, 1))])
    profile = movement_profile(battle, battle.creature("ron"))
    assert not profile.flying
    with pytest.raises(CommandRejected, match="under water"):
        battle.apply(Fly("ron", "WALK", straight(2), 1))
    assert movement_options(battle, "ron", Action.WALK).cost_of((1, 1)) == 2


def test_the_profile_prices_every_field_as_water_e_underwater_1() -> None:
    """E-UNDERWATER-1: the one cost model: 2 everywhere, 1 for S, doubled again crawling."""
    grid = BattleGrid.from_ascii(".:~\n...")
    under = MovementProfile(underwater=True)
    assert under.field_costs(grid.difficult, grid.terrain).tolist() == [[2, 2, 2], [2, 2, 2]]
    swimmer = MovementProfile(frozenset({MoveType.SWIM}), underwater=True)
    assert swimmer.field_costs(grid.difficult, grid.terrain).tolist() == [[1, 1, 1], [1, 1, 1]]
    crawler = MovementProfile(cost_factor=2, underwater=True)
    assert crawler.field_costs(grid.difficult, grid.terrain).tolist() == [[4, 4, 4], [4, 4, 4]]
    land = MovementProfile()
    assert land.field_costs(grid.difficult, grid.terrain).tolist() == [[1, 2, 2], [1, 1, 1]]
