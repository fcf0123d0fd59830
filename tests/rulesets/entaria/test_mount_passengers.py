"""Passengers, reins and hands on a mount (E-MOUNT-4, -6, -7, -8, -9) and hands elsewhere.

Scenario tests: given a map and creatures, commands with scripted dice, the expected end
state. Every scripted die is used (a d20 with Nachteil counts twice). Ron: Geschick 7,
Reflexe 6, LP 18, no armour, KG 3, holds a laser pistol (WG 1). Lara: Geschick 5,
Reflexe 5, LP 16, no armour, KG 3, holds a hand grenade. Pirate: Reflexe 4, Nahkampf 4,
NSB 1, Panzerjacke 2. The test catalogue's horse: KG 5 (two seats for KG 3), BEW 8,
Geschick 4, Reflexe 4, Ausweichen 12, no armour; the coach beast is the same horse
built for passengers.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest

from game.board.dice import ScriptedRoller
from game.board.grid import BattleGrid, Cell, footprint_cells
from game.match.commands import Command
from game.match.events import Event
from game.match.problems import MissionError
from game.rulesets.entaria.catalogue import Catalogue, CreatureType, FrozenMap
from game.rulesets.entaria.catalogue_loader import load_catalogue_from
from game.rulesets.entaria.charge import Charge
from game.rulesets.entaria.command_table import COMMANDS, new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, GmCondition, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.full_attacks import MultiAttack
from game.rulesets.entaria.hand_checks import free_hands_of, hands_problem
from game.rulesets.entaria.mount_actions import Dismount, Mount, Reins
from game.rulesets.entaria.mount_commands import MountCommand
from game.rulesets.entaria.reload import Reload
from game.rulesets.entaria.rules.actions import Action
from game.rulesets.entaria.rules.terms import Attribute, Condition, DamageType
from game.rulesets.entaria.seats import (
    CARRIES,
    PASSENGER,
    REINS,
    aboard,
    holds_reins,
    is_passenger,
    mount_of,
    passengers_of,
    rider_attack_edge,
    rider_of,
)
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup, Environment
from game.rulesets.entaria.state import CreatureState, Stance
from game.rulesets.entaria.zero_g import after_hit
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

ROOM = """
..............
..............
..............
..............
"""
SEED = 3  # Ron's initiative is 14: he acts first


def _horse(key: str, **changes: object) -> CreatureType:
    kind = CATALOGUE.creatures["dretop_pirat"]
    attributes = {Attribute.DEXTERITY: 4, Attribute.REFLEXES: 4, Attribute.MELEE: 5}
    values: dict[str, object] = {
        "key": key,
        "name": key.capitalize(),
        "attributes": FrozenMap({**kind.attributes, **attributes}),
        "equipment": (),
        "initiative": 10,
        "simplified": False,
        "is_character": False,
        "base_initiative": None,
        "size_category": 5,
        "movement": 8,
        "melee_damage_bonus": 2,
    }
    values.update(changes)
    return dataclasses.replace(kind, **values)  # type: ignore[arg-type]


EXTRA = {
    "reittier": _horse("reittier"),
    "kutschtier": _horse("kutschtier", built_for_passengers=True),
    "kleines_reittier": _horse("kleines_reittier", size_category=4),
}
TEST_CATALOGUE: Catalogue = dataclasses.replace(
    CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, **EXTRA})
)
_GIVEN: list[Battle] = []


@pytest.fixture(autouse=True)
def _every_scripted_die_is_used() -> Iterator[None]:
    _GIVEN.clear()
    yield
    for battle in _GIVEN:
        assert isinstance(battle.roller, ScriptedRoller)
        assert battle.roller.remaining == 0, battle.roller.rolled


def given(
    *creatures: CreatureSetup,
    dice: list[int],
    first: str = "ron",
    environment: Environment | None = None,
) -> Battle:
    if not any(creature.side == "foes" for creature in creatures):
        creatures = (*creatures, foe("watcher", (13, 0)))  # so the fight is not over at once
    setup = BattleSetup(
        "Test", BattleGrid.from_ascii(ROOM), SIDES, tuple(creatures), environment or Environment()
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
    assert len(battle.roller.rolled) == rolled


def end_turns_until(battle: Battle, key: str) -> None:
    for _ in range(20):
        if battle.state.current_key == key:
            return
        battle.apply(EndTurn(battle.state.current_key))
    raise AssertionError(f"{key} never got a turn")


def next_turn_of(battle: Battle, key: str) -> None:
    battle.apply(EndTurn(battle.state.current_key))
    end_turns_until(battle, key)


def one_creature_per_field_but_riders(battle: Battle) -> None:
    """The fuzz invariant: a rider or passenger shares only his mount's field."""
    taken: dict[Cell, str] = {}
    for creature in battle.state.creatures.values():
        if Condition.DEAD in creature.conditions:
            continue
        mount = mount_of(battle, creature)
        if mount is not None:
            assert creature.cell in footprint_cells(mount.cell, 1)
            continue
        for cell in footprint_cells(creature.cell, battle.creature_type(creature).size_fields):
            assert cell not in taken, f"{creature.key} and {taken[cell]} share {cell}"
            taken[cell] = creature.key


