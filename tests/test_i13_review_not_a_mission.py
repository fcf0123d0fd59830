"""Issue 13 review point 2 (issue 13 point 11): a JSON file that is not a mission (its
top level no object) is refused as "not a mission" without echoing its content, by
check, by the Tiled reader, for a tileset, and through a save that names such a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.match.record import Match
from game.match.saves import MissionRef, SaveError, load_save, write_save
from game.missions.loader import bundled_maps_dir, load_any
from game.missions.simulate import open_mission
from game.rulesets import RULESETS

SECRET = "geheim:x:0:0:geheim:/geheim:/bin/bash"
TOPS = [[SECRET], SECRET, 987654321, None]


def message_of(error: MissionError) -> str:
    return " ".join(str(p) for p in error.problems)


@pytest.mark.rule("I13-11")
@pytest.mark.parametrize("suffix", [".json", ".dd2vtt", ".uvtt", ".tmj"])
@pytest.mark.parametrize("top", TOPS)
def test_i13_review_2_a_json_top_level_not_an_object_shows_no_content(
    tmp_path: Path, suffix: str, top: object
) -> None:
    path = tmp_path / f"passwd{suffix}"
    path.write_text(json.dumps(top), encoding="utf-8")
    with pytest.raises(MissionError) as caught:
        load_any(path)
    text = message_of(caught.value)
    assert "not a mission" in text
    assert "geheim" not in text and "987654321" not in text


@pytest.mark.rule("I13-11")
def test_i13_review_2_an_external_tileset_not_an_object_shows_no_content(
    tmp_path: Path,
) -> None:
    tmap = {
        "type": "map",
        "orientation": "orthogonal",
        "width": 2,
        "height": 2,
        "tilewidth": 32,
        "tileheight": 32,
        "infinite": False,
        "layers": [],
        "tilesets": [{"firstgid": 1, "source": "t.tsj"}],
    }
    (tmp_path / "map.tmj").write_text(json.dumps(tmap), encoding="utf-8")
    (tmp_path / "t.tsj").write_text(json.dumps([SECRET]), encoding="utf-8")
    with pytest.raises(MissionError) as caught:
        load_any(tmp_path / "map.tmj")
    text = message_of(caught.value)
    assert "not a Tiled tileset" in text and "geheim" not in text


@pytest.mark.rule("I13-11")
def test_i13_review_2_a_save_naming_such_a_file_shows_no_content(tmp_path: Path) -> None:
    opened = open_mission(str(bundled_maps_dir() / "dretop-versteck.toml"))
    match = Match(opened.ruleset, opened.setup, opened.catalogue, seed=2)
    target = tmp_path / "passwd.json"
    target.write_text(json.dumps([SECRET]), encoding="utf-8")
    save = write_save(match, tmp_path, "alt", MissionRef(str(target), "0" * 64))
    with pytest.raises(SaveError) as caught:
        load_save(save, open_mission, RULESETS)
    for language in ("en", "de"):
        text = caught.value.text(language)
        assert "geheim" not in text
    assert "not a mission" in caught.value.text("en")
