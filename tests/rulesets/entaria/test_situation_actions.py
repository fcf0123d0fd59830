"""Special situations: mounted combat, flight, zero-G, underwater and the ranged duel.

Scenario tests: given a map and creatures, the commands with scripted dice, the
expected end state. The dice lists count every d20 (two with Vorteil or Nachteil), d6
and d8 rolled; none may be left over. Ron: Fernkampf 8, Geschick 7, Reflexe 6, LP 18,
no armour, KG 3, initiative 14 with seed 3 (he acts first). Pirate: Ausweichen 12,
Reflexe 4, LP 12, Panzerjacke (armour 2), KG 3, initiative 12. The test catalogue adds
a horse (KG 5, BEW 8, Geschick 4, Reflexe 4, Nahkampf 5, NSB 2, initiative 10), a
large horse (2x2 fields), a pony (KG 3), and flyers with F, FG, FS or FV 6 (BEW 2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cell, footprint_cells
from game.match.commands import Command
from game.match.events import Event
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, FrozenMap
from game.rulesets.entaria.combat import plan_attack, situation_attack_edge
from game.rulesets.entaria.command_table import COMMANDS, new_battle
from game.rulesets.entaria.commands import EndTurn, GmCondition, Move
from game.rulesets.entaria.duel import Duel
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.flight import Fly
from game.rulesets.entaria.flying import FLIGHT_TURN
from game.rulesets.entaria.interact_actions import DropItem, Interact
from game.rulesets.entaria.mount_actions import Dismount, Mount
from game.rulesets.entaria.mount_commands import MountCommand
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.ranges import RangeBand
from game.rulesets.entaria.rules.terms import ActionType, Attribute, Condition, DamageType, MoveType
from game.rulesets.entaria.rules.turn_budget import TurnBudget
from game.rulesets.entaria.seats import (
    RIDDEN,
    RIDING,
    follow_mount,
    mount_of,
    rider_attack_edge,
    rider_of,
)
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment
from game.rulesets.entaria.state import Stance
from game.rulesets.entaria.underwater import (
    underwater_allows,
    underwater_attack_edge,
    underwater_rejection,
)
from game.rulesets.entaria.zero_g import after_hit
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

ROOM = """
..........
..........
..........
..........
"""
SEED = 3  # Ron's initiative is 14: he acts first


def _variant(base: str, key: str, **changes: object) -> CreatureType:
    kind = CATALOGUE.creatures[base]
    attributes = changes.pop("attributes", {})
    assert isinstance(attributes, dict)
    return dataclasses.replace(
        kind,
        key=key,
        name=key.capitalize(),
        attributes=FrozenMap({**kind.attributes, **attributes}),
        **changes,  # type: ignore[arg-type]
    )


def _animal(key: str, **changes: object) -> CreatureType:
    base: dict[str, object] = {
        "equipment": (),
        "initiative": 10,
        "simplified": False,
        "is_character": False,
        "base_initiative": None,
    }
    base.update(changes)
    return _variant("dretop_pirat", key, **base)


_HORSE = {Attribute.DEXTERITY: 4, Attribute.REFLEXES: 4, Attribute.MELEE: 5}
EXTRA = {
    "reittier": _animal(
        "reittier", size_category=5, movement=8, melee_damage_bonus=2, attributes=_HORSE
    ),
    "grosses_reittier": _animal("grosses_reittier", size_category=6, size_fields=2),
    "pony": _animal("pony", size_category=3),
    "greif": _animal("greif", size_category=5, movement=4, move_types=FrozenMap({MoveType.FLY: 8})),
    "reiter": _variant("ron", "reiter", talents=("Reiten",)),
    "nullg": _variant("ron", "nullg", talents=("Null-G 1",)),
    "falke": _animal("falke", size_category=2, movement=2, move_types=FrozenMap({MoveType.FLY: 6})),
    "gleiter": _animal(
        "gleiter", size_category=2, movement=2, move_types=FrozenMap({MoveType.GLIDE: 6})
    ),
    "schweber": _animal(
        "schweber", size_category=2, movement=2, move_types=FrozenMap({MoveType.HOVER: 6})
    ),
    "vorbeiflieger": _animal(
        "vorbeiflieger", size_category=2, movement=2, move_types=FrozenMap({MoveType.FLYBY: 6})
    ),
}
TEST_CATALOGUE: Catalogue = dataclasses.replace(
    CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, **EXTRA})
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
    dice: list[int],
    room: str = ROOM,
    first: str = "ron",
    environment: Environment | None = None,
) -> Battle:
    """Return a match on ``room`` in which ``first`` acts first and every later die is scripted."""
    setup = BattleSetup(
        "Test",
        BattleGrid.from_ascii(room),
        SIDES,
        tuple(creatures),
        environment or Environment(),
    )
    battle = new_battle(setup, TEST_CATALOGUE, SEED)
    order = battle.state.order
    index = order.index(first)
    battle.state.order = order[index:] + order[:index]
    battle.state.turn_index = 0
    battle._start_turn()
    battle.roller = ScriptedRoller(dice)
    _GIVEN.append(battle)
    return battle


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def assert_rejected_unchanged(battle: Battle, command: Command, match: str) -> None:
    before, record = battle.state.to_dict(), list(battle.record)
    assert isinstance(battle.roller, ScriptedRoller)
    rolled = len(battle.roller.rolled)
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert battle.record == record
    assert len(battle.roller.rolled) == rolled  # no die was rolled


def end_turns_until(battle: Battle, key: str) -> list[Event]:
    events: list[Event] = []
    for _ in range(20):
        if battle.state.current_key == key:
            return events
        events += battle.apply(EndTurn(battle.state.current_key))
    raise AssertionError(f"{key} never got a turn")


def one_creature_per_field_but_riders(battle: Battle) -> None:
    """The fuzz invariant with the rider exception: a rider shares only his mount's field."""
    taken: dict[Cell, str] = {}
    for creature in battle.state.creatures.values():
        if Condition.DEAD in creature.conditions:
            continue
        mount = mount_of(battle, creature)
        if mount is not None:
            side = battle.creature_type(mount).size_fields
            assert creature.cell in footprint_cells(mount.cell, side)
            continue
        side = battle.creature_type(creature).size_fields
        for cell in footprint_cells(creature.cell, side):
            assert cell not in taken, f"{creature.key} and {taken[cell]} share {cell}"
            taken[cell] = creature.key


