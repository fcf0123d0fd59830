"""Loading a quick-rules save from its snapshot (issue 13, "Long fights"): at once, verified.

A save of the quick rules carries ``resume`` (the game's ``snapshot_data`` and the log
marks): the load restores the match applying no command, then a ``Verifier`` replays the
record, which stays the truth. Compared with a full replay: the save's state, the log,
the snapshot data and the next commands' events; after undo and redo too. Tampered or
hostile snapshots are caught (the replay wins) or refused (the record is replayed).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game.match.checkpoints import SPACING, Snapshotting
from game.match.commands import Command
from game.match.decisions import DecisionKind
from game.match.events import Event
from game.match.record import Match, first_difference
from game.match.save_reading import LoadedSave
from game.match.saves import LINES_FROM, MissionRef, OpenedMission, load_save, write_save
from game.match.snapshot_codec import SnapshotError
from game.missions.simulate import prepared_mission
from game.rulesets import RULESETS
from game.rulesets.entaria_schnell.bench import grow
from game.rulesets.entaria_schnell.engine import QuickGame
from game.rulesets.entaria_schnell.policy import choose_command
from game.rulesets.entaria_schnell.ruleset import QUICK
from tests.save_files import edit_save

MAP = Path(__file__).resolve().parents[3] / "maps" / "schnell-strassenkampf.toml"
HASH = "cd" * 32
PREPARED = prepared_mission(MAP)

#: What the snapshot holds of a game (``QuickGame.checkpoint`` copies exactly these).
COVERED = {
    "roller",
    "record",
    "log",
    "creatures",
    "round",
    "impulse",
    "over",
    "winner",
    "current",
    "turn",
    "acted",
    "outcomes",
    "remaining",
    "order",
}
#: What a restored game takes from the fresh one (``QuickGame._shared``).
STATIC = {"setup", "catalogue", "grid", "zones", "walk_graph", "range_graph"}
#: Of each creature: the changing fields (in the snapshot) and those of its set-up.
CREATURE_COVERED = {
    "cell",
    "lp",
    "held",
    "initiative",
    "loaded",
    "thrown",
    "saves",
    "defeated",
    "outcome",
    "wehrlos_for_repeat",
}
CREATURE_STATIC = {"key", "name", "kind", "side", "equipment"}


def new_match(seed: int) -> Match:
    return Match(QUICK, PREPARED.setup, PREPARED.catalogue, seed=seed)


def play(match: Match, steps: int) -> None:
    for _ in range(steps):
        if match.battle.over:
            return
        match.apply(choose_command(match.battle))


def full_replay(seed: int, commands: Sequence[Command]) -> QuickGame:
    game = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, seed)
    for command in commands:
        game.apply(command)
    return game


def texts(log: Sequence[Event]) -> list[tuple[Any, ...]]:
    return [(e.kind, e.de, e.en, e.actor, e.data) for e in log]


def assert_same(game: QuickGame, reference: QuickGame, when: str) -> None:
    assert first_difference(reference.snapshot(), game.snapshot()) is None, when
    assert texts(game.log) == texts(reference.log), when
    assert list(game.record) == list(reference.record), when
    ours, theirs = game.snapshot_data(), reference.snapshot_data()
    assert first_difference(theirs, ours) is None, when


def save_of(match: Match, folder: Path) -> Path:
    return write_save(match, folder, "schnell", MissionRef(str(MAP), HASH))


def load(path: Path, *, later: bool = True) -> LoadedSave:
    opened = OpenedMission(PREPARED.setup, PREPARED.catalogue, HASH, QUICK)
    return load_save(path, lambda _: opened, RULESETS, verify_later=later)


@pytest.fixture(scope="module")
def saved_match() -> Match:
    """A policy-played fight of 60 commands (ORDER, TURN and OUTCOME decisions)."""
    match = new_match(5)
    play(match, 60)
    assert not match.battle.over
    return match


@pytest.fixture(scope="module")
def long_match() -> Match:
    """A fight kept going for more than LINES_FROM commands: the save is written in lines."""
    match = new_match(7)
    grow(match, random.Random(7), LINES_FROM + 100)
    assert len(match.commands) == LINES_FROM + 100 and not match.battle.over
    return match


def test_issue13_the_quick_game_takes_snapshots() -> None:
    assert isinstance(new_match(1).battle, Snapshotting)


def test_issue13_a_loaded_save_applies_no_command_and_equals_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """The load restores the game with 0 commands applied; it is the replay's, plays on so."""
    loaded = load(save_of(saved_match, tmp_path))
    assert loaded.verifier is not None and not loaded.verifier.done
    assert loaded.match.replayed == 0 and loaded.verifier.replayed == 0
    reference = full_replay(saved_match.seed, saved_match.commands)
    restored = loaded.match.battle
    assert_same(restored, reference, "after the snapshot load")
    assert loaded.match.log_marks == saved_match.log_marks
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won
    assert loaded.verifier.replayed == len(saved_match.commands)
    assert loaded.match.battle is restored  # the restored game itself plays on
    for _ in range(20):
        if reference.over:
            break
        command = choose_command(reference)
        assert texts(loaded.match.apply(command)) == texts(reference.apply(command))
    assert_same(loaded.match.battle, reference, "after 20 more commands")