def horse(cell: Cell = (2, 1), type_: str = "reittier", **kw: object) -> CreatureSetup:
    return hero("horse", cell, type_, **kw)


def c(battle: Battle, key: str) -> CreatureState:
    return battle.state.creatures[key]


def carried(
    *extra: CreatureSetup, dice: list[int], type_: str = "reittier", reins: bool = True
) -> Battle:
    """Ron rides the horse at (2, 1), Lara sits behind him; Ron's turn again."""
    battle = given(
        hero("ron", (1, 1)),
        hero("lara", (2, 2), "lara"),
        horse(type_=type_),
        *extra,
        dice=dice,
    )
    battle.apply(Mount("ron", "horse", reins=reins))
    end_turns_until(battle, "lara")
    battle.apply(Mount("lara", "horse", passenger=True))
    end_turns_until(battle, "ron")
    return battle


# ------------------------------------------------------------------ boarding
@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-5", "E-OPEN-47")
def test_a_passenger_boards_behind_the_rider_as_a_full_action() -> None:
    """E-MOUNT-4: passengers ride along; boarding is a VH like mounting (E-MOUNT-5)."""
    battle = given(hero("ron", (1, 1)), hero("lara", (2, 2), "lara"), horse(), dice=[])
    battle.apply(Mount("ron", "horse"))
    end_turns_until(battle, "lara")
    events = battle.apply(Mount("lara", "horse", passenger=True))
    ron, lara, steed = c(battle, "ron"), c(battle, "lara"), c(battle, "horse")
    assert ron.cell == lara.cell == steed.cell == (2, 1)
    assert mount_of(battle, lara) is steed and rider_of(battle, steed) is ron
    assert passengers_of(battle, steed) == [lara] and aboard(battle, steed) == [ron, lara]
    assert is_passenger(lara) and not is_passenger(ron)
    assert [e.source for e in lara.effects if e.name == PASSENGER] == ["horse"]
    assert [e.source for e in steed.effects if e.name == CARRIES] == ["lara"]
    assert not holds_reins(lara)  # only the rider takes the reins
    assert battle.state.budget.spent == ((Action.MOUNT, battle.state.budget.spent[0][1]),)
    assert battle.state.budget.full_spent
    (mounted,) = kinds(events, "mounted")
    assert mounted.data["rule"] == "E-MOUNT-4" and mounted.data["passenger"] is True
    assert mounted.de and mounted.en
    one_creature_per_field_but_riders(battle)
    data = json.loads(json.dumps(battle.state.to_dict()))
    assert type(battle.state).from_dict(data).to_dict() == data


@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-2")
def test_seats_are_limited_by_size() -> None:
    """E-MOUNT-4: a KG 5 horse carries two humans (KG 3), a KG 4 one carries only its rider."""
    battle = carried(hero("valina", (3, 2), "valina"), dice=[])
    end_turns_until(battle, "valina")
    assert_rejected_unchanged(battle, Mount("valina", "horse", passenger=True), "no seat left")
    small = given(
        hero("ron", (1, 1)),
        hero("lara", (2, 2), "lara"),
        hero("pony", (2, 1), "kleines_reittier"),
        dice=[],
    )
    small.apply(Mount("ron", "pony"))
    end_turns_until(small, "lara")
    assert_rejected_unchanged(small, Mount("lara", "pony", passenger=True), "E-MOUNT-4")
    legal = {a.action: a for a in small.legal_actions("lara")}
    assert not legal[Action.MOUNT].allowed and "E-MOUNT-4" in legal[Action.MOUNT].reason


