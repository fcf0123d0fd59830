"""Loading a WRS save from its snapshot (issue 13, "Long fights"): at once, and verified.

A save carries ``resume`` (the game's ``snapshot_data`` and the log marks): the load
restores the match from it applying no command, then a ``Verifier`` replays the record,
which stays the truth. Compared are the state, the log, the record, the grid, the dice
and the snapshot itself, after the load, after playing on, after undo and redo; a
tampered or hostile snapshot never changes the outcome.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.board.dice import ScriptedRoller
from game.match.commands import Command, CommandRejected
from game.match.decisions import DecisionKind
from game.match.record import Match, first_difference
from game.match.save_reading import LoadedSave
from game.match.saves import (
    LINES_FROM,
    MissionRef,
    OpenedMission,
    SaveError,
    load_save,
    write_save,
)
from game.match.snapshot_codec import SnapshotError
from game.missions.simulate import prepared_mission
from game.rulesets.wrs import commands as c
from game.rulesets.wrs.engine import WrsGame
from game.rulesets.wrs.policy import choose_command
from game.rulesets.wrs.ruleset import WRS
from game.rulesets.wrs.state import WrsSetup
from tests.save_files import edit_save

MAP = Path(__file__).resolve().parents[3] / "maps" / "wrs-lagerhalle.toml"
HASH = "7e" * 32
RULESETS = {WRS.key: WRS}

#: What a restored game takes from the snapshot (state, grid, dice, log) and the save (record).
COVERED = {
    "fighters",
    "first_order",
    "order",
    "round",
    "turn_index",
    "reactions",
    "over",
    "winner",
    "doors",
    "grid",
    "roller",
    "log",
    "record",
}
#: What a restored game takes from the fresh one: the same in every game of the set-up.
STATIC = {"setup", "catalogue", "kinds"}


@cache
def mission() -> tuple[WrsSetup, Any]:
    prepared = prepared_mission(MAP)
    assert isinstance(prepared.setup, WrsSetup)
    return prepared.setup, prepared.catalogue


def new_match(seed: int) -> Match:
    setup, catalogue = mission()
    return Match(WRS, setup, catalogue, seed)


def _door_command(game: WrsGame, rng: random.Random) -> Command | None:
    """Return a step towards a door field nearby, or opening / closing one next to the fighter."""
    key = game.current
    if key is None or game.reactions:
        return None
    me = game.fighters[key]
    for y, x in np.argwhere(game.grid.door).tolist():
        door = (int(x), int(y))
        apart = max(abs(door[0] - me.cell[0]), abs(door[1] - me.cell[1]))
        if apart <= 1:
            is_open = game.grid.is_door_open(door)
            return c.Door(key, cell=door, open=not is_open) if rng.random() < 0.6 else None
        if apart <= 4 and rng.random() < 0.8:
            path: list[tuple[int, int]] = []
            here = me.cell
            while len(path) < 3 and max(abs(door[0] - here[0]), abs(door[1] - here[1])) > 1:
                here = (here[0] + np.sign(door[0] - here[0]), here[1] + np.sign(door[1] - here[1]))
                path.append((int(here[0]), int(here[1])))
            return c.Step(key, tuple(path))
    return None


def _mixed_command(game: WrsGame, rng: random.Random, calm: float) -> Command:
    """Return a command of a varied fight: the policy's, doors, readiness, fewer attacks."""
    decision = game.decisions()[0]
    key = decision.creature or ""
    if decision.kind is DecisionKind.REACTION:
        return c.Pass(key) if rng.random() < 0.3 else choose_command(game)
    door = _door_command(game, rng)
    if door is not None:
        return door
    enemies = [k for k, s in game.fighters.items() if s.side != game.fighters[key].side]
    if game.fighters[key].actions_left == 2 and enemies and rng.random() < 0.12:
        return c.Ready(key, target=rng.choice(enemies))
    command = choose_command(game)
    if isinstance(command, c.Attack) and rng.random() < calm:
        return c.EndTurn(key)  # fewer wounds: the fight lasts longer
    return command