def mounted(*creatures: CreatureSetup, dice: list[int], rider: str = "ron") -> Battle:
    """Return a match in which ``rider`` has mounted the horse and has his next turn."""
    battle = given(*creatures, dice=dice, first=rider)
    battle.apply(Mount(rider, "horse"))
    end_turns_until(battle, "horse")
    battle.apply(EndTurn("horse"))
    end_turns_until(battle, rider)
    return battle


def horse(cell: Cell = (2, 1), **kw: object) -> CreatureSetup:
    return hero("horse", cell, "reittier", **kw)


# ------------------------------------------------------------------ mounting
@pytest.mark.rule("E-MOUNT-5", "E-MOUNT-2", "E-MOUNT-3", "E-OPEN-47")
def test_mount_is_a_full_action_and_the_rider_sits_on_the_mounts_field() -> None:
    """E-MOUNT-5: Aufsitzen is a VH; rider and mount share the field (riding / ridden)."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    events = battle.apply(Mount("ron", "horse"))
    ron, steed = battle.state.creatures["ron"], battle.state.creatures["horse"]
    assert ron.cell == steed.cell == (2, 1)
    assert mount_of(battle, ron) is steed and rider_of(battle, steed) is ron
    assert [e.source for e in ron.effects if e.name == RIDING] == ["horse"]
    assert [e.source for e in steed.effects if e.name == RIDDEN] == ["ron"]
    assert battle.state.budget.spent == ((Action.MOUNT, ActionType.FULL),)
    assert kinds(events, "mounted")[0].data["rule"] == "E-MOUNT-5"
    assert not kinds(events, "roll")  # a standing mount asks no check (E-MOUNT-6)
    one_creature_per_field_but_riders(battle)
    # the state survives a save
    data = battle.state.to_dict()
    assert type(battle.state).from_dict(data).to_dict() == data


@pytest.mark.rule("E-MOUNT-9", "E-ACT-HH-INTERAGIEREN")
def test_the_reins_take_a_hand_from_drawing_and_picking_up() -> None:
    """Given Ron on the horse with the reins in one hand and his pistol in the other: he
    cannot draw the taser (no free hand); once he dropped the pistol he picks it up
    again with the hand it freed."""
    battle = mounted(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    ron = battle.state.creatures["ron"]
    assert ron.held == ["laserpistole"] and "taserpistole" in ron.carried
    assert_rejected_unchanged(battle, Interact("ron", "draw", item="taserpistole"), "free hand")
    battle.apply(DropItem("ron", "laserpistole"))
    assert battle.state.ground_items == {(2, 1): ["laserpistole"]}
    battle.apply(Interact("ron", "pick_up", item="laserpistole"))
    assert ron.held == ["laserpistole"] and battle.state.ground_items == {}


@pytest.mark.rule("E-MOUNT-2", "E-MOUNT-3")
def test_mount_refusals_change_nothing() -> None:
    """E-MOUNT-2: one KG larger, no player character; E-MOUNT-3: willing or trained."""
    battle = given(
        hero("ron", (1, 1)),
        hero("lara", (0, 1), "lara"),
        hero("pony", (1, 0), "pony"),
        foe("wild", (1, 2), "reittier"),
        hero("horse", (5, 1), "reittier"),
        foe("p1", (8, 3)),
        dice=[],
    )
    assert_rejected_unchanged(battle, Mount("ron", "pony"), "one size larger")
    assert_rejected_unchanged(battle, Mount("ron", "lara"), "player character")
    assert_rejected_unchanged(battle, Mount("ron", "wild"), "not willing")
    assert_rejected_unchanged(battle, Mount("ron", "horse"), "not next to")
    assert_rejected_unchanged(battle, Mount("ron", "ron"), "itself")
    assert_rejected_unchanged(battle, Dismount("ron", (1, 2)), "does not ride")
    assert_rejected_unchanged(battle, MountCommand("ron", "WALK", ((1, 1), (2, 1))), "not ride")
    legal = {a.action: a for a in battle.legal_actions("ron")}
    assert not legal[Action.MOUNT].allowed and "E-MOUNT-2" in legal[Action.MOUNT].reason
    assert not legal[Action.DISMOUNT].allowed


@pytest.mark.rule("E-MOUNT-3", "E-MOUNT-11")
def test_a_trained_mount_of_another_side_carries_its_master() -> None:
    """E-MOUNT-3: a trained mount (bound to the rider) may be ridden even if not willing."""
    battle = given(
        hero("ron", (1, 1)), foe("horse", (2, 1), "reittier", companion_of="ron"), dice=[]
    )
    battle.apply(Mount("ron", "horse"))
    assert mount_of(battle, battle.state.creatures["ron"]) is battle.state.creatures["horse"]


@pytest.mark.rule("E-MOUNT-10", "E-ACT-FH-1", "E-OPEN-47", "E-ACT-FH-2")
def test_a_walk_command_moves_mount_and_rider_as_the_riders_free_action() -> None:
    """E-MOUNT-10: Gehen as an FH; the mount moves at once with its own BEW (E-OPEN-47)."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    path = ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1))  # 7 of BEW 8
    events = battle.apply(MountCommand("ron", "WALK", path))
    ron, steed = battle.state.creatures["ron"], battle.state.creatures["horse"]
    assert steed.cell == ron.cell == (9, 1)
    assert battle.state.budget.free_spent == (Action.MOUNT_COMMAND,)
    assert battle.state.budget.spent == ((Action.MOUNT, ActionType.FULL),)
    assert kinds(events, "mount_command")[0].data["command"] == "WALK"
    assert not any(e.name == "DEFENSELESS_REPEAT" for e in ron.effects + steed.effects)
    one_creature_per_field_but_riders(battle)
    # only one command per round: the FH limit (E-OPEN-47)
    back = MountCommand("ron", "WALK", ((9, 1), (8, 1)))
    assert_rejected_unchanged(battle, back, "one free action")