@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-5")
def test_a_second_rider_must_board_as_a_passenger() -> None:
    """One rider per mount; the next one up is a passenger (legal_actions offers it)."""
    battle = given(hero("ron", (1, 1)), hero("lara", (2, 2), "lara"), horse(), dice=[])
    battle.apply(Mount("ron", "horse"))
    end_turns_until(battle, "lara")
    legal = {a.action: a for a in battle.legal_actions("lara")}
    assert legal[Action.MOUNT].allowed  # as a passenger
    assert_rejected_unchanged(battle, Mount("lara", "horse"), "board as a passenger")


@pytest.mark.rule("E-MOUNT-4")
def test_a_passenger_needs_a_free_hand_to_hold_on() -> None:
    """E-MOUNT-4: a passenger holds on with at least one hand: with none free, no boarding."""
    battle = given(hero("ron", (1, 1)), hero("lara", (2, 2), "lara"), horse(), dice=[])
    battle.apply(Mount("ron", "horse"))
    end_turns_until(battle, "lara")
    lara = c(battle, "lara")
    lara.held.append("medkit")  # given: grenade in one hand, Medkit in the other
    lara.carried.remove("medkit")
    assert free_hands_of(battle, lara) == 0
    assert_rejected_unchanged(battle, Mount("lara", "horse", passenger=True), "hold on")


@pytest.mark.rule("E-MOUNT-6", "E-MOUNT-1", "E-MOUNT-4")
def test_boarding_a_running_mount_as_a_passenger_asks_geschick() -> None:
    """E-MOUNT-6: the horse ran; Lara boards with Nachteil (no Reiten): 6 + 5 = 11 < 15."""
    # Lara's check [6, 14] keeps 6; the fall: SW 1 + d6 3 - 0 = 4
    battle = given(
        hero("ron", (1, 1)), hero("lara", (2, 2), "lara"), horse(), dice=[6, 14, 3], first="ron"
    )
    battle.apply(Mount("ron", "horse"))
    battle.apply(MountCommand("ron", "RUN", ((2, 1), (3, 1))))
    end_turns_until(battle, "lara")
    events = battle.apply(Mount("lara", "horse", passenger=True))
    (roll,) = kinds(events, "roll")
    assert roll.data["rule"] == "E-MOUNT-6" and roll.data["edge"] == -1
    lara = c(battle, "lara")
    assert lara.lp == 16 - 4 and Condition.PRONE in lara.conditions
    assert mount_of(battle, lara) is None and lara.cell == (2, 2)


# ------------------------------------------------------------------ moving
@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-10", "E-OPEN-12")
def test_passengers_halve_the_mounts_bew() -> None:
    """E-MOUNT-4: with a passenger the horse (BEW 8) walks 4 fields; both ride along."""
    battle = carried(dice=[])
    five = MountCommand("ron", "WALK", tuple((x, 1) for x in range(2, 8)))
    assert_rejected_unchanged(battle, five, "E-MOUNT-4")
    battle.apply(MountCommand("ron", "WALK", tuple((x, 1) for x in range(2, 7))))
    assert c(battle, "horse").cell == c(battle, "ron").cell == c(battle, "lara").cell == (6, 1)
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-4", "E-ACT-VH-LAUFEN-1")
def test_a_mount_built_for_passengers_keeps_its_bew() -> None:
    """E-MOUNT-4: "unless it is built for passengers": the coach beast walks its full 8."""
    battle = carried(type_="kutschtier", dice=[])
    assert battle.creature_type(c(battle, "horse")).built_for_passengers
    battle.apply(MountCommand("ron", "WALK", tuple((x, 1) for x in range(2, 11))))
    assert c(battle, "lara").cell == (10, 1)


