"""Issue 13 point 2: the command's output never crashes on text from a file.

Given a Tiled map whose title is a lone surrogate (``"\\ud800"``: the JSON reader makes
it U+FFFD) and a mission whose file name is not UTF-8 (the output escapes it), ``kampfkarte
check`` under a strict UTF-8 terminal (``PYTHONIOENCODING=utf-8:strict``) prints its
report, never a ``UnicodeEncodeError``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli_output import safe_stream
from game.missions.loader import bundled_maps_dir

REPO = Path(__file__).resolve().parents[2]
#: A small Tiled map (no tilesets) whose title is a lone surrogate.
SURROGATE_TITLE_TMJ = """{"type": "map", "orientation": "orthogonal", "width": 2, "height": 2,
 "tilewidth": 32, "tileheight": 32, "infinite": false, "renderorder": "right-down",
 "version": "1.10", "tiledversion": "1.10.2",
 "properties": [{"name": "title", "type": "string", "value": "Keller \\ud800"}],
 "layers": [{"type": "tilelayer", "name": "Boden", "width": 2, "height": 2, "id": 1,
   "data": [0, 0, 0, 0], "x": 0, "y": 0, "opacity": 1, "visible": true}],
 "tilesets": []}
"""


def check(tmp_path: Path, *args: str | bytes) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", KAMPFKARTE_HOME=str(tmp_path))
    env["PYTHONPATH"] = str(REPO)
    return subprocess.run(
        [sys.executable, "-m", "game.cli", "check", "--language", "en", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )


def no_crash(done: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in done.stderr and b"UnicodeEncodeError" not in done.stderr
    assert done.returncode in (0, 1), done.stderr.decode("utf-8", "replace")


@pytest.mark.rule("I13-2")
def test_i13_2_a_lone_surrogate_in_a_json_title_is_printed_replaced(tmp_path: Path) -> None:
    (tmp_path / "keller.tmj").write_text(SURROGATE_TITLE_TMJ, encoding="utf-8")
    done = check(tmp_path, "keller.tmj")
    no_crash(done)
    assert "Keller \ufffd".encode() in done.stdout  # the reader replaced it


@pytest.mark.rule("I13-2")
def test_i13_2_the_json_report_of_it_is_whole_too(tmp_path: Path) -> None:
    (tmp_path / "keller.tmj").write_text(SURROGATE_TITLE_TMJ, encoding="utf-8")
    done = check(tmp_path, "--json", "keller.tmj")
    no_crash(done)
    assert done.stdout.count(b"\n") == 1 and b'"file"' in done.stdout


def non_utf8_name(folder: Path, name: bytes) -> bytes:
    """Return the bytes path of a copy of a bundled mission named ``name`` (or skip)."""
    path = os.path.join(os.fsencode(folder), name)
    try:
        with open(path, "wb") as handle:
            handle.write((bundled_maps_dir() / "strassenkampf.toml").read_bytes())
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses file names that are not UTF-8")
    return name


@pytest.mark.rule("I13-2")
@pytest.mark.skipif(os.name == "nt", reason="Windows file names are Unicode")
def test_i13_2_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path: Path) -> None:
    name = non_utf8_name(tmp_path, b"stra\xdfe.toml")  # Latin-1 sharp s
    done = check(tmp_path, name)
    no_crash(done)
    assert done.returncode == 0 and b"stra\\udcdfe.toml" in done.stdout


@pytest.mark.rule("I13-2")
@pytest.mark.skipif(os.name == "nt", reason="Windows file names are Unicode")
def test_i13_2_a_missing_file_with_such_a_name_is_reported_on_stderr(tmp_path: Path) -> None:
    done = check(tmp_path, b"\xff-fehlt.toml")
    no_crash(done)
    assert done.returncode != 0 and b"\\udcff-fehlt.toml" in done.stderr


@pytest.mark.rule("I13-2")
def test_i13_2_a_strict_stream_learns_to_escape_and_keeps_its_encoding() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    with pytest.raises(UnicodeEncodeError):
        stream.write("\ud800")
        stream.flush()
    raw.seek(0)
    raw.truncate()
    safe_stream(stream)
    stream.write("Ä \ud800\n")
    stream.flush()
    assert raw.getvalue() == "Ä \\ud800\n".encode()
    assert stream.encoding == "utf-8"
    safe_stream(io.StringIO())  # nothing to change: no error
