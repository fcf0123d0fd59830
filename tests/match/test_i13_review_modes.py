"""Issue 13 review point 3: an atomic write over a link keeps no mode of what the link
points at (a link to /dev/zero made a 0o666 settings.json); a regular file's is kept."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.match.datafiles import write_bytes_atomic


def mode_of(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.rule("I13-4")
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_i13_review_3_a_link_to_dev_zero_gives_the_usual_mode(
    tmp_path: Path, umask_022: None
) -> None:
    target = tmp_path / "settings.json"
    target.symlink_to("/dev/zero")
    write_bytes_atomic(target, b"{}")
    assert not target.is_symlink() and target.read_bytes() == b"{}"
    assert mode_of(target) == 0o644  # 0o666 less the umask, not /dev/zero's 0o666


@pytest.mark.rule("I13-4")
def test_i13_review_3_a_link_to_a_regular_file_is_not_followed_for_its_mode(
    tmp_path: Path, umask_022: None
) -> None:
    real = tmp_path / "real.json"
    real.write_bytes(b"{}")
    real.chmod(0o666)
    target = tmp_path / "settings.json"
    target.symlink_to(real)
    write_bytes_atomic(target, b"[]")
    assert mode_of(target) == 0o644


@pytest.mark.rule("I13-4")
def test_i13_review_3_a_regular_file_keeps_its_mode(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "settings.json"
    target.write_bytes(b"{}")
    target.chmod(0o600)
    write_bytes_atomic(target, b"[]")
    assert mode_of(target) == 0o600 and target.read_bytes() == b"[]"