@pytest.mark.rule("E-MOUNT-10", "E-OPEN-47")
def test_a_mount_command_the_mount_cannot_follow_is_refused() -> None:
    """E-MOUNT-10: the mount's own BEW limits the commanded move; a refusal changes nothing."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    too_far = MountCommand("ron", "WALK", (*((x, 1) for x in range(2, 10)), (9, 2), (9, 3)))
    assert_rejected_unchanged(battle, too_far, "allows 8")
    assert_rejected_unchanged(battle, MountCommand("ron", "GALLOP", ((2, 1), (3, 1))), "unknown")


@pytest.mark.rule("E-MOUNT-11", "E-MELEE-3")
def test_only_a_bound_mount_attacks_on_command() -> None:
    """E-MOUNT-11: Nahkampf as a command only for a mount bound to the rider (Dressur)."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (3, 1)), dice=[])
    battle.apply(Mount("ron", "horse"))
    assert_rejected_unchanged(
        battle, MountCommand("ron", "MELEE", target="p1"), "attacks on command"
    )
    # d20 15 + Nahkampf 5 = 20 vs 12: hit; SW 0 + d6 3 + NSB 2 - armour 2 = 3
    bound = given(hero("ron", (1, 1)), horse(companion_of="ron"), foe("p1", (3, 1)), dice=[15, 3])
    bound.apply(Mount("ron", "horse"))
    events = bound.apply(MountCommand("ron", "MELEE", target="p1"))
    assert kinds(events, "roll")[0].actor == "horse"
    assert bound.state.creatures["p1"].lp == 12 - 3
    assert bound.state.budget.free_spent == (Action.MOUNT_COMMAND,)


@pytest.mark.rule("E-OPEN-47")
def test_a_ridden_mount_has_no_turn_of_its_own() -> None:
    """E-OPEN-47: a commanded mount acts in its rider's turn and has no separate turn."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    events = end_turns_until(battle, "horse")
    assert kinds(events, "mount_waits")[0].data["rule"] == "E-OPEN-47"
    assert battle.state.budget.forfeited
    assert_rejected_unchanged(battle, Move("horse", "WALK", ((2, 1), (3, 1))), "forfeited")
    legal = {a.action: a for a in battle.legal_actions("horse")}
    assert not legal[Action.WALK].allowed


@pytest.mark.rule("E-MOUNT-10")
def test_a_rider_does_not_walk_by_himself() -> None:
    """E-MOUNT-10: a rider moves by commanding his mount (legal_actions says so)."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    legal = {a.action: a for a in battle.legal_actions("ron")}
    assert legal[Action.MOUNT_COMMAND].allowed
    battle.state.budget = TurnBudget()  # given: a fresh turn, for the question only
    legal = {a.action: a for a in battle.legal_actions("ron")}
    assert not legal[Action.WALK].allowed and "E-MOUNT-10" in legal[Action.WALK].reason
    assert not legal[Action.MOUNT].allowed and legal[Action.DISMOUNT].allowed
    assert_rejected_unchanged(battle, Fly("ron", "WALK", ((2, 1),), 1), "cannot fly")


@pytest.mark.rule("E-MOUNT-5")
def test_dismount_onto_a_free_neighbouring_field() -> None:
    """E-MOUNT-5: Absteigen is a VH onto a free field next to the mount."""
    battle = mounted(hero("ron", (1, 1)), horse(), foe("p1", (3, 1)), dice=[])
    assert_rejected_unchanged(battle, Dismount("ron", (3, 1)), "taken by")
    assert_rejected_unchanged(battle, Dismount("ron", (5, 1)), "not next to")
    assert_rejected_unchanged(battle, Dismount("ron", (20, 1)), "outside the map")
    battle.apply(Dismount("ron", (2, 2)))
    ron, steed = battle.state.creatures["ron"], battle.state.creatures["horse"]
    assert ron.cell == (2, 2) and steed.cell == (2, 1)
    assert mount_of(battle, ron) is None and rider_of(battle, steed) is None
    assert battle.state.budget.spent == ((Action.DISMOUNT, ActionType.FULL),)
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-6", "E-MOUNT-1")
def test_dismounting_a_running_mount_without_riding_talent() -> None:
    """E-MOUNT-6: Geschick vs ZW 15 (Nachteil without Reiten, E-MOUNT-1); SW 1 Wucht, Liegend."""
    # Nachteil: d20 [5, 9] keeps 5, + Geschick 7 = 12 < 15; fall: SW 1 + d6 4 - 0 = 5
    battle = mounted(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[5, 9, 4])
    battle.apply(MountCommand("ron", "RUN", ((2, 1), (3, 1), (4, 1))))
    events = battle.apply(Dismount("ron", (4, 2)))
    (roll,) = kinds(events, "roll")
    assert roll.data["dice"] == [5, 9] and roll.data["edge"] == -1
    assert roll.data["rule"] == "E-MOUNT-6" and roll.data["target"] == 15
    ron = battle.state.creatures["ron"]
    assert ron.lp == 18 - 5 and Condition.PRONE in ron.conditions
    assert ron.stance is Stance.PRONE and ron.cell == (4, 2)
    assert mount_of(battle, ron) is None