def test_issue13_a_long_save_in_lines_loads_at_once_and_verifies(
    long_match: Match, tmp_path: Path
) -> None:
    """A save written in lines (its log read lazily) restores at once; the replay agrees."""
    loaded = load(save_of(long_match, tmp_path))
    assert loaded.match.replayed == 0 and loaded.verifier is not None
    reference = full_replay(long_match.seed, long_match.commands)
    assert_same(loaded.match.battle, reference, "after the load in lines")
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won
    play(loaded.match, 5)  # saved again: the restored log (lines) and the new entries
    again = load(save_of(loaded.match, tmp_path / "again"))
    assert again.match.replayed == 0 and again.verifier is not None
    assert_same(again.match.battle, full_replay(long_match.seed, loaded.match.commands), "")
    again.match.settle()
    assert not again.verifier.replay_won


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_issue13_every_moment_of_a_fight_round_trips(seed: int) -> None:
    """At each command of a whole fight (every decision, and the end) the snapshot restores."""
    game = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, seed)
    seen: set[DecisionKind | None] = set()
    while True:
        data = game.snapshot_data()
        assert data is not None
        fresh = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, seed)
        again = fresh.restored(copy.deepcopy(data), list(game.record))
        assert first_difference(data, again.snapshot_data()) is None
        assert again.snapshot() == game.snapshot()
        if game.over:
            break
        seen.add(game.decisions()[0].kind)
        game.apply(choose_command(game))
    assert {DecisionKind.TURN, DecisionKind.ORDER} <= seen and game.over


def test_issue13_the_fights_seen_ask_every_decision_the_quick_rules_have() -> None:
    """The seeds above include OUTCOME decisions (Q-DEFEAT-2) besides ORDER and TURN."""
    kinds = set()
    for seed in (0, 3):
        game = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, seed)
        while not game.over:
            kinds.add(game.decisions()[0].kind)
            game.apply(choose_command(game))
    assert kinds == {DecisionKind.TURN, DecisionKind.ORDER, DecisionKind.OUTCOME}


def test_issue13_a_restored_game_plays_on_as_the_original(long_match: Match) -> None:
    """After a long kept-going record, the restored game and the original give the same events."""
    game = full_replay(long_match.seed, long_match.commands)
    data = game.snapshot_data()
    fresh = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, long_match.seed)
    again = fresh.restored(data, list(game.record))
    for _ in range(60):
        if game.over:
            break
        command = choose_command(game)
        assert texts(again.apply(command)) == texts(game.apply(command))
    assert_same(again, game, "after playing on")


