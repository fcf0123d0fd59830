"""Issue 13 review point 1: ``print`` of a map whose file name is not UTF-8 (its title
comes from the name) writes the PDF; the title's odd byte becomes U+FFFD."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.cli import main

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.rule("I13-2")
def test_i13_review_1_print_of_a_non_utf8_map_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / os.fsdecode(b"raum\xff.dd2vtt")
    shutil.copyfile(REPO / "tests/missions/data/border_room.dd2vtt", source)
    out = tmp_path / "raum.pdf"
    assert main(["print", str(source), "-o", str(out), "--language", "en"]) == 0
    assert "codec" not in capsys.readouterr().err
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert b"\\377\\375" in data  # U+FFFD in the UTF-16 title
