"""Issue 13 points 3 and 4: a hostile settings.json never stops the game from starting.

Given a 60 KB nesting, a FIFO, a link to /dev/zero or a folder in its place, the
settings are the defaults (as for a missing file) and nothing waits or reads on.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ui.settings import Settings


def load_soon(folder: Path) -> Settings:
    """Return Settings.load(folder), failing (not hanging) if it never returns."""
    result: list[Settings] = []
    worker = threading.Thread(target=lambda: result.append(Settings.load(folder)), daemon=True)
    worker.start()
    worker.join(120)  # a guard against a hang only, never a speed check
    assert result, "reading settings.json is still waiting"
    return result[0]


def deep(path: Path) -> None:
    path.write_text("[" * 30_000 + "]" * 30_000, encoding="utf-8")  # 60 KB


def deep_object(path: Path) -> None:
    path.write_text('{"language":' * 8_000 + '"en"' + "}" * 8_000, encoding="utf-8")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.rule("I13-3", "I13-4")
@pytest.mark.parametrize(
    "make",
    [
        deep,
        deep_object,
        pytest.param(fifo, marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")),
        pytest.param(
            dev_zero,
            marks=pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero"),
        ),
        folder,
    ],
)
def test_i13_a_hostile_settings_file_gives_the_defaults(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    make(tmp_path / "settings.json")
    assert load_soon(tmp_path) == Settings()


@pytest.mark.rule("I13-3")
def test_i13_3_settings_nested_within_the_limit_are_read(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        '{"language": "en", "extra": [[[[1]]]]}', encoding="utf-8"
    )
    assert load_soon(tmp_path).language == "en"
