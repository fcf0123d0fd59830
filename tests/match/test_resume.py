"""Fortsetzen: the newest save that loads is loaded; the others are kept (issue 9)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.match.saves import MissionRef, SaveError, load_newest, newest_first, write_save
from tests.match.test_toy_ruleset import HASH, WITH_TOY, opener, toy_match
from tests.match.toy_ruleset import Declare


def _two_saves(folder: Path) -> tuple[Path, Path]:
    match = toy_match()
    older = write_save(match, folder, "older", MissionRef("toy.toml", HASH))
    match.apply(Declare("anna", 2))
    newer = write_save(match, folder, "newer", MissionRef("toy.toml", HASH))
    os.utime(older, ns=(1_000_000_000, 1_000_000_000))
    return older, newer


def test_saves_are_listed_newest_first(tmp_path: Path) -> None:
    older, newer = _two_saves(tmp_path)
    assert newest_first(tmp_path) == [newer, older]


def test_a_newer_save_that_no_longer_replays_falls_back_to_the_older(tmp_path: Path) -> None:
    older, newer = _two_saves(tmp_path)
    document = json.loads(newer.read_text(encoding="utf-8"))
    document["commands"][0]["count"] = 9  # refused on replay: a rule changed
    newer.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_newest(newest_first(tmp_path), opener, WITH_TOY)
    assert loaded.data.path == older
    assert any("newer.json" in warning for warning in loaded.warnings)
    assert newer.exists() and older.exists()


def test_when_nothing_loads_every_attempt_is_named(tmp_path: Path) -> None:
    older, newer = _two_saves(tmp_path)
    older.write_text("{", encoding="utf-8")
    newer.write_text("", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_newest(newest_first(tmp_path), opener, WITH_TOY)
    assert "newer.json" in str(caught.value) and "older.json" in str(caught.value)
    assert newer.exists() and older.exists()
