"""Loading a Genesis save from its snapshot (issue 13, "Long fights"): at once, and verified.

A save carries ``resume`` (the game's ``snapshot_data`` and the log marks): the load
restores the match from it applying no command, then a ``Verifier`` replays the record,
which stays the truth. Compared are the save's state (``snapshot``), the log and the whole
snapshot (every fighter field, this KR's hits, answers, dodges, the dice stream), after
the load, after playing on, after undo and redo, at every kind of decision.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.match.record import Match, first_difference
from game.match.save_lines import JsonLines
from game.match.save_reading import LoadedSave
from game.match.saves import MissionRef, OpenedMission, SaveError, load_save, write_save
from game.match.snapshot_codec import SnapshotError
from game.missions.simulate import prepared_mission
from game.rulesets import RULESETS
from game.rulesets.genesis.engine import GenesisGame
from game.rulesets.genesis.policy import choose_command
from game.rulesets.genesis.ruleset import GENESIS
from game.rulesets.genesis.snapshot_data import _FIGHTER, _FIGHTER_CHECKS, STATE
from tests.save_files import edit_save

MAPS = Path(__file__).resolve().parents[3] / "maps"
HASH = "cd" * 32
#: What a snapshot holds besides the state attributes of ``STATE``.
OWN = {"roller", "record", "log"}
#: What a game shares with its checkpoints and a restored game takes from the fresh one:
#: set up once from the mission (``GenesisGame._shared``; ``sides`` a tuple of its keys).
STATIC = {"setup", "catalogue", "grid", "kinds", "names", "sides"}
#: A cache the game finds again when asked (the fight clusters of the fields now).
DERIVED = {"_cluster_cache"}


@functools.cache
def mission(name: str, tough: bool = False) -> tuple[Any, Any]:
    """Return a bundled mission's set-up and catalogue (``tough``: 20 times the LE)."""
    prepared = prepared_mission(MAPS / f"{name}.toml")
    setup = prepared.setup
    if tough:  # a long fight: a save of more than 500 commands is written in lines
        fighters = []
        for f in setup.fighters:
            kind = f.own or prepared.catalogue.fighters[f.fighter]
            fighters.append(dataclasses.replace(f, own=dataclasses.replace(kind, le=kind.le * 20)))
        setup = dataclasses.replace(setup, fighters=tuple(fighters))
    return setup, prepared.catalogue


def play(m: Match, steps: int) -> None:
    for _ in range(steps):
        if m.battle.over:
            return
        m.apply(choose_command(m.battle))


def played(name: str, seed: int, steps: int, *, tough: bool = False) -> Match:
    setup, catalogue = mission(name, tough)
    m = Match(GENESIS, setup, catalogue, seed=seed)
    play(m, steps)
    return m


def full_replay(m: Match, commands: Any = None) -> GenesisGame:
    """Return a game that applied the match's commands (or ``commands``) from the seed."""
    replay = Match(GENESIS, m.setup, m.catalogue, m.seed, commands=tuple(commands or m.commands))
    game: GenesisGame = replay.battle
    return game


def log_of(game: GenesisGame) -> list[dict[str, Any]]:
    return [event.to_dict() for event in game.log]


def assert_same(game: GenesisGame, reference: GenesisGame, when: str) -> None:
    """The save's state, the log and the whole snapshot are the reference's."""
    assert game.snapshot() == reference.snapshot(), when
    assert log_of(game) == log_of(reference), when
    assert len(game.record) == len(reference.record), when
    where = first_difference(reference.snapshot_data(), game.snapshot_data())
    assert where is None, f"{when}: {where}"


def plain(data: dict[str, Any]) -> Any:
    """Return a snapshot as a save's JSON reads back (its log lines as plain lists)."""
    as_lists = {k: list(v) if isinstance(v, JsonLines) else v for k, v in data.items()}
    return json.loads(json.dumps(as_lists))


def save_of(m: Match, folder: Path) -> Path:
    return write_save(m, folder, "genesis", MissionRef("genesis.toml", HASH))


def load(path: Path, m: Match, *, later: bool = True) -> LoadedSave:
    opened = OpenedMission(m.setup, m.catalogue, HASH, GENESIS)
    return load_save(path, lambda _: opened, RULESETS, verify_later=later)


