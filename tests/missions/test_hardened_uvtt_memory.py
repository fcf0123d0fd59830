"""``check`` of a large Universal VTT export needs little memory (issue 13 point 9).

A 4.1 MB ``.dd2vtt`` took 530 MB for ``check``: the nesting check's string pattern
kept about 130 bytes per byte of the embedded picture's base64 text. Now the nesting
check is one linear pass and the picture is never decoded for ``check`` or ``import``
(only its header is read; it is decoded where it is drawn). Memory is counted with
``tracemalloc`` (numpy and Python allocations), never timed.
"""

from __future__ import annotations

import base64
import json
import random
import struct
import tracemalloc
import zlib
from pathlib import Path

import pygame
import pytest

from game.missions.check import check_mission
from tests.missions.data.make_samples import _chunk


def _noise_png(width: int, height: int) -> bytes:
    """Return a grey PNG of random pixels (it does not compress: as large as it is wide)."""
    rng = random.Random(9)
    raw = b"".join(b"\x00" + rng.randbytes(width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(raw, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", idat)
        + _chunk(b"IEND", b"")
    )


def _export(folder: Path, picture: bytes) -> Path:
    document = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 8, "y": 8},
            "pixels_per_grid": 128,
        },
        "line_of_sight": [[{"x": 0, "y": 1}, {"x": 8, "y": 1}]],
        "portals": [],
        "image": base64.b64encode(picture).decode(),
    }
    path = folder / "gross.dd2vtt"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_issue13_point9_check_of_a_large_export_stays_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 1 MB export: check decodes nothing and peaks below 12 bytes per byte of the file."""

    def never(*_: object) -> None:
        raise AssertionError("check decoded the picture")

    monkeypatch.setattr(pygame.image, "load", never)
    path = _export(tmp_path, _noise_png(1024, 740))
    size = path.stat().st_size
    assert size > 1_000_000
    check_mission(path)  # imports and caches warmed up outside the measurement
    tracemalloc.start()
    try:
        report = check_mission(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.valid and report.mission is not None
    assert report.mission.background is not None
    assert peak < 12 * size, f"peak {peak} bytes for a file of {size}"  # was ~130 x
