"""Issue 13 points 5 and 6: a save carries its seats in the one atomic file, stores its
mission's resolved path, and finds a mission that is gone from that path by its hash
among the bundled missions."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.match.record import Match
from game.match.saves import (
    AUTOSAVE_NAMES,
    MissionRef,
    SaveError,
    autosave,
    load_save,
    read_save,
    write_save,
)
from game.missions.loader import bundled_maps_dir
from game.missions.mission_by_hash import bundled_mission_with_hash
from game.missions.simulate import open_mission
from game.rulesets import RULESETS

REPO = Path(__file__).resolve().parents[2]
SEATS = {"players": [{"name": "Anna", "sides": ["freunde"]}], "stretches": [[0, "Anna"]]}


def demo_match() -> Match:
    opened = open_mission(str(bundled_maps_dir() / "dretop-versteck.toml"))
    return Match(opened.ruleset, opened.setup, opened.catalogue, seed=5)


def document(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.rule("I13-6")
def test_i13_6_a_relative_mission_path_is_stored_resolved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    ref = MissionRef.of_file("maps/strassenkampf.toml")  # the README's own example
    assert Path(ref.path).is_absolute()
    assert Path(ref.path) == (REPO / "maps" / "strassenkampf.toml").resolve()


@pytest.mark.rule("I13-6")
def test_i13_6_an_old_save_with_a_relative_path_loads_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo = bundled_maps_dir() / "dretop-versteck.toml"
    mission = MissionRef("maps/dretop-versteck.toml", MissionRef.of_file(demo).sha256)
    path = write_save(demo_match(), tmp_path, "alt", mission)
    monkeypatch.chdir(tmp_path)  # maps/dretop-versteck.toml is not here
    with pytest.raises(SaveError, match="cannot open"):
        load_save(path, open_mission, RULESETS)  # without a finder: as before
    loaded = load_save(path, open_mission, RULESETS, find_mission=bundled_mission_with_hash)
    assert Path(loaded.data.mission.path) == demo.resolve()
    assert loaded.warnings and "maps/dretop-versteck.toml" in loaded.warnings[0]
    assert str(demo.resolve()) in loaded.warnings[0]
    german = loaded.warnings[0].text("de")  # type: ignore[attr-defined]
    assert "Prüfsumme" in german and str(demo.resolve()) in german


@pytest.mark.rule("I13-6")
def test_i13_6_a_gone_mission_with_an_unknown_hash_is_still_an_error(tmp_path: Path) -> None:
    path = write_save(demo_match(), tmp_path, "weg", MissionRef(str(tmp_path / "x.toml"), "0" * 64))
    with pytest.raises(SaveError, match="cannot open the mission"):
        load_save(path, open_mission, RULESETS, find_mission=bundled_mission_with_hash)


@pytest.mark.rule("I13-6")
def test_i13_6_a_mission_still_at_its_path_is_not_looked_for(tmp_path: Path) -> None:
    demo = bundled_maps_dir() / "dretop-versteck.toml"
    path = write_save(demo_match(), tmp_path, "da", MissionRef.of_file(demo))
    asked: list[str] = []

    def finder(sha256: str) -> str | None:
        asked.append(sha256)
        return None

    loaded = load_save(path, open_mission, RULESETS, find_mission=finder)
    assert asked == [] and loaded.warnings == []


@pytest.mark.rule("I13-6")
def test_i13_6_the_finder_knows_each_bundled_mission_by_its_hash() -> None:
    for mission in sorted(bundled_maps_dir().glob("*.toml")):
        assert bundled_mission_with_hash(MissionRef.of_file(mission).sha256) == str(
            mission.resolve()
        )
    assert bundled_mission_with_hash("f" * 64) is None


@pytest.mark.rule("I13-5")
def test_i13_5_the_seats_are_written_in_the_save_itself(tmp_path: Path) -> None:
    demo = bundled_maps_dir() / "dretop-versteck.toml"
    path = write_save(demo_match(), tmp_path, "mit", MissionRef.of_file(demo), SEATS)
    assert document(path)["seats"] == SEATS
    assert read_save(path, RULESETS).seats == SEATS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mit.json"]  # one file, no other


@pytest.mark.rule("I13-5")
def test_i13_5_a_save_without_seats_reads_as_none(tmp_path: Path) -> None:
    demo = bundled_maps_dir() / "dretop-versteck.toml"
    path = write_save(demo_match(), tmp_path, "ohne", MissionRef.of_file(demo))
    assert "seats" not in document(path) and read_save(path, RULESETS).seats is None


@pytest.mark.rule("I13-5")
@pytest.mark.parametrize("seats", [[], "Anna", 3])
def test_i13_5_seats_that_are_no_object_are_refused_with_their_path(
    tmp_path: Path, seats: object
) -> None:
    demo = bundled_maps_dir() / "dretop-versteck.toml"
    path = write_save(demo_match(), tmp_path, "kaputt", MissionRef.of_file(demo), SEATS)
    data = document(path)
    data["seats"] = seats
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        read_save(path, RULESETS)
    assert refused.value.where == "$.seats" and str(path) in str(refused.value)


@pytest.mark.rule("I13-5")
def test_i13_5_new_seats_rewrite_the_newest_autosave_without_rotating(tmp_path: Path) -> None:
    demo = MissionRef.of_file(bundled_maps_dir() / "dretop-versteck.toml")
    match = demo_match()
    autosave(match, tmp_path, demo, {"players": []})
    autosave(match, tmp_path, demo, {"players": [], "n": 2})
    before = (tmp_path / AUTOSAVE_NAMES[1]).read_bytes()
    autosave(match, tmp_path, demo, SEATS, rotate=False)
    assert document(tmp_path / AUTOSAVE_NAMES[0])["seats"] == SEATS
    assert (tmp_path / AUTOSAVE_NAMES[1]).read_bytes() == before
    assert not (tmp_path / AUTOSAVE_NAMES[2]).exists()


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_i13_4_a_save_naming_a_fifo_as_its_mission_is_refused_not_waited_on(
    tmp_path: Path,
) -> None:
    fifo = tmp_path / "mission.toml"
    os.mkfifo(fifo)
    path = write_save(demo_match(), tmp_path, "fifo", MissionRef(str(fifo), "0" * 64))
    with pytest.raises(SaveError, match="cannot open the mission") as refused:
        load_save(path, open_mission, RULESETS, find_mission=bundled_mission_with_hash)
    assert str(fifo) in str(refused.value)
    with pytest.raises(OSError):
        MissionRef.of_file(fifo)  # hashing it does not wait either
