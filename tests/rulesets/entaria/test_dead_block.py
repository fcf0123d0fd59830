"""Every creature holds its field, whatever its condition (E-OPEN-44, D-10).

A dead, dying or unconscious creature of another side cannot be entered; one of the
mover's own side can be passed through but not ended on. The dead have no melee reach
(a charge may start beside a body). Scenario tests on a small room with scripted dice;
the built-in opponent's fights end with no move onto a body.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cell
from game.match.commands import Command
from game.match.events import Event
from game.missions.simulate import prepared_mission
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, FrozenMap
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.command_table import new_battle
from game.rulesets.entaria.commands import GmCondition, GmDoor, GmMoveToken, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.flight import Fly
from game.rulesets.entaria.grapple import DragGrappled
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.mount_actions import Dismount, Mount
from game.rulesets.entaria.push_back import PushBack
from game.rulesets.entaria.queries.movement import movement_options
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Condition, MoveType
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.seats import aboard
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from game.rulesets.entaria.unarmed_combat import UnarmedAttack
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

ROOM = """
..........
..........
..........
..........
"""
#: Ron's initiative with seed 3 is 14, above the pirates' 12: Ron acts first.
SEED = 3
BLADE = ("monofilament_klinge",)
#: The conditions a creature lies in that still hold its field (E-OPEN-44).
DOWN = ("DEAD", "DYING", "UNCONSCIOUS")
ROOT = Path(__file__).resolve().parents[3]


def _animal(key: str, **changes: object) -> CreatureType:
    """Return a creature type like the pirate: no gear, no character, fixed initiative 10."""
    fixed = {"equipment": (), "initiative": 10, "simplified": False, "is_character": False}
    base = CATALOGUE.creatures["dretop_pirat"]
    return dataclasses.replace(base, key=key, name=key.capitalize(), **fixed, **changes)  # type: ignore[arg-type]


#: A flyer (F 6) and a mount (KG 5) besides the bundled creatures.
ANIMALS = {
    "falke": _animal("falke", size_category=2, movement=2, move_types=FrozenMap({MoveType.FLY: 6})),
    "reittier": _animal("reittier", size_category=5, movement=8),
}
TEST_CATALOGUE: Catalogue = dataclasses.replace(
    CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, **ANIMALS})
)

_GIVEN: list[Battle] = []


@pytest.fixture(autouse=True)
def _every_scripted_die_is_used() -> Iterator[None]:
    """The dice lists count exactly what the commands roll: none may be left over."""
    _GIVEN.clear()
    yield
    for battle in _GIVEN:
        assert isinstance(battle.roller, ScriptedRoller)
        assert battle.roller.remaining == 0, battle.roller.rolled


def given(
    *creatures: CreatureSetup,
    down: dict[str, str],
    dice: list[int],
    room: str = ROOM,
    first: str = "ron",
) -> Battle:
    """Return a match in which ``first`` acts, ``down`` lie in their condition, dice scripted.

    A living foe far off keeps the fight going.
    """
    everyone = (*creatures, foe("watcher", (9, 3)))
    setup = BattleSetup("Test", BattleGrid.from_ascii(room), SIDES, everyone)
    battle = new_battle(setup, TEST_CATALOGUE, SEED)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    for key, condition in down.items():
        battle.apply(GmCondition(None, key, condition))
    _GIVEN.append(battle)
    return battle


def refused(battle: Battle, command: Command, match: str) -> None:
    """Assert the command is refused and nothing changed (state, record, dice)."""
    before, record = battle.state.to_dict(), list(battle.record)
    assert isinstance(battle.roller, ScriptedRoller)
    rolled = len(battle.roller.rolled)
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert battle.record == record
    assert len(battle.roller.rolled) == rolled


def cell_of(battle: Battle, key: str) -> Cell:
    return battle.state.creatures[key].cell


# ------------------------------------------------------------------ walking
@pytest.mark.rule("E-OPEN-44", "D-10")
@pytest.mark.parametrize("condition", DOWN)
def test_a_fallen_foe_cannot_be_entered_nor_passed(condition: str) -> None:
    """E-OPEN-44, D-10: a dead (dying, unconscious) foe's field is not enterable."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), down={"p1": condition}, dice=[])
    refused(battle, Move("ron", "WALK", ((1, 1), (2, 1))), "held by an enemy")
    refused(battle, Move("ron", "WALK", ((1, 1), (2, 1), (3, 1))), "held by an enemy")
    battle.apply(Move("ron", "WALK", ((1, 1), (2, 2), (3, 1))))  # around it
    assert cell_of(battle, "ron") == (3, 1) and cell_of(battle, "p1") == (2, 1)


