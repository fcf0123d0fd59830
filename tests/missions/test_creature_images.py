"""A mission's own creature pictures (issue 12, i12 miniatures): ``image`` in ``[[creatures]]``,
confined to the mission's folder, PNG/JPEG/WebP, bounded; the picture reaches the token."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.match.problems import MissionError, Problem
from game.missions import creature_images
from game.missions.creature_images import load_creature_image
from game.missions.toml_format import dumps_mission, load_mission, loads_mission

MISSION = """[mission]
title = "Bilder"

[map]
width = 6
height = 4
rows = '''
######
#....#
#....#
######
'''

[[sides]]
key = "a"
name = "A"
controller = "player"

[[sides]]
key = "b"
name = "B"
controller = "gm"

[[creatures]]
key = "ork"
type = "dretop_pirat"
side = "b"
at = [1, 1]
image = "{image}"

[[creatures]]
key = "held"
type = "likron"
side = "a"
at = [3, 2]
"""


def _png(path: Path, size: tuple[int, int] = (32, 32), colour=(30, 160, 60)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface(size)
    surface.fill(colour)
    pygame.image.save(surface, str(path))
    return path


def _write(folder: Path, image: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mission.toml"
    path.write_text(MISSION.replace("{image}", image), encoding="utf-8")
    return path


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(MissionError) as info:
        load_mission(path)
    return info.value.problems


def test_i12_a_creature_picture_inside_the_folder_is_read_and_written(tmp_path: Path) -> None:
    _png(tmp_path / "art" / "ork.png")
    mission = load_mission(_write(tmp_path, "art/ork.png"))
    assert [c.image for c in mission.creatures] == ["art/ork.png", ""]
    again = loads_mission(dumps_mission(mission), base_dir=tmp_path)
    assert again == mission
    surface = load_creature_image(tmp_path, "art/ork.png")
    assert surface.get_size() == (32, 32)


@pytest.mark.parametrize(
    ("image", "says"),
    [
        ("../ork.png", "'..'"),
        ("/etc/ork.png", "absolute"),
        ("C:/ork.png", "absolute"),
        ("art/none.png", "not found"),
    ],
)
def test_i12_a_picture_outside_the_folder_or_missing_is_refused_naming_file_and_key(
    tmp_path: Path, image: str, says: str
) -> None:
    folder = tmp_path / "mission"
    _png(tmp_path / "ork.png")  # beside the folder, not in it
    path = _write(folder, image)
    problems = _problems(path)
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.key == "creatures[0].image"
    assert problem.path == str(path)
    assert says in problem.message and "creatures[0].image" in problem.message
    assert problem.line is not None  # kampfkarte check shows where it stands


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_i12_a_link_leading_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "mission"
    outside = _png(tmp_path / "secret.png")
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "ork.png").symlink_to(outside)
    problems = _problems(_write(folder, "art/ork.png"))
    assert [p.key for p in problems] == ["creatures[0].image"]
    assert "outside the mission's folder" in problems[0].message


def test_i12_a_picture_that_is_no_png_jpeg_or_webp_is_refused(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "ork.png").write_text("<svg/> not a picture", encoding="utf-8")
    problems = _problems(_write(tmp_path, "art/ork.png"))
    assert [p.key for p in problems] == ["creatures[0].image"]
    assert "PNG, JPEG or WebP" in problems[0].message


def test_i12_a_picture_too_large_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _png(tmp_path / "wide.png", (creature_images.MAX_CREATURE_IMAGE_SIDE + 1, 1))
    problems = _problems(_write(tmp_path, "wide.png"))
    assert [p.key for p in problems] == ["creatures[0].image"]
    assert "2049x1 pixels" in problems[0].message
    _png(tmp_path / "ork.png", (64, 64))
    monkeypatch.setattr(creature_images, "MAX_CREATURE_IMAGE_BYTES", 10)
    problems = _problems(_write(tmp_path, "ork.png"))
    assert [p.key for p in problems] == ["creatures[0].image"]
    assert "expected at most 10 bytes" in problems[0].message


@pytest.mark.parametrize("value", ["3", '""'])
def test_i12_an_image_that_is_no_path_is_refused(tmp_path: Path, value: str) -> None:
    path = tmp_path / "mission.toml"
    path.write_text(MISSION.replace('"{image}"', value), encoding="utf-8")
    problems = _problems(path)
    assert [p.key for p in problems] == ["creatures[0].image"]


def test_i12_the_picture_reaches_the_token_through_the_rulesets_piece(tmp_path: Path) -> None:
    from game.missions.setup import prepare_match
    from game.rulesets.entaria.command_table import new_battle
    from game.rulesets.entaria.views.pieces import pieces

    _png(tmp_path / "art" / "ork.png")
    mission = load_mission(_write(tmp_path, "art/ork.png"))
    prepared = prepare_match(mission)
    assert [c.image for c in prepared.setup.creatures] == ["art/ork.png", ""]
    battle = new_battle(prepared.setup, prepared.catalogue, 1)
    shown = pieces(battle)
    assert (shown["ork"].image, shown["ork"].token) == ("art/ork.png", "pirate")
    assert (shown["held"].image, shown["held"].token) == ("", "soldier")


def test_i12_a_refused_picture_is_said_in_german_too(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, "art/none.png"))
    assert "fehlt im Ordner der Mission" in problems[0].text("de")
    assert "not found" in problems[0].text("en")
    escaping = _problems(_write(tmp_path, "../ork.png"))[0]
    assert escaping.text("de") != escaping.text("en")
