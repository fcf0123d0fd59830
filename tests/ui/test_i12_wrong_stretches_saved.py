"""Issue 12, "Wrong" (f) / point 3: what each person may undo since the screen was handed
to them survives save and load — the stretches are written beside the autosave (and
beside a named save) and read back; an old file without them still loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.missions.loader import demo_mission_path
from game.rulesets.entaria.commands import EndTurn
from game.ui.session import SESSION_FILE, GameSession, Player, Role, autosave_dir
from game.ui.undo_rights import Gate, stretches_from_data

ANNA = Player("Anna", "#dc3c3c", Role.HUMAN, ["freunde"])
BAERBEL = Player("Bärbel", "#3c78dc", Role.HUMAN, ["piraten"])


def hot_seat(home: Path) -> GameSession:
    """Anna ends her three creatures' turns, Bärbel (the pirates) ends one."""
    session = GameSession.new(demo_mission_path(), home=home, seed=3)
    session.set_players([ANNA, BAERBEL])
    session.note_viewer(ANNA)
    for _ in range(3):  # Elro-Sa, Ron, Likron: Anna's
        assert session.apply(EndTurn(session.current.key)).ok
        session.note_viewer(session.player_of_side(session.current.side))
    assert session.player_of_side(session.current.side) is BAERBEL
    assert session.apply(EndTurn(session.current.key)).ok  # Grimmiger Terraner: Bärbel's
    session.note_viewer(BAERBEL)
    return session


@pytest.mark.rule("I12-3")
def test_i12_the_stretches_come_back_with_the_autosave(tmp_path: Path) -> None:
    session = hot_seat(tmp_path)
    assert session.stretches == [(0, "Anna"), (3, "Bärbel")]
    assert session.undo_check(BAERBEL).gate is Gate.FREE  # her own end of turn
    loaded = GameSession.resume(tmp_path)
    assert loaded.stretches == session.stretches
    assert loaded.undo_check(BAERBEL).gate is Gate.FREE
    assert loaded.match.undo()  # back to the handover: one more step is Anna's turn
    loaded.note_viewer(BAERBEL)
    check = loaded.undo_check(BAERBEL)
    assert check.gate is Gate.ASK and check.past == "Anna" and check.confirmer == "Anna"


@pytest.mark.rule("I12-3")
def test_i12_a_named_save_keeps_them_too(tmp_path: Path) -> None:
    session = hot_seat(tmp_path)
    path = session.save_as("abend")
    loaded = GameSession.load(path, home=tmp_path)
    assert loaded.stretches == [(0, "Anna"), (3, "Bärbel")]
    assert [p.name for p in loaded.players] == ["Anna", "Bärbel"]


@pytest.mark.rule("I12-3")
def test_i12_an_old_session_file_without_stretches_still_loads(tmp_path: Path) -> None:
    hot_seat(tmp_path)
    # The layout before saves held their seats (issue 13 point 5): the autosave without
    # seats, the seats beside it in session.json, here also without stretches.
    save = autosave_dir(tmp_path) / "autosave-1.json"
    document = json.loads(save.read_text(encoding="utf-8"))
    data = document.pop("seats")
    save.write_text(json.dumps(document), encoding="utf-8")
    del data["stretches"]
    (autosave_dir(tmp_path) / SESSION_FILE).write_text(json.dumps(data), encoding="utf-8")
    loaded = GameSession.resume(tmp_path)
    assert loaded.stretches == [] and [p.name for p in loaded.players] == ["Anna", "Bärbel"]


@pytest.mark.rule("I12-3")
@pytest.mark.parametrize(
    "data",
    [
        None,
        "x",
        [[0, "Anna"], [9, "Bärbel"]],  # past the record's end
        [[3, "Bärbel"], [0, "Anna"]],  # out of order
        [[0, "Anna", 1]],
        [["0", "Anna"]],
        [[True, "Anna"]],
    ],
)
def test_i12_stretches_that_do_not_fit_the_record_are_dropped(data: object) -> None:
    assert stretches_from_data(data, 4) == []


@pytest.mark.rule("I12-3")
def test_i12_stretches_that_fit_are_kept() -> None:
    assert stretches_from_data([[0, "Anna"], [3, "Bärbel"]], 4) == [(0, "Anna"), (3, "Bärbel")]