@pytest.mark.rule("E-OPEN-44", "D-10")
def test_a_dead_ally_is_passed_through_but_not_ended_on() -> None:
    """D-10: a dead creature of the mover's side counts as an ally (E-OPEN-44)."""
    battle = given(
        hero("ron", (1, 1)), hero("lara", (2, 1), "lara"), down={"lara": "DEAD"}, dice=[]
    )
    refused(battle, Move("ron", "WALK", ((1, 1), (2, 1))), "cannot end on another creature")
    battle.apply(Move("ron", "WALK", ((1, 1), (2, 1), (3, 1))))
    assert cell_of(battle, "ron") == (3, 1)


CORRIDOR = """
##########
..........
##########
..........
"""


@pytest.mark.rule("E-OPEN-44", "D-10")
@pytest.mark.parametrize(("body", "beyond"), [("ally", 2), ("foe", None)])
def test_the_move_overlay_offers_no_field_with_a_body(body: str, beyond: int | None) -> None:
    """The screen's fields (``movement_options``) leave out the body's field; in a
    corridor the field beyond a dead ally costs 2 (passed, D-10), beyond a dead foe none."""
    other = hero("o", (1, 1), "lara") if body == "ally" else foe("o", (1, 1))
    battle = given(hero("ron", (0, 1)), other, down={"o": "DEAD"}, dice=[], room=CORRIDOR)
    options = movement_options(battle, "ron", Action.WALK)
    assert options.cost_of((1, 1)) is None
    assert options.cost_of((2, 1)) == beyond


# ------------------------------------------------------------------ charge
@pytest.mark.rule("E-OPEN-44", "E-OPEN-20", "D-10")
def test_a_dead_foe_on_the_line_stops_a_charge() -> None:
    """E-OPEN-20 with E-OPEN-44: the straight line runs into a body: no charge."""
    battle = given(
        hero("ron", (0, 1), equipment=BLADE),
        foe("p1", (8, 1)),
        foe("p2", (4, 1)),
        down={"p2": "DEAD"},
        dice=[],
    )
    refused(battle, Charge("ron", "p1", "monofilament_klinge"), "no straight charge")


@pytest.mark.rule("E-OPEN-44", "E-OPEN-20", "D-10")
def test_a_charge_passes_a_dead_ally_and_starts_beside_a_dead_foe() -> None:
    """A body has no reach (the charge may start next to a dead foe); a dead ally on the
    line is passed through (D-10). Ron ends on (7, 1) and strikes."""
    battle = given(
        hero("ron", (0, 1), equipment=BLADE),
        foe("p1", (8, 1)),
        foe("p2", (1, 2)),
        hero("lara", (4, 1), "lara"),
        down={"p2": "DEAD", "lara": "DEAD"},
        dice=[15, 3],
    )
    battle.apply(Charge("ron", "p1", "monofilament_klinge"))
    assert cell_of(battle, "ron") == (7, 1)
    assert battle.state.creatures["p1"].lp == 12 - (4 + 3 + 1 - 2)


@pytest.mark.rule("E-OPEN-44", "E-OBST-2")
def test_a_charge_cannot_end_on_a_dead_ally() -> None:
    """E-OBST-2: the only field in reach on the line holds a dead ally: refused."""
    battle = given(
        hero("ron", (0, 1), equipment=BLADE),
        foe("p1", (8, 1)),
        hero("lara", (7, 1), "lara"),
        down={"lara": "DEAD"},
        dice=[],
    )
    refused(battle, Charge("ron", "p1", "monofilament_klinge"), "no straight charge")


# ------------------------------------------------------------------ forced movement
@pytest.mark.rule("E-OPEN-44", "E-ACT-VH-ZURUECK-2")
def test_no_push_back_onto_a_body() -> None:
    """E-ACT-VH-ZURUECK-2: a free neighbouring field is needed; a body's is not free."""
    battle = given(
        hero("ron", (1, 1), equipment=BLADE),
        foe("p1", (2, 1)),
        foe("p2", (3, 1)),
        down={"p2": "DEAD"},
        dice=[],
    )
    refused(battle, PushBack("ron", "p1", "monofilament_klinge", (3, 1)), "free neighbouring")


@pytest.mark.rule("E-OPEN-44", "E-ACT-HH-WAFFENLOS-UMKLAMMERN-3")
def test_a_grappled_target_is_not_dragged_onto_a_body() -> None:
    """The dragged target takes the field behind (E-OPEN-44): a dead ally's is taken."""
    battle = given(
        hero("ron", (1, 1)),
        foe("p1", (2, 1)),
        hero("lara", (1, 2), "lara"),
        down={"lara": "DEAD"},
        dice=[15, 15],
    )
    battle.apply(UnarmedAttack("ron", "p1", "grapple"))
    refused(battle, DragGrappled("ron", "WALK", ((1, 1), (1, 2), (1, 3))), "behind")