@pytest.mark.rule("E-MOUNT-6", "E-MOUNT-1")
def test_a_rider_with_riding_talent_dismounts_a_running_mount_without_nachteil() -> None:
    """E-MOUNT-1: Reiten removes the Nachteil; d20 9 + 7 = 16 >= 15: no fall."""
    battle = mounted(hero("ron", (1, 1), "reiter"), horse(), foe("p1", (8, 3)), dice=[9])
    battle.apply(MountCommand("ron", "RUN", ((2, 1), (3, 1))))
    events = battle.apply(Dismount("ron", (3, 2)))
    assert kinds(events, "roll")[0].data["edge"] == 0
    ron = battle.state.creatures["ron"]
    assert ron.lp == 18 and Condition.PRONE not in ron.conditions


@pytest.mark.rule("E-MOUNT-6")
def test_mounting_a_mount_that_ran_in_its_own_turn_asks_the_check() -> None:
    """E-MOUNT-6: the horse ran in its turn; mounting it before its next turn asks Geschick."""
    battle = given(hero("ron", (1, 1)), horse((2, 3)), foe("p1", (8, 0)), dice=[3, 2, 1])
    end_turns_until(battle, "horse")
    battle.apply(Move("horse", "RUN", ((2, 3), (2, 2), (2, 1))))
    end_turns_until(battle, "ron")
    events = battle.apply(Mount("ron", "horse"))  # [3, 2]: 2 + 7 = 9 < 15; fall d6 1: SW 2
    ron = battle.state.creatures["ron"]
    assert kinds(events, "roll")[0].data["rule"] == "E-MOUNT-6"
    assert ron.lp == 18 - 2 and ron.cell == (1, 1) and mount_of(battle, ron) is None
    assert Condition.PRONE in ron.conditions
    # the run ends as the horse's next turn starts: then no check any more
    end_turns_until(battle, "horse")
    assert not any(e.name == "mount_running" for e in battle.state.creatures["horse"].effects)


@pytest.mark.rule("E-MOUNT-7", "D-10")
def test_a_mount_that_falls_takes_its_rider_down() -> None:
    """E-MOUNT-7: the horse fails its leaving-reach save and gets Liegend: so does Ron."""
    # the pirate stands next to the horse: Geschick 4 + d20 2 = 6 < 15 (D-10)
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (3, 1)), dice=[2])
    battle.apply(Mount("ron", "horse"))
    events = battle.apply(MountCommand("ron", "WALK", ((2, 1), (2, 2), (2, 3))))
    ron, steed = battle.state.creatures["ron"], battle.state.creatures["horse"]
    assert Condition.PRONE in steed.conditions and steed.cell == (2, 1)
    assert Condition.PRONE in ron.conditions and ron.stance is Stance.PRONE
    assert kinds(events, "mount_fell")[0].data["rule"] == "E-MOUNT-7"
    assert mount_of(battle, ron) is steed  # he lies with it, still on it


@pytest.mark.rule("E-MOUNT-7")
def test_a_mount_knocked_down_by_the_gm_takes_its_rider_down_by_the_next_turn() -> None:
    """E-MOUNT-7 through the turn-start hook: the rider lies as soon as the next turn starts."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    battle.apply(GmCondition(None, "horse", "PRONE"))
    battle.apply(EndTurn("ron"))
    assert Condition.PRONE in battle.state.creatures["ron"].conditions


@pytest.mark.rule("E-MOUNT-1", "E-MOUNT-13")
def test_attacks_from_a_mount_have_nachteil() -> None:
    """E-MOUNT-1: Nachteil without Reiten; E-MOUNT-13: ranged from a mount Nachteil too."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (6, 1)), foe("p2", (3, 1)), dice=[])
    ron = battle.state.creatures["ron"]
    assert rider_attack_edge(battle, ron, melee=False) == 0  # not yet mounted
    battle.apply(Mount("ron", "horse"))
    p1, p2 = battle.state.creatures["p1"], battle.state.creatures["p2"]
    gun, blade = battle.weapon("laserpistole"), battle.weapon("monofilament_klinge")
    assert situation_attack_edge(battle, plan_attack(battle, ron, p1, gun)) == (
        -2,
        ("vom Reittier",),
    )
    assert situation_attack_edge(battle, plan_attack(battle, ron, p2, blade, melee=True))[0] == -1
    skilled = given(hero("ron", (1, 1), "reiter"), horse(), foe("p1", (6, 1)), dice=[])
    skilled.apply(Mount("ron", "horse"))
    rider = skilled.state.creatures["ron"]
    assert rider_attack_edge(skilled, rider, melee=False) == -1
    assert rider_attack_edge(skilled, rider, melee=True) == 0


@pytest.mark.rule("E-MOUNT-12")
def test_a_short_weapon_does_not_reach_past_a_large_mount() -> None:
    """E-MOUNT-12: the rider sits on the mount's anchor; his reach counts from there."""
    battle = given(
        hero("ron", (1, 1)),
        hero("horse", (2, 1), "grosses_reittier"),
        foe("far", (4, 2)),
        foe("near", (1, 2)),
        dice=[],
    )
    battle.apply(Mount("ron", "horse"))
    ron = battle.state.creatures["ron"]
    assert ron.cell == (2, 1)
    blade = battle.weapon("monofilament_klinge")
    with pytest.raises(CommandRejected, match="E-MELEE-2"):
        plan_attack(battle, ron, battle.state.creatures["far"], blade, melee=True)
    assert plan_attack(battle, ron, battle.state.creatures["near"], blade, melee=True).melee
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-8", "E-ZEROG-3", "E-OPEN-46")
def test_a_mount_hurled_away_throws_its_rider_off() -> None:
    """E-MOUNT-8: forced movement of the mount: Reflexe vs 15 or thrown off, SW 3, Liegend."""
    # horse's zero-G save: d20 3 + 4 = 7 fails; 1w8 = 1: east; Ron (Nachteil): [4, 6] -> 4 + 6
    # = 10 fails; SW 3 + d6 2 - 0 = 5
    battle = given(
        hero("ron", (1, 1)),
        horse(),
        foe("p1", (8, 3)),
        dice=[3, 1, 4, 6, 2],
        environment=Environment(weightless=True),
    )
    battle.apply(Mount("ron", "horse"))
    ron, steed, p1 = (battle.state.creatures[k] for k in ("ron", "horse", "p1"))
    events = after_hit(battle, p1, steed, DamageType.BLUDGEONING)
    assert steed.cell == (7, 1)
    assert [e.data.get("rule") for e in kinds(events, "roll")] == ["E-ZEROG-3", "E-MOUNT-8"]
    assert ron.cell == (2, 1) and mount_of(battle, ron) is None  # left where the horse was
    assert ron.lp == 18 - 5 and Condition.PRONE in ron.conditions
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-8")
def test_a_rider_who_holds_on_moves_with_his_hurled_mount() -> None:
    """E-MOUNT-8: a successful Reflexe check keeps the rider on the mount."""
    battle = given(
        hero("ron", (1, 1), "reiter"),
        horse(),
        foe("p1", (8, 3)),
        dice=[3, 3, 12],  # save fails, 1w8 = 3: south, Ron 12 + 6 = 18 holds on
        environment=Environment(weightless=True),
    )
    battle.apply(Mount("ron", "horse"))
    steed = battle.state.creatures["horse"]
    after_hit(battle, battle.state.creatures["p1"], steed, DamageType.BLUDGEONING)
    ron = battle.state.creatures["ron"]
    assert steed.cell == ron.cell == (2, 3)  # stopped at the map edge
    assert mount_of(battle, ron) is steed


