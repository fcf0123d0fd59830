"""A mission's creature pictures are checked cheaply and bounded (issue 12, i12; review finding 10).

Each different picture is checked once, from the file's size and its header (not the
whole file); a mission may name at most MAX_MISSION_PICTURES different pictures of at
most MAX_MISSION_PICTURE_BYTES bytes together, else the picture that goes over is refused.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.missions import creature_images
from game.missions.creature_images import HEADER_BYTES, image_problems
from game.missions.toml_format import load_mission
from tests.missions.test_creature_images import MISSION, _png, _problems

#: The two-creature mission with more orks, each showing ``{image<n>}``.
ORK = """
[[creatures]]
key = "ork{n}"
type = "dretop_pirat"
side = "b"
at = [{x}, {y}]
image = "{image}"
"""


def _mission(folder: Path, images: list[str]) -> Path:
    text = MISSION.replace("{image}", images[0])
    cells = [(2, 1), (3, 1), (4, 1), (1, 2), (2, 2), (4, 2)]
    for n, (image, (x, y)) in enumerate(zip(images[1:], cells, strict=False)):
        text += ORK.format(n=n, x=x, y=y, image=image)
    path = folder / "mission.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, int]]:
    """Record (file name, head, bytes returned) of every picture read."""
    seen: list[tuple[str, Any, int]] = []
    real = creature_images.read_limited

    def counting(path: Path, limit: int, **options: Any) -> bytes:
        data = real(path, limit, **options)
        seen.append((Path(path).name, options.get("head"), len(data)))
        return data

    monkeypatch.setattr(creature_images, "read_limited", counting)
    return seen


def test_i12_a_picture_shared_by_many_creatures_is_read_once(
    tmp_path: Path, reads: list[tuple[str, Any, int]]
) -> None:
    _png(tmp_path / "art" / "ork.png")
    mission = load_mission(_mission(tmp_path, ["art/ork.png"] * 7))
    assert sum(1 for c in mission.creatures if c.image == "art/ork.png") == 7
    assert [(name, head) for name, head, _ in reads] == [("ork.png", HEADER_BYTES)]


def test_i12_only_the_head_of_a_large_picture_is_read(
    tmp_path: Path, reads: list[tuple[str, Any, int]]
) -> None:
    path = _png(tmp_path / "art" / "ork.png")
    path.write_bytes(path.read_bytes() + b"\0" * (3 * 1024 * 1024))  # 3 MB, still allowed
    assert image_problems(tmp_path, ["art/ork.png"], path_label="m.toml") == {}
    [(_, head, size)] = reads
    assert head == HEADER_BYTES and size == HEADER_BYTES


def _jpeg_with_metadata(path: Path, metadata: int) -> None:
    """Write a JPEG whose frame header lies after ``metadata`` bytes of APP1 segments."""
    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface((40, 30))
    surface.fill((90, 20, 20))
    pygame.image.save(surface, str(path))
    data = path.read_bytes()
    segments = b""
    while len(segments) < metadata:
        body = b"\0" * 60000
        segments += b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body
    path.write_bytes(data[:2] + segments + data[2:])


def test_i12_a_jpeg_whose_size_lies_past_the_head_is_still_checked(tmp_path: Path) -> None:
    _jpeg_with_metadata(tmp_path / "art" / "ork.jpg", 2 * HEADER_BYTES)
    assert image_problems(tmp_path, ["art/ork.jpg"], path_label="m.toml") == {}
    mission = load_mission(_mission(tmp_path, ["art/ork.jpg"]))
    assert mission.creatures[0].image == "art/ork.jpg"


def test_i12_too_many_different_pictures_are_refused_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reads: list[tuple[str, Any, int]]
) -> None:
    monkeypatch.setattr(creature_images, "MAX_MISSION_PICTURES", 2)
    names = [f"art/ork{n}.png" for n in range(4)]
    for name in names:
        _png(tmp_path / name)
    problems = _problems(_mission(tmp_path, names))
    assert [p.key for p in problems] == ["creatures[3].image"]  # the third different one
    assert "at most 2 different pictures" in problems[0].message
    assert "höchstens 2 verschiedene Bilder" in problems[0].text("de")
    assert len(reads) == 3  # the fourth is not read


def test_i12_pictures_too_large_together_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ["art/a.png", "art/b.png"]
    sizes = [_png(tmp_path / name).stat().st_size for name in names]
    monkeypatch.setattr(creature_images, "MAX_MISSION_PICTURE_BYTES", sizes[0] + 1)
    problems = _problems(_mission(tmp_path, names))
    assert [p.key for p in problems] == ["creatures[2].image"]
    assert f"{sum(sizes)} bytes" in problems[0].message
    assert "erwartet: höchstens" in problems[0].text("de")
    # the same picture again costs nothing more
    assert load_mission(_mission(tmp_path, [names[0]] * 3)).creatures[0].image == names[0]