def play(match: Match, rng: random.Random, until: int, calm: float = 0.6) -> None:
    """Apply mixed commands until the record holds ``until`` commands or the fight is over."""
    while len(match.commands) < until and not match.battle.over:
        command = _mixed_command(match.battle, rng, calm)
        try:
            match.apply(command)
        except CommandRejected:
            match.apply(choose_command(match.battle))


def full_replay(seed: int, commands: Any) -> WrsGame:
    setup, catalogue = mission()
    return Match(WRS, setup, catalogue, seed, commands=tuple(commands)).battle


def plain(data: Any) -> Any:
    """Return ``data`` as the JSON a save holds (the log's lines read back as values)."""
    return json.loads(json.dumps(data, default=list))


def serialised(game: WrsGame) -> dict[str, Any]:
    """Return what two games must share to play on alike: state, log, record, grid, dice."""
    grid = game.grid
    layers = {n: v.tolist() for n, v in vars(grid).items() if isinstance(v, np.ndarray)}
    edges = {n: v.tolist() for n, v in vars(grid.edges).items() if isinstance(v, np.ndarray)}
    return {
        "state": game.snapshot(),
        "log": [event.to_dict() for event in game.log],
        "record": [command.to_dict() for command in game.record],
        "grid": [layers, edges, grid.version],
        "dice": game.roller._rng.getstate(),  # type: ignore[attr-defined]
        "data": plain(game.snapshot_data()),
    }


def assert_same(game: WrsGame, reference: WrsGame, when: str) -> None:
    where = first_difference(serialised(reference), serialised(game))
    assert where is None, f"{when}: differs at {where}"


def save_of(match: Match, folder: Path) -> Path:
    return write_save(match, folder, "fight", MissionRef(str(MAP), HASH))


def load(path: Path, *, later: bool = True) -> LoadedSave:
    setup, catalogue = mission()
    opened = OpenedMission(setup, catalogue, HASH, WRS)
    return load_save(path, lambda _: opened, RULESETS, verify_later=later)


@pytest.fixture(
    scope="module", params=[(11, 90, False), (12, LINES_FROM + 20, False), (14, 40, True)]
)
def saved_match(request: pytest.FixtureRequest) -> Match:
    """A mixed record (readiness and its reactions, attacks; 11: a door opened), a save in
    lines (``LINES_FROM``), a save while a readiness reaction is to be decided."""
    seed, length, reacting = request.param
    match = new_match(seed)
    play(match, random.Random(seed), length, calm=0.9)
    assert not match.battle.over and len(match.commands) == length
    if reacting:
        _play_until(match, seed, lambda game: game.reactions)
    return match


# ---------------------------------------------------------------------- loading
def test_issue13_a_loaded_wrs_snapshot_applied_no_command_and_equals_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """The load restores the match with 0 commands applied; it plays on as the replay does."""
    loaded = load(save_of(saved_match, tmp_path))
    assert loaded.verifier is not None and not loaded.verifier.done
    assert loaded.match.replayed == 0 and loaded.verifier.replayed == 0
    restored = loaded.match.battle
    reference = full_replay(saved_match.seed, saved_match.commands)
    assert_same(restored, reference, "after the snapshot load")
    assert [e.en for e in restored.log] == [e.en for e in reference.log]
    assert [e.de for e in restored.log] == [e.de for e in reference.log]
    assert loaded.match.log_marks == saved_match.log_marks
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won
    assert loaded.verifier.replayed == len(saved_match.commands)
    assert loaded.match.battle is restored  # verified: the restored game plays on
    for _ in range(20):
        if reference.over:
            break
        command = choose_command(reference)
        assert choose_command(restored) == command
        assert loaded.match.apply(command) == reference.apply(command)
    assert_same(restored, reference, "after 20 more commands")