@pytest.mark.rule("E-OBST-2", "D-10")
def test_a_rider_moved_off_his_mount_no_longer_rides() -> None:
    """The GM moves the rider elsewhere: he no longer rides (E-OBST-2 holds again)."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    battle.state.creatures["ron"].cell = (5, 3)  # given: moved by a hand the engine did not see
    battle.apply(EndTurn("ron"))
    assert mount_of(battle, battle.state.creatures["ron"]) is None
    assert rider_of(battle, battle.state.creatures["horse"]) is None


def test_situation_commands_round_trip_through_json() -> None:
    """Commands are plain data (issue 4, section 1)."""
    for command in (
        Mount("ron", "horse"),
        Dismount("ron", (1, 2)),
        MountCommand("ron", "WALK", ((1, 1), (2, 1)), altitude=2),
        Fly("falke", "RUN", ((1, 1), (2, 2)), 3),
        Duel(None, "ron", "p1", "laserpistole", "laserpistole"),
    ):
        assert COMMANDS.from_dict(command.to_dict()) == command


# ------------------------------------------------------------------ flight
def flyer(key: str, cell: Cell, type_: str) -> CreatureSetup:
    return hero(key, cell, type_)


@pytest.mark.rule("E-MOVETYPE-F", "E-MOVETYPE-1")
def test_fly_up_and_along_within_the_flying_value() -> None:
    """E-MOVETYPE-1, E-MOVETYPE-F: fields flown plus height changed cost the F value (6)."""
    battle = given(flyer("hawk", (1, 1), "falke"), foe("p1", (8, 3)), dice=[], first="hawk")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((1, 1), (2, 1), (3, 1)), 5), "allows 6")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((1, 1), (2, 1)), 0), "altitude above 0")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((2, 1), (3, 1)), 2), "path starts")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((1, 1),), -1), "altitude lies")
    events = battle.apply(Fly("hawk", "WALK", ((1, 1), (2, 1), (3, 1)), 4))  # 2 + 4 = 6
    hawk = battle.state.creatures["hawk"]
    assert hawk.cell == (3, 1) and hawk.altitude == 4
    assert kinds(events, "move")[0].data["altitude"] == 4
    assert battle.state.budget.spent == ((Action.WALK, ActionType.HALF),)
    assert next(e for e in hawk.effects if e.name == FLIGHT_TURN).value == 6
    events = battle.apply(EndTurn("hawk"))  # 6 >= 3: it stays up
    assert not kinds(events, "fall") and hawk.altitude == 4


@pytest.mark.rule("E-MOVETYPE-F", "E-OPEN-43", "E-OPEN-42")
def test_a_flyer_that_flies_too_little_falls_at_the_end_of_its_turn() -> None:
    """E-MOVETYPE-F, E-OPEN-43: F must fly floor(6 / 2) = 3 fields a round or it falls."""
    battle = given(flyer("hawk", (1, 1), "falke"), foe("p1", (8, 3)), dice=[], first="hawk")
    battle.apply(Fly("hawk", "WALK", ((1, 1),), 3))
    end_turns_until(battle, "p1")
    end_turns_until(battle, "hawk")
    battle.apply(Fly("hawk", "WALK", ((1, 1), (2, 1), (3, 1)), 3))  # only 2 fields
    events = battle.apply(EndTurn("hawk"))
    hawk = battle.state.creatures["hawk"]
    (fall,) = kinds(events, "fall")
    assert fall.data == {"height": 3, "rule": "E-MOVETYPE-F"}
    assert kinds(events, "gm_question")[0].data["rule"] == "E-OPEN-42"
    assert hawk.altitude == 0 and Condition.PRONE in hawk.conditions
    assert not any(e.name == FLIGHT_TURN for e in hawk.effects)
    # a Liegend flyer cannot take off again
    end_turns_until(battle, "hawk")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((1, 1),), 1), "cannot fly")


@pytest.mark.rule("E-MOVETYPE-F")
def test_walking_moves_count_for_the_flight_minimum() -> None:
    """E-MOVETYPE-F: every move in the turn counts (here a plain Move of 2 + a Fly of 1)."""
    battle = given(flyer("hawk", (1, 1), "falke"), foe("p1", (8, 3)), dice=[], first="hawk")
    battle.apply(Fly("hawk", "WALK", ((1, 1),), 3))
    battle.apply(EndTurn("hawk"))
    end_turns_until(battle, "hawk")
    battle.apply(Move("hawk", "WALK", ((1, 1), (2, 1), (3, 1))))  # BEW 2
    battle.apply(Fly("hawk", "DISENGAGE", ((3, 1), (4, 1)), 3))  # Lösen: 1 field
    events = battle.apply(EndTurn("hawk"))
    assert not kinds(events, "fall") and battle.state.creatures["hawk"].altitude == 3


@pytest.mark.rule("E-MOVETYPE-FS")
def test_a_hovering_creature_stays_up_without_moving() -> None:
    """E-MOVETYPE-FS: it hovers in place without using an action (no minimum)."""
    battle = given(flyer("orb", (1, 1), "schweber"), foe("p1", (8, 3)), dice=[], first="orb")
    battle.apply(Fly("orb", "WALK", ((1, 1),), 3))
    battle.apply(EndTurn("orb"))
    end_turns_until(battle, "orb")
    events = battle.apply(EndTurn("orb"))
    assert not kinds(events, "fall") and battle.state.creatures["orb"].altitude == 3


@pytest.mark.rule("E-MOVETYPE-FV", "E-OPEN-43")
def test_a_fly_by_creature_leaves_reach_freely_but_must_keep_moving() -> None:
    """E-MOVETYPE-FV: no save and no halving leaving reach; F's minimum still applies."""
    battle = given(
        flyer("swift", (2, 1), "vorbeiflieger"), foe("p1", (3, 1)), dice=[], first="swift"
    )
    path = ((2, 1), (1, 1), (0, 1))
    events = battle.apply(Fly("swift", "WALK", path, 4))  # 2 + 4 = 6: not halved, no roll
    assert not kinds(events, "roll") and battle.state.creatures["swift"].cell == (0, 1)
    battle.apply(EndTurn("swift"))
    end_turns_until(battle, "swift")
    events = battle.apply(EndTurn("swift"))
    assert kinds(events, "fall") and battle.state.creatures["swift"].altitude == 0