# ------------------------------------------------------------------ flight, mounts, GM
@pytest.mark.rule("E-OPEN-44", "D-10", "E-MOVETYPE-F")
def test_a_flight_neither_enters_a_dead_foe_nor_lands_on_a_dead_ally() -> None:
    battle = given(
        hero("ron", (5, 3)),
        hero("hawk", (1, 1), "falke"),
        hero("lara", (3, 1), "lara"),
        foe("p1", (2, 1)),
        down={"lara": "DEAD", "p1": "DEAD"},
        dice=[],
        first="hawk",
    )
    refused(battle, Fly("hawk", "WALK", ((1, 1), (2, 1)), 1), "held by an enemy")
    refused(battle, Fly("hawk", "WALK", ((1, 1), (2, 2), (3, 1)), 1), "flight cannot end")
    battle.apply(Fly("hawk", "WALK", ((1, 1), (2, 2), (3, 1), (4, 1)), 1))
    assert cell_of(battle, "hawk") == (4, 1)


@pytest.mark.rule("E-OPEN-44", "E-MOUNT-5")
def test_no_dismounting_onto_a_body() -> None:
    battle = given(
        hero("ron", (1, 1)),
        hero("horse", (2, 1), "reittier"),
        hero("lara", (2, 2), "lara"),
        down={"lara": "DEAD"},
        dice=[],
    )
    battle.apply(Mount("ron", "horse"))
    assert [c.key for c in aboard(battle, battle.state.creatures["horse"])] == ["ron"]
    battle.state.budget = TurnBudget()  # given: his next turn
    refused(battle, Dismount("ron", (2, 2)), "taken by Lara")


@pytest.mark.rule("E-OPEN-44")
def test_the_game_master_cannot_put_a_token_on_a_body() -> None:
    """A GM move onto a dead creature's field is refused as onto a living one's."""
    battle = given(hero("ron", (1, 1)), foe("p1", (4, 1)), down={"p1": "DEAD"}, dice=[])
    refused(battle, GmMoveToken(None, "ron", (4, 1)), "taken by")
    battle.apply(GmMoveToken(None, "ron", (4, 2)))
    assert cell_of(battle, "ron") == (4, 2)


DOORWAY = """
..........
..../.....
..........
..........
"""


@pytest.mark.rule("E-OPEN-44", "E-ACT-HH-INTERAGIEREN")
def test_a_door_does_not_close_on_a_body() -> None:
    """A body lies in the doorway: neither Ron (Interagieren) nor the GM closes the door."""
    battle = given(
        hero("ron", (3, 1)), foe("p1", (4, 1)), down={"p1": "DEAD"}, dice=[], room=DOORWAY
    )
    refused(battle, Interact("ron", "close_door", cell=(4, 1)), "doorway")
    refused(battle, GmDoor(None, (4, 1), False), "doorway")


# ------------------------------------------------------------------ state and policy
@pytest.mark.rule("E-OPEN-44")
def test_creature_at_finds_the_dead_and_the_living_first() -> None:
    battle = given(hero("ron", (1, 1)), foe("p1", (4, 1)), down={"p1": "DEAD"}, dice=[])
    state = battle.state
    assert state.creature_at((4, 1)) is state.creatures["p1"]
    assert state.creature_at((4, 1), besides={"p1"}) is None
    state.creatures["ron"].cell = (4, 1)  # given: a living creature on the body (a rider)
    assert state.creature_at((4, 1)) is state.creatures["ron"]
    assert state.creature_at((4, 1), besides={"ron"}) is state.creatures["p1"]


def moves_onto_bodies(mission: str, seed: int) -> list[str]:
    """Play the mission with the built-in opponent; return every move that ends on a
    body or passes a dead foe (E-OPEN-44)."""
    prepared = prepared_mission(f"maps/{mission}.toml")
    battle = prepared.ruleset.new_game(prepared.setup, prepared.catalogue, seed)
    assert isinstance(battle, Battle)
    wrong: list[str] = []

    def watch(events: list[Event]) -> None:
        for event in events:
            if event.kind != "move" or "path" not in event.data or event.actor is None:
                continue
            mover = battle.state.creatures[event.actor]
            path = [tuple(c) for c in event.data["path"]]
            for other in battle.state.creatures.values():
                if other.key == mover.key or other.cell not in path[1:]:
                    continue
                dead = Condition.DEAD in other.conditions
                ends = other.cell == path[-1] and other not in aboard(battle, mover)
                if ends or (dead and other.side != mover.side):
                    wrong.append(f"{event.text('en')} ({other.name})")

    prepared.ruleset.play_out(battle, max_rounds=30, on_events=watch)
    return wrong


@pytest.mark.rule("E-OPEN-44", "D-10")
@pytest.mark.parametrize(
    ("mission", "seed"),
    [("strassenkampf", 4), ("strassenkampf", 1), ("gefahrenzone", 2), ("dretop-versteck", 8)],
)
def test_the_built_in_opponent_never_moves_onto_a_body(
    mission: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorded fights in which, before E-OPEN-44 held, a creature walked onto or
    through a dead one (strassenkampf seed 4: Valina onto the dead Punk mit Knüppel)."""
    monkeypatch.chdir(ROOT)
    assert os.path.exists(f"maps/{mission}.toml")
    assert moves_onto_bodies(mission, seed) == []