def test_issue13_the_verifier_steps_a_few_commands_at_a_time(
    saved_match: Match, tmp_path: Path
) -> None:
    """The screen's slices: each step replays at most its count, then it is done."""
    loaded = load(save_of(saved_match, tmp_path))
    verifier = loaded.verifier
    assert verifier is not None
    assert verifier.step(5) is False and verifier.replayed == 5
    while not verifier.step(7):
        assert verifier.replayed % 7 == 5
    assert verifier.replayed == len(saved_match.commands) and not verifier.replay_won


def test_issue13_undo_and_redo_after_a_snapshot_load_match_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """Undo finishes the verification, then replays from its checkpoints; redo is exact."""
    loaded = load(save_of(saved_match, tmp_path))
    match, commands = loaded.match, saved_match.commands
    match.undo()
    assert loaded.verifier is not None and loaded.verifier.done
    assert not loaded.verifier.replay_won and match.replayed < 10
    assert_same(match.battle, full_replay(saved_match.seed, commands[:-1]), "after undo")
    for _ in range(3):
        match.undo()
    assert_same(match.battle, full_replay(saved_match.seed, commands[:-4]), "after 4 undos")
    for _ in range(4):
        match.redo()
    assert_same(match.battle, full_replay(saved_match.seed, commands), "after 4 redos")
    play(match, random.Random(5), len(commands) + 15)
    assert_same(match.battle, full_replay(saved_match.seed, match.commands), "after playing on")


def test_issue13_a_save_without_snapshot_still_loads_by_replaying(
    saved_match: Match, tmp_path: Path
) -> None:
    path = save_of(saved_match, tmp_path)
    edit_save(path, lambda document: document.pop("resume"))
    loaded = load(path)
    assert loaded.verifier is None and loaded.match.replayed == len(saved_match.commands)
    assert_same(loaded.match.battle, saved_match.battle, "after the replay")


# ---------------------------------------------------------------------- round trips
def _over(match: Match) -> None:
    play(match, random.Random(1), 10_000, calm=0.0)
    assert match.battle.over


def _play_until(match: Match, seed: int, reached: Any) -> None:
    """Play mixed commands until ``reached(game)`` (at most 500 commands)."""
    rng = random.Random(seed)
    while not reached(match.battle) and len(match.commands) < 500:
        play(match, rng, len(match.commands) + 1, calm=0.9)
    assert reached(match.battle)


def _reacting(match: Match) -> None:
    _play_until(match, 2, lambda game: game.reactions)
    assert match.battle.decisions()[0].kind is DecisionKind.REACTION


def _door_open(match: Match) -> None:
    _play_until(match, 3, lambda game: any(game.doors.values()))
    assert match.battle.grid is not match.setup.grid


def _long(match: Match) -> None:
    play(match, random.Random(4), 700, calm=0.97)


@pytest.mark.parametrize(
    ("seed", "reach"),
    [
        (1, lambda match: None),  # no command yet: the initiative only
        (2, lambda match: play(match, random.Random(9), 1)),
        (3, _over),
        (4, _reacting),
        (5, _door_open),
        (6, _long),
        (7, lambda match: play(match, random.Random(7), 33)),
    ],
)
def test_issue13_wrs_snapshots_round_trip_onto_a_fresh_game(seed: int, reach: Any) -> None:
    """``restored(snapshot_data)`` writes the same snapshot and plays on alike."""
    match = new_match(seed)
    doors_at_start = match.setup.grid.door_open.copy()
    reach(match)
    game: WrsGame = match.battle
    data = game.snapshot_data()
    assert data is not None
    setup, catalogue = mission()
    back = WRS.new_game(setup, catalogue, seed).restored(plain(data), game.record)
    assert first_difference(data, back.snapshot_data()) is None
    assert_same(back, game, "after the round trip")
    for _ in range(10):
        if game.over:
            assert back.decisions() == ()
            break
        command = choose_command(game)
        assert back.apply(command) == game.apply(command)
    assert_same(back, game, "after playing on")
    assert (setup.grid.door_open == doors_at_start).all()  # the set-up's map never changes