@pytest.mark.rule("E-MOVETYPE-F", "D-10")
def test_a_flyer_failing_the_leaving_reach_save_falls() -> None:
    """D-10 in the air: a failed Geschick save gives Liegend, so the flyer falls."""
    battle = given(flyer("hawk", (2, 1), "falke"), foe("p1", (3, 1)), dice=[1], first="hawk")
    assert_rejected_unchanged(battle, Fly("hawk", "WALK", ((2, 1), (1, 1), (0, 1)), 2), "allows 3")
    events = battle.apply(Fly("hawk", "WALK", ((2, 1), (1, 1)), 2))  # halved: 3
    hawk = battle.state.creatures["hawk"]
    assert kinds(events, "fall") and hawk.cell == (2, 1) and hawk.altitude == 0
    assert Condition.PRONE in hawk.conditions


@pytest.mark.rule("E-MOVETYPE-FG", "E-OPEN-43")
def test_a_glider_loses_height_each_round_it_flies_and_cannot_climb() -> None:
    """E-MOVETYPE-FG: 1 field of height lost as its flight starts; it never gains height."""
    battle = given(flyer("glider", (1, 1), "gleiter"), foe("p1", (8, 3)), dice=[], first="glider")
    assert_rejected_unchanged(battle, Fly("glider", "WALK", ((1, 1),), 1), "cannot gain height")
    glider = battle.state.creatures["glider"]
    glider.altitude = 3  # given: it starts on a ledge 3 fields up
    assert_rejected_unchanged(battle, Fly("glider", "WALK", ((1, 1), (2, 1)), 3), "gain height")
    events = battle.apply(Fly("glider", "WALK", ((1, 1), (2, 1), (3, 1)), 2))
    assert kinds(events, "altitude")[0].data["rule"] == "E-MOVETYPE-FG"
    assert glider.altitude == 2 and glider.cell == (3, 1)
    events = battle.apply(EndTurn("glider"))  # no minimum: it does not fall
    assert not kinds(events, "fall")
    end_turns_until(battle, "glider")
    battle.apply(Move("glider", "WALK", ((3, 1), (4, 1))))  # any movement in the air glides
    assert glider.altitude == 1


# ------------------------------------------------------------------ zero-G
@pytest.mark.rule("E-ZEROG-3")
def test_zero_g_save_only_for_wucht_in_weightlessness() -> None:
    """E-ZEROG-3: no save on dry land or for other damage types."""
    land = given(hero("ron", (1, 1)), foe("p1", (3, 1)), dice=[])
    ron, p1 = land.state.creatures["ron"], land.state.creatures["p1"]
    assert after_hit(land, ron, p1, DamageType.BLUDGEONING) == []
    space = given(
        hero("ron", (1, 1)), foe("p1", (3, 1)), dice=[], environment=Environment(weightless=True)
    )
    ron, p1 = space.state.creatures["ron"], space.state.creatures["p1"]
    assert after_hit(space, ron, p1, DamageType.PIERCING) == []


@pytest.mark.rule("E-ZEROG-3", "E-OPEN-46")
def test_a_failed_zero_g_save_hurls_five_fields_stopping_before_walls() -> None:
    """E-ZEROG-3, E-OPEN-46: 1w8 direction, 5 fields, stopping before an obstacle."""
    room = """
..........
........#.
..........
"""
    # the pirate's save: d20 9 + Reflexe 4 = 13 < 15; 1w8 = 1: east from (3, 1)
    battle = given(
        hero("ron", (1, 1)),
        foe("p1", (3, 1)),
        dice=[9, 1],
        room=room,
        environment=Environment(weightless=True),
    )
    ron, p1 = battle.state.creatures["ron"], battle.state.creatures["p1"]
    events = after_hit(battle, ron, p1, DamageType.BLUDGEONING)
    assert p1.cell == (7, 1)  # (8, 1) is a wall: it stops before it after 4 fields
    (hurled,) = kinds(events, "hurled")
    assert hurled.data["direction"] == [1, 0] and hurled.data["rule"] == "E-OPEN-46"


