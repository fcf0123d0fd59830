"""A reader that closes the pipe early gets no traceback from the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_simulate_piped_into_a_reader_that_stops_early_prints_no_traceback() -> None:
    """``kampfkarte simulate ... | head -1``: the first line, exit 0, nothing on stderr."""
    command = [sys.executable, "-m", "game", "simulate", "--seed", "1", "maps/dretop-versteck.toml"]
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline()
    child.stdout.close()  # the reader goes away, as ``head -1`` does
    errors = child.stderr.read()
    assert child.wait(timeout=120) == 0
    assert first.startswith("Das Versteck der Dretop-Piraten")
    assert "Traceback" not in errors and "BrokenPipe" not in errors
