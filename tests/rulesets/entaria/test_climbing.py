"""Climbing surfaces need two free hands (E-TERRAIN-CLIMB-1): moves, charges, dragging.

Given a map with a climbing wall ("^", Kletteroberfläche) across it, the commands,
and the expected end state; the movement overlay (``queries.movement_options``)
offers exactly what the engine accepts.

Ron: Stärke 3, BEW 6, two hands. A terrain check is Stärke vs ZW 15 (E-OPEN-42).
"""

from __future__ import annotations

import numpy as np
import pytest

from game.board.dice import RandomRoller, ScriptedRoller
from game.board.grid import BattleGrid, FieldKind, Terrain
from game.match.commands import Command
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.grapple import DragGrappled
from game.rulesets.entaria.interact_actions import DropItem, Interact
from game.rulesets.entaria.moving import climb_refusal, unclimbable
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import MoveType, german
from game.rulesets.entaria.rules.terrain import unclimbable_fields
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.state import BattleState
from game.rulesets.entaria.unarmed_combat import UnarmedAttack
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

#: The DESIGN.md legend has no climbing surface: "^" is one here.
LEGEND = {"^": FieldKind(difficult=True, terrain=Terrain.CLIMB)}
#: A climbing wall at x = 3 from top to bottom: no way round it.
WALL = """
...^......
...^......
...^......
"""
ACROSS = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))  # 1 + 2 + 1 + 1 = 5 of BEW 6


def given(ascii_map: str, *creatures: CreatureSetup, dice: list[int] | None = None) -> Battle:
    """Return a match on ``ascii_map`` (with "^" climbing) in which Ron acts first."""
    grid = BattleGrid.from_ascii(ascii_map, legend=LEGEND)
    battle = new_battle(BattleSetup("Klettern", grid, SIDES, tuple(creatures)), CATALOGUE, 3)
    order = battle.state.order
    index = order.index("ron")
    battle.state.order = order[index:] + order[:index]
    battle.state.turn_index = 0
    battle._start_turn()
    if dice is not None:
        battle.roller = ScriptedRoller(dice)
    return battle


def holding(battle: Battle, key: str, *items: str) -> None:
    """Given: ``key`` holds exactly ``items`` (the rest of its equipment is carried)."""
    creature = battle.state.creatures[key]
    everything = [*creature.held, *creature.carried]
    creature.held = list(items)
    creature.carried = [k for k in everything if k not in items]


def refused(battle: Battle, command: Command) -> str:
    """Return the engine's reason for refusing ``command``; assert nothing changed."""
    before = battle.state.to_dict()
    with pytest.raises(CommandRejected) as error:
        battle.apply(command)
    assert battle.state.to_dict() == before
    return error.value.reason


def accepted(battle: Battle, command: Command) -> bool:
    """Return whether the engine applies ``command``; the state is restored either way."""
    snapshot, roller = battle.state.to_dict(), battle.roller
    battle.roller = RandomRoller(7)
    try:
        battle.apply(command)
        return True
    except CommandRejected:
        return False
    finally:
        battle.state = BattleState.from_dict(snapshot)
        battle.roller = roller


def offered(battle: Battle, key: str, action: Action = Action.WALK) -> set[tuple[int, int]]:
    return set(movement_options(battle, key, action).costs)


# ------------------------------------------------------------------ the rule itself
@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-MOVETYPE-K", "E-MOVETYPE-W")
def test_unclimbable_fields_are_climbing_fields_without_two_free_hands() -> None:
    """Two free hands, a climber by nature (K, W) or a flyer may enter; one hand may not."""
    terrain = np.array([[0, int(Terrain.CLIMB), int(Terrain.RUBBLE), int(Terrain.CLIMB)]])
    assert unclimbable_fields(terrain, 1).tolist() == [[False, True, False, True]]
    assert unclimbable_fields(terrain, 0).tolist() == [[False, True, False, True]]
    assert not unclimbable_fields(terrain, 2).any()
    assert not unclimbable_fields(terrain, 0, move_types={MoveType.CLIMB}).any()
    assert not unclimbable_fields(terrain, 0, move_types={MoveType.WALL_CLIMB}).any()
    assert not unclimbable_fields(terrain, 1, move_types={MoveType.HOVER}, flying=True).any()
    # a swimmer is no climber
    assert unclimbable_fields(terrain, 1, move_types={MoveType.SWIM}).any()