@pytest.mark.rule("E-MOUNT-4", "E-OPEN-47")
def test_a_mount_with_only_passengers_moves_in_its_own_turn_at_half_bew() -> None:
    """No rider: the horse acts in its own turn (E-OPEN-47), at half BEW with Lara on it."""
    battle = given(
        hero("lara", (0, 2), "lara"), horse((0, 1)), foe("p1", (12, 3)), dice=[], first="lara"
    )
    battle.apply(Mount("lara", "horse", passenger=True))
    end_turns_until(battle, "horse")
    assert not battle.state.budget.forfeited  # nobody commands it
    too_far = Move("horse", "RUN", tuple((x, 1) for x in range(14)))  # 13 fields
    assert_rejected_unchanged(battle, too_far, "half BEW")
    battle.apply(Move("horse", "RUN", tuple((x, 1) for x in range(13))))  # 3 x 8 / 2 = 12
    assert c(battle, "lara").cell == c(battle, "horse").cell == (12, 1)  # no check: own move


@pytest.mark.rule("E-MOUNT-4", "E-ACT-VH-STURM")
def test_a_charging_mount_with_passengers_has_half_the_distance() -> None:
    """E-ACT-VH-STURM: 2 x BEW; with a passenger 8 fields instead of 16 (E-MOUNT-4)."""
    battle = given(
        hero("lara", (0, 2), "lara"), horse((0, 1)), foe("p1", (11, 1)), dice=[], first="lara"
    )
    battle.apply(Mount("lara", "horse", passenger=True))
    end_turns_until(battle, "horse")
    assert_rejected_unchanged(battle, Charge("horse", "p1", "unarmed"), "at most 8 fields")


@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-10")
def test_a_passenger_neither_walks_nor_commands() -> None:
    """A passenger moves with the mount and leaves it by dismounting; he gives no commands."""
    battle = carried(dice=[])
    end_turns_until(battle, "lara")
    assert_rejected_unchanged(battle, Move("lara", "WALK", ((2, 1), (2, 2))), "passenger")
    assert_rejected_unchanged(battle, Charge("lara", "ron", "unarmed"), "passenger|no enemy")
    assert_rejected_unchanged(
        battle, MountCommand("lara", "WALK", ((2, 1), (3, 1))), "only the rider"
    )
    assert_rejected_unchanged(battle, Reins("lara", True), "only the rider")
    legal = {a.action: a for a in battle.legal_actions("lara")}
    assert not legal[Action.WALK].allowed and "passenger" in legal[Action.WALK].reason
    assert not legal[Action.MOUNT_COMMAND].allowed
    assert "passenger" in legal[Action.MOUNT_COMMAND].reason
    assert legal[Action.DISMOUNT].allowed


@pytest.mark.rule("E-MOUNT-5")
def test_a_passenger_dismounts_and_the_rider_stays() -> None:
    """E-MOUNT-5: Absteigen is a VH for a passenger too; the rider keeps his seat."""
    battle = carried(dice=[])
    end_turns_until(battle, "lara")
    battle.apply(Dismount("lara", (2, 2)))
    lara, steed = c(battle, "lara"), c(battle, "horse")
    assert lara.cell == (2, 2) and mount_of(battle, lara) is None
    assert passengers_of(battle, steed) == [] and rider_of(battle, steed) is c(battle, "ron")
    assert not any(e.name == CARRIES for e in steed.effects)
    one_creature_per_field_but_riders(battle)


# ------------------------------------------------------------- falls and throws
@pytest.mark.rule("E-MOUNT-7")
def test_a_falling_mount_takes_rider_and_passenger_down() -> None:
    """E-MOUNT-7: the mount gets Liegend: so do the rider and every passenger."""
    battle = carried(dice=[])
    battle.apply(GmCondition(None, "horse", "PRONE"))
    for key in ("ron", "lara"):
        assert Condition.PRONE in c(battle, key).conditions
        assert c(battle, key).stance is Stance.PRONE
        assert mount_of(battle, c(battle, key)) is c(battle, "horse")