def test_issue13_scripted_dice_give_no_snapshot() -> None:
    """A game whose dice are scripted cannot hold them as data: its saves replay."""
    from game.board.dice import RandomRoller

    class Scripted(RandomRoller):
        pass

    game = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, 1, roller=Scripted(1))
    assert game.snapshot_data() is None


def test_issue13_the_snapshot_covers_every_attribute_of_the_game(saved_match: Match) -> None:
    """A new attribute of the game or a creature without a place in the snapshot fails here."""
    game = saved_match.battle
    assert set(vars(game)) == COVERED | STATIC
    for creature in game.creatures.values():
        assert set(vars(creature)) == CREATURE_COVERED | CREATURE_STATIC
    data = game.snapshot_data()
    assert data is not None and set(data) == {"state", "dice", "log"}  # roller, log
    assert set(data["state"]) == COVERED - {"roller", "record", "log"}  # record: the save's
    assert set(data["state"]["creatures"][0]) == CREATURE_COVERED | {"key"}
    # what checkpoint copies is what the snapshot holds: not one attribute more
    _, _, frozen = game.checkpoint()
    shared = {id(value) for value in game._shared().values()}
    copied = {name for name, value in vars(frozen).items() if id(value) not in shared}
    assert copied == COVERED


# ---------------------------------------------------------------------- tampering
def _creature(document: dict[str, Any], index: int) -> dict[str, Any]:
    found: dict[str, Any] = document["resume"]["game"]["state"]["creatures"][index]
    return found


def test_issue13_tampered_life_points_in_save_and_snapshot_lose_to_the_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """Both the save's state and the snapshot say other LP: the load uses them, the replay wins."""
    path = save_of(saved_match, tmp_path)

    def tamper(document: dict[str, Any]) -> None:
        document["snapshot"]["creatures"][0]["lp"] += 3
        _creature(document, 0)["lp"] += 3

    edit_save(path, tamper)
    loaded = load(path)
    first = next(iter(loaded.match.battle.creatures.values()))
    assert first.lp == next(iter(saved_match.battle.creatures.values())).lp + 3
    loaded.match.settle()
    assert loaded.verifier is not None and loaded.verifier.replay_won
    assert loaded.verifier.difference is not None and ".lp" in loaded.verifier.difference
    reference = full_replay(saved_match.seed, saved_match.commands)
    assert_same(loaded.match.battle, reference, "after the replay won")


@pytest.mark.parametrize("which", ["saved", "long"])
def test_issue13_tampering_the_save_state_does_not_show_is_caught(
    saved_match: Match, long_match: Match, tmp_path: Path, which: str
) -> None:
    """Wehrlos for a repetition and a log line (not in the save's state) changed: the replay
    wins, in both layouts of a save (one document, lines)."""
    match = saved_match if which == "saved" else long_match
    path = save_of(match, tmp_path)
    was = list(match.battle.creatures.values())[1].wehrlos_for_repeat

    def tamper(document: dict[str, Any]) -> None:
        _creature(document, 1)["wehrlos_for_repeat"] = not was
        log = document["resume"]["game"]["log"]
        log[-1] = {**log[-1], "de": "gefälscht"}

    edit_save(path, tamper)
    loaded = load(path)
    assert loaded.match.replayed == 0 and loaded.verifier is not None
    battle = loaded.match.battle
    assert list(battle.creatures.values())[1].wehrlos_for_repeat is not was
    assert battle.log[-1].de == "gefälscht"
    play(loaded.match, 1)  # the check goes on meanwhile; the replay gets the command too
    assert not loaded.verifier.done
    loaded.match.settle()
    assert loaded.verifier.done and loaded.verifier.replay_won
    assert len(loaded.match.commands) == len(match.commands) + 1
    reference = full_replay(match.seed, loaded.match.commands)
    assert_same(loaded.match.battle, reference, "after the replay won and one more command")