@pytest.mark.rule("E-ZEROG-3")
def test_a_successful_zero_g_save_keeps_the_creature_in_place() -> None:
    """E-ZEROG-3: Reflexe vs ZW 15 met: nothing happens."""
    battle = given(
        hero("ron", (1, 1)), foe("p1", (3, 1)), dice=[11], environment=Environment(weightless=True)
    )
    p1 = battle.state.creatures["p1"]
    events = after_hit(battle, battle.state.creatures["ron"], p1, DamageType.BLUDGEONING)
    assert p1.cell == (3, 1) and not kinds(events, "hurled")
    assert kinds(events, "roll")[0].data["success"] is True


@pytest.mark.rule("E-ZEROG-4")
def test_the_null_g_talent_gives_vorteil_on_the_save() -> None:
    """E-ZEROG-4: with the talent Null-G the save has Vorteil: [3, 12] keeps 12."""
    battle = given(
        hero("ron", (1, 1), "nullg"),
        foe("p1", (3, 1)),
        dice=[3, 12],
        environment=Environment(weightless=True),
    )
    ron = battle.state.creatures["ron"]
    events = after_hit(battle, battle.state.creatures["p1"], ron, DamageType.BLUDGEONING)
    roll = kinds(events, "roll")[0]
    assert roll.data["edge"] == 1 and roll.data["success"] is True and ron.cell == (1, 1)


# ------------------------------------------------------------------ underwater
WATER = Environment(underwater=True)


@pytest.mark.rule("E-UNDERWATER-2")
def test_melee_underwater_has_nachteil_except_piercing() -> None:
    """E-UNDERWATER-2: Wucht and Hieb Nachteil, Stich none; bare hands count as Wucht."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[], environment=WATER)
    club, spear = battle.weapon("knueppel"), battle.weapon("vibrospeer")
    blade = battle.weapon("monofilament_klinge")
    assert underwater_attack_edge(battle, club, None, True) == -1
    assert underwater_attack_edge(battle, blade, None, True) == -1
    assert underwater_attack_edge(battle, spear, None, True) == 0
    assert underwater_attack_edge(battle, None, None, True) == -1
    ron, p1 = battle.state.creatures["ron"], battle.state.creatures["p1"]
    plan = plan_attack(battle, ron, p1, blade, melee=True)
    assert situation_attack_edge(battle, plan) == (-1, ("unter Wasser",))
    land = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    assert underwater_attack_edge(land, club, None, True) == 0


@pytest.mark.rule("E-UNDERWATER-3", "E-UNDERWATER-4", "E-UNDERWATER-6", "E-OPEN-45")
def test_ranged_underwater_loses_a_band_with_nachteil_at_mittel() -> None:
    """E-UNDERWATER-3/4/6, E-OPEN-45 A: bands drop one step; Mittel Nachteil unless built for it."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[], environment=WATER)
    pistol, harpoon = battle.weapon("laserpistole"), battle.weapon("harpunengewehr")
    rifle = battle.weapon("lasergewehr")  # Nah, Mittel, Weit -> Nah, Mittel
    assert underwater_rejection(battle, pistol, RangeBand.NEAR) == ""
    assert "E-UNDERWATER-3" in underwater_rejection(battle, pistol, RangeBand.MEDIUM)
    assert underwater_rejection(battle, rifle, RangeBand.MEDIUM) == ""
    assert "E-UNDERWATER-3" in underwater_rejection(battle, rifle, RangeBand.LONG)
    assert underwater_attack_edge(battle, rifle, RangeBand.MEDIUM, False) == -1
    assert underwater_attack_edge(battle, harpoon, RangeBand.MEDIUM, False) == 0
    assert underwater_attack_edge(battle, rifle, RangeBand.NEAR, False) == 0


@pytest.mark.rule("E-UNDERWATER-5")
def test_no_area_weapons_and_no_area_fire_underwater() -> None:
    """E-UNDERWATER-5: weapons with Flächenschaden or Bereichsfeuer cannot be used."""
    battle = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[], environment=WATER)
    grenade, shotgun = battle.weapon("handgranate"), battle.weapon("schrotgewehr")
    assert not underwater_allows(grenade) and not underwater_allows(shotgun)
    assert underwater_allows(battle.weapon("laserpistole")) and underwater_allows(None)
    assert "E-UNDERWATER-5" in underwater_rejection(battle, grenade, RangeBand.NEAR)
    assert "E-UNDERWATER-5" in underwater_rejection(battle, shotgun)
    assert "E-UNDERWATER-5" in underwater_rejection(
        battle, battle.weapon("maschinenpistole"), area_fire=True
    )
    land = given(hero("ron", (1, 1)), foe("p1", (2, 1)), dice=[])
    assert underwater_rejection(land, grenade, RangeBand.NEAR, area_fire=True) == ""


# ------------------------------------------------------------------ the duel
def duellists(*extra: CreatureSetup, dice: list[int], **ron: object) -> Battle:
    return given(hero("ron", (1, 1), **ron), foe("p1", (4, 1)), *extra, dice=dice)


@pytest.mark.rule("E-DUEL-1", "E-DUEL-3", "E-DUEL-4", "E-DUEL-5")
def test_the_faster_duellist_fires_first_then_the_other() -> None:
    """E-DUEL-3/4: Reflexe decides who fires first; each fires once; no budget spent."""
    # Reflexe: Ron 10 + 6 = 16, pirate 10 + 4 = 14. Ron: 10 + 8 = 18 vs 12 hits, SW 3 + d6 4
    # - 2 = 5. Pirate: 2 + 5 = 7 vs 15 misses.
    battle = duellists(dice=[10, 10, 10, 4, 2])
    budget = battle.state.budget
    events = battle.apply(Duel(None, "ron", "p1", "laserpistole", "laserpistole"))
    rolls = kinds(events, "roll")
    assert [r.actor for r in rolls] == ["ron", "p1", "ron", "p1"]
    assert rolls[0].data["rule"] == rolls[1].data["rule"] == "E-DUEL-3"
    assert kinds(events, "duel_order")[0].data["first"] == "ron"
    assert battle.state.creatures["p1"].lp == 12 - 5
    assert battle.state.creatures["ron"].lp == 18
    assert battle.state.budget == budget and battle.state.current_key == "ron"  # E-DUEL-1
    assert kinds(events, "duel_over")[0].data["rule"] == "E-DUEL-5"
    assert battle.state.creatures["ron"].magazines["laserpistole"] == 14