@pytest.mark.rule("E-MOUNT-8", "E-ZEROG-3")
def test_a_hurled_mount_shakes_rider_and_passenger_separately() -> None:
    """E-MOUNT-8: each on the mount rolls Reflexe vs 15; Ron holds on, Lara is thrown off."""
    # horse save 3 + 4 = 7 fails, d8 1: east 5 fields; Ron [12, 15] -> 12 + 6 = 18 holds;
    # Lara [4, 6] -> 4 + 5 = 9 falls: SW 3 + d6 2 - 0 = 5, on the field the horse left
    battle = carried(foe("p1", (8, 3)), dice=[3, 1, 12, 15, 4, 6, 2])
    battle.setup = dataclasses.replace(battle.setup, environment=Environment(weightless=True))
    events = after_hit(battle, c(battle, "p1"), c(battle, "horse"), DamageType.BLUDGEONING)
    assert [e.data.get("rule") for e in kinds(events, "roll")] == [
        "E-ZEROG-3",
        "E-MOUNT-8",
        "E-MOUNT-8",
    ]
    ron, lara, steed = c(battle, "ron"), c(battle, "lara"), c(battle, "horse")
    assert steed.cell == ron.cell == (7, 1) and mount_of(battle, ron) is steed
    assert lara.cell == (2, 1) and mount_of(battle, lara) is None
    assert lara.lp == 16 - 5 and Condition.PRONE in lara.conditions
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-8")
def test_two_thrown_off_land_on_two_fields() -> None:
    """E-MOUNT-8: both fail; Ron lands where the horse was, Lara on the nearest free field."""
    battle = carried(foe("p1", (8, 3)), dice=[3, 1, 4, 6, 4, 6, 2, 3])
    battle.setup = dataclasses.replace(battle.setup, environment=Environment(weightless=True))
    after_hit(battle, c(battle, "p1"), c(battle, "horse"), DamageType.BLUDGEONING)
    ron, lara = c(battle, "ron"), c(battle, "lara")
    assert ron.cell == (2, 1) and lara.cell == (1, 0)  # ties: nearest, then row, then column
    assert ron.lp == 18 - 5 and lara.lp == 16 - 6
    assert not aboard(battle, c(battle, "horse"))
    one_creature_per_field_but_riders(battle)


@pytest.mark.rule("E-MOUNT-8", "E-ACT-VH-STURM")
def test_a_charge_against_the_mount_shakes_everyone_on_it() -> None:
    """E-MOUNT-8: "erleidet einen Sturmangriff": a charge that hits the mount shakes both."""
    # p1 charges unarmed: d20 15 + Nahkampf 4 = 19 >= 12 hits; d6 3 + NSB 1 = 4 to the horse;
    # Ron [15, 12] -> 12 + 6 = 18 holds; Lara [2, 8] -> 2 + 5 = 7 thrown: SW 3 + d6 1 = 4
    battle = carried(foe("p1", (8, 1)), dice=[15, 3, 15, 12, 2, 8, 1])
    end_turns_until(battle, "p1")
    events = battle.apply(Charge("p1", "horse", "unarmed"))
    assert kinds(events, "mount_shaken")[0].data["rule"] == "E-MOUNT-8"
    ron, lara, steed = c(battle, "ron"), c(battle, "lara"), c(battle, "horse")
    assert steed.lp == 12 - 4
    assert mount_of(battle, ron) is steed and mount_of(battle, lara) is None
    assert lara.cell == (1, 0) and lara.lp == 16 - 4 and Condition.PRONE in lara.conditions
    one_creature_per_field_but_riders(battle)