# ------------------------------------------------------------------ moving
@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-ACT-HH-INTERAGIEREN", "E-ACT-FH-1")
def test_two_items_in_hand_refuse_the_climb_until_both_hands_are_free() -> None:
    """Given Ron with a laser pistol and a knife in hand before a climbing wall.

    Walking across is refused (no free hand), also after holstering the knife (one free
    hand, the rule asks for two); after dropping the pistol too he climbs across with a
    Stärke check. The overlay offers the wall and the fields beyond exactly then.
    """
    battle = given(
        WALL,
        hero("ron", (1, 1), equipment=("laserpistole", "kampfmesser")),
        foe("p1", (9, 2)),
        dice=[15],  # the climbing check: 15 + Stärke 3 >= 15
    )
    holding(battle, "ron", "laserpistole", "kampfmesser")

    reason = refused(battle, Move("ron", "WALK", ACROSS))
    assert "E-TERRAIN-CLIMB-1" in reason and "needs 2 free hands" in reason
    assert "has 0" in reason and "[3, 1]" in reason
    assert "Kletteroberfläche" in german(reason) and "2 freie Hände" in german(reason)
    assert not {(3, 0), (3, 1), (3, 2), (4, 1), (5, 1)} & offered(battle, "ron")
    assert {(0, 0), (2, 1), (2, 2)} <= offered(battle, "ron")

    battle.apply(Interact("ron", "holster", item="kampfmesser"))
    reason = refused(battle, Move("ron", "WALK", ACROSS))
    assert "E-TERRAIN-CLIMB-1" in reason and "has 1" in reason
    assert (3, 1) not in offered(battle, "ron")

    battle.apply(DropItem("ron", "laserpistole"))
    options = movement_options(battle, "ron", Action.WALK)
    assert options.cost_of((3, 1)) == 3 and options.cost_of((5, 1)) == 5
    path = options.path_to((5, 1))
    assert path is not None
    events = battle.apply(Move("ron", "WALK", tuple(path)))

    ron = battle.state.creatures["ron"]
    assert ron.cell == (5, 1) and ron.held == []
    assert ron.carried[-1] == "kampfmesser"
    assert battle.state.ground_items[(1, 1)] == ["laserpistole"]
    (climb,) = [e for e in events if e.kind == "roll"]
    assert climb.data["rule"] == "E-TERRAIN-CLIMB-1" and climb.data["success"] is True


@pytest.mark.rule("E-TERRAIN-CLIMB-1")
def test_a_two_handed_rifle_in_hand_refuses_the_climb_and_holstering_it_allows_it() -> None:
    """Given Ron holding a laser rifle (two-handed): no climb; holstered: he climbs."""
    battle = given(
        WALL, hero("ron", (1, 1), equipment=("lasergewehr",)), foe("p1", (9, 2)), dice=[15]
    )
    assert battle.state.creatures["ron"].held == ["lasergewehr"]
    reason = refused(battle, Move("ron", "WALK", ACROSS))
    assert "E-TERRAIN-CLIMB-1" in reason and "in hand: lasergewehr" in reason
    assert "in der Hand: lasergewehr" in german(reason)
    assert (4, 1) not in offered(battle, "ron")

    battle.apply(Interact("ron", "holster", item="lasergewehr"))
    assert (4, 1) in offered(battle, "ron")
    battle.apply(Move("ron", "WALK", ACROSS))
    assert battle.state.creatures["ron"].cell == (5, 1)