@pytest.mark.rule("W-SURP-2")
@pytest.mark.parametrize("length", [0, 3, 12])
def test_issue13_a_surprise_round_round_trips(length: int) -> None:
    """Round 1 in the surprisers' order, later rounds in everyone's: both orders come back."""
    setup, catalogue = mission()
    surprise = dataclasses.replace(setup, surprisers=("wache",))
    game = WRS.new_game(surprise, catalogue, 21)
    for _ in range(length):
        game.apply(choose_command(game))
    assert game.first_order != game.order
    back = WRS.new_game(surprise, catalogue, 21).restored(plain(game.snapshot_data()), game.record)
    assert first_difference(game.snapshot_data(), back.snapshot_data()) is None
    for _ in range(10):
        command = choose_command(game)
        assert back.apply(command) == game.apply(command)
    assert_same(back, game, "after playing on")


def test_issue13_scripted_dice_take_no_snapshot() -> None:
    """Scripted dice are no stream of data: the save replays its record."""
    setup, catalogue = mission()
    game = WRS.new_game(setup, catalogue, 1, roller=ScriptedRoller(range(1, 101)))
    assert game.snapshot_data() is None


def test_issue13_the_snapshot_covers_every_attribute_of_a_wrs_game() -> None:
    """A new attribute of ``WrsGame`` must join the snapshot (or be static): this breaks."""
    match = new_match(8)
    play(match, random.Random(8), 30)
    game: WrsGame = match.battle
    assert set(vars(game)) == COVERED | STATIC
    assert {id(part) for part in game._shared().values()} == {
        id(getattr(game, name)) for name in STATIC | {"grid"}
    }  # the grid is shared only until a door changes it: the snapshot holds it then
    assert set(game.snapshot()) == COVERED - {"grid", "roller", "log", "record"}


# ---------------------------------------------------------------------- tampering
def _fighter_index(match: Match) -> int:
    """Return the first fighter still standing (a change of its wounds shows in play)."""
    fighters = match.battle.snapshot()["fighters"]
    return next((i for i, f in enumerate(fighters) if f["wounds"] == 0), 0)


def test_issue13_tampered_wounds_in_snapshot_and_save_lose_to_the_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """Both the save's state and the snapshot's say other wounds: the replay wins."""
    path = save_of(saved_match, tmp_path)
    index = _fighter_index(saved_match)

    def tamper(document: dict[str, Any]) -> None:
        document["snapshot"]["fighters"][index]["wounds"] += 3
        document["resume"]["game"]["state"]["fighters"][index]["wounds"] += 3

    edit_save(path, tamper)
    loaded = load(path)
    assert loaded.match.replayed == 0 and loaded.verifier is not None
    wounds = saved_match.battle.snapshot()["fighters"][index]["wounds"]
    assert loaded.match.battle.snapshot()["fighters"][index]["wounds"] == wounds + 3
    loaded.match.settle()
    assert loaded.verifier.replay_won and ".state.fighters" in str(loaded.verifier.difference)
    reference = full_replay(saved_match.seed, saved_match.commands)
    assert_same(loaded.match.battle, reference, "after the replay won")
    with pytest.raises(SaveError, match=r"snapshot"):
        load(path, later=False)  # the CLI verifies at once: the save's state is refused


def _dice_word(document: dict[str, Any]) -> None:
    words = document["resume"]["game"]["dice"]["~t"][1]["~t"]
    words[5] = (words[5] + 1) % 2**32


def _log_text(document: dict[str, Any]) -> None:
    document["resume"]["game"]["log"][-1]["en"] = "forged"


@pytest.mark.parametrize(("tamper", "where"), [(_dice_word, ".dice"), (_log_text, ".log[")])
def test_issue13_a_tampered_snapshot_part_is_caught_by_the_verifier(
    saved_match: Match, tmp_path: Path, tamper: Any, where: str
) -> None:
    """Dice or log changed in the snapshot alone: it loads, then the replay wins."""
    path = save_of(saved_match, tmp_path)
    edit_save(path, tamper)
    loaded = load(path)
    assert loaded.match.replayed == 0 and loaded.verifier is not None
    loaded.match.settle()
    assert loaded.verifier.replay_won and where in str(loaded.verifier.difference)
    reference = full_replay(saved_match.seed, saved_match.commands)
    assert_same(loaded.match.battle, reference, "after the replay won")
    now = load(path, later=False)
    assert now.verifier is not None and now.verifier.replay_won
    assert any("differs" in w for w in now.warnings)