# ------------------------------------------------------------------ the reins
@pytest.mark.rule("E-MOUNT-9", "E-ACT-HH-WAFFENLOS")
def test_holding_the_reins_leaves_one_hand_fewer() -> None:
    """E-MOUNT-9: with the pistol in one hand and the reins in the other, no hand is free."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (3, 1)), dice=[])
    ron = c(battle, "ron")
    assert free_hands_of(battle, ron) == 1
    events = battle.apply(Mount("ron", "horse"))
    assert kinds(events, "mounted")[0].data["reins"] is True
    assert holds_reins(ron) and [e.source for e in ron.effects if e.name == REINS] == ["horse"]
    assert free_hands_of(battle, ron) == 0
    assert "E-MOUNT-9" in hands_problem(battle, ron, [None])
    battle.state.budget = dataclasses.replace(battle.state.budget, spent=())  # given: a new turn
    assert_rejected_unchanged(battle, Attack("ron", "p1", "unarmed"), "free hand")
    legal = {a.action: a for a in battle.legal_actions("ron")}
    assert not legal[Action.UNARMED_ATTACK].allowed


@pytest.mark.rule("E-MOUNT-9", "E-SIZE-2", "E-MOUNT-13", "E-MOUNT-1")
def test_letting_go_of_the_reins_frees_a_hand_for_a_rifle() -> None:
    """E-MOUNT-9: a rifle (WG 4 > KG 3) is held in one hand but fired with both: not
    with the reins in the other."""
    # the shot at Mittel: two Nachteil (E-MOUNT-1, E-MOUNT-13): three d20 all 2 -> miss
    battle = given(
        hero("ron", (1, 1), equipment=("lasergewehr",)),
        horse(),
        foe("p1", (9, 3)),
        dice=[2, 2, 2],
    )
    battle.apply(Mount("ron", "horse"))  # the rifle in one hand, the reins in the other
    ron, rifle = c(battle, "ron"), battle.weapon("lasergewehr")
    assert holds_reins(ron) and free_hands_of(battle, ron) == 0
    assert "needs 2 free hand(s)" in hands_problem(battle, ron, [rifle])
    battle.apply(Reins("ron", False))  # FH
    assert not holds_reins(ron) and free_hands_of(battle, ron) == 1
    assert hands_problem(battle, ron, [rifle]) == ""
    next_turn_of(battle, "ron")
    assert_rejected_unchanged(battle, Reins("ron", False), "does not hold")
    events = battle.apply(Attack("ron", "p1", "lasergewehr"))
    (roll,) = kinds(events, "roll")
    assert roll.data["edge"] == -2 and len(roll.data["dice"]) == 3


@pytest.mark.rule("E-MOUNT-9", "E-ACT-FH-1")
def test_the_reins_are_let_go_as_a_free_action_and_taken_as_interagieren() -> None:
    """E-MOUNT-9: letting go is like dropping (FH); taking them again is an HH Interagieren."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (9, 3)), dice=[])
    battle.apply(Mount("ron", "horse"))
    events = battle.apply(Reins("ron", False))
    assert kinds(events, "reins")[0].data["rule"] == "E-MOUNT-9"
    assert battle.state.budget.free_spent == (Action.DROP_ITEM,)
    assert not holds_reins(c(battle, "ron")) and free_hands_of(battle, c(battle, "ron")) == 1
    next_turn_of(battle, "ron")
    battle.apply(Reins("ron", True))
    assert holds_reins(c(battle, "ron"))
    assert [a for a, _ in battle.state.budget.spent] == [Action.INTERACT]
    assert_rejected_unchanged(battle, Reins("ron", True), "already holds")
    assert_rejected_unchanged(battle, Dismount("ron", (2, 2)), "full action")


@pytest.mark.rule("E-MOUNT-9", "E-ACT-VH-MEHRFACH")
def test_no_multi_attack_with_two_pistols_and_the_reins() -> None:
    """E-ACT-VH-MEHRFACH fires two weapons at once: with the reins Ron has one hand."""
    battle = given(hero("ron", (1, 1)), horse(), foe("p1", (5, 1)), dice=[])
    battle.apply(Mount("ron", "horse"))
    next_turn_of(battle, "ron")
    ron = c(battle, "ron")
    ron.held.append("taserpistole")  # given: drawn earlier
    ron.carried.remove("taserpistole")
    command = MultiAttack("ron", (("laserpistole", "p1"), ("taserpistole", "p1")))
    assert_rejected_unchanged(battle, command, "E-MOUNT-9")


@pytest.mark.rule("E-MOUNT-4", "E-MOUNT-13", "E-MOUNT-1")
def test_a_passenger_shoots_one_handed_from_the_mount() -> None:
    """A passenger's other hand holds on: a pistol works (the mount's Nachteil), a rifle not."""
    battle = carried(foe("p1", (9, 3)), dice=[2, 2, 2])
    end_turns_until(battle, "lara")
    lara = c(battle, "lara")
    assert free_hands_of(battle, lara) == 0  # grenade in one hand, holding on with the other
    lara.held = ["laserpistole"]  # given: she holds a pistol instead
    lara.magazines["laserpistole"] = 15
    assert rider_attack_edge(battle, lara, melee=False) == -2
    events = battle.apply(Attack("lara", "p1", "laserpistole"))
    assert kinds(events, "roll")[0].data["edge"] == -2  # Mittel itself adds nothing
    lara.held = ["lasergewehr"]
    lara.magazines["lasergewehr"] = 20
    battle.state.budget = dataclasses.replace(battle.state.budget, spent=())
    assert_rejected_unchanged(battle, Attack("lara", "p1", "lasergewehr"), "E-MOUNT-4")


