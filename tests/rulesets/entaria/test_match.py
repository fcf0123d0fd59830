"""The match record: replay from seed + commands, undo and redo with the same dice.

Given a small fight, the commands of the built-in policy, the expected end state.
"""

from __future__ import annotations

import pytest

from game.board.grid import BattleGrid
from game.match.record import Match, ReplayError, first_difference, replay
from game.rulesets.entaria.clone import clone_battle
from game.rulesets.entaria.commands import EndTurn, GmSetLifePoints, Move
from game.rulesets.entaria.engine import CommandRejected
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.ruleset import ENTARIA
from game.rulesets.entaria.setup import BattleSetup
from tests.rulesets.entaria.helpers import CATALOGUE, SIDES, foe, hero

ARENA = """
############
#..........#
#...==.....#
#..........#
#.....%....#
#..........#
############
"""


def arena_setup() -> BattleSetup:
    creatures = (
        hero("ron", (1, 1)),
        hero("likron", (1, 5), type_="likron"),
        foe("p1", (10, 1)),
        foe("p2", (10, 5)),
    )
    return BattleSetup("Arena", BattleGrid.from_ascii(ARENA), SIDES, creatures)


def play(match: Match, steps: int) -> None:
    """Let the policy play ``steps`` commands (fewer if the fight ends)."""
    for _ in range(steps):
        if match.battle.state.over:
            return
        match.apply(choose_command(match.battle))


def test_replay_reaches_the_identical_state() -> None:
    """D-3 / issue 4 section 5: mission + seed + commands reproduce the match exactly."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=11)
    play(match, 40)
    assert len(match.commands) >= 10
    again = replay(ENTARIA, arena_setup(), CATALOGUE, 11, match.commands)
    assert again.state.to_dict() == match.battle.state.to_dict()
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in match.battle.log]
    match.verify()


def test_a_different_seed_rolls_differently() -> None:
    """The dice come from the seed: another seed gives another initiative or fight."""
    first = Match(ENTARIA, arena_setup(), CATALOGUE, seed=1)
    other = Match(ENTARIA, arena_setup(), CATALOGUE, seed=2)
    play(first, 30)
    play(other, 30)
    assert first.battle.state.to_dict() != other.battle.state.to_dict()


def test_undo_replays_to_the_previous_state_and_redo_restores() -> None:
    """Undo gives the state before the last command; redo the state after it (same dice)."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=5)
    play(match, 12)
    before = match.battle.state.to_dict()
    log_before = len(match.battle.log)
    command = choose_command(match.battle)
    match.apply(command)
    after = match.battle.state.to_dict()
    assert match.undo() == command
    assert match.battle.state.to_dict() == before
    assert len(match.battle.log) == log_before
    assert match.can_redo
    match.redo()
    assert match.battle.state.to_dict() == after
    assert not match.can_redo


def test_undo_all_the_way_back_and_redo_everything() -> None:
    """Every undo step is one command; redoing all of them ends where the match was."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=9)
    start = match.battle.state.to_dict()
    play(match, 8)
    end = match.battle.state.to_dict()
    count = len(match.commands)
    for _ in range(count):
        match.undo()
    assert match.battle.state.to_dict() == start
    assert not match.can_undo
    with pytest.raises(IndexError):
        match.undo()
    for _ in range(count):
        match.redo()
    assert match.battle.state.to_dict() == end
    with pytest.raises(IndexError):
        match.redo()


def test_a_new_command_after_undo_drops_the_redo_steps() -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=3)
    play(match, 4)
    match.undo()
    assert match.can_redo
    match.apply(choose_command(match.battle))
    assert not match.can_redo


def test_a_refused_command_is_not_recorded() -> None:
    """E-ACT-HH-GEHEN-1: a walk beyond BEW is refused; the record and state stay as they were."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=3)
    current = match.battle.current
    before = match.battle.state.to_dict()
    x, y = current.cell
    far = tuple((x + dx if x < 6 else x - dx, y) for dx in range(0, 9))
    with pytest.raises(CommandRejected):
        match.apply(Move(current.key, "WALK", far))
    assert match.commands == ()
    assert match.battle.state.to_dict() == before


def test_listeners_hear_apply_undo_and_redo() -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=3)
    heard: list[int] = []
    match.listeners.append(lambda m: heard.append(len(m.commands)))
    match.apply(EndTurn(match.battle.current.key))
    match.undo()
    match.redo()
    assert heard == [1, 0, 1]


def test_a_match_can_start_from_a_record() -> None:
    first = Match(ENTARIA, arena_setup(), CATALOGUE, seed=4)
    play(first, 10)
    second = Match(ENTARIA, arena_setup(), CATALOGUE, seed=4, commands=first.commands)
    assert second.battle.state.to_dict() == first.battle.state.to_dict()


def test_replay_names_the_refused_command() -> None:
    setup = arena_setup()
    match = Match(ENTARIA, setup, CATALOGUE, seed=4)
    first = match.battle.current.key
    with pytest.raises(ReplayError, match=r"command 1 \(end_turn"):
        replay(ENTARIA, setup, CATALOGUE, 4, [EndTurn(first), EndTurn(first)])


def test_verify_finds_a_state_changed_behind_the_record() -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=4)
    play(match, 3)
    match.battle.state.creatures["p1"].lp = 1  # not through a command
    with pytest.raises(ReplayError, match=r"creatures\[\d\]\.lp"):
        match.verify()


def test_gm_commands_are_part_of_the_record() -> None:
    """Issue 4 section 1: GM commands are logged and replayed like any other."""
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=4)
    match.apply(GmSetLifePoints(None, "p1", 0))
    again = replay(ENTARIA, arena_setup(), CATALOGUE, 4, match.commands)
    assert again.state.creatures["p1"].lp == 0
    assert again.state.to_dict() == match.battle.state.to_dict()


def test_clone_is_independent() -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=4)
    copy = clone_battle(match.battle)
    copy.apply(EndTurn(copy.current.key))
    assert match.commands == ()
    assert copy.state.to_dict() != match.battle.state.to_dict()
    assert copy.catalogue is match.battle.catalogue


def test_first_difference_names_the_json_path() -> None:
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "$.a[1].b (2 != 3)"
    assert first_difference({"a": 1}, {"a": 1}) is None
    assert first_difference({"a": 1}, {}) == "$.a (missing)"
    assert first_difference({}, {"z": 1}) == "$.z (unexpected)"
    assert first_difference([1, 2], [1]) == "$ (length 2 != 1)"
    assert first_difference([1], (1,)) is None
