"""Saves: JSON with mission hash, seed, commands and snapshot; atomic; autosave x3; strict.

Given a match, a save on disk (sometimes damaged), the expected match or error.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.match import saves
from game.match.record import Match
from game.match.saves import (
    AUTOSAVE_NAMES,
    Autosaver,
    MissionRef,
    OpenedMission,
    SaveError,
    load_latest_autosave,
    load_save,
    read_save,
    save_path,
    write_save,
)
from game.rulesets import RULESETS
from game.rulesets.entaria.policy import choose_command
from game.rulesets.entaria.ruleset import ENTARIA
from tests.rulesets.entaria.helpers import CATALOGUE
from tests.rulesets.entaria.test_match import arena_setup, play

HASH = "ab" * 32
OTHER_HASH = "cd" * 32
MISSION = MissionRef("maps/arena.toml", HASH)


def opener(sha256: str = HASH) -> Callable[[str], OpenedMission]:
    """Return an ``open_mission`` that builds the arena whatever the path."""

    def open_mission(path: str) -> OpenedMission:
        return OpenedMission(arena_setup(), CATALOGUE, sha256, ENTARIA)

    return open_mission


def played(steps: int = 15, seed: int = 21) -> Match:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=seed)
    play(match, steps)
    return match


def document(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_save_and_load_give_the_same_match(tmp_path: Path) -> None:
    match = played()
    path = write_save(match, tmp_path, "erste Runde", MISSION)
    assert path == tmp_path.resolve() / "erste Runde.json"
    data = document(path)
    assert data["format"] == "kampfkarte-save" and data["version"] == 1
    assert data["mission"] == {"path": "maps/arena.toml", "sha256": HASH}
    assert data["seed"] == 21
    assert len(data["commands"]) == len(match.commands)
    loaded = load_save(path, opener(), RULESETS)
    assert loaded.warnings == []
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()
    assert loaded.match.commands == match.commands
    # and play goes on identically from both
    for _ in range(5):
        if match.battle.state.over:
            break
        command = choose_command(match.battle)
        match.apply(command)
        loaded.match.apply(command)
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()


def test_writing_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    match = played(5)
    write_save(match, tmp_path, "slot", MISSION)
    play(match, 5)
    path = write_save(match, tmp_path, "slot", MISSION)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json"]
    assert len(document(path)["commands"]) == len(match.commands)


def test_a_failed_write_keeps_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = played(5)
    path = write_save(match, tmp_path, "slot", MISSION)
    old = path.read_bytes()

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(saves.os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_save(played(9), tmp_path, "slot", MISSION)
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.json"]


def test_autosave_keeps_the_last_three(tmp_path: Path) -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=2)
    match.listeners.append(Autosaver(tmp_path, MISSION))
    play(match, 6)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == list(AUTOSAVE_NAMES)
    counts = [len(document(tmp_path / name)["commands"]) for name in AUTOSAVE_NAMES]
    total = len(match.commands)
    assert counts == [total, total - 1, total - 2]
    match.undo()
    assert len(document(tmp_path / AUTOSAVE_NAMES[0])["commands"]) == total - 1


def test_load_latest_autosave_falls_back_when_the_newest_is_truncated(tmp_path: Path) -> None:
    match = Match(ENTARIA, arena_setup(), CATALOGUE, seed=2)
    match.listeners.append(Autosaver(tmp_path, MISSION))
    play(match, 6)
    newest = tmp_path / AUTOSAVE_NAMES[0]
    newest.write_bytes(newest.read_bytes()[: newest.stat().st_size // 2])
    loaded = load_latest_autosave(tmp_path, opener(), RULESETS)
    assert len(loaded.match.commands) == len(match.commands) - 1
    assert any("autosave-1.json" in w and "truncated" in w for w in loaded.warnings)
    with pytest.raises(SaveError, match="truncated"):
        load_save(newest, opener(), RULESETS)


def test_load_latest_autosave_with_nothing_to_load(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no autosave"):
        load_latest_autosave(tmp_path, opener(), RULESETS)
    for name in AUTOSAVE_NAMES:
        (tmp_path / name).write_text("{", encoding="utf-8")
    with pytest.raises(SaveError, match="no autosave loads"):
        load_latest_autosave(tmp_path, opener(), RULESETS)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b'{"format": "kampfkarte-save", "version"', "truncated"),
        (b"\xff\xfe garbage", "not UTF-8"),
        (b"{]", "corrupted JSON"),
        (b"[1, 2]", r"\$: expected an object"),
        (b'{"a": 1, "a": 2}', "appears twice"),
    ],
)
def test_broken_files_give_clear_errors(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message) as caught:
        read_save(path, RULESETS)
    assert str(path) in str(caught.value)


def _edit(tmp_path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    path = write_save(played(8), tmp_path, "edited", MISSION)
    data = document(path)
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (lambda d: d.update(format="other"), "$.format", "not a Kampfkarte save"),
        (lambda d: d.update(version=3), "$.version", "newer Kampfkarte"),
        (lambda d: d.pop("seed"), "$.seed", "missing"),
        (lambda d: d.update(seed="7"), "$.seed", "whole number"),
        (lambda d: d.update(extra=1), "$", "unknown keys"),
        (lambda d: d["mission"].update(sha256="xyz"), "$.mission.sha256", "64 lowercase hex"),
        (lambda d: d["mission"].pop("path"), "$.mission", "exactly the keys"),
        (lambda d: d.update(commands={}), "$.commands", "list of commands"),
        (
            lambda d: d["commands"][1].update(kind="teleport_to_the_moon"),
            "$.commands[1]",
            "unknown command kind",
        ),
        (lambda d: d["commands"][0].update(actor=3), "$.commands[0]", "expected text"),
        (lambda d: d["snapshot"].pop("round"), "$.snapshot.round", "missing"),
        (lambda d: d.update(snapshot=[]), "$.snapshot", "state as an object"),
    ],
)
def test_invalid_saves_name_the_json_path(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], where: str, message: str
) -> None:
    path = _edit(tmp_path, change)
    with pytest.raises(SaveError, match=message) as caught:
        read_save(path, RULESETS)
    assert caught.value.where == where
    assert str(path) in str(caught.value)


def test_a_snapshot_that_the_commands_do_not_reach_is_refused(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["snapshot"]["creatures"][0]["lp"] = 99

    path = _edit(tmp_path, change)
    read_save(path, RULESETS)  # the structure is fine
    with pytest.raises(SaveError, match="differs from the saved snapshot") as caught:
        load_save(path, opener(), RULESETS)
    assert caught.value.where.startswith("$.snapshot.creatures[0].lp")


def test_a_command_the_replay_refuses_is_named(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["commands"].insert(0, {"kind": "end_turn", "actor": "nobody"})

    path = _edit(tmp_path, change)
    with pytest.raises(SaveError, match=r"command 0 \(end_turn"):
        load_save(path, opener(), RULESETS)


def test_a_changed_mission_warns_but_loads_when_the_replay_matches(tmp_path: Path) -> None:
    match = played(8)
    path = write_save(match, tmp_path, "slot", MISSION)
    loaded = load_save(path, opener(OTHER_HASH), RULESETS)
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()
    assert len(loaded.warnings) == 1 and "has changed since this save" in loaded.warnings[0]


def test_a_changed_mission_that_breaks_the_replay_says_so(tmp_path: Path) -> None:
    from game.board.grid import BattleGrid
    from game.rulesets.entaria.setup import BattleSetup
    from tests.rulesets.entaria.helpers import SIDES, foe, hero

    path = write_save(played(8), tmp_path, "slot", MISSION)

    def moved(_: str) -> OpenedMission:
        setup = BattleSetup(
            "Arena",
            BattleGrid.open(12, 7),
            SIDES,
            (hero("ron", (2, 2)), hero("likron", (2, 4), type_="likron"), foe("p1", (9, 2))),
        )
        return OpenedMission(setup, CATALOGUE, OTHER_HASH, ENTARIA)

    with pytest.raises(SaveError, match=r"mission .* has changed since this save"):
        load_save(path, moved, RULESETS)


def test_a_mission_that_cannot_be_opened(tmp_path: Path) -> None:
    path = write_save(played(3), tmp_path, "slot", MISSION)

    def missing(name: str) -> OpenedMission:
        raise FileNotFoundError(name)

    with pytest.raises(SaveError, match="cannot open the mission") as caught:
        load_save(path, missing, RULESETS)
    assert caught.value.where == "$.mission.path"


def test_a_save_over_the_size_limit_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_save(played(3), tmp_path, "big", MISSION)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    with pytest.raises(SaveError, match="at most 100"):
        read_save(path, RULESETS)


@pytest.mark.parametrize("name", ["../outside", "a/b", "/etc/passwd", "..", ".hidden", "x" * 200])
def test_save_names_stay_inside_the_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(SaveError, match="plain file name"):
        save_path(tmp_path, name)


def test_mission_ref_hashes_the_file(tmp_path: Path) -> None:
    import hashlib

    mission = tmp_path / "m.toml"
    mission.write_bytes(b"[mission]\n")
    ref = MissionRef.of_file(mission)
    assert ref.sha256 == hashlib.sha256(b"[mission]\n").hexdigest()
    assert ref.path == str(mission)


def test_a_bundled_mission_saves_and_loads(tmp_path: Path) -> None:
    """The glue of game.missions.simulate finds the mission again and checks its hash."""
    from game.missions.loader import demo_mission_path
    from game.missions.simulate import mission_ref, mission_setup, open_mission
    from game.rulesets.entaria.engine import Battle
    from game.rulesets.entaria.policy import simulate

    mission = demo_mission_path()
    match = Match(ENTARIA, mission_setup(mission, CATALOGUE), CATALOGUE, seed=8)
    simulate(match.battle, max_rounds=2, apply=match.apply)
    assert match.commands
    path = write_save(match, tmp_path, "demo", mission_ref(mission))
    loaded = load_save(path, open_mission, RULESETS)
    assert loaded.warnings == []
    assert loaded.match.battle.state.to_dict() == match.battle.state.to_dict()
    assert isinstance(Battle, type)