@pytest.mark.rule("E-TERRAIN-CLIMB-1")
def test_stepping_off_a_climbing_field_needs_no_hands_but_moving_along_it_does() -> None:
    """Given Ron on the wall with both hands full: down onto the ground yes, along the wall no."""
    battle = given(
        WALL, hero("ron", (3, 1), equipment=("laserpistole", "kampfmesser")), foe("p1", (9, 2))
    )
    holding(battle, "ron", "laserpistole", "kampfmesser")
    assert "E-TERRAIN-CLIMB-1" in refused(battle, Move("ron", "WALK", ((3, 1), (3, 2))))
    assert {(3, 1), (2, 1), (4, 1)} <= offered(battle, "ron")
    assert not {(3, 0), (3, 2)} & offered(battle, "ron")
    battle.apply(Move("ron", "WALK", ((3, 1), (4, 1), (5, 1))))
    assert battle.state.creatures["ron"].cell == (5, 1)


@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-MOVETYPE-FS")
def test_a_hovering_creature_with_full_hands_crosses_the_wall_without_a_check() -> None:
    """Given the summoned creature (FS) holding two things: it flies over, no check rolled."""
    battle = given(
        WALL,
        hero(
            "ron",
            (0, 0),
            type_="beschworene_kreatur",
            equipment=("knueppel", "pistole"),
            companion_of="ally",
        ),
        hero("ally", (0, 2)),
        foe("p1", (9, 2)),
        dice=[],
    )
    holding(battle, "ron", "knueppel", "pistole")
    ron = battle.state.creatures["ron"]
    assert climb_refusal(battle, ron, [(0, 0), (1, 1), (2, 1), (3, 1)]) is None
    assert not unclimbable(battle, ron).any()
    events = battle.apply(Move("ron", "WALK", ((0, 0), (1, 1), (2, 1), (3, 1), (4, 1))))
    assert ron.cell == (4, 1) and not [e for e in events if e.kind == "roll"]


# ------------------------------------------------------------------ charge and drag
@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-ACT-VH-STURM", "E-OPEN-20")
def test_a_charge_across_a_climbing_wall_needs_two_free_hands() -> None:
    """Given Ron with a club and a pistol in hand, the pirate beyond the wall.

    The straight charge crosses the wall: refused, and the overlay offers no charge;
    with empty hands the unarmed charge is offered and accepted.
    """
    battle = given(WALL, hero("ron", (0, 1), equipment=("knueppel", "pistole")), foe("p1", (6, 1)))
    holding(battle, "ron", "knueppel", "pistole")
    reason = refused(battle, Charge("ron", "p1", "knueppel"))
    assert "E-TERRAIN-CLIMB-1" in reason and "has 0" in reason
    options = movement_options(battle, "ron", Action.CHARGE, weapon_key="knueppel")
    assert "p1" not in options.charges and set(options.costs) == {(0, 1)}

    holding(battle, "ron")
    options = movement_options(battle, "ron", Action.CHARGE)
    assert options.charges["p1"] == ((0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
    assert accepted(battle, Charge("ron", "p1", "unarmed"))


@pytest.mark.rule("E-TERRAIN-CLIMB-1", "E-ACT-HH-WAFFENLOS-UMKLAMMERN-3")
def test_dragging_a_grappled_pirate_up_a_climbing_wall_needs_two_free_hands() -> None:
    """Given Ron (laser pistol in hand) grappling the pirate next to the wall.

    Dragging him across the wall is refused (one free hand); along the ground it works.
    """
    battle = given(
        WALL,
        hero("ron", (2, 1), equipment=("laserpistole",)),
        foe("p1", (1, 1)),
        dice=[15, 15],  # the grapple: attack roll with Nachteil (two dice)
    )
    battle.apply(UnarmedAttack("ron", "p1", "grapple"))
    reason = refused(battle, DragGrappled("ron", "WALK", ((2, 1), (3, 1), (4, 1))))
    assert "E-TERRAIN-CLIMB-1" in reason and "has 1" in reason
    battle.apply(DragGrappled("ron", "WALK", ((2, 1), (2, 2))))
    assert battle.state.creatures["ron"].cell == (2, 2)
    assert battle.state.creatures["p1"].cell == (2, 1)