def test_issue13_a_snapshot_unlike_the_save_state_is_not_used(
    saved_match: Match, tmp_path: Path
) -> None:
    """Only the snapshot's LP changed: it differs from the save's state, the record replays."""
    path = save_of(saved_match, tmp_path)
    edit_save(path, lambda document: _creature(document, 2).update(lp=99))
    loaded = load(path)
    assert loaded.verifier is None
    assert loaded.match.replayed == len(saved_match.commands)
    assert any("quick-load snapshot is not usable" in w for w in loaded.warnings)
    assert_same(loaded.match.battle, full_replay(saved_match.seed, saved_match.commands), "")


Edit = Callable[[dict[str, Any]], Any]


def _state(change: Callable[[dict[str, Any]], Any]) -> Edit:
    return lambda game: change(game["state"])


def _first(change: Callable[[dict[str, Any]], Any]) -> Edit:
    return lambda game: change(game["state"]["creatures"][0])


def _enemy(change: Callable[[dict[str, Any]], Any]) -> Edit:
    return lambda game: change(game["state"]["creatures"][-1])


HOSTILE: list[tuple[str, Edit, str]] = [
    ("lp as text", _first(lambda c: c.update(lp="12")), ".creatures[0].lp"),
    ("lp as true", _first(lambda c: c.update(lp=True)), ".creatures[0].lp"),
    ("an enemy below 0 LP", _enemy(lambda c: c.update(lp=-3)), ".creatures[9].lp"),
    ("a huge LP", _first(lambda c: c.update(lp=10**30)), ".creatures[0].lp"),
    ("a cell off the map", _first(lambda c: c.update(cell=[-1, 0])), ".creatures[0].cell"),
    ("a cell far off", _first(lambda c: c.update(cell=[0, 10**6])), ".creatures[0].cell"),
    ("a cell of floats", _first(lambda c: c.update(cell=[1.0, 2.0])), ".creatures[0].cell"),
    ("an unknown creature key", _first(lambda c: c.update(key="x")), ".creatures[0].key"),
    ("a creature missing", _state(lambda s: s["creatures"].pop()), ".creatures"),
    ("an unknown state key", _state(lambda s: s.update(extra=1)), ".state"),
    ("a state key missing", _state(lambda s: s.pop("impulse")), ".state"),
    ("an unknown creature field", _first(lambda c: c.update(mood="x")), ".creatures[0]"),
    ("a negative round", _state(lambda s: s.update(round=-1)), ".round"),
    ("a negative Impuls", _state(lambda s: s.update(impulse=-5)), ".impulse"),
    ("an unknown current", _state(lambda s: s.update(current="nobody")), ".current"),
    ("a current of a number", _state(lambda s: s.update(current=3)), ".current"),
    ("an unknown winner", _state(lambda s: s.update(winner="aliens")), ".winner"),
    ("an unknown in remaining", _state(lambda s: s.update(remaining=["x"])), ".remaining[0]"),
    ("an outcome of one", _state(lambda s: s.update(outcomes=[["lara"]])), ".outcomes[0]"),
    ("a block twice", _state(lambda s: s["order"].update(after=s["order"]["enemies"])), ".order"),
    ("an unknown condition", _first(lambda c: c.update(held={"Frech": 1})), ".held.Frech"),
    ("a zero count", _first(lambda c: c.update(held={"Liegend": 0})), ".held.Liegend"),
    ("a once condition twice", _first(lambda c: c.update(held={"Liegend": 2})), ".state"),
    ("an unknown damage type", _first(lambda c: c.update(saves={"Liegend": "Witz"})), ".saves"),
    ("an unknown weapon", _first(lambda c: c.update(loaded={"laser": True})), ".loaded"),
    ("a thrown text", _first(lambda c: c.update(thrown="all")), ".thrown"),
    ("an initiative die of 21", _first(lambda c: c["initiative"].update(dice=[21])), ".dice"),
    ("an unknown crit", _first(lambda c: c["initiative"].update(crit="BIG")), ".crit"),
    ("an unknown action", _state(lambda s: s["turn"].update(spent=[["FLY", "HALF"]])), ".spent"),
    ("a negative extra half", _state(lambda s: s["turn"].update(extra_halves=-1)), ".extra"),
    ("acted as 1", _state(lambda s: s.update(acted=1)), ".acted"),
    ("dice of a stranger", lambda game: game.update(dice={"~t": [3, [1], None]}), ".dice"),
    ("a log of text", lambda game: game.update(log="long"), ".log"),
    ("a bad log entry", lambda game: game["log"].append({"kind": 1}), ".log["),
    ("no state", lambda game: game.pop("state"), "$"),
    ("a tag beside keys", _state(lambda s: s.update({"~t": []})), ".state"),
]