def _state(data: dict[str, Any]) -> dict[str, Any]:
    return data["state"]


def _fighter(data: dict[str, Any], name: str, value: Any) -> None:
    _state(data)["fighters"][0][name] = value


HOSTILE: list[tuple[str, Any]] = [
    ("$", lambda d: d.pop("dice")),
    ("$", lambda d: d.update(extra=1)),
    ("$.state", lambda d: d.update(state=[1, 2])),
    ("$.state", lambda d: _state(d).update(more=1)),
    ("$.state", lambda d: _state(d).update(round={"~t": 5})),
    ("$.state.fighters", lambda d: _state(d)["fighters"].pop()),
    ("$.state.fighters", lambda d: _state(d)["fighters"].append({})),
    ("$.state.fighters[0]", lambda d: _fighter(d, "key", "nobody")),
    ("$.state.fighters[0]", lambda d: _fighter(d, "side", "b")),
    ("$.state.fighters[0]", lambda d: _fighter(d, "hp", 3)),
    ("$.state.fighters[0]", lambda d: _state(d)["fighters"][0].pop("wounds")),
    ("$.state.fighters[0]", lambda d: _state(d)["fighters"].reverse()),
    ("$.state.fighters[0].wounds", lambda d: _fighter(d, "wounds", -1)),
    ("$.state.fighters[0].wounds", lambda d: _fighter(d, "wounds", True)),
    ("$.state.fighters[0].wounds", lambda d: _fighter(d, "wounds", 2.0)),
    ("$.state.fighters[0].wounds", lambda d: _fighter(d, "wounds", "3")),
    ("$.state.fighters[0].wounds", lambda d: _fighter(d, "wounds", 10**30)),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", "1/0")),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", "-2")),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", "2/4")),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", "lots")),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", 3)),
    ("$.state.fighters[0].armour", lambda d: _fighter(d, "armour", "9" * 5000)),
    ("$.state.fighters[0].cell", lambda d: _fighter(d, "cell", [99, 99])),
    ("$.state.fighters[0].cell", lambda d: _fighter(d, "cell", [-1, 3])),
    ("$.state.fighters[0].cell", lambda d: _fighter(d, "cell", [True, 3])),
    ("$.state.fighters[0].cell", lambda d: _fighter(d, "cell", [1])),
    ("$.state.fighters[0].cell", lambda d: _fighter(d, "cell", "1,2")),
    ("$.state.fighters[0].facing", lambda d: _fighter(d, "facing", "UP")),
    ("$.state.fighters[0].actions_left", lambda d: _fighter(d, "actions_left", 3)),
    ("$.state.fighters[0].actions_left", lambda d: _fighter(d, "actions_left", -1)),
    ("$.state.fighters[0].ready", lambda d: _fighter(d, "ready", 1)),
    ("$.state.fighters[0].ready_target", lambda d: _fighter(d, "ready_target", "nobody")),
    ("$.state.fighters[0].ready_cells", lambda d: _fighter(d, "ready_cells", [[1, "2"]])),
    ("$.state.fighters[0].drawn", lambda d: _fighter(d, "drawn", [1])),
    ("$.state.order", lambda d: _state(d)["order"].append("nobody")),
    ("$.state.order", lambda d: _state(d)["order"].pop()),
    ("$.state.order", lambda d: _state(d).update(order=_state(d)["order"][:1] * 8)),
    ("$.state.first_order", lambda d: _state(d).update(first_order="all")),
    ("$.state.reactions", lambda d: _state(d).update(reactions=["nobody"])),
    ("$.state.round", lambda d: _state(d).update(round=0)),
    ("$.state.round", lambda d: _state(d).update(round="2")),
    ("$.state.turn_index", lambda d: _state(d).update(turn_index=99)),
    ("$.state.turn_index", lambda d: _state(d).update(turn_index=-1)),
    ("$.state.over", lambda d: _state(d).update(over="yes")),
    ("$.state.winner", lambda d: _state(d).update(winner="wache")),  # not over
    ("$.state.doors", lambda d: _state(d).update(doors={"99,99": True})),
    ("$.state.doors", lambda d: _state(d).update(doors={"5,5": True})),  # no door there
    ("$.state.doors", lambda d: _state(d).update(doors={"1,1|3,3": True})),
    ("$.state.doors", lambda d: _state(d).update(doors={"x": True})),
    ("$.state.doors.0,8", lambda d: _state(d).update(doors={"0,8": "open"})),
    ("$.state.doors", lambda d: _state(d).update(doors=[])),
    ("$.grid", lambda d: d.update(grid="x")),
    (
        "$.grid.layers",
        lambda d: d.update(
            grid={"layers": {"walls": 1}, "edges": {}, "version": 1, "any_blocking": False}
        ),
    ),
    ("$.dice", lambda d: d.update(dice=[1, 2, 3])),
    ("$.dice", lambda d: d.update(dice={"~t": [3, {"~t": [-1] * 625}, None]})),
    ("$.log", lambda d: d.update(log="x")),
    ("$.log[0]", lambda d: d.update(log=[{"kind": 1}])),
]


