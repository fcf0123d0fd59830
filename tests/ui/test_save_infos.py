"""Issue 13: the load dialog and the title screen read a save's mission and round in either layout.

A save of a long fight is written in lines (format 2); its head holds the mission and
the state, so ``save_info`` reads them without the record. A damaged save is shown as
broken, never as an error of the screen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match import saves
from game.missions.loader import bundled_maps_dir
from game.ui.scenes.save_files import list_saves, save_info
from game.ui.session import GameSession
from tests.ui.test_files_hardened_sessions import ANNA, BAERBEL, DEMO


def _saved(home: Path, name: str, commands: int) -> Path:
    session = GameSession.new(DEMO, home=home, seed=4, autosave_enabled=False)
    session.set_players([ANNA, BAERBEL])
    for _ in range(commands):
        assert session.apply(session.ruleset.policy_command(session.battle)).ok
    return session.save_as(name)


@pytest.mark.parametrize("in_lines", [False, True])
def test_issue13_a_save_shows_its_mission_and_round_in_either_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_lines: bool
) -> None:
    monkeypatch.setattr(saves, "LINES_FROM", 0 if in_lines else 500)
    path = _saved(tmp_path, "lang", 12)
    assert (path.read_bytes().split(b"\n", 1)[0].count(b'"~lines"') > 0) is in_lines
    info = save_info(path)
    assert info.problem == ""
    assert info.mission == "Das Versteck der Dretop-Piraten"
    assert isinstance(info.round, int) and info.round >= 1
    assert [i.name for i in list_saves(tmp_path)] == ["lang"]


def test_issue13_a_damaged_save_in_lines_is_shown_as_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "LINES_FROM", 0)
    path = _saved(tmp_path, "kaputt", 6)
    data = bytearray(path.read_bytes())
    data[-20] ^= 0x20  # a byte of the last line: the checksum no longer fits
    path.write_bytes(bytes(data))
    info = save_info(path)
    assert info.problem and info.round is None


def test_issue13_a_genesis_save_shows_its_kr_and_is_not_broken(tmp_path: Path) -> None:
    """Genesis counts KR, not a state's "round": the save names the round for every ruleset."""
    mission = bundled_maps_dir() / "genesis-taverne.toml"
    session = GameSession.new(mission, home=tmp_path, seed=2, autosave_enabled=False)
    for _ in range(8):
        assert session.apply(session.ruleset.policy_command(session.battle)).ok
    info = save_info(session.save_as("taverne"))
    assert info.problem == "" and info.mission == "Rauferei im Goldenen Krug"
    assert info.round == session.views.current_round(session.battle) >= 1


def test_issue13_a_save_that_names_no_round_is_not_broken(tmp_path: Path) -> None:
    path = _saved(tmp_path, "alt", 3)
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["round"], document["snapshot"]["round"]
    path.write_text(json.dumps(document), encoding="utf-8")
    info = save_info(path)
    assert info.problem == "" and info.round is None


@pytest.mark.parametrize("snapshot", [None, [], "x"])
def test_issue13_a_save_whose_state_is_no_object_is_shown_not_raised(
    tmp_path: Path, snapshot: object
) -> None:
    path = tmp_path / "odd.json"
    document = {"format": "kampfkarte-save", "version": 1, "mission": {"path": "m.toml"}}
    path.write_text(json.dumps({**document, "snapshot": snapshot}), encoding="utf-8")
    info = save_info(path)  # the title screen and the load dialog ask this of every save
    assert info.round is None and info.mission == "m"