# -------------------------------------------------------------- hands on foot
@pytest.mark.rule("E-SIZE-2", "E-ACT-HH-WAFFENLOS")
def test_a_two_handed_weapon_needs_the_other_hand_empty() -> None:
    """E-SIZE-2 (WG 4 > KG 3): with a pistol in the other hand the rifle cannot fire; the
    pistol can (the rifle is only held), and no hand is left for a punch."""
    battle = given(
        hero("ron", (1, 1), equipment=("lasergewehr",)),
        foe("p1", (9, 3)),
        foe("p2", (5, 3)),
        dice=[2],  # the pistol at Mittel: d20 2 + 8 = 10 < 12 misses
    )
    ron = c(battle, "ron")
    ron.held.append("laserpistole")  # given: drawn as well
    ron.magazines["laserpistole"] = 15
    assert_rejected_unchanged(battle, Attack("ron", "p1", "lasergewehr"), "2 free hand")
    assert_rejected_unchanged(battle, Attack("ron", "p2", "unarmed"), "1 free hand")
    battle.apply(Attack("ron", "p1", "laserpistole"))


@pytest.mark.rule("E-ACT-HH-INTERAGIEREN")
def test_a_reload_takes_both_hands() -> None:
    """Interagieren (reload): weapon and magazine; a second item in hand must go first."""
    battle = given(hero("ron", (1, 1)), foe("p1", (9, 3)), dice=[])
    ron = c(battle, "ron")
    ron.magazines["laserpistole"] = 3
    ron.held.append("taserpistole")
    assert_rejected_unchanged(battle, Reload("ron", "laserpistole"), "2 free hands to reload")
    ron.held.remove("taserpistole")
    battle.apply(Reload("ron", "laserpistole"))
    assert ron.magazines["laserpistole"] == 15


# ------------------------------------------------------------------ data
def test_new_commands_round_trip_through_json() -> None:
    """Commands are plain data (issue 4, section 1)."""
    for command in (
        Mount("lara", "horse", passenger=True),
        Mount("ron", "horse", reins=False),
        Reins("ron", True),
    ):
        data = json.loads(json.dumps(command.to_dict()))
        assert COMMANDS.from_dict(data) == command


_CREATURE = """
[creatures.{key}]
name = "Test"
english = "Test"
lp = 20
bew = 8
size_fields = 1
kg = 5
{extra}

[creatures.{key}.attributes]
constitution = 4
strength = 4
dexterity = 4
reflexes = 4
intelligence = 2
charisma = 2
ranged = 2
melee = 4

[creatures.{key}.saves]
dodge = 12
body = 12
mind = 10
"""


@pytest.mark.rule("E-MOUNT-4")
def test_the_catalogue_flag_defaults_to_false_and_explains_mistakes() -> None:
    """E-MOUNT-4's "built for passengers" is a catalogue flag; hands default to 2."""
    assert all(not kind.built_for_passengers for kind in CATALOGUE.creatures.values())
    assert all(kind.hands == 2 for kind in CATALOGUE.creatures.values())
    good = load_catalogue_from(
        {
            "creatures": _CREATURE.format(
                key="kutsche", extra="initiative = 5\nbuilt_for_passengers = true\nhands = 0"
            )
        }
    )
    assert good.creatures["kutsche"].built_for_passengers
    assert good.creatures["kutsche"].hands == 0
    bad_type = _CREATURE.format(key="x", extra='initiative = 5\nbuilt_for_passengers = "ja"')
    with pytest.raises(MissionError, match="built_for_passengers"):
        load_catalogue_from({"creatures": bad_type})
    bad_hands = _CREATURE.format(key="x", extra="initiative = 5\nhands = 9")
    with pytest.raises(MissionError, match="hands"):
        load_catalogue_from({"creatures": bad_hands})
    character = _CREATURE.format(
        key="x", extra="character = true\nbase_initiative = 5\nbuilt_for_passengers = true"
    )
    with pytest.raises(MissionError, match="no mount"):
        load_catalogue_from({"creatures": character})