@pytest.mark.parametrize(
    ("change", "where"), [(h[1], h[2]) for h in HOSTILE], ids=[h[0] for h in HOSTILE]
)
def test_issue13_hostile_snapshot_values_are_refused_with_their_path(
    saved_match: Match, change: Edit, where: str
) -> None:
    """Wrong types, unknown keys, cells off the map, negative numbers: SnapshotError, no crash."""
    data = saved_match.battle.snapshot_data()
    assert data is not None
    data = copy.deepcopy({**data, "log": list(data["log"])})  # the log as a save reads it
    change(data)
    fresh = QUICK.new_game(PREPARED.setup, PREPARED.catalogue, saved_match.seed)
    with pytest.raises(SnapshotError) as raised:
        fresh.restored(data, list(saved_match.commands))
    assert where in raised.value.where, raised.value


IN_SAVES = [
    h
    for h in HOSTILE
    if h[0]
    in {
        "lp as text",
        "a cell off the map",
        "an unknown creature key",
        "a negative round",
        "an unknown current",
        "an unknown condition",
        "dice of a stranger",
        "a bad log entry",
    }
]


@pytest.mark.parametrize(
    ("change", "where"), [(h[1], h[2]) for h in IN_SAVES], ids=[h[0] for h in IN_SAVES]
)
def test_issue13_a_hostile_snapshot_in_a_save_loads_by_replay_with_a_note(
    saved_match: Match, tmp_path: Path, change: Edit, where: str
) -> None:
    """The loader turns the SnapshotError into a note naming where, and replays the record."""
    path = save_of(saved_match, tmp_path)
    edit_save(path, lambda document: change(document["resume"]["game"]))
    loaded = load(path)
    assert loaded.verifier is None
    assert loaded.match.replayed == len(saved_match.commands)
    notes = [w for w in loaded.warnings if "quick-load snapshot is not usable" in w]
    assert len(notes) == 1 and where in notes[0] and "Traceback" not in notes[0]
    assert_same(loaded.match.battle, full_replay(saved_match.seed, saved_match.commands), "")


# ---------------------------------------------------------------------- undo, redo
def test_issue13_undo_and_redo_after_a_snapshot_load_match_a_full_replay(
    saved_match: Match, long_match: Match, tmp_path: Path
) -> None:
    """Undo finishes the verification, whose replay left checkpoints; redo gives it back."""
    for match in (saved_match, long_match):
        loaded = load(save_of(match, tmp_path))
        played = loaded.match
        commands = list(match.commands)
        played.undo()
        assert loaded.verifier is not None and loaded.verifier.done
        assert not loaded.verifier.replay_won and played.replayed < SPACING
        assert_same(played.battle, full_replay(match.seed, commands[:-1]), "after undo")
        played.undo()
        assert_same(played.battle, full_replay(match.seed, commands[:-2]), "after two undos")
        played.redo()
        played.redo()
        assert_same(played.battle, full_replay(match.seed, commands), "after redo")
        play(played, 10)
        reference = full_replay(match.seed, played.commands)
        assert_same(played.battle, reference, "after playing on")
