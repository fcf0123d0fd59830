"""The match machinery with a second ruleset: declarations and defences owned by sides.

A toy "declare, then defend" ruleset (tests/match/toy_ruleset.py) runs through Match,
undo/redo, saves and loading, so the decision kinds Genesis and WRS need are known to
work before those rulesets exist (issue 9).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.board.dice import ScriptedRoller
from game.match.commands import CommandRejected
from game.match.decisions import DecisionKind
from game.match.record import Match
from game.match.saves import MissionRef, OpenedMission, SaveError, load_save, write_save
from game.rulesets import RULESETS
from tests.match.toy_ruleset import TOY, Declare, Defend, GmHeal, ToySetup

HASH = "ab" * 32
WITH_TOY = {**RULESETS, TOY.key: TOY}


def toy_match(seed: int = 3) -> Match:
    return Match(TOY, ToySetup(), {}, seed)


def opener(_: str) -> OpenedMission:
    return OpenedMission(ToySetup(), {}, HASH, TOY)


def test_the_first_decision_is_the_attackers_declaration() -> None:
    match = toy_match()
    decision = match.decision()
    assert decision is not None
    assert (decision.kind, decision.side, decision.creature) == (
        DecisionKind.DECLARATION,
        "red",
        "anna",
    )


def test_a_command_from_another_side_is_refused_with_a_reason() -> None:
    match = toy_match()
    with pytest.raises(CommandRejected) as caught:
        match.apply(Declare("bert", 2))
    assert "red" in caught.value.reason and "declaration" in caught.value.reason
    assert match.commands == ()


def test_the_game_master_may_answer_any_decision() -> None:
    match = toy_match()
    match.apply(GmHeal(None, "bert", 5))
    assert match.battle.state.hp["bert"] == 5


def test_declare_then_defend_runs_through_the_decisions() -> None:
    game = TOY.new_game(ToySetup(), {}, 0, roller=ScriptedRoller([6, 5, 1]))
    game.apply(Declare("anna", 3))
    assert game.decisions()[0].kind is DecisionKind.DECLARATION
    assert game.decisions()[0].side == "blue"
    game.apply(Declare("bert", 1))  # three attacks rolled: 6, 5 hit, 1 misses
    decision = game.decisions()[0]
    assert (decision.kind, decision.side) == (DecisionKind.DEFENCE, "blue")
    assert game.state.hits_left == 2
    game.apply(Defend("bert", "parry"))
    with pytest.raises(CommandRejected, match="no parry"):
        game.apply(Defend("bert", "parry"))
    game.apply(Defend("bert", "take"))
    assert game.state.hp["bert"] == 2
    assert (game.state.attacker, game.state.phase) == ("bert", "declare_attacks")
    assert game.decisions()[0].side == "blue"


def test_undo_and_redo_replay_the_declarations() -> None:
    match = toy_match(seed=7)
    match.apply(Declare("anna", 3))
    match.apply(Declare("bert", 0))
    after = match.game.snapshot()
    match.undo()
    assert match.battle.state.phase == "declare_parries"
    match.redo()
    assert match.game.snapshot() == after
    match.verify()


def _play_some(match: Match) -> None:
    match.apply(Declare("anna", 3))
    match.apply(Declare("bert", 0))
    while match.battle.state.phase == "defend":
        match.apply(Defend("bert", "take"))


def test_a_toy_save_records_its_ruleset_and_loads(tmp_path: Path) -> None:
    match = toy_match(seed=11)
    _play_some(match)
    path = write_save(match, tmp_path, "toy", MissionRef("toy.toml", HASH))
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["ruleset"] == {"key": "toy", "version": "1"}
    assert document["program"]
    loaded = load_save(path, opener, WITH_TOY)
    assert loaded.match.ruleset is TOY
    assert loaded.match.game.snapshot() == match.game.snapshot()
    assert loaded.match.commands == match.commands


def test_a_save_of_an_unknown_ruleset_is_refused_naming_the_known(tmp_path: Path) -> None:
    match = toy_match()
    path = write_save(match, tmp_path, "toy", MissionRef("toy.toml", HASH))
    with pytest.raises(SaveError) as caught:
        load_save(path, opener, RULESETS)
    assert caught.value.where == "$.ruleset.key"
    assert "'toy'" in caught.value.message and "entaria" in caught.value.message


def test_a_save_whose_rules_changed_says_so(tmp_path: Path) -> None:
    match = toy_match(seed=11)
    _play_some(match)
    path = write_save(match, tmp_path, "toy", MissionRef("toy.toml", HASH))
    document = json.loads(path.read_text(encoding="utf-8"))
    document["ruleset"]["version"] = "0"
    document["commands"][1]["count"] = 3  # what version 0 would have allowed differently
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_save(path, opener, WITH_TOY)
    assert "version 0 of the toy rules" in caught.value.message
    assert "the rules have changed" in caught.value.message
    assert path.exists()  # nothing is deleted
