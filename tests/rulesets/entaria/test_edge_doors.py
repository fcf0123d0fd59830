"""Doors on field edges in a match (D-13): Interagieren, the game master, save, undo, reroll."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.board.edges import EdgeKind
from game.board.grid import BattleGrid
from game.match.commands import Command, command_from_dict
from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, load_save, write_save
from game.rulesets import RULESETS
from game.rulesets.entaria.catalogue import FrozenMap
from game.rulesets.entaria.command_table import COMMANDS, new_battle
from game.rulesets.entaria.commands import Attack, EndTurn, GmDoor, Move
from game.rulesets.entaria.engine import Battle, CommandRejected
from game.rulesets.entaria.impulse_actions import SpendImpulse
from game.rulesets.entaria.interact_actions import Interact
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup, CreatureSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

# A room of 6×3 fields split between columns 2 and 3 by edge walls, with an edge door in
# the middle row: the door stands between (2, 1) and (3, 1).
ROOM = "\n".join(["......"] * 3)
WALLS = (((2, 0), (3, 0)), ((2, 2), (3, 2)))
DOOR = ((2, 1), (3, 1))
PISTOL = "laserpistole"


def room_grid(*, door_open: bool = False) -> BattleGrid:
    grid = BattleGrid.from_ascii(ROOM)
    for a, b in WALLS:
        grid.add_edge_wall(a, b)
    grid.set_edge_door(*DOOR, open=door_open)
    return grid


def room_setup(*creatures: CreatureSetup, door_open: bool = False) -> BattleSetup:
    if not creatures:
        creatures = (hero("ron", (2, 1)), foe("p", (5, 1)))
    return BattleSetup("Kantentür", room_grid(door_open=door_open), SIDES, tuple(creatures))


def room_battle(
    *creatures: CreatureSetup,
    first: str = "ron",
    dice: Iterable[int] | None = None,
    door_open: bool = False,
) -> Battle:
    battle = new_battle(room_setup(*creatures, door_open=door_open), CATALOGUE, 1)
    order = battle.state.order
    battle.state.order = order[order.index(first) :] + order[: order.index(first)]
    battle.state.turn_index = 0
    battle._start_turn()
    if dice is not None:
        battle.roller = ScriptedRoller(list(dice))
    return battle


def rejected(battle: Battle, command: Command, match: str) -> None:
    """The command is refused with ``match`` and changes neither state nor grid."""
    before = battle.state.to_dict()
    edges = battle.grid.edge_list()
    with pytest.raises(CommandRejected, match=match):
        battle.apply(command)
    assert battle.state.to_dict() == before
    assert battle.grid.edge_list() == edges


def door_kind(battle: Battle) -> EdgeKind | None:
    return battle.grid.edge_kind(*DOOR)


# ------------------------------------------------------------------ Interagieren
@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_open_and_close_an_edge_door_from_the_field_beside_it() -> None:
    battle = room_battle()
    events = battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))

    door = next(e for e in events if e.kind == "door")
    assert door.de == "Ron öffnet die Tür zwischen [2, 1] und [3, 1]"
    assert door.en == "Ron opens the door between [2, 1] and [3, 1]"
    assert door.data == {"cell": [2, 1], "edge_to": [3, 1], "open": True}
    assert door_kind(battle) is EdgeKind.OPEN_DOOR
    assert battle.state.edge_doors == {DOOR: True}
    assert not battle.grid.is_edge_blocked(*DOOR)

    events = battle.apply(Interact("ron", "close_door", edge_to=(3, 1)))
    assert [e.en for e in events if e.kind == "door"] == [
        "Ron closes the door between [2, 1] and [3, 1]"
    ]
    assert door_kind(battle) is EdgeKind.DOOR and battle.state.edge_doors == {DOOR: False}


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN", "E-ACT-2")
def test_an_edge_door_costs_the_interaction_like_a_field_door() -> None:
    """Interagieren is a half action (HH): two per turn, the third is refused."""
    battle = room_battle()
    battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    after_one = battle.state.budget.spent
    battle.apply(Interact("ron", "close_door", edge_to=(3, 1)))
    assert len(battle.state.budget.spent) == 2 and after_one == battle.state.budget.spent[:1]
    with pytest.raises(CommandRejected):
        battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    assert door_kind(battle) is EdgeKind.DOOR


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_edge_door_refusals_read_as_a_field_doors() -> None:
    battle = room_battle()
    rejected(battle, Interact("ron", "close_door", edge_to=(3, 1)), "already closed")
    rejected(battle, Interact("ron", "open_door", edge_to=(2, 0)), "no door on the edge")
    rejected(battle, Interact("ron", "open_door", edge_to=(3, 0)), "no door on the edge")
    rejected(battle, Interact("ron", "open_door", cell=(2, 0), edge_to=(3, 1)), "no door")
    rejected(battle, Interact("ron", "break_door", edge_to=(3, 1)), "cannot be battered")
    battle.apply(Interact("ron", "open_door", cell=(2, 1), edge_to=(3, 1)))
    rejected(battle, Interact("ron", "open_door", edge_to=(3, 1)), "already open")


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_a_creature_away_from_the_edge_door_cannot_reach_it() -> None:
    """Only a field whose border the door lies on reaches it: one field off is too far."""
    battle = room_battle(hero("ron", (1, 1)), foe("p", (5, 1)))
    rejected(battle, Interact("ron", "open_door", edge_to=(3, 1)), "no door on the edge")
    rejected(battle, Interact("ron", "open_door", edge_to=(2, 1)), "no door on the edge")


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_a_creature_on_the_far_side_does_not_stop_the_edge_door_closing() -> None:
    """There is no doorway field: the pirate right behind the door does not block it."""
    battle = room_battle(hero("ron", (2, 1)), foe("p", (3, 1)), door_open=True)
    battle.apply(Interact("ron", "close_door", edge_to=(3, 1)))
    assert door_kind(battle) is EdgeKind.DOOR


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN")
def test_german_refusal_of_an_edge_door_not_in_reach() -> None:
    battle = room_battle(hero("ron", (0, 1)), foe("p", (5, 1)))
    with pytest.raises(CommandRejected) as caught:
        battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    assert caught.value.text("de") == "am Rand des eigenen Feldes zu [3, 1] ist keine Tür"


@pytest.mark.rule("D-13", "E-ACT-HH-INTERAGIEREN", "E-SIZE-1")
def test_a_large_creature_opens_an_edge_door_on_any_of_its_fields_borders() -> None:
    """A 2×2 Ron at (1, 0) covers (2, 1): the door on its right border is in reach."""
    giant = dataclasses.replace(CATALOGUE.creatures["ron"], key="riese", size_fields=2)
    catalogue = dataclasses.replace(
        CATALOGUE, creatures=FrozenMap({**CATALOGUE.creatures, "riese": giant})
    )
    creatures = (CreatureSetup("big", "riese", "heroes", (1, 0)), foe("p", (5, 2)))
    battle = new_battle(room_setup(*creatures), catalogue, 1)
    while battle.state.current_key != "big":
        battle.apply(EndTurn(battle.state.current_key))
    battle.apply(Interact("big", "open_door", edge_to=(3, 1)))
    assert door_kind(battle) is EdgeKind.OPEN_DOOR


# --------------------------------------------------------------- moving through
@pytest.mark.rule("D-13", "D-10")
def test_a_move_through_the_closed_edge_door_is_refused_until_it_is_opened() -> None:
    battle = room_battle()
    with pytest.raises(CommandRejected) as caught:
        battle.apply(Move("ron", "WALK", ((2, 1), (3, 1))))
    assert (
        caught.value.text("de")
        == "Schritt (2, 1) -> (3, 1) führt über eine Wand auf einer Feldkante"
    )
    battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    battle.apply(Move("ron", "WALK", ((2, 1), (3, 1))))
    assert battle.state.creatures["ron"].cell == (3, 1)


# -------------------------------------------------------------- the game master
@pytest.mark.rule("D-13")
def test_the_game_master_opens_and_closes_an_edge_door() -> None:
    battle = room_battle()
    events = battle.apply(GmDoor(None, (3, 1), True, edge_to=(2, 1)))
    assert events[0].en == "Game master: opens the door between [2, 1] and [3, 1]"
    assert events[0].de == "Spielleitung: öffnet die Tür zwischen [2, 1] und [3, 1]"
    assert door_kind(battle) is EdgeKind.OPEN_DOOR and battle.state.edge_doors == {DOOR: True}
    battle.apply(GmDoor(None, (2, 1), False, edge_to=(3, 1)))
    assert door_kind(battle) is EdgeKind.DOOR
    rejected(battle, GmDoor(None, (2, 0), True, edge_to=(3, 0)), "no door between")
    rejected(battle, GmDoor(None, (2, 0), True, edge_to=(4, 0)), "no door between")


# ------------------------------------------------------ save, undo, old commands
def opened_match(seed: int = 3) -> Match:
    match = Match(ENTARIA, room_setup(), CATALOGUE, seed=seed)
    while match.battle.state.current_key != "ron":
        match.apply(EndTurn(match.battle.state.current_key))
    match.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    return match


@pytest.mark.rule("D-13", "D-3")
def test_save_load_replay_keeps_an_opened_edge_door(tmp_path: Path) -> None:
    match = opened_match()
    match.apply(Move("ron", "WALK", ((2, 1), (3, 1))))
    path = write_save(match, tmp_path, "tuer offen", MissionRef("kante.toml", "ab" * 32))

    loaded = load_save(
        path, lambda _: OpenedMission(room_setup(), CATALOGUE, "ab" * 32, ENTARIA), RULESETS
    ).match

    snapshot = loaded.battle.state.to_dict()
    assert snapshot == match.battle.state.to_dict()
    assert snapshot["edge_doors"] == [[[2, 1], [3, 1], True]]
    assert loaded.battle.grid.edge_kind(*DOOR) is EdgeKind.OPEN_DOOR
    assert loaded.battle.state.creatures["ron"].cell == (3, 1)
    loaded.verify()


@pytest.mark.rule("D-13", "D-3")
def test_undo_closes_the_edge_door_again_and_redo_opens_it() -> None:
    match = opened_match()
    match.undo()
    assert match.battle.grid.edge_kind(*DOOR) is EdgeKind.DOOR
    assert "edge_doors" not in match.battle.state.to_dict()
    match.redo()
    assert match.battle.grid.edge_kind(*DOOR) is EdgeKind.OPEN_DOOR


@pytest.mark.rule("D-13", "D-3")
def test_old_commands_without_edge_to_still_load() -> None:
    old = {"kind": "interact", "actor": "ron", "what": "open_door", "cell": [1, 0]}
    command = command_from_dict(old, COMMANDS)
    assert command == Interact("ron", "open_door", cell=(1, 0))
    gm = command_from_dict(
        {"kind": "gm_door", "actor": None, "cell": [1, 0], "open": True}, COMMANDS
    )
    assert gm == GmDoor(None, (1, 0), True)
    new = command_from_dict(Interact("ron", "open_door", edge_to=(3, 1)).to_dict(), COMMANDS)
    assert new == Interact("ron", "open_door", edge_to=(3, 1))


@pytest.mark.rule("D-13", "D-3")
def test_a_match_without_edge_doors_writes_no_edge_doors_key() -> None:
    battle = room_battle()
    assert "edge_doors" not in battle.state.to_dict()


@pytest.mark.rule("D-13")
def test_a_door_open_on_the_map_is_closed_and_kept_closed() -> None:
    """A door the map has open: closing it is kept in the state (False), saved as such."""
    battle = room_battle(door_open=True)
    battle.apply(Interact("ron", "close_door", edge_to=(3, 1)))
    assert battle.state.to_dict()["edge_doors"] == [[[2, 1], [3, 1], False]]
    again = type(battle.state).from_dict(battle.state.to_dict())
    assert again.edge_doors == {DOOR: False}


# ---------------------------------------------------------------------- reroll
@pytest.mark.rule("D-13", "E-IMP-EFF-REROLL")
def test_a_reroll_rebuilt_from_before_the_door_opened_keeps_the_edge_door() -> None:
    """Ron shoots the pirate on his side (2) and the players reroll it (3): the reroll's
    checkpoint is the match before that shot, with the door closed. Ron opens the door and
    ends his turn; the next foe shoots him (15, 3) and Ron rerolls that (4): the match is
    rebuilt from that checkpoint (the door closed again) and the opening is replayed."""
    battle = room_battle(
        hero("ron", (2, 1)), foe("p", (5, 1)), foe("p2", (0, 1)), dice=[2, 15, 3, 4, 4]
    )
    battle.state.impulse_pool = 2
    fresh = {1: [3], 5: [4]}
    battle.rerolls.fresh_dice = lambda key: ScriptedRoller(fresh[key])
    battle.apply(Attack("ron", "p2", PISTOL))
    battle.apply(SpendImpulse("ron", "REROLL", roll=0))
    battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    battle.apply(EndTurn("ron"))
    shooter = battle.state.current_key
    battle.apply(Attack(shooter, "ron", PISTOL))
    assert battle.rerolls.checkpoint is not None
    assert battle.rerolls.checkpoint.record_len == 0  # before the door was opened

    events = battle.apply(SpendImpulse("ron", "REROLL", roll=0))

    assert [e for e in events if e.kind == "reroll"]
    assert door_kind(battle) is EdgeKind.OPEN_DOOR
    assert battle.state.edge_doors == {DOOR: True}
    assert battle.state.current_key == shooter


@pytest.mark.rule("D-13", "E-IMP-EFF-REROLL")
def test_a_shadow_from_a_checkpoint_puts_the_edge_door_back_as_it_was() -> None:
    """Checkpoint with the door closed; the live door is open when the shadow is made:
    the shadow closes it (the state says so) before replaying the opening."""
    from game.rulesets.entaria.reroll_ledger import take_checkpoint
    from game.rulesets.entaria.reroll_shadows import shadow_at

    battle = room_battle()
    start = take_checkpoint(battle, battle.roller)
    battle.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    shadow = shadow_at(battle, start)
    assert shadow.grid.edge_kind(*DOOR) is EdgeKind.DOOR
    assert battle.grid.edge_kind(*DOOR) is EdgeKind.OPEN_DOOR
    shadow.apply(Interact("ron", "open_door", edge_to=(3, 1)))
    assert shadow.grid.edge_kind(*DOOR) is EdgeKind.OPEN_DOOR