@pytest.mark.parametrize(("where", "change"), HOSTILE)
def test_issue13_hostile_wrs_snapshot_values_give_a_snapshot_error(where: str, change: Any) -> None:
    """Wrong types, unknown keys, fields off the map, negative numbers: SnapshotError there."""
    match = new_match(9)
    play(match, random.Random(9), 12)
    data = plain(match.battle.snapshot_data())
    change(data)
    setup, catalogue = mission()
    with pytest.raises(SnapshotError) as caught:
        WRS.new_game(setup, catalogue, 9).restored(data, match.battle.record)
    assert caught.value.where.startswith(where), caught.value


def test_issue13_a_hostile_snapshot_in_a_save_gives_a_note_and_the_replay_loads(
    saved_match: Match, tmp_path: Path
) -> None:
    """The loader turns a SnapshotError into a full replay, with a note naming where."""
    path = save_of(saved_match, tmp_path)
    edit_save(path, lambda document: _fighter(document["resume"]["game"], "wounds", -4))
    loaded = load(path)
    assert loaded.verifier is None and loaded.match.replayed == len(saved_match.commands)
    assert_same(loaded.match.battle, saved_match.battle, "after the fallback")
    notes = [w for w in loaded.warnings if "quick-load snapshot is not usable" in w]
    assert len(notes) == 1 and ".state.fighters[0].wounds" in notes[0]


def _leaves(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the paths of every value in ``value`` (JSON), the containers too."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _leaves(item, (*at, index))
    return found


def test_issue13_random_edits_of_a_wrs_snapshot_never_raise_anything_else() -> None:
    """Any value anywhere: SnapshotError, or a game that answers, plays and writes its snapshot."""
    match = new_match(10)
    play(match, random.Random(10), 60)
    original = plain(match.battle.snapshot_data())
    original["log"] = original["log"][:3]  # the log's checks are the shared ones
    record = match.battle.record
    setup, catalogue = mission()
    rng = random.Random(13)
    paths = [p for p in _leaves(original) if p]
    odd: list[Any] = [
        None,
        True,
        -1,
        0,
        1,
        2,
        10**20,
        1.5,
        "",
        "a",
        "0,8",
        [],
        [0, 0],
        {},
        {"~t": []},
    ]
    for _ in range(400):
        data = copy.deepcopy(original)
        path = rng.choice(paths)
        holder = data
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = rng.choice(odd)
        try:
            game = WRS.new_game(setup, catalogue, 10).restored(data, record)
        except SnapshotError:
            continue
        game.decisions()
        game.snapshot_data()
        if not game.over:  # the policy and the rules take it as any state
            with contextlib.suppress(CommandRejected):
                game.apply(choose_command(game))