@pytest.fixture(
    scope="module",
    params=[
        ("genesis-taverne", 5, 37, False),
        ("genesis-hohlweg", 3, 64, False),
        ("genesis-taverne", 4, 520, True),
    ],
    ids=["taverne-37", "hohlweg-64", "taverne-lines-520"],
)
def saved_match(request: pytest.FixtureRequest) -> Match:
    """A match in the middle of a KR; the third one's save is written in lines."""
    name, seed, steps, tough = request.param
    m = played(name, seed, steps, tough=tough)
    assert not m.battle.over and len(m.commands) == steps
    return m


# ---------------------------------------------------------------------- the load
def test_issue13_a_loaded_save_applies_no_command_and_equals_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """The load restores the game with 0 commands applied; it is the replay's, and plays on
    as the replay does; the verification ends with the snapshot exact."""
    loaded = load(save_of(saved_match, tmp_path), saved_match)
    assert loaded.verifier is not None and not loaded.verifier.done
    assert loaded.match.replayed == 0 and loaded.verifier.replayed == 0
    restored = loaded.match.battle
    reference = full_replay(saved_match)
    assert_same(restored, reference, "after the snapshot load")
    assert loaded.match.log_marks == saved_match.log_marks
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won
    assert loaded.verifier.replayed == len(saved_match.commands)
    assert loaded.match.battle is restored  # the snapshot was exact: the game plays on
    for _ in range(20):
        command = choose_command(reference)
        assert [e.to_dict() for e in loaded.match.apply(command)] == [
            e.to_dict() for e in reference.apply(command)
        ]
    assert_same(loaded.match.battle, reference, "after 20 more commands")


def test_issue13_the_restored_game_plays_on_as_the_replay_before_any_verification(
    saved_match: Match,
) -> None:
    """The next 20 commands of the policy give the same events on the snapshot's game."""
    game: GenesisGame = saved_match.battle
    fresh = GENESIS.new_game(saved_match.setup, saved_match.catalogue, saved_match.seed)
    restored = fresh.restored(plain(game.snapshot_data() or {}), list(saved_match.commands))
    reference = full_replay(saved_match)
    for _ in range(20):
        if reference.over:
            break
        command = choose_command(restored)
        assert command == choose_command(reference)
        events = [e.to_dict() for e in restored.apply(command)]
        assert events == [e.to_dict() for e in reference.apply(command)]
    assert_same(restored, reference, "after 20 commands on the restored game")


def test_issue13_a_save_of_a_fight_that_is_over_loads_from_its_snapshot(tmp_path: Path) -> None:
    """The end of the fight (winner, no decision left) comes back from the snapshot too."""
    m = played("genesis-hohlweg", 7, 1_000)
    assert m.battle.over
    loaded = load(save_of(m, tmp_path), m)
    assert loaded.verifier is not None and loaded.match.replayed == 0
    game = loaded.match.battle
    assert game.over and game.winner == m.battle.winner and game.decisions() == ()
    assert_same(game, full_replay(m), "after loading the end")
    loaded.match.settle()
    assert loaded.verifier.done and not loaded.verifier.replay_won


# ---------------------------------------------------------------------- round trips
@pytest.mark.parametrize(
    ("name", "seed"),
    [
        ("genesis-taverne", 1),
        ("genesis-taverne", 8),
        ("genesis-hohlweg", 2),
        ("genesis-hohlweg", 6),
    ],
)
def test_issue13_snapshots_round_trip_at_every_decision_and_after_the_end(
    name: str, seed: int
) -> None:
    """At each kind of open decision (declaration, strike, defence, surplus) and after
    the fight is over, the restored game writes the very snapshot it was made from."""
    setup, catalogue = mission(name)
    m = Match(GENESIS, setup, catalogue, seed=seed)
    seen: set[str] = set()
    while True:
        game: GenesisGame = m.battle
        moment = "over" if game.over else game.phase
        if moment not in seen or len(m.commands) % 9 == 0:
            seen.add(moment)
            data = game.snapshot_data()
            assert data is not None
            for given in (data, plain(data)):
                fresh = GENESIS.new_game(setup, catalogue, seed)
                again = fresh.restored(given, list(m.commands)).snapshot_data()
                assert first_difference(data, again) is None, (len(m.commands), moment)
        if game.over:
            break
        m.apply(choose_command(game))
    assert {"declare", "strike", "defend", "over"} <= seen


