"""Issue 13 points 3, 4, 5, 6 and 10 at the table: "Fortsetzen" always resumes.

Given the files of the home folder as a kill, a hand or another game left them (seat
files from another game, deep or endless seat files, a FIFO as the newest autosave, a
mission started by a relative path), the resumed game or the message naming the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.missions.loader import bundled_maps_dir
from game.rulesets.entaria.commands import EndTurn
from game.ui.session import (
    PLAYERS_SUFFIX,
    SESSION_FILE,
    GameSession,
    Player,
    Role,
    autosave_dir,
    default_players,
)

DEMO = bundled_maps_dir() / "dretop-versteck.toml"
ANNA = Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"])
BAERBEL = Player("Bärbel", "#3c78dc", Role.HUMAN, ["piraten"])
#: The seats of another game (strassenkampf: sides gruppe and punks).
OTHER_GAME = {
    "mission": "maps/strassenkampf.toml",
    "players": [
        {"name": "Cem", "colour": "#3c78dc", "role": "human", "sides": ["gruppe"]},
        {"name": "KI", "colour": "#d23c3c", "role": "ai", "sides": ["punks"]},
    ],
}


def played(home: Path) -> GameSession:
    session = GameSession.new(DEMO, home=home, seed=4)
    session.set_players([ANNA, BAERBEL])
    assert session.apply(EndTurn(session.current.key)).ok
    return session


def old_layout(home: Path, seats: object) -> Path:
    """Turn the newest autosave into the layout before saves held seats; return it."""
    save = autosave_dir(home) / "autosave-1.json"
    document = json.loads(save.read_text(encoding="utf-8"))
    document.pop("seats")
    save.write_text(json.dumps(document), encoding="utf-8")
    (autosave_dir(home) / SESSION_FILE).write_text(json.dumps(seats), encoding="utf-8")
    return save


def seat_sides(session: GameSession) -> set[str]:
    return {side for player in session.players for side in player.sides}


def assert_seated_as_new(session: GameSession) -> None:
    assert session.players == default_players(session.match)
    sides = {side.key for side in session.match.setup.sides}
    assert seat_sides(session) == sides
    for side in sides:  # what the screen asks every frame: no "unknown side"
        session.views.fog(session.battle, [side])


# ---------------------------------------------------------------- point 5
@pytest.mark.rule("I13-5")
def test_i13_5_the_autosave_holds_the_seats_and_no_seat_file_is_written(tmp_path: Path) -> None:
    played(tmp_path)
    folder = autosave_dir(tmp_path)
    assert not (folder / SESSION_FILE).exists()
    seats = json.loads((folder / "autosave-1.json").read_text(encoding="utf-8"))["seats"]
    assert [p["name"] for p in seats["players"]] == ["Anna", "Bärbel"]
    resumed = GameSession.resume(tmp_path)
    assert [p.name for p in resumed.players] == ["Anna", "Bärbel"] and resumed.warnings == []


@pytest.mark.rule("I13-5")
def test_i13_5_a_seat_file_from_another_game_is_ignored_with_a_message(tmp_path: Path) -> None:
    # A kill between writing the autosave and the seat file (the old layout): the seat
    # file is the last game's.
    played(tmp_path)
    old_layout(tmp_path, OTHER_GAME)
    resumed = GameSession.resume(tmp_path)
    assert_seated_as_new(resumed)
    [note] = resumed.warnings
    assert str(autosave_dir(tmp_path) / SESSION_FILE) in note and "'gruppe'" in note
    assert "Sitzplätze" in note.text("de")  # type: ignore[attr-defined]


@pytest.mark.rule("I13-5")
def test_i13_5_an_old_seat_file_that_fits_still_seats_the_players(tmp_path: Path) -> None:
    session = played(tmp_path)
    old_layout(tmp_path, {"players": [p.to_dict() for p in session.players]})
    resumed = GameSession.resume(tmp_path)
    assert [p.name for p in resumed.players] == ["Anna", "Bärbel"] and resumed.warnings == []
    resumed.apply(EndTurn(resumed.current.key))  # the next autosave migrates the seats
    assert not (autosave_dir(tmp_path) / SESSION_FILE).exists()
    again = GameSession.resume(tmp_path)
    assert [p.name for p in again.players] == ["Anna", "Bärbel"]


@pytest.mark.rule("I13-5")
def test_i13_5_an_old_named_save_reads_its_players_file(tmp_path: Path) -> None:
    session = played(tmp_path)
    path = session.save_as("abend")
    assert not path.with_suffix(PLAYERS_SUFFIX).exists()
    document = json.loads(path.read_text(encoding="utf-8"))
    seats = document.pop("seats")
    path.write_text(json.dumps(document), encoding="utf-8")
    path.with_suffix(PLAYERS_SUFFIX).write_text(json.dumps(seats), encoding="utf-8")
    loaded = GameSession.load(path, home=tmp_path)
    assert [p.name for p in loaded.players] == ["Anna", "Bärbel"] and loaded.warnings == []


@pytest.mark.rule("I13-5")
@pytest.mark.parametrize(
    ("players", "why"),
    [
        ([["freunde"], ["piraten", "punks"]], "'punks'"),  # a side the match has not
        ([["freunde", "piraten"], ["piraten"]], "two seats"),
        ([["freunde"], []], "nobody plays"),
    ],
)
def test_i13_5_seats_in_a_save_that_do_not_fit_are_ignored(
    tmp_path: Path, players: list[list[str]], why: str
) -> None:
    session = played(tmp_path)
    path = session.save_as("bearbeitet")
    document = json.loads(path.read_text(encoding="utf-8"))
    for seat, sides in zip(document["seats"]["players"], players, strict=True):
        seat["sides"] = sides
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = GameSession.load(path, home=tmp_path)
    assert_seated_as_new(loaded)
    [note] = loaded.warnings
    assert str(path) in note and why in note


# ---------------------------------------------------------------- points 3, 4
@pytest.mark.rule("I13-3")
def test_i13_3_a_deeply_nested_seat_file_names_itself_and_the_game_resumes(
    tmp_path: Path,
) -> None:
    played(tmp_path)
    old_layout(tmp_path, {})
    (autosave_dir(tmp_path) / SESSION_FILE).write_text(
        '{"players":' + "[" * 30_000 + "]" * 30_000 + "}", encoding="utf-8"
    )
    resumed = GameSession.resume(tmp_path)
    assert_seated_as_new(resumed)
    [note] = resumed.warnings
    assert str(autosave_dir(tmp_path) / SESSION_FILE) in note and "nested" in note


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_i13_4_a_fifo_as_seat_file_does_not_hang_the_resume(tmp_path: Path) -> None:
    played(tmp_path)
    seat_file = autosave_dir(tmp_path) / SESSION_FILE
    old_layout(tmp_path, {})
    seat_file.unlink()
    os.mkfifo(seat_file)
    resumed = GameSession.resume(tmp_path)
    assert_seated_as_new(resumed)
    [note] = resumed.warnings
    assert str(seat_file) in note and "not a regular file" in note


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_i13_4_a_fifo_as_newest_autosave_is_skipped_naming_it(tmp_path: Path) -> None:
    session = played(tmp_path)
    assert session.apply(EndTurn(session.current.key)).ok  # a second autosave
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    newest.unlink()
    os.mkfifo(newest)
    resumed = GameSession.resume(tmp_path)
    assert len(resumed.match.commands) == len(session.match.commands) - 1
    assert any(str(newest) in w and "not a regular file" in w for w in resumed.warnings)


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_i13_4_a_link_to_dev_zero_as_autosave_is_skipped(tmp_path: Path) -> None:
    session = played(tmp_path)
    assert session.apply(EndTurn(session.current.key)).ok
    newest = autosave_dir(tmp_path) / "autosave-1.json"
    newest.unlink()
    newest.symlink_to("/dev/zero")
    resumed = GameSession.resume(tmp_path)
    assert any(str(newest) in w for w in resumed.warnings)


# ---------------------------------------------------------------- point 6
@pytest.mark.rule("I13-6")
def test_i13_6_a_game_started_by_a_relative_path_resumes_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.chdir(bundled_maps_dir().parent)
    session = GameSession.new(Path("maps/strassenkampf.toml"), home=home, seed=2)
    assert session.mission_path.is_absolute()  # the screen's path too
    monkeypatch.chdir(tmp_path)
    resumed = GameSession.resume(home)
    assert resumed.mission_path == (bundled_maps_dir() / "strassenkampf.toml").resolve()
    assert resumed.match.commands == session.match.commands and resumed.warnings == []


@pytest.mark.rule("I13-6")
def test_i13_6_a_moved_mission_is_found_among_the_bundled_ones(tmp_path: Path) -> None:
    home = tmp_path / "home"
    copy = tmp_path / "elsewhere" / "versteck.toml"
    copy.parent.mkdir()
    copy.write_bytes(DEMO.read_bytes())
    GameSession.new(copy, home=home, seed=2)
    copy.unlink()  # the folder it was played from is gone
    resumed = GameSession.resume(home)
    assert resumed.mission_path == DEMO.resolve()
    assert any(str(copy) in w and str(DEMO.resolve()) in w for w in resumed.warnings)


# ---------------------------------------------------------------- point 10
@pytest.mark.rule("I13-10")
def test_i13_10_a_session_start_deletes_orphaned_temporaries(tmp_path: Path) -> None:
    folder = autosave_dir(tmp_path)
    orphans = [folder / f".autosave-1.json.{n:016x}.tmp" for n in range(29)]
    for path in orphans:
        path.write_bytes(b'{"format"')
        os.utime(path, (1_000_000, 1_000_000))  # long before this session
    mine = folder / "notes.tmp"
    mine.write_bytes(b"")
    elsewhere = tmp_path / ".autosave-1.json.0123456789abcdef.tmp"
    elsewhere.write_bytes(b"")
    os.utime(elsewhere, (1_000_000, 1_000_000))
    GameSession.new(DEMO, home=tmp_path, seed=1)
    assert not any(path.exists() for path in orphans)
    assert mine.exists() and elsewhere.exists()  # not ours, not in a saves folder
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []


@pytest.mark.rule("I13-5")
def test_i13_5_an_old_seat_file_that_cannot_be_removed_warns_of_nothing(tmp_path: Path) -> None:
    (autosave_dir(tmp_path) / SESSION_FILE).mkdir()  # a folder in its place
    session = played(tmp_path)
    assert session.apply(EndTurn(session.current.key)).ok
    assert session.warnings == []  # the autosaves went well: nothing to say each command
