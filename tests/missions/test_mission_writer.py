"""Saving a set-up map as a native mission beside it (issue 13 point 1)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from game.match.problems import MissionError
from game.missions.loader import load_any
from game.missions.mission_writer import mission_file_name, save_setup
from game.missions.model import Controller, CreaturePlacement, LoadedMission, Mission, Side

DATA = Path(__file__).parent / "data"


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / Path(name).name
    shutil.copy(DATA / name, target)
    return target


def _set_up(path: Path) -> tuple[LoadedMission, Mission]:
    loaded = load_any(path)
    sides = (
        Side("heroes", "Heroes", "#3c78dc", Controller.PLAYER),
        Side("pirates", "Pirates", "#d23c3c", Controller.GM),
    )
    creatures = (
        CreaturePlacement("a", "lara", "Anna", "heroes", (0, 0), life_points=9),
        CreaturePlacement(
            "b", "dretop_pirat", "Bo", "pirates", (5, 2), equipment=("pistole", "kampfmesser")
        ),
    )
    return loaded, dataclasses.replace(loaded.mission, sides=sides, creatures=creatures)


def test_a_uvtt_map_with_two_creatures_saves_and_loads_again(tmp_path: Path) -> None:
    """The whole map goes into the TOML; its embedded background is written beside it."""
    source = _copy(tmp_path, "tavern.dd2vtt")
    loaded, mission = _set_up(source)
    saved = save_setup(loaded, mission, tmp_path / "tavern-fight.toml")
    assert saved.images == (tmp_path / "tavern-fight-tavern.png",)
    again = load_any(saved.path)
    assert again.source_format == "toml"
    got = again.mission
    assert got.rows == loaded.mission.rows and got.edges == loaded.mission.edges  # D-13 kept
    assert got.background is not None and got.background.path == "tavern-fight-tavern.png"
    assert [(c.key, c.name, c.side, c.cell) for c in got.creatures] == [
        ("a", "Anna", "heroes", (0, 0)),
        ("b", "Bo", "pirates", (5, 2)),
    ]
    assert got.creatures[0].life_points == 9
    assert got.creatures[1].equipment == ("pistole", "kampfmesser")
    assert [s.key for s in got.sides] == ["heroes", "pirates"]


def test_a_tiled_map_saves_too(tmp_path: Path) -> None:
    folder = tmp_path / "tiled"
    shutil.copytree(DATA / "tiled", folder)
    loaded, mission = _set_up(folder / "desert.tmx")
    saved = save_setup(loaded, mission, folder / "desert-fight.toml")
    got = load_any(saved.path).mission
    assert len(got.creatures) == 2 and got.width == 40 and got.height == 40


def test_an_existing_file_is_not_overwritten_unless_asked(tmp_path: Path) -> None:
    source = _copy(tmp_path, "cave.uvtt")
    loaded, mission = _set_up(source)
    out = tmp_path / "cave-fight.toml"
    out.write_text("keep me", encoding="utf-8")
    with pytest.raises(MissionError) as refused:
        save_setup(loaded, mission, out)
    assert "already exists" in refused.value.problems[0].text("en")
    assert "gibt es schon" in refused.value.problems[0].text("de")
    assert out.read_text(encoding="utf-8") == "keep me"
    save_setup(loaded, mission, out, overwrite=True)
    assert len(load_any(out).mission.creatures) == 2


def test_a_mission_that_would_not_load_is_not_written(tmp_path: Path) -> None:
    """The native loader checks the text first: an unknown creature type writes nothing."""
    source = _copy(tmp_path, "cave.uvtt")
    loaded, mission = _set_up(source)
    broken = dataclasses.replace(
        mission, creatures=(CreaturePlacement("x", "no_such_type", "X", "heroes", (0, 0)),)
    )
    with pytest.raises(MissionError):
        save_setup(loaded, broken, tmp_path / "broken.toml")
    assert not (tmp_path / "broken.toml").exists()


@pytest.mark.parametrize("name", ["", "  ", "a/b", "..\\x", ".hidden", "x" * 200, "a:b"])
def test_a_file_name_that_is_no_plain_name_is_refused(name: str) -> None:
    said = mission_file_name(name)
    assert isinstance(said, dict) and said["de"] and said["en"]


def test_a_plain_file_name_gets_its_suffix() -> None:
    assert mission_file_name("Taverne am Hafen") == "Taverne am Hafen.toml"
    assert mission_file_name("fight.TOML") == "fight.toml"