def test_issue13_a_surplus_decision_round_trips() -> None:
    """The surplus AT waiting for its choice (G-SURPLUS-2/3/4) is in the snapshot."""
    setup, catalogue = mission("genesis-taverne")
    m = Match(GENESIS, setup, catalogue, seed=5)
    while m.battle.phase != "surplus":
        play(m, 1)
        assert not m.battle.over, "seed 5 reaches a surplus AT"
    data = m.battle.snapshot_data()
    fresh = GENESIS.new_game(setup, catalogue, 5)
    restored = fresh.restored(plain(data), list(m.commands))
    assert restored.surplus == m.battle.surplus and restored.decisions() == m.battle.decisions()
    assert first_difference(data, restored.snapshot_data()) is None


def test_issue13_scripted_dice_give_no_snapshot() -> None:
    """A game on scripted dice cannot hold its dice as data: its saves replay."""
    from game.board.dice import ScriptedRoller

    setup, catalogue = mission("genesis-taverne")
    game = GENESIS.new_game(
        setup, catalogue, 1, roller=ScriptedRoller([(i * 37) % 100 + 1 for i in range(400)])
    )
    assert game.snapshot_data() is None


# ---------------------------------------------------------------------- the guard
def test_issue13_the_snapshot_covers_every_attribute_of_the_game() -> None:
    """Every attribute is in the snapshot, shared static data or a cache: a new attribute
    without a snapshot breaks this test (a restored game would play on differently)."""
    m = played("genesis-taverne", 5, 40)
    game: GenesisGame = m.battle
    assert set(vars(game)) == set(STATE) | OWN | STATIC | DERIVED
    assert not set(STATE) & (OWN | STATIC | DERIVED)
    shared = game._shared()
    assert {n for n in vars(game) if id(getattr(game, n)) in shared} == STATIC - {"sides"}
    assert set(_FIGHTER_CHECKS) == set(_FIGHTER)  # every fighter field is checked on load
    data = game.snapshot_data()
    assert data is not None and set(data) == set(STATE) | {"dice", "log"}
    assert {f["key"] for f in data["fighters"]} == set(game.fighters)
    assert set(data["fighters"][0]) == set(_FIGHTER)


# ---------------------------------------------------------------------- tampering
def _le_up(part: dict[str, Any]) -> None:
    part["le"] += 7


def test_issue13_tampered_life_points_in_snapshot_and_save_are_caught_by_the_verifier(
    saved_match: Match, tmp_path: Path
) -> None:
    """Both the save's state and the snapshot say other LE: the load uses them, the
    verification finds the difference, the replay wins; verified at once it is refused."""
    path = save_of(saved_match, tmp_path)

    def tamper(document: dict[str, Any]) -> None:
        _le_up(document["snapshot"]["fighters"][0])
        _le_up(document["resume"]["game"]["fighters"][0])

    edit_save(path, tamper)
    loaded = load(path, saved_match)
    key = next(iter(saved_match.battle.fighters))
    assert loaded.match.battle.fighters[key].le == saved_match.battle.fighters[key].le + 7
    loaded.match.settle()
    assert loaded.verifier is not None and loaded.verifier.replay_won
    assert (
        loaded.verifier.difference is not None and ".fighters[0].le" in loaded.verifier.difference
    )
    assert_same(loaded.match.battle, full_replay(saved_match), "after the replay won")
    with pytest.raises(SaveError, match=r"snapshot"):
        load(path, saved_match, later=False)


def test_issue13_a_tampered_hidden_field_is_caught_and_the_replay_wins(
    saved_match: Match, tmp_path: Path
) -> None:
    """A value only the snapshot holds (the next hit's number) loads, then the replay wins."""
    path = save_of(saved_match, tmp_path)

    def tamper(document: dict[str, Any]) -> None:
        document["resume"]["game"]["next_hit"] += 5

    edit_save(path, tamper)
    loaded = load(path, saved_match)
    assert loaded.match.battle.next_hit == saved_match.battle.next_hit + 5
    loaded.match.settle()
    assert loaded.verifier is not None and loaded.verifier.replay_won
    assert str(loaded.verifier.difference).startswith("$.resume.game.next_hit ")
    assert_same(loaded.match.battle, full_replay(saved_match), "after the replay won")
    now = load(path, saved_match, later=False)  # the CLI: verified at once, with a note
    assert now.verifier is not None and now.verifier.replay_won
    assert any("differs" in w for w in now.warnings)


