"""Issue 13 review point 1: a mission file name that is not UTF-8 is saved losslessly
(its bytes in base64 beside a readable path) and the save loads that very file."""

from __future__ import annotations

import base64
import json
import os
import shutil
from pathlib import Path

import pytest

from game.match.record import Match
from game.match.saves import MissionRef, SaveError, autosave, load_save, read_save
from game.missions.loader import bundled_maps_dir
from game.missions.simulate import open_mission
from game.rulesets import RULESETS

NOT_UTF8 = os.fsdecode(b"versteck\xff.toml")  # the byte 0xff is kept as a surrogate


def odd_mission(folder: Path) -> Path:
    target = folder / NOT_UTF8
    shutil.copyfile(bundled_maps_dir() / "dretop-versteck.toml", target)
    return target


@pytest.mark.rule("I13-2")
def test_i13_review_1_autosave_of_a_non_utf8_mission_name_keeps_its_bytes(
    tmp_path: Path,
) -> None:
    mission_file = odd_mission(tmp_path)
    opened = open_mission(str(mission_file))
    match = Match(opened.ruleset, opened.setup, opened.catalogue, seed=3)
    saved = autosave(match, tmp_path / "saves", MissionRef.of_file(mission_file))
    stored = json.loads(saved.read_text(encoding="utf-8"))["mission"]
    assert "\ufffd" in stored["path"]  # readable, and valid UTF-8
    assert base64.b64decode(stored["path_bytes"]).endswith(b"versteck\xff.toml")
    data = read_save(saved, RULESETS)
    assert data.mission.path == str(mission_file)
    loaded = load_save(saved, open_mission, RULESETS)
    assert loaded.data.mission.path == str(mission_file)


@pytest.mark.rule("I13-2")
@pytest.mark.parametrize("value", ["", "not base64!", 17, "AA=="[:3]])
def test_i13_review_1_bad_path_bytes_are_refused_by_name(tmp_path: Path, value: object) -> None:
    mission_file = odd_mission(tmp_path)
    opened = open_mission(str(mission_file))
    match = Match(opened.ruleset, opened.setup, opened.catalogue, seed=3)
    saved = autosave(match, tmp_path, MissionRef.of_file(mission_file))
    document = json.loads(saved.read_text(encoding="utf-8"))
    document["mission"]["path_bytes"] = value
    saved.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SaveError, match=r"\$\.mission\.path_bytes"):
        read_save(saved, RULESETS)