@pytest.mark.rule("E-OPEN-48", "E-DUEL-3")
def test_a_tied_duel_is_rerolled() -> None:
    """E-OPEN-48: equal totals are rerolled; then the pirate is faster and fires first."""
    # 8 + 6 = 14 = 10 + 4; then 1 + 6 = 7 < 15 + 4 = 19; pirate 1 misses (crit), Ron 1 misses
    battle = duellists(dice=[8, 10, 1, 15, 1, 1])
    budget = battle.state.budget
    events = battle.apply(Duel(None, "ron", "p1", "laserpistole", "laserpistole"))
    assert kinds(events, "duel_order")[0].data["first"] == "p1"
    assert len([r for r in kinds(events, "roll") if r.data.get("rule") == "E-DUEL-3"]) == 4
    # critical failures empty the magazines but forfeit nobody's turn (E-DUEL-1)
    assert battle.state.budget == budget
    assert battle.state.creatures["p1"].magazines["laserpistole"] == 0


@pytest.mark.rule("E-OPEN-48", "E-DUEL-4")
def test_the_second_shot_is_skipped_when_the_slower_one_is_down() -> None:
    """E-OPEN-48: no second shot if the slower party is Handlungsunfähig or dead."""
    battle = given(hero("ron", (1, 1)), foe("p1", (4, 1), life_points=2), dice=[10, 10, 10, 4])
    events = battle.apply(Duel(None, "ron", "p1", "laserpistole", "laserpistole"))
    assert kinds(events, "duel_no_shot")[0].data["rule"] == "E-OPEN-48"
    assert len(kinds(events, "roll")) == 3


@pytest.mark.rule("E-DUEL-2")
def test_only_weapons_up_to_the_size_category_may_duel() -> None:
    """E-DUEL-2: WG <= KG; the laser cannon (WG 6) is too big for Ron (KG 3)."""
    battle = given(
        hero("ron", (1, 1), equipment=("laserkanone",)),
        foe("p1", (4, 1)),
        foe("p2", (6, 3)),
        dice=[],
    )
    duel = Duel(None, "ron", "p1", "laserkanone", "laserpistole")
    assert_rejected_unchanged(battle, duel, "E-DUEL-2")
    same_side = Duel(None, "p1", "p2", "laserpistole", "laserpistole")
    assert_rejected_unchanged(battle, same_side, "same side")
    unarmed = Duel(None, "p1", "ron", "laserpistole", "unarmed")
    assert_rejected_unchanged(battle, unarmed, "ranged weapon")


@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-5")
def test_one_rider_per_mount() -> None:
    """E-MOUNT-4: passengers are not modelled: a ridden mount takes no second rider."""
    battle = given(
        hero("ron", (1, 1)), hero("lara", (3, 1), "lara"), horse(), foe("p1", (8, 3)), dice=[]
    )
    battle.apply(Mount("ron", "horse"))
    end_turns_until(battle, "lara")
    assert_rejected_unchanged(battle, Mount("lara", "horse"), "already carries a rider")
    assert_rejected_unchanged(battle, Mount("lara", "ron"), "rides another creature")


@pytest.mark.rule("E-MOUNT-10", "E-MOUNT-7", "E-MOVETYPE-F", "E-OPEN-47")
def test_a_flying_mount_flies_on_command_in_its_riders_turn() -> None:
    """A griffin (F 8) flies on Ron's command; its flight minimum is counted in Ron's turn.

    E-OPEN-47: the commanded mount acts within the rider's turn; E-MOVETYPE-F: it must fly
    4 fields a round; when it falls, Ron falls with it (E-MOUNT-7).
    """
    battle = given(
        hero("ron", (1, 1)), hero("griffin", (2, 1), "greif"), foe("p1", (8, 3)), dice=[]
    )
    battle.apply(Mount("ron", "griffin"))
    battle.apply(MountCommand("ron", "WALK", ((2, 1), (3, 1), (4, 1)), altitude=2))  # 2 + 2
    ron, griffin = battle.state.creatures["ron"], battle.state.creatures["griffin"]
    assert griffin.cell == ron.cell == (4, 1) and griffin.altitude == ron.altitude == 2
    assert_rejected_unchanged(battle, EndTurn("griffin"), "turn")
    events = battle.apply(EndTurn("ron"))
    events += end_turns_until(battle, "ron")  # the griffin's own turn waits for commands
    assert kinds(events, "mount_waits")
    assert not kinds(events, "fall") and griffin.altitude == 2
    events = battle.apply(EndTurn("ron"))  # no command this turn: the griffin falls
    assert kinds(events, "fall")[0].actor == "griffin"
    assert griffin.altitude == ron.altitude == 0
    assert Condition.PRONE in griffin.conditions and Condition.PRONE in ron.conditions
    assert mount_of(battle, ron) is griffin


@pytest.mark.rule("E-MOUNT-5")
def test_a_mount_put_elsewhere_by_the_game_master_carries_its_rider() -> None:
    """``follow_mount`` (for the GM's move): the rider stays on his mount, no E-MOUNT-8 check."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (8, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    steed = battle.state.creatures["horse"]
    steed.cell = (6, 2)  # given: the GM's hand (GmMoveToken) put the horse there
    assert follow_mount(battle, steed) == []
    ron = battle.state.creatures["ron"]
    assert ron.cell == (6, 2) and mount_of(battle, ron) is steed
    one_creature_per_field_but_riders(battle)