def test_issue13_a_snapshot_unlike_the_save_state_is_not_used(
    saved_match: Match, tmp_path: Path
) -> None:
    """Other LE in the snapshot only: it differs from the save's state, the record replays."""
    path = save_of(saved_match, tmp_path)
    edit_save(path, lambda document: _le_up(document["resume"]["game"]["fighters"][0]))
    loaded = load(path, saved_match)
    assert loaded.verifier is None and loaded.match.replayed == len(saved_match.commands)
    assert any("its state differs at $.snapshot.fighters[0].le" in w for w in loaded.warnings)
    assert_same(loaded.match.battle, saved_match.battle, "after the replay")


def _game(document: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = document["resume"]["game"]
    return game


def _fighter(document: dict[str, Any]) -> dict[str, Any]:
    fighter: dict[str, Any] = _game(document)["fighters"][0]
    return fighter


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: _game(document).__setitem__(key, value)


def _set_fighter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: _fighter(document).__setitem__(key, value)


def _extra_key(document: dict[str, Any]) -> None:
    _game(document)["cheat"] = 1


def _extra_fighter_key(document: dict[str, Any]) -> None:
    _fighter(document)["lp"] = 99


def _fewer_fighters(document: dict[str, Any]) -> None:
    _game(document)["fighters"].pop()


def _other_side(document: dict[str, Any]) -> None:
    _fighter(document)["side"] = "niemand"


def _empty_queue(document: dict[str, Any]) -> None:
    game = _game(document)
    game["phase"], game["queue"], game["over"] = "declare", [], False


def _unknown_answer(document: dict[str, Any]) -> None:
    _game(document)["answers"] = [[999, "pa", "hedda", True]]


def _unhashable_answer(document: dict[str, Any]) -> None:
    _game(document)["answers"] = [[[1], "pa", "hedda", True]]


def _bad_dodge(document: dict[str, Any]) -> None:
    _game(document)["dodge_rolls"] = [["hedda", "above", 40, False, 0]]


def _bad_path(document: dict[str, Any]) -> None:
    path = {"~t": [{"~t": [1, 1]}, {"~t": [-3, 2]}]}
    declared = {"attacks": 1.0, "defences": 1.0, "shift": False, "path": path}
    _fighter(document)["declared"] = {**declared, "leave": False, "swap_to": ""}


def _deep(document: dict[str, Any]) -> None:
    nested: Any = 1
    for _ in range(50):  # below the JSON reader's 64 levels, beyond the snapshot's 40
        nested = [nested]
    _game(document)["queue"] = nested


def _dice(document: dict[str, Any]) -> None:
    _game(document)["dice"] = {"~t": [3, {"~t": [-1] * 625}, None]}


def _marks(document: dict[str, Any]) -> None:
    document["resume"]["log_marks"].reverse()


@pytest.mark.parametrize(
    ("hostile", "where"),
    [
        (_set_fighter("le", "viel"), ".fighters[0].le"),
        (_set_fighter("ad", -4), ".fighters[0].ad"),
        (_set_fighter("attacks_left", -1.0), ".fighters[0].attacks_left"),
        (_set_fighter("cell", {"~t": [999, 0]}), ".fighters[0].cell"),
        (_set_fighter("cell", [3, 4]), ".fighters[0].cell"),
        (_set_fighter("weapon", "laserschwert"), ".fighters[0].weapon"),
        (_set_fighter("facing", "UP"), ".fighters[0].facing"),
        (_set_fighter("life", "undead"), ".fighters[0].life"),
        (_set_fighter("shares", {"~t": [1.0]}), ".fighters[0].shares"),
        (_set_fighter("gone", ["nichts"]), ".fighters[0].gone[0]"),
        (_bad_path, ".fighters[0].declared.path[1]"),
        (_other_side, ".fighters[0].side"),
        (_extra_fighter_key, ".fighters[0]"),
        (_fewer_fighters, ".fighters"),
        (_extra_key, "$.resume.game"),
        (_set("queue", ["niemand"]), ".queue[0]"),
        (_set("ini_order", ["hedda", "hedda"]), ".ini_order"),
        (_set("kr", 0), ".kr"),
        (_set("kr", True), ".kr"),
        (_set("phase", "party"), ".phase"),
        (_set("winner", 7), ".winner"),
        (_set("hits", "all"), ".hits"),
        (_set("auto", ["soeldner", "zecher", "zecher"]), ".auto"),
        (_set("throws", {"niemand": 1}), ".throws.niemand"),
        (_set("melee_attackers", {"hedda": ["niemand"]}), ".melee_attackers.hedda[0]"),
        (_set("surplus", [["hedda", "feather"]]), ".surplus[0][1]"),
        (_set("defence_order", ["zecher"]), ".defence_order"),
        (_set("next_hit", -1), ".next_hit"),
        (_empty_queue, ".phase"),
        (_unknown_answer, ".answers[0][0]"),
        (_unhashable_answer, ".answers[0][0]"),
        (_bad_dodge, ".dodge_rolls[0][1]"),
        (_deep, ".queue"),
        (_dice, ".dice"),
        (_marks, ".log_marks"),
    ],
)
def test_issue13_a_hostile_snapshot_gives_a_note_and_the_replay_loads(
    tmp_path: Path, hostile: Callable[[dict[str, Any]], None], where: str
) -> None:
    """Wrong types, unknown keys and fighters, fields off the map, negative counts, an
    impossible decision: a note naming where, then the match loads by replay."""
    m = hostile_match()
    path = save_of(m, tmp_path)
    edit_save(path, hostile)
    loaded = load(path, m)
    assert loaded.verifier is None
    assert loaded.match.replayed == len(m.commands)
    assert_same(loaded.match.battle, m.battle, "after the fallback")
    notes = [w for w in loaded.warnings if "quick-load snapshot is not usable" in w]
    assert len(notes) == 1 and where in notes[0] and "Traceback" not in notes[0], notes


@functools.cache
def hostile_match() -> Match:
    """A taverne match in its DEFENCE phase (hits open: the hit lists are not empty)."""
    m = played("genesis-taverne", 5, 0)
    while m.battle.phase != "defend" or not m.battle.hits:
        play(m, 1)
    assert "hedda" in m.battle.fighters and set(m.battle.sides) == {"zecher", "soeldner"}
    return m


def test_issue13_restored_raises_only_snapshot_errors_on_a_mangled_snapshot() -> None:
    """Each part of the snapshot replaced by values of the wrong kind: a SnapshotError
    naming that part (or the open decision it leaves empty), never another exception."""
    m = hostile_match()
    data = plain(m.battle.snapshot_data() or {})
    wrong: list[Any] = [None, True, -1, 2.5, "x", [], {}, [None], {"~t": [1]}, {"~d": [[1, 2]]}]
    accepted = set()
    for name in data:
        for value in wrong:
            fresh = GENESIS.new_game(m.setup, m.catalogue, m.seed)
            try:
                fresh.restored({**data, name: value}, list(m.commands))
            except SnapshotError as error:
                ok = error.where.startswith(f"$.{name}") or (name, error.where) == (
                    "hits",
                    "$.phase",
                )
                assert ok, (name, value, error)
            else:
                accepted.add((name, json.dumps(value)))
    # nothing open, none waiting, the fight over, no winner: states a fight can be in (an
    # empty log is refused by the match: its log marks count the entries)
    empty = {"queue", "declared_order", "answers", "answer_order", "auto", "dodge_rolls"}
    empty |= {"megas", "surplus", "timeless", "ini_order", "log"}
    expected = {(n, "[]") for n in empty} | {("melee_attackers", "{}"), ("throws", "{}")}
    assert accepted == expected | {("over", "true"), ("winner", "null")}


# ---------------------------------------------------------------------- undo, redo
def test_issue13_undo_and_redo_after_a_snapshot_load_match_a_full_replay(
    saved_match: Match, tmp_path: Path
) -> None:
    """Undo finishes the verification, then takes back one command from a checkpoint;
    redo applies it again with the same dice; both as on a full replay."""
    loaded = load(save_of(saved_match, tmp_path), saved_match)
    m = loaded.match
    commands = saved_match.commands
    m.undo()
    assert loaded.verifier is not None and loaded.verifier.done
    assert not loaded.verifier.replay_won and m.replayed < 10
    assert_same(m.battle, full_replay(saved_match, commands[:-1]), "after undo")
    m.undo()
    assert_same(m.battle, full_replay(saved_match, commands[:-2]), "after two undos")
    m.redo()
    m.redo()
    assert_same(m.battle, full_replay(saved_match), "after redo")
    play(m, 15)
    assert_same(m.battle, full_replay(saved_match, m.commands), "after playing on")
